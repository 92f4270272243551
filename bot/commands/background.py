"""``mallory investigate --background`` (the flag lives on ``investigate``, in bot/cli.py): commission investigations from a script. Each topic
is enqueued for the workers (no investigation runs here), to be posted into a platform
thread (``--thread PLATFORM:CHANNEL:THREAD``) or kept in the database and the reports folder."""

from __future__ import annotations

import sys
import uuid
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from bot.clock import Clock, SystemClock
from bot.commands.records import operator
from bot.config import Settings
from bot.core.adapter import load_adapter
from bot.errors import InputError
from bot.events import ThreadRef
from storage.conversations import Conversations
from storage.db import Database
from storage.queue import Queue, Request
from storage.queue_intake import OnCreated
from storage.records import COMMISSIONED, Audit

MAX_TOPIC = 2000
PLATFORMS = ("slack", "telegram")
REQUESTER = "mallory investigate --background"  # what commissioned it, in the row and the audit log


@dataclass(frozen=True)
class ThreadSpec:
    platform: str
    channel: str
    thread: str


def parse_thread(spec: str) -> ThreadSpec:
    """``PLATFORM:CHANNEL:THREAD`` (the thread part may hold colons: ``topic:7``)."""
    parts = spec.strip().split(":", 2)
    if len(parts) != 3 or not all(parts):
        raise InputError(
            f"--thread {spec!r}: expected PLATFORM:CHANNEL:THREAD, e.g. slack:C0123ABCD:1712345678.000100 "
            "or telegram:-1001234567890:topic:7"
        )
    platform, channel, thread = (part.strip() for part in parts)
    if platform.lower() not in PLATFORMS:
        raise InputError(f"--thread {spec!r}: unknown platform {platform!r} (one of: {', '.join(PLATFORMS)})")
    return ThreadSpec(platform.lower(), channel, thread)


def clean_topics(lines: Iterable[str]) -> list[str]:
    """One topic per line: blank lines are skipped, control characters dropped; a line too
    long to be a topic is an error (nothing is enqueued then)."""
    topics = []
    for number, line in enumerate(lines, start=1):
        text = " ".join("".join(ch if ch.isprintable() else " " for ch in line).split())
        if not text:
            continue
        if len(text) > MAX_TOPIC:
            raise InputError(
                f"line {number}: a topic is at most {MAX_TOPIC} characters, this one has {len(text)}"
            )
        topics.append(text)
    if not topics:
        raise InputError("no topic given: pass one, or one per line on stdin")
    return topics


async def resolve(settings: Settings, spec: ThreadSpec | None) -> ThreadRef | None:
    if spec is None:
        return None
    kind = load_adapter(spec.platform)
    named = getattr(kind, "thread_named", None)
    if named is None:
        raise InputError(f"--thread: the {spec.platform} adapter cannot name a thread from outside")
    ref: ThreadRef = await named(settings, spec.channel, spec.thread)
    return ref


async def enqueue_topics(
    settings: Settings,
    clock: Clock,
    topics: list[str],
    thread: ThreadRef | None,
    *,
    space: str,
    operator: str = "",
) -> list[tuple[str, str]]:
    """Enqueue each topic (no dedup among them: each is its own request), each with its
    ``commissioned`` audit record (what ran it, and ``operator``, the login that did) written
    in the same transaction; returns (investigation id, topic) pairs."""
    db = Database(settings.resolved_database_url)
    try:
        await db.migrate()
        conversations, queue, audit = Conversations(db), Queue(db), Audit(db)
        enqueued = []
        for topic in topics:
            now = clock.now()
            # without a thread each topic gets a conversation of its own, kept in the database
            ref = thread or ThreadRef("cli", "local", "background", uuid.uuid4().hex)
            conv, _ = await conversations.get_or_create(
                key=ref.key, platform=ref.platform, space=ref.space, channel=ref.channel,
                thread=ref.thread, thread_ref=ref.to_json(), now=clock.now(),
            )  # fmt: skip
            where = space if thread is None else conv.space
            result = await queue.enqueue(
                Request(
                    conversation_id=conv.id,
                    space=where,
                    question=topic,
                    thread_ref=ref.to_json(),
                    request_text=topic,
                    requester_name=REQUESTER,
                ),
                now=now,
                dedup_window=None,  # each topic its own investigation
                on_created=_audited(audit, now=now, operator=operator, space=where, topic=topic),
            )
            enqueued.append((result.investigation.id, topic))
        return enqueued
    finally:
        await db.dispose()


def _audited(audit: Audit, *, now: datetime, operator: str, space: str, topic: str) -> OnCreated:
    """The commission's audit record, written in the enqueue's transaction."""

    def write(conn: Any, inv_id: str) -> None:
        audit.write(
            conn,
            COMMISSIONED,
            now=now,
            platform="cli",
            actor_id=REQUESTER,
            actor_name=operator,
            space=space,
            investigation_id=inv_id,
            detail=topic[:200],
        )

    return write


async def run_background(args: Any, settings: Settings) -> int:
    """The ``--background`` branch of ``mallory investigate``."""
    if not args.background:
        raise InputError(
            "--thread goes with --background (a report posted into a thread comes from a worker)"
        )
    if args.entry:
        raise InputError("--entry cannot be used with --background")
    spec = parse_thread(args.thread) if args.thread else None
    topics = clean_topics([" ".join(args.topic)] if args.topic else sys.stdin)
    thread = await resolve(settings, spec)
    enqueued = await enqueue_topics(
        settings,
        SystemClock(),
        topics,
        thread,
        space=args.space or settings.default_space,
        operator=operator(),
    )
    for inv_id, topic in enqueued:
        print(f"{inv_id}\t{topic}")
    where = (
        f"into {args.thread}"
        if thread
        else "(`mallory investigations` shows them; reports go to the reports folder)"
    )
    print(f"enqueued {len(enqueued)} investigation(s) {where}", file=sys.stderr)
    return 0
