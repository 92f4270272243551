"""Mallory end to end on Telegram: the real PTB Application long-polling (or serving a
webhook for) the fake Bot API server, the real core, the real worker delivering through
``rt.worker.senders["telegram"]``. Time is the injected FakeClock; nothing sleeps."""

from __future__ import annotations

import asyncio
import json
import logging
import re
from typing import Any

import aiohttp
import pytest
from fake_telegram import FakeTelegram, fixture_names, load_fixture
from pydantic import SecretStr
from telegram_harness import ANA, BEN, WEBHOOK_SECRET, Harness

from adapters.telegram import TelegramAdapter, TelegramSender, sender_from_settings
from adapters.telegram.adapter import COMMANDS, Outcome
from bot.clock import FakeClock
from bot.config import Settings, load_settings
from bot.errors import ConfigError
from bot.runtime import Runtime


async def test_start_registers_commands_and_polls_for_messages_and_buttons_only(harness: Harness) -> None:
    assert [c["command"] for c in harness.telegram.commands] == [c.command for c in COMMANDS]
    assert {"investigate", "recall", "remember", "status", "cancel", "schedule", "web"} == {
        c["command"] for c in harness.telegram.commands
    }
    assert harness.telegram.calls_to("deleteWebhook")  # polling: no webhook left behind
    await harness.telegram.wait_for(lambda t: t.last_allowed_updates is not None)
    assert harness.telegram.last_allowed_updates == ["message", "callback_query"]


async def test_forum_topic_mention_ack_in_topic_then_report_replies_to_the_request_in_the_topic(
    harness: Harness, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG)
    caplog.set_level(logging.DEBUG, logger="httpx")  # other tests may have quietened it
    h = harness
    chat = h.telegram.group(forum=True, title="Data team")
    topic = h.telegram.open_topic(chat, ANA, "Storage")
    request = await h.say(chat, ANA, "@MalloryTestBot dig into the analytics storage decision", topic=topic)

    [ack] = h.replies_to(request)
    assert ack["text"].startswith("On it: investigating")
    assert ack["message_thread_id"] == topic and ack["is_topic_message"]
    assert ack["reply_markup"]["inline_keyboard"][0][0]["text"] == "Answer quickly instead"
    [inv] = await h.rt.queue.listing(space=str(chat["id"]), limit=10)
    assert inv.status == "pending"

    assert await h.rt.worker.run_once() == 1

    replies = h.replies_to(request)
    assert len(replies) >= 2
    report_parts = replies[1:]
    assert all(m["message_thread_id"] == topic for m in report_parts)
    assert all(m["reply_to_message"]["message_id"] == request["message_id"] for m in report_parts)
    # the requester is pinged in the group
    first = h.telegram.calls_to("sendMessage")[-1]
    assert f"tg://user?id={ANA['id']}" in first.params["text"]
    # the report arrives whole: inline, or in full as a Markdown document
    [inv] = await h.rt.queue.listing(space=str(chat["id"]), limit=10)
    assert inv.status == "delivered" and inv.answer
    documents = [m for m in report_parts if "document" in m]
    if documents:
        assert documents[0]["_content"].decode() == inv.answer
    else:
        assert "\n\n".join(m["text"] for m in report_parts).count("[Entry") == inv.answer.count("[Entry")
    # progress was shown by editing the acknowledgement, which now points at the report
    edited = h.telegram.messages[(chat["id"], ack["message_id"])]
    assert any("phase" in text for text in edited["_history"])
    assert "Done: the report is below." in edited["text"] and "reply_markup" not in edited
    # every Bot API URL carries the token; none of it may reach the logs
    logged = [r.getMessage() for r in caplog.records]
    assert any("/getUpdates" in line for line in logged)
    assert not [line for line in logged if h.telegram.token.split(":", 1)[1] in line]


