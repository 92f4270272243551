"""The console adapter: a terminal chat on stdin/stdout, pipe-friendly. Each reply shows
which message it answers, so an investigation's report is visibly tied to its request."""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import os
import re
import shutil
import stat
import sys
from collections.abc import Callable
from datetime import datetime
from typing import ClassVar, TextIO

from adapters.console.messages import messages
from adapters.console.report_view import for_terminal
from bot.config import Settings
from bot.core.adapter import Core, Serving
from bot.errors import DeliveryError
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
from bot.text.display import terminal_safe

PLATFORM = "console"
PASTE_WINDOW = 0.05  # seconds: lines closer together than a person can type came from a paste
SPACE = "global"  # the default space the CLI commands read too (MALLORY_DEFAULT_SPACE)

_COMMANDS = {c.value: c for c in Command}
_BUTTON_WORDS = {
    "investigate this": Action.INVESTIGATE_OFFER,
    "run a deep investigation": Action.DEEP_INVESTIGATION,
    "answer quickly instead": Action.ANSWER_QUICKLY,
}


_COMMAND_NAME = re.compile(r"[A-Za-z][A-Za-z0-9_-]{0,31}")
_CORE_WORDS = {"help", "start"}  # answered by the core (what Mallory can do)
COMMAND_HELP = {
    Command.INVESTIGATE: "/investigate TOPIC — start a background investigation (--entry ID to start from a note)",
    Command.RECALL: "/recall QUESTION — what earlier answers and the notes say",
    Command.REMEMBER: "/remember TEXT — save a note to the knowledge base",
    Command.STATUS: "/status — the investigations open here",
    Command.CANCEL: "/cancel — stop the open investigation",
    Command.SCHEDULE: "/schedule RULE TOPIC — investigate on a schedule (list, pause ID, resume ID, delete ID, run ID)",
    Command.WEB: "/web — a one-time sign-in link to the investigations view",
}


def unknown_command(name: str) -> str:
    lines = [f"There is no /{name} command. These exist:"]
    lines += [f"  {COMMAND_HELP.get(c, '/' + c.value)}" for c in Command]
    lines.append("  /help — what I can do")
    return "\n".join(lines)


class ConsoleSender:
    """Writes replies to a text stream. Message ids are ``m1``, ``m2``…; user messages are
    ``u1``, ``u2``…, so ``↳ u3`` says which request a reply answers.

    A console is one conversation: once a chat is bound to it (``session``), what is meant
    for another session (work an earlier session left, finished by this process's worker)
    is not shown here. Its report is refused for good (the row keeps it, and ``mallory
    investigations`` lists it); its progress and typing are ignored."""

    platform = PLATFORM

    def __init__(self, out: TextIO, *, color: bool = False, width: int | None = None) -> None:
        self.out = out
        self.tty = bool(getattr(out, "isatty", lambda: False)())
        self.width = width or (min(shutil.get_terminal_size((80, 24)).columns, 100) if self.tty else 80)
        self.prompt = ""
        self._prompting = False
        self._ids = itertools.count(1)
        self.buttons: dict[str, tuple[Button, ...]] = {}
        self.color = color
        self.session: ThreadRef | None = None  # the conversation shown here (None: every one)

    def _shows(self, thread: ThreadRef) -> bool:
        return self.session is None or thread.key == self.session.key

    def _write(self, text: str) -> None:
        """Write output; while the prompt waits for input (a terminal), the output goes
        above it: the prompt line is cleared first and drawn again after."""
        text = terminal_safe(text)  # content must not drive the terminal; our own codes follow
        if self._prompting:
            text = "\r\x1b[K" + text + self.prompt
        self.out.write(text)
        self.out.flush()

    def show_prompt(self, prompt: str = "you> ") -> None:
        """Draw the prompt and keep it at the bottom until ``input_taken``."""
        self.prompt = prompt
        self._prompting = False
        self._write(prompt)
        self._prompting = self.tty

    def input_ended(self) -> None:
        """End of input (Ctrl-D): leave the prompt's line, so later output starts on its own."""
        if self._prompting:
            self._prompting = False
            self._write("\n")

    def input_taken(self) -> None:
        """The person pressed Enter: the cursor is on a fresh line, no prompt is showing."""
        self._prompting = False

    async def send(self, reply: Reply) -> Posted:
        if not self._shows(reply.thread):
            raise DeliveryError("the console session that asked has ended", permanent=True)
        message_id = f"m{next(self._ids)}"
        head = f"mallory [{message_id}]"
        if reply.in_reply_to:
            head += f" ↳ {reply.in_reply_to}"
        if reply.kind in (ReplyKind.REPORT, ReplyKind.APOLOGY):
            head += f" ({reply.kind.value})"
        if reply.mention is not None:
            head += f" @{reply.mention.name or reply.mention.id}"
        if reply.kind is ReplyKind.REPORT and reply.full_report:
            # the whole report, fitted to the terminal; the file has every line
            body = for_terminal(reply.full_report, width=self.width, path=reply.report_file)
        else:
            body = reply.attachment.content if reply.attachment is not None else reply.text
        lines = [head + ":", body.rstrip()]
        if reply.buttons:
            self.buttons[message_id] = reply.buttons
            lines.append("  " + "  ".join(f"[{b.label}]" for b in reply.buttons))
        self._write("\n".join(lines) + "\n\n")
        return Posted(reply.thread, message_id)

    async def edit(self, posted: Posted, text: str, *, buttons: tuple[Button, ...] = ()) -> None:
        if not self._shows(posted.thread):
            return
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
        core: Core,
        sender: ConsoleSender,
        *,
        session: str = "session",
        user: str = "you",
        now: Callable[[], datetime],
        space: str = SPACE,
    ) -> None:
        self.core = core
        self.sender = sender
        self.thread = ThreadRef(PLATFORM, space, "console", session)
        sender.session = self.thread  # this terminal shows this conversation only
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
            if _COMMAND_NAME.fullmatch(name) and name.lower() not in _CORE_WORDS:
                await self.sender.send(
                    Reply(self.thread, unknown_command(name), kind=ReplyKind.NOTICE, in_reply_to=message_id)
                )
                return
        await self.core.handle(inbound, self.sender)

    async def run(self, stream: asyncio.StreamReader | None = None, *, prompt: bool = False) -> None:
        """Read messages until end of input (where one ends: ``adapters/console/messages.py``).
        With ``prompt`` (a terminal), lines pasted at once are one message."""
        if stream is None:
            stream = await _stdin_reader()
        if prompt:
            self.sender.show_prompt()
        async for message in messages(stream, paste_window=PASTE_WINDOW if prompt else None):
            self.sender.input_taken()
            await self.feed(message)
            if prompt:
                self.sender.show_prompt()
        self.sender.input_ended()


