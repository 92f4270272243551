"""The ``mallory`` command line. Settings are read here, once; every subcommand gets them
as a typed object. User mistakes end in one clear line, never a traceback."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import importlib
import json
import logging
import pkgutil
import signal
import sys
import time
import uuid
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, NoReturn

from pydantic import ValidationError

from bot import __version__
from bot.config import Bounded, Settings, explain, load_settings, unknown_variables
from bot.core.adapter import (
    Adapter,
    OneConversation,
    Serving,
    delivery_plan,
    installed,
    load_adapter,
    load_plan,
    load_web,
)
from bot.errors import InputError, MalloryError
from bot.events import ThreadRef
from bot.text.display import count
from bot.text.redact import RedactSecrets

log = logging.getLogger("mallory")

CONSOLE = "console"  # the adapter `run` falls back to, and `chat` opens

Handler = Callable[[argparse.Namespace, Settings], Awaitable[int]]

# one default space for the console and every command, so what one stores the others find
SPACE_HELP = (
    "{what} (default: MALLORY_DEFAULT_SPACE, 'global'; the console chat and every command "
    "share it, and entries in 'global' are seen from every space)"
)


# --------------------------------------------------------------------------- logging


def setup_logging(settings: Settings, *, verbose: bool = False) -> None:
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    handler.addFilter(RedactSecrets(settings.secrets()))
    root = logging.getLogger()
    root.handlers[:] = [handler]
    level = logging.INFO if verbose else getattr(logging, settings.log_level.upper(), logging.WARNING)
    root.setLevel(level)
    for noisy in (
        "httpx",
        "httpcore",
        "apscheduler",
        "alembic",
        "telegram",
        "slack_bolt",
        "hpack",
    ):
        logging.getLogger(noisy).setLevel(max(level, logging.WARNING))
    # The database drivers' connection pools log each connection an outage breaks, with a
    # traceback; the outage itself is logged once down and once back (bot/inbound/door.py),
    # so theirs are shown only when debugging.
    for pool in ("asyncpg", "sqlalchemy.pool"):
        logging.getLogger(pool).setLevel(logging.DEBUG if level <= logging.DEBUG else logging.CRITICAL)


def err(text: str) -> None:
    print(f"mallory: {text}", file=sys.stderr)


# --------------------------------------------------------------------------- commands


async def cmd_chat(args: argparse.Namespace, settings: Settings) -> int:
    from bot.runtime import Runtime

    console = load_adapter("console")
    if getattr(args, "space", None):
        settings = settings.model_copy(update={"default_space": args.space})
    async with Runtime.open(settings, platforms=["console"]) as rt:
        await _announce(rt, seed=not args.no_seed)
        # a new conversation per run, also for two runs started in the same second
        session = args.session or f"session-{datetime.now(UTC):%Y%m%d-%H%M%S}-{uuid.uuid4().hex[:6]}"
        interactive = sys.stdin is not None and sys.stdin.isatty()
        adapter = console.from_settings(
            settings, rt.core, Serving(session=session, user=args.user, prompt=interactive)
        )
        rt.worker.senders[adapter.name] = adapter.sender
        rt.worker.start()
        if interactive:
            print("Type a message and press Enter; Ctrl-D to quit.\n", file=sys.stderr)
        try:
            await adapter.start()
            try:
                await adapter.wait_closed()
            finally:
                await adapter.stop()
            waited = not isinstance(adapter, OneConversation) or await wait_for_thread(
                rt, adapter.thread, timeout=args.wait
            )
        finally:
            say_handed_back(await rt.worker.stop())
        if not waited:
            err(f"stopped waiting after {args.wait:g}s; open investigations continue with `mallory worker`")
            return 3
    return 0


def say_handed_back(investigations: list[Any]) -> None:
    """At exit: what this process was still working on went back to the queue."""
    for inv in investigations:
        err(
            f'handed back the unfinished investigation of "{inv.question[:80]}" '
            "(no attempt spent): the next `mallory worker` or `mallory chat` picks it up at once"
        )


async def wait_for_thread(rt: Any, thread: ThreadRef, *, timeout: float) -> bool:
    """Run the worker until every investigation of this conversation has been delivered."""
    conv = await rt.conversations.by_key(thread.key)
    if conv is None:
        return True
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while True:
        pending = [
            i
            for i in await rt.queue.listing(limit=200)
            if i.conversation_id == conv.id and i.status not in ("delivered", "cancelled")
        ]
        if not pending:
            return True
        if loop.time() >= deadline:
            return False
        await rt.worker.run_once()
        if any(i.status == "running" for i in pending):
            await asyncio.sleep(0.2)  # another worker holds it; poll its progress


async def _announce(rt: Any, *, seed: bool) -> None:
    if seed:
        result = await rt.seed_vault()
        if result is not None:
            print(
                f"The knowledge base was empty: seeded it from {rt.settings.vault} "
                f"({count(result.created, 'note')}, {count(result.links, 'link')}).",
                file=sys.stderr,
            )
    llm = "Anthropic" if not rt.llm.offline else "offline (no ANTHROPIC_API_KEY: extractive answers)"
    print(f"Mallory {__version__} · model: {llm} · embeddings: {rt.embedder_description}", file=sys.stderr)


@asynccontextmanager
async def warming(rt: Any) -> AsyncIterator[None]:
    """Load the search indexes and the names check's word list (``Runtime.warm``) in the
    background while the bot starts serving (a search that comes first waits for them); say
    when they are ready."""

    async def warm() -> None:
        started = time.monotonic()
        try:
            entries, vectors = await rt.warm()
        except Exception as exc:  # searches still load them on demand
            print(
                f"search indexes: loading failed ({type(exc).__name__}); will retry on the first search",
                file=sys.stderr,
            )
            return
        print(
            f"search indexes ready: {entries} entries, {vectors} vectors ({time.monotonic() - started:.1f} s; "
            f"lexical: {rt.retriever.lexical.loaded}"
            + (f"; vectors: {rt.semantic.loaded}" if hasattr(rt.semantic, "loaded") else "")
            + ")",
            file=sys.stderr,
        )

    task = asyncio.create_task(warm())
    try:
        yield
    finally:
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task


def platform_plan(settings: Settings) -> tuple[list[str], list[str]]:
    """Which platform adapters `run` starts, and why each one is or is not started (the
    console is what `run` opens when none is)."""
    start, why = [], []
    for name in installed():
        if name == CONSOLE:
            continue
        configured, reason = load_plan(name).plan(settings)
        if configured:
            start.append(name)
        why.append(reason)
    return start, why


async def cmd_run(args: argparse.Namespace, settings: Settings) -> int:
    platforms, why = platform_plan(settings)
    for line in why:
        print(line, file=sys.stderr)
    if not platforms or args.console:
        print("Starting the console chat.", file=sys.stderr)
        return await cmd_chat(args, settings)
    return await _serve(platforms, args, settings)


async def _serve(platforms: list[str], args: argparse.Namespace, settings: Settings) -> int:
    from bot.runtime import Runtime

    async with Runtime.open(settings, platforms=platforms) as rt:
        mounts: tuple[tuple[str, object], ...] = ()
        web_view = load_web() if args.http is not None else None
        if web_view is not None:  # the investigations view at /ui beside /slack/events
            view = web_view.from_core(settings, rt.core)
            mounts = ((view.prefix, view.application()),)
        serving = Serving(
            http_port=args.http, webhook_url=args.webhook, webhook_port=args.port, http_mounts=mounts
        )
        await _announce(rt, seed=not args.no_seed)
        adapters: list[Adapter] = []
        try:
            for name in platforms:
                adapter = load_adapter(name).from_settings(settings, rt.core, serving)
                rt.worker.senders[name] = adapter.sender
                await adapter.start()
                adapters.append(adapter)
                print(f"{name}: started", file=sys.stderr)
            rt.worker.start()
            async with warming(rt):
                await _until_signal()
        finally:
            say_handed_back(await rt.worker.stop(grace=settings.shutdown_grace_s))
            for adapter in reversed(adapters):
                await adapter.stop()
            await _close_senders(rt.worker.senders)
    return 0


async def _close_senders(senders: dict[str, Any]) -> None:
    for sender in senders.values():
        close = getattr(sender, "aclose", None)
        if close is not None:
            try:
                await close()
            except Exception as exc:  # closing is best effort at shutdown
                log.debug("closing a sender failed: %s", type(exc).__name__)


async def _until_signal() -> None:
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        try:
            loop.add_signal_handler(sig, stop.set)
        except (NotImplementedError, RuntimeError):
            pass
    await stop.wait()


async def cmd_worker(args: argparse.Namespace, settings: Settings) -> int:
    from bot.runtime import Runtime

    platforms, _ = delivery_plan(settings)
    async with Runtime.open(settings, platforms=platforms or ["console"]) as rt:
        for name in platforms:
            sender = load_adapter(name).sender_from_settings(settings)
            if sender is not None:
                rt.worker.senders[name] = sender
        print(
            f"worker {rt.worker.worker_id}: delivering to {', '.join(platforms) or 'no platform (results wait in the database)'}",
            file=sys.stderr,
        )
        try:
            if args.once:
                ran = await rt.worker.run_once()
                await rt.worker.delivery.deliver_replies()  # and the late answers that are due
                print(f"ran {ran} investigation(s)", file=sys.stderr)
                return 0
            rt.worker.start()
            async with warming(rt):
                await _until_signal()
            print("stopping: no new claims; finishing the running investigation", file=sys.stderr)
        finally:
            say_handed_back(await rt.worker.stop(grace=settings.shutdown_grace_s))
            await _close_senders(rt.worker.senders)
    return 0


def _routing_meaning(settings: Settings) -> Any:
    """The local MiniLM the router's meaning model reads, when the embedder setting allows it
    and it is installed (None otherwise: the phrasing alone decides)."""
    if settings.embedder not in {"auto", "local"}:
        return None
    from bot.research.embedders import LocalMiniLM, local_model_missing

    return None if local_model_missing() else LocalMiniLM(cache_dir=settings.cache_dir)


async def cmd_classify(args: argparse.Namespace, settings: Settings) -> int:
    from bot.llm import make_provider
    from bot.routing import route, split_mentions

    if args.corrections:
        from bot.runtime import Runtime

        async with Runtime.open(settings) as rt:
            rows = await rt.conversations.corrections()
        for c in rows:
            record = {
                "at": c.created_at.isoformat(),
                "platform": c.platform,
                "given": c.route_given,
                "wanted": c.route_wanted,
                "text": c.text,
            }
            print(
                json.dumps(record, ensure_ascii=False)
                if args.json
                else f"{c.created_at:%Y-%m-%d %H:%M}  {c.route_given} → {c.route_wanted}  {c.text[:100]!r}"
            )
        if not rows and not args.json:
            print("no corrections recorded", file=sys.stderr)
        return 0
    provider = make_provider(settings)
    meaning = _routing_meaning(settings)
    try:

        async def decide(text: str) -> dict[str, object]:
            # typed text: "@someone" mentions someone else, "@mallory" the bot
            said, addressing = split_mentions(text)
            offline = route(said, addressing=addressing, sure_at=settings.router_sure)
            if not offline.sure and offline.source == "model" and meaning is not None:
                # as the pipeline does: an unsure decision reads what the message means
                vector = (await meaning.embed([said], input_type="query"))[0]
                offline = route(said, addressing=addressing, sure_at=settings.router_sure, meaning=vector)
            decision = offline
            if not provider.offline and not offline.sure:
                try:
                    decision = await provider.classify(said, history=[], lexicon=offline)
                except MalloryError as exc:
                    log.warning("LLM classifier failed (%s); offline decision shown", exc)
            return decision.to_dict()

        if args.text:
            result = await decide(" ".join(args.text))
            if args.json:
                print(json.dumps(result, ensure_ascii=False))
            else:
                print(f"route: {result['route']}  ({result['source']}: {result['reason']})")
                for key in ("question", "trigger", "guard"):
                    if result[key]:
                        print(f"  {key}: {result[key]}")
            return 0
        for line in sys.stdin:
            text = line.rstrip("\n")
            print(json.dumps(await decide(text), ensure_ascii=False), flush=True)
        return 0
    finally:
        await provider.aclose()


async def cmd_ingest(args: argparse.Namespace, settings: Settings) -> int:
    from bot.runtime import Runtime

    path = Path(args.path).expanduser()
    async with Runtime.open(settings) as rt:
        print(f"embeddings: {rt.embedder_description}", file=sys.stderr)
        space = args.space or settings.default_space
        result = await rt.ingest(path, space=space)
    for skipped in result.skipped:
        print(f"  skipped {skipped}", file=sys.stderr)
    if result.total == 0 and result.skipped:
        raise InputError(f"nothing ingested from {path}: {count(len(result.skipped), 'file')} skipped")
    print(
        f"ingested {count(result.total, 'entry')} from {path} into space {space!r}: "
        f"{result.created} new, {result.updated} updated, {result.unchanged} unchanged, "
        f"{count(result.links, 'link')}"
    )
    for dangling in result.dangling[:20]:
        print(f"  unresolved link {dangling}", file=sys.stderr)
    return 0


async def cmd_investigations(args: argparse.Namespace, settings: Settings) -> int:
    from bot.commands.usage import investigation_usage
    from bot.runtime import Runtime

    async with Runtime.open(settings) as rt:
        rows = await rt.queue.listing(status=args.status, limit=args.limit)
        usage = await investigation_usage(rt.usage, [i.id for i in rows], settings.llm_prices)
    if rows and not args.json:
        print(f"{'ID':<8}  {'STATUS':<9} {'ATTEMPTS':<8} {'RAN':>7}  {'COST':>7}  THREAD  QUESTION")
    for inv in rows:
        thread = ThreadRef.from_json(inv.thread_ref)
        # how long it ran (from its claim), not how long it waited in the queue
        started = inv.claimed_at or inv.created_at
        elapsed = (inv.finished_at - started).total_seconds() if inv.finished_at else None
        record = {
            "id": inv.id,
            "status": inv.status,
            "question": inv.question,
            "thread": thread.key,
            "requester": inv.requester_name or inv.requester_id,
            "attempts": inv.attempts,
            "created_at": inv.created_at.isoformat(),
            "claimed_at": inv.claimed_at.isoformat() if inv.claimed_at else None,
            "finished_at": inv.finished_at.isoformat() if inv.finished_at else None,
            "delivered_at": inv.delivered_at.isoformat() if inv.delivered_at else None,
            "seconds": elapsed,
            "report_path": inv.report_path,
            "error": inv.error,
            "tokens": {
                k: v for k, v in usage.get(inv.id, {}).items() if k.endswith("tokens") or k == "calls"
            },
            "cost_usd": usage.get(inv.id, {}).get("cost_usd", 0.0),
        }
        if args.json:
            print(json.dumps(record, ensure_ascii=False))
        else:
            took = f"{elapsed:.1f}s" if elapsed is not None else "-"
            spent = record["cost_usd"]
            cost = "     -" if not record["tokens"] else ("   n/a" if spent is None else f"${spent:.4f}")
            print(
                f"{inv.id[:8]}  {inv.status:<9} {str(inv.attempts) + '×':<8} {took:>7}  {cost:>7}  "
                f"{thread.key}  {inv.question[:70]!r}"
            )
    if not rows and not args.json:
        print("no investigations yet", file=sys.stderr)
    return 0


async def cmd_investigate(args: argparse.Namespace, settings: Settings) -> int:
    from bot.runtime import Runtime

    if args.background or args.thread:
        from bot.commands.background import run_background

        return await run_background(args, settings)
    topic = " ".join(args.topic).strip()
    if not topic and not args.entry:
        raise InputError("give a topic, or --entry ID")
    async with Runtime.open(settings) as rt:
        await _announce(rt, seed=not args.no_seed)
        from bot.commands.records import operator
        from storage.records import COMMISSIONED, Audit

        # run here, not queued: audited like every commission, with what ran it and who
        await Audit(rt.db).record(
            COMMISSIONED,
            now=rt.clock.now(),
            platform="cli",
            actor_id="mallory investigate",
            actor_name=operator(),
            space=args.space or settings.default_space,
            detail=(topic or f"entry {args.entry}")[:200],
        )

        async def progress(_phase: int, text: str) -> None:
            print(f"  {text}", file=sys.stderr)

        dossier = await rt.investigator.run(
            topic,
            space=args.space or settings.default_space,
            entry_id=args.entry,
            depth=args.depth,
            progress=progress,
        )
        synthesis = await rt.synthesizer.synthesize(dossier, [])
        from bot.research.report import render_report

        report = render_report(dossier, synthesis)
        for line in dossier.phase_reports:
            print(line, file=sys.stderr)
    print(report)
    return 0


async def cmd_recall(args: argparse.Namespace, settings: Settings) -> int:
    from bot.research.recall import Grade, render_recall
    from bot.runtime import Runtime

    question = " ".join(args.question).strip()
    space = args.space or settings.default_space
    async with Runtime.open(settings) as rt:
        if args.keyword:
            explored = await rt.core.recall.explore(
                question, space=space, keywords=args.keyword, depth=args.depth, beam=args.beam
            )
            from bot.research.recall import RecallResult

            result = RecallResult(question, explored=explored)
        else:
            result = await rt.core.recall.cascade(question, space=space)
    if args.json:
        print(
            json.dumps(
                {
                    "grade": result.grade.value,
                    "earlier": None
                    if result.earlier is None
                    else {
                        "id": result.earlier.entry.id,
                        "title": result.earlier.entry.title,
                        "grade": result.earlier.grade.value,
                        "score": result.earlier.overlap,
                    },
                    "hits": [
                        {
                            "id": h.entry.id,
                            "title": h.entry.title,
                            "score": h.score,
                            "found_by": list(h.found_by),
                        }
                        for h in result.hits
                    ],
                    "explored": [
                        {"id": x.entry.id, "title": x.entry.title, "path": list(x.path), "keyword": x.keyword}
                        for x in result.explored
                    ],
                },
                ensure_ascii=False,
            )
        )
    else:
        if result.grade is Grade.MISS:
            print("MISS: no earlier answer to this question.")
        print(render_recall(result))
    return 0


async def cmd_migrate(args: argparse.Namespace, settings: Settings) -> int:
    from storage.db import Database

    db = Database(settings.resolved_database_url)
    try:
        await db.migrate()
    finally:
        await db.dispose()
    print("database is up to date")
    return 0


# --------------------------------------------------------------------------- parser


class OneLineParser(argparse.ArgumentParser):
    """A usage error is one line on stderr and exit status 2 (its subcommands' parsers too)."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"mallory: {message} (see `{self.prog} --help`)\n")


def build_parser() -> argparse.ArgumentParser:
    parser: argparse.ArgumentParser = OneLineParser(
        prog="mallory",
        description="Mallory: a research assistant for Slack, Telegram and the terminal. "
        "Settings come from the environment and .env (see docs/configuration.md).",
    )
    parser.add_argument("--version", action="version", version=f"mallory {__version__}")
    parser.add_argument("--data-dir", help="folder for the SQLite database and reports (MALLORY_DATA_DIR)")
    parser.add_argument("--database-url", help="database URL (MALLORY_DATABASE_URL)")
    parser.add_argument("-v", "--verbose", action="store_true", help="log what happens (INFO level)")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    def add(name: str, handler: Handler, help_: str) -> argparse.ArgumentParser:
        p = sub.add_parser(name, help=help_, description=help_)
        p.set_defaults(handler=handler)
        return p

    chat_opts = argparse.ArgumentParser(add_help=False)
    chat_opts.add_argument("--session", help="console conversation id (default: a new one per run)")
    chat_opts.add_argument("--user", default="you", help="your name in the console (default: you)")
    chat_opts.add_argument(
        "--wait",
        type=Bounded(float, 0, 86400),
        default=300.0,
        help="at end of input, wait this many seconds for open investigations (default 300)",
    )
    chat_opts.add_argument("--no-seed", action="store_true", help="do not seed an empty knowledge base")
    chat_opts.add_argument(
        "--space", help=SPACE_HELP.format(what="space the console conversation reads and writes")
    )

    p = sub.add_parser(
        "run",
        parents=[chat_opts],
        help="start the adapters whose credentials are set, else the console",
        description="Start Slack and/or Telegram when their credentials are set, with an in-process "
        "worker; otherwise open the console chat.",
    )
    p.set_defaults(handler=cmd_run)
    p.add_argument(
        "--console", action="store_true", help="open the console chat even if platform credentials are set"
    )
    p.add_argument(
        "--http",
        type=Bounded(int, 1, 65535),
        metavar="PORT",
        help="Slack: serve the Events API over HTTP on PORT",
    )
    p.add_argument(
        "--webhook", metavar="URL", help="Telegram: register this webhook URL instead of long polling"
    )
    p.add_argument("--port", type=Bounded(int, 1, 65535), help="Telegram: port to serve the webhook on")

    p = sub.add_parser(
        "chat",
        parents=[chat_opts],
        help="chat in the terminal (reads stdin, pipe-friendly)",
        description="Chat with Mallory in the terminal.\n\n"
        "Where a message ends: one message per line. A line ending in a backslash continues on\n"
        "the next one; lines between two ``` lines are one message; a run of binary lines is one\n"
        "message; in a terminal, lines pasted at once are one message.\n\n"
        "Piped input works: at its end the process waits for the session's investigations\n"
        "(--wait) and hands back any still running (no attempt spent), so the next worker takes\n"
        "them at once.",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.set_defaults(handler=cmd_chat)

    p = add("classify", cmd_classify, "print the routing decision for a message (or one per stdin line)")
    p.add_argument("text", nargs="*", help="the message; omit to read one message per line from stdin")
    p.add_argument("--json", action="store_true", help="print JSON")
    p.add_argument("--corrections", action="store_true", help="list recorded one-click routing corrections")

    p = add(
        "ingest", cmd_ingest, "load a folder of Markdown notes (or a .jsonl corpus) into the knowledge base"
    )
    p.add_argument("path", help="a folder of .md notes, one .md file, or a .jsonl file (_id, title, text)")
    p.add_argument("--space", help=SPACE_HELP.format(what="space to load into"))

    p = add(
        "investigations", cmd_investigations, "list investigations with status, question, thread, attempts"
    )
    p.add_argument("--json", action="store_true", help="one JSON object per line")
    p.add_argument("--status", choices=["pending", "running", "done", "failed", "delivered", "cancelled"])
    p.add_argument("--limit", type=Bounded(int, 1, 100_000), default=50)

    p = add(
        "investigate",
        cmd_investigate,
        "run one investigation now and print the report; with --background, enqueue it for the "
        "workers instead (topics from the arguments, or one per line on stdin)",
    )
    p.add_argument("topic", nargs="*", help="what to investigate")
    p.add_argument(
        "--background",
        action="store_true",
        help="enqueue for `mallory worker` instead of running here; prints one id per topic",
    )
    p.add_argument(
        "--thread",
        metavar="PLATFORM:CHANNEL:THREAD",
        help="with --background: post the report into this thread, e.g. slack:C0123ABCD:1712345678.000100 "
        "or telegram:-1001234567890:topic:7 (default: keep it in the database and the reports folder)",
    )
    p.add_argument("--entry", help="start Phase 1 from this entry id (full or 8-character short id)")
    p.add_argument(
        "--depth", type=Bounded(int, 1, 2), default=1, help="relationship hops in Phase 2 (default 1)"
    )
    p.add_argument("--space", help=SPACE_HELP.format(what="space to read"))
    p.add_argument("--no-seed", action="store_true", help="do not seed an empty knowledge base")

    p = add("recall", cmd_recall, "search earlier answers, then the knowledge base, then the graph")
    p.add_argument("question", nargs="+")
    p.add_argument("--keyword", action="append", help="explore the graph from this keyword (repeatable)")
    p.add_argument(
        "--depth", type=Bounded(int, 1, 10), default=3, help="explore: hops from the anchors (default 3)"
    )
    p.add_argument(
        "--beam", type=Bounded(int, 1, 100), default=4, help="explore: nodes kept per hop (default 4)"
    )
    p.add_argument("--space", help=SPACE_HELP.format(what="space to read"))
    p.add_argument("--json", action="store_true")

    p = add("worker", cmd_worker, "run only the worker loop (claims, investigates, delivers)")
    p.add_argument("--once", action="store_true", help="run what is pending, deliver, and exit")

    add("migrate", cmd_migrate, "create or upgrade the database schema")

    import bot.commands as commands

    for info in pkgutil.iter_modules(commands.__path__):
        module = importlib.import_module(f"bot.commands.{info.name}")
        if hasattr(module, "register"):
            module.register(sub)
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if not getattr(args, "handler", None):
        parser.print_help()
        return 2
    overrides: dict[str, Any] = {}
    if args.data_dir:
        overrides["data_dir"] = Path(args.data_dir)
    if args.database_url:
        overrides["database_url"] = args.database_url
    try:
        settings = load_settings(**overrides)
    except ValidationError as exc:
        err(explain(exc))
        return 2
    setup_logging(settings, verbose=args.verbose)
    for line in unknown_variables():
        err(line)
    try:
        return asyncio.run(args.handler(args, settings))
    except KeyboardInterrupt:
        return 130
    except MalloryError as exc:
        err(str(exc))
        return 1
    except BrokenPipeError:
        return 0


if __name__ == "__main__":
    sys.exit(main())
