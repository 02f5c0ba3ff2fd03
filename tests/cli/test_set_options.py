"""``--set KEY=VALUE`` on ``workbench compare`` and ``workbench play``: a rule or setup
parameter compared on the same deals like a sheet edit, only the parameters a game
declares comparable, one line for anything else."""

from __future__ import annotations

import dataclasses
import json

import pytest

from workbench.cli import main
from workbench.engine.measure.compare import compare
from workbench.engine.measure.compare_settings import SettingError, parse_settings
from workbench.registry import game_names, spec


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> dict:
    assert main(list(argv)) == 0, capsys.readouterr().err
    return json.loads(capsys.readouterr().out)


def _refused(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    assert main(list(argv)) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    lines = captured.err.strip().splitlines()
    assert len(lines) == 1, captured.err
    return lines[0]


COMPARE = ("compare", "life", "--games", "10", "--seed", "1", "--json", "--no-cache")


def test_a_setting_at_its_default_plays_the_very_same_games(capsys) -> None:
    """full_album_vp=6 is life's default: both sides of every pair are the same game, so
    every measure has difference 0 and the mean measures a zero-width paired interval."""
    out = _run(capsys, *COMPARE, "--set", "full_album_vp=6")
    assert out["set"] == {"full_album_vp": 6}
    assert len(out["questions"]) == 14
    assert all(q["difference"] == 0 for q in out["questions"])
    assert all(q["base"] == q["variant"] for q in out["questions"])
    final = next(q for q in out["questions"] if q["question"] == "final VP per player")
    assert final["base"] == pytest.approx(38.05) and final["interval"] == [0.0, 0.0]


def test_one_stage_instead_of_three_lowers_the_final_vp_on_the_same_deals(capsys) -> None:
    out = _run(capsys, *COMPARE, "--set", "stages=1")
    final = next(q for q in out["questions"] if q["question"] == "final VP per player")
    assert final["base"] == pytest.approx(38.05)  # the base side is the default game's
    assert final["variant"] == pytest.approx(20.95)
    assert final["difference"] == pytest.approx(-17.1)
    low, high = final["interval"]
    assert low < -17.1 < high < 0  # the paired interval excludes 0


def test_text_output_names_the_setting(capsys) -> None:
    assert main([*COMPARE[:-2], "--no-cache", "--set", "stages=1"]) == 0
    first = capsys.readouterr().out.splitlines()[0]
    assert first == "life: base with stages=1 against base, 10 pairs, players greedy, seed 1"


def test_the_cache_key_includes_the_settings(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("WORKBENCH_CACHE", str(tmp_path))
    one = compare("life", None, None, "greedy", 4, 2, settings={"stages": 1})
    assert not one.cached
    two = compare("life", None, None, "greedy", 4, 2, settings={"stages": 2})
    assert not two.cached  # another setting is another answer, never the cached one
    assert one.table["variant"].to_list() != two.table["variant"].to_list()
    again = compare("life", None, None, "greedy", 4, 2, settings={"stages": 1})
    assert again.cached and again.table.equals(one.table)
    assert len(list((tmp_path / "compare" / "life").glob("*.parquet"))) == 2


def test_a_sheet_variant_and_a_setting_together(capsys, tmp_path) -> None:
    """--variant and --set at once: the variant side is the edited sheets with the setting;
    one sheet naming the base's own file plays the base's games."""
    from workbench.cards.registry import sheet_files

    album = sheet_files("life")["album"]
    out = _run(capsys, *COMPARE, "--variant", str(album), "--set", "stages=1")
    alone = _run(capsys, *COMPARE, "--set", "stages=1")
    assert [q["difference"] for q in out["questions"]] == [
        q["difference"] for q in alone["questions"]
    ]


@pytest.mark.parametrize(
    ("argv", "line"),
    [
        (
            ("--set", "nope=1"),
            "workbench compare: --set nope=1: life has no parameter 'nope' (comparable: stages,",
        ),
        (
            ("--set", "players=3"),
            "workbench compare: --set players=3: life does not declare players comparable",
        ),
        (
            ("--set", "stages=lots"),
            "workbench compare: --set stages=lots: parameter 'stages': expected a whole number",
        ),
        (
            ("--set", "stages=11"),
            "workbench compare: --set stages=11: parameter 'stages': 11 is outside 1..10",
        ),
        (
            ("--set", "relocate_turn=never"),
            "workbench compare: --set relocate_turn=never: parameters rejected by LifeParams",
        ),
        (("--set", "stages"), "workbench compare: --set stages: write KEY=VALUE"),
        (
            ("--set", "stages=1", "--set", "stages=2"),
            "workbench compare: --set stages=2: stages is set twice",
        ),
        ((), "workbench compare: give --variant (sheets) or --set KEY=VALUE"),
    ],
)
def test_bad_settings_are_one_line_exit_2(capsys, argv, line) -> None:
    assert _refused(capsys, *COMPARE, *argv).startswith(line)


def test_play_with_a_setting_meets_the_same_deals(capsys) -> None:
    argv = ("play", "life", "--players", "random,random,random,random", "--games", "6")
    plain = _run(capsys, *argv, "--seed", "3", "--json")
    same = _run(capsys, *argv, "--seed", "3", "--json", "--set", "stages=3")
    short = _run(capsys, *argv, "--seed", "3", "--json", "--set", "stages=1")
    assert same.pop("set") == {"stages": 3} and same == plain  # the default: the same games
    assert short["set"] == {"stages": 1}
    assert short["mean_length"] < plain["mean_length"] / 2  # one stage of three


def test_play_refuses_a_setting_not_declared_comparable(capsys) -> None:
    line = _refused(capsys, "play", "peek", "--players", "random,random", "--set", "cards=3")
    assert line == (
        "workbench play: --set cards=3: peek does not declare cards comparable "
        "(GameSpec.comparable: none declared)"
    )


def test_values_read_as_their_parameters_type() -> None:
    got = parse_settings(
        "life",
        ["mid_vp=4,2", "timed_events=True", "relocate_turn=any", "covered_star_vp= 0"],
    )
    assert got == {
        "mid_vp": (4, 2),
        "timed_events": True,
        "relocate_turn": "any",
        "covered_star_vp": 0,
    }
    assert parse_settings("life", ["mid_vp=[5]"]) == {"mid_vp": (5,)}
    with pytest.raises(SettingError, match="expected true or false, got 1"):
        parse_settings("life", ["timed_events=1"])
    with pytest.raises(SettingError, match="at most 64"):
        parse_settings("life", [f"stages={i}" for i in range(65)])


@pytest.mark.parametrize("name", game_names())
def test_every_comparable_parameter_is_a_settable_field(name) -> None:
    """A declared comparable name is a parameter of the game's params dataclass, and not a
    file (sheets are varied with --variant)."""
    s = spec(name)
    if not s.comparable:
        return
    fields = {f.name: f for f in dataclasses.fields(s.parameters.load()) if f.init}
    for key in s.comparable:
        assert key in fields, f"{name}: {key}"
        assert not fields[key].metadata.get("path"), f"{name}: {key} names a file"
        assert key != "players", f"{name}: the seats are the line-up's, not a setting"
