"""Fixtures for retrieval tests: a migrated temporary SQLite database and a deterministic
embedder."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from postgres_server import fresh_postgres_database
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


@pytest.fixture(params=["sqlite", "postgresql"])
def any_db_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """SQLite, and PostgreSQL where a throwaway server can be started (tests/conftest.py)."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'kb.db'}"
    return fresh_postgres_database(request)


@pytest.fixture
async def any_db(any_db_url: str) -> AsyncIterator[Database]:
    database = Database(any_db_url)
    await database.migrate()
    yield database
    await database.dispose()
