"""Pig: a game for the workbench (``rules.make_game``; registered as ``pig``)."""