async def test_a_5000_character_report_arrives_whole(harness: Harness) -> None:
    h = harness
    chat = h.telegram.private_chat(ANA)
    request = await h.say(chat, ANA, "research the analytics storage decision")
    await h.rt.worker.run_once()
    [inv] = await h.rt.queue.listing(space=str(chat["id"]), limit=10)
    assert inv.answer is not None and len(inv.answer) >= 5000, "the vault should give a long report"
    _ack, *report = h.replies_to(request)
    [document] = [m for m in report if "document" in m]
    assert document["document"]["file_name"].endswith(".md")
    assert document["_content"].decode() == inv.answer
    assert all(len(m.get("text", "")) <= 4096 for m in report)


async def test_in_a_basic_group_a_reply_to_any_part_of_a_report_stays_in_its_conversation(
    harness: Harness,
) -> None:
    """Basic groups have no reply-chain id: the thread is found from the message replied
    to, so every message a report was posted as must lead back to its conversation."""
    h = harness
    chat = h.telegram.group(-4071, basic=True)
    request = await h.say(chat, ANA, "@MalloryTestBot research the analytics storage decision")
    await h.rt.worker.run_once()
    _ack, *report = h.replies_to(request)
    assert len(report) >= 2, "a long report should take several messages"
    space = str(chat["id"])
    asked = await h.rt.conversations.find_message(
        space=space, platform_message_id=str(request["message_id"]), platform="telegram"
    )
    assert asked is not None
    for part in (report[-1], report[1 % len(report)]):
        ours = h.telegram.messages[(chat["id"], part["message_id"])]
        follow_up = await h.say(chat, BEN, "and what did it cost us?", reply_to=ours)
        stored = await h.rt.conversations.find_message(
            space=space, platform_message_id=str(follow_up["message_id"]), platform="telegram"
        )
        assert stored is not None and stored.conversation_id == asked.conversation_id
    # the parts are bookkeeping, not turns of the conversation
    history = await h.rt.conversations.history(asked.conversation_id, limit=50)
    assert "part" not in {m.role for m in history}


async def test_pressing_the_button_twice_enqueues_once_and_each_press_is_answered(harness: Harness) -> None:
    h = harness
    chat = h.telegram.private_chat(ANA)
    question = await h.say(chat, ANA, "what did we decide about analytics storage?")
    [answer] = h.replies_to(question)
    labels = [row[0]["text"] for row in answer["reply_markup"]["inline_keyboard"]]
    assert labels in (["Run a deep investigation"], ["Investigate this"])

    assert await h.press(ANA, answer, labels[0]) == [Outcome.HANDLED]
    assert await h.press(ANA, answer, labels[0]) == [Outcome.HANDLED]

    investigations = await h.rt.queue.listing(space=str(chat["id"]), limit=10)
    assert len(investigations) == 1
    answers = h.telegram.calls_to("answerCallbackQuery")
    assert len(answers) == 2 and all(c.status == 200 for c in answers)
    texts = [m["text"] for m in h.telegram.sent(chat["id"])]
    assert sum(t.startswith("On it") for t in texts) == 1
    assert sum(t.startswith("I'm already investigating") for t in texts) == 1


async def test_answer_quickly_instead_cancels_the_dig_and_is_recorded(harness: Harness) -> None:
    h = harness
    chat = h.telegram.group()
    request = await h.say(chat, BEN, "@MalloryTestBot look into the analytics storage decision")
    [ack] = h.replies_to(request)
    assert await h.press(BEN, ack, "Answer quickly instead") == [Outcome.HANDLED]
    [inv] = await h.rt.queue.listing(space=str(chat["id"]), limit=10)
    assert inv.status == "cancelled"
    corrections = await h.rt.conversations.corrections()
    assert [(c.route_given, c.route_wanted) for c in corrections] == [("async", "quick")]
    quick = [m for m in h.replies_to(request) if m["message_id"] != ack["message_id"]]
    assert quick and quick[0]["text"].startswith("From the notes")


