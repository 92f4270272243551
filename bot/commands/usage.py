"""``mallory usage``: language-model tokens and estimated cost per day, space, model,
conversation, investigation, user or job, from the calls recorded as they happened."""

from __future__ import annotations

import argparse
import json
from collections.abc import Mapping, Sequence
from datetime import timedelta
from typing import Any

from bot.config import Bounded, Settings
from bot.llm.usage import Tokens, cost
from storage.usage import GROUPS, UsageGroup, UsageLog


def register(subparsers: Any) -> None:
    p = subparsers.add_parser(
        "usage",
        help="language-model tokens and estimated cost (per day, space, model, ...)",
        description="Sum the recorded language-model calls: input, output and cache tokens, with "
        "the cost estimated from the price table (MALLORY_LLM_PRICES, USD per million tokens).",
    )
    p.add_argument("--by", choices=GROUPS, default="day", help="what to group by (default: day)")
    p.add_argument(
        "--days",
        type=Bounded(float, 0.001, 36500),
        default=30.0,
        help="how far back to look (default: 30 days)",
    )
    p.add_argument("--space", help="only this space")
    p.add_argument("--json", action="store_true", help="one JSON object per line")
    p.set_defaults(handler=cmd_usage)


def _tokens(group: UsageGroup) -> Tokens:
    t = group.tokens
    return Tokens(t.input, t.output, t.cache_write, t.cache_read)


def summarise(groups: Sequence[UsageGroup], prices: Mapping[str, Sequence[float]]) -> list[dict[str, Any]]:
    """One record per group: token sums over its models, and the estimated cost (``None``
    when some model has no price)."""
    out: dict[str, dict[str, Any]] = {}
    for g in groups:
        rec = out.setdefault(
            g.key,
            {
                "key": g.key,
                "calls": 0,
                "input_tokens": 0,
                "output_tokens": 0,
                "cache_write_tokens": 0,
                "cache_read_tokens": 0,
                "models": [],
                "cost_usd": 0.0,
            },
        )
        rec["calls"] += g.tokens.calls
        rec["input_tokens"] += g.tokens.input
        rec["output_tokens"] += g.tokens.output
        rec["cache_write_tokens"] += g.tokens.cache_write
        rec["cache_read_tokens"] += g.tokens.cache_read
        if g.model not in rec["models"]:
            rec["models"].append(g.model)
        price = cost(g.model, _tokens(g), prices)
        rec["cost_usd"] = None if price is None or rec["cost_usd"] is None else rec["cost_usd"] + price
    for rec in out.values():
        if rec["cost_usd"] is not None:
            rec["cost_usd"] = round(rec["cost_usd"], 6)
    return list(out.values())


def _line(rec: Mapping[str, Any]) -> str:
    price = "   n/a" if rec["cost_usd"] is None else f"${rec['cost_usd']:.4f}"
    return (
        f"{rec['key'][:36]:<36} {rec['calls']:>5} calls  in {rec['input_tokens']:>9,}  out {rec['output_tokens']:>8,}"
        f"  cache w {rec['cache_write_tokens']:>8,} r {rec['cache_read_tokens']:>8,}  {price}"
    )


async def cmd_usage(args: argparse.Namespace, settings: Settings) -> int:
    from bot.runtime import Runtime

    async with Runtime.open(settings) as rt:
        since = rt.clock.now() - timedelta(days=args.days)
        groups = await UsageLog(rt.db).grouped(args.by, since=since, space=args.space)
    records = summarise(groups, settings.llm_prices)
    if args.json:
        for rec in records:
            print(json.dumps({"by": args.by, **rec}, ensure_ascii=False))
        return 0
    if not records:
        print(f"no language-model calls recorded in the last {args.days:g} days")
        return 0
    print(f"{args.by:<36} {'':>5}        tokens (estimated cost from MALLORY_LLM_PRICES)")
    for rec in records:
        print(_line(rec))
    total = summarise([UsageGroup("total", g.model, g.tokens) for g in groups], settings.llm_prices)
    print(_line(total[0]))
    return 0


async def investigation_usage(
    log: UsageLog, ids: Sequence[str], prices: Mapping[str, Sequence[float]]
) -> dict[str, dict[str, Any]]:
    """Tokens and estimated cost per investigation, for ``mallory investigations``."""
    found = await log.for_investigations(ids)
    return {inv_id: summarise(groups, prices)[0] for inv_id, groups in found.items()}
