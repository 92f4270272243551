"""Answers to questions as people type them in chat, on a small hand-built knowledge base:
filler words, an FAQ's whole answer, a connective kept with its sentence, what kind of
thing the question asks for, "she"/"I" read as who, and who decided in a report."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from research_helpers import add_note, ask, bullet_lines

from adapters.console import SPACE
from bot.research import relevance
from bot.research.evidence import units
from bot.research.report import render_report

BASE = datetime(2026, 2, 2, tzinfo=UTC)

EQUIPMENT = """\
Answers about company equipment.

**The laptop was stolen from my car. Do I pay?** File a police report within 2 days. If there is one, you pay nothing. Without one, your share is capped at €150.

**Can I pick the colour?** Yes, black or silver.
"""

STIPEND = """\
**How much is it?** €600 per calendar year, paid with the salary.
"""

EXPORT = """\
## Decision

Orders are exported to the warehouse nightly instead of hourly. Approved by Ilse Marren on 3 March.

## Why

Hourly exports locked the orders table during the lunch peak.

## Open

Tomas Brek wants hourly exports back for the finance team. Not decided.
"""

LOADER = """\
The loader migration moves imports to the new cluster.

Cut-over is planned for 14 March.
"""

ILSE = """\
Head of logistics since 2024. She approved the nightly order export after the March backlog.
"""

SCHEDULE = """\
I moved the nightly export to 02:00 after the March backlog.
"""

PLANTS = """\
The office plants are watered on Fridays. Ferns need less water in winter.
"""


async def _add(rt: Any, source: str, title: str, content: str, *, day: int = 0, type: str = "note") -> str:
    at = BASE + timedelta(days=day)
    return await add_note(rt, source, title, content, space=SPACE, created_at=at, type=type)


@pytest.fixture
async def kb(rt: Any) -> dict[str, str]:
    return {
        "equipment": await _add(rt, "equipment.md", "Equipment FAQ", EQUIPMENT),
        "stipend": await _add(rt, "stipend.md", "Desk stipend", STIPEND, day=1),
        "export": await _add(rt, "export.md", "Nightly order export", EXPORT, day=2, type="decision"),
        "loader": await _add(rt, "loader.md", "Loader migration", LOADER, day=3, type="project"),
        "ilse": await _add(rt, "ilse.md", "Ilse Marren", ILSE, day=4, type="person"),
        "schedule": await _add(rt, "schedule.md", "Export schedule", SCHEDULE, day=5),
        "plants": await _add(rt, "plants.md", "Office plants", PLANTS, day=6),
    }


def test_a_question_in_a_note_keeps_its_whole_answer() -> None:
    got = [u.text for u in units(EQUIPMENT)]
    answer = next(t for t in got if "Do I pay?" in t)
    assert "police report" in answer and "capped at €150" in answer  # "Without one, …" stays with it
    assert not any(t.startswith("Without one") for t in got)
    assert any(t.startswith("Can I pick the colour?") for t in got)  # the next question is its own


async def test_chat_filler_does_not_count_against_the_notes(rt: Any, kb: dict[str, str]) -> None:
    typed = await relevance.judge(rt.retriever, "whats the desk stipend now??", [kb["stipend"]])
    plain = await relevance.judge(rt.retriever, "the desk stipend", [kb["stipend"]])
    assert typed[kb["stipend"]].coverage == pytest.approx(plain[kb["stipend"]].coverage)
    assert relevance.focus("wat does the day pass cost now") == "does the day pass cost"


async def test_a_chat_typed_question_is_answered(rt: Any, kb: dict[str, str]) -> None:
    text = await ask(rt, "whats the desk stipend now?")
    assert "€600" in text and "found nothing" not in text


async def test_the_faq_answer_is_stated_whole(rt: Any, kb: dict[str, str]) -> None:
    bullets = bullet_lines(await ask(rt, "laptop got stolen from the car, do i have to pay?"))
    assert bullets and "capped at €150" in bullets[0]
    assert all(kb["equipment"][:8] in b for b in bullets)  # cites only the note that answers


async def test_when_is_answered_by_the_sentence_with_the_date(rt: Any, kb: dict[str, str]) -> None:
    bullets = bullet_lines(await ask(rt, "when is the loader migration?"))
    assert bullets and "14 March" in bullets[0]


async def test_she_and_i_read_as_who(rt: Any, kb: dict[str, str]) -> None:
    text = await ask(rt, "who approved the nightly order export?")
    assert "Ilse Marren approved the nightly order export" in text or "Approved by Ilse Marren" in text
    assert "She approved" not in text
    text = await ask(rt, "who moved the nightly export to 02:00?")
    assert "Nora Quist moved the nightly export to 02:00" in text
    assert "I moved" not in text


async def test_the_report_says_who_decided_not_who_asked(rt: Any, kb: dict[str, str]) -> None:
    dossier = await rt.investigator.run("the nightly order export", space=SPACE)
    report = render_report(dossier, await rt.worker.synthesizer.synthesize(dossier, []))
    summary = report.split("## Context Summary", 1)[1].split("---", 1)[0]
    who = summary.split("**Who decided.**", 1)[1].split("\n\n", 1)[0]
    assert "Approved by Ilse Marren" in who or "Ilse Marren approved" in who
    assert "Tomas Brek" not in summary and "Not decided" not in summary  # an open point is not a finding
    gaps = report.split("## Knowledge Gaps", 1)[1].split("---", 1)[0]
    assert "Tomas Brek wants hourly exports back" in gaps
    assert kb["plants"][:8] not in report.split("## Sources", 1)[1]


async def test_a_steering_note_is_answered_with_who_not_she(rt: Any, kb: dict[str, str]) -> None:
    note = "also check who approved the nightly order export"
    dossier = await rt.investigator.run("the nightly order export", space=SPACE, notes=[note])
    report = render_report(dossier, await rt.worker.synthesizer.synthesize(dossier, [note]), notes=[note])
    covered = report.split("You asked me to cover:", 1)[1].split("##", 1)[0]
    assert "She approved" not in covered
    assert "Ilse Marren approved" in covered or "Approved by Ilse Marren" in covered
