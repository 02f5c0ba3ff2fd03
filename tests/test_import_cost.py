"""What importing the chart library costs every process (each notebook kernel, test worker and
CLI run imports altair): jsonschema 4.25's format-nongpl extra brought rfc3987-syntax, which
builds an Earley grammar when jsonschema is imported, 3 CPU s a process. pyproject.toml keeps
jsonschema under 4.25, so a fresh install never has it; this guards the pin."""

from __future__ import annotations

import subprocess
import sys


def test_importing_altair_builds_no_grammar():
    out = subprocess.run(
        [
            sys.executable,
            "-c",
            "import sys, altair; print(sorted({m.split('.')[0] for m in sys.modules}))",
        ],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    assert "'altair'" in out
    assert "rfc3987_syntax" not in out and "'lark'" not in out, out
