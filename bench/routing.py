"""Routing benchmark: the whole inbound path (store, classify, route, reply) on one process.

1. Throughput: 10,000 messages through ``Mallory.handle`` with the offline provider; messages
   per second. The default mix (``--mix distinct``) draws from the routing gold sets' 2,684
   labelled messages and the answers gold set's questions, six in ten chat, three look-ups,
   one request to investigate (the proportions of the ten-text mix), no text more than
   twice in 2,000 messages; ``--mix repeated`` is the ten texts over and over, which the
   caches keyed by text make look cheaper than text nobody sent before. One message at a
   time by default; ``--in-flight N`` handles N at once, as messages of many conversations
   arrive under load (their writes then share commits).
2. Acknowledgement latency: arrival → acknowledgement posted, for explicit requests
   (each in its own conversation); p50 / p99.
3. Concurrency: a fake LLM with a fixed 200 ms latency and 200 conversations at once;
   total wall time, which must not grow with the number of conversations.

Run: ``.venv/bin/python bench/routing.py [--messages 10000] [--repeat 5]``.
Each run is a process of its own (what is kept by text must not carry over from the run
before), with a fresh SQLite file under bench/.work, the example vault as knowledge.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import platform
import random
import shutil
import statistics
import subprocess
import sys
import time
from collections.abc import Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, cast

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bot.config import load_settings  # noqa: E402
from bot.events import Button, Inbound, Person, Posted, Reply, ThreadRef  # noqa: E402
from bot.llm.base import Synthesis, Turn, WebFinding  # noqa: E402
from bot.routing import Decision  # noqa: E402
from bot.runtime import Runtime  # noqa: E402
from bot.sources import Source  # noqa: E402

WORK = ROOT / "bench" / ".work"

# the ten texts of the repeated mix: six chat, three look-ups, one request to investigate
MIX = [
    "hi mallory",
    "thanks, that helps",
    "what did we decide about the analytics storage backend?",
    "who owns the Beacon app?",
    "dig into the March ingestion outage",
    "check my agenda",
    "can you research things?",
    "I looked into it yesterday",
    "do we have something about passkeys?",
    "lunch at noon?",
]


SHARES = {"none": 6, "quick": 3, "async": 1}  # of ten messages, as in ``MIX``


def distinct_mix(n: int, seed: int = 21) -> list[str]:
    """``n`` messages in ``SHARES``'s proportions, each kind's texts shuffled and used in turn
    (a text comes back only once its kind's pool is used up): the labelled routing rows by
    their gold route, plus the answers gold set's question phrasings and out-of-domain
    questions as look-ups."""
    pools: dict[str, list[str]] = {kind: [] for kind in SHARES}
    with (ROOT / "bot" / "routing" / "data" / "labelled.jsonl").open() as rows:
        for line in rows:
            row = json.loads(line)
            pools[row["route"]].append(row["text"])
    gold = json.loads((ROOT / "bench" / "answers_gold.json").read_text())
    pools["quick"] += [p for item in gold["quick"] for p in item["phrasings"]] + gold["out_of_domain"]
    rng = random.Random(seed)
    for pool in pools.values():
        pool[:] = sorted(set(pool))
        rng.shuffle(pool)
    kinds = [kind for kind, share in SHARES.items() for _ in range(share)]
    out: list[str] = []
    used = dict.fromkeys(SHARES, 0)
    for i in range(n):
        kind = kinds[(i * 7) % len(kinds)]  # interleaved: 7 is prime to 10
        pool = pools[kind]
        out.append(pool[used[kind] % len(pool)])
        used[kind] += 1
    return out


def mix_of(name: str, n: int) -> list[str]:
    return distinct_mix(n) if name == "distinct" else [MIX[i % len(MIX)] for i in range(n)]


class TimingSender:
    """A sender that posts nowhere and remembers when each reply was posted."""

    platform = "bench"

    def __init__(self) -> None:
        self.count = 0
        self.acked: dict[str, float] = {}

    async def send(self, reply: Reply) -> Posted:
        self.count += 1
        if reply.in_reply_to and reply.in_reply_to not in self.acked:
            self.acked[reply.in_reply_to] = time.perf_counter()
        return Posted(reply.thread, f"b{self.count}")

    async def edit(self, posted: Posted, text: str, *, buttons: tuple[Button, ...] = ()) -> None:
        return None

    async def typing(self, thread: ThreadRef) -> None:
        return None


class SlowLLM:
    """A model that takes a fixed time for every call, like a remote API would."""

    name = "slow-fake"
    offline = False

    def __init__(self, latency: float) -> None:
        self.latency = latency
        self.calls = 0

    async def _wait(self) -> None:
        self.calls += 1
        await asyncio.sleep(self.latency)

    async def classify(self, text: str, *, history: Sequence[Turn], lexicon: Decision) -> Decision:
        await self._wait()
        return lexicon

    async def chat(self, text: str, *, persona: str, history: Sequence[Turn], hint: str = "") -> str:
        await self._wait()
        return "Hello."

    async def answer(
        self, question: str, *, persona: str, sources: Sequence[Source], history: Sequence[Turn]
    ) -> str:
        await self._wait()
        return "An answer."

    async def rewrite_question(self, request: str, *, history: Sequence[Turn]) -> str:
        await self._wait()
        return request

    async def synthesize(
        self, topic: str, *, sources: Sequence[Source], notes: Sequence[str], edges: Sequence[str]
    ) -> Synthesis:
        await self._wait()
        return Synthesis("Summary.")

    async def find_gaps(self, topic: str, *, sources: Sequence[Source]) -> list[str]:
        await self._wait()
        return []

    async def web_research(self, topic: str, *, notes: Sequence[str]) -> list[WebFinding]:
        await self._wait()
        return []

    async def aclose(self) -> None:
        return None


def _inbound(i: int, text: str, conversation: str) -> Inbound:
    return Inbound(
        ThreadRef("console", "local", "C", conversation),  # the access policy admits the console
        f"u{i}",
        Person("U1", "Ana"),
        text,
        datetime.now(UTC),
        is_direct=True,
    )


def _fresh(name: str) -> Path:
    folder = WORK / name
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    return folder


async def throughput(n: int, mix: str = "distinct", in_flight: int = 1) -> float:
    """Messages a second through ``Mallory.handle``; with ``in_flight`` > 1, that many are
    handled at once (each takes the next message when it is done), as messages from many
    conversations arrive under load: their writes then share commits."""
    texts = mix_of(mix, n)
    settings = load_settings(data_dir=_fresh("throughput"), llm_provider="offline", embedder="none")
    async with Runtime.open(settings) as rt:
        await rt.seed_vault()
        await rt.warm()  # as `mallory run` does as it starts serving (bot/cli.py, ``warming``)
        sender = TimingSender()
        start = time.perf_counter()
        if in_flight <= 1:
            for i in range(n):
                await rt.core.handle(_inbound(i, texts[i], f"t{i % 500}"), sender)
        else:
            queued = iter(range(n))

            async def lane() -> None:
                for i in queued:
                    await rt.core.handle(_inbound(i, texts[i], f"t{i % 500}"), sender)

            await asyncio.gather(*(lane() for _ in range(in_flight)))
        elapsed = time.perf_counter() - start
        assert sender.count >= n * 0.9, sender.count
    return n / elapsed


async def ack_latency(n: int) -> list[float]:
    settings = load_settings(data_dir=_fresh("latency"), llm_provider="offline", embedder="none")
    async with Runtime.open(settings) as rt:
        await rt.seed_vault()
        sender = TimingSender()
        samples = []
        for i in range(n):
            arrived = time.perf_counter()
            await rt.core.handle(_inbound(i, f"dig into topic number {i}", f"l{i}"), sender)
            samples.append((sender.acked[f"u{i}"] - arrived) * 1000)
    return samples


async def concurrency(conversations: int, latency: float) -> tuple[float, int]:
    settings = load_settings(data_dir=_fresh("concurrency"), embedder="none")
    llm = SlowLLM(latency)
    async with Runtime.open(settings, llm=llm) as rt:
        sender = TimingSender()
        # warm the connection pool and caches, as a running bot would be
        await rt.core.handle(_inbound(-1, "hello", "warm"), sender)
        llm.calls = 0
        start = time.perf_counter()
        await asyncio.gather(
            *(rt.core.handle(_inbound(i, "hello there", f"c{i}"), sender) for i in range(conversations))
        )
        elapsed = time.perf_counter() - start
    return elapsed, llm.calls


async def one_run(args: argparse.Namespace) -> dict[str, object]:
    """One run's three measures, in this process (``--one-run``)."""
    rate = await throughput(args.messages, args.mix, args.in_flight)
    latencies = await ack_latency(args.latency_samples)
    total, calls = await concurrency(args.conversations, args.llm_latency)
    return {"rate": rate, "latencies": latencies, "total": total, "calls": calls}


def fresh_run(argv: Sequence[str]) -> dict[str, Any]:
    """One run in a process of its own. Runs in one process would share what the router and
    the look-ups keep by text (``bot/routing/router.py``'s readings): the second run of the
    same mix would read no message for the first time, and measure the caches."""
    child = subprocess.run(
        [sys.executable, str(Path(__file__).resolve()), *argv, "--one-run"],
        capture_output=True,
        text=True,
        check=True,
    )
    return cast(dict[str, Any], json.loads(child.stdout.strip().splitlines()[-1]))


def interpreter() -> str:
    """Which Python ran: its version and whether ``libpython`` is a shared library (one
    process's rate depends on the build: docs/scaling.md)."""
    try:
        shared = "libpython" in Path("/proc/self/maps").read_text()
    except OSError:
        return f"{sys.executable} ({platform.python_version()})"
    linked = "libpython shared" if shared else "libpython linked in"
    return f"{sys.executable} ({platform.python_implementation()} {platform.python_version()}, {linked})"


def pct(values: list[float], p: float) -> float:
    values = sorted(values)
    k = max(0, min(len(values) - 1, round(p / 100 * (len(values) - 1))))
    return values[k]


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--messages", type=int, default=10_000)
    parser.add_argument("--latency-samples", type=int, default=1_000)
    parser.add_argument("--conversations", type=int, default=200)
    parser.add_argument("--llm-latency", type=float, default=0.2)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--mix", choices=("distinct", "repeated"), default="distinct")
    parser.add_argument(
        "--in-flight", type=int, default=1, help="messages handled at once in the throughput run (default 1)"
    )
    parser.add_argument("--one-run", action="store_true", help=argparse.SUPPRESS)  # a run's child
    args = parser.parse_args()
    if args.one_run:
        print(json.dumps(await one_run(args)))
        return

    print(f"interpreter: {interpreter()}", flush=True)
    rates, lat_all, totals = [], [], []
    calls = 0
    for r in range(args.repeat):
        run = fresh_run(sys.argv[1:])
        rates.append(run["rate"])
        lat = run["latencies"]
        lat_all.extend(lat)
        total, calls = run["total"], run["calls"]
        totals.append(total)
        print(
            f"run {r + 1}: {rates[-1]:,.0f} msg/s; ack p50 {pct(lat, 50):.2f} ms p99 {pct(lat, 99):.2f} ms; "
            f"{args.conversations} conversations × {args.llm_latency * 1000:.0f} ms LLM: {total * 1000:.0f} ms "
            f"({calls} LLM calls)",
            flush=True,
        )
    print()
    print(
        f"throughput ({args.messages:,} messages, {args.mix} mix, {args.in_flight} in flight, {args.repeat} runs): median {statistics.median(rates):,.0f} msg/s, "
        f"min {min(rates):,.0f}, max {max(rates):,.0f}"
    )
    print(
        f"ack latency ({len(lat_all):,} explicit requests): p50 {pct(lat_all, 50):.2f} ms, "
        f"p99 {pct(lat_all, 99):.2f} ms, max {max(lat_all):.2f} ms"
    )
    print(
        f"concurrency ({args.conversations} conversations, {args.llm_latency * 1000:.0f} ms LLM): median "
        f"{statistics.median(totals) * 1000:.0f} ms = {statistics.median(totals) / args.llm_latency:.2f}× one LLM "
        f"latency, max {max(totals) * 1000:.0f} ms"
    )


if __name__ == "__main__":
    asyncio.run(main())
