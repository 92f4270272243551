"""The console adapter: a terminal chat on stdin/stdout, pipe-friendly. Each reply shows
which message it answers, so an investigation's report is visibly tied to its request."""

from __future__ import annotations

import asyncio
import itertools
import sys
from collections.abc import Callable
from datetime import datetime
from typing import TextIO

from bot.app import Mallory
from bot.events import (
    Action,
    ActionEvent,
    Button,
    Command,
    Inbound,
    Person,
    Posted,
    Reply,
    ReplyKind,
    ThreadRef,
)
from bot.routing.address import split_mentions

PLATFORM = "console"
SPACE = "local"

_COMMANDS = {c.value: c for c in Command}
_BUTTON_WORDS = {
    "investigate this": Action.INVESTIGATE_OFFER,
    "run a deep investigation": Action.DEEP_INVESTIGATION,
    "answer quickly instead": Action.ANSWER_QUICKLY,
}


class ConsoleSender:
    """Writes replies to a text stream. Message ids are ``m1``, ``m2``…; user messages are
    ``u1``, ``u2``…, so ``↳ u3`` says which request a reply answers."""

    platform = PLATFORM

    def __init__(self, out: TextIO, *, color: bool = False) -> None:
        self.out = out
        self._ids = itertools.count(1)
        self.buttons: dict[str, tuple[Button, ...]] = {}
        self.color = color

    def _write(self, text: str) -> None:
        self.out.write(text)
        self.out.flush()

    async def send(self, reply: Reply) -> Posted:
        message_id = f"m{next(self._ids)}"
        head = f"mallory [{message_id}]"
        if reply.in_reply_to:
            head += f" ↳ {reply.in_reply_to}"
        if reply.kind in (ReplyKind.REPORT, ReplyKind.APOLOGY):
            head += f" ({reply.kind.value})"
        if reply.mention is not None:
            head += f" @{reply.mention.name or reply.mention.id}"
        # a terminal has no length limit: show the attached full version instead of the short one
        body = reply.attachment.content if reply.attachment is not None else reply.text
        lines = [head + ":", body.rstrip()]
        if reply.buttons:
            self.buttons[message_id] = reply.buttons
            lines.append("  " + "  ".join(f"[{b.label}]" for b in reply.buttons))
        self._write("\n".join(lines) + "\n\n")
        return Posted(reply.thread, message_id)

    async def edit(self, posted: Posted, text: str, *, buttons: tuple[Button, ...] = ()) -> None:
        self._write(f"  (update to {posted.message_id}) {text}\n")

    async def typing(self, thread: ThreadRef) -> None:
        return None

    def latest_button(self, action: Action) -> tuple[str, Button] | None:
        for message_id in reversed(list(self.buttons)):
            for button in self.buttons[message_id]:
                if button.action is action:
                    return message_id, button
        return None


class ConsoleChat:
    """Reads one message per line and hands each to the core. ``/investigate``, ``/recall``,
    ``/remember``, ``/status`` and ``/cancel`` work as commands; typing a button's label
    (e.g. ``investigate this``) presses the latest such button."""

    def __init__(
        self,
        core: Mallory,
        sender: ConsoleSender,
        *,
        session: str = "session",
        user: str = "you",
        now: Callable[[], datetime],
    ) -> None:
        self.core = core
        self.sender = sender
        self.thread = ThreadRef(PLATFORM, SPACE, "console", session)
        self.author = Person(user, user)
        self.now = now
        self._ids = itertools.count(1)

    async def feed(self, line: str) -> None:
        text = line.rstrip("\r\n")
        if not text.strip():
            return  # an empty line: deliberately ignored, nothing to store
        message_id = f"u{next(self._ids)}"
        said, addressing = split_mentions(text)
        inbound = Inbound(
            self.thread,
            message_id,
            self.author,
            said,
            self.now(),
            is_mention=addressing.bot_named,
            is_direct=True,
            mentions=tuple(Person(name, name) for name in addressing.others),
            bot_named=addressing.bot_named,
        )
        stripped = text.strip()
        pressed = _BUTTON_WORDS.get(stripped.lower().rstrip(".!"))
        if pressed is not None:
            found = self.sender.latest_button(pressed)
            if found is not None:
                message_id_, button = found
                await self.core.handle_action(
                    ActionEvent(
                        self.thread, self.author, button.action, button.value, message_id_, self.now()
                    ),
                    self.sender,
                )
                return
        if stripped.startswith("/"):
            name, _, args = stripped[1:].partition(" ")
            command = _COMMANDS.get(name.lower())
            if command is not None:
                await self.core.handle_command(command, args, inbound, self.sender)
                return
        await self.core.handle(inbound, self.sender)

    async def run(self, stream: asyncio.StreamReader | None = None, *, prompt: bool = False) -> None:
        """Read lines until end of input."""
        if stream is None:
            stream = await _stdin_reader()
        while True:
            if prompt:
                self.sender._write("you> ")
            raw = await stream.readline()
            if not raw:
                return
            await self.feed(raw.decode("utf-8", errors="replace"))


async def _stdin_reader() -> asyncio.StreamReader:
    loop = asyncio.get_running_loop()
    reader = asyncio.StreamReader(limit=2**22)
    protocol = asyncio.StreamReaderProtocol(reader)
    try:
        await loop.connect_read_pipe(lambda: protocol, sys.stdin)
    except (ValueError, OSError):
        # stdin is a regular file or otherwise not pipe-like: read it in a thread
        data = await asyncio.to_thread(sys.stdin.buffer.read)
        reader.feed_data(data)
        reader.feed_eof()
    return reader
