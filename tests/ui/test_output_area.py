"""Nothing the notebooks run fills an Output widget by capturing into it: a capture makes
nbclient (nbmake, ``workbench export``) send on the shell channel while it awaits the cell's
reply, which can stall the run for its 300 s timeout (``workbench/ui/output_area.py``).
Every Output widget is filled with ``show_in``."""

from __future__ import annotations

import json
import re
from pathlib import Path

import ipywidgets as w

from workbench.ui.output_area import show_in

ROOT = Path(__file__).resolve().parents[2]
MADE = re.compile(r"^\s*(?:self\.)?(\w+)\s*=\s*(?:\w+\.)?Output\(", re.MULTILINE)


def _sources() -> list[tuple[str, str]]:
    found = [
        (str(p.relative_to(ROOT)), p.read_text(encoding="utf-8"))
        for p in (ROOT / "workbench").rglob("*.py")
        if p.name != "output_area.py"
    ]
    for nb in sorted((ROOT / "notebooks").glob("*.ipynb")):
        cells = json.loads(nb.read_text(encoding="utf-8"))["cells"]
        code = "\n".join("".join(c["source"]) for c in cells if c["cell_type"] == "code")
        found.append((nb.name, code))
    return found


def captures(text: str) -> list[str]:
    """The captures into Output widgets in ``text``: ``clear_output(`` calls and ``with x:``
    blocks over a name assigned an ``Output()``.

    >>> captures("out = w.Output()\\nwith out:\\n    print(1)\\nout.clear_output()")
    ['with out:', 'clear_output(']
    """
    found = [
        f"with {name}:" for name in MADE.findall(text) if re.search(rf"with (self\.)?{name}:", text)
    ]
    return found + ["clear_output("] * text.count("clear_output(")


def test_no_notebook_or_view_captures_into_an_output_widget() -> None:
    assert {name: captures(text) for name, text in _sources() if captures(text)} == {}


def test_the_guard_sees_a_capture() -> None:
    assert captures("self.chart = w.Output()\nwith self.chart:\n    display(x)") == ["with chart:"]


def test_show_in_replaces_what_the_widget_shows() -> None:
    out = w.Output()
    show_in(out, "first", w.Button(description="x"))
    assert [o["output_type"] for o in out.outputs] == ["stream", "display_data"]
    assert "application/vnd.jupyter.widget-view+json" in out.outputs[1]["data"]
    show_in(out, "second")
    assert out.outputs == ({"output_type": "stream", "name": "stdout", "text": "second\n"},)
