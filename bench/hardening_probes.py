"""Hostile-user probes of the ``workbench`` command (issue 16), reproducible.

    .venv/bin/python bench/hardening_probes.py [--only WORD] [--timeout 20] [-v]

Every probe runs ``python -m workbench ...`` (or a replay / app driver) as
its own process with a time limit and is judged:

- ``ok``: exit 0, 1 or 2, no Python traceback, and on exit 2 every stderr
  line starts with ``workbench`` (one line per message);
- ``hang``: still running at the time limit (killed);
- ``crash``: a traceback, another exit code, or a multi-line / unprefixed error;
- ``wrong``: the probe's own expectation failed (a silent wrong answer).

Prints one line per probe that is not ``ok`` and the counts at the end; the
exit code is the number of such probes (capped at 100).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PY = sys.executable

Check = Callable[[int, str, str], str]  # (code, stdout, stderr) -> "" or what went wrong


@dataclass
class Probe:
    name: str
    argv: list[str]
    expect: Check | None = None
    env: dict[str, str] = field(default_factory=dict)
    stdin: bytes | None = None
    pipe_head: bool = False  # read one line of stdout, then close the pipe


def exits(*codes: int) -> Check:
    return lambda code, out, err: "" if code in codes else f"exit {code}, expected {codes}"


def stderr_has(word: str, code: int | None = None) -> Check:
    def check(c: int, out: str, err: str) -> str:
        if code is not None and c != code:
            return f"exit {c}, expected {code}"
        return "" if word.lower() in err.lower() else f"stderr lacks {word!r}"

    return check


def sums_to_one(key: str) -> Check:
    from fractions import Fraction

    def check(code: int, out: str, err: str) -> str:
        if code != 0:
            return ""  # refused: fine
        try:
            data = json.loads(out)[key]
        except (ValueError, KeyError):
            return "no JSON"
        total = sum(Fraction(v) for v in data.values())
        return "" if total == 1 else f"{key} sums to {total}"

    return check


def cli(name: str, *argv: str, expect: Check | None = None, **kw: object) -> Probe:
    return Probe(name, [PY, "-m", "workbench", *argv], expect, **kw)  # type: ignore[arg-type]


def dice_probes() -> list[Probe]:
    p = [
        cli("dice 397D table", "dice", "397D"),
        cli("dice 1000D table", "dice", "1000D"),
        cli("dice 1000D json", "dice", "1000D", "--json"),
        cli("dice circled ten", "dice", "⑩D", expect=exits(2)),
        cli("dice superscript two", "dice", "²D", expect=exits(2)),
        cli("dice negative start", "dice", "-1D6+3", expect=exits(2)),
        cli("dice minus constant", "dice", "-3", expect=exits(0)),
        cli("dice faces negative", "dice", "2D", "--faces", "-1,0,1", expect=exits(0)),
        cli("dice faces empty", "dice", "2D", "--faces", "", expect=exits(2)),
        cli("dice faces blank item", "dice", "2D", "--faces", "1,,2", expect=exits(2)),
        cli("dice faces huge", "dice", "1D", "--faces", "0," + "9" * 30, expect=exits(2)),
        cli("dice faces 5000 digits", "dice", "1D", "--faces", "9" * 5000, expect=exits(2)),
        cli("dice faces many", "dice", "3D", "--faces", ",".join(map(str, range(20000)))),
        cli("dice faces wide", "dice", "1000D", "--faces", "0,1000000"),
        cli("dice floor huge", "dice", "3D", "--floor", "9" * 30),
        cli("dice floor 5000 digits", "dice", "3D", "--floor", "9" * 5000),
        cli("dice floor negative", "dice", "3D", "--floor", "-99999999999"),
        cli("dice floor float", "dice", "3D", "--floor", "1.5", expect=exits(2)),
        cli(
            "dice fumble zero default faces",
            "dice",
            "3D",
            "--fumble",
            "zero",
            expect=stderr_has("warning"),
        ),
        cli("dice fumble 7 on d6", "dice", "3D", "--fumble", "7", expect=stderr_has("warning")),
        cli("dice fumble huge", "dice", "3D", "--fumble", "9" * 5000),
        cli("dice fumble word", "dice", "3D", "--fumble", "maybe", expect=exits(2)),
        cli("dice empty", "dice", "", expect=exits(2)),
        cli("dice spaces", "dice", "   ", expect=exits(2)),
        cli("dice nul", "dice", "3D\x01", expect=exits(2)),
        cli("dice zero width", "dice", "3\u200bD", expect=exits(2)),
        cli("dice fullwidth ok", "dice", "３Ｄ＋２", expect=exits(0)),
        cli("dice 5000-digit count", "dice", "9" * 5000 + "D", expect=exits(2)),
        cli("dice 5000-digit modifier", "dice", "1D+" + "9" * 5000, expect=exits(2)),
        cli("dice d0", "dice", "1d0", expect=exits(2)),
        cli("dice 1000d20", "dice", "1000d20", expect=exits(2)),
        cli("dice 20 terms", "dice", "+".join(["50D"] * 20)),
        cli("dice 21 terms", "dice", "+".join(["1D"] * 21), expect=exits(2)),
        cli("dice long text", "dice", "1D+" * 20000 + "1", expect=exits(2)),
        cli("dice 0D", "dice", "0D"),
        cli("dice 0D fumble", "dice", "0D", "--fumble", "zero", "--faces", "0,1"),
        cli("dice D alone", "dice", "D", expect=exits(2)),
        cli("dice 3D6 json", "dice", "3d6", "--json", expect=exits(0)),
        cli("dice arabic-indic", "dice", "٣D", expect=exits(2)),
        cli("dice fraction slash", "dice", "½D", expect=exits(2)),
        cli("dice roman", "dice", "ⅢD", expect=exits(2)),
        cli("dice bidi", "dice", "\u202e3D", expect=exits(2)),
        cli("dice surrogate-ish", "dice", "3D\udcff", expect=exits(0, 2)),
        cli("dice unknown flag", "dice", "3D", "--bogus", expect=exits(2)),
        cli("dice no arg", "dice", expect=exits(2)),
        cli("dice -- 3D", "dice", "--", "-1D+3", expect=exits(2)),
    ]
    return p


def versus_probes() -> list[Probe]:
    return [
        cli("versus 1000D,1000D", "versus", "1000D,1000D", "1D", expect=exits(2)),
        cli("versus 20 parts", "versus", ",".join(["1000D"] * 20), "1D", expect=exits(2)),
        cli("versus 200 parts", "versus", ",".join(["1D"] * 200), "1D"),
        cli("versus empty part", "versus", "3D,,1D", "1D", expect=exits(2)),
        cli("versus trailing comma", "versus", "3D,", "1D", expect=exits(2)),
        cli("versus negative def", "versus", "3D", "-1D", expect=exits(2)),
        cli("versus negative constant def", "versus", "3D", "-2", expect=exits(0)),
        cli("versus ties bogus", "versus", "3D", "3D", "--ties", "x", expect=exits(2)),
        cli("versus 1000D both", "versus", "1000D", "1000D"),
        cli("versus table 1000D", "versus", "1000D", "999D"),
        cli("versus floor huge", "versus", "3D", "3D", "--floor", "9" * 4000),
        cli(
            "versus fumble 0 default",
            "versus",
            "3D",
            "3D",
            "--fumble",
            "0",
            expect=stderr_has("warning"),
        ),
        cli("versus fullwidth comma", "versus", "3D，1D", "2D", expect=exits(0)),
        cli("versus json", "versus", "3D", "2D", "--json", expect=exits(0)),
    ]


def deck_probes() -> list[Probe]:
    big = "9" * 5000
    return [
        cli(
            "draws ok",
            "draws",
            "--deck",
            "40",
            "--copies",
            "4",
            "--seen",
            "7",
            "--at-least",
            "1",
            expect=exits(0),
        ),
        cli(
            "draws deck negative",
            "draws",
            "--deck",
            "-1",
            "--copies",
            "4",
            "--seen",
            "7",
            expect=exits(2),
        ),
        cli(
            "draws deck huge",
            "draws",
            "--deck",
            big,
            "--copies",
            "4",
            "--seen",
            "7",
            expect=exits(2),
        ),
        cli(
            "draws deck 1e7",
            "draws",
            "--deck",
            "10000000",
            "--copies",
            "5000000",
            "--seen",
            "5000000",
        ),
        cli(
            "draws copies>deck",
            "draws",
            "--deck",
            "10",
            "--copies",
            "11",
            "--seen",
            "3",
            expect=exits(2),
        ),
        cli(
            "draws seen>deck",
            "draws",
            "--deck",
            "10",
            "--copies",
            "1",
            "--seen",
            "11",
            expect=exits(2),
        ),
        cli(
            "draws both bounds",
            "draws",
            "--deck",
            "40",
            "--copies",
            "4",
            "--seen",
            "7",
            "--at-least",
            "3",
            "--at-most",
            "1",
        ),
        cli(
            "draws exactly huge",
            "draws",
            "--deck",
            "40",
            "--copies",
            "4",
            "--seen",
            "7",
            "--exactly",
            big,
        ),
        cli(
            "draws at-least negative",
            "draws",
            "--deck",
            "40",
            "--copies",
            "4",
            "--seen",
            "7",
            "--at-least",
            "-1",
            expect=exits(2),
        ),
        cli(
            "draws turn huge",
            "draws",
            "--deck",
            "40",
            "--copies",
            "4",
            "--turn",
            big,
            expect=exits(2),
        ),
        cli("draws turn 1e9", "draws", "--deck", "40", "--copies", "4", "--turn", "1000000000"),
        cli("draws turn 0", "draws", "--deck", "40", "--copies", "4", "--turn", "0"),
        cli(
            "draws per-turn negative",
            "draws",
            "--deck",
            "40",
            "--copies",
            "4",
            "--turn",
            "3",
            "--per-turn",
            "-1",
            expect=stderr_has("--per-turn", 2),
        ),
        cli(
            "draws extra negative",
            "draws",
            "--deck",
            "40",
            "--copies",
            "4",
            "--turn",
            "3",
            "--extra",
            "-5",
            expect=stderr_has("--extra", 2),
        ),
        cli(
            "draws opening negative",
            "draws",
            "--deck",
            "40",
            "--copies",
            "4",
            "--turn",
            "3",
            "--opening",
            "-2",
            expect=stderr_has("--opening", 2),
        ),
        cli(
            "draws opening huge",
            "draws",
            "--deck",
            "40",
            "--copies",
            "4",
            "--turn",
            "3",
            "--opening",
            big,
            expect=stderr_has("--opening", 2),
        ),
        cli(
            "draws seen and turn",
            "draws",
            "--deck",
            "40",
            "--copies",
            "4",
            "--seen",
            "3",
            "--turn",
            "3",
            expect=exits(2),
        ),
        cli("draws neither", "draws", "--deck", "40", "--copies", "4", expect=exits(2)),
        cli(
            "draws float",
            "draws",
            "--deck",
            "40.5",
            "--copies",
            "4",
            "--seen",
            "3",
            expect=exits(2),
        ),
        cli("draws fullwidth", "draws", "--deck", "４０", "--copies", "4", "--seen", "3"),
        cli(
            "draws json",
            "draws",
            "--deck",
            "40",
            "--copies",
            "4",
            "--seen",
            "3",
            "--json",
            expect=exits(0),
        ),
        cli(
            "copies target 1/0",
            "copies-needed",
            "--deck",
            "40",
            "--seen",
            "10",
            "--target",
            "1/0",
            expect=exits(2),
        ),
        cli(
            "copies target 1e999999999",
            "copies-needed",
            "--deck",
            "40",
            "--seen",
            "10",
            "--target",
            "1e999999999",
            expect=exits(2),
        ),
        cli(
            "copies target 1e-999999999",
            "copies-needed",
            "--deck",
            "40",
            "--seen",
            "10",
            "--target",
            "1e-999999999",
            expect=exits(2),
        ),
        cli(
            "copies target nan",
            "copies-needed",
            "--deck",
            "40",
            "--seen",
            "10",
            "--target",
            "nan",
            expect=exits(2),
        ),
        cli(
            "copies target inf",
            "copies-needed",
            "--deck",
            "40",
            "--seen",
            "10",
            "--target",
            "inf",
            expect=exits(2),
        ),
        cli(
            "copies target -0.5",
            "copies-needed",
            "--deck",
            "40",
            "--seen",
            "10",
            "--target",
            "-0.5",
            expect=exits(2),
        ),
        cli(
            "copies target empty",
            "copies-needed",
            "--deck",
            "40",
            "--seen",
            "10",
            "--target",
            "",
            expect=exits(2),
        ),
        cli(
            "copies target 90%",
            "copies-needed",
            "--deck",
            "40",
            "--seen",
            "10",
            "--target",
            "90%",
            expect=exits(0),
        ),
        cli(
            "copies target 5000 digits",
            "copies-needed",
            "--deck",
            "40",
            "--seen",
            "10",
            "--target",
            "0." + big,
            expect=exits(2),
        ),
        cli(
            "copies target 5000-digit fraction",
            "copies-needed",
            "--deck",
            "40",
            "--seen",
            "10",
            "--target",
            "1/" + big,
            expect=exits(2),
        ),
        cli(
            "copies target expression",
            "copies-needed",
            "--deck",
            "40",
            "--seen",
            "10",
            "--target",
            "__import__('os')",
            expect=exits(2),
        ),
        cli(
            "copies target sympy words",
            "copies-needed",
            "--deck",
            "40",
            "--seen",
            "10",
            "--target",
            "pi/4",
            expect=exits(2),
        ),
        cli(
            "copies target x**y",
            "copies-needed",
            "--deck",
            "40",
            "--seen",
            "10",
            "--target",
            "9**9**9",
            expect=exits(2),
        ),
        cli(
            "copies target 0x",
            "copies-needed",
            "--deck",
            "40",
            "--seen",
            "10",
            "--target",
            "0x1",
            expect=exits(2),
        ),
        cli(
            "copies target 1_0",
            "copies-needed",
            "--deck",
            "40",
            "--seen",
            "10",
            "--target",
            "0.9_9",
            expect=exits(2),
        ),
        cli(
            "copies target fullwidth",
            "copies-needed",
            "--deck",
            "40",
            "--seen",
            "10",
            "--target",
            "９０％",
            expect=exits(0),
        ),
        cli(
            "copies max-copies negative",
            "copies-needed",
            "--deck",
            "40",
            "--seen",
            "10",
            "--target",
            "0.9",
            "--max-copies",
            "-1",
            expect=exits(2),
        ),
        cli(
            "copies at-least huge",
            "copies-needed",
            "--deck",
            "40",
            "--seen",
            "10",
            "--target",
            "0.9",
            "--at-least",
            big,
        ),
        cli(
            "copies deck 1e7",
            "copies-needed",
            "--deck",
            "10000000",
            "--seen",
            "5000000",
            "--target",
            "0.9",
        ),
        cli("round ok", "round", "--deck", "A:2,B:1,C:1,T:1", "--stop", "T", expect=exits(0)),
        cli(
            "round none person",
            "round",
            "--deck",
            "none:2,B:1,T:1",
            "--stop",
            "T",
            "--json",
            expect=sums_to_one("death"),
        ),
        cli("round none person text", "round", "--deck", "none:2,B:1,T:1", "--stop", "T"),
        cli("round stop missing", "round", "--deck", "A:2,B:1", "--stop", "T", expect=exits(2)),
        cli("round count negative", "round", "--deck", "A:-1,T:1", "--stop", "T", expect=exits(2)),
        cli("round count huge", "round", "--deck", f"A:{big},T:1", "--stop", "T", expect=exits(2)),
        cli(
            "round count 1e9", "round", "--deck", "A:1000000000,T:1", "--stop", "T", expect=exits(2)
        ),
        cli(
            "round many names",
            "round",
            "--deck",
            ",".join(f"P{i}:1" for i in range(300)) + ",T:1",
            "--stop",
            "T",
        ),
        cli(
            "round opening huge",
            "round",
            "--deck",
            "A:2,T:1",
            "--stop",
            "T",
            "--opening",
            big,
            expect=stderr_has("--opening", 2),
        ),
        cli(
            "round opening negative",
            "round",
            "--deck",
            "A:2,T:1",
            "--stop",
            "T",
            "--opening",
            "-1",
            expect=stderr_has("--opening", 2),
        ),
        cli("round empty deck", "round", "--deck", "", "--stop", "T", expect=exits(2)),
        cli("round empty name", "round", "--deck", ":2,T:1", "--stop", "T", expect=exits(2)),
        cli("round two stops", "round", "--deck", "A:2,T:2", "--stop", "T", expect=exits(2)),
        cli("round stop only", "round", "--deck", "T:1", "--stop", "T"),
        cli("round fullwidth", "round", "--deck", "Ａ：２，Ｔ：１", "--stop", "Ｔ"),
        cli(
            "round json unicode",
            "round",
            "--deck",
            "探偵:2,T:1",
            "--stop",
            "T",
            "--json",
            env={"PYTHONIOENCODING": "ascii", "LC_ALL": "C"},
            expect=exits(0),
        ),
        cli(
            "round text unicode C locale",
            "round",
            "--deck",
            "探偵:2,T:1",
            "--stop",
            "T",
            env={"PYTHONIOENCODING": "latin-1", "LC_ALL": "C"},
            expect=exits(0),
        ),
        cli("round name with dash", "round", "--deck", "-A:2,T:1", "--stop", "T"),
    ]


def sweep_probes() -> list[Probe]:
    """Every numeric or text flag of the light commands with the same hostile values."""
    bad = ["", "-1", "9" * 5000, "1.5", "⑩", "nan", "0x10", "1e9"]
    bases = {
        "dice": (["dice", "3D"], ["--faces", "--floor", "--fumble"]),
        "versus": (["versus", "3D", "2D"], ["--faces", "--floor", "--fumble", "--ties"]),
        "draws": (
            ["draws", "--deck", "40", "--copies", "4", "--turn", "3"],
            ["--opening", "--per-turn", "--extra", "--at-least"],
        ),
        "draws seen": (
            ["draws", "--deck", "40", "--copies", "4", "--seen", "7"],
            ["--exactly", "--at-most"],
        ),
        "copies": (
            ["copies-needed", "--deck", "40", "--seen", "10", "--target", "0.9"],
            ["--at-least", "--max-copies"],
        ),
        "round": (["round", "--deck", "A:2,B:1,T:1", "--stop", "T"], ["--opening"]),
    }
    out = []
    for name, (argv, flags) in bases.items():
        for flag in flags:
            for value in bad:
                out.append(cli(f"sweep {name} {flag} {value[:8]!r}", *argv, flag, value))
    return out


def plumbing_probes() -> list[Probe]:
    return [
        cli("no command", expect=exits(2)),
        cli("unknown command", "frobnicate", expect=exits(2)),
        cli("help", "--help", expect=exits(0)),
        cli("version", "--version", expect=exits(0)),
        cli("dice help", "dice", "--help", expect=exits(0)),
        cli("dice | head", "dice", "1000D", pipe_head=True),
        cli(
            "round | head",
            "round",
            "--deck",
            ",".join(f"P{i}:1" for i in range(40)) + ",T:1",
            "--stop",
            "T",
            pipe_head=True,
        ),
        cli("check | head", "check", str(ROOT / "data"), pipe_head=True),
        cli("help | head", "--help", pipe_head=True),
    ]


def main() -> int:
    from bench import hardening_files  # the file-based probes (sheets, replays, export, app)

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", help="run probes whose name contains this word")
    parser.add_argument("--timeout", type=float, default=20.0)
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="wb-probes-") as tmp:
        probes = (
            dice_probes()
            + versus_probes()
            + deck_probes()
            + sweep_probes()
            + plumbing_probes()
            + hardening_files.probes(Path(tmp), cli, exits, stderr_has, Probe)
        )
        if args.only:
            probes = [p for p in probes if args.only in p.name]
        counts = {"ok": 0, "hang": 0, "crash": 0, "wrong": 0}
        started = time.perf_counter()
        for probe in probes:
            verdict, detail, took = run(probe, args.timeout, Path(tmp))
            counts[verdict] += 1
            if verdict != "ok" or args.verbose:
                print(f"{verdict:5} {took:5.1f}s  {probe.name}: {detail}", flush=True)
    bad = len(probes) - counts["ok"]
    print(
        f"{len(probes)} probes in {time.perf_counter() - started:.0f} s: "
        + ", ".join(f"{k} {v}" for k, v in counts.items())
        + f"; load average {' '.join(f'{x:.1f}' for x in os.getloadavg())} (a hang is "
        "judged by wall time)"
    )
    return min(bad, 100)


def run(probe: Probe, timeout: float, cwd: Path) -> tuple[str, str, float]:
    """(verdict, detail, seconds) for one probe."""
    env = {**os.environ, "PYTHONPATH": str(ROOT), **probe.env}
    env.pop("PYTHONIOENCODING", None) if "PYTHONIOENCODING" not in probe.env else None
    start = time.perf_counter()
    proc = subprocess.Popen(
        probe.argv,
        stdin=subprocess.PIPE if probe.stdin else subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=env,
        cwd=cwd,
        start_new_session=True,
    )
    try:
        if probe.pipe_head:
            assert proc.stdout is not None
            proc.stdout.readline()
            proc.stdout.close()
            err = proc.stderr.read() if proc.stderr else b""
            proc.wait(timeout=timeout)
            out = b""
        else:
            out, err = proc.communicate(probe.stdin, timeout=timeout)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, 9)
        proc.wait()
        return "hang", f"killed after {timeout:.0f} s", time.perf_counter() - start
    took = time.perf_counter() - start
    code = proc.returncode
    text_out = out.decode("utf-8", "replace")
    text_err = err.decode("utf-8", "replace")
    lines = [line for line in text_err.splitlines() if line.strip()]
    last = lines[-1][:160] if lines else ""
    if "Traceback (most recent call last)" in text_err or code not in (0, 1, 2):
        return "crash", f"exit {code}: {last}", took
    if code == 2 and (not lines or not all(line.startswith("workbench") for line in lines)):
        return "crash", f"exit 2 with {len(lines)} stderr line(s): {last}", took
    if probe.expect is not None:
        problem = probe.expect(code, text_out, text_err)
        if problem:
            return "wrong", f"{problem} ({last})", took
    return "ok", f"exit {code}: {last}", took


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    raise SystemExit(main())
