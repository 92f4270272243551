"""Worst case from message to reply with the Anthropic API hung, with the default budgets.

The real ``anthropic`` client talks to the fake Messages API (tests/fake_anthropic.py) on
127.0.0.1, which accepts every request and never answers. Measured per repetition:

- classify: ``AnthropicProvider.classify`` alone (the lexicon decides when it gives up);
- chat: a small-talk message the lexicon is unsure of → classifier, then chat model;
- quick: a question → classifier, then the deep model's answer from the notes;
- investigation: an explicit request → acknowledgement, then (worker) rewrite, gap
  finding and synthesis, until the report is delivered.

Every reply is also checked for the truthful fallback wording.

Run: ``.venv/bin/python bench/llm_deadlines.py [--repeat 3] [--scale 1.0]``
(``--scale 0.1`` divides every budget by ten, for a quick look).
"""

from __future__ import annotations

import argparse
import asyncio
import io
import shutil
import statistics
import sys
import time
from datetime import UTC, datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from fake_anthropic import FakeAnthropic, Scripted  # noqa: E402

from adapters.console import ConsoleSender  # noqa: E402
from bot.config import Settings, load_settings  # noqa: E402
from bot.events import Inbound, Person, ThreadRef  # noqa: E402
from bot.routing import classify_lexicon  # noqa: E402
from bot.runtime import Runtime  # noqa: E402

WORK = ROOT / "bench" / ".work" / "llm_deadlines"
NOT_ANSWERING = "not answering right now"
BUDGETS = ("classify", "chat", "quick", "rewrite", "gaps", "synthesis")


def _inbound(text: str, thread: str, message_id: str) -> Inbound:
    return Inbound(
        ThreadRef("console", "bench", "c", thread),
        message_id,
        Person("u", "Bench"),
        text,
        datetime.now(UTC),
        is_direct=True,
    )


def _settings(fake: FakeAnthropic, scale: float) -> Settings:
    base = load_settings(data_dir=WORK, embedder="none")
    budgets = {f"budget_{b}_s": getattr(base, f"budget_{b}_s") * scale for b in BUDGETS}
    return load_settings(
        data_dir=WORK,
        embedder="none",
        anthropic_api_key="sk-ant-bench-0000",
        anthropic_base_url=fake.url,
        **budgets,
    )


async def one_round(rt: Runtime, n: int) -> dict[str, float]:
    out: dict[str, float] = {}
    text = "hmm, that DuckDB thing, worth a proper look?"
    t = time.monotonic()
    try:
        await rt.llm.classify(text, history=[], lexicon=classify_lexicon(text))
    except Exception as exc:  # the budget ran out: the lexicon would decide here
        assert "budget" in str(exc), exc
    out["classify"] = time.monotonic() - t

    for kind, message in (("chat", "that was a fun offsite, honestly"), ("quick", "what is Beacon?")):
        sink = io.StringIO()
        t = time.monotonic()
        await rt.core.handle(_inbound(message, f"{kind}-{n}", "1"), ConsoleSender(sink))
        out[kind] = time.monotonic() - t
        assert NOT_ANSWERING in sink.getvalue().lower(), sink.getvalue()

    sink = io.StringIO()
    sender = ConsoleSender(sink)
    rt.worker.senders["console"] = sender
    t = time.monotonic()
    await rt.core.handle(_inbound("dig into the March ingestion outage", f"inv-{n}", "1"), sender)
    out["investigation ack"] = time.monotonic() - t
    await rt.worker.run_once()
    out["investigation report"] = time.monotonic() - t
    inv = next(i for i in await rt.queue.listing() if i.thread_ref and f"inv-{n}" in i.thread_ref)
    assert inv.status == "delivered" and inv.answer and NOT_ANSWERING in inv.answer, (inv.status, inv.error)
    return out


async def main(repeat: int, scale: float) -> None:
    shutil.rmtree(WORK, ignore_errors=True)
    fake = FakeAnthropic(rule=lambda request: Scripted(hang=True))
    await fake.start()
    try:
        settings = _settings(fake, scale)
        print("budgets (s):", {b: getattr(settings, f"budget_{b}_s") for b in BUDGETS})
        rounds: list[dict[str, float]] = []
        async with Runtime.open(settings) as rt:
            await rt.ingest(settings.vault)
            for n in range(repeat):
                rounds.append(await one_round(rt, n))
                print(
                    f"round {n + 1}: " + ", ".join(f"{k} {v:.2f}s" for k, v in rounds[-1].items()), flush=True
                )
        print(f"\n{'measure':<22} {'median':>8} {'max':>8}  ({repeat} runs, API hung)")
        for key in rounds[0]:
            values = [r[key] for r in rounds]
            print(f"{key:<22} {statistics.median(values):>7.2f}s {max(values):>7.2f}s")
        print(f"requests the fake held open: {len(fake.requests)}")
    finally:
        await fake.stop()


if __name__ == "__main__":
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--scale", type=float, default=1.0, help="multiply every budget by this")
    args = parser.parse_args()
    asyncio.run(main(args.repeat, args.scale))
