"""No result typed into a notebook's prose (issue 36 item 4).

The rule, applied to the markdown cells of every notebook in ``notebooks/``:

- **Markdown holds the question and the method.** A sentence that states a result — a
  figure, a comparison, a ranking — is printed by a code cell from the data it
  describes, its verb following the interval (``workbench.engine.measure.verdict``).
- **Result words** (:data:`RESULT_WORDS`: "weakest", "never", "always", "barely",
  "better", "worse", …) may not appear in markdown, except inside a question (a sentence
  ending with "?") or inside an allowed region (below).
- **Figures** (any digit) may appear only in allowed regions:

  1. inline code spans and fenced code (`` `n=40` ``, ``` ```...``` ```): the method's
     parameters as the code spells them;
  2. quotations of the seeds, 「…」 (the seed's own words and numbers);
  3. a heading's section number (``## 10.``, ``### 4.2``) and a numbered list's numbers;
  4. notation that is the game's data, not a result: dice strings (``3D+2``, ``nD±k``),
     card ids of a sheet (``G04``, ``M04``) and the seed file names;
  5. the confidence level of an interval ("95% interval", "99.9%");
  6. references and names that number things rather than measure them: "section 11",
     "readings 7 and 17-21", "seed 5-1 1)", "issue 36", "Player 2", "round 1", "step 60";
     citations ("Browne 2008"); the method's formulas written with a variable
     ("(1/6)ⁿ for n ≥ 2", "3 + t"), and "d6";
  7. an explicit allow-list of method phrases per notebook (:data:`METHOD_PHRASES`:
     "4 greedy users" says how a table was made, not what it found).

Everything else with a digit or a result word fails, naming the notebook, the cell and
the text. ``test_a_planted_sentence_fails`` plants one of each kind to show it is caught.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"

RESULT_WORDS = re.compile(
    r"\b(weakest|strongest|never|always|barely|better|worse|worst|fairest|unfair|"
    r"dominates?|significantly|clearly|rarely|seldom|nearly|almost)\b",
    re.IGNORECASE,
)

#: Method phrases that carry a figure (how a table was made), per notebook.
METHOD_PHRASES: dict[str, tuple[str, ...]] = {
    "*": ("near 0", "near 1", "(1 − the share"),
    "00_tour.ipynb": (
        # the seed's dice, its appendix and the author's claim, as the seeds state them
        "whose 6-face reads",
        "counts **0**",
        '"0 (−0.5)"',
        "as 0.5",
        "floored at 0",
        "Floored at 0",
        "no longer 0",
        "counts 0",
        "a 40-card deck, the first player draws 3 cards and the second 4, then each draws 1",
        "7 people",
        "The author's 25%",
        "draw 4 cards",
        "is 25%",
        "The 25% is P(the 5th card",
        "the first 4) = 1/4",
    ),
    "01_card_sheets.ipynb": (
        "header = row 1",
        "CSV UTF-8",
        "faces 1–5 and a 0",
        "floored at 0",
        "探偵無宿２",
        "78 album cards but also 27 / 27 / 27 per stage (81)",
    ),
    "02_your_own_game.ipynb": (
        # Pig's rules, the notebook's goal and the published figure it quotes
        "race to 100",
        "a 1 ends the turn",
        "**to 30**",
        "for 100",
        "reaches 20",
        "tolerance 1e-9",
        "To 100",
        "give 0.5306",
        "hold at 20",
    ),
    "detective.ipynb": (
        # the seed's numbers (its draft name, the author's claim, the game's end)
        "(草案２)",
        "*25 %*",
        "25 %",
        "is 25%",
        "4-card opening",
        "4-card-opening",
        "until 5 deaths",
        "draw 4 cards",
        "exactly 1/4",
        "first 4 shuffled back",
        "round-1",
        "Round-1",
        "１枚",
        "refilling to five",
        # how the tables are made
        "3.29 standard deviations",
        "games of 4 random players",
        "0-VP",
        "2+ cards",
        "4-player",
        "5 VP) costs four cards: black 1, orange 2, blue 1",
    ),
    "ghost.ipynb": (
        # the seed's facts the questions and methods are stated in
        "ver. 0.1_easy, 2002",
        "2–6 user",
        "whose 6 reads",
        "counts **0**",
        "floored at 0",
        "hand of 5",
        "in 100 cards",
        "among 100 cards",
        "below 0 count 0",
        "total 0",
        "counts 0",
        "(6 1)-2))",
        "(6 4))",
        "(6 5-1))",
        "all 15 mandatory events",
        "drawing 20 cards",
        # how the tables are made
        "more than 1 VP off",
        "4 greedy users",
        "4-user",
        "4 users",
        "after 60 steps",
    ),
}

_FENCE = re.compile(r"```.*?```", re.DOTALL)
_CODE = re.compile(r"`[^`\n]*`")
_QUOTE = re.compile(r"「[^」]*」|『[^』]*』")
_HEADING_NUMBER = re.compile(r"^(#+\s*)\d+(\.\d+)*\.?", re.MULTILINE)
_NOTATION = re.compile(
    r"\b\d*[nN]?D(\d+|[nN])?([+±−-]\s?(\d+|k))?\b|\b[A-Z]\d{2}\b|\b\d{3}_[0-9a-f]+(\.txt)?\b"
)
_LEVEL = re.compile(r"\b(95|99\.9|99)\s?%\s(confidence\s)?(Wilson\s|score\s|t\s)?intervals?\b")
_SOFT_BREAK = re.compile(r"(?<!\n)\n(?![\n\s]*([-*#>|]|\d+\.\s))")
#: references and names: "section 11", "readings 7, 10 and 17-21", "seed 5-1 1)", "issue 36",
#: "version 4", "Player 2", "seat 1", "round 1", "user turn 3", "step 60", "event 2"
_REFERENCE = re.compile(
    r"\b(sections?|readings?|seed|issues?|versions?|items?|players?|seats?|users?|rounds?|"
    r"turns?|steps?|events?|cells?|§)\s?\d+([-–.]\d+)*(\s?\d\))*(\)*)"
    r"(\s?(,|and|or|to)\s?\d+([-–]\d+)?)*",
    re.IGNORECASE,
)
#: a citation: "Browne 2008", "Neller & Presser (2004)"
_CITATION = re.compile(r"\b[A-Z][a-z]+( (&|and) [A-Z][a-z]+)? \(?\d{4}\)?")
#: a formula of the method, written with a variable: "(1/6)ⁿ", "n ≥ 2", "k·(1/6)ⁿ", "3 + t"
_FORMULA = re.compile(
    r"[(\d/)·]*\(\d+/\d+\)[\^ⁿ]\w*|\b[nkt]\s?[≥≤<>=≠]\s?\d+|\d+\s?[+·]\s?\*?[nkt]\b\*?|"
    r"\b[kn]/[kn]\b|\bd6\b"
)
_SENTENCE = re.compile(r"(?:[^.?!。\n]|[.?!](?=[\w(]))+[.?!。]?")
_LIST_NUMBER = re.compile(r"^(\s*)\d+\.(?=\s)", re.MULTILINE)


def allowed_text(text: str, notebook: str) -> str:
    """The markdown with every allowed region blanked out (what the rule then reads).

    >>> allowed_text("## 3. Odds of `3D+2` 「５枚」 at 95% intervals", "x.ipynb")
    '##  Odds of     at  '
    """
    text = _FENCE.sub(" ", text)
    text = _SOFT_BREAK.sub(" ", text)  # a paragraph's wrapped lines read as one
    for pattern in (_CODE, _QUOTE):
        text = pattern.sub(" ", text)
    text = _HEADING_NUMBER.sub(lambda m: m.group(1), text)
    text = _LIST_NUMBER.sub(lambda m: m.group(1), text)
    for phrase in METHOD_PHRASES.get(notebook, ()) + METHOD_PHRASES["*"]:
        text = text.replace(phrase, " ")
    for pattern in (_LEVEL, _CITATION, _FORMULA, _REFERENCE):
        text = pattern.sub(" ", text)
    return _NOTATION.sub(" ", text)


def problems(markdown: str, notebook: str) -> list[str]:
    """Each figure or result word the rule finds in one markdown cell, with its sentence."""
    out = []
    for sentence in _SENTENCE.findall(allowed_text(markdown, notebook)):
        s = sentence.strip()
        if not s:
            continue
        if re.search(r"\d", s):
            out.append(f"figure in {s[:160]!r}")
        word = RESULT_WORDS.search(s)
        if word and not s.endswith("?"):
            out.append(f"result word {word.group(0)!r} in {s[:160]!r}")
    return out


def markdown_cells(path: Path) -> list[tuple[int, str]]:
    nb = json.loads(path.read_text(encoding="utf-8"))
    return [
        (i, "".join(c["source"])) for i, c in enumerate(nb["cells"]) if c["cell_type"] == "markdown"
    ]


#: Notebooks that belong to another engineer's work in this wave (the playtest review, the
#: views engineer): marked expected to fail until then.
PENDING: dict[str, str] = {}


def _cases() -> list[object]:
    out: list[object] = []
    for path in sorted(NOTEBOOKS.glob("*.ipynb")):
        reason = PENDING.get(path.name)
        marks = [pytest.mark.xfail(reason=reason, strict=False)] if reason else []
        out.append(pytest.param(path, id=path.name, marks=marks))
    return out


@pytest.mark.parametrize("path", _cases())
def test_no_result_is_typed_into_prose(path: Path) -> None:
    found = [
        f"{path.name} cell {i}: {p}"
        for i, text in markdown_cells(path)
        for p in problems(text, path.name)
    ]
    assert not found, "\n".join(found)


def test_a_planted_sentence_fails() -> None:
    clean = "## 4. Seat advantage\n\nWin rate per seat with 95% Wilson intervals, `n=200` games."
    assert problems(clean, "ghost.ipynb") == []
    planted = clean + " うにゅう is the weakest ghost."
    assert problems(planted, "ghost.ipynb") == [
        "result word 'weakest' in 'うにゅう is the weakest ghost.'"
    ]
    figure = clean + " The first seat wins 52% of games."
    assert problems(figure, "ghost.ipynb") == ["figure in 'The first seat wins 52% of games.'"]
    asked = clean + " Is the first seat always ahead?"
    assert problems(asked, "ghost.ipynb") == []  # a question may use the words
    quoted = clean + " The seed: 「５枚のカードを配られる」 and card M04."
    assert problems(quoted, "ghost.ipynb") == []


def test_every_notebook_is_read() -> None:
    names = {p.name for p in NOTEBOOKS.glob("*.ipynb")}
    assert {"ghost.ipynb", "detective.ipynb", "00_tour.ipynb"} <= names
    assert all(markdown_cells(NOTEBOOKS / n) for n in names)
