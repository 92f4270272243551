"""`mallory doctor`: is everything this process would use ready? The database, the data
folder, the embedder, each configured platform, the model, the access policy and the search indexes
(loaded, with their sizes and the process's resident memory), each checked for real and reported in
one line. Never prints a secret: every line goes through ``redact``."""

from __future__ import annotations

import os
import tempfile
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from typing import Any

from bot.config import Settings
from bot.core.adapter import delivery_plan, load_adapter
from bot.text.redact import redact

PlatformCheck = Callable[[Settings], Awaitable[str]]


@dataclass(frozen=True)
class Check:
    name: str
    ok: bool
    detail: str


async def run_checks(settings: Settings, platforms: dict[str, PlatformCheck]) -> list[Check]:
    """Every check, in order; one failing does not stop the others."""
    checks: list[tuple[str, PlatformCheck]] = [
        ("database", check_database),
        ("data folder", check_data_folder),
        ("embedder", check_embedder),
        *platforms.items(),
        ("worker delivery", check_worker_delivery),
        ("model", check_model),
        ("access policy", check_policy),
        ("search indexes", check_indexes),
    ]
    results = []
    for name, check in checks:
        try:
            results.append(Check(name, True, await check(settings)))
        except Exception as exc:
            results.append(Check(name, False, _why(exc)))
    return results


def render(results: Sequence[Check], secrets: Sequence[str]) -> str:
    lines = [f"{'ok  ' if c.ok else 'FAIL'} {c.name}: {redact(c.detail, secrets)}" for c in results]
    failed = [c.name for c in results if not c.ok]
    lines.append(f"not ready: {', '.join(failed)}" if failed else "ready")
    return "\n".join(lines)


def _why(exc: BaseException) -> str:
    text = " ".join(str(exc).split())[:300]
    return f"{type(exc).__name__}: {text}" if text else type(exc).__name__


# ------------------------------------------------------------------ the checks


async def check_database(settings: Settings) -> str:
    """Reachable, which server, and whether the schema is at the newest migration (doctor
    never migrates: `mallory migrate` does)."""
    from alembic.script import ScriptDirectory
    from sqlalchemy.engine import make_url

    from storage.db import MIGRATIONS, Database

    url = settings.resolved_database_url
    shown = make_url(url).render_as_string(hide_password=True)
    db = Database(url)
    try:
        version, at = await _probe(db)
    except Exception as exc:
        raise RuntimeError(f"cannot use the database at {shown}: {_why(exc)}") from None
    finally:
        await db.dispose()
    from alembic.config import Config

    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    scripts = ScriptDirectory.from_config(cfg)
    head = scripts.get_current_head()
    if at is None:
        return (
            f"{version} at {shown}, empty: the first `mallory run` (or `mallory migrate`) creates the schema"
        )
    if at != head:
        known = {script.revision for script in scripts.walk_revisions()}
        if at not in known:
            raise RuntimeError(
                f"{version} at {shown}: schema at {at}, newer than this Mallory (newest {head})"
            )
        raise RuntimeError(f"{version} at {shown}: schema at {at}, newest is {head}; run `mallory migrate`")
    return f"{version} at {shown}, migrations at head ({head})"


async def _probe(db: Any) -> tuple[str, str | None]:
    """The server's name and version, and the schema's migration (None: no schema)."""
    if db.dialect == "postgresql":
        row = await db.fetch_one("SHOW server_version")
        version = f"PostgreSQL {str(row['server_version']).split()[0]}"
    else:
        row = await db.read_sql(lambda conn: db.execute(conn, "SELECT sqlite_version() AS version").first())
        version = f"SQLite {row['version']}"

    exists = (
        "SELECT to_regclass('alembic_version') IS NOT NULL AS found"
        if db.dialect == "postgresql"
        else "SELECT EXISTS (SELECT 1 FROM sqlite_master WHERE name = 'alembic_version') AS found"
    )

    def current(conn: Any) -> str | None:
        if not db.execute(conn, exists).first()["found"]:
            return None  # a new database
        found = db.execute(conn, "SELECT version_num FROM alembic_version").first()
        return None if found is None else str(found["version_num"])

    at = await db.read_sql(current)
    return version, at


async def check_data_folder(settings: Settings) -> str:
    """Exists (or can be made) and takes a file."""
    folder = settings.data_dir
    folder.mkdir(parents=True, exist_ok=True)
    handle, name = tempfile.mkstemp(prefix=".doctor-", dir=folder)
    os.close(handle)
    os.unlink(name)
    return f"{folder.resolve()} is writable"


async def check_embedder(settings: Settings) -> str:
    """The configured embedder embeds one short text (lexical-only is a choice, not a fault)."""
    if settings.embedder == "none":
        return "none (lexical search only, as configured)"
    from bot.research.embedders import make_embedder

    embedder, description = make_embedder(settings)
    if embedder is None:
        if settings.embedder == "auto":
            return description
        raise RuntimeError(description)
    vectors = await embedder.embed(["doctor"])
    if len(vectors) != 1:
        raise RuntimeError(f"{description}: expected one vector, got {len(vectors)}")
    return f"{description}, {len(vectors[0])} dimensions"