async def test_a_reply_to_mallory_during_an_investigation_becomes_a_steering_note(harness: Harness) -> None:
    h = harness
    chat = h.telegram.group()
    request = await h.say(chat, ANA, "@MalloryTestBot dig into the analytics storage decision")
    [ack] = h.replies_to(request)
    ours = h.telegram.messages[(chat["id"], ack["message_id"])]
    note = await h.say(chat, BEN, "also check the DuckDB evaluation", reply_to=ours)  # no mention needed
    [inv] = await h.rt.queue.listing(space=str(chat["id"]), limit=10)
    assert [n.text for n in await h.rt.queue.notes(inv.id)] == ["also check the DuckDB evaluation"]
    [noted] = h.replies_to(note)
    assert noted["text"].startswith("Noted")


async def test_group_chatter_without_mention_is_stored_but_not_answered(harness: Harness) -> None:
    h = harness
    chat = h.telegram.group()
    await h.say(chat, ANA, "lunch anyone? also we should dig into the storage decision sometime")
    await h.say(chat, BEN, "@someone_else hi")
    assert h.telegram.sent(chat["id"]) == []
    assert h.telegram.calls_to("sendChatAction") == []


async def test_status_command_in_a_reply_chain_answers_without_message_thread_id(harness: Harness) -> None:
    h = harness
    chat = h.telegram.group()
    await h.say(chat, ANA, "@MalloryTestBot dig into the analytics storage decision")
    root = h.telegram.text_message(chat, BEN, "what's going on?")
    status = await h.say(chat, ANA, "/status@MalloryTestBot", reply_to=root)
    assert status["message_thread_id"] == root["message_id"]  # a chain, not a topic
    [reply] = h.replies_to(status)
    assert reply["text"].startswith("Open investigations:")
    assert "analytics storage decision" in reply["text"]
    assert all("message_thread_id" not in c.params for c in h.telegram.calls_to("sendMessage"))


async def test_duplicate_update_id_is_processed_once(harness: Harness) -> None:
    h = harness
    chat = h.telegram.private_chat(ANA)
    update = h.telegram.message_update(h.telegram.text_message(chat, ANA, "hello there"))
    h.telegram.push(update)
    outcomes = await h.feed(update, times=2)  # Telegram sent it twice
    assert sorted(outcomes) == sorted([Outcome.HANDLED, Outcome.DUPLICATE])
    assert len(h.telegram.sent(chat["id"])) == 1


async def test_typing_while_the_quick_route_works(harness: Harness) -> None:
    h = harness
    chat = h.telegram.private_chat(ANA)
    await h.say(chat, ANA, "what did we decide about analytics storage?")
    [typing] = h.telegram.calls_to("sendChatAction")
    assert typing.params["action"] == "typing" and typing.params["chat_id"] == ANA["id"]
    first_send = next(i for i, c in enumerate(h.telegram.calls) if c.method == "sendMessage")
    assert h.telegram.calls.index(typing) < first_send


async def test_a_short_rate_limit_on_an_answer_is_waited_out_not_lost(harness: Harness) -> None:
    """The answer is kept in the database and posted by the delivery once each
    ``retry_after`` has passed (on the injected clock), then recorded like any answer."""
    h = harness
    chat = h.telegram.private_chat(ANA)
    h.telegram.fail("sendMessage", "retry_after", retry_after=5, times=2)
    question = await h.say(chat, ANA, "hello there")
    assert h.replies_to(question) == []
    assert await h.rt.worker.delivery.deliver_pending() == 0, "not due before its retry_after"
    for _ in range(2):
        h.rt.clock.advance(5)  # type: ignore[attr-defined]
        await h.rt.worker.delivery.deliver_pending()
    assert len(h.replies_to(question)) == 1
    assert [c.status for c in h.telegram.calls_to("sendMessage")] == [429, 429, 200]
    asked = await h.rt.conversations.find_message(
        space=str(chat["id"]), platform_message_id=str(question["message_id"]), platform="telegram"
    )
    assert asked is not None
    [answer] = h.replies_to(question)
    turns = await h.rt.conversations.history(asked.conversation_id)
    assert [(t.role, t.platform_message_id) for t in turns] == [
        ("user", str(question["message_id"])),
        ("assistant", str(answer["message_id"])),
    ], "the late answer is recorded"
    h.rt.clock.advance(60)  # type: ignore[attr-defined]
    assert await h.rt.worker.delivery.deliver_pending() == 0
    assert len(h.replies_to(question)) == 1, "posted once"


