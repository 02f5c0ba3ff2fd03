# {{Title}}

A game for the workbench, made by `workbench new {{name}}`. The kernel guide
(`docs/kernel.md` in the workbench) explains every declaration used here.

| file | what |
|---|---|
| `{{name}}/__init__.py` | the game's declaration, `SPEC`: what is required, and what each optional part unlocks (`docs/your-game.md` in the workbench) |
| `{{name}}/rules.py` | the rules: fields, steps, the game class, `make_game` (a worked turn in its comments) |
| `{{name}}/cards.csv`, `{{name}}/cards.py` | the card sheet and its schema (`workbench check {{name}}/cards.csv`) |
| `{{name}}/print_layout.toml` | how a card is printed (`workbench print {{name}} --backs --out cards.pdf`) |
| `{{name}}/players.py` | the game's own players (`workbench play {{name}} --players cautious,random`) |
| `{{name}}/render.py`, `{{name}}/board.py` | the picture of a state and the clickable board (`workbench app {{name}}`) |
| `{{name}}/analysis.py` | exact and simulated answers to a design question |
| `notebooks/{{name}}.ipynb` | the design notebook |
| `tests/` | conformance kit, a golden playthrough, one exact-vs-simulated check |

```bash
pip install -e .
python -m pytest tests
workbench play {{name}} --players cautious,random --games 1000 --seed 1
```
