"""Routing quality, offline (no LLM): async precision and recall, 3-way accuracy, the
confusion matrix and the errors by kind, for every set separately (never pooled).

Run: ``.venv/bin/python bench/routing_quality.py [--gold PATH ...] [--cv 5] [--errors] [--speed 5]``.
Without ``--gold`` every set the shipped model was not trained on is scored, one after the
other: the labelled test split (bot/routing/data/labelled.jsonl), bench/routing_heldout.jsonl,
bench/routing_heldout_late.jsonl and bench/routing_blind3.jsonl. Each set gets the lexicon alone
(the baseline) and the router with the shipped model. The sets written outside the team, by
workplace (bench/routing_workplaces_dev.jsonl, bench/routing_trades_dev.jsonl and the four in
bench/sealed/), are training rows now (their ``set`` in the labelled set): ``--lowo`` scores them
the honest way, leave-one-workplace-out over the train split (each workplace scored by a model
trained without it), every set on its own; ``--jobs`` trains the folds in that many processes.
``--cv`` adds k-fold cross-validation over the whole labelled set. A gold file's ``sealed`` rows
are scored on their own and their errors are never listed, not even by kind. The router decides
as the pipeline does with the local embedder on: an unsure decision reads the message's MiniLM
vector (every scored message is embedded once per run; each ``--lowo``/``--cv`` fold has its own
meaning model); ``--no-meaning`` decides as with no embedder.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections import Counter
from collections.abc import Callable, Sequence
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bot.routing import Decision, Route, classify_lexicon  # noqa: E402
from bot.routing.meaning import MeaningModel, shipped_meaning  # noqa: E402
from bot.routing.model import (  # noqa: E402
    LABELLED,
    ROUTES,
    Example,
    RouterModel,
    load_labelled,
    shipped_model,
)
from bot.routing.router import route  # noqa: E402
from bot.routing.train import as_received, cross_validate, sentence_vectors  # noqa: E402


def lexicon_decide(raw: str) -> Decision:
    text, _ = as_received(raw)
    return classify_lexicon(text)


# each message's MiniLM sentence vector, when the meaning model is used (``--no-meaning``: not)
VECTORS: dict[str, np.ndarray] = {}


def router_with(model: RouterModel, meaning: MeaningModel | None = None) -> Callable[[str], Decision]:
    """The router as the pipeline runs it: with the meaning model on its unsure decisions when
    the message's vector is known (the embedder is on)."""

    def decide(raw: str) -> Decision:
        text, addressing = as_received(raw)
        return route(
            text, addressing=addressing, model=model, meaning=VECTORS.get(raw), meaning_model=meaning
        )

    return decide


SEALED = "sealed"
BENCH = Path(__file__).resolve().parent
SETS = (
    BENCH / "routing_heldout.jsonl",
    BENCH / "routing_heldout_late.jsonl",
    BENCH / "routing_blind3.jsonl",
)
# the sets written outside the team whose rows are training rows, by their ``set`` name
TRAINED_SETS = (
    "routing_workplaces_train",
    "routing_trades_train",
    "routing_workplaces_dev",
    "routing_workplaces_sealed",
    "routing_trades_dev",
    "routing_trades_sealed",
    "routing_postfreeze",
    "routing_eight_trades_sealed",
)


def set_of_rows(path: Path = LABELLED) -> dict[str, str]:
    """Each labelled message's ``set`` (the file it was written in; "" for the team's own rows)."""
    out: dict[str, str] = {}
    with path.open(encoding="utf-8") as fh:
        for line in fh:
            if line.strip():
                row = json.loads(line)
                out[row["text"]] = row.get("set", "")
    return out


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
    open_pairs = [(e, d) for e, d in pairs if e.split != SEALED]
    by_kind: dict[str, list[int]] = {}
    wrong_as: dict[str, Counter[str]] = {}
    for e, d in open_pairs:
        counts = by_kind.setdefault(e.kind or "-", [0, 0])
        counts[0] += 1
        if e.route is not d.route:
            counts[1] += 1
            wrong_as.setdefault(e.kind or "-", Counter())[f"{e.route.value}→{d.route.value}"] += 1
    if wrong_as:
        print("errors by kind (kind: wrong/total, as what)")
        for kind in sorted(wrong_as, key=lambda k: (-by_kind[k][1], k)):
            total, wrong = by_kind[kind]
            shown = ", ".join(f"{n} {what}" for what, n in wrong_as[kind].most_common())
            print(f"  {kind}: {wrong}/{total} ({shown})")
    if errors:
        for e, d in open_pairs:
            if e.route is not d.route:
                print(f"  [{e.kind}] {e.route.value} → {d.route.value} ({d.source}: {d.reason}): {e.text!r}")
    return stats


