"""Each kind the trades set showed misrouted (issue 21), through the console adapter: what is
stored as the route, and whether an investigation was enqueued."""

from __future__ import annotations

import io
from typing import Any

import pytest
from console_routing import check_kind

KINDS = [
    ("produced artefact", "I need the complaints from last winter broken down by estate", "async"),
    ("idiom", "do the needful re the Ashby tenancy file, need all the background summarised", "async"),
    ("errand", "order 3 more boxes of nitrile gloves from Medisupply", "none"),
    ("capability question", "can mallory do the maths itself or do I still need the spreadsheet", "none"),
    ("status update", "pallets for Hull delivered, paperwork signed off", "none"),
    (
        "refuse, then one fact",
        "not looking for a report, only the date the boiler was last serviced",
        "quick",
    ),
    ("sarcasm", "I'd love a proper analysis of why the kettle trips the fuse 🙃", "none"),
    ("other language", "¿puedes preparar un informe de las devoluciones de octubre?", "async"),
    (
        "turned to the bot",
        "Tomasz, can you— actually no, mallory, could you pull together every late delivery complaint from October",
        "async",
    ),
]


@pytest.mark.parametrize(
    ("kind", "text", "route"), KINDS, ids=[f"{k}-{i}" for i, (k, _, _) in enumerate(KINDS)]
)
async def test_each_kind_through_the_console(
    rt: Any, console_out: io.StringIO, kind: str, text: str, route: str
) -> None:
    await check_kind(rt, console_out, kind, text, route, prefix="trade")