class ConsoleAdapter:
    """The terminal as an adapter: ``start`` begins reading stdin, ``wait_closed`` returns at
    the end of the input. Always available; it needs no credentials."""

    name: ClassVar[str] = PLATFORM

    @classmethod
    def plan(cls, settings: Settings) -> tuple[bool, str]:
        return True, "console: always available"

    @classmethod
    def delivers(cls, settings: Settings) -> tuple[bool, str]:
        return False, "console: a worker has no terminal conversation to post to"

    @classmethod
    def sender_from_settings(cls, settings: Settings) -> ConsoleSender:
        return ConsoleSender(sys.stdout)

    @classmethod
    def from_settings(cls, settings: Settings, core: Core, serving: Serving) -> ConsoleAdapter:
        sender = cls.sender_from_settings(settings)
        chat = ConsoleChat(
            core,
            sender,
            session=serving.session,
            user=serving.user,
            now=core.clock.now,
            space=settings.default_space,  # the space the CLI commands read too
        )
        return cls(chat, prompt=serving.prompt)

    def __init__(self, chat: ConsoleChat, *, prompt: bool = False) -> None:
        self.chat = chat
        self.sender = chat.sender
        self.thread: ThreadRef = chat.thread
        self.prompt = prompt
        self._reading: asyncio.Task[None] | None = None

    async def start(self) -> None:
        self._reading = asyncio.create_task(self.chat.run(prompt=self.prompt))

    async def wait_closed(self) -> None:
        if self._reading is not None:
            await asyncio.shield(self._reading)

    async def stop(self) -> None:
        if self._reading is not None and not self._reading.done():
            self._reading.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._reading


async def _stdin_reader() -> asyncio.StreamReader:
    """A stream over standard input, whatever it is: a terminal or a pipe is read as it
    comes; a file, ``/dev/null`` (which the event loop cannot watch) or a closed stdin is
    read in a thread, to its end."""
    loop = asyncio.get_running_loop()
    reader = asyncio.StreamReader(limit=2**22)
    stdin = sys.stdin
    if stdin is None:  # started with stdin closed: nothing will ever be typed
        reader.feed_eof()
        return reader
    try:
        mode = os.fstat(stdin.fileno()).st_mode
    except (OSError, ValueError):
        reader.feed_eof()
        return reader
    if stat.S_ISFIFO(mode) or stat.S_ISSOCK(mode) or stdin.isatty():
        protocol = asyncio.StreamReaderProtocol(reader)
        await loop.connect_read_pipe(lambda: protocol, stdin)
        return reader
    try:
        data = await asyncio.to_thread(stdin.buffer.read)
    except (OSError, ValueError):  # unreadable: treat as the end of input
        data = b""
    reader.feed_data(data)
    reader.feed_eof()
    return reader
