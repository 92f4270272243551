"""Model-call usage on SQLite and PostgreSQL: recorded per call, summed for quotas
(``tokens_used``), grouped for ``mallory usage``, and per investigation."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from storage.db import Database
from storage.models import ModelCall
from storage.usage import UsageLog

DAY1 = datetime(2026, 6, 1, 9, 0, tzinfo=UTC)
DAY2 = DAY1 + timedelta(days=1, hours=2)


def _call(at: datetime, space: str, user: str, model: str, n: int, inv: str | None = None) -> ModelCall:
    return ModelCall(
        created_at=at,
        job="quick" if inv is None else "synthesis",
        model=model,
        space=space,
        conversation_id=f"conv-{space}",
        message_id=7,
        investigation_id=inv,
        user_id=user,
        input_tokens=n,
        output_tokens=n // 10,
        cache_write_tokens=n // 2,
        cache_read_tokens=n // 4,
        stop_reason="end_turn",
    )


async def test_usage_is_summed_and_grouped(any_db: Database) -> None:
    log = UsageLog(any_db)
    for call in (
        _call(DAY1, "team-a", "ana", "claude-haiku-4-5", 100),
        _call(DAY1, "team-a", "bob", "claude-opus-4-8", 1000, inv="inv-1"),
        _call(DAY2, "team-a", "ana", "claude-opus-4-8", 2000, inv="inv-1"),
        _call(DAY2, "team-b", "ana", "claude-haiku-4-5", 40),
    ):
        await log.record(call)

    ana_a = await log.tokens_used(space="team-a", user="ana")
    assert (ana_a.input, ana_a.output, ana_a.cache_write, ana_a.cache_read, ana_a.calls) == (
        2100,
        210,
        1050,
        525,
        2,
    )
    assert (await log.tokens_used(user="ana", since=DAY2 - timedelta(hours=1))).input == 2040
    assert (await log.tokens_used()).calls == 4
    assert (await log.tokens_used(space="nowhere")).total == 0

    by_day = await log.grouped("day")
    assert [g.key for g in by_day] == sorted(g.key for g in by_day)  # days in order
    assert sorted((g.key, g.model, g.tokens.input) for g in by_day) == [
        ("2026-06-01", "claude-haiku-4-5", 100),
        ("2026-06-01", "claude-opus-4-8", 1000),
        ("2026-06-02", "claude-haiku-4-5", 40),
        ("2026-06-02", "claude-opus-4-8", 2000),
    ]
    by_space = {(g.key, g.model): g.tokens.input for g in await log.grouped("space", space="team-b")}
    assert by_space == {("team-b", "claude-haiku-4-5"): 40}

    per_inv = await log.for_investigations(["inv-1", "inv-2"])
    assert list(per_inv) == ["inv-1"]
    assert [(g.model, g.tokens.input, g.tokens.calls) for g in per_inv["inv-1"]] == [
        ("claude-opus-4-8", 3000, 2)
    ]
