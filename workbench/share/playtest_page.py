"""The one page of a playtest seat (or the hot-seat table): HTML, CSS and a little script,
nothing loaded from the network. The server sends views over the websocket; the
page draws them and sends clicks back (see :mod:`workbench.share.playtest_server`).

>>> "new WebSocket" in page_html("t", "/ws/1")
True
"""

from __future__ import annotations

import json
from html import escape

__all__ = ["page_html"]

_SCRIPT = r"""
const WS_PATH = %(ws)s;
let step = -1, sock = null, messages = 0;
const $ = (id) => document.getElementById(id);
function connect() {
  const proto = location.protocol === "https:" ? "wss" : "ws";
  sock = new WebSocket(proto + "://" + location.host + WS_PATH + location.search);
  sock.onopen = () => { $("wb-conn").textContent = "connected"; };
  sock.onclose = () => { $("wb-conn").textContent = "reconnecting…"; setTimeout(connect, 1000); };
  sock.onmessage = (e) => show(JSON.parse(e.data));
}
function send(msg) { if (sock && sock.readyState === 1) sock.send(JSON.stringify(msg)); }
function show(m) {
  messages += 1;
  if (m.kind === "refused") { $("wb-message").textContent = m.message; return; }
  if (m.kind === "handoff") {
    step = -1;
    $("wb-board").hidden = true; $("wb-board").innerHTML = "";
    $("wb-handoff").hidden = false;
    $("wb-handoff-text").textContent = m.over ? m.status :
      (m.seat >= 0 ? "Pass to " + m.name + " — click when ready" : m.status);
    $("wb-handoff-button").hidden = m.over || m.seat < 0;
    return;
  }
  step = m.step;
  $("wb-handoff").hidden = true; $("wb-board").hidden = false;
  $("wb-board").innerHTML =
    "<div class='wb-status'><b>" + esc(m.name) + "</b> · " + esc(m.status) + "</div>" +
    m.strip + "<div class='wb-picture'>" + m.picture + "</div>" +
    "<div class='wb-buttons'>" + m.buttons.map(b =>
      "<button class='wb-move' data-action='" + esc(b.action) + "'>" + esc(b.label) + "</button>").join("") +
    "</div><div class='wb-log'>" + m.log.map(x => "<div>" + esc(x) + "</div>").join("") + "</div>";
}
function esc(t) { return String(t).replace(/[&<>'"]/g, c => "&#" + c.charCodeAt(0) + ";"); }
document.addEventListener("click", (e) => {
  if (e.target.closest("#wb-handoff-button")) { send({kind: "ready"}); return; }
  const act = e.target.closest("[data-action]");
  if (act && $("wb-board").contains(act)) {
    $("wb-message").textContent = "";
    send({kind: "move", step: step, action: JSON.parse(act.dataset.action)}); return;
  }
  const pick = e.target.closest("[data-pick]");
  if (pick && $("wb-board").contains(pick)) send({kind: "pick", pick: pick.dataset.pick});
});
document.addEventListener("keydown", (e) => { if (e.key === "Escape") send({kind: "clear"}); });
connect();
"""

_CSS = """
body{font:14px/1.4 system-ui,sans-serif;margin:1em;color:#222}
.wb-status{margin:.3em 0}.wb-log{max-height:16em;overflow:auto;border-top:1px solid #ccc;
margin-top:.5em;font:12px/1.4 monospace}.wb-log div:first-child{font-weight:bold}
#wb-message{color:#b00;min-height:1.2em}.wb-target{cursor:pointer;outline:2px solid #48c}
#wb-handoff{font-size:1.4em;text-align:center;margin-top:4em}.wb-move{margin:.2em}
.wb-chance-hidden{color:#777;font-style:italic}#wb-conn{color:#888;font-size:11px}
"""


def page_html(title: str, ws_path: str) -> str:
    """The page: a message line, the hand-off screen (hot-seat) and the board."""
    script = _SCRIPT % {"ws": json.dumps(ws_path)}
    return (
        f"<!doctype html><html><head><meta charset='utf-8'><title>{escape(title)}</title>"
        f"<style>{_CSS}</style></head><body><div id='wb-conn'>connecting…</div>"
        f"<div id='wb-message' role='status'></div>"
        f"<div id='wb-handoff' hidden><p id='wb-handoff-text'></p>"
        f"<button id='wb-handoff-button'>I am ready</button></div>"
        f"<div id='wb-board'></div><script>{script}</script></body></html>"
    )
