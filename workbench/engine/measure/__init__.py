"""Measuring games: balance reports, quality metrics, balance questions under skilled play."""