async def test_a_rate_limited_answer_does_not_hold_up_the_chat(harness: Harness) -> None:
    """The wait happens outside the chat's turn: the next message is answered meanwhile,
    and the limited answer is posted once its time has come."""
    h = harness
    chat = h.telegram.private_chat(ANA)
    h.telegram.fail("sendMessage", "retry_after", retry_after=5)
    first = await h.say(chat, ANA, "hello there")
    second = await h.say(chat, ANA, "thanks, that helps")
    assert h.replies_to(first) == [] and len(h.replies_to(second)) == 1
    h.rt.clock.advance(5)  # type: ignore[attr-defined]
    assert await h.rt.worker.delivery.deliver_pending() == 1
    assert len(h.replies_to(first)) == 1
    assert [c.status for c in h.telegram.calls_to("sendMessage")] == [429, 200, 200]


@pytest.mark.parametrize("name", fixture_names())
async def test_every_shared_payload_sample_is_handled_or_ignored_without_error(
    harness: Harness, name: str, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.WARNING)
    h = harness
    data = load_fixture(name)
    if "__MESSAGE_OBJECT__" in name:
        data = {"update_id": 700_001, "message": data}
    outcomes = await h.feed(data)
    expected = {
        "callback_query_LEGACY__official_webhooks_guide.json": Outcome.IGNORED,  # PTB 22 cannot read it
        "edited_message_LEGACY__official_webhooks_guide.json": Outcome.IGNORED,
        "message_with_reply_LEGACY__official_webhooks_guide.json": Outcome.IGNORED,
        "channel_post_update__openintegrations_getupdates_capture.json": Outcome.IGNORED,
        "forum_topic_reply_update__openintegrations_getupdates_capture.json": Outcome.IGNORED,
        "forum_topic_created__MESSAGE_OBJECT__teloxide_message_rs_topic_created.json": Outcome.IGNORED,
        "callback_query_with_message__tgbot_tests_data.json": Outcome.IGNORED,  # data is not ours
        "callback_query_inaccessible_message_date0__tgbot_tests_data.json": Outcome.IGNORED,
        "forum_topic_text_reply__MESSAGE_OBJECT__teloxide_message_rs_topic_message.json": Outcome.HANDLED,
        "group_message_command_and_mention__slapbot_readme.json": Outcome.HANDLED,
        "supergroup_reply_chain_command_not_topic__teloxide_update_rs_issue_1107.json": Outcome.HANDLED,
    }
    assert outcomes == [expected[name]]
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]
    assert h.telegram.sent() == []  # none of them is addressed to Mallory
    if "callback_query" in data and "chat_instance" in data["callback_query"]:
        [answer] = h.telegram.calls_to("answerCallbackQuery")  # answered even though ignored
        assert answer.params["callback_query_id"] == data["callback_query"]["id"] and answer.status == 200
    # polling moved past it: the next update is read normally
    chat = h.telegram.private_chat(ANA)
    after = await h.say(chat, ANA, "hello")
    assert len(h.replies_to(after)) == 1


async def test_the_reply_chain_sample_addressed_to_mallory_is_answered_in_the_chat(harness: Harness) -> None:
    h = harness
    data = load_fixture("supergroup_reply_chain_command_not_topic__teloxide_update_rs_issue_1107.json")
    data["message"]["text"] = "/status"  # same entity length as /report, now one of ours
    assert await h.feed(data) == [Outcome.HANDLED]
    [reply] = h.telegram.sent(data["message"]["chat"]["id"])
    assert reply["text"] == "No investigations are open here."
    assert reply["reply_to_message"]["message_id"] == data["message"]["message_id"]
    [call] = h.telegram.calls_to("sendMessage")
    assert "message_thread_id" not in call.params  # 134545 is a chain, not a topic
    thread = await h.rt.core.thread_for_message("telegram", "-1001293752024", "-1001293752024", "134546")
    assert thread is not None and thread.thread == "134545"


# -- webhook -------------------------------------------------------------------------------

