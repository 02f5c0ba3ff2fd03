# what building, testing and playing {{name}} leaves in this folder
__pycache__/
*.egg-info/
build/
.pytest_cache/
.hypothesis/
.ipynb_checkpoints/
playtest-*.json
*.pdf
{{name}}/variants/
