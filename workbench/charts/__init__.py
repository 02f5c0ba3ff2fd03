"""Pure functions returning altair charts (shared by the games and notebooks)."""
