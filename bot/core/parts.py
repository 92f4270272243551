"""Resuming a reply posted in parts, shared by the senders: what of a reply already reached
the platform, so a retry (by the outbox or the worker's delivery) posts only the rest.
Keyed by the reply's content, so the same reply retried as a new object resumes too."""

from __future__ import annotations

import hashlib
from collections import OrderedDict
from collections.abc import Callable
from typing import Generic, TypeVar

from bot.events import Reply

T = TypeVar("T")


def reply_key(reply: Reply) -> str:
    """The same reply to the same place: thread, what it answers, kind, text, attachment."""
    digest = hashlib.sha256()
    for part in (
        reply.thread.key,
        reply.in_reply_to or "",
        reply.kind.value,
        reply.text,
        reply.attachment.filename if reply.attachment else "",
    ):
        digest.update(part.encode("utf-8"))
        digest.update(b"\x00")
    return digest.hexdigest()


class PartsLedger(Generic[T]):
    """Per reply, the sender's own record of what was posted (message ids, an upload flag…),
    for the ``capacity`` most recent replies that did not finish. In memory: a retry in the
    same process resumes; another process starts over."""

    def __init__(self, new: Callable[[], T], *, capacity: int = 256) -> None:
        self._new = new
        self._capacity = capacity
        self._open: OrderedDict[str, T] = OrderedDict()

    def progress(self, reply: Reply) -> T:
        """The record for ``reply``, created empty the first time; mutate it as parts go out."""
        key = reply_key(reply)
        record = self._open.get(key)
        if record is None:
            record = self._open[key] = self._new()
        self._open.move_to_end(key)
        while len(self._open) > self._capacity:
            self._open.popitem(last=False)
        return record

    def finished(self, reply: Reply) -> None:
        """Every part is out: forget the reply."""
        self._open.pop(reply_key(reply), None)

    def __len__(self) -> int:
        return len(self._open)
