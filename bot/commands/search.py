"""``mallory search`` (the hybrid ranking, one query or one per stdin line) and
``mallory reindex`` (bring every entry's embedding up to date, with a progress bar)."""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Sequence
from typing import Any, TextIO

from bot.config import Bounded, Settings
from bot.errors import ConfigError, InputError
from bot.research.search import Hit, Retriever
from bot.text.display import terminal_safe

MODES = {"hybrid": ("lexical", "semantic"), "lexical": ("lexical",), "semantic": ("semantic",)}


def register(subparsers: Any) -> None:
    p = subparsers.add_parser(
        "search",
        help="search the knowledge base (lexical + semantic, fused)",
        description="Print the hybrid ranking for a query. With no query, read one query per line "
        "from stdin and print one JSON list of hits per line.",
    )
    p.add_argument("query", nargs="*", help="the query; omit to read one query per line from stdin")
    p.add_argument("--limit", type=Bounded(int, 1, 1000), default=10, help="hits per query (default 10)")
    p.add_argument("--json", action="store_true", help="print the hits as one JSON list")
    p.add_argument(
        "--space",
        help="space to search (default: MALLORY_DEFAULT_SPACE, 'global'; the console chat and every "
        "command share it, and global entries are always seen)",
    )
    p.add_argument(
        "--mode", choices=sorted(MODES), default="hybrid", help="which side(s) to run (default hybrid)"
    )
    p.set_defaults(handler=cmd_search)

    p = subparsers.add_parser(
        "reindex",
        help="(re)compute entry embeddings for semantic search",
        description="Embed every entry whose text changed since it was last embedded (all of them "
        "with --all), showing progress on stderr.",
    )
    p.add_argument(
        "--space", help="only this space (default: every space; the console and commands share 'global')"
    )
    p.add_argument("--all", action="store_true", help="recompute every embedding, changed or not")
    p.set_defaults(handler=cmd_reindex)


# search ------------------------------------------------------------------------------


def hit_record(hit: Hit) -> dict[str, Any]:
    """One hit as `mallory search` prints it in JSON."""
    return {
        "id": hit.entry.id,
        "source_id": hit.entry.source,
        "title": hit.entry.title,
        "score": round(hit.score, 6),
        "found_by": list(hit.found_by),
        "lexical_score": None if hit.lexical_score is None else round(hit.lexical_score, 6),
        "semantic_score": None if hit.semantic_score is None else round(hit.semantic_score, 6),
    }


async def search_records(
    retriever: Retriever, query: str, *, space: str, limit: int, mode: str = "hybrid"
) -> list[dict[str, Any]]:
    hits = await retriever.search(query, space=space, limit=limit, sides=MODES[mode])
    return [hit_record(h) for h in hits]


def format_hits(hits: Sequence[dict[str, Any]]) -> str:
    if not hits:
        return "no matches"
    lines = []
    for rank, hit in enumerate(hits, start=1):
        by = "+".join(hit["found_by"])
        title = terminal_safe(hit["title"]) or "(untitled)"
        lines.append(f"{rank:>3}. {hit['score']:.4f}  [{hit['id'][:8]}] {title}  ({by}; {hit['source_id']})")
    return "\n".join(lines)


async def run_search(
    retriever: Retriever,
    *,
    query: str | None,
    space: str,
    limit: int,
    mode: str,
    as_json: bool,
    stdin: TextIO,
    stdout: TextIO,
) -> int:
    """The body of `mallory search`, given a retriever: one query, or one per stdin line."""
    if limit < 1:
        raise InputError("--limit must be at least 1")
    if mode == "semantic" and retriever.semantic is None:
        print("mallory: no embedder active: semantic search finds nothing", file=sys.stderr)
    if query is not None:
        records = await search_records(retriever, query, space=space, limit=limit, mode=mode)
        print(json.dumps(records, ensure_ascii=False) if as_json else format_hits(records), file=stdout)
        return 0
    for line in stdin:
        text = line.rstrip("\n")
        records = []
        if text.strip():
            records = await search_records(retriever, text, space=space, limit=limit, mode=mode)
        print(json.dumps(records, ensure_ascii=False), file=stdout, flush=True)
    return 0


