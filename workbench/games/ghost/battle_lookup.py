"""'Try your own battle' that works in a static report too: menus over an exact table.

The notebook's text boxes need a running kernel; an exported report has none, so
its boxes would do nothing. :func:`battle_lookup_html` precomputes every battle of
one ghost against one ghost — ``nD±k`` with n = 1..3 dice and k = −3..+3 on each
side, for each reading (fumble voids or not, totals floored at 0 or not) — as
exact integer weights over 6^(dice), and draws menus whose answer a few lines of
JavaScript look up in that table (reduced fraction and percentage): live
offline, in the notebook and in the report alike, with nothing fetched.

>>> table = battle_table()
>>> len(table), table["3D+2|3D+1|1|0"]
(1764, [25493, 4219, 16944, 46656])
>>> html = battle_lookup_html()
>>> html.count("<select") == 5 and "wb-battle-lookup" in html
True
"""

from __future__ import annotations

import hashlib
import json
from html import escape

from workbench.games.ghost.dice import GHOST_FACES
from workbench.prob import opposed, side_dist

SIDES = tuple(f"{n}D{k:+d}" if k else f"{n}D" for n in (1, 2, 3) for k in range(-3, 4))


def battle_table() -> dict[str, list[int]]:
    """``"attack|defence|fumble|floor"`` -> ``[win, tie, lose, total]`` weights (exact)."""
    out: dict[str, list[int]] = {}
    for fumble in (1, 0):
        for floor in (1, 0):
            rule = {"floor": 0 if floor else None, "fumble": "zero" if fumble else None}
            dists = {s: side_dist(s, GHOST_FACES, **rule) for s in SIDES}  # type: ignore[arg-type]
            for a in SIDES:
                for d in SIDES:
                    v = opposed(dists[a], dists[d], ties="nobody")
                    out[f"{a}|{d}|{fumble}|{floor}"] = [
                        v.win_weight,
                        v.tie_weight,
                        v.lose_weight,
                        v.total,
                    ]
    return out


_SCRIPT = """(function () {
  var box = document.getElementById('ID'), table = TABLE;
  function gcd(a, b) { while (b) { var t = a % b; a = b; b = t; } return a; }
  function frac(n, d) { var g = gcd(n, d) || 1; return (n / g) + (d / g === 1 ? '' : '/' + (d / g)); }
  function pct(n, d) { return (100 * n / d).toFixed(1) + '%'; }
  function show() {
    var v = {}; box.querySelectorAll('select').forEach(function (s) { v[s.name] = s.value; });
    var w = table[[v.attack, v.defence, v.fumble, v.floor].join('|')];
    var win = w[0] + (v.ties === 'attacker' ? w[1] : 0), lose = w[2] + (v.ties === 'defender' ? w[1] : 0);
    var tie = v.ties === 'nobody' ? w[1] : 0;
    box.querySelector('.wb-battle-answer').textContent = 'attacker wins ' + frac(win, w[3]) + ' \\u2248 ' +
      pct(win, w[3]) + ' \u00b7 tie ' + frac(tie, w[3]) + ' \u00b7 loses ' + frac(lose, w[3]) + ' \\u2248 ' + pct(lose, w[3]);
  }
  box.querySelectorAll('select').forEach(function (s) { s.addEventListener('change', show); });
  show();
})();"""


def _select(name: str, options: list[tuple[str, str]], chosen: str) -> str:
    items = "".join(
        f"<option value='{escape(v)}'{' selected' if v == chosen else ''}>{escape(t)}</option>"
        for v, t in options
    )
    return f"<label style='margin-right:10px'>{escape(name)} <select name='{name}'>{items}</select></label>"


def battle_lookup_html(attack: str = "3D+2", defence: str = "3D+1") -> str:
    """The menus, the answer line and the script with the exact table (about 50 KB)."""
    table = battle_table()
    data = json.dumps(table, separators=(",", ":"), sort_keys=True)
    ident = "wb-battle-" + hashlib.sha256(data.encode()).hexdigest()[:10]
    sides = [(s, s) for s in SIDES]
    menus = (
        _select("attack", sides, attack)
        + _select("defence", sides, defence)
        + _select(
            "ties",
            [
                ("defender", "to the defender"),
                ("attacker", "to the attacker"),
                ("nobody", "nobody"),
            ],
            "defender",
        )
        + _select("fumble", [("1", "voids the roll"), ("0", "off")], "1")
        + _select("floor", [("0", "off"), ("1", "totals floored at 0")], "0")
    )
    script = _SCRIPT.replace("ID", ident).replace("TABLE", data)
    return (
        f"<div id='{ident}' class='wb-battle-lookup' style='font:13px/1.6 system-ui,sans-serif'>"
        f"<div>{menus}</div><div class='wb-battle-answer' style='font-weight:600'></div>"
        "<div style='color:#666;font-size:12px'>one ghost against one ghost, exact, from a table "
        "computed in advance: these menus work in a static report too</div>"
        f"<script>{script}</script></div>"
    )
