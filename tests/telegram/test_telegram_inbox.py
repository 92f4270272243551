"""Nothing lost at the door on Telegram: an update stored in the inbox by a bot process that
stopped before handling it is answered, once, by another process's sweep after the stopped
process's lease runs out; a later delivery of the same update is not answered again."""

from __future__ import annotations

import json

from telegram import Update
from telegram_harness import ANA, Harness

from adapters.telegram.adapter import Outcome
from adapters.telegram.inbound import update_key
from bot.inbound.intake import LEASE_S
from storage.inbox import Inbox


async def test_an_update_a_stopped_process_stored_is_answered_by_the_sweep_once(harness: Harness) -> None:
    h = harness
    chat = h.telegram.private_chat(ANA)
    message = h.telegram.text_message(chat, ANA, "what do our notes say about on-call?")
    update = h.telegram.message_update(message)
    stopped = Inbox(h.rt.db, owner="a-process-that-died")
    taken = await stopped.take(
        key=update_key(h.adapter.identity.id, update["update_id"]),
        platform="telegram",
        kind="update",
        payload=json.dumps(update),
        now=h.rt.clock.now(),
        lease=h.adapter.intake.lease,
    )
    assert taken is not None

    assert await h.adapter.intake.sweep() == 0, "its lease is still live"
    h.rt.clock.advance(LEASE_S + 1)  # type: ignore[attr-defined]
    assert await h.adapter.intake.sweep() == 1
    await h.adapter.intake.drain()
    assert h.adapter.outcomes(update["update_id"]) == [Outcome.HANDLED]
    assert len(h.replies_to(message)) == 1

    assert await h.feed(update, times=2) == [Outcome.HANDLED, Outcome.DUPLICATE]
    assert len(h.replies_to(message)) == 1
    assert await h.rt.core.inbox.waiting("telegram") == 0


async def test_a_reply_recorded_before_the_process_died_is_not_posted_again(harness: Harness) -> None:
    """The stopped process handled the update (its reply posted and recorded) and died before
    marking the row done: the sweep's attempt finds the reply recorded and posts nothing."""
    h = harness
    chat = h.telegram.private_chat(ANA)
    message = h.telegram.text_message(chat, ANA, "what do our notes say about on-call?")
    update = h.telegram.message_update(message)
    stopped = Inbox(h.rt.db, owner="a-process-that-died")
    taken = await stopped.take(
        key=update_key(h.adapter.identity.id, update["update_id"]),
        platform="telegram",
        kind="update",
        payload=json.dumps(update),
        now=h.rt.clock.now(),
        lease=h.adapter.intake.lease,
    )
    assert taken is not None
    await h.adapter._dispatch(Update.de_json(update, h.adapter.application.bot))  # what it did
    assert len(h.replies_to(message)) == 1

    h.rt.clock.advance(LEASE_S + 1)  # type: ignore[attr-defined]
    assert await h.adapter.intake.sweep() == 1
    await h.adapter.intake.drain()
    assert len(h.replies_to(message)) == 1
    assert await h.rt.core.inbox.waiting("telegram") == 0
