"""``mallory policy``: print the effective access policy (who may talk to Mallory, who may
commission investigations, what each place sees, the quotas), as read from the settings."""

from __future__ import annotations

import argparse
import json
from typing import Any

from bot.config import Settings
from bot.policy import AccessPolicy


def register(subparsers: Any) -> None:
    p = subparsers.add_parser(
        "policy",
        help="print the effective access policy",
        description="Print who may talk to Mallory (Slack workspaces, channels and users; Telegram "
        "chats and users), who may commission investigations, the admins, open channels, which "
        "knowledge space each place reads, and the quotas — as read from the environment and .env.",
    )
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.set_defaults(handler=cmd_policy)


async def cmd_policy(args: argparse.Namespace, settings: Settings) -> int:
    policy = AccessPolicy.from_settings(settings)
    if args.json:
        print(json.dumps(policy.data(), indent=2))
        return 0
    lines = policy.describe()
    width = max(len(name) for name, _ in lines)
    for name, value in lines:
        print(f"{name.ljust(width)}  {value}")
    return 0
