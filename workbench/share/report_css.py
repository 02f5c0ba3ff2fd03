"""JupyterLab's stylesheet cut down to the rules a report's page can use.

nbconvert's ``lab`` template inlines JupyterLab's whole ``index.css`` (240 KB): the
command palette, file browser, dialogs, status bar… of the JupyterLab application, none
of which a report has. :func:`pruned_stylesheet` keeps a rule when every class its
selector needs can be on the page — the class is a word of the page (its HTML, the
widget state, the inlined scripts that draw the widgets), or starts with a word of it
ending in ``-`` (a class a script builds, ``"lm-mod-" + name``) — so what a reader sees is
unchanged: the ghost report's full-page screenshot is pixel-identical with either
stylesheet, at 114 KB less. Rules without classes (elements, attributes, ``:root``
variables), ``@font-face``, ``@keyframes`` and the like are kept as they are; ``@media``
and ``@supports`` blocks are cut the same way inside.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

__all__ = ["page_words", "pruned_stylesheet"]

_CLASS = re.compile(r"\.(-?[_a-zA-Z][\w-]*)")
_WORD = re.compile(r"[A-Za-z_][\w-]*")
_NESTED = ("@media", "@supports")


def page_words(*texts: str) -> frozenset[str]:
    """Every word (a CSS-identifier-like run) of ``texts``: the names a page's elements may carry.

    >>> sorted(page_words('<div class="jp-Cell lm-mod-', 'x">'))
    ['class', 'div', 'jp-Cell', 'lm-mod-', 'x']
    """
    return frozenset(w for text in texts for w in _WORD.findall(text))


def pruned_stylesheet(css: str, words: Iterable[str]) -> str:
    """``css`` without the rules whose selectors need a class no element can carry (a class
    not among ``words`` and not begun by one of them that ends in ``-``).

    >>> css = ".jp-Dialog{color:red}.jp-Cell,.jp-Palette{margin:0}a:not(.jp-x){b:c}"
    >>> pruned_stylesheet(css, {"jp-Cell"})
    '.jp-Cell{margin:0}\\na:not(.jp-x){b:c}'
    >>> pruned_stylesheet("@media print{.jp-Toolbar{x:y}.lm-mod-active{x:z}}", {"lm-mod-"})
    '@media print{.lm-mod-active{x:z}}'
    """
    known = frozenset(words)
    stems = tuple(w for w in known if w.endswith("-") and len(w) > 3)
    return _pruned(css, known, stems)


def _pruned(css: str, known: frozenset[str], stems: tuple[str, ...]) -> str:
    def can_be_on_page(name: str) -> bool:
        return name in known or name.startswith(stems)

    out = []
    for prelude, body in _statements(css):
        head = re.sub(r"/\*.*?\*/", "", prelude, flags=re.S).strip()
        if body is None:
            out.append(head + ";")
        elif head.startswith(_NESTED):
            inner = _pruned(body, known, stems)
            if inner.strip():
                out.append(f"{head}{{{inner}}}")
        elif head.startswith("@"):
            out.append(f"{head}{{{body}}}")
        else:
            kept = [
                s.strip()
                for s in _selectors(head)
                if all(can_be_on_page(c) for c in _CLASS.findall(_required(s)))
            ]
            if kept:
                out.append(",".join(kept) + "{" + body + "}")
    return "\n".join(out)


def _statements(css: str) -> list[tuple[str, str | None]]:
    """The top-level statements of a stylesheet: (prelude, block) of a rule or an at-rule
    with a block, (statement, None) of one without (``@import …;``); comments and strings
    are skipped over, so a brace inside them does not count.

    >>> _statements("/* { */ a{b:'}'} @charset 'x';")
    [('/* { */ a', "b:'}'"), (" @charset 'x'", None)]
    """
    out: list[tuple[str, str | None]] = []
    i, n, start, depth, opened = 0, len(css), 0, 0, 0
    while i < n:
        c = css[i]
        if css.startswith("/*", i):
            end = css.find("*/", i + 2)
            i = n if end < 0 else end + 2
            continue
        if c in "\"'":
            j = i + 1
            while j < n and css[j] != c:
                j += 2 if css[j] == "\\" else 1
            i = j + 1
            continue
        if c == "{":
            if depth == 0:
                opened = i
            depth += 1
        elif c == "}" and depth > 0:
            depth -= 1
            if depth == 0:
                out.append((css[start:opened], css[opened + 1 : i]))
                start = i + 1
        elif c == ";" and depth == 0:
            out.append((css[start:i], None))
            start = i + 1
        i += 1
    return out


def _selectors(head: str) -> list[str]:
    """The selectors of a selector list (commas inside ``:is(…)`` and the like stay).

    >>> _selectors("a, :is(b, c) d")
    ['a', ' :is(b, c) d']
    """
    out, depth, start = [], 0, 0
    for i, c in enumerate(head):
        depth += (c == "(") - (c == ")")
        if c == "," and depth == 0:
            out.append(head[start:i])
            start = i + 1
    out.append(head[start:])
    return out


def _required(selector: str) -> str:
    """The selector without its parenthesised parts: a class named only inside
    ``:not(…)``, ``:is(…)``, ``:where(…)`` or ``:has(…)`` need not be on the page for the
    rule to apply.

    >>> _required(".a:not(.b) .c:is(.d, .e)")
    '.a:not .c:is'
    """
    out, depth = [], 0
    for c in selector:
        depth += (c == "(") - (c == ")")
        if depth == 0 and c != ")":
            out.append(c)
    return "".join(out)
