"""A change typed in a chat, a forwarded email or a line of minutes replaces the reference
page's rule, however the chat clips its words: "min callout changed from £180 to £210" of
"Minimum call-out charge for events: £180", "Returns window changed from 30 days to 14 days"
of "sent back unopened within 30 days", "Nia takes over the weekly grinder cleaning from
Gethin" of "Gethin Price is responsible for …" (also when another page sends the reader
to the procedure), "Carys Penn is our espresso machine engineer from 1 May" of the page
titled "Espresso machine engineer". The notes are a coffee van's, written for this test."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from research_helpers import ask, bullet_lines, ingest_dated

from adapters.console import SPACE

NOTES = [
    (
        "pricing/events-minimum.md",
        "Events — minimum charge",
        "# Events\n\nMinimum call-out charge for events: **£180**.\n\n"
        "Covers up to two hours of service and 60 cups. Travel over 20 miles is extra.\n",
        datetime(2023, 3, 6, tzinfo=UTC),
    ),
    (
        "chats/van-whatsapp-2024-06.md",
        "van whatsapp 2024 06",
        'pasted from the "Bean There" van group\n\n'
        "[03/06/2024, 07:55] Ffion: oat milk delivery short again, 6 instead of 12\n"
        "[04/06/2024, 08:12] Ffion: heads up all — min callout for events changed from £180 to £210 "
        "from 1st July. Dylan's updating the booking form\n"
        "[04/06/2024, 08:30] Dylan: 👍\n"
        "[05/06/2024, 16:02] Nia: Decided with Ffion. Returns window changed from 30 days "
        "to 14 days from 1 August. Website text to change\n",
        datetime(2024, 6, 5, tzinfo=UTC),
    ),
    (
        "policies/online-returns.md",
        "Online shop — returns",
        "# Online shop — returns\n\nBags of beans can be sent back unopened within 30 days of delivery.\n\n"
        "Grinders and cups: only if faulty.\n",
        datetime(2023, 9, 1, tzinfo=UTC),
    ),
    (
        "procedures/grinder-cleaning.md",
        "PROC 4: Grinder cleaning",
        "# PROC 4: Grinder cleaning\n\n**Who:** Gethin Price is responsible for the weekly grinder cleaning.\n"
        "**When:** Sunday after close.\n\n- burrs out, brushed, tablets run through\n"
        "- hopper washed and dried\n- log it on the sheet in the van\n",
        datetime(2023, 2, 1, tzinfo=UTC),
    ),
    (
        "procedures/close-down.md",
        "Close-down",
        "# Close-down\n\n- Milk fridge emptied, temps logged.\n"
        "- Weekly grinder cleaning per [[grinder-cleaning]].\n- Water tank drained on Fridays.\n",
        datetime(2023, 2, 1, tzinfo=UTC),
    ),
    (
        "meetings/2024-02-van-meeting.md",
        "Van meeting — February 2024",
        "1. Summer events: three festivals booked.\n"
        "2. Cups: switching to the compostable ones from March.\n"
        "3. Grinder cleaning: Nia takes over the weekly grinder cleaning from Gethin, starting March.\n",
        datetime(2024, 2, 12, tzinfo=UTC),
    ),
    (
        "contacts/espresso-engineer.md",
        "Espresso machine engineer",
        "# Espresso machine engineer\n\n**Owain Hale** (self-employed) — 07700 900123, owain@hale.example\n\n"
        "- Service every six months\n- Carries gaskets and shower screens for our machine\n",
        datetime(2022, 5, 3, tzinfo=UTC),
    ),
    (
        "contacts/fwd-owain-retiring.md",
        "Fwd: Owain retiring",
        "---------- Forwarded message ---------\nFrom: Owain Hale <owain@hale.example>\n"
        "Subject: Retiring\n\nFfion, I'm stopping at the end of April. Carys Penn will look after "
        "my customers.\n\n---\nFfion → all (20 April): Carys Penn is our espresso machine engineer "
        "from 1 May. 07700 900456.\n",
        datetime(2024, 4, 20, tzinfo=UTC),
    ),
]


@pytest.fixture
async def notes(local_rt: Any, tmp_path: Path) -> None:
    await ingest_dated(local_rt, tmp_path, NOTES, SPACE)


async def first_line(rt: Any, question: str) -> tuple[str, str]:
    answer = await ask(rt, question)
    lines = bullet_lines(answer)
    assert lines, answer
    return lines[0], answer


@pytest.mark.parametrize(
    "question", ["minimum call-out charge for events", "whats the min callout for events now"]
)
async def test_a_clipped_chat_line_replaces_the_price_page(local_rt: Any, notes: None, question: str) -> None:
    line, answer = await first_line(local_rt, question)
    assert "£210" in line and "replaced" in line, answer


async def test_a_window_of_days_changed_in_chat_replaces_the_policy(local_rt: Any, notes: None) -> None:
    answer = await ask(local_rt, "online shop returns window")
    lines = bullet_lines(answer)
    assert any("14 days" in line and "replaced" in line for line in lines), answer
    assert not any("within 30 days" in line for line in lines), answer  # (the rule replaced)


@pytest.mark.parametrize(
    "question", ["grinder cleaning responsible person", "Who does the weekly grinder cleaning?"]
)
async def test_taking_over_a_duty_from_someone_replaces_who_did_it(
    local_rt: Any, notes: None, question: str
) -> None:
    line, answer = await first_line(local_rt, question)
    assert "Nia" in line, answer


async def test_a_role_held_from_a_date_replaces_the_page_of_the_role(local_rt: Any, notes: None) -> None:
    line, answer = await first_line(local_rt, "espresso machine engineer contact")
    assert "Carys Penn" in line, answer


def test_clipped_and_hyphened_words_read_as_the_words_they_stand_for() -> None:
    from bot.research.supersession import content_words

    def same(word: str) -> str:
        return word

    assert content_words("min callout", same) <= content_words("Minimum call-out charge", same)
    assert "minimum" not in content_words("back in 15 min", same)  # minutes, not a minimum
    assert content_words("temp of the fridge", same) == content_words("temperature of the fridge", same)