async def check_worker_delivery(settings: Settings) -> str:
    """Which platforms a `mallory worker` with this configuration posts its results to (the
    bot token of each is all it needs)."""
    platforms, why = delivery_plan(settings)
    if not platforms:
        return (
            "a `mallory worker` here delivers to no platform: its results wait in the database "
            f"for a process that does ({'; '.join(why)})"
        )
    return f"a `mallory worker` here delivers to {', '.join(platforms)}"


async def check_model(settings: Settings) -> str:
    """A one-token call to the fast model, when a model is configured."""
    if not settings.use_anthropic:
        return "offline (no ANTHROPIC_API_KEY, or MALLORY_LLM=offline): extractive answers only"
    if settings.anthropic_api_key is None:
        raise RuntimeError("MALLORY_LLM=anthropic needs ANTHROPIC_API_KEY")
    import anthropic

    client = anthropic.AsyncAnthropic(
        api_key=settings.anthropic_api_key.get_secret_value(),
        base_url=settings.anthropic_base_url,
        timeout=settings.budget_chat_s,
        max_retries=0,
    )
    try:
        reply = await client.messages.create(
            model=settings.fast_model, max_tokens=1, messages=[{"role": "user", "content": "ping"}]
        )
    except anthropic.APIStatusError as exc:
        raise RuntimeError(f"{settings.fast_model}: HTTP {exc.status_code} ({type(exc).__name__})") from None
    except anthropic.APIConnectionError as exc:  # the base URL only: never a key
        where = str(client.base_url).rstrip("/")
        raise RuntimeError(
            f"{settings.fast_model}: could not reach {where} ({type(exc).__name__}; "
            "check ANTHROPIC_BASE_URL and the network)"
        ) from None
    except anthropic.APIError as exc:
        raise RuntimeError(f"{settings.fast_model}: {type(exc).__name__}") from None
    finally:
        await client.close()
    return f"{settings.fast_model} answers (model {reply.model})"


async def check_policy(settings: Settings) -> str:
    """The effective access policy in one line (`mallory policy` prints it in full)."""
    from bot.policy import AccessPolicy

    return "; ".join(f"{name} {value}" for name, value in AccessPolicy.from_settings(settings).describe())


# ------------------------------------------------------------------ the command


async def check_indexes(settings: Settings) -> str:
    """The search indexes loaded as a bot loads them: what they hold, their size, how long
    they took, and this process's resident memory then (the embedder's model included)."""
    import time

    from bot.research.embedders import make_embedder
    from bot.research.lexical import LexicalIndex
    from bot.research.search import Retriever
    from bot.research.semantic import SemanticIndex
    from bot.runtime import lexical_index_path, vector_index_path
    from storage.db import Database
    from storage.knowledge import Knowledge

    db = Database(settings.resolved_database_url)
    try:
        if (await _probe(db))[1] is None:
            return f"nothing to load (no schema yet); resident {resident_mib():.0f} MiB"
        embedder = make_embedder(settings)[0] if settings.embedder != "none" else None
        semantic = (
            SemanticIndex(db, embedder, saved=vector_index_path(settings, embedder.name))
            if embedder is not None
            else None
        )
        knowledge = Knowledge(db)
        retriever = Retriever(
            knowledge, semantic, lexical=LexicalIndex(knowledge, saved=lexical_index_path(settings))
        )
        started = time.monotonic()
        entries, vectors = await retriever.warm()
        took = time.monotonic() - started
        sizes = f"{entries} entries (postings {retriever.lexical.nbytes / 2**20:.1f} MiB)"
        if semantic is not None:
            sizes += f", {vectors} vectors ({semantic.nbytes / 2**20:.1f} MiB)"
        return f"{sizes}, loaded in {took:.1f} s; resident {resident_mib():.0f} MiB"
    finally:
        await db.dispose()


def resident_mib() -> float:
    """This process's resident set size now (Linux), else its peak."""
    try:
        with open("/proc/self/statm", encoding="ascii") as handle:
            pages = int(handle.read().split()[1])
        return pages * os.sysconf("SC_PAGE_SIZE") / 2**20
    except (OSError, IndexError, ValueError):
        import resource

        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def register(subparsers: Any) -> None:
    p = subparsers.add_parser(
        "doctor",
        help="check that the database, data folder, embedder, platforms and model are ready",
        description="Check, for real, everything this configuration would use: the database "
        "(reachable, server version, migrations), the data folder (writable), the embedder, each "
        "configured platform (Slack auth.test, Telegram getMe), the model (a one-token call), the "
        "access policy in force (see `mallory policy`) and the search indexes (loaded: their sizes, "
        "the time taken, the process's resident memory). "
        "Prints one line per check; exits 1 if any failed. Never prints a secret.",
    )
    p.set_defaults(handler=cmd_doctor)


def configured_platforms(settings: Settings) -> dict[str, PlatformCheck]:
    """A check for each platform that has a token set."""
    wanted = [
        name
        for name, token in (("slack", settings.slack_bot_token), ("telegram", settings.telegram_bot_token))
        if token is not None and token.get_secret_value()
    ]
    return {name: load_adapter(name).doctor for name in wanted}  # type: ignore[attr-defined]


async def cmd_doctor(args: Any, settings: Settings) -> int:
    results = await run_checks(settings, configured_platforms(settings))
    print(render(results, settings.secrets()))
    return 0 if all(c.ok for c in results) else 1
