"""Nothing lost at the door: Telegram will not send an update again once the adapter has
taken it, so while the database is away updates wait in memory (bounded) and are handled,
in order, when it is back; the person hears back. The log says once that the database is
down and once that it is back."""

from __future__ import annotations

import logging

import pytest
from postgres_server import database_away, database_back
from telegram_harness import ANA, Harness

from adapters.telegram.adapter import Outcome


async def test_updates_wait_for_the_database_and_are_answered_when_it_is_back(
    harness: Harness, caplog: pytest.LogCaptureFixture
) -> None:
    url = harness.rt.settings.database_url
    if url is None:
        pytest.skip("a database server going away: PostgreSQL (SQLite: see the deleted-file test)")
    caplog.set_level(logging.INFO)
    h = harness
    chat = h.telegram.private_chat(ANA)
    database_away(url)
    first = h.telegram.text_message(chat, ANA, "hello, what do our notes say about on-call?")
    second = h.telegram.text_message(chat, ANA, "and about the storage decision?")
    first_update, second_update = h.telegram.message_update(first), h.telegram.message_update(second)
    assert await h.feed(first_update) == [Outcome.WAITING]
    assert await h.feed(second_update) == [Outcome.WAITING]  # kept behind the first, in order
    assert h.adapter.door.waiting == 2
    assert h.replies_to(first) == [] and h.replies_to(second) == []

    assert await h.adapter.door.retry() == 0  # still away: both kept
    database_back(url)
    assert await h.adapter.door.retry() == 2

    assert h.adapter.outcomes(first_update["update_id"]) == [Outcome.WAITING, Outcome.HANDLED]
    assert h.adapter.outcomes(second_update["update_id"]) == [Outcome.WAITING, Outcome.HANDLED]
    assert len(h.replies_to(first)) == 1 and len(h.replies_to(second)) == 1
    assert h.replies_to(first)[0]["message_id"] < h.replies_to(second)[0]["message_id"]
    down = [r for r in caplog.records if "database unavailable" in r.getMessage()]
    back = [r for r in caplog.records if "database is back" in r.getMessage()]
    assert len(down) == 1 and len(back) == 1
