"""The card-game design workbench.

Values are immutable, probabilities are exact (sympy ``Rational``), and every
random draw takes an explicit, seeded rng.
"""

from workbench.datafiles import data_files

__version__ = "0.1.0"
__all__ = ["data_files"]
