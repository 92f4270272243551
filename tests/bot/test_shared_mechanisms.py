"""The mechanisms the adapters share: per-conversation order (bot/inbound/ordering.py) and
resuming a reply posted in parts (bot/core/parts.py)."""

from __future__ import annotations

import asyncio

from bot.core.parts import PartsLedger, reply_key
from bot.events import Attachment, Reply, ReplyKind, ThreadRef
from bot.inbound.ordering import InOrder

THREAD = ThreadRef("slack", "T1", "C1", "1700000000.000100")


async def test_one_key_in_arrival_order_other_keys_meanwhile() -> None:
    order = InOrder()
    seen: list[str] = []
    first_may_finish = asyncio.Event()

    async def work(key: str, name: str, wait: asyncio.Event | None = None) -> None:
        async with order.turn(key):
            seen.append(f"{name} starts")
            if wait is not None:
                await wait.wait()
            seen.append(f"{name} ends")

    tasks = [
        asyncio.create_task(work("a", "a1", first_may_finish)),
        asyncio.create_task(work("a", "a2")),
        asyncio.create_task(work("b", "b1")),
    ]
    await asyncio.sleep(0)  # one turn of the loop: every task has taken or queued for its turn
    await asyncio.sleep(0)
    assert seen == ["a1 starts", "b1 starts", "b1 ends"], "b does not wait for a; a2 waits for a1"
    assert len(order) == 1
    first_may_finish.set()
    await asyncio.gather(*tasks)
    assert seen[3:] == ["a1 ends", "a2 starts", "a2 ends"]
    assert len(order) == 0, "no lock is kept for an idle conversation"


def test_the_same_reply_as_a_new_object_resumes() -> None:
    ledger: PartsLedger[list[str]] = PartsLedger(list)
    reply = Reply(THREAD, "a long report", kind=ReplyKind.REPORT, in_reply_to="1700000000.000100")
    ledger.progress(reply).append("ts-1")
    again = Reply(THREAD, "a long report", kind=ReplyKind.REPORT, in_reply_to="1700000000.000100")
    assert again is not reply and ledger.progress(again) == ["ts-1"]
    ledger.finished(again)
    assert ledger.progress(reply) == []


def test_a_different_reply_starts_fresh_and_old_ones_are_dropped() -> None:
    ledger: PartsLedger[list[str]] = PartsLedger(list, capacity=2)
    base = Reply(THREAD, "text")
    variants = [
        Reply(THREAD, "other text"),
        Reply(THREAD, "text", kind=ReplyKind.NOTICE),
        Reply(THREAD, "text", in_reply_to="1"),
        Reply(THREAD, "text", attachment=Attachment("r.md", "x")),
        Reply(ThreadRef("slack", "T1", "C2", "1"), "text"),
    ]
    assert len({reply_key(r) for r in [base, *variants]}) == 6
    for i, reply in enumerate(variants):
        ledger.progress(reply).append(str(i))
    assert len(ledger) == 2
    assert ledger.progress(variants[0]) == [], "the oldest unfinished replies are forgotten"
