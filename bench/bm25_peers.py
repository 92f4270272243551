"""BM25 against bm25s, same corpus, same machine, same run: build time, build peak memory,
query latency one query at a time (top-10 and top-100), nDCG@10 on SciFact.

    .venv/bin/python bench/bm25_peers.py --data SCIFACT [--synthetic 100000] [--reps 5]

bm25s (numpy backend, and numba when it is installed) is a benchmark peer only
(``pip install -e '.[bench]'``). The same tokens go into both: our tokenizer's words
(runs of letters and digits, case and diacritics folded), Porter-stemmed; the title
counted three times (our index weights it 3); stop words kept in documents, dropped from
queries by our query parser, and the query's stems handed to bm25s. So the figures compare
scoring and top-k selection, plus each side's own indexing.

- build: from the texts to a searchable index (tokenizing included), in a fresh process
  per repetition; peak memory is the process's resident high-water mark during the build
  over its resident size before it (``/proc/self/clear_refs``), and ``tracemalloc``'s peak
  in a separate run (numpy's buffers included).
- queries: SciFact's 300 test claims (natural language, 5–20 content words), each side in
  turn on the same query, ``LexicalIndex.ranked`` (query parsing included) against
  ``BM25.retrieve`` fed the same stems (our query parsing timed and added); also bm25s's
  core (``get_scores`` + its top-k) without ``retrieve``'s argument checks.
- ``--synthetic N`` adds a corpus of N entries written from SciFact's vocabulary the way
  ``bench/search_latency.py`` writes its knowledge base (the same claims as queries).

The machine may be shared: every figure is a median over repetitions (p99 too), the load
average is printed, and ratios between the sides (same process, interleaved) are what to read.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import platform
import subprocess
import sys
import time
import tracemalloc
from pathlib import Path
from typing import Any

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
# --root DIR: measure another checkout's index (its bot/ and storage/) with this script
CODE = Path(sys.argv[sys.argv.index("--root") + 1]).resolve() if "--root" in sys.argv[:-1] else ROOT
sys.path.insert(0, str(ROOT / "bench"))
sys.path.insert(0, str(CODE))

from scifact import ndcg_at, qrels  # noqa: E402
from scifact_data import add_data_argument, scifact_dir  # noqa: E402

from bot.research.lexical import LexicalIndex  # noqa: E402
from bot.research.tokens import Stemmer, words  # noqa: E402
from bot.text.terms import query_terms  # noqa: E402
from storage.db import Database  # noqa: E402
from storage.knowledge import EntryText, Knowledge  # noqa: E402

SIDES = ("ours", "bm25s-numpy", "bm25s-numba")


# ---------------------------------------------------------------- corpora


def scifact_rows(data: Path) -> list[EntryText]:
    rows = []
    with (data / "corpus.jsonl").open(encoding="utf-8") as handle:
        for k, line in enumerate(handle):
            record = json.loads(line)
            rows.append(
                EntryText(record["_id"], "global", "note", record["title"], record["text"], [], k + 1)
            )
    return rows


def synthetic_rows(data: Path, entries: int, seed: int = 7) -> list[EntryText]:
    """Entries as ``bench/search_latency.py`` writes them (title, 25–90 words, tags)."""
    import search_latency

    search_latency.CORPUS = data / "corpus.jsonl"
    rng = np.random.default_rng(seed)
    vocab, p = search_latency.vocabulary(search_latency.CORPUS)
    cdf = np.cumsum(p)
    topic_words = [rng.choice(np.arange(300, len(vocab)), size=30, replace=False) for _ in range(200)]
    rows = []
    for i in range(entries):
        topic = int(rng.integers(200))
        own = search_latency.words_for(rng, vocab, cdf, topic_words[topic], int(rng.integers(25, 90)))
        title = " ".join(
            search_latency.words_for(rng, vocab, cdf, topic_words[topic], int(rng.integers(3, 8)))
        ).capitalize()
        tags = sorted({f"project/p{topic % 40}", f"domain/d{topic % 12}"})
        rows.append(EntryText(f"s{i}", "global", "note", title, " ".join(own) + ".", tags, i + 1))
    return rows


def claims(data: Path) -> list[tuple[str, str]]:
    judged = qrels(data / "qrels-test.tsv")
    out = []
    with (data / "queries.jsonl").open(encoding="utf-8") as handle:
        for line in handle:
            record = json.loads(line)
            if record["_id"] in judged:
                out.append((record["_id"], record["text"]))
    return out


def corpus(args: argparse.Namespace) -> list[EntryText]:
    return scifact_rows(args.data) if not args.synthetic else synthetic_rows(args.data, args.synthetic)


# ---------------------------------------------------------------- the sides


class Ours:
    def __init__(self) -> None:
        # the index is fed rows directly (``LexicalIndex.take``); no database is opened
        self.index = LexicalIndex(Knowledge(Database("sqlite://")))

    def build(self, rows: list[EntryText]) -> None:
        if hasattr(self.index, "take"):
            asyncio.run(self.index.take(rows, merge=True))
            return
        # a checkout from before ``take``: what its refresh did with each page, then a merge
        from bot.research.tokens import tokenize

        postings, terms = self.index._postings, self.index._terms
        for lo in range(0, len(rows), self.index.page):
            page = rows[lo : lo + self.index.page]
            postings.add(page, tokenize(page, terms))
        postings.settle(self.index.merge_at)
        postings.swap(postings.merged(len(terms.stems)))

    def ids(self) -> list[str]:
        return self.index._postings.ids

    def search(self, query: str, k: int) -> list[str]:
        return [i for i, _ in self.index.ranked(query, spaces=("global",), limit=k)]


class QueryStems:
    """Our query parsing, as bm25s is fed it: content words, Porter-stemmed (cached)."""

    def __init__(self) -> None:
        self.stemmer = Stemmer()
        self.cache: dict[str, str] = {}

    def __call__(self, query: str) -> list[str]:
        out = []
        for word in query_terms(query):
            for token in (word,) if word.isascii() else words(word):
                stem = self.cache.get(token)
                if stem is None:
                    stem = self.cache[token] = self.stemmer.stem(token)
                out.append(stem)
        return out


class Peer:
    def __init__(self, backend: str) -> None:
        import bm25s

        self.bm25s = bm25s
        self.backend = backend
        self.model = bm25s.BM25(backend=backend)
        self.stems = QueryStems()
        self.doc_ids: list[str] = []

    def build(self, rows: list[EntryText]) -> None:
        stemmer = Stemmer()
        texts = [f"{r.title} {r.title} {r.title} {r.content} {' '.join(r.tags)}" for r in rows]
        tokens = self.bm25s.tokenize(
            texts,
            token_pattern=r"[^\W_]+",
            stopwords=None,
            stemmer=lambda ws: [stemmer.stem(w) for w in ws],
            show_progress=False,
        )
        self.model.index(tokens, show_progress=False)
        self.doc_ids = [r.id for r in rows]

    def _known(self, query: str) -> list[int]:
        vocab = self.model.vocab_dict
        return [vocab[s] for s in self.stems(query) if s in vocab]

    def search(self, query: str, k: int) -> list[str]:
        known = self._known(query)
        if not known:
            return []
        docs, _ = self.model.retrieve(
            [known], k=k, show_progress=False, n_threads=1 if self.backend == "numba" else 0
        )
        return [self.doc_ids[d] for d in docs[0].tolist()]

    def core(self, query: str, k: int) -> list[int]:
        """get_scores + bm25s's own top-k, without ``retrieve``'s checks and wrapping."""
        known = self._known(query)
        if not known:
            return []
        _, top = self.model._get_top_k_results(known, k=k, backend="numpy", sorted=True)
        return top.tolist()  # type: ignore[no-any-return]


def make(side: str) -> Any:
    return Ours() if side == "ours" else Peer(side.split("-", 1)[1])


def available(side: str) -> bool:
    try:
        import bm25s  # noqa: F401

        if side == "bm25s-numba":
            import numba  # noqa: F401
    except ImportError:
        return side == "ours"
    return True


# ---------------------------------------------------------------- build, in a child process


def _status(field: str) -> int:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith(field + ":"):
            return int(line.split()[1]) * 1024
    return 0


def child_build(args: argparse.Namespace) -> None:
    rows = corpus(args)
    side = make(args.child)
    if args.tracemalloc:
        tracemalloc.start()
        started = time.perf_counter()
        side.build(rows)
        took = time.perf_counter() - started
        _, peak = tracemalloc.get_traced_memory()
        print(json.dumps({"seconds": took, "tracemalloc": peak}))
        return
    Path("/proc/self/clear_refs").write_text("5")  # resets VmHWM to the current resident size
    before = _status("VmRSS")
    started = time.perf_counter()
    side.build(rows)
    took = time.perf_counter() - started
    print(
        json.dumps(
            {"seconds": took, "peak_rss": _status("VmHWM") - before, "held_rss": _status("VmRSS") - before}
        )
    )


def builds(args: argparse.Namespace, side: str) -> dict[str, list[float]]:
    out: dict[str, list[float]] = {"seconds": [], "peak_rss": [], "held_rss": [], "tracemalloc": []}
    base = [sys.executable, __file__, "--data", str(args.data), "--child", side, "--root", str(CODE)]
    if args.synthetic:
        base += ["--synthetic", str(args.synthetic)]
    env = dict(os.environ, PYTHONPATH=str(CODE), NUMBA_NUM_THREADS="1")
    for trace in [False] * args.reps + [True]:
        done = subprocess.run(
            base + (["--tracemalloc"] if trace else []), capture_output=True, text=True, env=env
        )
        if done.returncode:
            sys.exit(f"{side} build failed:\n{done.stderr}")
        for key, value in json.loads(done.stdout.strip().splitlines()[-1]).items():
            if not (trace and key == "seconds"):
                out[key].append(value)
    return out


# ---------------------------------------------------------------- the run


def percentile(values: list[float], q: float) -> float:
    return float(np.percentile(np.array(values), q))


def load() -> str:
    return " ".join(Path("/proc/loadavg").read_text().split()[:3])


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    add_data_argument(parser)
    parser.add_argument(
        "--synthetic", type=int, default=0, help="entries of a synthetic corpus instead of SciFact's"
    )
    parser.add_argument("--reps", type=int, default=5)
    parser.add_argument("--sides", nargs="*", default=list(SIDES))
    parser.add_argument("--no-build", action="store_true", help="skip the build-time and memory runs")
    parser.add_argument("--no-queries", action="store_true", help="only the build-time and memory runs")
    parser.add_argument("--root", type=Path, default=ROOT, help="the checkout whose index to measure")
    parser.add_argument("--child", help=argparse.SUPPRESS)
    parser.add_argument("--tracemalloc", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    args.data = scifact_dir(args.data)
    if args.child:
        child_build(args)
        return 0
    sides = [s for s in args.sides if available(s)]
    loads = [load()]
    name = f"synthetic {args.synthetic:,}" if args.synthetic else "SciFact 5,183"
    print(f"# BM25 against bm25s: {name} entries, {args.reps} repetitions; our index from {CODE}")
    print(
        f"machine: {platform.machine()}, {len(os.sched_getaffinity(0))} cores, python {platform.python_version()}, "
        f"numpy {np.__version__}" + (f", bm25s {__import__('bm25s').__version__}" if len(sides) > 1 else "")
    )

    if not args.no_build:
        print(
            "\n| side | build s (median, min–max) | peak RSS over start MiB (median) | held after MiB | tracemalloc peak MiB |"
        )
        print("| --- | --- | --- | --- | --- |")
        for side in sides:
            b = builds(args, side)
            mib = 2**20
            print(
                f"| {side} | {np.median(b['seconds']):.2f} ({min(b['seconds']):.2f}–{max(b['seconds']):.2f}) "
                f"| {np.median(b['peak_rss']) / mib:.0f} | {np.median(b['held_rss']) / mib:.0f} "
                f"| {b['tracemalloc'][0] / mib:.0f} |",
                flush=True,
            )
        loads.append(load())
    if args.no_queries:
        print(f"\nload average (1, 5, 15 min) at start, after builds: {' / '.join(loads)}")
        return 0

    rows = corpus(args)
    built = {}
    for side in sides:
        built[side] = make(side)
        built[side].build(rows)
    queries = claims(args.data)
    judged = qrels(args.data / "qrels-test.tsv")
    if not args.synthetic:
        print("\n| side | nDCG@10 (300 claims) |")
        print("| --- | --- |")
        for side in sides:
            ndcg = np.mean([ndcg_at(built[side].search(text, 10), judged[qid]) for qid, text in queries])
            print(f"| {side} | {ndcg:.4f} |")
    for side in sides:  # warm-up: numba compiles, caches fill
        for _, text in queries[:20]:
            built[side].search(text, 100)
    timed: dict[tuple[str, int], list[list[float]]] = {}
    calls = [(side, built[side].search) for side in sides]
    if "bm25s-numpy" in built:
        calls.append(("bm25s-numpy core", built["bm25s-numpy"].core))
    for k in (10, 100):
        for _ in range(args.reps):
            per: dict[str, list[float]] = {label: [] for label, _ in calls}
            for _, text in queries:
                for label, fn in calls:
                    started = time.perf_counter()
                    fn(text, k)
                    per[label].append((time.perf_counter() - started) * 1e6)
            for label, values in per.items():
                timed.setdefault((label, k), []).append(values)
    loads.append(load())
    print("\n| side | top-k | p50 µs (median of reps) | p99 µs (median of reps) | p50 / ours |")
    print("| --- | --- | --- | --- | --- |")
    for k in (10, 100):
        ours = np.median([percentile(v, 50) for v in timed[("ours", k)]]) if ("ours", k) in timed else None
        for label, _ in calls:
            p50 = np.median([percentile(v, 50) for v in timed[(label, k)]])
            p99 = np.median([percentile(v, 99) for v in timed[(label, k)]])
            ratio = f"{p50 / ours:.2f}" if ours else ""
            print(f"| {label} | {k} | {p50:.0f} | {p99:.0f} | {ratio} |")
    print(f"\nload average (1, 5, 15 min) at start, after builds, after queries: {' / '.join(loads)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
