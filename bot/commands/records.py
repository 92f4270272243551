"""``mallory forget --user ID | --space S`` (remove their messages, investigations and
entries, and say what was removed) and ``mallory audit`` (who commissioned, corrected,
cancelled or forgot what)."""

from __future__ import annotations

import argparse
import getpass
import json
from pathlib import Path
from typing import Any

from bot.clock import SystemClock
from bot.config import Bounded, Settings
from bot.errors import InputError
from bot.text.display import terminal_safe


def register(subparsers: Any) -> None:
    p = subparsers.add_parser(
        "forget",
        help="remove a user's or a space's messages, investigations and entries",
        description="Remove, in one transaction, everything Mallory keeps of one user (their messages, "
        "the investigations they asked for with their reports, the entries they saved with /remember, "
        "their routing corrections and audit records; their model usage is kept for the totals, "
        "unlinked from them) or of one knowledge space (its conversations, investigations, reports, "
        "entries and audit records), then print what was removed. Give exactly one of --user or "
        "--space. A running bot stops finding removed entries at its next search (within a second). "
        "The audit log keeps one 'forgot' record: when, who ran it, which user or space and how "
        "much, no content. /remember entries saved before authors were recorded are matched by the "
        "message that saved them; those that cannot be are listed and kept.",
    )
    p.add_argument("--user", help="platform user id (Slack U…, Telegram numeric id)")
    p.add_argument(
        "--space", help="knowledge space (a Slack team id, a Telegram chat id, or a MALLORY_SPACES name)"
    )
    p.set_defaults(handler=cmd_forget)

    p = subparsers.add_parser(
        "audit",
        help="list who commissioned, corrected, cancelled or forgot what",
        description="Print the audit log, newest first.",
    )
    p.add_argument("--user", help="only this actor")
    p.add_argument("--limit", type=Bounded(int, 1, 100_000), default=50)
    p.add_argument("--json", action="store_true", help="one JSON object per line")
    p.set_defaults(handler=cmd_audit)


async def cmd_forget(args: argparse.Namespace, settings: Settings) -> int:
    from storage.db import Database
    from storage.records import forget

    user = (args.user or "").strip() or None
    space = (args.space or "").strip() or None
    if (user is None) == (space is None):
        raise InputError("give exactly one of --user ID or --space NAME")
    db = Database(settings.resolved_database_url)
    try:
        await db.migrate()
        gone = await forget(db, user=user, space=space, now=SystemClock().now(), by=operator())
    finally:
        await db.dispose()
    files = _remove_reports(gone.report_files, settings.reports_dir)
    what = f"user {user}" if user else f"space {space}"
    print(f"forgot {what}: {gone.summary()} ({files} report files deleted)")
    if gone.unattributed:
        print(
            f"kept {len(gone.unattributed)} /remember entries saved before authors were recorded, whose "
            "message is gone too, so no one can say whose they are (forget --space removes them with "
            "their space):"
        )
        for item in gone.unattributed:
            saved_by = terminal_safe(item.author) or "(no name)"
            print(f"  [Entry {item.entry_id[:8]}] in space {item.space}, saved by {saved_by!r}")
    return 0


def operator() -> str:
    """Who ran the command, for the audit record (the login name; empty if unknown)."""
    try:
        return getpass.getuser()
    except (KeyError, OSError):
        return ""


def _remove_reports(paths: list[str], reports_dir: Path) -> int:
    """Delete report files, but only inside the reports folder (a path from the database is
    not trusted to point anywhere else)."""
    root = reports_dir.resolve()
    removed = 0
    for raw in paths:
        path = Path(raw).resolve()
        if path.is_relative_to(root) and path.is_file():
            path.unlink()
            removed += 1
    return removed


async def cmd_audit(args: argparse.Namespace, settings: Settings) -> int:
    from storage.db import Database
    from storage.records import Audit

    db = Database(settings.resolved_database_url)
    try:
        await db.migrate()
        rows = await Audit(db).listing(limit=args.limit, actor_id=args.user)
    finally:
        await db.dispose()
    for row in rows:
        if args.json:
            print(json.dumps(row.model_dump(mode="json"), ensure_ascii=False))
        else:
            who = f"{row.platform}:{row.actor_id}" + (f" ({row.actor_name})" if row.actor_name else "")
            inv = f" investigation {row.investigation_id[:8]}" if row.investigation_id else ""
            line = f"{row.at:%Y-%m-%d %H:%M:%S} {row.action:<12} {who}{inv} [{row.space}] {row.detail}"
            print(terminal_safe(line))
    if not rows and not args.json:  # JSON lines: an empty log is no line at all
        print("the audit log is empty")
    return 0
