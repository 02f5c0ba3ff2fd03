"""The closed effect vocabulary: parsing, positions, round trips, no evaluation."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from workbench.cards import Effect, EffectError, Vocabulary

V = Vocabulary(
    {
        "damage": "int",
        "draw": "int",
        "heal": "int",
        "atk": "signed turns?",
        "def": "signed turns?",
        "move": "die|card int face",
        "roll": "dice",
        "shield": "int? turns",
        "skip": "",
    },
    aliases={"ダメージ": "damage"},
)


def test_examples_from_the_issue():
    assert V.parse("damage 3; draw 2") == (Effect("damage", (3,)), Effect("draw", (2,)))
    assert V.parse("atk +2 def +1 for 2 turns") == (Effect("atk", (2,), 2), Effect("def", (1,), 2))
    assert V.parse("move die 1 face") == (Effect("move", ("die", 1)),)


def test_duration_covers_only_its_clause_and_lasting_verbs():
    assert V.parse("atk +1; def -1 for 3 turns") == (Effect("atk", (1,)), Effect("def", (-1,), 3))
    assert V.parse("atk +1 draw 1 def +2 for 1 turn") == (
        Effect("atk", (1,), 1),
        Effect("draw", (1,)),
        Effect("def", (2,), 1),
    )


def test_full_width_case_aliases_optional_and_required_slots():
    assert V.parse("ＤＡＭＡＧＥ　３\n skip") == (Effect("damage", (3,)), Effect("skip", ()))
    assert V.parse("ダメージ ２") == (Effect("damage", (2,)),)
    assert V.parse("roll ２Ｄ＋１") == (Effect("roll", ("2D+1",)),)
    assert V.parse("shield for 2 turns") == (Effect("shield", (None,), 2),)
    assert V.parse("") == () and V.parse(" ; ") == ()


@pytest.mark.parametrize(
    ("text", "position", "fragment"),
    [
        ("dammage 3", 1, "unknown word 'dammage' at character 1 (did you mean 'damage'?)"),
        ("draw 1; burn 2", 9, "unknown word 'burn' at character 9"),
        ("damage", 7, "'damage' needs a whole number at character 7, got nothing"),
        ("damage x", 8, "'damage' needs a whole number at character 8, got 'x'"),
        ("damage -1", 8, "got '-1'"),
        ("move hand 1 face", 6, "'move' needs 'die' or 'card'"),
        ("atk +2 for two turns", 12, "'for' needs a number of turns"),
        ("atk +2 for 2 rounds", 14, "needs 'turns'"),
        ("damage 2 for 2 turns", 10, "'damage' does not last"),
        ("shield 2", 9, "'shield' needs 'for N turns'"),
        ("__import__('os')", 1, "unknown word"),
        ("ｄａｍｍａｇｅ ３", 1, "unknown word 'dammage'"),
        ("draw 1; atk+2", 9, "unknown word 'atk+2' at character 9 (write 'atk +2', with a space)"),
    ],
)
def test_errors_give_the_character_position(text, position, fragment):
    with pytest.raises(EffectError) as info:
        V.parse(text)
    assert info.value.position == position
    assert fragment in str(info.value)


def test_bad_declarations_are_refused():
    for verbs in [{}, {"a b": "int"}, {"x": "turns int"}]:
        with pytest.raises(ValueError):
            Vocabulary(verbs)
    with pytest.raises(ValueError):
        Vocabulary({"x": "int"}, aliases={"y": "nope"})


EFFECTS = st.one_of(
    st.builds(lambda n: Effect("damage", (n,)), st.integers(0, 99)),
    st.builds(
        lambda n, t: Effect("atk", (n,), t),
        st.integers(-9, 9),
        st.one_of(st.none(), st.integers(1, 5)),
    ),
    st.builds(
        lambda w, n: Effect("move", (w, n)), st.sampled_from(["die", "card"]), st.integers(0, 6)
    ),
    st.just(Effect("skip", ())),
)


@given(st.lists(EFFECTS, max_size=5))
def test_format_then_parse_round_trips(effects):
    text = V.format(effects)
    assert V.parse(text) == tuple(effects)
    assert V.normalise(text) == text


@given(st.text(max_size=30))
def test_any_text_parses_or_raises_effect_error(text):
    try:
        V.parse(text)
    except EffectError as exc:
        assert 1 <= exc.position <= len(text) + 1


def test_table_documents_the_vocabulary():
    table = V.table()
    assert table.columns == ["verb", "pattern", "aliases", "description"]
    assert table.filter(table["verb"] == "damage")["aliases"].to_list() == ["ダメージ"]
