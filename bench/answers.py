"""Answer quality on the example vault, through the path a person uses: the console adapter
in front of the runtime, offline provider, local MiniLM embedder. Reports five measures
against the hand-written gold set in ``bench/answers_gold.json``:

1. quick answers: share of key facts stated;
2. quick answers: share of cited notes that answer the question;
3. out-of-domain questions answered "nothing found" (no citations, an offer to dig);
4. investigation Context Summary: share of key facts;
5. investigation Sources: share of listed entries that are relevant, and recall of the
   relevant ones.

    .venv/bin/python bench/answers.py [--gold FILE] [--vault DIR] [--show] [--embedder local|none]
        [--production]

``--production`` runs the same questions on the production path instead: the Anthropic
provider against the fake Messages API (``tests/fake_anthropic.py``, on 127.0.0.1), and
measures what each quick-answer request and each report (synthesis) request carries to the
model: the share of the gold facts present, the entries sent, the input tokens (the fake's
count: 4 characters a token), the share of a report's entries that are on topic, and how
many out-of-domain questions are sent with sources at all.

``--show`` prints every answer and report (for reading them, not for scoring). The held-out
set (``--gold bench/answers_heldout.json --vault bench/answers_heldout/vault``) is for
checking that what was tuned on the first set generalises: never choose a weight on it.
"""

from __future__ import annotations

import argparse
import asyncio
import io
import json
import os
import re
import sys
import tempfile
import time
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from adapters.console import ConsoleChat, ConsoleSender  # noqa: E402
from bot.clock import FakeClock  # noqa: E402
from bot.config import load_settings  # noqa: E402
from bot.events import Action, Reply  # noqa: E402
from bot.runtime import Runtime  # noqa: E402
from storage.knowledge import GLOBAL_SPACE  # noqa: E402

CITATION = re.compile(r"\[Entry ([0-9a-f]{8})\]")
SOURCES_ROW = re.compile(r"^\|\s*\d+\s*\|\s*([0-9a-f]{8})\s*\|", re.M)


class Recorder(ConsoleSender):
    """The console sender, keeping each reply as well as printing it nowhere."""

    def __init__(self) -> None:
        super().__init__(io.StringIO())
        self.replies: list[Reply] = []

    async def send(self, reply: Reply) -> Any:
        self.replies.append(reply)
        return await super().send(reply)


ENTRY_BLOCK = re.compile(r'<entry-[0-9a-f]+ id="([0-9a-f]{8})"')


@dataclass
class Carried:
    """What the requests to the model carried (``--production``)."""

    quick_facts: list[float] = field(default_factory=list)
    quick_entries: list[int] = field(default_factory=list)
    quick_tokens: list[int] = field(default_factory=list)
    ood_with_sources: list[bool] = field(default_factory=list)
    report_facts: list[float] = field(default_factory=list)
    report_entries: list[int] = field(default_factory=list)
    report_tokens: list[int] = field(default_factory=list)
    report_on_topic: list[float] = field(default_factory=list)


@dataclass
class Tally:
    facts: list[float] = field(default_factory=list)
    cited: list[float] = field(default_factory=list)
    ood: list[float] = field(default_factory=list)
    summary: list[float] = field(default_factory=list)
    precision: list[float] = field(default_factory=list)
    recall: list[float] = field(default_factory=list)
    listed: list[int] = field(default_factory=list)
    misses: list[str] = field(default_factory=list)
    carried: Carried = field(default_factory=Carried)


def mean(values: list[float]) -> float:
    return sum(values) / len(values) if values else 0.0


def share_of_facts(text: str, facts: list[str]) -> tuple[float, list[str]]:
    missing = [f for f in facts if not re.search(f, text, re.I)]
    return 1 - len(missing) / len(facts), missing


def section(report: str, title: str) -> str:
    match = re.search(rf"^## {re.escape(title)}\n(.*?)(?=^## |\Z)", report, re.S | re.M)
    return match.group(1) if match else ""


