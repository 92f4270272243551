"""The vector index kept next to the data, so a restart neither reads every embedding row
from the database nor quantizes them again: one uncompressed ``.npz`` file (the float32
rows, their entry ids, spaces and embedding row ids, and the int8 blocks' codes and
per-row numbers) read in one go at start, stamped with the embedding model, the last
embedding row and entry tombstone it holds, and the entry revision of the database then.
The index then reads only the rows stored after that.

A file of another model or format, one further along than the database (another
database, a restored backup), or one that does not read back whole (each member of the
archive carries a CRC: a torn or damaged file fails it) is set aside with a warning and
the index is built from the database as before. The file is written to a temporary name,
synced and renamed over the old one, so a crash mid-write leaves the old file or none."""

from __future__ import annotations

import asyncio
import json
import logging
import os
import zipfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

log = logging.getLogger(__name__)

FORMAT = 1
_SEP = "\x1f"  # between ids and space names (none of them holds a control character)


@dataclass
class Saved:
    """What a file held, checked for shape, ready to be put in place (``SemanticIndex``)."""

    model: str
    revision: int  # the database's entry revision when the file was written
    last_id: int  # the newest embedding row the file holds
    forgotten: int  # the last entry tombstone read
    gaps: list[int]  # embedding row ids skipped while reading (PostgreSQL), to look for again
    block: int  # the int8 block size the codes were cut in
    matrix: np.ndarray  # (n, dim) float32, one row per slot
    ids: list[str]  # per slot
    live: np.ndarray  # (n,) bool: the slot is its entry's (not forgotten, not moved)
    row_ids: np.ndarray  # (n,) int64: the embedding row each slot holds
    spaces: list[str]  # space code → space
    space_codes: np.ndarray  # (n,) int32, −1 for a hidden slot
    int8: dict[str, np.ndarray]  # ``Int8Blocks.state``


def write(path: Path, meta: dict[str, Any], arrays: dict[str, np.ndarray]) -> None:
    """Write the file whole or not at all (a temporary file, synced, then renamed over the
    old one)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    partial = path.with_name(f"{path.name}.{os.getpid()}.partial")
    try:
        with partial.open("wb") as handle:
            np.savez(handle, meta=_text(json.dumps({"format": FORMAT, **meta})), **arrays)  # type: ignore[arg-type]
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(partial, path)
    finally:
        partial.unlink(missing_ok=True)


@dataclass
class Kept:
    """The index's slots as it holds them (``SemanticIndex``)."""

    ids: list[str]  # per slot
    slot: dict[str, int]  # entry id → its live slot
    row_of: dict[str, int]  # entry id → the embedding row its slot holds
    spaces: list[str]  # space code → space
    space_codes: np.ndarray  # per slot


def save(
    path: Path, meta: dict[str, Any], matrix: np.ndarray, kept: Kept, int8: dict[str, np.ndarray]
) -> None:
    """Write ``matrix`` (the rows in use), the slots and the int8 state (``write``)."""
    ids = kept.ids
    arrays = {
        "matrix": matrix,
        "ids": _text(_SEP.join(ids)),
        "live": np.array([kept.slot.get(i) == k for k, i in enumerate(ids)], dtype=bool),
        "row_ids": np.array([kept.row_of.get(i, 0) for i in ids], dtype=np.int64),
        "spaces": _text(_SEP.join(kept.spaces)),
        "space_codes": kept.space_codes,
        **int8,
    }
    write(path, meta, arrays)


def read(path: Path) -> Saved | None:
    """The file's index, or None when there is none or it is of another format. A file
    that does not read back whole, or whose parts do not fit together, raises."""
    try:
        with np.load(path, allow_pickle=False) as data:
            arrays = {name: data[name] for name in data.files}  # each member's CRC is checked
    except FileNotFoundError:
        return None
    meta = json.loads(_string(arrays.pop("meta")))
    if meta.get("format") != FORMAT:
        return None
    matrix = arrays.pop("matrix")
    n = int(meta["size"])
    if matrix.dtype != np.float32 or matrix.ndim != 2 or matrix.shape[0] != n:
        raise ValueError(f"matrix {matrix.shape} {matrix.dtype} for {n} slots")
    ids = _string(arrays.pop("ids")).split(_SEP) if n else []
    spaces_text = _string(arrays.pop("spaces"))
    spaces = spaces_text.split(_SEP) if spaces_text else []
    live, row_ids, codes = arrays.pop("live"), arrays.pop("row_ids"), arrays.pop("space_codes")
    if len(ids) != n or any(a.shape != (n,) for a in (live, row_ids, codes)):
        raise ValueError(f"per-slot columns do not hold {n} slots")
    if n and (codes.max() >= len(spaces) or codes.min() < -1):
        raise ValueError("space codes out of range")
    return Saved(
        model=str(meta["model"]),
        revision=int(meta["revision"]),
        last_id=int(meta["last_id"]),
        forgotten=int(meta["forgotten"]),
        gaps=[int(g) for g in meta["gaps"]],
        block=int(meta["block"]),
        matrix=matrix,
        ids=ids,
        live=live.astype(bool),
        row_ids=row_ids.astype(np.int64),
        spaces=spaces,
        space_codes=codes.astype(np.int32),
        int8={name: array for name, array in arrays.items() if name.startswith("int8_")},
    )


async def usable(path: Path, *, model: str, dim: int, marks: tuple[int, int]) -> Saved | None:
    """The saved index at ``path`` when it can stand for a database whose ``marks`` (entry
    revision, newest embedding row id: ``EmbeddingStore.marks``) are these, for ``model``
    at ``dim``: None when there is none, or it is unreadable, of another model, or further
    along than the database (each but the first set aside with a warning)."""
    try:
        saved = await asyncio.to_thread(read, path)
    except (OSError, ValueError, KeyError, TypeError, EOFError, zipfile.BadZipFile) as exc:
        log.warning("vector index: %s unreadable (%s); rebuilding", path, type(exc).__name__)
        return None
    if saved is None:
        return None
    if saved.model != model or saved.matrix.shape[1] != dim:
        log.warning("vector index: %s holds another model's vectors; rebuilding", path)
        return None
    if saved.revision > marks[0] or saved.last_id > marks[1]:
        log.warning("vector index: %s is newer than the database; rebuilding", path)
        return None
    return saved


def _text(value: str) -> np.ndarray:
    return np.frombuffer(value.encode("utf-8"), dtype=np.uint8)


def _string(array: np.ndarray) -> str:
    return array.tobytes().decode("utf-8")
