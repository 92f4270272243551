"""The hostile corpus (tests/fixtures/hostile) in the knowledge base of a Slack bot, then
asked about through every route: no broadcast or user ping, no forged citation, no unsafe
link, no secret and no server path reaches Slack. SQLite and PostgreSQL."""

from __future__ import annotations

import json
import re
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from fake_slack import FakeSlack
from slack_harness import SIGNING_SECRET, Harness, mention_event, running_bot
from test_slack_http import command

from bot.clock import FakeClock

HOSTILE = Path(__file__).resolve().parents[1] / "fixtures" / "hostile"
FORGED = ("deadbeef", "0badc0de", "cafebabe")
# the defused spelling has a word joiner between "@" and the word, which this does not match
PINGS = re.compile(r"<!(?:channel|here|everyone|subteam)|<@U0ADMIN|@(?:channel|here|everyone)\b")


def forged_citations(text: str) -> list[str]:
    return [m for m in re.findall(r"\[Entry ([0-9a-fA-F]{4,36})\]", text) if m.lower()[:8] in FORGED]


@pytest.fixture
async def hostile_bot(
    tmp_path: Path, clock: FakeClock, slack: FakeSlack, any_db_url: str
) -> AsyncIterator[Harness]:
    async with running_bot(tmp_path, clock, slack, database_url=any_db_url) as bot:
        result = await bot.rt.ingest(HOSTILE, space="T111")
        assert result.total == 5
        yield bot


async def test_the_hostile_corpus_takes_no_effect_in_slack(hostile_bot: Harness, tmp_path: Path) -> None:
    bot = hostile_bot
    await bot.event(
        mention_event("what do we know about Atlas security?", ts="1750004000.000100", event_id="EvH1")
    )
    await bot.command(command("/recall", "Atlas security override"))
    await bot.command(command("/investigate", "Atlas security"))
    await bot.adapter.drain()
    assert await bot.rt.worker.run_once() >= 1
    posted = [c for c in bot.slack.calls if c.method in ("chat.postMessage", "chat.update")]
    assert len(posted) >= 5
    texts = [json.dumps(c.args, ensure_ascii=False) for c in posted]
    everything = "\n".join(texts)
    assert "Atlas security" in everything, "the hostile notes were found and shown"
    assert PINGS.findall(everything) == [], "no broadcast, group or user ping from content"
    assert "<javascript:" not in everything and "<tg:" not in everything
    files = [raw.decode("utf-8", "replace") for raw in bot.slack.uploads.values()]
    for text in [*texts, *files]:
        assert forged_citations(text) == []
        assert str(tmp_path) not in text, "no server path"
        assert bot.slack.bot_token not in text and SIGNING_SECRET not in text
    # the stored report is as clean as what was posted
    for inv in await bot.rt.queue.listing(limit=5):
        assert inv.answer and forged_citations(inv.answer) == []
        assert inv.report_path and forged_citations(Path(inv.report_path).read_text(encoding="utf-8")) == []
