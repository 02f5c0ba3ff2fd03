"""The designer's own files of ``tests/test_designer_game.py``: written into a scaffolded
package in a temporary folder and imported from there, never collected here (their
doctests import ``lowcard``, which exists only inside that test)."""

collect_ignore_glob = ["*.py"]
