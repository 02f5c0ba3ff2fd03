"""A layout file a designer breaks gets one line naming the file and the key; templates."""

from __future__ import annotations

import pytest

from workbench.printing.layout import LayoutError, parse_layout, render_template

GOOD = """
[faces.cards]
title = "name"
[[faces.cards.boxes]]
name = "title"
text = "{name}"
box = [3, 3, 57, 8]
"""


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("[faces.cards", "demo.toml: not valid TOML"),
        ("[back]\ntext='x'", "demo.toml: no [faces.<sheet>] table"),
        (
            GOOD.replace("box = [3, 3, 57, 8]", "box = [3, 3, 70, 8]"),
            "faces.cards.boxes[0] (title).box: box [3, 3, 70, 8] is not inside the 63×88 mm reference card",
        ),
        (GOOD.replace("box = [3, 3, 57, 8]", "box = [3, 3, 57]"), "box must be [x, y, w, h] in mm"),
        (
            GOOD + 'colour = "red"\n',
            "faces.cards.boxes[0] (title).colour: colour must be '#rrggbb', got 'red'",
        ),
        (GOOD + "size = 500\n", "(title).size: must be a number from 3 to 72, got 500"),
        (GOOD + "min_size = 12\n", "(title).min_size: must be a number from 3 to 9, got 12"),
        (GOOD + 'align = "justify"\n', "(title).align: left, center or right, got 'justify'"),
        (GOOD + "colour_ = 1\n", "unknown key 'colour_'"),
        (
            GOOD
            + '[faces.cards.band]\ncolumn = "kind"\nbox = [0, 0, 63, 10]\ncolours = { a = "#12345" }\n',
            "faces.cards.band.colours.a: colour must be '#rrggbb'",
        ),
        ('deck_sheet = "decks"\n' + GOOD, "deck_sheet 'decks' has no [faces.decks]"),
    ],
)
def test_bad_layouts_are_one_line(text: str, message: str) -> None:
    with pytest.raises(LayoutError) as err:
        parse_layout(text, "demo.toml")
    assert message in str(err.value) and "\n" not in str(err.value)


def test_reference_size_scales_boxes() -> None:
    layout = parse_layout("reference = [88, 63]\n" + GOOD.replace("[3, 3, 57, 8]", "[3, 3, 80, 8]"))
    assert layout.reference == (88.0, 63.0) and layout.faces["cards"].boxes[0].box == (3, 3, 80, 8)


@pytest.mark.parametrize(
    ("template", "record", "expected"),
    [
        ("{name}[ ({name_en})]", {"name": "火花", "name_en": "Spark"}, "火花 (Spark)"),
        ("{name}[ ({name_en})]", {"name": "火花", "name_en": ""}, "火花"),
        (
            "a: {x}\n{y}\nb",
            {"x": None, "y": None},
            "b",
        ),  # a line whose placeholders are all empty goes
        ("{star*★}", {"star": 3}, "★★★"),
        ("{star*★}", {"star": 10**9}, "★" * 20),  # repeats are bounded
        ("{star*★}", {"star": "x"}, ""),
        ("{names}", {"names": ["さくら", "双葉"]}, "さくら・双葉"),
        ("{kind}", {"kind": "set"}, "セット"),
        ("{flag}", {"flag": True}, "✓"),
        ("{flag}", {"flag": False}, ""),
        ("{__class__}", {}, ""),  # a placeholder is only ever a column name
    ],
)
def test_templates(template: str, record: dict[str, object], expected: str) -> None:
    assert render_template(template, record, {"set": "セット"}) == expected
