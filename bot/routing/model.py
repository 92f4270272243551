"""The learned router: multinomial logistic regression over hashed features, trained by
``python -m bot.routing.train`` and shipped as a small weights file; loaded once."""

from __future__ import annotations

import json
from array import array
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import numpy as np

from bot.routing.features import DIM
from bot.routing.lexicon import Route

ROUTES: tuple[Route, ...] = (Route.NONE, Route.QUICK, Route.ASYNC)
DATA = Path(__file__).resolve().parent / "data"
WEIGHTS = DATA / "router.npz"
LABELLED = DATA / "labelled.jsonl"


@dataclass(frozen=True)
class Example:
    text: str
    route: Route
    kind: str
    split: str
    workplace: str = ""


def load_labelled(path: Path = LABELLED, split: str | None = None) -> list[Example]:
    """The labelled messages (``split`` "train" or "test"; None for all)."""
    out: list[Example] = []
    with path.open(encoding="utf-8") as fh:
        for line in fh:
            if line.strip():
                row = json.loads(line)
                if split is None or row["split"] == split:
                    out.append(
                        Example(
                            row["text"],
                            Route(row["route"]),
                            row.get("kind", ""),
                            row["split"],
                            row.get("workplace") or "",
                        )
                    )
    return out


def softmax(logits: np.ndarray) -> np.ndarray:
    """Probabilities from logits (shifted by their maximum, so no exponent overflows)."""
    e = np.exp(logits - logits.max())
    return np.asarray(e / e.sum())


_ACCUMULATE = np.add.accumulate
# the unsigned ``array`` type as wide as ``np.intp`` (its items are read by ``PyLong`` at once,
# the signed ones through a format string)
_INDEX_CODE = "Q" if np.dtype(np.intp).itemsize == 8 else "I"
_F32 = np.float32


class RouterModel:
    """Weights ``w`` (DIM × 3) over binary hashed features; probabilities by softmax."""

    def __init__(self, weights: np.ndarray) -> None:
        if weights.shape != (DIM, len(ROUTES)):
            raise ValueError(f"router weights have shape {weights.shape}, expected {(DIM, len(ROUTES))}")
        self.w = weights.astype(np.float32)

    def proba(self, indices: Sequence[int]) -> np.ndarray:
        """``softmax(self.w[indices].sum(axis=0))`` to the byte, in fewer numpy calls (each
        costs more than the arithmetic on a message's ~60 rows): the rows are summed in
        float32 in the order given (``accumulate``'s last row is ``sum``'s result: both add
        row after row), the largest logit is read off exactly, and the three exponentials
        are summed left to right in float32 as ``sum`` does."""
        try:  # the router's list of non-negative ints, read as machine words at once
            at = np.frombuffer(array(_INDEX_CODE, indices), dtype=np.intp)
        except (TypeError, OverflowError):  # an array, or a negative index
            at = np.asarray(indices, dtype=np.intp)
        if len(at) == 0:
            return softmax(self.w[at].sum(axis=0))
        logits = _ACCUMULATE(self.w.take(at, axis=0), 0)[-1]
        e = np.exp(logits - max(logits.tolist()))  # the max: a float32 value, subtracted in float32
        x, y, z = e.tolist()
        # ``e.sum()``: (x + y) + z, each sum rounded to float32; a float64 sum of two float32
        # values rounded once to float32 is the float32 sum
        return e / _F32(_F32(x + y) + z)  # type: ignore[no-any-return]

    def save(self, path: Path = WEIGHTS) -> None:
        np.savez_compressed(path, w=self.w.astype(np.float16))

    @classmethod
    def load(cls, path: Path = WEIGHTS) -> RouterModel:
        with np.load(path) as data:
            return cls(data["w"])

    @classmethod
    def fit(
        cls,
        rows: Sequence[Sequence[int]],
        labels: Sequence[int],
        *,
        l2: float = 1e-3,
        epochs: int = 300,
        lr: float = 0.1,
        seed: int = 0,
    ) -> RouterModel:
        """Full-batch Adam on the cross-entropy with L2; classes weighted to balance. The
        features are sparse (a few dozen of DIM per message): products run over the indices."""
        n, k = len(rows), len(ROUTES)
        flat = np.concatenate([np.asarray(idx, dtype=np.intp) for idx in rows]) if n else np.zeros(0, np.intp)
        lengths = np.asarray([len(idx) for idx in rows], dtype=np.intp)
        row_of = np.repeat(np.arange(n), lengths)
        starts = np.concatenate([[0], np.cumsum(lengths)[:-1]]) if n else np.zeros(0, np.intp)
        active, cols = np.unique(flat, return_inverse=True)
        y = np.zeros((n, k), dtype=np.float32)
        y[np.arange(n), np.asarray(labels)] = 1.0
        counts = y.sum(axis=0)
        sample_w = (n / (k * np.maximum(counts, 1.0)))[np.asarray(labels)][:, None]
        rng = np.random.default_rng(seed)
        w = rng.normal(0, 0.01, size=(len(active), k)).astype(np.float32)
        m = np.zeros_like(w)
        v = np.zeros_like(w)
        for step in range(1, epochs + 1):
            # each row's features are contiguous in ``cols``: one reduceat sums them
            logits = np.add.reduceat(w[cols], starts, axis=0)
            logits -= logits.max(axis=1, keepdims=True)
            p = np.exp(logits)
            p /= p.sum(axis=1, keepdims=True)
            g_rows = ((p - y) * sample_w)[row_of]
            grad = (
                np.stack(
                    [np.bincount(cols, weights=g_rows[:, c], minlength=len(active)) for c in range(k)], axis=1
                ).astype(np.float32)
                / n
                + l2 * w
            )
            m = (0.9 * m + 0.1 * grad).astype(np.float32)
            v = (0.999 * v + 0.001 * grad * grad).astype(np.float32)
            w -= lr * (m / (1 - 0.9**step)) / (np.sqrt(v / (1 - 0.999**step)) + 1e-8)
        full = np.zeros((DIM, k), dtype=np.float32)
        full[active] = w
        return cls(full)


@lru_cache(maxsize=1)
def shipped_model() -> RouterModel:
    """The model shipped with the package, read from disk once per process."""
    return RouterModel.load()
