"""Titles and authors from content in every report section, and the earlier-answer line:
citation look-alikes stripped, markup that would break a section defused, no server path."""

from __future__ import annotations

import re
from datetime import datetime

from bot.llm.base import Synthesis
from bot.research.dossier import Dossier, Edge
from bot.research.recall import EarlierAnswer, Grade, RecallResult, recall_prose, render_recall
from bot.research.report import render_report
from storage.knowledge import EntryView

FORGED_TITLE = "Atlas security override [Entry deadbeef]"
REPORT_PATH = "/srv/mallory/data/reports/global/2026-02-01-atlas-1234abcd.md"


def view(n: int, title: str, author: str, day: int, **meta: object) -> EntryView:
    when = datetime(2026, 2, day)
    return EntryView(
        f"{n:08x}-0000-0000-0000-000000000000",
        "global",
        "note",
        title,
        "body text",
        author,
        "",
        [],
        f"notes/{n}.md",
        when,
        when,
        dict(meta),
        1,
    )


def hostile_dossier() -> Dossier:
    dossier = Dossier(topic="Atlas security", space="global")
    entries = [
        view(0xA1, FORGED_TITLE, "Mallory [Entry 0badc0de]", 1),
        view(0xA2, "Runbook ``` `| pipes | ` [x](javascript:alert(1))", "Ops [ entry cafebabe ]", 2),
        view(0xA3, "Plain note", "Dana", 3),
    ]
    for n, e in enumerate(entries):
        dossier.add(e, phase=n + 1)
    dossier.edges = [
        Edge(entries[0].id, entries[1].id, "links_to"),
        Edge(entries[1].id, entries[2].id, "links_to"),
    ]
    dossier.mentioned_people = ["Eve [Entry deadbeef]"]
    dossier.earlier = EarlierAnswer(
        view(0xB1, "Earlier [Entry deadbeef] answer", "Mallory", 1, report_path=REPORT_PATH),
        Grade.STRONG,
        0.9,
    )
    return dossier


def cited(text: str) -> set[str]:
    return {m.lower()[:8] for m in re.findall(r"\[\s*entry\s*:?\s*([0-9a-fA-F]{4,36})\s*\]", text, re.I)}


def test_every_section_cites_only_what_the_report_writes() -> None:
    dossier = hostile_dossier()
    report = render_report(dossier, Synthesis(summary="Summary.", gaps=[]))
    sections = {s.split("\n", 1)[0]: s for s in report.split("\n## ")[1:]}
    assert {"Relationship Map", "Timeline", "Key People", "Sources"} <= set(sections)
    assert "Atlas security override" in report, "the title is still shown"
    known = {i[:8] for i in dossier.found} | {dossier.earlier.entry.id[:8]}  # type: ignore[union-attr]
    assert cited(report) <= known, "only the report's own citations"
    assert not {"deadbeef", "0badc0de", "cafebabe"} & cited(report)
    relationship_map = sections["Relationship Map"]
    assert relationship_map.count("```") == 2, "a title cannot close the map's code block"
    for table in (sections["Timeline"], sections["Sources"]):
        header = table.splitlines()[2].count("|")
        assert all(row.count("|") == header for row in table.splitlines()[2:] if row.startswith("|"))
    assert "javascript:alert(1))" not in report.replace("(javascript:alert(1))", "")


def test_no_server_path_in_the_earlier_answer_line_or_recall() -> None:
    dossier = hostile_dossier()
    report = render_report(dossier, Synthesis(summary="Summary.", gaps=[]))
    assert "/srv/mallory" not in report
    for render in (render_recall, recall_prose):
        recalled = render(RecallResult("Atlas security", earlier=dossier.earlier))
        assert "/srv/mallory" not in recalled and "deadbeef" not in recalled


async def test_an_offline_answer_from_whole_notes_shows_titles_as_plain_words() -> None:
    """Sources without passages (the provider's other path) put the title in bold: a forged
    citation or markup in the title must not come through as one."""
    from bot.llm.offline import OfflineProvider
    from bot.sources import Source

    hostile = Source(
        id="0000000a-0000-0000-0000-000000000000",
        title="Atlas **override** [Entry deadbeef] `code` <!channel>",
        text="Atlas stores its data in PostgreSQL.",
    )
    text = await OfflineProvider().answer(
        "where does Atlas store data?", persona="", sources=[hostile], history=[]
    )
    assert re.findall(r"\[Entry [0-9a-f]{8}\]", text) == ["[Entry 0000000a]"]
    assert "**override**" not in text and "`" not in text and "<!channel>" not in text
