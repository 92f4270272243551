"""Fixtures for retrieval tests: a migrated database (SQLite and PostgreSQL, see
``any_db`` in tests/conftest.py) and a deterministic embedder."""

from __future__ import annotations

import pytest
from research_helpers import WordHashEmbedder

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
