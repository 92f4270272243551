"""A note whose best passage sends the reader to another note for what was asked ("Berth
rent is set each spring, see [[harbour-charges]].", "see the Allotment rules") defers the
answer to that note: its passages rank as if it stood where the pointer stands, it is read
even when the search left it out (by the link, ``Answerer.followed``), and the pointer is
not cited beside it. A passage saying it is itself out of date points to the statement in
force too; a note saying it replaces the one it links to defers to nothing."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from research_helpers import ask, bullet_lines, write_notes

from adapters.console import SPACE

OTHERS = {
    "notes/slipway.md": "---\ndate: 2024-05-01\n---\n# Slipway\n\nThe slipway gate is locked at dusk.\n",
    "notes/dinghies.md": "---\ndate: 2024-05-01\n---\n# Dinghies\n\nClub dinghies are kept on the hard.\n",
}

POINTER = (
    "---\ndate: 2025-03-01\n---\n# Visiting yachts\n\n"
    "Visiting yachts berth on the outer pontoon.\n\n"
    "Berth rent for visitors: see [[harbour-charges]].\n"
)
CHARGES = (
    "---\ndate: 2025-04-01\n---\n# Harbour charges\n\n"
    "| Item | Charge |\n|---|---|\n| Visitor berth rent, per night | £23 |\n| Crane lift | £65 |\n"
)


def _cites(text: str, entry_id: str) -> bool:
    return f"[Entry {entry_id[:8]}]" in text


async def _ids(rt: Any) -> dict[str, str]:
    return {source: entry_id for source, entry_id in (await rt.knowledge.by_sources(SPACE)).items()}


async def test_the_note_a_best_passage_points_to_answers_and_the_pointer_is_not_cited(
    rt: Any, tmp_path: Path
) -> None:
    write_notes(tmp_path, {**OTHERS, "harbour/visitors.md": POINTER, "harbour/harbour-charges.md": CHARGES})
    await rt.ingest(tmp_path, space=SPACE)
    ids = await _ids(rt)
    text = await ask(rt, "berth rent for visiting yachts")
    bullets = bullet_lines(text)
    assert bullets and "£23" in bullets[0], text
    assert _cites(text, ids["harbour/harbour-charges.md"]), text
    assert not _cites(text, ids["harbour/visitors.md"]) and "see Harbour charges" not in text, text


async def test_a_note_pointed_to_is_read_by_its_link_when_the_search_left_it_out(
    rt: Any, tmp_path: Path
) -> None:
    write_notes(tmp_path, {**OTHERS, "harbour/visitors.md": POINTER, "harbour/harbour-charges.md": CHARGES})
    await rt.ingest(tmp_path, space=SPACE)
    ids = await _ids(rt)
    answerer = rt.core.recall.answerer
    titles = await answerer.titles([SPACE])
    pointing = (await rt.knowledge.get_many([ids["harbour/visitors.md"]], spaces=[SPACE]))[
        ids["harbour/visitors.md"]
    ]
    question = "berth rent for visiting yachts"
    ranked = await answerer.scorer.passages(question, [pointing], titles=titles)
    assert "see Harbour charges" in ranked[0].unit.text  # the pointer is the best passage
    chosen = [pointing]
    out = await answerer.followed(question, ranked, chosen, titles, [SPACE])
    assert out[0].entry.id == ids["harbour/harbour-charges.md"] and "£23" in out[0].unit.text
    assert out[0].score > ranked[0].score and [e.id for e in chosen][-1] == ids["harbour/harbour-charges.md"]


async def test_a_pointer_by_title_in_plain_words_and_one_saying_it_is_out_of_date(
    rt: Any, tmp_path: Path
) -> None:
    write_notes(
        tmp_path,
        {
            **OTHERS,
            "club/handbook.md": "---\ndate: 2023-01-10\n---\n# Members handbook\n\n"
            "## Plot fees\n\n~~Plot fee is paid in cash at the AGM.~~ SUPERSEDED (2025) — see "
            "[[allotment-rules]] for the current plot fee.\n\n## Sheds\n\nSheds must be under two metres.\n",
            "club/allotment-rules.md": "---\ndate: 2025-02-01\n---\n# Allotment rules\n\n"
            "The annual plot fee is £42, paid by bank transfer before 1 March.\n\n"
            "Bonfires are allowed only in November.\n",
            "club/committee-2025.md": "---\ndate: 2025-06-01\n---\n# Committee June 2025\n\n"
            "Plot fee reminder: see the Allotment rules, some members still pay at the AGM.\n",
        },
    )
    await rt.ingest(tmp_path, space=SPACE)
    ids = await _ids(rt)
    text = await ask(rt, "members plot fee")
    bullets = bullet_lines(text)
    assert bullets and "£42" in bullets[0], text
    assert _cites(text, ids["club/allotment-rules.md"]), text
    assert not _cites(text, ids["club/handbook.md"]), text


async def test_a_note_saying_it_replaces_the_one_it_links_to_is_not_a_pointer(
    rt: Any, tmp_path: Path
) -> None:
    write_notes(
        tmp_path,
        {
            **OTHERS,
            "rota/cleaning-rota.md": "---\ndate: 2024-01-05\n---\n# Cleaning rota\n\n"
            "The clubhouse is cleaned on Mondays by the bar team.\n",
            "rota/cleaning-2026.md": "---\ndate: 2026-01-05\n---\n# Clubhouse cleaning 2026\n\n"
            "The clubhouse is now cleaned on Fridays by a contractor. This replaces the old rota "
            "(see [[cleaning-rota]]).\n",
        },
    )
    await rt.ingest(tmp_path, space=SPACE)
    ids = await _ids(rt)
    answerer = rt.core.recall.answerer
    titles = await answerer.titles([SPACE])
    entries = await rt.knowledge.get_many(list(ids.values()), spaces=[SPACE])
    question = "when is the clubhouse cleaned?"
    newer = entries[ids["rota/cleaning-2026.md"]]
    ranked = await answerer.scorer.passages(question, [newer], titles=titles)
    chosen = [newer]
    out = await answerer.followed(question, ranked, chosen, titles, [SPACE])
    assert out == ranked and chosen == [newer]