async def ask(rt: Runtime, session: str, text: str) -> list[Reply]:
    sender = Recorder()
    rt.worker.senders["console"] = sender
    chat = ConsoleChat(rt.core, sender, session=session, now=rt.clock.now)
    await chat.feed(text)
    return sender.replies


async def run(args: argparse.Namespace) -> Tally:
    gold = json.loads(Path(args.gold).read_text(encoding="utf-8"))
    tally = Tally()
    fake = None
    if args.production:
        sys.path.insert(0, str(ROOT / "tests"))
        from fake_anthropic import FakeAnthropic, tool_message

        def rule(request: dict[str, Any]) -> dict[str, Any]:
            choice = (request.get("tool_choice") or {}).get("name")
            if choice == "route_message":  # what the offline router leaned to stands
                lean = re.search(r"leaned to route=(\w+)", json.dumps(request["messages"]))
                route = lean.group(1) if lean and lean.group(1) != "none" else "quick"
                return tool_message("route_message", {"route": route, "question": "", "reason": "bench"})
            if choice == "write_synthesis":
                return tool_message("write_synthesis", {"summary": "Synthesised.", "gaps": []})
            if choice == "report_gaps":
                return tool_message("report_gaps", {"gaps": []})
            return {
                "type": "message",
                "role": "assistant",
                "content": [{"type": "text", "text": "Noted."}],
                "stop_reason": "end_turn",
                "stop_sequence": None,
            }

        fake = FakeAnthropic(rule)
        await fake.start()
    try:
        return await _run(args, gold, tally, fake)
    finally:
        if fake is not None:
            await fake.stop()


def _carried(fake: Any, since: int, job: str, deep: str) -> list[tuple[str, list[str], int]]:
    """(prompt text, entry ids, input tokens) of the requests of ``job`` since ``since``."""
    from fake_anthropic import job_of

    out = []
    for request, response in zip(fake.requests[since:], fake.responses[since:], strict=False):
        if job_of(request, deep_model=deep) != job:
            continue
        text = "\n".join(
            m["content"]
            if isinstance(m.get("content"), str)
            else " ".join(b.get("text", "") for b in m["content"])
            for m in request.get("messages", [])
        )
        usage = response.get("usage", {})
        tokens = sum(
            int(usage.get(k, 0))
            for k in ("input_tokens", "cache_read_input_tokens", "cache_creation_input_tokens")
        )
        out.append((text, ENTRY_BLOCK.findall(text), tokens))
    return out


