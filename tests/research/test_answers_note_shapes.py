"""Answers from note shapes the tuning vaults never had (found by the blind set,
bench/answers_blind): facts kept in a note's front matter."""

from __future__ import annotations

import io
import re
from pathlib import Path
from typing import Any

from adapters.console import SPACE, ConsoleChat, ConsoleSender
from bot.ingest import FACT_CHARS, parse_markdown

PERSON = """\
---
title: Priya Shah
type: person
author: Priya Shah
date: 2023-04-17
role: Head of IT
aliases: [PS]
tags: [team/it]
---
Joined in April 2023 from a multi-academy trust. Chairs the steering group.
"""

OTHER = """\
---
title: Steering group, January
type: meeting
date: 2026-01-12
---
Attendees: Priya Shah (chair), Rosa Kaminski, Daniel Achterberg. The Chromebooks go out of support in June.
"""


def _chat(rt: Any, out: io.StringIO) -> ConsoleChat:
    sender = ConsoleSender(out)
    rt.worker.senders["console"] = sender
    return ConsoleChat(rt.core, sender, session="s1", now=rt.clock.now)


async def test_a_fact_in_front_matter_answers(rt: Any, tmp_path: Path, console_out: io.StringIO) -> None:
    (tmp_path / "people").mkdir()
    (tmp_path / "people" / "priya-shah.md").write_text(PERSON)
    (tmp_path / "steering.md").write_text(OTHER)
    await rt.ingest(tmp_path, space=SPACE)
    await _chat(rt, console_out).feed("who is the head of IT?")
    text = console_out.getvalue()
    bullets = [line for line in text.splitlines() if line.startswith("- ")]
    assert bullets and "Head of IT" in bullets[0], text
    priya = (await rt.knowledge.by_sources(SPACE))["people/priya-shah.md"]
    assert priya[:8] in re.findall(r"\[Entry ([0-9a-f]{8})\]", bullets[0])


def test_front_matter_facts_skip_what_is_read_elsewhere_and_odd_values() -> None:
    raw = (
        "---\ntitle: T\ntype: note\nauthor: A\ndate: 2026-01-01\ntags: [x]\nurl: https://example.org\n"
        f"aliases: [t]\nowner: Rosa Kaminski\nsite_manager: Ola\nsigned: true\nnested: {{a: 1}}\n"
        f"deciders: [Rosa, Priya]\nlong: {'x' * (FACT_CHARS * 3)}\n---\nBody.\n"
    )
    content = parse_markdown(raw, source="t.md", space="s", fallback_date=None).draft.content
    lines = content.splitlines()
    assert "- Owner: Rosa Kaminski" in lines
    assert "- Site manager: Ola" in lines
    assert "- Deciders: Rosa, Priya" in lines
    assert content.rstrip().endswith("Body.")
    # title, type, author, date, tags and url have their own columns; aliases are bookkeeping;
    # a flag or a mapping is no sentence; a huge value is cut
    assert not any(
        line.startswith(("- Title", "- Url", "- Aliases", "- Signed", "- Nested")) for line in lines
    )
    assert len(next(line for line in lines if line.startswith("- Long"))) < FACT_CHARS + 20
    # a note without extra fields is stored exactly as before
    plain = parse_markdown("---\ntitle: T\n---\nBody.\n", source="t.md", space="s", fallback_date=None)
    assert plain.draft.content == "Body."
