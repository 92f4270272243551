"""Train the learned router on the labelled set's train split and write the weights file
shipped with the package: ``python -m bot.routing.train``."""

from __future__ import annotations

import argparse
import asyncio
import random
import re
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from functools import lru_cache
from multiprocessing import get_context
from pathlib import Path

import numpy as np

from bot.routing.address import Addressing, addressed_elsewhere, split_mentions
from bot.routing.features import featurize
from bot.routing.lexicon import Decision, Route
from bot.routing.meaning import MEANING_WEIGHTS, MeaningModel
from bot.routing.model import ROUTES, WEIGHTS, Example, RouterModel, load_labelled
from bot.routing.router import read

# In the labelled set the bot is "@mallory" or Slack's <@UMALLORY>; sets written elsewhere call
# their bot by a handle or id ending in "bot" ("@BrewBot", <@U05DENTBOT>). Everyone else is
# someone else.
BOT_IDS = ("UMALLORY",)
_BOT_HANDLE = re.compile(r"(?<![\w@])@(\w*bot)\b", re.I)
_BOT_ID = re.compile(r"<@(U\w*BOT)(?:\|[^>]*)?>")


def as_received(raw: str) -> tuple[str, Addressing]:
    """A labelled message as an adapter would hand it over: the bot's mention removed,
    the other mentions kept and listed."""
    names = ("mallory", *_BOT_HANDLE.findall(raw))
    return split_mentions(raw, bot_names=names, bot_ids=(*BOT_IDS, *_BOT_ID.findall(raw)))


@lru_cache(maxsize=1 << 14)
def example_features(raw: str) -> tuple[int, ...]:
    """A labelled message's features (cached: cross-validation reads each message per fold)."""
    text, addressing = as_received(raw)
    text, lexicon = read(text)
    return tuple(featurize(text, addressing, lexicon, elsewhere=False))


def reaches_model(raw: str) -> bool:
    """False for messages the router settles before the model (addressed to someone
    else): training on them would teach the model what it never has to decide."""
    text, addressing = as_received(raw)
    return not addressed_elsewhere(text, addressing)


def fit(examples: Sequence[Example], **kwargs: float) -> RouterModel:
    examples = [e for e in examples if reaches_model(e.text)]
    rows = [example_features(e.text) for e in examples]
    labels = [ROUTES.index(e.route) for e in examples]
    return RouterModel.fit(rows, labels, **kwargs)  # type: ignore[arg-type]


def sentence_vectors(texts: Sequence[str]) -> dict[str, np.ndarray]:
    """The local MiniLM vector of each labelled message as received (the bot's mention
    removed), as the pipeline embeds it; raises when the local model is not installed."""
    from bot.research.embedders import LocalMiniLM, local_model_missing

    missing = local_model_missing()
    if missing:
        raise RuntimeError(f"the meaning model needs the local embedder ({', '.join(missing)} missing)")
    received = [as_received(t)[0] for t in texts]
    vectors = asyncio.run(LocalMiniLM().embed(received))
    return dict(zip(texts, vectors, strict=True))


def fit_meaning(examples: Sequence[Example], vectors: Mapping[str, np.ndarray]) -> MeaningModel:
    examples = [e for e in examples if reaches_model(e.text)]
    return MeaningModel.fit(
        np.stack([vectors[e.text] for e in examples]), [ROUTES.index(e.route) for e in examples]
    )


def folds(examples: Sequence[Example], k: int, seed: int = 7) -> list[tuple[list[Example], list[Example]]]:
    """k (train, held-out) pairs over the examples, stratified by route, fixed seed."""
    by_route: dict[Route, list[Example]] = {}
    for e in examples:
        by_route.setdefault(e.route, []).append(e)
    buckets: list[list[Example]] = [[] for _ in range(k)]
    rng = random.Random(seed)
    for route in ROUTES:
        group = list(by_route.get(route, []))
        rng.shuffle(group)
        for i, e in enumerate(group):
            buckets[i % k].append(e)
    return [([e for j, b in enumerate(buckets) if j != i for e in b], buckets[i]) for i in range(k)]


def workplace_folds(examples: Sequence[Example]) -> list[tuple[str, list[Example], list[Example]]]:
    """One (workplace, train, held-out) triple per workplace: the held-out part is that
    workplace's rows; the train part is every other row (rows with no workplace always)."""
    places = sorted({e.workplace for e in examples if e.workplace})
    return [
        (place, [e for e in examples if e.workplace != place], [e for e in examples if e.workplace == place])
        for place in places
    ]


def cross_validate(
    examples: Sequence[Example],
    decide_with: Callable[[RouterModel, MeaningModel | None], Callable[[str], Decision]],
    k: int = 5,
    *,
    by_workplace: bool = False,
    jobs: int = 1,
    vectors: Mapping[str, np.ndarray] | None = None,
) -> list[tuple[Example, Decision]]:
    """Every example decided by a model that never saw it: k stratified folds, or (
    ``by_workplace``) each workplace's rows by a model trained without that workplace. The
    folds' models are trained in ``jobs`` processes (the same models as in one). With
    ``vectors`` (each message's sentence vector) each fold has its meaning model too."""
    pairs = (
        [(train, held) for _, train, held in workplace_folds(examples)]
        if by_workplace
        else folds(examples, k)
    )
    if jobs > 1:
        for e in examples:
            example_features(e.text)  # read once, before the workers fork
        with ProcessPoolExecutor(jobs, mp_context=get_context("fork")) as pool:
            models = list(pool.map(fit, [train for train, _ in pairs]))
    else:
        models = [fit(train) for train, _ in pairs]
    out: list[tuple[Example, Decision]] = []
    for model, (train, held) in zip(models, pairs, strict=True):
        decide = decide_with(model, fit_meaning(train, vectors) if vectors is not None else None)
        out.extend((e, decide(e.text)) for e in held)
    return out


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Train the learned router on the labelled train split.")
    parser.add_argument("--out", type=Path, default=WEIGHTS, help="where to write the weights (.npz)")
    parser.add_argument(
        "--all", action="store_true", help="train on train and test splits (no held-out test)"
    )
    parser.add_argument(
        "--meaning-out",
        type=Path,
        default=MEANING_WEIGHTS,
        help="where to write the meaning weights (.npz), read from the local MiniLM vectors",
    )
    parser.add_argument("--no-meaning", action="store_true", help="train the hashed model only")
    args = parser.parse_args(argv)
    examples = load_labelled(split=None if args.all else "train")
    model = fit(examples)
    model.save(args.out)
    print(f"trained on {len(examples)} messages → {args.out} ({args.out.stat().st_size // 1024} KiB)")
    if not args.no_meaning:
        meaning = fit_meaning(examples, sentence_vectors([e.text for e in examples]))
        meaning.save(args.meaning_out)
        print(f"meaning weights → {args.meaning_out} ({args.meaning_out.stat().st_size // 1024} KiB)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
