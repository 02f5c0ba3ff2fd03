"""The card sheets, also importable as the package ``workbench.data``.

``pyproject.toml`` maps ``workbench.data`` onto this folder so the sheets ship
inside the wheel and load through ``importlib.resources``; code finds them with
:func:`workbench.data_files`. Designers edit the CSV files here as before.
"""
