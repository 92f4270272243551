"""Fixtures for retrieval tests: a migrated temporary SQLite database and a deterministic
embedder."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from research_helpers import WordHashEmbedder

from storage.db import Database
from storage.knowledge import Knowledge


@pytest.fixture
async def db(tmp_path: Path) -> AsyncIterator[Database]:
    database = Database(f"sqlite:///{tmp_path / 'kb.db'}")
    await database.migrate()
    yield database
    await database.dispose()


@pytest.fixture
def knowledge(db: Database) -> Knowledge:
    return Knowledge(db)


@pytest.fixture
def embedder() -> WordHashEmbedder:
    return WordHashEmbedder()
