"""The kinds leave-one-workplace-out over every outsider set still showed misrouted (issue 21),
through the console adapter: what is stored as the route, and whether an investigation was
enqueued. With the local embedder on, a decision the router is unsure of reads the message's
meaning (the MiniLM vector); without it, the phrasing alone decides."""

from __future__ import annotations

import io
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
from console_routing import check_kind, route_through_the_console

from bot.clock import FakeClock
from bot.config import load_settings

KINDS = [
    ("a shift look-up", "who's duty manager on tonight", "quick"),
    (
        "a request in text-speak",
        "cud u rite up evrything abt the fork lift near-miss for the safety meeting",
        "async",
    ),
    (
        "work named, then handed over",
        "the boiler outage needs a proper post-mortem pulled from the engineer's notes, can you draft it",
        "async",
    ),
    (
        "an errand put to anyone",
        "could someone drop the sample boards off at the showroom on the way home?",
        "none",
    ),
    (
        "someone else's promised work",
        "Marta said she'll put together the comparison of the two cleaning contracts by Thursday.",
        "none",
    ),
]
# the phrasing leans to news (a thing done, "booked"), the meaning to a look-up (who it is booked
# with). ("all sorted with the rota, ta. who's the on-call engineer this weekend?" was this
# case until the forty-fifth session: a question asking for a thing by what it is, after news,
# is now read as one by the phrasing alone, ``router._ASKS_AFTER_NEWS``)
UNSURE_LOOKUP = "boiler annual service booked with"


@pytest.mark.parametrize(
    ("kind", "text", "route"), KINDS, ids=[f"{k}-{i}" for i, (k, _, _) in enumerate(KINDS)]
)
async def test_each_kind_through_the_console(
    rt: Any, console_out: io.StringIO, kind: str, text: str, route: str
) -> None:
    await check_kind(rt, console_out, kind, text, route, prefix="unseen")


@pytest.fixture
async def meaning_rt(tmp_path: Path, clock: FakeClock, database_url: str | None) -> AsyncIterator[Any]:
    """The runtime with the local MiniLM embedder on (the product's default when installed)."""
    from bot.runtime import Runtime

    settings = load_settings(
        data_dir=tmp_path / "data", llm_provider="offline", embedder="local", database_url=database_url
    )
    async with Runtime.open(settings, clock=clock) as runtime:
        yield runtime


async def test_an_unsure_decision_reads_the_meaning_when_the_embedder_is_on(
    meaning_rt: Any, console_out: io.StringIO
) -> None:
    assert meaning_rt.core.inbound.meaning is not None
    taken, started = await route_through_the_console(
        meaning_rt, console_out, UNSURE_LOOKUP, session="meaning-on"
    )
    assert (taken, started) == ("quick", 0)


async def test_without_the_embedder_the_phrasing_alone_decides(rt: Any, console_out: io.StringIO) -> None:
    assert rt.core.inbound.meaning is None
    taken, _ = await route_through_the_console(rt, console_out, UNSURE_LOOKUP, session="meaning-off")
    assert taken == "none"
