"""TelegramSender: the real PTB ``Bot`` against the fake Bot API server."""

from __future__ import annotations

import logging
from typing import Any

import pytest
from fake_telegram import FakeTelegram, parse_html, utf16_len

from adapters.telegram import TelegramSender, sender_from_settings
from bot.config import Settings, load_settings
from bot.errors import DeliveryError, RetryLater
from bot.events import Action, Attachment, Button, Person, Posted, Reply, ReplyKind, ThreadRef

USER = {"id": 4242, "is_bot": False, "first_name": "Ana", "username": "ana"}


def _private(telegram: FakeTelegram) -> ThreadRef:
    telegram.private_chat(USER)
    return ThreadRef("telegram", str(USER["id"]), str(USER["id"]), "main")


def _topic_thread(chat: dict[str, Any], topic: int) -> ThreadRef:
    chat_id = str(chat["id"])
    return ThreadRef("telegram", chat_id, chat_id, f"topic:{topic}", extras={"message_thread_id": topic})


def _long_report(chars: int) -> str:
    paragraphs = []
    i = 0
    while sum(len(p) + 2 for p in paragraphs) < chars:
        paragraphs.append(
            f"Paragraph {i}: the storage decision was revisited [Entry {i:08x}]. " + " ".join(["word"] * 40)
        )
        i += 1
    return "\n\n".join(paragraphs)


def test_no_token_no_sender(tmp_path: Any) -> None:
    assert sender_from_settings(load_settings(data_dir=tmp_path)) is None


async def test_send_renders_html_and_returns_the_message_id(
    telegram: FakeTelegram, sender: TelegramSender
) -> None:
    thread = _private(telegram)
    posted = await sender.send(Reply(thread, "**Done.** See [Entry abcd1234] & <notes>"))
    [message] = telegram.sent()
    assert posted == Posted(thread, str(message["message_id"]))
    assert message["text"] == "Done. See [Entry abcd1234] & <notes>"
    [call] = telegram.calls_to("sendMessage")
    assert call.params["parse_mode"] == "HTML"
    assert call.params["link_preview_options"] == {"is_disabled": True}
    assert "message_thread_id" not in call.params


async def test_topic_reply_stays_in_the_topic_and_replies_to_the_request(
    telegram: FakeTelegram, sender: TelegramSender
) -> None:
    chat = telegram.group(forum=True)
    topic = telegram.open_topic(chat, USER)
    request = telegram.text_message(chat, USER, "@MalloryTestBot dig into storage", topic=topic)
    posted = await sender.send(
        Reply(
            _topic_thread(chat, topic),
            "Report",
            kind=ReplyKind.REPORT,
            in_reply_to=str(request["message_id"]),
        )
    )
    [call] = telegram.calls_to("sendMessage")
    assert call.params["message_thread_id"] == topic
    assert call.params["reply_parameters"]["message_id"] == request["message_id"]
    message = telegram.messages[(chat["id"], int(posted.message_id))]
    assert message["is_topic_message"] and message["reply_to_message"]["message_id"] == request["message_id"]


async def test_reply_chain_thread_never_sends_message_thread_id(
    telegram: FakeTelegram, sender: TelegramSender
) -> None:
    chat = telegram.group()
    root = telegram.text_message(chat, USER, "what about storage?")
    follow = telegram.text_message(chat, USER, "@MalloryTestBot well?", reply_to=root)
    assert follow["message_thread_id"] == root["message_id"]  # Telegram sets it for chains too
    chat_id = str(chat["id"])
    thread = ThreadRef("telegram", chat_id, chat_id, str(root["message_id"]))
    await sender.send(Reply(thread, "answer", in_reply_to=str(follow["message_id"])))
    [call] = telegram.calls_to("sendMessage")
    assert call.status == 200
    assert "message_thread_id" not in call.params
    assert call.params["reply_parameters"]["message_id"] == follow["message_id"]


