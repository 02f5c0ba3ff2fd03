"""What an ``ipywidgets.Output`` shows, replaced in one call without capturing.

A notebook run headless (the tests' nbmake, ``workbench export``) goes through nbclient,
which mimics a front end's Output widget: each capture (``with out:`` or ``clear_output``)
makes it send a ``comm_msg`` on the shell channel while it awaits the cell's
``execute_reply`` on that same socket. When the two meet, the reply's wake-up is lost and
the run stalls until nbclient's cell timeout (300 s) polls the socket again (the tour's
calculator cell, capturing into its Output widget, stalled in 2 of 40 runs of
``scripts/notebook_stalls.py``; written with :func:`show_in`, in 0 of 80). :func:`show_in` sets the widget's ``outputs`` from the
kernel instead (``Output.append_stdout`` / ``append_display_data``, the documented way to
fill it outside a capture), which nbclient only records: nothing is sent back.

>>> import ipywidgets as w
>>> out = w.Output()
>>> show_in(out, "attacker wins 1/2", {"text/plain": "chart"})
>>> [o["output_type"] for o in out.outputs], out.outputs[0]["text"]
(['stream', 'display_data'], 'attacker wins 1/2\\n')
>>> show_in(out); out.outputs
()
"""

from __future__ import annotations

from typing import Any

__all__ = ["show_in"]


def show_in(out: Any, *shown: Any) -> None:
    """Replace what the Output widget ``out`` shows with ``shown``, in order: a ``str`` as a
    printed line, a ``dict`` as a ready mime bundle, anything else as ``display`` shows it
    (a chart, a table, a widget). Nothing is captured (see the module docstring)."""
    out.outputs = ()
    for thing in shown:
        if isinstance(thing, str):
            out.append_stdout(thing if thing.endswith("\n") else thing + "\n")
        elif isinstance(thing, dict):
            out.outputs += ({"output_type": "display_data", "data": thing, "metadata": {}},)
        else:
            out.append_display_data(thing)
