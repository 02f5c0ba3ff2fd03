"""The compare cache cannot lie (issue 39 item 6): an edited answer file, a 2-row or a
huge one, a note for another question, a sheet folder edited under its name, a moved
base and a lying manifest each end in a clear line and the true answer, never a cached
wrong one."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import polars as pl
import pytest

from workbench.cards.variants import MANIFEST, Variant
from workbench.engine.measure.compare import CompareError, cache_file, cache_key, compare, prepare
from workbench.engine.measure.compare_cache import MAX_TABLE_BYTES, read_cached, write_cached
from workbench.engine.measure.compare_sheets import sheet_set

GAMES, SEED = 6, 9


@pytest.fixture(autouse=True)
def _own_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("WORKBENCH_CACHE", str(tmp_path / "cache"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))


def _variant() -> Variant:
    return Variant.of("mugen", None, "sora-cheaper").set("cards", "C01", "skill1_cost", "1")


def _where(v: Variant) -> tuple[Path, str, list[str]]:
    qs, b, s, specs = prepare("mugen", None, v, "greedy")
    return (
        cache_file("mugen", b, s, specs, GAMES, SEED),
        cache_key("mugen", b, s, specs, GAMES, SEED),
        [q.key for q in qs],
    )


@pytest.fixture(scope="module")
def truth(tmp_path_factory: pytest.TempPathFactory) -> pl.DataFrame:
    """The answers played afresh (no cache)."""
    return compare("mugen", None, _variant(), "greedy", GAMES, SEED, cache=False).table


def test_a_kept_answer_is_used_and_an_edited_one_is_played_again(
    truth: pl.DataFrame, capsys: pytest.CaptureFixture[str]
) -> None:
    first = compare("mugen", None, _variant(), "greedy", GAMES, SEED)
    assert not first.cached and first.table.equals(truth)
    assert compare("mugen", None, _variant(), "greedy", GAMES, SEED).cached
    where, _, _ = _where(_variant())
    lie = truth.with_columns(pl.lit(True).alias("changed"), pl.col("difference") + 0.5)
    lie.write_parquet(where)  # edited by hand: 'changed' everywhere
    again = compare("mugen", None, _variant(), "greedy", GAMES, SEED)
    said = capsys.readouterr().err
    assert not again.cached and again.table.equals(truth)
    assert "are not used (its content does not match its hash" in said
    assert len(said.strip().splitlines()) == 1
    assert compare("mugen", None, _variant(), "greedy", GAMES, SEED).cached  # written anew


def test_an_entry_whose_note_was_rewritten_to_match_is_not_this_user_s(
    truth: pl.DataFrame,
) -> None:
    import hashlib
    import io

    where, key, questions = _where(_variant())
    write_cached(where, key, truth)
    lie = truth.head(2)  # a 2-row answer, its note's hash and rows made to match it
    buffer = io.BytesIO()
    lie.write_parquet(buffer)
    where.write_bytes(buffer.getvalue())
    note = json.loads(where.with_suffix(".json").read_text())
    note.update(sha256=hashlib.sha256(buffer.getvalue()).hexdigest(), rows=2)
    where.with_suffix(".json").write_text(json.dumps(note))
    assert read_cached(where, key, questions) is None  # the HMAC needs this user's secret


def test_shapes_and_sizes_are_bounded_before_use(
    truth: pl.DataFrame, capsys: pytest.CaptureFixture[str]
) -> None:
    where, key, questions = _where(_variant())
    write_cached(where, key, truth.head(2))  # vouched for, but answers too few questions
    assert read_cached(where, key, questions) is None
    assert "is missing" in capsys.readouterr().err
    write_cached(where, key, truth.drop("difference"))
    assert read_cached(where, key, questions) is None
    assert "its columns are not a comparison table" in capsys.readouterr().err
    write_cached(where, key, truth.with_columns(pl.lit([1]).alias("extra")))
    assert read_cached(where, key, questions) is None
    assert "column 'extra' is List" in capsys.readouterr().err
    with open(where, "wb") as f:  # 4.8 million rows' worth: refused by its size, unread
        f.truncate(MAX_TABLE_BYTES * 40)
    assert read_cached(where, key, questions) is None
    assert "bytes, more than a cached comparison has" in capsys.readouterr().err
    write_cached(where, key, truth)
    assert read_cached(where, "another key", questions) is None
    assert "cached for another question" in capsys.readouterr().err
    assert read_cached(where, key, questions).equals(truth)


def test_a_cached_sheet_folder_edited_under_its_name_is_written_anew(
    truth: pl.DataFrame, tmp_path: Path
) -> None:
    v = _variant()
    first = sheet_set("mugen", v)
    folder = Path(first.files["cards"]).parent
    text = (folder / "cards.csv").read_text(encoding="utf-8")
    (folder / "cards.csv").write_text(text.replace(",1,", ",3,", 1), encoding="utf-8")
    again = sheet_set("mugen", v)
    assert again.hash == first.hash == v.content_hash()  # the variant's sheets, not the edit
    assert (folder / "cards.csv").read_text(encoding="utf-8") == text


@pytest.fixture()
def saved(tmp_path: Path) -> Path:
    from workbench.datafiles import data_files

    base = tmp_path / "data" / "mugen"
    shutil.copytree(data_files("mugen"), base, ignore=shutil.ignore_patterns("variants"))
    return Variant.of("mugen", base, "mine").set("cards", "C01", "skill1_cost", "1").save()


def test_a_base_whose_hash_moved_is_said(saved: Path) -> None:
    assert sheet_set("mugen", saved).notes == ()
    base_cards = saved.parents[1] / "cards.csv"
    base_cards.write_text(base_cards.read_text(encoding="utf-8") + "\n", encoding="utf-8")
    notes = sheet_set("mugen", saved).notes
    assert (
        len(notes) == 1 and "mine was saved from a cards sheet that has changed since" in notes[0]
    )


def test_a_moved_base_is_printed_by_the_command(saved: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    from workbench.cli import main

    base_cards = saved.parents[1] / "cards.csv"
    base_cards.write_text(base_cards.read_text(encoding="utf-8") + "\n", encoding="utf-8")
    code = main(["compare", "mugen", "--variant", str(saved), "--games", "2", "--json"])
    err = capsys.readouterr().err
    assert code == 0 and "note: mine was saved from a cards sheet that has changed since" in err


@pytest.mark.parametrize(
    ("change", "said"),
    [
        ({"game": "ghost"}, "a variant of ghost, not of mugen"),
        ({"game": "nosuchgame"}, "names game 'nosuchgame', which is not installed"),
        ({"name": "../../x"}, "variant name '../../x'"),
        ({"edits": [{"kind": "set"}]}, r"edit 1 is not an edit \(no 'sheet'\)"),
        ({"edits": "xx"}, "'edits' should be a list of edits"),
    ],
)
def test_a_lying_manifest_is_one_line(saved: Path, change: dict, said: str) -> None:
    manifest = saved / MANIFEST
    data = json.loads(manifest.read_text())
    data.update(change)
    manifest.write_text(json.dumps(data))
    with pytest.raises(CompareError, match=said) as e:
        sheet_set("mugen", saved)
    assert "\n" not in str(e.value)


def test_a_manifest_of_another_game_s_folder_is_one_line(saved: Path) -> None:
    manifest = saved / MANIFEST
    data = json.loads(manifest.read_text())
    data["game"] = "life"  # says life, holds mugen's sheets
    manifest.write_text(json.dumps(data))
    with pytest.raises(CompareError, match="holds none of life's sheets"):
        sheet_set("life", saved)
