"""The root of every error Mallory raises on purpose, and the storage branch of it. The
root lives here, below ``bot/``, so storage can subclass it without importing the core;
``bot/errors.py`` re-exports it and draws the whole tree."""

from __future__ import annotations


class MalloryError(Exception):
    """Root of every error Mallory raises on purpose."""


class StorageError(MalloryError):
    """The database cannot be opened or used; the message is meant for a person."""
