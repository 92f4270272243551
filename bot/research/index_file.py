"""The lexical index kept next to the data, so a restart does not tokenize the corpus again:
one uncompressed ``.npz`` file (the postings, the per-entry columns, the vocabulary and the
wikilink titles) read in one go at start, stamped with the entry revision it holds. The
index then reads only what the database changed after that revision; a file newer than the
database (another database, a restored backup), of another format or unreadable is set
aside and the index is built from the database as before."""

from __future__ import annotations

import asyncio
import json
import logging
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from bot.research.links import LinkTitles
from bot.research.postings import Postings
from bot.research.tokens import Terms

log = logging.getLogger(__name__)

FORMAT = 2
_SEP = "\x1f"  # between ids, words and stems (none of them holds a control character)


@dataclass
class Saved:
    """What a file held, ready to be put in place (``LexicalIndex``)."""

    revision: int
    forgotten: int
    postings: Postings
    terms: Terms
    links: LinkTitles


def snapshot(
    revision: int, forgotten: int, postings: Postings, terms: Terms, links: LinkTitles
) -> dict[str, Any]:
    """The index's state as arrays, taken on the event loop (nothing of it changes while a
    thread writes it: arrays that change in place are copied)."""
    size = postings.size
    meta = {
        "format": FORMAT,
        "revision": revision,
        "forgotten": forgotten,
        "size": size,
        "live_count": postings.live_count,
        "total_length": postings.total_length,
        "space_codes": postings.space_codes(),
        "type_names": postings.type_names(),
    }
    stems = sorted(terms.stems.items(), key=lambda kv: kv[1])
    return {
        "meta": _text(json.dumps(meta)),
        "ids": _text(_SEP.join(postings.ids[:size])),
        "spaces": postings.spaces[:size].copy(),
        "types": postings.types[:size].copy(),
        "length": postings.length[:size].copy(),
        "live": postings.live[:size].copy(),
        "ptr": postings.ptr,
        "slots": postings.slots,
        "tf": postings.tf,
        "pend_terms": postings.pend[0],
        "pend_slots": postings.pend[1],
        "pend_tf": postings.pend[2],
        "words": _text(_SEP.join(terms)),
        "word_terms": np.fromiter(terms.values(), dtype=np.int32, count=len(terms)),
        "stems": _text(_SEP.join(stem for stem, _ in stems)),
        "links": _text(json.dumps(links.state())),
    }


async def save(
    path: Path, revision: int, forgotten: int, postings: Postings, terms: Terms, links: LinkTitles
) -> None:
    """Snapshot the index here (on the event loop), write it on a thread. A failed write is
    logged: the index still works, and the next start builds it again."""
    arrays = snapshot(revision, forgotten, postings, terms, links)
    try:
        await asyncio.to_thread(write, path, arrays)
    except OSError as exc:
        log.warning("lexical index: cannot write %s (%s)", path, exc.strerror or type(exc).__name__)


def write(path: Path, arrays: dict[str, Any]) -> None:
    """Write the file whole or not at all (a temporary file, then renamed over the old one)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    partial = path.with_name(f"{path.name}.{os.getpid()}.partial")
    with partial.open("wb") as handle:
        np.savez(handle, **arrays)
    os.replace(partial, path)


def read(path: Path) -> Saved | None:
    """The file's index, or None when there is none or it is not of this format."""
    try:
        with np.load(path, allow_pickle=False) as data:
            arrays = {name: data[name] for name in data.files}
    except FileNotFoundError:
        return None
    meta = json.loads(_string(arrays["meta"]))
    if meta.get("format") != FORMAT:
        return None
    size = int(meta["size"])
    postings = Postings()
    ids = _string(arrays["ids"]).split(_SEP) if size else []
    if len(ids) != size:
        raise ValueError(f"{len(ids)} ids for {size} slots")
    postings.restore(
        ids=ids,
        space_codes=meta["space_codes"],
        type_names=meta["type_names"],
        columns={name: arrays[name] for name in ("spaces", "types", "length", "live")},
        segments=(arrays["ptr"], arrays["slots"], arrays["tf"]),
        pend=(arrays["pend_terms"], arrays["pend_slots"], arrays["pend_tf"]),
        live_count=int(meta["live_count"]),
        total_length=float(meta["total_length"]),
    )
    terms = Terms()
    words = _string(arrays["words"]).split(_SEP) if arrays["word_terms"].shape[0] else []
    terms.update(zip(words, arrays["word_terms"].tolist(), strict=True))
    stems = _string(arrays["stems"]).split(_SEP) if arrays["stems"].shape[0] else []
    terms.stems.update((stem, k) for k, stem in enumerate(stems))
    links = LinkTitles.restore(json.loads(_string(arrays["links"])))
    return Saved(int(meta["revision"]), int(meta["forgotten"]), postings, terms, links)


def _text(value: str) -> np.ndarray:
    return np.frombuffer(value.encode("utf-8"), dtype=np.uint8)


def _string(array: np.ndarray) -> str:
    return array.tobytes().decode("utf-8")


async def usable(path: Path, revision: int) -> Saved | None:
    """The saved index at ``path`` when it can stand for a database at ``revision``: None
    when there is none, it is unreadable, or it is newer than the database (each set
    aside with a warning: the index is then built from the database and written again)."""
    try:
        saved = await asyncio.to_thread(read, path)
    except Exception as exc:
        log.warning("lexical index: %s unreadable (%s); rebuilding", path, type(exc).__name__)
        return None
    if saved is not None and saved.revision > revision:
        log.warning("lexical index: %s is newer than the database; rebuilding", path)
        return None
    return saved
