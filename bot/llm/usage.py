"""What each model call cost: the ``usage`` the API reports, who the call was for (a
context variable set by the core around a message or an investigation), and the price."""

from __future__ import annotations

import contextvars
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Scope:
    """Who a model call is for; ``None`` fields are unknown (e.g. a CLI ingest)."""

    space: str | None = None
    conversation_id: str | None = None
    message_id: int | None = None
    investigation_id: str | None = None
    user_id: str | None = None
    platform: str | None = None  # with ``user_id``, who an admin is (quotas exempt admins)


_NOBODY = Scope()  # frozen: safe to share as the default
_SCOPE: contextvars.ContextVar[Scope] = contextvars.ContextVar("mallory_llm_scope", default=_NOBODY)
_FIELDS = frozenset(vars(_NOBODY))


def _with(scope: Scope, fields: dict[str, Any]) -> Scope:
    """``dataclasses.replace(scope, **fields)``, as a copy of the fields: twice a message
    (``scoped``, ``charge_to``), and ``replace`` walks the six fields in Python and the frozen
    ``__init__`` sets each through ``object.__setattr__`` (a scope checks nothing on creation)."""
    unknown = fields.keys() - _FIELDS
    if unknown:
        raise TypeError(f"Scope has no field {sorted(unknown)[0]!r}")
    copy = object.__new__(Scope)
    copy.__dict__.update(scope.__dict__, **fields)
    return copy


def current_scope() -> Scope:
    return _SCOPE.get()


class scoped:
    """``with scoped(**fields) as scope``: model calls made inside are charged to this scope
    (fields add to the outer one). A class, not ``@contextmanager``: one a message, whose
    generator machinery cost more than the scope itself."""

    __slots__ = ("_fields", "_token")

    def __init__(self, **fields: Any) -> None:
        self._fields = fields

    def __enter__(self) -> Scope:
        scope = _with(_SCOPE.get(), self._fields)
        self._token = _SCOPE.set(scope)
        return scope

    def __exit__(self, *exc: object) -> None:
        _SCOPE.reset(self._token)


@dataclass(frozen=True)
class Tokens:
    input: int = 0
    output: int = 0
    cache_write: int = 0
    cache_read: int = 0

    @classmethod
    def of(cls, usage: Any) -> Tokens:
        """From the SDK's ``Usage`` (its cache fields may be missing or null)."""

        def n(name: str) -> int:
            value = getattr(usage, name, None)
            return int(value) if isinstance(value, int) and value > 0 else 0

        return cls(
            n("input_tokens"),
            n("output_tokens"),
            n("cache_creation_input_tokens"),
            n("cache_read_input_tokens"),
        )

    def __add__(self, other: Tokens) -> Tokens:
        return Tokens(
            self.input + other.input,
            self.output + other.output,
            self.cache_write + other.cache_write,
            self.cache_read + other.cache_read,
        )

    @property
    def total(self) -> int:
        return self.input + self.output + self.cache_write + self.cache_read


@dataclass(frozen=True)
class Call:
    """One model call, as recorded."""

    job: str
    model: str
    tokens: Tokens
    scope: Scope
    stop_reason: str = ""


def price_of(model: str, prices: Mapping[str, Sequence[float]]) -> Sequence[float] | None:
    """The price row for ``model``: the longest matching prefix in the table."""
    best = max((k for k in prices if model.startswith(k)), key=len, default=None)
    return prices[best] if best is not None else None


def cost(model: str, tokens: Tokens, prices: Mapping[str, Sequence[float]]) -> float | None:
    """Estimated USD, or ``None`` when the price table does not know the model."""
    row = price_of(model, prices)
    if row is None:
        return None
    p_in, p_out, p_write, p_read = row
    return (
        tokens.input * p_in
        + tokens.output * p_out
        + tokens.cache_write * p_write
        + tokens.cache_read * p_read
    ) / 1_000_000


def charge_to(**fields: Any) -> None:
    """Add to the scope of the enclosing ``scoped`` block (undone when it ends)."""
    _SCOPE.set(_with(_SCOPE.get(), fields))
