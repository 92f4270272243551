"""The durable inbox on SQLite and PostgreSQL: one write stores and claims a message; a
second delivery is not handled twice while a live process holds it or once it is done; a
row whose lease ran out is taken up again, by one process only."""

from __future__ import annotations

import asyncio
import json
from datetime import UTC, datetime, timedelta

from sqlalchemy import text

from bot.events import Inbound, Person, ThreadRef
from bot.inbound.intake import inbound_of, inbound_payload
from storage.db import Database
from storage.inbox import GAVE_UP, Inbox

NOW = datetime(2026, 6, 1, 9, 0, tzinfo=UTC)
LEASE = timedelta(seconds=60)


async def test_one_write_stores_and_claims_and_a_second_delivery_is_not_taken(any_db: Database) -> None:
    here, there = Inbox(any_db, owner="here"), Inbox(any_db, owner="there")
    taken = await here.take(
        key="k1", platform="slack", kind="message", payload='{"a": 1}', now=NOW, lease=LEASE
    )
    assert taken is not None and taken.attempts == 1 and not taken.resumed and taken.payload == '{"a": 1}'
    # held by a live process: neither a redelivery here nor another process takes it
    for inbox in (here, there):
        assert (
            await inbox.take(key="k1", platform="slack", kind="message", payload="{}", now=NOW, lease=LEASE)
            is None
        )
    assert await there.claim_open("slack", now=NOW + timedelta(seconds=59), lease=LEASE) == []
    assert await here.waiting("slack") == 1

    await here.finish("k1", now=NOW)
    with any_db.blocking.begin() as conn:  # a done row keeps its key, not the message
        assert conn.execute(text("SELECT payload FROM inbox WHERE key = 'k1'")).scalar_one() == ""
    later = NOW + timedelta(hours=1)
    assert (
        await there.take(key="k1", platform="slack", kind="message", payload="{}", now=later, lease=LEASE)
        is None
    )
    assert await there.claim_open("slack", now=later, lease=LEASE) == []
    assert await here.waiting("slack") == 0


async def test_a_row_whose_lease_ran_out_is_taken_up_again_with_its_stored_payload(any_db: Database) -> None:
    dead, alive = Inbox(any_db, owner="dead"), Inbox(any_db, owner="alive")
    await dead.take(
        key="k1", platform="slack", kind="message", payload='{"first": true}', now=NOW, lease=LEASE
    )
    late = NOW + LEASE + timedelta(seconds=1)
    # a redelivery after the lease: taken, with the payload stored the first time
    again = await alive.take(
        key="k1", platform="slack", kind="message", payload='{"second": true}', now=late, lease=LEASE
    )
    assert again is not None and again.resumed and json.loads(again.payload) == {"first": True}
    # the dead process, were it to come back, cannot take it back while the new claim is live
    assert not await dead.hold("k1", now=late, lease=LEASE)
    assert await alive.hold("k1", now=late, lease=LEASE)


async def test_two_processes_sweeping_at_once_never_both_hold_a_row(any_db: Database) -> None:
    dead = Inbox(any_db, owner="dead")
    for n in range(20):
        await dead.take(
            key=f"k{n:02}",
            platform="telegram",
            kind="update",
            payload="{}",
            now=NOW + timedelta(milliseconds=n),
            lease=LEASE,
        )
    await dead.take(key="other", platform="slack", kind="message", payload="{}", now=NOW, lease=LEASE)
    late = NOW + LEASE * 2
    a, b = Inbox(any_db, owner="a"), Inbox(any_db, owner="b")
    got_a, got_b = await asyncio.gather(
        a.claim_open("telegram", now=late, lease=LEASE), b.claim_open("telegram", now=late, lease=LEASE)
    )
    keys_a, keys_b = {t.key for t in got_a}, {t.key for t in got_b}
    assert not keys_a & keys_b
    assert keys_a | keys_b == {f"k{n:02}" for n in range(20)}, "only this platform's rows, all of them"
    assert all(t.attempts == 2 for t in got_a + got_b)
    ordered = got_a if len(got_a) >= len(got_b) else got_b
    assert [t.key for t in ordered] == sorted(t.key for t in ordered), "oldest first"


async def test_release_hands_a_claim_back_and_done_rows_are_forgotten_after_the_retention(
    any_db: Database,
) -> None:
    here, there = Inbox(any_db, owner="here"), Inbox(any_db, owner="there")
    await here.take(key="k1", platform="slack", kind="message", payload="{}", now=NOW, lease=LEASE)
    await here.release("k1")
    [taken] = await there.claim_open("slack", now=NOW, lease=LEASE)
    assert taken.key == "k1"
    await there.finish("k1", now=NOW, outcome=GAVE_UP)
    await there.forget_done_before(NOW)
    assert (
        await here.take(key="k1", platform="slack", kind="message", payload="{}", now=NOW, lease=LEASE)
        is None
    )
    await there.forget_done_before(NOW + timedelta(seconds=1))
    assert (
        await here.take(key="k1", platform="slack", kind="message", payload="{}", now=NOW, lease=LEASE)
        is not None
    )


async def test_hostile_messages_go_in_and_come_out_unchanged(any_db: Database) -> None:
    inbox = Inbox(any_db)
    texts = [
        "",
        "nul\x00byte",
        "🎉" * 10_000,
        "x" * 1_000_000,
        "'; DROP TABLE inbox; --",
        "\udcff".encode("utf-8", "surrogatepass").decode("utf-8", "replace"),
    ]
    for n, said in enumerate(texts):
        inbound = Inbound(
            thread=ThreadRef("slack", "T1", "C1", "1.0", extras={"k": [1, "two"]}),
            message_id=str(n),
            author=Person("U1", "Ana \x00"),
            text=said,
            received_at=NOW,
            extras={"files": ["a.pdf"]},
            mentions=(Person("U2", "Bo"),),
        )
        taken = await inbox.take(
            key=f"slack:message:{n}",
            platform="slack",
            kind="message",
            payload=json.dumps(inbound_payload(inbound)),
            now=NOW,
            lease=LEASE,
        )
        assert taken is not None
        assert inbound_of(json.loads(taken.payload)) == inbound
