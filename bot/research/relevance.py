"""Relevance, not rank: a calibrated probability that an entry answers a query, from two
signals comparable across queries — the embedding cosine and the idf-weighted share of
the query's words the entry contains — and the cut-off that decides what is relevant.

The weights are a logistic fit (``bench/relevance_fit.py``) on SciFact's qrels and on the
example vault's gold set (``bench/answers_gold.json``); see ``bench/README.md``.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from bot.text.terms import focus

# p = σ(COSINE·cos + COVERAGE·cov + BIAS); without an embedder, σ(LEX_COVERAGE·cov + LEX_BIAS)
COSINE, COVERAGE, BIAS = 5.72, 3.89, -5.40
LEX_COVERAGE, LEX_BIAS = 4.46, -3.86
# an entry is relevant when p reaches RELEVANT and RELATIVE of the best entry's p
RELEVANT = 0.03
RELATIVE = 0.2
LEX_RELEVANT = 0.12


@dataclass(frozen=True)
class Judged:
    entry_id: str
    p: float
    cosine: float | None
    coverage: float


def probability(cosine: float | None, coverage: float) -> float:
    if cosine is None:
        z = LEX_COVERAGE * coverage + LEX_BIAS
    else:
        z = COSINE * cosine + COVERAGE * coverage + BIAS
    return 1.0 / (1.0 + math.exp(-z))


# an investigation's neighbours (linked, same tags, gap searches) are sources only past this
EXPAND_RELEVANT = 0.08
LEX_EXPAND_RELEVANT = 0.20


def threshold(semantic: bool) -> float:
    return RELEVANT if semantic else LEX_RELEVANT


def expansion_floor(semantic: bool) -> float:
    return EXPAND_RELEVANT if semantic else LEX_EXPAND_RELEVANT


async def cosines(retriever: Any, query: str, entry_ids: Sequence[str]) -> dict[str, float] | None:
    """Cosine of the query to each entry's stored vector; None without a semantic side."""
    semantic = retriever.semantic
    if semantic is None or not hasattr(semantic, "vectors_of"):
        return None
    query_vector = await semantic.query_vector(query)
    vectors = await semantic.vectors_of(entry_ids)
    return {i: float(np.dot(v, query_vector)) for i, v in vectors.items()}


async def judge(retriever: Any, query: str, entry_ids: Sequence[str]) -> dict[str, Judged]:
    """How likely each entry is to answer ``query``."""
    ids = list(dict.fromkeys(entry_ids))
    if not ids:
        return {}
    await retriever.lexical.refresh()
    coverage = retriever.lexical.coverage(focus(query), ids)
    cos = await cosines(retriever, query, ids)
    out: dict[str, Judged] = {}
    for i in ids:
        c = None if cos is None else cos.get(i, 0.0)
        out[i] = Judged(i, probability(c, coverage.get(i, 0.0)), c, coverage.get(i, 0.0))
    return out


def relevant(judged: dict[str, Judged], *, relative: float = RELATIVE) -> list[Judged]:
    """The entries past the cut-off (absolute and relative to the best), best first."""
    ranked = sorted(judged.values(), key=lambda j: j.p, reverse=True)
    if not ranked:
        return []
    semantic = any(j.cosine is not None for j in ranked)
    floor = max(threshold(semantic), relative * ranked[0].p)
    return [j for j in ranked if j.p >= floor]
