"""Wiring: builds every part of Mallory from ``Settings`` once, in one place, and tears it
down again. The CLI, the adapters' tests and the benchmarks all start here."""

from __future__ import annotations

import asyncio
import hashlib
import logging
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path

from bot.app import Mallory
from bot.clock import Clock, SystemClock
from bot.config import Settings
from bot.knowledge.ingest import IngestResult, ingest_path
from bot.llm import LLMProvider, make_provider
from bot.llm.usage import Call
from bot.persona import Persona, capabilities, load_persona
from bot.policy import AccessPolicy, TokenQuota, metered
from bot.research import names
from bot.research.investigate import Investigator
from bot.research.lexical import LexicalIndex
from bot.research.search import Retriever
from bot.research.synthesis import Synthesizer
from bot.routing.meaning import EMBEDDER as MEANING_EMBEDDER
from bot.work.worker import Worker
from storage.conversations import Conversations
from storage.db import Database
from storage.knowledge import GLOBAL_SPACE, Knowledge
from storage.models import Entry, ModelCall
from storage.queue import Queue
from storage.usage import UsageLog

log = logging.getLogger(__name__)


@dataclass
class Runtime:
    settings: Settings
    clock: Clock
    db: Database
    knowledge: Knowledge
    conversations: Conversations
    queue: Queue
    retriever: Retriever
    llm: LLMProvider
    persona: Persona
    investigator: Investigator
    synthesizer: Synthesizer  # a report's summary (the worker's, and `mallory investigate`'s)
    core: Mallory
    worker: Worker
    usage: UsageLog
    semantic: object | None = None
    embedder_description: str = "none (lexical search only)"
    platforms: list[str] = field(default_factory=list)
    on_entries: Callable[[Sequence[Entry]], Awaitable[None]] | None = None  # what a write of entries starts

    @classmethod
    @asynccontextmanager
    async def open(
        cls,
        settings: Settings,
        *,
        clock: Clock | None = None,
        platforms: Sequence[str] = ("console",),
        llm: LLMProvider | None = None,
    ) -> AsyncIterator[Runtime]:
        """Build everything (migrating the database first) and close it all afterwards."""
        clock = clock or SystemClock()
        policy = AccessPolicy.from_settings(settings)  # a bad setting fails here, before the database
        db = Database(settings.resolved_database_url)
        await db.migrate()
        knowledge = Knowledge(db)
        conversations = Conversations(db)
        queue = Queue(db)
        semantic, description = _semantic_side(settings, db, clock)
        lexical = LexicalIndex(knowledge, clock=clock, saved=lexical_index_path(settings))
        retriever = Retriever(knowledge, semantic, clock=clock, visible=policy.visible, lexical=lexical)  # type: ignore[arg-type]
        caps = capabilities(
            llm_online=settings.use_anthropic,
            web_search=settings.web_search and settings.use_anthropic,
            semantic=semantic is not None,
            platforms=list(platforms),
        )
        persona = load_persona(settings.persona_file, caps)
        usage = UsageLog(db)

        async def on_usage(call: Call) -> None:
            await usage.record(
                ModelCall(
                    created_at=clock.now(),
                    job=call.job,
                    model=call.model,
                    space=call.scope.space,
                    conversation_id=call.scope.conversation_id,
                    message_id=call.scope.message_id,
                    investigation_id=call.scope.investigation_id,
                    user_id=call.scope.user_id,
                    input_tokens=call.tokens.input,
                    output_tokens=call.tokens.output,
                    cache_write_tokens=call.tokens.cache_write,
                    cache_read_tokens=call.tokens.cache_read,
                    stop_reason=call.stop_reason,
                )
            )

        provider = llm or make_provider(settings, capabilities=caps, on_usage=on_usage, clock=clock)
        if llm is not None and getattr(llm, "on_usage", False) is None:
            llm.on_usage = on_usage  # type: ignore[attr-defined]
        # every model call, from the core and the worker alike, passes the daily token quotas
        provider = metered(provider, TokenQuota(policy, usage, clock.now))
        investigator = Investigator(knowledge, retriever, provider, similar=semantic)  # type: ignore[arg-type]
        on_entries = _indexing(semantic, investigator, policy.visible)
        synthesizer = Synthesizer(provider)
        core = Mallory(
            settings=settings,
            clock=clock,
            conversations=conversations,
            queue=queue,
            knowledge=knowledge,
            retriever=retriever,
            llm=provider,
            persona=persona,
            on_entries=on_entries,
            policy=policy,
        )
        worker = Worker(
            settings=settings,
            clock=clock,
            queue=queue,
            conversations=conversations,
            knowledge=knowledge,
            investigator=investigator,
            llm=provider,
            synthesizer=synthesizer,
            on_entries=on_entries,
            database_status=core.database_status,
        )
        core.on_enqueued = worker.wake
        # schedules: the worker takes due runs (posting notes with its senders) and its timer
        # is set again when one is made or resumed
        worker.schedules.due_runs = core.scheduling.runs
        core.scheduling.runs.senders = worker.senders
        core.scheduling.runs.on_enqueued = worker.wake
        core.scheduling.on_changed = worker.schedules.arm
        worker.delivery.on_undeliverable = core.scheduling.runs.undeliverable
        core.outbox.later.on_due = worker.replies_due  # a rate-limited answer is posted when due
        core.commission.vectors = semantic  # type: ignore[assignment]
        if getattr(semantic, "model", None) == MEANING_EMBEDDER:
            # the router's unsure decisions read the message's meaning
            core.inbound.meaning = semantic  # type: ignore[assignment]
        rt = cls(
            settings=settings,
            clock=clock,
            db=db,
            knowledge=knowledge,
            conversations=conversations,
            queue=queue,
            retriever=retriever,
            llm=provider,
            persona=persona,
            investigator=investigator,
            synthesizer=synthesizer,
            core=core,
            worker=worker,
            usage=usage,
            semantic=semantic,
            embedder_description=description,
            platforms=list(platforms),
            on_entries=on_entries,
        )
        try:
            yield rt
        finally:
            await rt.close()

    async def warm(self) -> tuple[int, int]:
        """Load now what the first messages would otherwise wait for: the search indexes
        (``Retriever.warm``) and the tables the names check reads (``names.warm``: the English
        words, Porter's tails, ~250 ms). A long-running bot starts this in the background as it
        starts serving. Returns (entries, vectors) held."""
        held = await self.retriever.warm()
        await asyncio.to_thread(names.warm)
        return held

    async def close(self) -> None:
        await self.worker.stop()
        close_semantic = getattr(self.semantic, "aclose", None)
        if close_semantic is not None:
            await close_semantic()
        await self.llm.aclose()
        await self.db.dispose()

    async def ingest(self, path: Path, *, space: str = GLOBAL_SPACE) -> IngestResult:
        async def embed(entries: Sequence[Entry]) -> None:
            if self.on_entries is not None:
                await self.on_entries(entries)

        return await ingest_path(
            path, knowledge=self.knowledge, space=space, now=self.clock.now(), after_upsert=embed
        )

    async def seed_vault(self) -> IngestResult | None:
        """Load the configured vault into the global space when the knowledge base is empty."""
        if await self.knowledge.count() > 0:
            return None
        return await self.ingest(self.settings.vault, space=GLOBAL_SPACE)


