"""Reports list only what is on topic, date a note by what its text says (or show it
undated, never by the day it was ingested), and keep the seed's summary line."""

from __future__ import annotations

import datetime as dt
import re
from pathlib import Path
from typing import Any

from research_helpers import report_on

from bot.knowledge.ingest import parse_markdown

FILE_TIME = dt.datetime(2026, 12, 1, tzinfo=dt.UTC)

VAULT = {
    "incidents/pump-failure.md": (
        "---\ntitle: North Fen pump failure\ndate: 2025-11-14\n---\n"
        "The North Fen pumping station lost power on 14 November 2025 when an 11 kV cable joint failed. "
        "2,317 properties lost supply. See [[north-fen-generator]] and [[pump-room-party]].\n"
    ),
    "decisions/north-fen-generator.md": (
        "# North Fen standby generator\n\n"
        "Decided 6 October 2025 by Helen Marsh: a permanent standby generator for the North Fen pumping "
        "station after the power failure, because the cable joint failure left the station without power.\n"
    ),
    "reference/north-fen-notes.md": (
        "# North Fen pumping station\n\nThe North Fen pumping station power supply comes over one 11 kV feeder "
        "and failed once, in the November power failure.\n"
    ),
    "social/pump-room-party.md": (
        "# Christmas party at the Pump Room\n\nDrinks at the Pump Room pub on 19 December. "
        "Bring a dish; the quiz is run by the North Fen team.\n"
    ),
    "hr/leave.md": "# Annual leave\n\nBook annual leave in the HR portal two weeks ahead.\n",
}


def test_a_note_without_a_date_field_takes_the_date_its_text_states_or_none() -> None:
    decided = parse_markdown(
        VAULT["decisions/north-fen-generator.md"], source="d.md", space="s", fallback_date=FILE_TIME
    )
    assert decided.draft.created_at == dt.datetime(2025, 10, 6, tzinfo=dt.UTC)
    assert not decided.draft.meta.get("undated")
    leave = parse_markdown(VAULT["hr/leave.md"], source="l.md", space="s", fallback_date=FILE_TIME)
    assert leave.draft.meta.get("undated") is True  # its file time is not its date
    heading = parse_markdown(
        "# Ops weekly\n\nSome text first, long enough not to be a byline at all, really it is long.\n\n"
        "## Meeting 2 March 2026\n\nAgreed things.\n",
        source="o.md",
        space="s",
        fallback_date=FILE_TIME,
    )
    assert heading.draft.created_at == dt.datetime(2026, 3, 2, tzinfo=dt.UTC)


async def test_report_lists_only_on_topic_sources_shows_undated_and_keeps_the_seed_line(
    rt: Any, tmp_path: Path
) -> None:
    report = await report_on(rt, VAULT, "dig into the North Fen pumping station power failure", tmp_path)
    assert re.search(
        r'^Investigated "[^"]+": \d+ entr(?:y|ies) across [1-4] phases?, \d+ relationship edges? traversed\.$',
        report,
        re.M,
    )
    sources = report.split("## Sources", 1)[1]
    assert "North Fen pump failure" in sources and "North Fen standby generator" in sources
    assert "Christmas party" not in sources and "Annual leave" not in sources
    assert "2025-10-06" in sources  # the day it was decided, not the day it was read
    assert "| undated |" in sources  # the reference note says no date
    # neither the files' time (written just now) nor the ingestion day dates a note
    written = dt.datetime.now(dt.UTC).date().isoformat()
    assert written not in report and rt.clock.now().date().isoformat() not in report


async def test_a_note_several_sources_link_to_is_a_source(vault_rt: Any) -> None:
    """The project an incident, its review and the people on it all link to is part of the
    incident however few of its words the topic shares; what is let in that way names the
    topic."""
    dossier = await vault_rt.investigator.run("the March ingestion outage", space="local")
    titles = {f.entry.title for f in dossier.found.values()}
    assert "Ingestion pipeline v2" in titles
    via_links = [f.entry for f in dossier.found.values() if f.via == "relation"]
    assert all(
        "ingestion" in f"{e.title} {e.content}".lower() or "outage" in f"{e.title} {e.content}".lower()
        for e in via_links
    )


async def test_a_person_linked_both_ways_with_the_main_entry_is_a_source(rt: Any, tmp_path: Path) -> None:
    """The engineer the incident links to, whose own note links back to it, took part in it:
    a source, though a person's note shares few of the topic's words. A person the incident
    names who does not link back stays out."""
    vault = {
        "incidents/inc-0128.md": (
            "---\ntitle: Riders charged twice\ndate: 2026-01-29\n---\n"
            "Riders were charged twice for one ride on 28 January: a retry sent a second capture "
            "request without an idempotency key. [[people/wen-tao]] fixed the capture path; "
            "[[people/ola-berg]] answered the support tickets about the double charge.\n"
        ),
        "people/wen-tao.md": (
            "---\ntitle: Wen Tao\ntype: person\ndate: 2025-06-10\n---\n"
            "Backend engineer on payments. Fixed [[incidents/inc-0128]].\n"
        ),
        "people/ola-berg.md": ("---\ntitle: Ola Berg\ntype: person\ndate: 2025-06-11\n---\nSupport lead.\n"),
        "notes/tea.md": "# Tea rota\n\nThe tea rota is on the kitchen door.\n",
    }
    for path, text in vault.items():
        file = tmp_path / "v2" / path
        file.parent.mkdir(parents=True, exist_ok=True)
        file.write_text(text, encoding="utf-8")
    await rt.ingest(tmp_path / "v2")
    dossier = await rt.investigator.run("the riders charged twice incident", space="local")
    titles = {f.entry.title for f in dossier.found.values()}
    assert "Riders charged twice" in titles and "Wen Tao" in titles, [
        (f.entry.title, f.via) for f in dossier.found.values()
    ]
    assert "Tea rota" not in titles
