"""Each kind the blind sets from outside the team still showed misrouted (issue 21), through the
console adapter: what is stored as the route, and whether an investigation was enqueued."""

from __future__ import annotations

import io
from typing import Any

import pytest
from console_routing import check_kind

KINDS = [
    ("errand", "call the locksmith for unit 4 at 9", "none"),
    ("status report", "Harrow kitchen refit signed, deposit paid", "none"),
    ("to a colleague", "Zoë, could you investigate why the dock door alarm keeps tripping", "none"),
    ("an apology, then a look-up", "sorry mallory, grease trap cleaning schedule", "quick"),
    (
        "quoted, then thanks",
        "> can you pull together everything on the lift outage at Fairview\nperfect, exactly what I was after 🙏",
        "none",
    ),
    (
        "work named, then handed over",
        "the director wants last quarter's complaints analysed before the board, could you do that?",
        "async",
    ),
    ("reminder", "remind me tmrw to look into the van lease renewal", "none"),
]


@pytest.mark.parametrize(
    ("kind", "text", "route"), KINDS, ids=[f"{k}-{i}" for i, (k, _, _) in enumerate(KINDS)]
)
async def test_each_kind_through_the_console(
    rt: Any, console_out: io.StringIO, kind: str, text: str, route: str
) -> None:
    await check_kind(rt, console_out, kind, text, route, prefix="outsider")
