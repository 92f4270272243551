"""The hostile corpus (tests/fixtures/hostile) in the knowledge base of a Telegram bot, asked
about through every route: no HTML from content, no link that pings or runs code, no forged
citation, no secret and no server path reaches the chat. SQLite and PostgreSQL."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from fake_telegram import FakeTelegram
from telegram_harness import ALLOWED_CHATS, ANA, WEBHOOK_SECRET, Harness

from bot.config import Settings, load_settings

HOSTILE = Path(__file__).resolve().parents[1] / "fixtures" / "hostile"
FORGED = ("deadbeef", "0badc0de", "cafebabe")
OUR_TAGS = {"b", "i", "s", "u", "code", "pre", "a", "blockquote"}


@pytest.fixture
def settings(tmp_path: Path, telegram: FakeTelegram, any_db_url: str) -> Settings:
    return load_settings(
        data_dir=tmp_path / "data",
        database_url=any_db_url,
        llm_provider="offline",
        embedder="none",
        telegram_bot_token=telegram.token,
        telegram_api_url=telegram.api_url,
        telegram_webhook_secret=WEBHOOK_SECRET,
        telegram_allowed_chats=ALLOWED_CHATS,
    )


async def test_the_hostile_corpus_takes_no_effect_in_telegram(harness: Harness, tmp_path: Path) -> None:
    h = harness
    assert (await h.rt.ingest(HOSTILE, space=str(ANA["id"]))).total == 5
    chat = h.telegram.private_chat(ANA)
    await h.say(chat, ANA, "what do we know about Atlas security?")
    await h.say(chat, ANA, "/recall Atlas security override")
    await h.say(chat, ANA, "/investigate Atlas security")
    assert await h.rt.worker.run_once() >= 1
    sent = h.telegram.sent(ANA["id"])
    assert len(sent) >= 4
    raw = "\n".join(str(m.get("_raw") or "") for m in sent)
    visible = "\n".join(str(m.get("text") or m.get("caption") or "") for m in sent)
    assert "Atlas security" in visible, "the hostile notes were found and shown"
    assert {t.lower() for t in re.findall(r"</?([a-zA-Z]+)", raw)} <= OUR_TAGS, "no HTML from content"
    hrefs = re.findall(r'<a href="([^"]*)"', raw)  # real anchors; escaped text is not a link
    assert all(
        href.startswith(("http://", "https://", "mailto:")) or href == f"tg://user?id={ANA['id']}"
        for href in hrefs
    )
    documents = [c.files for c in h.telegram.calls_to("sendDocument")]
    attached = "\n".join(data.decode("utf-8", "replace") for files in documents for _, data in files.values())
    for text in (raw, visible, attached):
        cited = re.findall(r"\[Entry ([0-9a-fA-F]{4,36})\]", text)
        assert not [c for c in cited if c.lower()[:8] in FORGED], "no forged citation"
        assert str(tmp_path) not in text, "no server path"
        assert h.telegram.token not in text
