"""Exact probability: integer weights inside, sympy Rationals outside. No widgets here."""

from workbench.prob.dist import E, P, Dist

__all__ = ["Dist", "E", "P"]
