"""A data folder deleted under a running SQLite process: SQLite would go on writing to the
unlinked file, and every write would vanish. Writes are refused with a clear error, said
once in the log, and the refusal counts as the database being unavailable (so inbound
messages wait in memory rather than being dropped)."""

from __future__ import annotations

import logging
import shutil
from datetime import UTC, datetime
from pathlib import Path

import pytest

from storage.conversations import Conversations
from storage.db import Database, DatabaseGone, unavailable

NOW = datetime(2026, 6, 1, tzinfo=UTC)


async def test_writes_to_a_deleted_database_file_are_refused_loudly_once(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    folder = tmp_path / "data"
    db = Database(f"sqlite:///{folder / 'mallory.db'}")
    await db.migrate()
    conversations = Conversations(db)
    try:
        assert await conversations.first_time("slack:event:Ev1", now=NOW)
        shutil.rmtree(folder)
        caplog.set_level(logging.ERROR)
        for key in ("slack:event:Ev2", "slack:event:Ev3"):
            with pytest.raises(DatabaseGone, match="deleted or replaced") as raised:
                await conversations.first_time(key, now=NOW)
            assert unavailable(raised.value)
        with pytest.raises(DatabaseGone):
            await conversations.store_inbound(
                key="console:local:c:t",
                platform="console",
                space="local",
                channel="c",
                thread="t",
                thread_ref="{}",
                platform_message_id="m1",
                text="hello",
                now=NOW,
            )
        assert next(r.getMessage() for r in caplog.records if r.levelno == logging.ERROR).startswith(
            f"the database file {folder / 'mallory.db'} was deleted"
        )
        assert len([r for r in caplog.records if "deleted or replaced" in r.getMessage()]) == 1
        assert not folder.exists(), "nothing was written back into a new file behind anyone's back"
    finally:
        await db.dispose()
