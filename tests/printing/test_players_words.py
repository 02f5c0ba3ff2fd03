"""Printed cards in the players' words (issue 39, item 10): every effect cell of every game
is phrased by its layout (no rule-engine text such as ``install_named; draw 3``, ``bonus
physical +2``, ``2: damage 3`` or ``スキル: power 1`` on a card), costs and turns are
labelled, the seed's own text replaces the rendered effects where the sheet has it, and the
marks are explained in a legend at the foot of every page."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from pypdf import PdfReader

from tests.printing.helpers import text_lines
from workbench.printing import effect_vocabularies, print_cards
from workbench.printing.face import Text, face_shapes
from workbench.printing.source import all_cards, game_layout, game_sheets

GAMES = ["ghost", "mugen", "life", "detective"]


def _printed(game: str) -> dict[str, list[str]]:
    """Card id -> the lines drawn by the boxes that print an effect column."""
    layout = game_layout(game)
    out: dict[str, list[str]] = {}
    for entry in all_cards(layout, game_sheets(game, layout)):
        vocabularies = effect_vocabularies(game, entry.face.sheet)
        shapes, problems = face_shapes(
            layout, entry.face, entry.record, (63, 88), vocabularies=vocabularies
        )
        assert problems == [], problems[:2]
        rules = set(vocabularies) | {b.unless for b in entry.face.boxes if b.unless}
        effect_boxes = {b.box for b in entry.face.boxes if set(b.columns) & rules or b.unless}
        lines = [s.text for s in shapes if isinstance(s, Text) and s.box in effect_boxes]
        out[entry.record["_id"]] = lines
    return out


@pytest.mark.parametrize("game", GAMES)
def test_no_rule_engine_words_on_any_card(game: str) -> None:
    layout = game_layout(game)
    verbs: set[str] = set()
    for stem in layout.faces:
        for vocabulary in effect_vocabularies(game, stem).values():
            verbs |= {v.rstrip(":") for v in vocabulary.verbs}
    assert len(verbs) >= 5  # the check reads the real vocabularies
    dsl = re.compile(r"(?<![A-Za-z_])(" + "|".join(sorted(verbs)) + r")(?![A-Za-z_])|;|\d+: ")
    printed = _printed(game)
    leaks = {card: line for card, lines in printed.items() for line in lines if dsl.search(line)}
    assert leaks == {}


def _card(printed: dict[str, list[str]], card: str) -> str:
    return "".join(printed[card])


def test_ghost_prints_the_seed_text_else_the_phrases() -> None:
    printed = _printed("ghost")
    sakura = _card(printed, "cards:2")
    assert "「物理」で攻撃・援護をした場合、攻撃力に「＋２」する。" in sakura
    assert "install" not in sakura and "bonus" not in sakura
    futaba = _card(printed, "cards:4")  # no seed text: the cells in words
    assert "＜毒舌＞Ghost.Status 「精神」で攻撃・援護をした場合、攻撃力に「+1」する。" in futaba
    assert "『きつい一言』 Event.OnBattle" in futaba
    assert "戦闘の一方を指定し、その攻撃力に「+2」する。" in futaba


def test_mugen_labels_costs_and_turns() -> None:
    printed = _printed("mugen")
    assert printed["cards:3"] == ["コスト2：3ダメージ", "コスト4：5ダメージ"]
    assert printed["cards:7"] == ["コスト1 セット（2ターン）：攻+1"]
    assert (
        _card(printed, "cards:11") == "コスト2 セット（3ターン）：お互いのターン開始時、HPを1回復"
    )


def test_life_album_cards_say_their_colour_and_skill() -> None:
    printed = _printed("life")
    assert printed["album:2"] == ["属性: 情熱（赤）"]  # 初恋: no skill, not blank
    assert (
        _card(printed, "album:5") == "属性: 情熱（赤）スキル（捨て札にしたとき）: パワーを1個得る。"
    )


@pytest.mark.parametrize(("game", "mark"), [("ghost", "●＝この印刷での枚数"), ("mugen", "●＝")])
def test_the_legend_is_at_the_foot_of_every_page(game: str, mark: str, tmp_path: Path) -> None:
    out = tmp_path / f"{game}.pdf"
    result = print_cards(game, out)
    reader = PdfReader(out)
    for page in range(result.pages):
        foot = [(t, y) for t, _, y in text_lines(reader, page) if y > 285]
        assert len(foot) == 1 and foot[0][0].startswith(mark) and foot[0][1] < 292


def test_no_margin_for_the_legend_gives_it_a_card(tmp_path: Path) -> None:
    out = tmp_path / "letter.pdf"
    result = print_cards("mugen", out, paper="letter")  # 3 × 3 cards fill a letter page
    reader = PdfReader(out)
    assert result.cards == 37 and result.pages == result.sheets_of_paper == 5  # 38 slots
    last = [t for t, _, _ in text_lines(reader, result.pages - 1)]
    assert "凡例" in last and "●＝この印刷での枚数" in last
    assert all(
        "凡例" not in t for p in range(result.pages - 1) for t, _, _ in text_lines(reader, p)
    )
