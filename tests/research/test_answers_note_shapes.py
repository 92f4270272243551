"""Answers from note shapes the tuning vaults never had (found by the blind set,
bench/answers_blind): facts kept in a note's front matter, a date in a note's title or byline."""

from __future__ import annotations

import io
import os
import re
from datetime import UTC, date, datetime
from pathlib import Path
from typing import Any

from adapters.console import SPACE, ConsoleChat, ConsoleSender
from bot.knowledge.ingest import FACT_CHARS, parse_markdown, written_date

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


REVIEW = """\
# Review: portal outage (11 March 2026)

#meeting/review

- Hannah: the office re-booked the 412 lost appointments by phone.
"""

BYLINE = """\
# Phishing: fake invoice email

*Incident note, Priya Shah, 19/11/2025* #incident/security

Three members of support staff entered their passwords.
"""

PERMIT = """\
# Operating permit

Our permit runs until 30 September 2026 and has to be renewed by then, says the city's mobility office.
"""


async def test_a_note_without_front_matter_is_dated_as_it_says(rt: Any, tmp_path: Path) -> None:
    """A vault copied or checked out has every file's modification time set to that day:
    a note's own date (in its title or byline) says when it was written."""
    copied = datetime(2026, 11, 30, 12, 0, tzinfo=UTC).timestamp()
    for name, text in (("review.md", REVIEW), ("phishing.md", BYLINE), ("permit.md", PERMIT)):
        (tmp_path / name).write_text(text)
        os.utime(tmp_path / name, (copied, copied))
    await rt.ingest(tmp_path, space=SPACE)
    ids = await rt.knowledge.by_sources(SPACE)
    got = await rt.knowledge.get_many(list(ids.values()), spaces=[SPACE])
    dated = {source: got[i].created_at.date() for source, i in ids.items()}
    assert dated["review.md"] == date(2026, 3, 11)
    assert dated["phishing.md"] == date(2025, 11, 19)  # day first: 19 is no month
    # a date in the text is what the text is about, not when it was written
    assert dated["permit.md"] == date(2026, 11, 30)


def test_written_date_forms() -> None:
    assert written_date("Ops weekly, 3 Feb 2026", "") == datetime(2026, 2, 3, tzinfo=UTC)
    assert written_date("Notes", "*March 3rd, 2025*") == datetime(2025, 3, 3, tzinfo=UTC)
    assert written_date("Notes", "Written 2025-12-24.") == datetime(2025, 12, 24, tzinfo=UTC)
    assert written_date("Notes", "*Reviewed 11/19/2025*") == datetime(2025, 11, 19, tzinfo=UTC)
    assert written_date("Notes", "*Reviewed 06/01/2026*") is None  # June or January: not guessed
    assert written_date("Notes", "*Reviewed 31/02/2026*") is None  # no such day
    assert written_date("Riders charged twice (January 2026)", "") is None
    # a paragraph opening with the day it tells of, below a first line that is no byline
    body = (
        "Kiln 2 - moisture alarm cleared\n\n**12 August 2024** — Sandy re-ran the probes today. All clear.\n"
    )
    assert written_date("Kiln 2", body) == datetime(2024, 8, 12, tzinfo=UTC)
    # ... not a date further on in a sentence
    body = "Kiln 2 - moisture alarm cleared\n\nSandy re-ran the probes on 12 August 2024, all clear.\n"
    assert written_date("Kiln 2", body) is None


def test_a_front_matter_field_named_like_a_credential_is_never_made_searchable() -> None:
    raw = (
        "---\ntitle: Printer fleet\nowner: Ola\napi_key: sk-live-4f9a8b7c6d5e\nwifi_password: hunter2hunter2\n"
        "Access-Token: ghp_abcdef123456\nprivate key: MIIEv\n---\nThe printers are leased.\n"
    )
    content = parse_markdown(raw, source="t.md", space="s", fallback_date=None).draft.content
    assert content.splitlines()[0] == "- Owner: Ola"
    for secret in ("sk-live-4f9a8b7c6d5e", "hunter2hunter2", "ghp_abcdef123456", "MIIEv"):
        assert secret not in content
