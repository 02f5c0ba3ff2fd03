"""Exact probability: integer weights inside, sympy Rationals outside. No widgets here."""

from workbench.prob.dist import Dist, E, P

__all__ = ["Dist", "E", "P"]
