"""One root exception: everything Mallory raises on purpose, storage included, is a
``MalloryError``, so callers (the CLI's one-line errors) catch one thing."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot import errors
from bot.errors import MalloryError, StorageError
from storage.db import Database


def test_storage_errors_share_the_root() -> None:
    assert issubclass(StorageError, MalloryError)


def test_the_tree_in_the_docstring_names_every_error() -> None:
    for name in errors.__all__:
        assert name in (errors.__doc__ or ""), name


async def test_a_bad_database_is_a_mallory_error(tmp_path: Path) -> None:
    with pytest.raises(MalloryError, match="unsupported database"):
        Database(f"mysql://{tmp_path}/x")
