"""A pasted or forwarded email's headers are about the note, not answers in it: the banner
("---------- Forwarded message ---------") and the "From:", "Date:", "To:" lines are no
passage (the ferry and airfield vaults quoted the whole block as an answer), and the
"Subject:" heads what follows, as a section's heading does. Lines that only look like headers
("To: do" in a list, one "Date:" line of a log) are kept."""

from __future__ import annotations

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


def test_lines_that_only_look_like_headers_are_kept() -> None:
    texts = " ".join(u.text for u in units(LOOK_ALIKES))
    assert "check the bowser hoses" in texts
    assert "The bowser was checked by Keith" in texts
    assert "From the hangar the hoses go to the workshop" in texts