async def test_without_in_reply_to_a_chain_reply_attaches_to_the_chain_root(
    telegram: FakeTelegram, sender: TelegramSender
) -> None:
    chat = telegram.group()
    root = telegram.text_message(chat, USER, "root")
    chat_id = str(chat["id"])
    await sender.send(Reply(ThreadRef("telegram", chat_id, chat_id, str(root["message_id"])), "hi"))
    [call] = telegram.calls_to("sendMessage")
    assert call.params["reply_parameters"]["message_id"] == root["message_id"]


async def test_rejected_formatting_is_resent_as_plain_text(
    telegram: FakeTelegram, sender: TelegramSender
) -> None:
    thread = _private(telegram)
    telegram.fail("sendMessage", "parse_entities")
    await sender.send(Reply(thread, "**Bold** claim with [a link](https://example.org)"))
    first, second = telegram.calls_to("sendMessage")
    assert first.status == 400 and first.params["parse_mode"] == "HTML"
    assert second.status == 200 and "parse_mode" not in second.params
    [message] = telegram.sent()
    assert message["text"] == "Bold claim with a link (https://example.org)"


async def test_rate_limit_becomes_retry_later_and_the_retry_posts_once(
    telegram: FakeTelegram, sender: TelegramSender
) -> None:
    thread = _private(telegram)
    telegram.fail("sendMessage", "retry_after", retry_after=7)
    reply = Reply(thread, "the answer")
    with pytest.raises(RetryLater) as caught:
        await sender.send(reply)
    assert caught.value.retry_after == 7
    assert telegram.sent() == []
    await sender.send(reply)
    assert [m["text"] for m in telegram.sent()] == ["the answer"]


async def test_flood_control_is_logged_in_one_line_not_as_an_error(
    telegram: FakeTelegram, sender: TelegramSender, caplog: pytest.LogCaptureFixture
) -> None:
    """A 429 is Telegram's normal pacing: worth a line, not an ERROR with a traceback."""
    telegram.fail("sendMessage", "retry_after", retry_after=7)
    with caplog.at_level(logging.DEBUG), pytest.raises(RetryLater):
        await sender.send(Reply(_private(telegram), "the answer"))
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR or r.exc_info]
    flood = [r for r in caplog.records if "retry" in r.getMessage().lower()]
    assert flood and all(r.levelno in (logging.INFO, logging.WARNING) for r in flood)
    assert all("\n" not in r.getMessage() for r in flood)


async def test_a_5000_character_report_arrives_whole_in_parts_under_the_limit(
    telegram: FakeTelegram, sender: TelegramSender
) -> None:
    thread = _private(telegram)
    request = telegram.text_message(telegram.chats[USER["id"]], USER, "dig into storage")
    report = _long_report(5000)
    assert len(report) >= 5000
    posted = await sender.send(
        Reply(thread, report, kind=ReplyKind.REPORT, in_reply_to=str(request["message_id"]))
    )
    parts = telegram.sent()
    assert len(parts) == 2
    assert posted.message_id == str(parts[0]["message_id"])
    assert all(utf16_len(p["text"]) <= 4096 for p in parts)
    assert all(p["reply_to_message"]["message_id"] == request["message_id"] for p in parts)
    assert "\n\n".join(p["text"] for p in parts) == report  # nothing lost, nothing cut mid-paragraph


async def test_a_very_long_report_goes_out_as_a_markdown_document(
    telegram: FakeTelegram, sender: TelegramSender
) -> None:
    thread = _private(telegram)
    report = "# Storage\n\n" + _long_report(30_000)
    await sender.send(Reply(thread, report, kind=ReplyKind.REPORT, title="Storage backend decision"))
    head, document = telegram.sent()
    assert "attached as storage-backend-decision.md" in head["text"]
    assert head["text"].startswith("Storage\n\nParagraph 0")
    assert document["document"]["file_name"] == "storage-backend-decision.md"
    assert document["_content"].decode() == report
    assert document["caption"] == "Storage backend decision"


