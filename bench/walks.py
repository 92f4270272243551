"""Counting the hops on the two walks (docs/architecture.md): a Slack mention that asks for
an investigation → stored, enqueued, acknowledged (and its twin event, dropped); then the
claim → the report in the thread.

Measured, not read off the code: storage trips (every ``Database`` unit of work the walk
awaits), the writes among them, how often the thread reference is parsed from JSON, and
how many functions of ours (bot/, adapters/, storage/ on the event loop's thread) are
entered. Drives the real Slack adapter over HTTP against the fake Slack in tests/slack.

Run: ``.venv/bin/python bench/walks.py``.
"""

from __future__ import annotations

import asyncio
import sys
import tempfile
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from types import FrameType
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests"), str(ROOT / "tests" / "slack")]

from fake_slack import FakeSlack  # noqa: E402
from slack_harness import mention_event, running_bot  # noqa: E402

from bot.clock import FakeClock  # noqa: E402
from bot.events import ThreadRef  # noqa: E402
from storage.db import Database  # noqa: E402

OURS = tuple(str(ROOT / p) for p in ("bot", "adapters", "storage"))


class Tally:
    def __init__(self) -> None:
        self.on = False
        self.trips: Counter[str] = Counter()
        self.writes = 0
        self.parses = 0
        self.frames: list[FrameType] = []  # kept alive so a resumed coroutine is not counted twice
        self._seen: set[int] = set()

    def profile(self, frame: FrameType, event: str, _arg: Any) -> None:
        if event != "call" or not self.on:
            return
        code = frame.f_code
        if code.co_name.startswith("<") or not code.co_filename.startswith(OURS):
            return
        if id(frame) not in self._seen:
            self._seen.add(id(frame))
            self.frames.append(frame)

    def reset(self) -> None:
        self.trips.clear()
        self.writes = self.parses = 0
        self.frames.clear()
        self._seen.clear()


TALLY = Tally()


def _count_trips(name: str) -> None:
    original = getattr(Database, name, None)
    if original is None:
        return

    async def counted(self: Database, work: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
        if TALLY.on:
            frame = sys._getframe(1)
            while frame.f_back is not None and frame.f_code.co_filename.endswith("storage/db.py"):
                frame = frame.f_back  # name the storage method, not Database's own helpers
            caller = frame.f_code.co_name
            TALLY.trips[f"{name}:{caller}"] += 1
            if name in ("run", "run_sql") and kwargs.get("write", True):
                TALLY.writes += 1
        return await original(self, work, *args, **kwargs)

    setattr(Database, name, counted)


for _name in ("run", "run_sql", "read_sql"):
    _count_trips(_name)
_from_json = ThreadRef.from_json.__func__  # type: ignore[attr-defined]


def _counted_from_json(cls: type[ThreadRef], raw: str) -> ThreadRef:
    if TALLY.on:
        TALLY.parses += 1
    return _from_json(cls, raw)


ThreadRef.from_json = classmethod(_counted_from_json)  # type: ignore[method-assign,assignment]


def _report(title: str) -> None:
    names = Counter(f.f_code.co_name for f in TALLY.frames)
    print(f"{title}")
    research = str(ROOT / "bot" / "research")
    outside = [f for f in TALLY.frames if not f.f_code.co_filename.startswith(research)]
    print(f"  functions of ours entered: {len(TALLY.frames)} ({len(outside)} outside bot/research)")
    print(f"  storage trips: {sum(TALLY.trips.values())} (writes {TALLY.writes})")
    for key, n in sorted(TALLY.trips.items()):
        print(f"    {key} ×{n}")
    print(f"  thread reference parsed from JSON: {TALLY.parses}")
    print("  most entered: " + ", ".join(f"{n}×{c}" for n, c in names.most_common(8)))


async def main() -> None:
    clock = FakeClock()
    slack = FakeSlack()
    await slack.start()
    with tempfile.TemporaryDirectory() as tmp:
        async with running_bot(Path(tmp), clock, slack) as bot:
            ts = "1750000100.000100"
            text = "research the storage backend decision for Atlas"
            await bot.rt.worker.run_once()  # warm: nothing pending
            sys.setprofile(TALLY.profile)
            TALLY.on = True
            await bot.event(mention_event(text, ts=ts, event_id="Ev1"))
            await bot.adapter.drain()
            TALLY.on = False
            _report("walk 1: a Slack mention asking for an investigation → stored, enqueued, acknowledged")
            TALLY.reset()
            TALLY.on = True
            await bot.event(mention_event(text, ts=ts, event_id="Ev2", kind="message"))
            await bot.adapter.drain()
            TALLY.on = False
            _report("its twin (the message event Slack sends for the same mention) → dropped")
            assert len(bot.thread_posts("C111", ts)) == 1
            TALLY.reset()
            TALLY.on = True
            ran = await bot.rt.worker.run_once()
            TALLY.on = False
            sys.setprofile(None)
            assert ran == 1 and len(bot.thread_posts("C111", ts)) == 2
            _report("walk 2: claim → investigate → report stored → delivered in the thread")
    await slack.stop()


if __name__ == "__main__":
    import argparse

    argparse.ArgumentParser(description=__doc__.split("\n\n")[0]).parse_args()
    asyncio.run(main())
