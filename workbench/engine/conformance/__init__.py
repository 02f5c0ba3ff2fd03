"""The conformance kit every game passes, the golden playthroughs, and the toy games."""

from workbench.engine.conformance.check import ConformanceReport, check_conformance

__all__ = ["ConformanceReport", "check_conformance"]
