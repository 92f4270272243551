"""What a message means, for the decisions the learned router is unsure of: a logistic
regression over the local MiniLM sentence vector (the embedder the product already ships),
trained by ``python -m bot.routing.train`` beside the hashed model and shipped as a small
weights file. The hashed model reads phrasings; this one reads meaning, which carries to
trades the labelled set never saw. It is consulted only on the unsure path, so a sure
decision costs no embedding."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from pathlib import Path

import numpy as np

from bot.routing.model import DATA, ROUTES, softmax

MEANING_WEIGHTS = DATA / "meaning.npz"
# the embedder whose vectors the weights read; another embedder's vectors are not used
EMBEDDER = "all-MiniLM-L6-v2-int8"
DIM = 384
# How much the meaning counts against the hashed model's probabilities, on a decision the
# hashed model is unsure of. Swept on grouped leave-workplaces-out folds (bench/README.md).
WEIGHT = 0.5


class MeaningModel:
    """Weights ``w`` ((DIM + 1) × 3, the last row the bias) over a unit sentence vector."""

    def __init__(self, weights: np.ndarray) -> None:
        if weights.shape != (DIM + 1, len(ROUTES)):
            raise ValueError(f"meaning weights have shape {weights.shape}, expected {(DIM + 1, len(ROUTES))}")
        self.w = weights.astype(np.float32)

    def proba(self, vector: np.ndarray) -> np.ndarray:
        v = np.asarray(vector, dtype=np.float32).reshape(-1)
        if v.shape != (DIM,) or not np.isfinite(v).all():
            raise ValueError(f"a sentence vector of {DIM} finite numbers is expected, got shape {v.shape}")
        return softmax(v @ self.w[:DIM] + self.w[DIM])

    def save(self, path: Path = MEANING_WEIGHTS) -> None:
        np.savez_compressed(path, w=self.w.astype(np.float16))

    @classmethod
    def load(cls, path: Path = MEANING_WEIGHTS) -> MeaningModel:
        with np.load(path) as data:
            return cls(data["w"])

    @classmethod
    def fit(
        cls,
        vectors: np.ndarray,
        labels: Sequence[int],
        *,
        l2: float = 1e-3,
        epochs: int = 300,
        lr: float = 0.05,
    ) -> MeaningModel:
        """Full-batch Adam on the cross-entropy with L2, classes weighted to balance (as the
        hashed model is trained)."""
        x = np.hstack([np.asarray(vectors, dtype=np.float64), np.ones((len(vectors), 1))])
        n, k = len(x), len(ROUTES)
        y = np.zeros((n, k))
        y[np.arange(n), np.asarray(labels)] = 1.0
        sample_w = (n / (k * np.maximum(y.sum(axis=0), 1.0)))[np.asarray(labels)][:, None]
        w = np.zeros((DIM + 1, k))
        m = np.zeros_like(w)
        v = np.zeros_like(w)
        for step in range(1, epochs + 1):
            logits = x @ w
            logits -= logits.max(axis=1, keepdims=True)
            p = np.exp(logits)
            p /= p.sum(axis=1, keepdims=True)
            grad = x.T @ ((p - y) * sample_w) / n + l2 * w
            m = 0.9 * m + 0.1 * grad
            v = 0.999 * v + 0.001 * grad * grad
            w -= lr * (m / (1 - 0.9**step)) / (np.sqrt(v / (1 - 0.999**step)) + 1e-8)
        return cls(w.astype(np.float32))


def blend(proba: np.ndarray, meaning: np.ndarray, model: MeaningModel) -> np.ndarray:
    """The hashed model's probabilities moved toward what the message means."""
    return np.asarray((1.0 - WEIGHT) * proba + WEIGHT * model.proba(meaning))


@lru_cache(maxsize=1)
def shipped_meaning() -> MeaningModel | None:
    """The meaning weights shipped with the package (None when the file is absent)."""
    return MeaningModel.load() if MEANING_WEIGHTS.exists() else None
