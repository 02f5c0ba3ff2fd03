"""``workbench print``: exit 0 with the PDF, exit 2 and one line for every kind of bad input,
and nothing written or overwritten then."""

from __future__ import annotations

from pathlib import Path

import pytest
from pypdf import PdfReader

from workbench.cli import main
from workbench.datafiles import data_files

DECKS = data_files("mugen") / "decks"


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(["print", *argv])
    out, err = capsys.readouterr()
    return code, out, err


def test_prints_the_sora_deck(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "sora.pdf"
    code, stdout, err = _run(
        capsys, "mugen", "--deck", str(DECKS / "sora.csv"), "--copies", "2", "--out", str(out)
    )
    assert code == 0 and stdout == ""
    assert "80 cards, 9 a page (3×3), 9 A4 page(s) of faces" in err
    assert len(PdfReader(out).pages) == 9


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["nosuchgame"], "unknown game 'nosuchgame'"),
        (
            ["mugen", "--deck", str(DECKS / "illegal_total.csv")],
            "fails its checks: illegal_total.csv column count [total]: 39 cards, exactly 40 required",
        ),
        (
            ["mugen", "--deck", str(DECKS / "illegal_star3_kinds.csv")],
            "fails its checks: illegal_star3_kinds.csv",
        ),
        (["mugen", "--size", "201x88"], "does not fit on 210×297 mm paper"),
        (["mugen", "--size", "63x88", "--bleed", "30"], "--bleed: 30 mm is above the maximum 10"),
        (["mugen", "--size", "9999999x1"], "--size: '9999999x1' is not a size like 63x88"),
        (["mugen", "--size", "10x88"], "each side must be 20 to 300 mm"),
        (["mugen", "--copies", "100000000000"], "--copies"),
        (["mugen", "--copies", "-1"], "--copies"),
        (["mugen", "--deck", "nowhere.csv"], "--deck nowhere.csv: no such file"),
        (["mugen", "--variant", "nowhere"], "--variant nowhere: no such file or folder"),
        (
            ["mugen", "--variant", str(data_files("ghost") / "cards.csv")],
            "fails its checks: cards.csv",
        ),
        (["mugen", "--paper", "a3"], "invalid choice: 'a3'"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    out = tmp_path / "x.pdf"
    try:
        code, stdout, err = _run(capsys, *argv, "--out", str(out))
    except SystemExit as exc:  # argparse's own errors (choices, bounded numbers)
        code, err = int(exc.code or 0), capsys.readouterr().err
    assert code == 2
    assert message in err and err.count("\n") == 1, err
    assert not out.exists()


def test_never_overwrites_an_input(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    deck = tmp_path / "deck.pdf"
    deck.write_bytes((DECKS / "sora.csv").read_bytes())
    before = deck.read_bytes()
    code, _, err = _run(capsys, "mugen", "--deck", str(deck), "--out", str(deck))
    assert code == 2 and "is one of the input files" in err
    assert deck.read_bytes() == before
    code, _, err = _run(capsys, "mugen", "--out", str(data_files("mugen") / "cards.csv"))
    assert code == 2 and "must end in .pdf" in err


def test_a_variant_sheet_is_printed_instead_of_the_base(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    base = (data_files("mugen") / "cards.csv").read_text(encoding="utf-8")
    variant = tmp_path / "cards.csv"
    variant.write_text(base.replace("G01,火花,Spark", "G01,大火花,Spark"), encoding="utf-8")
    out = tmp_path / "v.pdf"
    code, _, _ = _run(capsys, "mugen", "--variant", str(variant), "--out", str(out))
    assert code == 0
    text = "".join(page.extract_text() for page in PdfReader(out).pages)
    assert "大火花" in text and text.count("一閃") >= 1
    # a deck naming the old card fails against the variant
    code, _, err = _run(
        capsys,
        "mugen",
        "--variant",
        str(variant),
        "--deck",
        str(DECKS / "sora.csv"),
        "--out",
        str(out),
    )
    assert code == 2 and "'火花' is not in the card sheet" in err


def test_a_variant_folder_replaces_the_base_sheets(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The what-if loop's layout: variants/<name>/<game>/cards.csv (plus its variant.json)."""
    folder = tmp_path / "variants" / "bigger-spark"
    (folder / "mugen").mkdir(parents=True)
    (folder / "variant.json").write_text("{}", encoding="utf-8")
    base = (data_files("mugen") / "cards.csv").read_text(encoding="utf-8")
    (folder / "mugen" / "cards.csv").write_text(
        base.replace("G01,火花,Spark", "G01,大火花,Spark"), encoding="utf-8"
    )
    out = tmp_path / "v.pdf"
    code, _, _ = _run(capsys, "mugen", "--variant", str(folder), "--out", str(out))
    assert code == 0
    lines = [line for page in PdfReader(out).pages for line in page.extract_text().splitlines()]
    assert "大火花" in lines and "火花" not in lines
    (tmp_path / "empty").mkdir()
    code, _, err = _run(capsys, "mugen", "--variant", str(tmp_path / "empty"), "--out", str(out))
    assert code == 2 and "no sheet of cards for game 'mugen'" in err


def test_a_text_cut_to_fit_is_listed_and_strict_fails(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from tests.printing.test_fit import _long_variant

    variant = _long_variant(tmp_path)
    out = tmp_path / "long.pdf"
    code, stdout, err = _run(capsys, "mugen", "--variant", str(variant), "--out", str(out))
    assert code == 0 and out.is_file() and "1 text(s) cut to fit" in err
    assert stdout.startswith("cards.csv row 2, column flavour [fit]: flavour needs ")
    assert stdout.count("\n") == 1
    code, stdout, _ = _run(
        capsys, "mugen", "--variant", str(variant), "--strict", "--out", str(out)
    )
    assert code == 1 and "[fit]" in stdout
