"""Fixtures for retrieval tests: a migrated database (SQLite and PostgreSQL, see
``any_db`` in tests/conftest.py), a deterministic embedder, and a runtime with the shipped
local embedder."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
from research_helpers import WordHashEmbedder

from bot.config import load_settings
from bot.runtime import Runtime
from storage.db import Database
from storage.knowledge import Knowledge


@pytest.fixture
def db(any_db: Database) -> Database:
    return any_db


@pytest.fixture
def knowledge(db: Database) -> Knowledge:
    return Knowledge(db)


@pytest.fixture
def embedder() -> WordHashEmbedder:
    return WordHashEmbedder()


@pytest.fixture
async def local_rt(tmp_path: Path) -> AsyncIterator[Any]:
    """A runtime with the shipped local embedder, the default: by meaning, a passage sharing
    the question's subject comes close to the one answering it, and one plainly stating the
    kind of answer asked for (a cause) is ranked up."""
    settings = load_settings(data_dir=tmp_path / "data", llm_provider="offline", embedder="local")
    async with Runtime.open(settings) as runtime:
        yield runtime
