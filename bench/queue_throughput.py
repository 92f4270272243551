"""The job queue side by side with procrastinate and pgqueuer on one PostgreSQL server that
this script starts itself (and Mallory's queue alone on SQLite): enqueue rate, claim+complete
rate at 1/4/8 workers in one process, CPU per job (client + server), and enqueue→start
latency with the worker in another process. No-op jobs; ``storage.queue.Queue`` is driven
directly, as a ``Worker`` drives it: ``mallory`` is one worker as the product runs it, with
the default ``MALLORY_WORKER_SLOTS`` slots (10; ``--slots`` to change; ``bot.work.slots.Slots``,
the worker's own class), each slot claiming only when free and completing its job together
with its next claim; ``mallory-one`` a worker with one slot (one investigation at a time).
pgqueuer runs twice: as documented (batches of 10, completions written in batches) and as ``pgqueuer-one`` (one job per dequeue, each completion
written at once). Each measure is taken for every library back to back (the enqueues
interleaved in blocks of ``--block``), so a ratio compares figures taken at one load. The
peers come from the ``bench`` extra: ``pip install -e '.[bench]'``.

    .venv/bin/python bench/queue_throughput.py --repeat 3            # everything (procrastinate too)
    .venv/bin/python bench/queue_throughput.py --libs mallory,mallory-one,pgqueuer,pgqueuer-one --no-sqlite --repeat 5   # issue 24
    .venv/bin/python bench/queue_throughput.py --libs mallory --jobs 500 --repeat 1   # a quick look
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any, ClassVar

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))  # the throwaway server the tests use

LIBS = ("mallory", "mallory-one", "procrastinate", "pgqueuer", "pgqueuer-one")
OURS = ("mallory", "mallory-one")
WORKER_COUNTS = (1, 4, 8)
TICK = os.sysconf("SC_CLK_TCK")


# ------------------------------------------------------------------ CPU of the server


def _proc_cpu(pid: int, children: bool = False) -> float:
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    # after the name: state ppid … utime(12) stime(13) cutime(14) cstime(15), 1-based from state = 1
    ticks = int(fields[11]) + int(fields[12])
    if children:
        ticks += int(fields[13]) + int(fields[14])
    return ticks / TICK


def _children(pid: int) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == pid:
                found.append(int(entry.name))
    return found


def server_cpu(postmaster: int | None) -> float:
    """Seconds of CPU the server has used: the postmaster, its live backends, and (through
    the postmaster's children counters) the backends that have exited."""
    if postmaster is None:
        return 0.0
    return _proc_cpu(postmaster, children=True) + sum(_proc_cpu(p) for p in _children(postmaster))


def postmaster_pid(dsn: str) -> int:
    import psycopg

    with psycopg.connect(dsn) as conn:
        backend = conn.execute("SELECT pg_backend_pid()").fetchone()[0]  # type: ignore[index]
    fields = Path(f"/proc/{backend}/stat").read_text().rsplit(")", 1)[1].split()
    return int(fields[1])


def fresh_database(base: str) -> str:
    import psycopg

    name = f"b_{uuid.uuid4().hex[:10]}"
    with psycopg.connect(base, autocommit=True) as conn:
        conn.execute(f"CREATE DATABASE {name}")
    return base.rsplit("/", 1)[0] + "/" + name


def drop_database(base: str, url: str) -> None:
    import psycopg

    with psycopg.connect(base, autocommit=True) as conn:
        conn.execute(f"DROP DATABASE IF EXISTS {url.rsplit('/', 1)[1]} WITH (FORCE)")


# ------------------------------------------------------------------ the three libraries


def _default_slots() -> int:
    """The product's default slots per worker (``MALLORY_WORKER_SLOTS``)."""
    from bot.config import Settings

    return int(Settings.model_fields["worker_slots"].default)


class Harness:
    """One library on one database: set up, enqueue, drain with N workers in this process."""

    name = ""

    def __init__(self, url: str) -> None:
        self.url = url

    async def open(self) -> None: ...
    async def close(self) -> None: ...
    async def enqueue(self, stamp: float) -> None: ...
    async def fill(self, n: int) -> None:
        for _ in range(n):
            await self.enqueue(0.0)

    async def drain(self, workers: int) -> int: ...


class Mallory(Harness):
    """Each worker is what one ``Worker`` with ``slots`` slots does (``bot.work.slots.Slots``,
    the worker's own class): a lane per slot, all claiming at once at the start (one statement
    on PostgreSQL), each lane then completing its job together with its next claim; lanes
    that finish together share a statement. Set from ``--slots``: by default the product's
    own default, ``MALLORY_WORKER_SLOTS`` (10)."""

    name = "mallory"
    slots: int = _default_slots()

    async def open(self) -> None:
        from storage.db import Database
        from storage.queue import Queue

        self.db = Database(self.url)
        await self.db.migrate()
        self.queue = Queue(self.db)
        self.conversations: list[str] = []
        await self.db.fetch_one("SELECT 1", {})  # its pool open, as the peers' connections are

    async def close(self) -> None:
        await self.db.dispose()

    async def prepare(self, n: int) -> None:
        """Each investigation needs a conversation of its own (one open investigation per
        conversation): made before the clock starts, in one transaction."""
        now = self.db.to_db_time(datetime.now(UTC))
        ids = [str(uuid.uuid4()) for _ in range(n)]

        def work(conn: Any) -> None:
            for cid in ids:
                self.db.execute(
                    conn,
                    "INSERT INTO conversations (id, key, platform, space, channel, thread, thread_ref, created_at) "
                    "VALUES (:id, :id, 'bench', 'bench', 'c', :id, '{}', :now)",
                    {"id": cid, "now": now},
                )

        await self.db.run_sql(work)
        self.conversations.extend(ids)

    async def enqueue(self, stamp: float) -> None:
        from storage.queue import Request

        conv = self.conversations.pop()
        await self.queue.enqueue(
            Request(conversation_id=conv, space="bench", question=repr(stamp), thread_ref="{}"),
            now=datetime.now(UTC),
            dedup_window=timedelta(minutes=10),
        )

    async def fill(self, n: int) -> None:
        await self.prepare(n)
        await super().fill(n)

    async def drain(self, workers: int) -> int:
        from bot.work.slots import Slots

        async def lane(worker_id: str) -> int:
            # what ``Worker._lane`` does: a job's complete and the next claim in one call
            done = 0
            claim = await self.queue.claim(worker_id=worker_id, now=datetime.now(UTC))
            while claim is not None:
                _, claim = await self.queue.complete_and_claim(
                    claim, now=datetime.now(UTC), answer="", worker_id=worker_id
                )
                done += 1
            return done

        async def worker(n: int) -> int:
            slots = Slots(self.slots, asyncio.Event())
            return await slots.run(lambda: lane(f"w{n}"), closed=lambda: False)

        return sum(await asyncio.gather(*(worker(n) for n in range(workers))))


class MalloryOne(Mallory):
    """One slot per worker: one investigation at a time, the classic worker."""

    name = "mallory-one"
    slots = 1


class Procrastinate(Harness):
    name = "procrastinate"

    async def open(self) -> None:
        import logging

        import procrastinate

        logging.getLogger("procrastinate").setLevel(logging.WARNING)
        self.app = procrastinate.App(connector=procrastinate.PsycopgConnector(conninfo=self.url))
        self.done = 0

        @self.app.task(name="noop")
        async def noop(stamp: float) -> None:
            self.done += 1
            if self.on_start is not None:
                self.on_start(stamp)

        self.on_start: Callable[[float], None] | None = None
        self.task = noop
        self._ctx = self.app.open_async()
        await self._ctx.__aenter__()
        try:
            await self.app.schema_manager.apply_schema_async()
        except Exception:
            pass  # already installed in this database (the latency worker)

    async def close(self) -> None:
        await self._ctx.__aexit__(None, None, None)

    async def enqueue(self, stamp: float) -> None:
        await self.task.defer_async(stamp=stamp)

    async def fill(self, n: int) -> None:
        for start in range(0, n, 500):
            await self.task.batch_defer_async(*({"stamp": 0.0} for _ in range(min(500, n - start))))

    async def drain(self, workers: int) -> int:
        self.done = 0
        await self.app.run_worker_async(
            concurrency=workers, wait=False, install_signal_handlers=False, listen_notify=False
        )
        return self.done

    async def serve(self, on_start: Callable[[float], None]) -> None:
        self.on_start = on_start
        await self.app.run_worker_async(concurrency=1, wait=True, install_signal_handlers=False)


class PgQueuer(Harness):
    """pgqueuer as its documentation runs it: each ``QueueManager`` takes up to 10 jobs per
    dequeue, runs them as tasks while it dequeues more, and records completions in batches
    (up to 10, or every 0.1 s): not one job at a time, and a job's completion is not
    committed when the job ends."""

    name = "pgqueuer"
    run_options: ClassVar[dict[str, Any]] = {"batch_size": 10}

    async def open(self) -> None:
        import asyncpg
        from pgqueuer.db import AsyncpgDriver
        from pgqueuer.queries import Queries

        self.conn = await asyncpg.connect(self.url)
        self.queries = Queries(AsyncpgDriver(self.conn))
        try:
            await self.queries.install()
        except Exception:
            pass  # already installed in this database
        self.extra: list[Any] = []

    async def close(self) -> None:
        for conn in self.extra:
            await conn.close()
        await self.conn.close()

    async def enqueue(self, stamp: float) -> None:
        await self.queries.enqueue("noop", repr(stamp).encode())

    async def fill(self, n: int) -> None:
        for start in range(0, n, 500):
            k = min(500, n - start)
            await self.queries.enqueue(["noop"] * k, [b"0.0"] * k, [0] * k)

    def _manager(self, conn: Any, on_start: Callable[[float], None] | None) -> Any:
        from pgqueuer.db import AsyncpgDriver
        from pgqueuer.qm import QueueManager
        from pgqueuer.queries import Queries

        manager = QueueManager(Queries(AsyncpgDriver(conn)))
        counter = self

        @manager.entrypoint("noop")
        async def noop(job: Any) -> None:
            counter.done += 1
            if on_start is not None:
                on_start(float(job.payload.decode()))

        return manager

    async def drain(self, workers: int) -> int:
        import asyncpg
        from pgqueuer.types import QueueExecutionMode

        self.done = 0
        conns = [await asyncpg.connect(self.url) for _ in range(workers)]
        self.extra.extend(conns)
        managers = [self._manager(c, None) for c in conns]
        await asyncio.gather(
            *(
                m.run(
                    mode=QueueExecutionMode.drain, dequeue_timeout=timedelta(seconds=0.5), **self.run_options
                )
                for m in managers
            )
        )
        return self.done

    async def serve(self, on_start: Callable[[float], None]) -> None:
        import asyncpg

        self.done = 0
        conn = await asyncpg.connect(self.url)
        self.extra.append(conn)
        await self._manager(conn, on_start).run(**self.run_options)


class PgQueuerOne(PgQueuer):
    """pgqueuer held as close as it goes to how each Mallory worker runs: one job per
    dequeue, and each completion written as soon as it is recorded (its buffer's size is the
    batch size). It still dequeues the next job while one runs; capping that
    (``max_concurrent_tasks``) makes a manager at the cap sleep 0.1 s before it looks again."""

    name = "pgqueuer-one"
    run_options: ClassVar[dict[str, Any]] = {"batch_size": 1}


HARNESSES: dict[str, type[Harness]] = {
    "mallory": Mallory,
    "mallory-one": MalloryOne,
    "procrastinate": Procrastinate,
    "pgqueuer": PgQueuer,
    "pgqueuer-one": PgQueuerOne,
}


# ------------------------------------------------------------------ the latency worker (another process)


async def serve_mallory(url: str, on_start: Callable[[float], None]) -> None:
    """What a ``mallory worker`` does, reduced to the queue: LISTEN where the database has it,
    poll every ``worker_interval_s`` (the setting's default) as the backstop."""
    from bot.config import Settings
    from storage.db import Database
    from storage.queue import Queue

    interval = Settings.model_fields["worker_interval_s"].default
    db = Database(url)
    queue = Queue(db)
    wake = asyncio.Event()
    await queue.watch(wake.set)
    print("ready", flush=True)
    while True:
        wake.clear()
        claim = await queue.claim(worker_id="lat", now=datetime.now(UTC))
        while claim is not None:
            on_start(float(claim.investigation.question))
            _, claim = await queue.complete_and_claim(
                claim, now=datetime.now(UTC), answer="", worker_id="lat"
            )
        try:
            await asyncio.wait_for(wake.wait(), timeout=interval)
        except TimeoutError:
            pass


async def worker_main(lib: str, url: str) -> None:
    def on_start(stamp: float) -> None:
        print(f"{(time.monotonic() - stamp) * 1000:.3f}", flush=True)

    if lib in OURS:
        await serve_mallory(url, on_start)
        return
    harness = HARNESSES[lib](url)
    await harness.open()
    print("ready", flush=True)
    await harness.serve(on_start)  # type: ignore[attr-defined]


# ------------------------------------------------------------------ measures


@dataclass
class Result:
    lib: str
    backend: str
    enqueue: list[float] = field(default_factory=list)  # jobs/s per repetition
    enqueue_p50_ms: list[float] = field(default_factory=list)  # the median enqueue, per repetition
    enqueue_p99_ms: list[float] = field(default_factory=list)  # its 99th percentile, per repetition
    enqueue_cpu_ms: list[float] = field(default_factory=list)  # client + server CPU per enqueue
    enqueue_client_cpu_ms: list[float] = field(default_factory=list)
    drain: dict[int, list[float]] = field(default_factory=dict)  # workers -> jobs/s
    cpu_ms: list[float] = field(default_factory=list)  # client + server CPU per job, 8 workers
    client_cpu_ms: list[float] = field(default_factory=list)
    latency_ms: list[float] = field(default_factory=list)  # every sample of every repetition


async def with_harness(lib: str, url: str, body: Callable[[Harness], Awaitable[Any]]) -> Any:
    harness = HARNESSES[lib](url)
    await harness.open()
    try:
        return await body(harness)
    finally:
        await harness.close()


async def measure_enqueue(lib: str, url: str, n: int) -> float:
    async def body(h: Harness) -> float:
        if isinstance(h, Mallory):
            await h.prepare(n)
        start = time.perf_counter()
        for _ in range(n):
            await h.enqueue(0.0)
        return n / (time.perf_counter() - start)

    return await with_harness(lib, url, body)


@dataclass
class Enqueues:
    """One library's share of an interleaved enqueue measure."""

    seconds: float = 0.0  # its own enqueues' wall time
    each: list[float] = field(default_factory=list)  # each enqueue's wall time (s)
    client_cpu: float = 0.0  # this process's CPU during its blocks (s)
    server_cpu: float = 0.0  # the server's CPU during its blocks (s)


async def measure_enqueues(
    libs: list[str], urls: list[str], n: int, block: int, postmaster: int
) -> list[Enqueues]:
    """The libraries' enqueues interleaved: ``block`` enqueues of each in turn (each on its own
    fresh database, every harness open and warm), until each has made ``n``; so all of them
    meet the same load, second by second. With the CPU each library's blocks cost, client and
    server: a figure the machine's load moves far less than a rate."""
    harnesses = [HARNESSES[lib](url) for lib, url in zip(libs, urls, strict=True)]
    for h in harnesses:
        await h.open()
    try:
        for h in harnesses:
            if isinstance(h, Mallory):
                await h.prepare(n)
        shares = [Enqueues() for _ in harnesses]
        made = 0
        while made < n:
            k = min(block, n - made)
            for h, share in zip(harnesses, shares, strict=True):
                srv0 = server_cpu(postmaster)
                cpu0 = time.process_time()  # after the look at /proc, which is this process's CPU
                for _ in range(k):
                    start = time.perf_counter()
                    await h.enqueue(0.0)
                    share.each.append(time.perf_counter() - start)
                share.client_cpu += time.process_time() - cpu0
                share.server_cpu += server_cpu(postmaster) - srv0
                share.seconds += sum(share.each[-k:])
            made += k
        return shares
    finally:
        for h in harnesses:
            await h.close()


async def measure_drain(
    lib: str, url: str, n: int, workers: int, postmaster: int | None
) -> tuple[float, float, float]:
    async def body(h: Harness) -> tuple[float, float, float]:
        await h.fill(n)
        srv0 = server_cpu(postmaster)
        cpu0 = time.process_time()
        start = time.perf_counter()
        done = await h.drain(workers)
        elapsed = time.perf_counter() - start
        client = time.process_time() - cpu0
        server = server_cpu(postmaster) - srv0
        if done != n:
            raise RuntimeError(f"{lib}: drained {done} of {n}")
        return n / elapsed, (client + server) * 1000 / n, client * 1000 / n

    return await with_harness(lib, url, body)


async def measure_latency(lib: str, url: str, n: int, gap_s: float) -> list[float]:
    async def body(h: Harness) -> list[float]:
        if isinstance(h, Mallory):
            await h.prepare(n)
        errors = tempfile.TemporaryFile()
        proc = await asyncio.create_subprocess_exec(
            sys.executable, __file__, "--role", "worker", "--lib", lib, "--url", url,
            stdout=subprocess.PIPE, stderr=errors,
        )  # fmt: skip
        assert proc.stdout is not None
        try:
            await asyncio.wait_for(proc.stdout.readline(), timeout=60)  # "ready": listening
            samples: list[float] = []
            # jittered gaps: a fixed gap can lock in phase with a polling worker's interval
            jitter = random.Random(n)
            for _ in range(n):
                await h.enqueue(time.monotonic())
                await asyncio.sleep(gap_s * jitter.uniform(0.5, 1.5))
            while len(samples) < n:
                line = await asyncio.wait_for(proc.stdout.readline(), timeout=30)
                if not line:
                    break
                samples.append(float(line))
            if len(samples) < n:
                errors.seek(0)
                print(f"{lib} latency worker: {n - len(samples)} of {n} jobs not started\n"
                      + errors.read().decode(errors="replace")[-2000:], file=sys.stderr)  # fmt: skip
            return samples
        finally:
            if proc.returncode is None:
                proc.terminate()
            await proc.wait()
            errors.close()

    return await with_harness(lib, url, body)


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


async def run_postgres(args: argparse.Namespace, results: dict[str, Result]) -> None:
    from postgres_server import postgres_server

    with postgres_server() as base:
        server = postmaster_pid(base)
        import psycopg

        with psycopg.connect(base) as conn:
            version = conn.execute("SHOW server_version").fetchone()[0]  # type: ignore[index]
        print(f"PostgreSQL {version} at {base}", file=sys.stderr)

        async def fresh(run: Callable[[str], Awaitable[Any]]) -> Any:
            url = fresh_database(base)
            try:
                return await run(url)
            finally:
                drop_database(base, url)

        for rep in range(args.repeat):
            # each measure taken for every library back to back (the order rotated each
            # repetition), so a ratio compares figures taken seconds apart, at one load
            order = args.libs[rep % len(args.libs) :] + args.libs[: rep % len(args.libs)]
            for lib in order:
                results.setdefault(lib, Result(lib, "postgresql"))
            urls = [fresh_database(base) for _ in order]
            try:
                shares = await measure_enqueues(order, urls, args.jobs, args.block, server)
            finally:
                for url in urls:
                    drop_database(base, url)
            for lib, share in zip(order, shares, strict=True):
                results[lib].enqueue.append(args.jobs / share.seconds)
                results[lib].enqueue_p50_ms.append(statistics.median(share.each) * 1000)
                results[lib].enqueue_p99_ms.append(pct(share.each, 0.99) * 1000)
                results[lib].enqueue_cpu_ms.append((share.client_cpu + share.server_cpu) * 1000 / args.jobs)
                results[lib].enqueue_client_cpu_ms.append(share.client_cpu * 1000 / args.jobs)
            for workers in WORKER_COUNTS:
                for lib in order:
                    rate, cpu, client = await fresh(
                        lambda u: measure_drain(lib, u, args.jobs, workers, server)  # noqa: B023
                    )
                    results[lib].drain.setdefault(workers, []).append(rate)
                    if workers == 8:
                        results[lib].cpu_ms.append(cpu)
                        results[lib].client_cpu_ms.append(client)
            for lib in order:
                samples = await fresh(
                    lambda u: measure_latency(lib, u, args.latency_jobs, args.gap)  # noqa: B023
                )
                results[lib].latency_ms.extend(samples)
                result = results[lib]
                print(
                    f"rep {rep + 1} {lib}: enqueue {result.enqueue[-1]:.0f}/s (p50 {result.enqueue_p50_ms[-1]:.3f}, p99 {result.enqueue_p99_ms[-1]:.2f} ms, "
                    f"cpu {result.enqueue_cpu_ms[-1]:.3f} ms), "
                    + ", ".join(f"{w}w {result.drain[w][-1]:.0f}/s" for w in WORKER_COUNTS)
                    + f", cpu {result.cpu_ms[-1]:.2f} ms/job, latency p50 {pct(samples, 0.5) if samples else float('nan'):.1f} ms, "
                    f"load {os.getloadavg()[0]:.1f}",
                    file=sys.stderr,
                )


async def run_sqlite(args: argparse.Namespace, results: dict[str, Result]) -> None:
    result = results.setdefault("mallory/sqlite", Result("mallory", "sqlite"))
    for rep in range(args.repeat):
        with tempfile.TemporaryDirectory() as tmp:
            counter = iter(range(100))

            def url(tmp: str = tmp, counter: Any = counter) -> str:
                return f"sqlite:///{tmp}/q{next(counter)}.db"

            result.enqueue.append(await measure_enqueue("mallory", url(), args.jobs))
            for workers in WORKER_COUNTS:
                rate, cpu, client = await measure_drain("mallory", url(), args.jobs, workers, None)
                result.drain.setdefault(workers, []).append(rate)
                if workers == 8:
                    result.cpu_ms.append(cpu)
                    result.client_cpu_ms.append(client)
            samples = await measure_latency("mallory", url(), args.sqlite_latency_jobs, args.gap)
            result.latency_ms.extend(samples)
        print(
            f"rep {rep + 1} mallory/sqlite: enqueue {result.enqueue[-1]:.0f}/s, "
            + ", ".join(f"{w}w {result.drain[w][-1]:.0f}/s" for w in WORKER_COUNTS)
            + f", latency p50 {pct(samples, 0.5) if samples else float('nan'):.1f} ms",
            file=sys.stderr,
        )


def table(results: dict[str, Result]) -> str:
    def med(values: list[float]) -> str:
        return f"{statistics.median(values):,.0f}" if values else "–"

    keys = list(results)
    lines = [
        "| measure | " + " | ".join(f"{results[k].lib} ({results[k].backend})" for k in keys) + " |",
        "| --- | " + " | ".join("---" for _ in keys) + " |",
        "| enqueue, 1 producer (jobs/s, median [min–max]) | "
        + " | ".join(
            f"{med(results[k].enqueue)} [{min(results[k].enqueue):,.0f}–{max(results[k].enqueue):,.0f}]"
            for k in keys
        )
        + " |",
        "| one enqueue p50 / p99, median of the repetitions' (ms) | "
        + " | ".join(
            f"{statistics.median(results[k].enqueue_p50_ms):.3f} / {statistics.median(results[k].enqueue_p99_ms):.2f}"
            if results[k].enqueue_p99_ms
            else "–"
            for k in keys
        )
        + " |",
        "| CPU per enqueue, client + server (ms, median; client alone) | "
        + " | ".join(
            f"{statistics.median(results[k].enqueue_cpu_ms):.3f} ({statistics.median(results[k].enqueue_client_cpu_ms):.3f})"
            if results[k].enqueue_cpu_ms
            else "–"
            for k in keys
        )
        + " |",
        "| claim+complete, 1 / 4 / 8 workers in one process (jobs/s, median) | "
        + " | ".join(" / ".join(med(results[k].drain.get(w, [])) for w in WORKER_COUNTS) for k in keys)
        + " |",
        "| claim+complete at 8 workers, min–max over the repetitions (jobs/s) | "
        + " | ".join(
            f"{min(results[k].drain[8]):,.0f}–{max(results[k].drain[8]):,.0f}"
            if results[k].drain.get(8)
            else "–"
            for k in keys
        )
        + " |",
        "| CPU per job, client + server, 8 workers (ms, median; client alone) | "
        + " | ".join(
            f"{statistics.median(results[k].cpu_ms):.2f} ({statistics.median(results[k].client_cpu_ms):.2f})"
            for k in keys
        )
        + " |",
        "| enqueue→start p50 / p99, worker in another process (ms, all samples) | "
        + " | ".join(
            f"{pct(results[k].latency_ms, 0.5):.1f} / {pct(results[k].latency_ms, 0.99):.1f} (n={len(results[k].latency_ms)})"
            if results[k].latency_ms
            else "–"
            for k in keys
        )
        + " |",
    ]
    return "\n".join(lines + ratios(results))


def ratios(results: dict[str, Result]) -> list[str]:
    """Each of our rates over each peer's, repetition by repetition (the two measured back to
    back on the same server): median [min–max] of those ratios."""

    def cell(mine: list[float], theirs: list[float]) -> str:
        pairs = [a / b for a, b in zip(mine, theirs, strict=False) if b > 0]
        if not pairs:
            return "–"
        return f"{statistics.median(pairs):.2f}× [{min(pairs):.2f}–{max(pairs):.2f}]"

    lines = ["", "| ours ÷ peer, same run (median [min–max] of the repetitions) | enqueue | "
             + " | ".join(f"{w} worker{'s' if w > 1 else ''}" for w in WORKER_COUNTS) + " |",
             "| --- | --- | " + " | ".join("---" for _ in WORKER_COUNTS) + " |"]  # fmt: skip
    for key in OURS:
        ours = results.get(key)
        if ours is None or ours.backend != "postgresql":
            continue
        for name, peer in results.items():
            if name in OURS or peer.backend != "postgresql":
                continue
            lines.append(
                f"| {key} ÷ {name} | {cell(ours.enqueue, peer.enqueue)} | "
                + " | ".join(cell(ours.drain.get(w, []), peer.drain.get(w, [])) for w in WORKER_COUNTS)
                + " |"
            )
    return lines if len(lines) > 3 else []


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--jobs", type=int, default=2000, help="jobs per enqueue and per drain measure")
    parser.add_argument("--latency-jobs", type=int, default=200, help="jobs per latency measure")
    parser.add_argument(
        "--sqlite-latency-jobs", type=int, default=200, help="jobs per latency measure on SQLite"
    )
    parser.add_argument(
        "--gap",
        type=float,
        default=0.02,
        help="mean seconds between latency enqueues (each gap 0.5–1.5× this)",
    )
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument(
        "--block", type=int, default=100, help="enqueues of each library in turn, interleaved"
    )
    parser.add_argument(
        "--slots",
        type=int,
        default=Mallory.slots,
        help="slots of each Mallory worker (default: the product's, MALLORY_WORKER_SLOTS; mallory-one: 1)",
    )
    parser.add_argument("--libs", default=",".join(LIBS), help="comma-separated, from: " + ", ".join(LIBS))
    parser.add_argument("--no-sqlite", action="store_true", help="skip Mallory on SQLite")
    parser.add_argument("--no-postgres", action="store_true", help="only Mallory on SQLite")
    parser.add_argument("--json", help="also write the raw results here")
    parser.add_argument("--render", metavar="JSON", help="only print the table of results saved with --json")
    parser.add_argument("--role", default="bench", help=argparse.SUPPRESS)
    parser.add_argument("--lib", help=argparse.SUPPRESS)
    parser.add_argument("--url", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.render:
        saved = json.loads(Path(args.render).read_text(encoding="utf-8"))
        for value in saved.values():
            value["drain"] = {int(w): rates for w, rates in value["drain"].items()}
        print(table({key: Result(**value) for key, value in saved.items()}))
        return
    if args.role == "worker":
        asyncio.run(worker_main(args.lib, args.url))
        return
    args.libs = [name for name in args.libs.split(",") if name]
    Mallory.slots = args.slots
    MalloryOne.slots = 1
    unknown = set(args.libs) - set(LIBS)
    if unknown:
        parser.error(f"unknown library: {', '.join(sorted(unknown))}")
    started = datetime.now(UTC)
    load = os.getloadavg()
    results: dict[str, Result] = {}
    if not args.no_postgres:
        asyncio.run(run_postgres(args, results))
    if not args.no_sqlite and "mallory" in args.libs:
        asyncio.run(run_sqlite(args, results))
    print(
        f"\n{started:%Y-%m-%d %H:%M} UTC, load average at start {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}, "
        f"{args.jobs} jobs per measure, {args.repeat} repetitions\n"
    )
    print(table(results))
    if args.json:
        Path(args.json).write_text(
            json.dumps({k: vars(v) for k, v in results.items()}, indent=1, default=str), encoding="utf-8"
        )


if __name__ == "__main__":
    main()