def _brief(pairs: Sequence[tuple[Example, Decision]]) -> str:
    tp = sum(e.route is Route.ASYNC and d.route is Route.ASYNC for e, d in pairs)
    predicted = sum(d.route is Route.ASYNC for _, d in pairs)
    actual = sum(e.route is Route.ASYNC for e, _ in pairs)
    correct = sum(e.route is d.route for e, d in pairs)
    return (
        f"{tp / predicted if predicted else 0:.3f} / {tp / actual if actual else 0:.3f} / "
        f"{correct / len(pairs):.3f} ({len(pairs)})"
    )


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
        print(
            f"{name:>14}: median {med * 1e6:.0f} µs/message ({1 / med:,.0f} msg/s), slowest pass {worst * 1e6:.0f} µs"
        )


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--cv", type=int, default=5, help="folds for cross-validation over the whole set (0: skip)"
    )
    parser.add_argument(
        "--gold",
        type=Path,
        action="append",
        help="score this JSONL file (rows as in labelled.jsonl); repeat for several; default: every set",
    )
    parser.add_argument(
        "--errors", action="store_true", help="list every misrouted message (never a sealed one)"
    )
    parser.add_argument("--speed", type=int, default=0, help="time the decisions over N passes (0: skip)")
    parser.add_argument(
        "--lowo",
        action="store_true",
        help="leave-one-workplace-out cross-validation over the train split (rows with no workplace"
        " always train)",
    )
    parser.add_argument("--no-sets", action="store_true", help="score no set (only --cv / --lowo / --speed)")
    parser.add_argument("--jobs", type=int, default=1, help="train the --lowo folds in this many processes")
    parser.add_argument(
        "--no-meaning",
        action="store_true",
        help="decide without the MiniLM meaning model (as with no embedder configured)",
    )
    args = parser.parse_args(argv)
    everything = load_labelled()
    sets: list[tuple[str, list[Example]]] = (
        [(path.name, load_labelled(path)) for path in args.gold]
        if args.gold
        else [("labelled test split", load_labelled(split="test"))]
        + [(path.name, load_labelled(path)) for path in SETS]
    )
    print(
        f"labelled set: {len(everything)} messages; scoring {', '.join(f'{n} ({len(g)})' for n, g in sets)}"
    )
    if not args.no_meaning:
        texts = {e.text for e in everything} | {e.text for _, gold in sets for e in gold}
        VECTORS.update(sentence_vectors(sorted(texts)))
        print(f"meaning model on the unsure decisions ({len(VECTORS)} messages embedded)")
    decide = router_with(shipped_model(), None if args.no_meaning else shipped_meaning())
    for name, gold in [] if args.no_sets else sets:
        print(f"\n# {name}")
        report(f"lexicon alone (baseline), {name}", [(e, lexicon_decide(e.text)) for e in gold], errors=False)
        decided = [(e, decide(e.text)) for e in gold]
        report(f"router (lexicon + shipped model), {name}", decided, errors=args.errors)
        parts = sorted({e.split for e in gold})
        if len(parts) > 1:
            for part in parts:
                report(
                    f"router, {name}, {part} part",
                    [(e, d) for e, d in decided if e.split == part],
                    errors=False,
                )
    if args.speed:
        print(f"\n## decision cost over the {len(everything)} labelled messages, {args.speed} passes")
        speed([e.text for e in everything], args.speed)
    if args.cv:
        pairs = cross_validate(everything, router_with, k=args.cv, vectors=VECTORS or None)
        report(f"router, {args.cv}-fold cross-validation over the whole set", pairs, errors=args.errors)
    if args.lowo:
        pairs = cross_validate(
            load_labelled(split="train"),
            router_with,
            by_workplace=True,
            jobs=args.jobs,
            vectors=VECTORS or None,
        )
        report("router, leave-one-workplace-out over the train split", pairs, errors=False)
        sets = set_of_rows()
        for name in TRAINED_SETS:
            report(
                f"router, leave-one-workplace-out, {name}",
                [(e, d) for e, d in pairs if sets.get(e.text) == name],
                errors=args.errors,
            )
        print("\nper workplace (held out): async P / R / 3-way acc")
        for place in sorted({e.workplace for e, _ in pairs}):
            print(f"  {place}: " + _brief([(e, d) for e, d in pairs if e.workplace == place]))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