def lexical_index_path(settings: Settings) -> Path:
    """Where the lexical index is kept between runs: the data folder, one file per database."""
    return settings.data_dir / "index" / f"lexical-{_database_key(settings)}.npz"


def vector_index_path(settings: Settings, model: str) -> Path:
    """Where the vector index is kept between runs: one file per database and embedding model."""
    key = hashlib.sha1(model.encode()).hexdigest()[:8]
    return settings.data_dir / "index" / f"vectors-{_database_key(settings)}-{key}.npz"


def _database_key(settings: Settings) -> str:
    from sqlalchemy.engine import make_url

    shown = make_url(settings.resolved_database_url).render_as_string(hide_password=True)
    return hashlib.sha1(shown.encode()).hexdigest()[:12]


def _indexing(
    semantic: object | None, investigator: Investigator, visible: Callable[[str], Sequence[str]]
) -> Callable[[Sequence[Entry]], Awaitable[None]] | None:
    """What entries just written go through: their vectors, then their passages' vectors."""
    embed = getattr(semantic, "embed_entries", None)
    if embed is None:
        return None

    async def index(entries: Sequence[Entry]) -> None:
        await embed(entries)
        await investigator.recall.answerer.index_passages(entries, visible)

    return index


def _semantic_side(settings: Settings, db: Database, clock: Clock) -> tuple[object | None, str]:
    """The semantic half of retrieval, when an embedder is configured and available."""
    if settings.embedder == "none":
        return None, "none (lexical search only, as configured)"
    try:
        from bot.research.embedders import make_embedder
        from bot.research.semantic import SemanticIndex
    except ImportError:
        return None, "none (lexical search only: semantic search is not installed)"
    embedder, description = make_embedder(settings)
    if embedder is None:
        return None, description
    saved = vector_index_path(settings, embedder.name)
    return SemanticIndex(db, embedder, clock=clock, saved=saved), description
