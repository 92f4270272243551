"""Content never drives the operator's terminal: a note carrying escape sequences (set the
window title, clear the screen, an 8-bit CSI, a carriage return that writes over a line, a
bidirectional override) is shown as its words in the console chat, in a report and in
``mallory search``; SQLite and PostgreSQL."""

from __future__ import annotations

import io
import re
from pathlib import Path
from typing import Any

from adapters.console import ConsoleChat, ConsoleSender
from bot.commands.search import run_search

HOSTILE = (
    "# Atlas storage \x1b]0;owned\x07\n\n"
    "Atlas stores its data in PostgreSQL.\x1b[2J\x1b]52;c;ZWNobyBwd25lZA==\x07 The decision was made "
    "in March.\x9b31m\rfake line \u202eevil\u202c\n"
)
CONTROLS = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")


async def test_escape_sequences_in_a_note_reach_no_terminal(rt: Any, tmp_path: Path) -> None:
    notes = tmp_path / "notes"
    notes.mkdir()
    (notes / "atlas.md").write_text(HOSTILE, encoding="utf-8")
    await rt.ingest(notes)
    out = io.StringIO()
    sender = ConsoleSender(out)
    rt.worker.senders["console"] = sender
    chat = ConsoleChat(rt.core, sender, session="s1", now=rt.clock.now)
    await chat.feed("where does Atlas store its data?")
    await chat.feed("dig into the Atlas storage decision")
    assert await rt.worker.run_once() == 1
    shown = out.getvalue()
    assert "PostgreSQL" in shown and "(report)" in shown
    assert not CONTROLS.findall(shown), CONTROLS.findall(shown)

    listed = io.StringIO()
    await run_search(
        rt.retriever,
        query="Atlas storage",
        space="global",
        limit=5,
        mode="hybrid",
        as_json=False,
        stdin=io.StringIO(),
        stdout=listed,
    )
    assert "Atlas storage" in listed.getvalue()
    assert not CONTROLS.findall(listed.getvalue())
