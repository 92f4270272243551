"""Where each quick-answer miss is lost, counted mechanically (answers15, issue 23).

For every quick phrasing of a gold set that misses a fact or cites an off-topic note, each
missing fact and each off-topic citation is put in one class:

(a) retrieval: no gold note among the evidence's entries (a1: not in the search's top 10
    either; a2: searched but cut: relevance, names, limit);
(b) a gold note is among the entries, but the passage stating the fact is not chosen and no
    passage of a gold note is: another note ranks first;
(c) a gold note's passage is chosen, but not the one stating the fact;
(d) "nothing found" (no passage at all), or a names check emptied the evidence;
(e) supersession: the stating passage is marked replaced, or dropped by the citing rules;
(f) the fact is in the gold note's text but in no single passage (split), or the stated
    passage is clipped before it;
(g) other (the fact's pattern matches nothing of the gold notes' text, …).

    .venv/bin/python bench/answers_causes.py --gold FILE --vault DIR [--name NAME] [--show]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import re
import sys
import tempfile
from collections import Counter
from datetime import UTC, datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from answers import CITATION, ask  # noqa: E402

from bot.clock import FakeClock  # noqa: E402
from bot.config import load_settings  # noqa: E402
from bot.research.citing import cited as cited_passages  # noqa: E402
from bot.research.evidence import units  # noqa: E402
from bot.research.recall import ANSWER_TYPES  # noqa: E402
from bot.runtime import Runtime  # noqa: E402
from storage.knowledge import GLOBAL_SPACE  # noqa: E402

CLASSES = ("a1", "a2", "b", "c", "d", "e", "f", "g")


def says(pattern: str, text: str) -> bool:
    return re.search(pattern, text, re.I) is not None


async def run(args: argparse.Namespace) -> Counter[str]:
    gold = json.loads(Path(args.gold).read_text(encoding="utf-8"))
    counts: Counter[str] = Counter()
    with tempfile.TemporaryDirectory() as tmp:
        settings = load_settings(data_dir=Path(tmp) / "data", embedder="local", llm_provider="offline")
        clock = FakeClock(datetime(2026, 7, 1, 9, 0, tzinfo=UTC))
        async with Runtime.open(settings, clock=clock) as rt:
            await rt.ingest(Path(args.vault), space=GLOBAL_SPACE)
            recall = rt.investigator.recall
            space = settings.default_space
            by_source = await rt.knowledge.by_sources(GLOBAL_SPACE)
            note_of = {eid[:8]: src.removesuffix(".md") for src, eid in by_source.items()}
            titles = await recall.answerer.titles(recall.retriever.visible(space))
            n = 0
            for item in gold["quick"]:
                for phrasing in item["phrasings"]:
                    n += 1
                    replies = await ask(rt, f"q{n}", phrasing)
                    clock.advance(minutes=1)
                    text = "\n".join(r.text for r in replies)
                    missing = [f for f in item["facts"] if not says(f, text)]
                    cited = list(dict.fromkeys(note_of.get(c, c) for c in CITATION.findall(text)))
                    off = [c for c in cited if c not in item["notes"]]
                    if not missing and not off:
                        continue
                    ev = await recall.evidence(phrasing, space=space, limit=settings.quick_top_k)
                    found = await recall.retriever.search(
                        phrasing, space=space, limit=10, exclude_types=ANSWER_TYPES
                    )
                    gold_notes = set(item["notes"])
                    entries = [note_of[e.id[:8]] for e in ev.entries]
                    searched = [note_of.get(h.entry.id[:8], "?") for h in found]
                    gold_entries = [e for e in ev.entries if note_of[e.id[:8]] in gold_notes]
                    chosen = ev.passages
                    stated = cited_passages(phrasing, chosen)
                    chosen_gold = [p for p in chosen if note_of[p.entry.id[:8]] in gold_notes]
                    lines = []
                    for fact in missing:
                        if not ev.found:
                            cls = "d"
                        elif not gold_entries:
                            cls = "a1" if not gold_notes & set(searched) else "a2"
                        else:
                            whole = " ".join(f"{e.title}\n{e.content}" for e in gold_entries)
                            pieces = [
                                (e, u)
                                for e in gold_entries
                                for u in units(e.content, titles)
                                if says(fact, u.text)
                            ]
                            if not says(fact, whole):
                                cls = "g"
                            elif not pieces:
                                cls = "f"
                            elif any(
                                says(fact, p.unit.text)
                                for p in chosen
                                if note_of[p.entry.id[:8]] in gold_notes
                            ):
                                hit = [p for p in chosen if says(fact, p.unit.text)]
                                if any(p.replaced_by is not None for p in hit) or not any(
                                    says(fact, p.unit.text) for p in stated
                                ):
                                    cls = "e"
                                else:
                                    cls = "f"  # stated, clipped or reworded
                            elif any(
                                p.replaced_by is not None and says(fact, p.unit.text) for p in ev.ranked
                            ):
                                cls = "e"
                            elif chosen_gold:
                                cls = "c"
                                blocks = {
                                    (p.entry.id, p.unit.block) for p in chosen_gold if p.unit.block >= 0
                                }
                                same = any((e.id, u.block) in blocks for e, u in pieces)
                                ranks = [i for i, p in enumerate(ev.ranked) if says(fact, p.unit.text)]
                                counts["c-same-block" if same else "c-other-block"] += 1
                                counts["c-past-floor" if ranks else "c-below-floor"] += 1
                                lines.append(
                                    f"   c: same block {same}, rank past floor {ranks[:1]}, unit {pieces[0][1].text[:90]!r}"
                                )
                            else:
                                cls = "b"
                        counts[cls] += 1
                        counts["facts"] += 1
                        lines.append(f"  fact {fact!r}: {cls}")
                    for note in off:
                        if note in item.get("superseded", ()):
                            cls = "e"  # the old rule's note, cited
                        elif not gold_entries:
                            cls = "a1" if not gold_notes & set(searched) else "a2"
                        elif not chosen_gold:
                            cls = "b"
                        else:
                            first = note_of[chosen[0].entry.id[:8]]
                            cls = "b" if first not in gold_notes else "b+"  # beside the gold note
                        counts[f"off-{cls}"] += 1
                        counts["off"] += 1
                        lines.append(f"  off-topic {note}: {cls}")
                    if args.show:
                        print(f"{item['id']} {phrasing!r} gold={sorted(gold_notes)}")
                        print(f"  searched={searched}\n  entries={entries}")
                        print(
                            "  chosen="
                            + str(
                                [
                                    (note_of[p.entry.id[:8]], round(p.score, 2), p.unit.text[:70])
                                    for p in chosen
                                ]
                            )
                        )
                        print("\n".join(lines))
    return counts


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--gold", required=True)
    parser.add_argument("--vault", required=True)
    parser.add_argument("--name", default="")
    parser.add_argument("--show", action="store_true")
    args = parser.parse_args()
    for name in [k for k in os.environ if k.startswith(("MALLORY_", "ANTHROPIC_", "VOYAGE_"))]:
        del os.environ[name]
    counts = asyncio.run(run(args))
    print(f"COUNTS {args.name or Path(args.vault).parent.name} " + json.dumps(dict(counts), sort_keys=True))
    return 0


if __name__ == "__main__":
    sys.exit(main())
