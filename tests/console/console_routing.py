"""The shared body of the console routing tests (trades, outsiders): one message fed to a
console conversation of its own, and what the bot did with it."""

from __future__ import annotations

import io
from typing import Any

from adapters.console import ConsoleChat, ConsoleSender


async def route_through_the_console(rt: Any, out: io.StringIO, text: str, *, session: str) -> tuple[str, int]:
    """The route the bot recorded for ``text``, and how many investigations exist after it."""
    sender = ConsoleSender(out)
    rt.worker.senders["console"] = sender
    await ConsoleChat(rt.core, sender, session=session, now=rt.clock.now).feed(text)
    row = await rt.db.fetch_one("SELECT route FROM messages WHERE role = 'user' ORDER BY id DESC LIMIT 1")
    return str(row[0]), len(await rt.queue.listing())


async def check_kind(rt: Any, out: io.StringIO, kind: str, text: str, route: str, *, prefix: str) -> None:
    """``text`` (an example of ``kind``) is stored with ``route``, and starts an investigation
    exactly when the route is async."""
    taken, started = await route_through_the_console(rt, out, text, session=f"{prefix}-{abs(hash(text))}")
    assert taken == route, kind
    assert started == (1 if route == "async" else 0), kind
