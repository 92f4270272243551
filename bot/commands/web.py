"""``mallory web`` (the investigations view on its own port) and ``mallory web-link`` (a
one-time sign-in link, printed for an operator to hand over)."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from bot.config import Bounded, Settings
from bot.core.adapter import load_web
from bot.errors import ConfigError

WEB_HELP = """\
Serve the investigations view: a read-only web page where a team reads its reports, sees
how they connect and what the model costs. People sign in with a private one-time link:
/web in Slack or Telegram (or the console), or `mallory web-link` from an operator.

The pages are at /ui/ on PORT. Set MALLORY_PUBLIC_URL to the address people reach it at
(the links point there; with https the session cookie is Secure) and MALLORY_WEB_SESSION
to how long a session lasts (seconds, default 28800).

Behind a reverse proxy: listen on 127.0.0.1, let the proxy terminate TLS and forward
/ui/ unchanged (e.g. nginx `location /ui/ { proxy_pass http://127.0.0.1:PORT; }`), and set
MALLORY_PUBLIC_URL=https://your.host. If the proxy serves Mallory under a prefix it strips
(https://your.host/mallory/ui/ → /ui/), put the prefix in the URL:
MALLORY_PUBLIC_URL=https://your.host/mallory. `mallory run --http PORT` serves the same
pages at /ui/ beside /slack/events. See docs/web.md."""


def register(subparsers: Any) -> None:
    p = subparsers.add_parser(
        "web",
        help="serve the investigations view (read-only web pages) on a port",
        description=WEB_HELP,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument(
        "--port",
        type=Bounded(int, 0, 65535),
        default=8080,
        help="port to listen on (default 8080; 0: any free port)",
    )
    p.add_argument(
        "--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1: behind a proxy)"
    )
    p.set_defaults(handler=cmd_web)

    p = subparsers.add_parser(
        "web-link",
        help="print a one-time sign-in link to the investigations view",
        description="Print a one-time sign-in link (valid 10 minutes) for a person, as /web "
        "would send them. Without --space or --admin they see the spaces of the places they "
        "have talked to Mallory from, as the access policy allows on each request.",
    )
    p.add_argument("--user", required=True, help="who it is for: slack:USER_ID or telegram:USER_ID")
    p.add_argument("--admin", action="store_true", help="the link sees every space")
    p.add_argument("--space", action="append", default=[], help="a space it sees (repeatable)")
    p.set_defaults(handler=cmd_web_link)


async def cmd_web(args: argparse.Namespace, settings: Settings) -> int:
    from bot.cli import _until_signal
    from bot.runtime import Runtime

    kind = load_web()
    if kind is None:
        raise ConfigError("the investigations view is not installed; run `make install`")
    if not 0 <= args.port <= 65535:
        raise ConfigError(f"--port {args.port}: not a port")
    async with Runtime.open(settings, platforms=()) as rt:
        view = kind.from_core(settings, rt.core)
        try:
            await view.start(args.host, args.port)
        except OSError as exc:
            raise ConfigError(f"cannot listen on {args.host}:{args.port}: {exc.strerror}") from None
        print(
            f"investigations view on http://{args.host}:{view.port}{view.prefix}/ "
            f"(links point to {settings.public_url}{view.prefix}/)",
            file=sys.stderr,
        )
        try:
            await _until_signal()
        finally:
            await view.stop()
    return 0


async def cmd_web_link(args: argparse.Namespace, settings: Settings) -> int:
    from bot.runtime import Runtime

    async with Runtime.open(settings, platforms=()) as rt:
        url = await rt.core.web.link_for_operator(args.user, admin=args.admin, spaces=list(args.space))
    print(url)
    return 0