async def test_an_attachment_is_sent_after_the_text(telegram: FakeTelegram, sender: TelegramSender) -> None:
    thread = _private(telegram)
    await sender.send(Reply(thread, "Summary.", attachment=Attachment("full.md", "# Full\n\nreport")))
    text, document = telegram.sent()
    assert text["text"] == "Summary."
    assert document["document"]["file_name"] == "full.md" and document["_content"] == b"# Full\n\nreport"


async def test_a_retry_after_a_rate_limit_mid_report_does_not_repeat_parts(
    telegram: FakeTelegram, sender: TelegramSender
) -> None:
    thread = _private(telegram)
    reply = Reply(thread, _long_report(9000), kind=ReplyKind.REPORT)
    telegram.fail("sendMessage", "retry_after", retry_after=3, after=1)
    with pytest.raises(RetryLater):
        await sender.send(reply)
    [first] = telegram.sent()
    posted = await sender.send(reply)
    parts = telegram.sent()
    assert len(parts) == 3
    assert posted.message_id == str(first["message_id"])
    assert "\n\n".join(p["text"] for p in parts) == reply.text


async def test_buttons_become_an_inline_keyboard_that_decodes_back(
    telegram: FakeTelegram, sender: TelegramSender
) -> None:
    thread = _private(telegram)
    long_value = "q:" + "x" * 200
    buttons = (
        Button(Action.DEEP_INVESTIGATION, "Run a deep investigation", "conv-1"),
        Button(Action.INVESTIGATE_OFFER, "Investigate this", long_value),
    )
    await sender.send(Reply(thread, "Quick answer.", buttons=buttons))
    [message] = telegram.sent()
    rows = message["reply_markup"]["inline_keyboard"]
    assert [row[0]["text"] for row in rows] == ["Run a deep investigation", "Investigate this"]
    decoded = [sender.callbacks.decode(row[0]["callback_data"]) for row in rows]
    assert decoded == [(Action.DEEP_INVESTIGATION, "conv-1"), (Action.INVESTIGATE_OFFER, long_value)]
    assert sender.callbacks.decode("query-data") is None
    assert sender.callbacks.decode("zz:unknown") is None


async def test_buttons_go_under_the_last_part_of_a_split_reply(
    telegram: FakeTelegram, sender: TelegramSender
) -> None:
    thread = _private(telegram)
    await sender.send(Reply(thread, _long_report(5000), buttons=(Button(Action.CANCEL, "Cancel", "c1"),)))
    first, last = telegram.sent()
    assert "reply_markup" not in first and last["reply_markup"]["inline_keyboard"]


async def test_mention_pings_the_person_in_a_group(telegram: FakeTelegram, sender: TelegramSender) -> None:
    chat = telegram.group()
    chat_id = str(chat["id"])
    thread = ThreadRef("telegram", chat_id, chat_id, "7")
    await sender.send(Reply(thread, "Your report is ready.", mention=Person("4242", "Ana <Admin>")))
    [call] = telegram.calls_to("sendMessage")
    assert call.params["text"].startswith('<a href="tg://user?id=4242">Ana &lt;Admin&gt;</a> Your report')


async def test_edit_replaces_text_and_ignores_not_modified(
    telegram: FakeTelegram, sender: TelegramSender
) -> None:
    thread = _private(telegram)
    posted = await sender.send(
        Reply(
            thread,
            "On it.",
            kind=ReplyKind.ACK,
            buttons=(Button(Action.ANSWER_QUICKLY, "Answer quickly instead", "a"),),
        )
    )
    await sender.edit(
        posted, "On it — *phase 2/4*", buttons=(Button(Action.ANSWER_QUICKLY, "Answer quickly instead", "a"),)
    )
    await sender.edit(
        posted, "On it — *phase 2/4*", buttons=(Button(Action.ANSWER_QUICKLY, "Answer quickly instead", "a"),)
    )
    [message] = telegram.sent()
    assert message["text"] == "On it — phase 2/4"
    assert message["reply_markup"]["inline_keyboard"][0][0]["text"] == "Answer quickly instead"
    statuses = [c.status for c in telegram.calls_to("editMessageText")]
    assert statuses == [200, 400]  # the second one was "message is not modified", quietly


