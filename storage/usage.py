"""Language-model usage: one row per call, and the sums the CLI and quotas read."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.orm import Session
from sqlmodel import col

from storage.db import Database
from storage.models import ModelCall

GROUPS = ("day", "space", "model", "conversation", "investigation", "user", "job")


@dataclass(frozen=True)
class TokenCounts:
    input: int = 0
    output: int = 0
    cache_write: int = 0
    cache_read: int = 0
    calls: int = 0

    @property
    def total(self) -> int:
        return self.input + self.output + self.cache_write + self.cache_read

    def __add__(self, other: TokenCounts) -> TokenCounts:
        return TokenCounts(
            self.input + other.input,
            self.output + other.output,
            self.cache_write + other.cache_write,
            self.cache_read + other.cache_read,
            self.calls + other.calls,
        )


@dataclass(frozen=True)
class UsageGroup:
    """Token sums for one group and one model (cost depends on the model)."""

    key: str
    model: str
    tokens: TokenCounts


_SUMS = (
    func.coalesce(func.sum(ModelCall.input_tokens), 0),
    func.coalesce(func.sum(ModelCall.output_tokens), 0),
    func.coalesce(func.sum(ModelCall.cache_write_tokens), 0),
    func.coalesce(func.sum(ModelCall.cache_read_tokens), 0),
    func.count(),
)


def _counts(row: Sequence[Any]) -> TokenCounts:
    return TokenCounts(*(int(v or 0) for v in row))


class UsageLog:
    def __init__(self, db: Database) -> None:
        self.db = db

    async def record(self, call: ModelCall) -> None:
        await self.db.run(lambda s: s.add(call))

    async def tokens_used(
        self, *, space: str | None = None, user: str | None = None, since: datetime | None = None
    ) -> TokenCounts:
        """Tokens spent (by a space, a user, or both) since a time; what quotas read."""
        stmt = select(*_SUMS)
        if space is not None:
            stmt = stmt.where(col(ModelCall.space) == space)
        if user is not None:
            stmt = stmt.where(col(ModelCall.user_id) == user)
        if since is not None:
            stmt = stmt.where(col(ModelCall.created_at) >= since)
        row = await self.db.run(lambda s: s.execute(stmt).one(), write=False)
        return _counts(row)

    async def grouped(
        self, by: str, *, since: datetime | None = None, space: str | None = None
    ) -> list[UsageGroup]:
        """Sums per group and model, largest first. ``by`` is one of ``GROUPS``."""
        if by not in GROUPS:
            raise ValueError(f"group by one of {', '.join(GROUPS)}")
        stmt = select(ModelCall)
        if since is not None:
            stmt = stmt.where(col(ModelCall.created_at) >= since)
        if space is not None:
            stmt = stmt.where(col(ModelCall.space) == space)

        key: Callable[[ModelCall], str] = {
            "day": lambda c: c.created_at.date().isoformat(),
            "space": lambda c: c.space or "-",
            "model": lambda c: c.model,
            "conversation": lambda c: c.conversation_id or "-",
            "investigation": lambda c: c.investigation_id or "-",
            "user": lambda c: c.user_id or "-",
            "job": lambda c: c.job,
        }[by]

        def work(session: Session) -> list[UsageGroup]:
            sums: dict[tuple[str, str], TokenCounts] = {}
            for call in session.execute(stmt).scalars():
                k = (key(call), call.model)
                sums[k] = sums.get(k, TokenCounts()) + TokenCounts(
                    call.input_tokens, call.output_tokens, call.cache_write_tokens, call.cache_read_tokens, 1
                )
            return [UsageGroup(k, m, t) for (k, m), t in sums.items()]

        groups = await self.db.run(work, write=False)
        order = (lambda g: g.key) if by == "day" else (lambda g: -g.tokens.total)
        return sorted(groups, key=order)

    async def for_investigations(self, ids: Iterable[str]) -> dict[str, list[UsageGroup]]:
        """Sums per model for each investigation."""
        wanted = list(ids)
        if not wanted:
            return {}
        stmt = (
            select(col(ModelCall.investigation_id), col(ModelCall.model), *_SUMS)
            .where(col(ModelCall.investigation_id).in_(wanted))
            .group_by(col(ModelCall.investigation_id), col(ModelCall.model))
        )
        rows = await self.db.run(lambda s: s.execute(stmt).all(), write=False)
        out: dict[str, list[UsageGroup]] = {}
        for inv_id, model, *sums in rows:
            out.setdefault(str(inv_id), []).append(UsageGroup(str(inv_id), str(model), _counts(sums)))
        return out
