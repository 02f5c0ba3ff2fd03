"""The card-game design workbench.

Values are immutable, probabilities are exact (sympy ``Rational``), and every
random draw takes an explicit, seeded rng.
"""

__version__ = "0.1.0"
