"""PerChatUpdateProcessor: one chat's updates in order, other chats meanwhile."""

from __future__ import annotations

import asyncio

from telegram import Update

from adapters.telegram.adapter import PerChatUpdateProcessor


def _update(update_id: int, chat_id: int) -> Update:
    user = {"id": 7, "is_bot": False, "first_name": "Ana"}
    chat = {"id": chat_id, "type": "private" if chat_id > 0 else "supergroup", "first_name": "Ana"}
    message = {"message_id": update_id, "date": 0, "chat": chat, "from": user, "text": "hi"}
    update = Update.de_json({"update_id": update_id, "message": message}, None)
    assert update is not None
    return update


async def test_same_chat_waits_other_chats_do_not() -> None:
    processor = PerChatUpdateProcessor(max_concurrent_updates=8)
    release_first = asyncio.Event()
    events: list[str] = []

    async def work(name: str, gate: asyncio.Event | None = None) -> None:
        events.append(f"{name} start")
        if gate is not None:
            await gate.wait()
        events.append(f"{name} end")

    first = asyncio.create_task(processor.process_update(_update(1, 100), work("a1", release_first)))
    second = asyncio.create_task(processor.process_update(_update(2, 100), work("a2")))
    other = asyncio.create_task(processor.process_update(_update(3, -200), work("b1")))
    async with asyncio.timeout(5):
        await other  # another chat is not held up by chat 100's slow update
        assert events == ["a1 start", "b1 start", "b1 end"]
        release_first.set()
        await asyncio.gather(first, second)
    assert events[3:] == ["a1 end", "a2 start", "a2 end"]  # chat 100 in order


async def test_updates_without_a_chat_are_not_serialised() -> None:
    processor = PerChatUpdateProcessor()
    gate = asyncio.Event()
    done: list[int] = []

    async def work(n: int, wait: bool) -> None:
        if wait:
            await gate.wait()
        done.append(n)

    blocked = asyncio.create_task(processor.process_update(Update(update_id=1), work(1, True)))
    async with asyncio.timeout(5):
        await processor.process_update(Update(update_id=2), work(2, False))
        assert done == [2]
        gate.set()
        await blocked
    assert done == [2, 1]
