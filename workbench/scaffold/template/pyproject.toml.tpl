# {{Title}}: a game for the card and dice game workbench.
#   pip install -e .          then: workbench play {{name}} --players random,random --games 100
[build-system]
requires = ["setuptools>=68", "wheel"]
build-backend = "setuptools.build_meta"

[project]
name = "{{name}}-game"
version = "0.1.0"
description = "{{Title}}: a game on the workbench's engine kernel"
requires-python = ">=3.11"
dependencies = ["workbench"]

# The line that makes the workbench find the game by name (play, app, check, notebooks).
[project.entry-points."workbench.games"]
{{name}} = "{{name}}"

[tool.setuptools]
packages = ["{{name}}"]

[tool.setuptools.package-data]
"{{name}}" = ["*.csv", "*.toml"]
