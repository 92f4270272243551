"""``mallory schedule add|list|pause|resume|delete|run``: standing investigations from the
command line, the same service ``/schedule`` uses in chat (the operator may change any)."""

from __future__ import annotations

import argparse
import json
import uuid
from typing import Any

from bot.clock import SystemClock
from bot.commands.background import parse_thread, resolve
from bot.config import Settings
from bot.errors import InputError
from bot.events import Person, ThreadRef
from bot.schedules.service import Where
from bot.text.display import terminal_safe

OPERATOR = "mallory schedule"


def register(subparsers: Any) -> None:
    p = subparsers.add_parser(
        "schedule",
        help="investigate on a schedule: add, list, pause, resume, delete, run",
        description="Standing investigations. Each run is an investigation posted into the schedule's "
        "thread, once per due time however many bot processes run; after downtime a schedule that "
        "missed several due times runs once and says so. A digest (--digest, or a topic starting "
        '"what\'s new") reports only what was created or changed since the previous run. Rules: '
        '"every N minutes|hours|days", "every day|weekday|weekend at 08:30", "every monday and '
        'thursday 9am", "daily", "weekly", "monthly", "on the 1st of each month", a crontab line; '
        "a zone may follow the time (Europe/Berlin), else --timezone, else MALLORY_TIMEZONE.",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog='example:\n  mallory schedule add "every weekday 08:30" "new incidents on the ingestion pipeline" '
        "--thread slack:C0123ABCD:1712345678.000100 --digest",
    )
    actions = p.add_subparsers(dest="action", required=True, metavar="ACTION")
    add = actions.add_parser(
        "add", help="add a schedule", description="Add a schedule and print its id and next run."
    )
    add.add_argument("rule", help='when: "every monday 09:00", "every 2 hours", "0 9 * * mon-fri"…')
    add.add_argument("topic", help="what to investigate each time")
    add.add_argument(
        "--thread", help="where the runs go: PLATFORM:CHANNEL:THREAD (without it: the reports folder only)"
    )
    add.add_argument("--digest", action="store_true", help="report only what is new since the previous run")
    add.add_argument("--owner", default="", help="the platform user id the runs ping and count against")
    add.add_argument("--timezone", help="IANA zone of the rule's times (default MALLORY_TIMEZONE)")
    add.add_argument("--space", help="knowledge space without --thread (default MALLORY_DEFAULT_SPACE)")
    listing = actions.add_parser("list", help="list schedules", description="List every schedule.")
    listing.add_argument("--json", action="store_true", help="one JSON object per line")
    for name, what in (
        ("pause", "pause a schedule (it keeps its rule)"),
        ("resume", "resume a paused schedule from now"),
        ("delete", "delete a schedule (its reports stay)"),
        ("run", "run a schedule now (its next due time stays)"),
    ):
        one = actions.add_parser(name, help=what, description=what[0].upper() + what[1:] + ".")
        one.add_argument("id", help="the schedule's id (mallory schedule list)")
    p.set_defaults(handler=cmd_schedule)


async def cmd_schedule(args: argparse.Namespace, settings: Settings) -> int:
    from bot.runtime import Runtime

    thread = None
    if args.action == "add" and args.thread:
        thread = await resolve(settings, parse_thread(args.thread))
    async with Runtime.open(settings, clock=SystemClock()) as rt:
        scheduling = rt.core.scheduling
        operator = Person(OPERATOR, OPERATOR)
        if args.action == "list":
            for row in await scheduling.listing():
                if args.json:
                    print(json.dumps(_record(row), ensure_ascii=False))
                else:
                    print(terminal_safe(f"{scheduling.describe(row)}  [{row.owner_name or row.owner_id}]"))
            return 0
        if args.action == "add":
            ref = thread or ThreadRef("cli", "local", "schedule", uuid.uuid4().hex)
            conv, _ = await rt.conversations.get_or_create(
                key=ref.key, platform=ref.platform, space=ref.space, channel=ref.channel,
                thread=ref.thread, thread_ref=ref.to_json(), now=rt.clock.now(),
            )  # fmt: skip
            space = conv.space if thread is not None else (args.space or settings.default_space)
            if thread is not None:
                space = scheduling.gate.policy.knowledge_space(ref)
            owner = Person(args.owner, args.owner) if args.owner else operator
            said = await scheduling.add(
                f"{args.rule} {args.topic}",
                owner,
                Where(ref, conv.id, space),
                zone=args.timezone,
                digest=args.digest,
                by_operator=True,
            )
            print(terminal_safe(said))
            if not said.startswith("Scheduled "):
                raise InputError(said)
            return 0
        verb = {"pause": scheduling.pause, "resume": scheduling.resume, "delete": scheduling.delete}
        act = verb.get(args.action, scheduling.run_now)
        print(terminal_safe(await act(args.id, operator, None)))
    return 0


def _record(row: Any) -> dict[str, Any]:
    return {
        "id": row.id,
        "owner": row.owner_id,
        "thread": ThreadRef.from_json(row.thread_ref).key,
        "rule": row.rule_text,
        "spec": row.rule,
        "timezone": row.timezone,
        "topic": row.topic,
        "mode": row.mode,
        "next_run": row.next_run.isoformat(),
        "last_run": row.last_run.isoformat() if row.last_run else None,
        "runs": row.runs,
        "paused": row.paused,
        "paused_reason": row.paused_reason,
    }
