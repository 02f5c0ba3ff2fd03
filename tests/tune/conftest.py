"""The designer's Low Card game (tests/test_designer_game.py), registered in this process:
a game small enough that its tuning answer is known exactly."""

from tests.test_designer_game import game  # noqa: F401  (the fixture)
