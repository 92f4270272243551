"""Routing quality on the labelled set (bot/routing/data/labelled.jsonl): async precision and
recall, 3-way accuracy and the confusion matrix, offline (no LLM).

Run: ``.venv/bin/python bench/routing_quality.py [--gold PATH] [--cv 5] [--errors] [--speed 5]``.
Reports the lexicon alone (the baseline) and the router with the shipped model on the
gold messages (the labelled test split, or ``--gold``), then k-fold cross-validation of the
router over the labelled set (each fold's model trained on the other folds), and the share
of messages the model left unsure. A gold file's ``sealed`` rows (bench/routing_heldout.jsonl)
are scored on their own and their errors are never listed: they stay held out.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bot.routing import Decision, Route, classify_lexicon  # noqa: E402
from bot.routing.model import ROUTES, Example, RouterModel, load_labelled, shipped_model  # noqa: E402
from bot.routing.router import route  # noqa: E402
from bot.routing.train import as_received, cross_validate  # noqa: E402


def lexicon_decide(raw: str) -> Decision:
    text, _ = as_received(raw)
    return classify_lexicon(text)


def router_with(model: RouterModel) -> Callable[[str], Decision]:
    def decide(raw: str) -> Decision:
        text, addressing = as_received(raw)
        return route(text, addressing=addressing, model=model)

    return decide


SEALED = "sealed"


def report(title: str, pairs: Sequence[tuple[Example, Decision]], *, errors: bool) -> dict[str, float]:
    matrix = {(g, p): 0 for g in ROUTES for p in ROUTES}
    for e, d in pairs:
        matrix[(e.route, d.route)] += 1
    tp = matrix[(Route.ASYNC, Route.ASYNC)]
    predicted = sum(matrix[(g, Route.ASYNC)] for g in ROUTES)
    actual = sum(matrix[(Route.ASYNC, p)] for p in ROUTES)
    correct = sum(matrix[(r, r)] for r in ROUTES)
    stats = {
        "precision": tp / predicted if predicted else 0.0,
        "recall": tp / actual if actual else 0.0,
        "accuracy": correct / len(pairs) if pairs else 0.0,
        "unsure": sum(not d.sure for _, d in pairs) / len(pairs) if pairs else 0.0,
    }
    print(f"\n## {title} ({len(pairs)} messages)")
    print(
        f"async precision {stats['precision']:.3f}  recall {stats['recall']:.3f}  "
        f"3-way accuracy {stats['accuracy']:.3f}  left unsure {stats['unsure']:.1%}"
    )
    print("gold \\ predicted   " + "  ".join(f"{r.value:>6}" for r in ROUTES))
    for g in ROUTES:
        print(f"{g.value:>18}   " + "  ".join(f"{matrix[(g, p)]:>6}" for p in ROUTES))
    if errors:
        for e, d in pairs:
            if e.route is not d.route and e.split != SEALED:
                print(f"  [{e.kind}] {e.route.value} → {d.route.value} ({d.source}: {d.reason}): {e.text!r}")
    return stats


def speed(texts: Sequence[str], repeat: int) -> None:
    """Decision cost per message, lexicon alone and the whole router (model loaded once,
    typo corrections cached as in a long-running process), median of ``repeat`` passes."""
    received = [as_received(t) for t in texts]
    shipped_model()
    for name, decide in (
        ("lexicon alone", lambda text, _a: classify_lexicon(text)),
        ("router", lambda text, a: route(text, addressing=a)),
    ):
        per_message = []
        for _ in range(repeat):
            start = time.perf_counter()
            for text, addressing in received:
                decide(text, addressing)
            per_message.append((time.perf_counter() - start) / len(received))
        med, worst = statistics.median(per_message), max(per_message)
        print(f"{name:>14}: median {med * 1e6:.0f} µs/message ({1 / med:,.0f} msg/s), slowest pass {worst * 1e6:.0f} µs")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--cv", type=int, default=5, help="folds for cross-validation over the whole set (0: skip)"
    )
    parser.add_argument(
        "--gold",
        type=Path,
        help="score this JSONL file (rows as in labelled.jsonl) instead of the labelled test split",
    )
    parser.add_argument(
        "--errors", action="store_true", help="list every misrouted message (never a sealed one)"
    )
    parser.add_argument("--speed", type=int, default=0, help="time the decisions over N passes (0: skip)")
    args = parser.parse_args(argv)
    everything = load_labelled()
    if args.gold:
        gold, name = load_labelled(args.gold), args.gold.name
    else:
        gold, name = load_labelled(split="test"), "test split"
    print(f"labelled set: {len(everything)} messages; scoring {name} ({len(gold)})")
    report(f"lexicon alone (baseline), {name}", [(e, lexicon_decide(e.text)) for e in gold], errors=args.errors)
    decide = router_with(shipped_model())
    decided = [(e, decide(e.text)) for e in gold]
    report(f"router (lexicon + shipped model), {name}", decided, errors=args.errors)
    parts = sorted({e.split for e in gold})
    if len(parts) > 1:
        for part in parts:
            report(
                f"router, {name}, {part} part",
                [(e, d) for e, d in decided if e.split == part],
                errors=args.errors,
            )
    if args.speed:
        print(f"\n## decision cost over the {len(everything)} labelled messages, {args.speed} passes")
        speed([e.text for e in everything], args.speed)
    if args.cv:
        pairs = cross_validate(everything, router_with, k=args.cv)
        report(f"router, {args.cv}-fold cross-validation over the whole set", pairs, errors=args.errors)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
