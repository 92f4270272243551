"""Where one console message ends. Piped input: one message per line; a line ending in a
backslash continues on the next line; a block between two ``` lines is one message; a run
of binary lines is one message. In a terminal, lines pasted at once are also one message."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator

FENCE = "```"


def is_junk(line: str) -> bool:
    """A line of binary data rather than text (NUL bytes, undecodable bytes, control codes)."""
    if not line:
        return False
    bad = sum(1 for ch in line if ch == "\ufffd" or (ord(ch) < 32 and ch not in "\t\r\n"))
    return "\x00" in line or bad >= max(2, len(line) // 10)


def _decode(raw: bytes) -> str:
    return raw.decode("utf-8", errors="replace")


async def _lines(stream: asyncio.StreamReader, paste_window: float | None) -> AsyncIterator[str]:
    """Lines, with those that arrived in one burst (a paste in a terminal) joined."""
    while raw := await stream.readline():
        line = _decode(raw)
        while paste_window is not None and not stream.at_eof():
            try:
                more = await asyncio.wait_for(stream.readline(), paste_window)
            except TimeoutError:
                break  # a person typing: the next line is the next message
            if not more:
                break
            line += _decode(more)
        yield line


async def messages(stream: asyncio.StreamReader, *, paste_window: float | None = None) -> AsyncIterator[str]:
    """Whole messages from a line stream, by the rules in the module docstring.
    ``paste_window`` (seconds, terminals only) joins lines that arrive within it of each other."""
    held: list[str] = []  # a message being continued (backslash or fence)
    fenced = False
    junk: list[str] = []  # consecutive binary lines
    async for chunk in _lines(stream, paste_window):
        if paste_window is not None and chunk.count("\n") > 1 and not fenced and not held:
            yield chunk  # a paste: one message, however many lines
            continue
        line = chunk.rstrip("\r\n")
        if is_junk(line):
            if paste_window is not None:
                yield line  # a person is waiting for the reply: no looking ahead
            else:
                junk.append(line)
            continue
        if junk:
            yield "\n".join(junk)
            junk = []
        if fenced:
            held.append(line)
            if line.strip() == FENCE:
                yield "\n".join(held)
                held, fenced = [], False
            continue
        if line.strip() == FENCE and not held:
            held, fenced = [line], True
            continue
        if line.endswith("\\") and not line.endswith("\\\\"):
            held.append(line[:-1])
            continue
        if held:
            held.append(line)
            yield "\n".join(held)
            held = []
            continue
        yield line
    if junk:
        yield "\n".join(junk)
    if held:
        yield "\n".join(held)