async def test_edit_with_rejected_formatting_falls_back_to_plain(
    telegram: FakeTelegram, sender: TelegramSender
) -> None:
    thread = _private(telegram)
    posted = await sender.send(Reply(thread, "On it."))
    telegram.fail("editMessageText", "parse_entities")
    await sender.edit(posted, "phase **3/4**")
    assert telegram.sent()[0]["text"] == "phase 3/4"


async def test_typing_goes_to_the_topic_and_never_raises(
    telegram: FakeTelegram, sender: TelegramSender
) -> None:
    chat = telegram.group(forum=True)
    topic = telegram.open_topic(chat, USER)
    await sender.typing(_topic_thread(chat, topic))
    [call] = telegram.calls_to("sendChatAction")
    assert call.params == {"chat_id": chat["id"], "action": "typing", "message_thread_id": topic}
    telegram.fail("sendChatAction", "retry_after")
    await sender.typing(_topic_thread(chat, topic))  # best effort: no exception


async def test_a_deleted_topic_still_gets_the_result_in_the_chat(
    telegram: FakeTelegram, sender: TelegramSender
) -> None:
    chat = telegram.group(forum=True)
    topic = telegram.open_topic(chat, USER)
    telegram.topics.clear()  # the topic was deleted meanwhile
    await sender.send(Reply(_topic_thread(chat, topic), "Report"))
    failed, delivered = telegram.calls_to("sendMessage")
    assert failed.response["description"] == "Bad Request: message thread not found"
    assert delivered.status == 200 and "message_thread_id" not in delivered.params


async def test_refusals_are_permanent_delivery_errors(telegram: FakeTelegram, sender: TelegramSender) -> None:
    thread = _private(telegram)
    telegram.fail("sendMessage", "forbidden")
    with pytest.raises(DeliveryError) as caught:
        await sender.send(Reply(thread, "hello"))
    assert caught.value.permanent and not isinstance(caught.value, RetryLater)
    unknown = ThreadRef("telegram", "777", "777", "main")
    with pytest.raises(DeliveryError) as caught:
        await sender.send(Reply(unknown, "hello"))
    assert caught.value.permanent and "chat not found" in str(caught.value).lower()


async def test_an_unreachable_server_is_retry_later(settings: Settings, tmp_path: Any) -> None:
    offline = settings.model_copy(update={"telegram_api_url": "http://127.0.0.1:9"})
    sender = sender_from_settings(offline)
    assert sender is not None
    with pytest.raises(RetryLater):
        await sender.send(Reply(ThreadRef("telegram", "1", "1", "main"), "hi"))


async def test_the_token_never_appears_in_logs_or_errors(
    telegram: FakeTelegram, sender: TelegramSender, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG)
    caplog.set_level(logging.DEBUG, logger="httpx")  # other tests may have quietened it
    thread = _private(telegram)
    await sender.send(Reply(thread, "hello"))
    telegram.fail("sendMessage", "retry_after")
    errors: list[str] = []
    try:
        await sender.send(Reply(thread, "again"))
    except RetryLater as exc:
        errors.append(repr(exc))
    telegram.fail("sendMessage", "forbidden")
    try:
        await sender.send(Reply(thread, "again"))
    except DeliveryError as exc:
        errors.append(repr(exc))
    assert len(errors) == 2
    assert any("api.telegram" in r.getMessage() or "127.0.0.1" in r.getMessage() for r in caplog.records)
    for text in [*(r.getMessage() for r in caplog.records), *errors]:
        assert telegram.token not in text
        assert telegram.token.split(":", 1)[1] not in text


def test_fake_server_html_reading_is_strict() -> None:
    # the fake must refuse what Telegram refuses, or the tests above prove nothing
    for bad in ("<b>open", "<b><i>x</b></i>", "<h1>x</h1>", "a &nbsp; b", '<span class="x">y</span>'):
        with pytest.raises(ValueError):
            parse_html(bad)
    assert parse_html('<b>a</b> &lt;&amp;&gt; & <a href="https://x">l</a>') == "a <&> & l"