async def _run(args: argparse.Namespace, gold: dict[str, Any], tally: Tally, fake: Any) -> Tally:
    with tempfile.TemporaryDirectory() as tmp:
        extra: dict[str, Any] = {"llm_provider": "offline"}
        if fake is not None:
            extra = {
                "llm_provider": "anthropic",
                "anthropic_api_key": "bench-key",
                "anthropic_base_url": fake.url,
            }
        settings = load_settings(data_dir=Path(tmp) / "data", embedder=args.embedder, **extra)
        deep = settings.deep_model
        carried = tally.carried
        clock = FakeClock(datetime(2026, 7, 1, 9, 0, tzinfo=UTC))
        async with Runtime.open(settings, clock=clock) as rt:
            await rt.ingest(Path(args.vault), space=GLOBAL_SPACE)
            print(f"embedder: {rt.embedder_description}", file=sys.stderr)
            note_of = {
                entry_id[:8]: source.removesuffix(".md")
                for source, entry_id in (await rt.knowledge.by_sources(GLOBAL_SPACE)).items()
            }
            n = 0
            for item in gold["quick"]:
                for phrasing in item["phrasings"]:
                    n += 1
                    since = len(fake.requests) if fake else 0
                    replies = await ask(rt, f"q{n}", phrasing)
                    if fake is not None:
                        for prompt, ids, tokens in _carried(fake, since, "quick", deep):
                            carried.quick_facts.append(share_of_facts(prompt, item["facts"])[0])
                            carried.quick_entries.append(len(set(ids)))
                            carried.quick_tokens.append(tokens)
                    clock.advance(minutes=1)
                    text = "\n".join(r.text for r in replies)
                    share, missing = share_of_facts(text, item["facts"])
                    tally.facts.append(share)
                    cited = list(dict.fromkeys(note_of.get(c, c) for c in CITATION.findall(text)))
                    good = [c for c in cited if c in item["notes"]]
                    tally.cited.append(len(good) / len(cited) if cited else 0.0)
                    if missing or len(good) < len(cited):
                        tally.misses.append(
                            f"quick {item['id']} {phrasing!r}: missing {missing}; "
                            f"cited off-topic {[c for c in cited if c not in item['notes']]}"
                        )
                    if args.show:
                        print(
                            f"\n>>> {phrasing}\n{text}\n(cited: {', '.join(cited)}; gold: {', '.join(item['notes'])})"
                        )
            for item in gold["out_of_domain"]:
                # a question, or a record of one (``{"question": …, "absent": …}``)
                question = item["question"] if isinstance(item, dict) else item
                n += 1
                since = len(fake.requests) if fake else 0
                replies = await ask(rt, f"q{n}", question)
                if fake is not None:
                    sent = _carried(fake, since, "quick", deep)
                    carried.ood_with_sources.append(any(ids for _, ids, _ in sent))
                clock.advance(minutes=1)
                text = "\n".join(r.text for r in replies)
                offered = any(b.action is Action.INVESTIGATE_OFFER for r in replies for b in r.buttons)
                ok = offered and not CITATION.search(text)
                tally.ood.append(1.0 if ok else 0.0)
                if not ok:
                    tally.misses.append(f"out of domain {question!r}: {text[:160]!r}")
                if args.show:
                    print(f"\n>>> {question}\n{text}")
            for item in gold["investigations"]:
                n += 1
                since = len(fake.requests) if fake else 0
                earlier = {i.id for i in await rt.queue.listing()}
                await ask(rt, f"q{n}", f"dig into {item['topic']}")
                await rt.worker.run_once()
                if fake is not None:
                    relevant_ids = {i for i, note in note_of.items() if note in item["relevant"]}
                    for prompt, ids, tokens in _carried(fake, since, "synthesis", deep):
                        carried.report_facts.append(share_of_facts(prompt, item["facts"])[0])
                        carried.report_entries.append(len(set(ids)))
                        carried.report_tokens.append(tokens)
                        on = [i for i in set(ids) if i in relevant_ids]
                        carried.report_on_topic.append(len(on) / len(set(ids)) if ids else 0.0)
                clock.advance(minutes=5)
                # the investigation this request started (none: a miss on every measure)
                started = [i for i in await rt.queue.listing() if i.id not in earlier]
                report = (started[0].answer or "") if started else ""
                if not started:
                    tally.misses.append(f"investigation {item['topic']!r}: no investigation was started")
                share, missing = share_of_facts(section(report, "Context Summary"), item["facts"])
                tally.summary.append(share)
                listed = [note_of.get(s, s) for s in SOURCES_ROW.findall(section(report, "Sources"))]
                relevant = set(item["relevant"])
                hit = [s for s in listed if s in relevant]
                tally.precision.append(len(hit) / len(listed) if listed else 0.0)
                tally.recall.append(len(set(hit)) / len(relevant))
                tally.listed.append(len(listed))
                tally.misses.append(
                    f"investigation {item['topic']!r}: summary missing {missing}; listed {len(listed)}, "
                    f"relevant {len(set(hit))}/{len(relevant)}, not relevant "
                    f"{[s for s in listed if s not in relevant]}, missed {sorted(relevant - set(hit))}"
                )
                if args.show:
                    print(f"\n>>> dig into {item['topic']}\n{report}")
    return tally


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--gold", default=str(ROOT / "bench" / "answers_gold.json"))
    parser.add_argument("--vault", default=str(ROOT / "examples" / "vault"))
    parser.add_argument("--embedder", default="local", choices=("local", "none"))
    parser.add_argument("--show", action="store_true", help="print every answer and report")
    parser.add_argument("--misses", action="store_true", help="list what each miss lacked")
    parser.add_argument(
        "--production",
        action="store_true",
        help="the Anthropic provider against the fake Messages API: what the requests carry",
    )
    args = parser.parse_args()
    for name in [k for k in os.environ if k.startswith(("MALLORY_", "ANTHROPIC_", "VOYAGE_"))]:
        del os.environ[name]
    started = time.perf_counter()
    tally = asyncio.run(run(args))
    took = time.perf_counter() - started
    if args.misses:
        print("\n".join(tally.misses))
    if args.production:
        c = tally.carried
        print(
            f"# What the model is given on {Path(args.gold).stem} ({args.embedder} embedder, fake Messages API)"
        )
        print(f"date: {datetime.now(UTC):%Y-%m-%d %H:%M} UTC; {took:.0f} s")
        print("| measure | value | target |")
        print("| --- | --- | --- |")
        q = sorted(c.quick_tokens)
        print(
            f"| quick-answer requests: share of gold facts carried ({len(c.quick_facts)} requests) | {mean(c.quick_facts):.2f} | ≥ 0.95 |"
        )
        print(
            f"| quick-answer requests: entries (mean / max) | {mean([float(x) for x in c.quick_entries]):.1f} / {max(c.quick_entries, default=0)} | |"
        )
        print(
            f"| quick-answer requests: input tokens (median / max) | {q[len(q) // 2] if q else 0} / {max(q, default=0)} | ≤ 3,000 |"
        )
        print(
            f"| out-of-domain questions sent with sources | {sum(c.ood_with_sources)} of {len(c.ood_with_sources)} | few |"
        )
        r = sorted(c.report_tokens)
        print(
            f"| report requests: share of gold facts carried ({len(c.report_facts)} requests) | {mean(c.report_facts):.2f} | ≥ 0.95 |"
        )
        print(
            f"| report requests: entries (mean / max) | {mean([float(x) for x in c.report_entries]):.1f} / {max(c.report_entries, default=0)} | |"
        )
        print(
            f"| report requests: input tokens (median / max) | {r[len(r) // 2] if r else 0} / {max(r, default=0)} | ≤ 6,000 |"
        )
        print(f"| report requests: share of entries on topic | {mean(c.report_on_topic):.2f} | ≥ 0.50 |")
        return 0
    print(f"# Answer quality on {Path(args.vault).name} ({args.embedder} embedder, offline provider)")
    print(f"date: {datetime.now(UTC):%Y-%m-%d %H:%M} UTC; {took:.0f} s")
    print("| measure | value | target |")
    print("| --- | --- | --- |")
    print(
        f"| quick answers: share of key facts stated ({len(tally.facts)} questions) | {mean(tally.facts):.2f} | ≥ 0.85 |"
    )
    print(f"| quick answers: cited notes that answer | {mean(tally.cited):.2f} | ≥ 0.80 |")
    print(f'| out-of-domain answered "nothing found" ({len(tally.ood)}) | {mean(tally.ood):.2f} | ≥ 0.85 |')
    print(
        f"| investigation Context Summary: share of key facts ({len(tally.summary)} topics) "
        f"| {mean(tally.summary):.2f} | ≥ 0.70 |"
    )
    print(
        f"| investigation Sources: share relevant (mean {mean([float(x) for x in tally.listed]):.1f} listed) "
        f"| {mean(tally.precision):.2f} | ≥ 0.60 |"
    )
    print(f"| investigation Sources: recall of relevant notes | {mean(tally.recall):.2f} | ≥ 0.90 |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
