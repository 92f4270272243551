"""The root of every error Mallory raises on purpose, and the storage branch of it. The
root lives here, below ``bot/``, so storage can subclass it without importing the core;
``bot/errors.py`` re-exports it and draws the whole tree. The storage branch:

StorageError        the database cannot be opened or used (the message is for a person)
 └── DatabaseGone   the SQLite file was deleted or replaced under the running process
                    (storage/db_sqlite.py); writes are refused
"""

from __future__ import annotations


class MalloryError(Exception):
    """Root of every error Mallory raises on purpose."""


class StorageError(MalloryError):
    """The database cannot be opened or used; the message is meant for a person."""


def one_line(exc: BaseException) -> str:
    """A driver's error in one line, for a log or a person."""
    text = str(getattr(exc, "orig", None) or exc)
    return text.strip().splitlines()[0] if text.strip() else type(exc).__name__
