"""Running many games: playouts in place, simulate, sweeps (dask), matches, ladders."""
