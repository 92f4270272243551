"""Wikilink targets → note titles, so a ``[[link]]`` reads as the title it points to. Kept
by the lexical index from the rows it reads (``LexicalIndex.refresh``): a write costs the
changed entries, never a pass over the corpus.

A note's link keys are its source's file stem and its source without ``.md``, both
lowercased. When several notes of one space share a key, the one whose source sorts first
wins; across spaces, the first space in sorted order that has the key wins.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from pathlib import PurePosixPath
from typing import Any

from storage.knowledge import EntryText

CHANGES_KEPT = 50_000  # winner changes remembered for the maps that follow them (``changes``)


def link_keys(source: str) -> tuple[str, ...]:
    """The keys a wikilink may use for a note stored under ``source``."""
    lowered = source.lower()
    path = lowered.removesuffix(".md")
    stem = _stem(lowered)
    return (stem,) if stem == path else (stem, path)


def _stem(source: str) -> str:
    """``PurePosixPath(source).stem``, without building a path for the plain case (a
    path is ~50 µs: a second at 100,000 entries)."""
    if source.startswith(".") or "/." in source or "//" in source or source.endswith("/"):
        return PurePosixPath(source).stem
    name = source[source.rfind("/") + 1 :]
    dot = name.rfind(".")
    return name[:dot] if 0 < dot < len(name) - 1 else name


class LinkTitles:
    """Per space, each link key's notes (source → title) and the title that wins."""

    def __init__(self) -> None:
        self._of: dict[str, tuple[str, str, str]] = {}  # entry id → (space, source, title)
        self._holders: dict[str, dict[str, dict[str, str]]] = {}  # space → key → source → title
        self._winner: dict[str, dict[str, str]] = {}  # space → key → title
        self._generation: dict[str, int] = {}  # space → changes of its winners so far
        # space → the first word of each key written as several ("kestrel" of "kestrel-rose")
        # → how many keys: a run of a question's words is looked up as a key only when its
        # first word starts one (``starts_key``), not once per run
        self._heads: dict[str, dict[str, int]] = {}
        # every change of a winner, in order: (space, key, the title it had); what follows
        # the mapping (``names.KeptTitleWords``) reads the changes since it last looked
        self._changes: list[tuple[str, str, str | None]] = []
        self._dropped = 0  # changes no longer kept (the oldest)

    def __len__(self) -> int:
        return len(self._of)

    def state(self) -> dict[str, Any]:
        """What ``restore`` takes back, as JSON values (``index_file``)."""
        return {"of": self._of, "holders": self._holders, "generation": self._generation}

    @classmethod
    def restore(cls, state: dict[str, Any]) -> LinkTitles:
        links = cls()
        links._of = {
            entry_id: (space, source, title) for entry_id, (space, source, title) in state["of"].items()
        }
        links._holders = state["holders"]
        links._winner = {
            space: {key: held[min(held)] for key, held in keys.items()}
            for space, keys in links._holders.items()
        }
        links._generation = state["generation"]
        for space, keys in links._winner.items():
            for key in keys:
                links._count_head(space, key, 1)
        return links

    def take(self, rows: Sequence[EntryText]) -> None:
        """Follow a page of changes (written or forgotten entries), in revision order."""
        for row in rows:
            old = self._of.pop(row.id, None)
            if old is not None:
                self._set(old[0], old[1], None)
            if not row.gone and row.title:
                self._of[row.id] = (row.space, row.source, row.title)
                self._set(row.space, row.source, row.title)

    def _set(self, space: str, source: str, title: str | None) -> None:
        holders = self._holders.setdefault(space, {})
        winner = self._winner.setdefault(space, {})
        for key in link_keys(source):
            held = holders.setdefault(key, {})
            if title is None:
                held.pop(source, None)
            else:
                held[source] = title
            best = held[min(held)] if held else None
            if not held:
                del holders[key]
            was = winner.get(key)
            if was != best:
                self._changed(space, key, was)
                if best is None:
                    del winner[key]
                    self._count_head(space, key, -1)
                else:
                    winner[key] = best
                    if was is None:
                        self._count_head(space, key, 1)
                self._generation[space] = self._generation.get(space, 0) + 1

    def _count_head(self, space: str, key: str, step: int) -> None:
        head, dash, _ = key.partition("-")
        if not dash:
            return
        heads = self._heads.setdefault(space, {})
        count = heads.get(head, 0) + step
        if count:
            heads[head] = count
        else:
            del heads[head]

    def starts_key(self, spaces: Sequence[str], word: str) -> bool:
        """Some key ``spaces`` resolve is ``word`` and more words joined by "-"."""
        return any(word in self._heads.get(space, ()) for space in spaces)

    def _changed(self, space: str, key: str, was: str | None) -> None:
        self._changes.append((space, key, was))
        if len(self._changes) > CHANGES_KEPT:
            half = len(self._changes) // 2
            del self._changes[:half]
            self._dropped += half

    @property
    def position(self) -> int:
        """How many winner changes this mapping has made (``changes`` reads from one)."""
        return self._dropped + len(self._changes)

    def changes(self, since: int) -> dict[tuple[str, str], str | None] | None:
        """The (space, key) pairs whose winner changed after ``position`` was ``since``, each
        with the title it had then (None: no note held the key); None when those changes
        are no longer kept (a follower reads the whole mapping again)."""
        if since < self._dropped:
            return None
        before: dict[tuple[str, str], str | None] = {}
        for space, key, was in self._changes[since - self._dropped :]:
            before.setdefault((space, key), was)
        return before

    def was(
        self, spaces: Sequence[str], key: str, before: Mapping[tuple[str, str], str | None]
    ) -> str | None:
        """What ``key`` resolved to in ``spaces`` (sorted) before the changes ``before``
        (``changes``) were made."""
        for space in spaces:
            held = before[(space, key)] if (space, key) in before else self._winner.get(space, {}).get(key)
            if held is not None:
                return held
        return None

    def generation(self, spaces: Sequence[str]) -> tuple[int, ...]:
        """Changes so far to what ``spaces`` resolve (equal: the same mapping as before)."""
        return tuple(self._generation.get(s, 0) for s in spaces)

    def view(self, spaces: Sequence[str]) -> LinkView:
        return LinkView(self, tuple(sorted(set(spaces))))

    def title(self, spaces: Sequence[str], key: str) -> str | None:
        for space in spaces:
            found = self._winner.get(space, {}).get(key)
            if found is not None:
                return found
        return None

    def holds(self, space: str) -> bool:
        return bool(self._winner.get(space))

    def keys(self, spaces: Sequence[str]) -> Iterator[str]:
        seen: set[str] = set()
        for space in spaces:
            for key in self._winner.get(space, {}):
                if key not in seen:
                    seen.add(key)
                    yield key


class LinkView(Mapping[str, str]):
    """What the notes of some spaces resolve, read from ``LinkTitles`` as it is now."""

    def __init__(self, links: LinkTitles, spaces: tuple[str, ...]) -> None:
        self._links = links
        self._spaces = spaces

    @property
    def links(self) -> LinkTitles:
        return self._links

    @property
    def spaces(self) -> tuple[str, ...]:
        return self._spaces

    def __getitem__(self, key: str) -> str:
        found = self._links.title(self._spaces, key)
        if found is None:
            raise KeyError(key)
        return found

    def get(self, key: str, default: str | None = None) -> str | None:  # type: ignore[override]
        found = self._links.title(self._spaces, key)
        return default if found is None else found

    def __contains__(self, key: object) -> bool:
        return isinstance(key, str) and self._links.title(self._spaces, key) is not None

    def __iter__(self) -> Iterator[str]:
        return self._links.keys(self._spaces)

    def __bool__(self) -> bool:
        return any(self._links.holds(space) for space in self._spaces)

    def starts_key(self, word: str) -> bool:
        return self._links.starts_key(self._spaces, word)

    def __len__(self) -> int:
        return sum(1 for _ in self)