WEBHOOK_URL = "https://mallory.example/telegram/hook"


@pytest.fixture
async def webhook(
    runtime: Runtime, telegram: FakeTelegram, sender: TelegramSender, settings: Settings
) -> Any:
    adapter = TelegramAdapter(settings, runtime.core, sender)
    await adapter.start(webhook_url=WEBHOOK_URL, port=0, host="127.0.0.1")
    try:
        yield Harness(runtime, telegram, sender, adapter)
    finally:
        await adapter.stop()


def _local(h: Harness) -> str:
    return f"http://127.0.0.1:{h.adapter.webhook_port}/telegram/hook"


async def test_webhook_is_registered_with_the_secret_token(webhook: Harness) -> None:
    assert webhook.telegram.webhook == {
        "url": WEBHOOK_URL,
        "secret_token": WEBHOOK_SECRET,
        "allowed_updates": ["message", "callback_query"],
    }
    assert webhook.telegram.calls_to("getUpdates") == []


async def test_webhook_refuses_missing_and_wrong_secret_and_processes_the_right_one(webhook: Harness) -> None:
    h = webhook
    chat = h.telegram.private_chat(ANA)
    missing = h.telegram.message_update(h.telegram.text_message(chat, ANA, "hello without secret"))
    wrong = h.telegram.message_update(h.telegram.text_message(chat, ANA, "hello with a wrong secret"))
    right = h.telegram.message_update(h.telegram.text_message(chat, ANA, "hello with the secret"))

    assert await h.telegram.deliver(_local(h), missing, secret=None) == 403
    assert await h.telegram.deliver(_local(h), wrong, secret="not-" + WEBHOOK_SECRET) == 403
    assert await h.telegram.deliver(_local(h), right) == 200
    async with asyncio.timeout(5):
        assert await h.adapter.wait_processed(right["update_id"]) == [Outcome.HANDLED]

    assert h.adapter.outcomes(missing["update_id"]) == [] and h.adapter.outcomes(wrong["update_id"]) == []
    assert [r["reply_to_message"]["message_id"] for r in h.telegram.sent(chat["id"])] == [
        right["message"]["message_id"]
    ]
    for refused in (missing, wrong):
        stored = await h.rt.core.thread_for_message(
            "telegram", str(chat["id"]), str(chat["id"]), str(refused["message"]["message_id"])
        )
        assert stored is None  # nothing of it reached the core


async def test_webhook_redelivery_is_processed_once(webhook: Harness) -> None:
    h = webhook
    chat = h.telegram.private_chat(ANA)
    update = h.telegram.message_update(h.telegram.text_message(chat, ANA, "hello"))
    assert await h.telegram.deliver(_local(h), update) == 200
    assert await h.telegram.deliver(_local(h), update) == 200
    async with asyncio.timeout(5):
        outcomes = await h.adapter.wait_processed(update["update_id"], times=2)
    # the second delivery is refused at the webhook (the update is stored before the 200),
    # possibly before the first has been handled
    assert sorted(outcomes) == sorted([Outcome.HANDLED, Outcome.DUPLICATE])
    assert len(h.telegram.sent(chat["id"])) == 1


async def test_webhook_accepts_legacy_samples_without_error_and_refuses_junk(webhook: Harness) -> None:
    h = webhook
    legacy = load_fixture("edited_message_LEGACY__official_webhooks_guide.json")
    assert await h.telegram.deliver(_local(h), legacy) == 200  # acknowledged so Telegram stops resending
    async with asyncio.timeout(5):
        assert await h.adapter.wait_processed(legacy["update_id"]) == [Outcome.IGNORED]
    headers = {"X-Telegram-Bot-Api-Secret-Token": WEBHOOK_SECRET, "Content-Type": "application/json"}
    async with aiohttp.ClientSession() as session:
        async with session.post(_local(h), data="{not json", headers=headers) as response:
            assert response.status == 400
        async with session.post(_local(h), data=json.dumps({"no": "update_id"}), headers=headers) as response:
            assert response.status == 400


