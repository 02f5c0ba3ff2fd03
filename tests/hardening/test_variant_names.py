"""A variant's name is checked when it is loaded, as when it is made (issue 39 item 5):
``"name": "../../victim"`` in ``variant.json`` is one line, and nothing is written or
deleted (``load_variant(folder).save()`` wrote outside the variants folder and removed a
file there)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from workbench.cards.variants import MANIFEST, Variant, load_variant
from workbench.datafiles import data_files


def _tree(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in folder.rglob("*") if p.is_file()}


@pytest.fixture()
def saved(tmp_path: Path) -> Path:
    base = tmp_path / "data" / "life"
    shutil.copytree(data_files("life"), base, ignore=shutil.ignore_patterns("variants"))
    folder = Variant.of("life", base, "mine").set("album", "J04", "name_ja", "x").save()
    (base.parent / "victim").write_text("keep me")  # <base>/variants/../../victim
    return folder


@pytest.mark.parametrize(
    "name", ["../../victim", "/etc/passwd", "a/b", "..", "", "x" * 65, 7, None, ["a"]]
)
def test_a_loaded_name_that_is_not_one_folder_name_is_refused(saved: Path, name: object) -> None:
    manifest = saved / MANIFEST
    data = json.loads(manifest.read_text())
    data["name"] = name
    manifest.write_text(json.dumps(data))
    root = saved.parents[3]
    before = _tree(root)
    with pytest.raises(ValueError, match=r"variant\.json: variant name .* only") as e:
        load_variant(saved).save()
    assert "\n" not in str(e.value)
    assert _tree(root) == before  # nothing written, nothing deleted
    assert (root / "data" / "victim").read_text() == "keep me"


def test_a_manifest_naming_a_game_that_is_not_installed_is_one_line(saved: Path) -> None:
    manifest = saved / MANIFEST
    data = json.loads(manifest.read_text())
    data["game"] = "../life"
    manifest.write_text(json.dumps(data))
    with pytest.raises(ValueError, match="names game '../life', which is not installed"):
        load_variant(saved)


def test_a_good_name_still_loads_and_saves_in_place(saved: Path) -> None:
    again = load_variant(saved)
    assert again.name == "mine" and again.save() == saved
    assert json.loads((saved / MANIFEST).read_text())["name"] == "mine"


def test_a_variant_cannot_be_made_with_a_path_for_a_name(saved: Path) -> None:
    with pytest.raises(ValueError, match="variant name '../x'"):
        Variant("life", saved.parent.parent, "../x")
