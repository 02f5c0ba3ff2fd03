"""Playing one game: sessions (undo/redo, one seeded rng), replays and their checks."""