async def cmd_search(args: argparse.Namespace, settings: Settings) -> int:
    from bot.runtime import Runtime

    query = " ".join(args.query).strip() if args.query else None
    if args.query and not query:
        raise InputError("the query is empty")
    async with Runtime.open(settings) as rt:
        print(f"embeddings: {rt.embedder_description}", file=sys.stderr)
        return await run_search(
            rt.retriever,
            query=query,
            space=args.space or settings.default_space,
            limit=args.limit,
            mode=args.mode,
            as_json=args.json,
            stdin=sys.stdin,
            stdout=sys.stdout,
        )


# reindex -----------------------------------------------------------------------------


class ProgressBar:
    """A one-line progress bar redrawn in place on a terminal, or a line every 10% elsewhere."""

    def __init__(self, label: str, stream: TextIO, *, width: int = 30, clock: Any = time.monotonic) -> None:
        self.label = label
        self.stream = stream
        self.width = width
        self.clock = clock
        self.started = clock()
        self.tty = bool(getattr(stream, "isatty", lambda: False)())
        self._last_decile = -1

    def __call__(self, done: int, total: int) -> None:
        fraction = done / total if total else 1.0
        filled = int(self.width * fraction)
        elapsed = max(self.clock() - self.started, 1e-9)
        rate = done / elapsed
        line = (
            f"{self.label} [{'#' * filled}{'-' * (self.width - filled)}] {done}/{total}"
            f" {fraction:4.0%}  {rate:.1f}/s"
        )
        if self.tty:
            self.stream.write("\r" + line + ("\n" if done >= total else ""))
            self.stream.flush()
            return
        decile = int(fraction * 10)
        if decile != self._last_decile or done >= total:
            self._last_decile = decile
            self.stream.write(line + "\n")
            self.stream.flush()


async def cmd_reindex(args: argparse.Namespace, settings: Settings) -> int:
    from bot.research.semantic import SemanticIndex
    from bot.runtime import Runtime

    async with Runtime.open(settings) as rt:
        print(f"embeddings: {rt.embedder_description}", file=sys.stderr)
        if args.space and not await rt.knowledge.count(spaces=[args.space]):
            known = ", ".join(await rt.knowledge.spaces()) or "none yet"
            raise InputError(f"no entries in space {args.space!r} (spaces with entries: {known})")
        index = rt.semantic
        if not isinstance(index, SemanticIndex):
            raise ConfigError(f"nothing to reindex: {rt.embedder_description}")
        spaces = [args.space] if args.space else None
        bar = ProgressBar("checking entries", sys.stderr)
        checked = [0]

        def progress(done: int, total: int) -> None:
            checked[0] = total
            bar(done, total)

        started = time.monotonic()
        embedded = await index.reindex(spaces=spaces, force=args.all, progress=progress)
        took = time.monotonic() - started
    print(reindex_summary(checked[0], embedded, forced=args.all, seconds=took, model=index.model))
    return 0


def reindex_summary(checked: int, embedded: int, *, forced: bool, seconds: float, model: str) -> str:
    """What a reindex did, in words: how many entries it looked at and why it embedded some."""
    if checked == 0:
        return "reindex: the knowledge base has no entries yet; nothing to embed (load notes with `mallory ingest`)"
    entries = f"{checked} entr{'y' if checked == 1 else 'ies'}"
    if forced:
        return f"reindex: recomputed the embeddings of all {entries} in {seconds:.1f}s ({model})"
    if embedded == 0:
        return f"reindex: checked {entries}; all embeddings were already up to date, nothing to do ({model})"
    current = checked - embedded
    return (
        f"reindex: checked {entries}; embedded {embedded} that were new or changed since they were last "
        f"embedded, {current} already up to date ({seconds:.1f}s, {model})"
    )
