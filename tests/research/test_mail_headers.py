"""A pasted or forwarded email's headers are about the note, not answers in it: the banner
("---------- Forwarded message ---------") and the "From:", "Date:", "To:" lines are no
passage (the ferry and airfield vaults quoted the whole block as an answer), and the
"Subject:" heads what follows, as a section's heading does; the "I" of "I am the claims
handler" is the sender, and a question asking who is answered by that name.
Lines that only look like headers ("To: do" in a list, one "Date:" line of a log) are kept."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from research_helpers import add_note, ask

from adapters.console import SPACE
from bot.research.evidence import units

FORWARDED = """---------- Forwarded message ---------
From: Food Safety Team <foodsafety@harnstow-dc.example>
Date: Thu, 30 May 2024 at 11:14
Subject: Food hygiene inspection — the café
To: <bev@cawdle.example>

Dear Ms Aldous,

Following the inspection on 22 May 2024, your food hygiene rating is 4 (Good).

---
Bev's note: fridge log now by the kitchen door.
"""

PASTED = """From: Shona Reilly <shona@fenmarsh.example>
Sent: 12 March 2024 09:02
To: Tom
Cc: Alan
Subject: RE: UL91 delivery

Tom, the tanker can do Thursday 14th, 8000 litres.
"""

LOOK_ALIKES = """Handover

To: do before Friday — check the bowser hoses.
Date: 3 June 2024. The bowser was checked by Keith.
From the hangar the hoses go to the workshop.
"""


def test_a_forwarded_emails_headers_are_no_passage() -> None:
    cut = units(FORWARDED)
    texts = [u.text for u in cut]
    assert not any(
        "Forwarded message" in t or "From:" in t or "foodsafety@" in t or "11:14" in t for t in texts
    ), texts
    assert any("22 May 2024" in t for t in texts), texts
    inspection = next(u for u in cut if "22 May 2024" in u.text)
    assert inspection.section == "Food hygiene inspection — the café"


def test_a_pasted_emails_headers_are_no_passage() -> None:
    cut = units(PASTED)
    texts = [u.text for u in cut]
    assert not any("Sent:" in t or "Cc:" in t or "shona@" in t for t in texts), texts
    assert [u.section for u in cut if "8000 litres" in u.text] == ["RE: UL91 delivery"]


def test_the_i_of_an_email_is_its_sender_and_an_address_alone_names_nobody() -> None:
    signed = (
        "From: Shona Reilly <shona@fenmarsh.example>\nTo: Tom\n\n> I'm off Friday. Tom, I can do Thursday.\n"
    )
    assert " ".join(u.text for u in units(signed)) == "Shona Reilly is off Friday. Tom, I can do Thursday."
    forwarded = signed + "\nI rang Shona back.\n"
    assert "I rang Shona back." in [u.text for u in units(forwarded)]
    unsigned = "From: shona@fenmarsh.example\nSubject: UL91\n\nI can do Thursday.\n"
    assert [u.text for u in units(unsigned)] == ["I can do Thursday."]


BASE = datetime(2024, 8, 2, tzinfo=UTC)
CLAIM = """Fwd from Maggie - for the file

> From: Fiona Hartley <fiona.hartley@towpathmutual.example>
> Date: 31 July 2024 14:05
> To: maggie@kestrelwharf.example
> Subject: Claim TM-24-0817 - Corncrake
>
> Dear Mrs Threlfall,
>
> Thank you for your call on Friday. I am the claims handler for this claim and will be your contact throughout.
>
> Kind regards,
> Claims Handler, Towpath Mutual Marine

Maggie: sent the hire agreement on 1 Aug.
"""


async def test_who_wrote_i_in_a_forwarded_email_is_its_sender(rt: Any) -> None:
    await add_note(
        rt, "safety/fwd-insurer-claim.md", "fwd insurer claim", CLAIM, space=SPACE, created_at=BASE
    )
    await add_note(
        rt,
        "fleet/corncrake.md",
        "Corncrake",
        "Corncrake: 57 ft, sleeps 6, Beta 43 engine.",
        space=SPACE,
        created_at=BASE,
    )
    text = await ask(rt, "Who is handling the insurance claim for Corncrake?")
    assert "Fiona Hartley is the claims handler" in text, text


def test_lines_that_only_look_like_headers_are_kept() -> None:
    texts = " ".join(u.text for u in units(LOOK_ALIKES))
    assert "check the bowser hoses" in texts
    assert "The bowser was checked by Keith" in texts
    assert "From the hangar the hoses go to the workshop" in texts