@pytest.mark.parametrize("secret", [None, "has spaces and ü"])
async def test_webhook_needs_a_usable_secret(
    runtime: Runtime, sender: TelegramSender, settings: Settings, telegram: FakeTelegram, secret: str | None
) -> None:
    unsafe = settings.model_copy(update={"telegram_webhook_secret": SecretStr(secret) if secret else None})
    adapter = TelegramAdapter(unsafe, runtime.core, sender)
    with pytest.raises(ConfigError, match="TELEGRAM_WEBHOOK_SECRET"):
        await adapter.start(webhook_url=WEBHOOK_URL, port=0, host="127.0.0.1")
    assert telegram.calls == []  # refused before anything was registered


async def test_a_webhook_telegram_refuses_is_a_config_error(
    runtime: Runtime, sender: TelegramSender, settings: Settings
) -> None:
    adapter = TelegramAdapter(settings, runtime.core, sender)
    try:
        with pytest.raises(ConfigError, match=r"(?i)https url"):
            await adapter.start(webhook_url="http://plain.example/hook", port=0, host="127.0.0.1")
    finally:
        await adapter.stop()


async def test_a_wrong_token_is_a_config_error_that_does_not_show_the_token(
    runtime: Runtime, sender: TelegramSender, settings: Settings, telegram: FakeTelegram
) -> None:
    wrong_token = "999:wrong-token-value"
    adapter = TelegramAdapter(
        settings.model_copy(update={"telegram_bot_token": SecretStr(wrong_token)}),
        runtime.core,
        sender,
    )
    with pytest.raises(ConfigError) as caught:
        await adapter.start()
    assert wrong_token not in str(caught.value) and "wrong-token" not in str(caught.value)


async def test_a_separate_worker_with_only_the_token_delivers_the_report(
    harness: Harness, settings: Settings, clock: FakeClock
) -> None:
    h = harness
    chat = h.telegram.group(forum=True)
    topic = h.telegram.open_topic(chat, ANA)
    request = await h.say(chat, ANA, "@MalloryTestBot research the on-call policy", topic=topic)
    worker_settings = load_settings(
        data_dir=settings.data_dir,  # the same database, as a worker on another host would share it
        database_url=settings.database_url,
        llm_provider="offline",
        embedder="none",
        telegram_bot_token=settings.telegram_bot_token,
        telegram_api_url=settings.telegram_api_url,
    )
    worker_sender = sender_from_settings(worker_settings)
    assert worker_sender is not None
    try:
        async with Runtime.open(worker_settings, clock=clock, platforms=("telegram",)) as worker_rt:
            worker_rt.worker.senders["telegram"] = worker_sender
            assert await worker_rt.worker.run_once() == 1
    finally:
        await worker_sender.aclose()
    _ack, *report = h.replies_to(request)
    assert report and all(m["message_thread_id"] == topic for m in report)


async def test_web_command_in_a_group_answers_with_a_direct_message(harness: Harness) -> None:
    """/web in a group: the sign-in link goes to the person's private chat, never the group."""
    h = harness
    chat = h.telegram.group()
    h.telegram.private_chat(ANA)  # Ana has started a chat with the bot
    await h.say(chat, ANA, "/web@MalloryTestBot")
    assert h.telegram.sent(chat["id"]) == [], "nothing in the group"
    [dm] = h.telegram.sent(ANA["id"])
    assert re.search(r"/ui/signin/[0-9a-f]{64}", dm["text"])
    assert "reply_to_message" not in dm
    from sqlalchemy import text

    with h.rt.db.blocking.begin() as conn:
        kept = conn.execute(text("SELECT COUNT(*) FROM messages WHERE text LIKE '%signin%'")).scalar()
    assert kept == 0, "the link is not kept in the conversation"


async def test_web_command_from_someone_the_bot_cannot_write_to_says_how(harness: Harness) -> None:
    h = harness
    chat = h.telegram.group()
    asked = await h.say(chat, BEN, "/web@MalloryTestBot")  # Ben never started a chat with the bot
    [note] = h.replies_to(asked)
    assert "couldn't send you a private message" in note["text"] and "signin" not in note["text"]
