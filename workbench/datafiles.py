"""Where the card sheets are: a designer's own folder, or the sheets packaged with the workbench.

The workbench's sheets (the top-level ``data/`` folder of the repository) are the
package ``workbench.data``, so an installed wheel carries them and they load
through :mod:`importlib.resources`. A designer points the workbench at a folder
of their own, laid out the same way (``<folder>/<game>/*.csv``), in one of two
ways, the first that applies winning:

1. ``data_dir=`` given to :func:`data_files` (and to the loaders that pass it on);
2. the environment variable ``WORKBENCH_DATA`` (for notebooks, the CLI, Voila).

A game missing from the designer's folder falls back to the packaged sheets,
and a registered game the workbench has no sheets for (a designer's package,
e.g. ``examples/pig``) to the folder its spec declares (``GameSpec.data``, found
from its own package).

>>> folder = data_files()
>>> (folder / "README.md").is_file()
True
>>> data_files("no-such-game", data_dir="/nonexistent")
Traceback (most recent call last):
...
FileNotFoundError: data_dir '/nonexistent' is not a folder
"""

from __future__ import annotations

import os
from importlib.resources import files
from pathlib import Path

ENV = "WORKBENCH_DATA"
"""The environment variable naming a designer's own data folder."""

PACKAGE = "workbench.data"
"""The package that holds the sheets shipped with the workbench."""


def packaged_data() -> Path:
    """The folder of the sheets shipped with the workbench (``data/`` in a checkout)."""
    root = files(PACKAGE)
    if not isinstance(root, Path):
        raise FileNotFoundError(
            f"the workbench is installed zipped, so its sheets are not "
            f"a folder; set {ENV} to a folder of card sheets"
        )
    return root


def user_data(data_dir: str | os.PathLike[str] | None = None) -> Path | None:
    """The designer's own data folder (``data_dir``, else ``$WORKBENCH_DATA``), if any.

    A folder that does not exist is an error naming where it came from.
    """
    if data_dir is not None:
        source, folder = "data_dir", Path(data_dir)
    elif os.environ.get(ENV):
        source, folder = f"${ENV}", Path(os.environ[ENV])
    else:
        return None
    if not folder.is_dir():
        raise FileNotFoundError(f"{source} {str(folder)!r} is not a folder")
    return folder


def data_files(game: str | None = None, data_dir: str | os.PathLike[str] | None = None) -> Path:
    """The data folder, or one game's folder in it (see the module docstring for the order).

    >>> data_files("mygame").parent == data_files()
    True
    >>> data_files("../etc")
    Traceback (most recent call last):
    ...
    ValueError: game '../etc' is not a folder name
    """
    if game is not None and (not game or Path(game).name != game or game in (".", "..")):
        raise ValueError(f"game {game!r} is not a folder name")
    own = user_data(data_dir)
    if game is None:
        return own if own is not None else packaged_data()
    if own is not None and (own / game).is_dir():
        return own / game
    packaged = packaged_data() / game
    if not packaged.is_dir():
        return _game_package_folder(game) or packaged
    return packaged


def _game_package_folder(game: str) -> Path | None:
    """The data folder a registered game's spec declares (``GameSpec.data``: a designer's
    package made by ``workbench new`` keeps its sheets beside ``rules.py``)."""
    from workbench.registry import spec

    try:
        return spec(game).data_folder()
    except (ValueError, ImportError, FileNotFoundError):  # an unknown or broken game
        return None
