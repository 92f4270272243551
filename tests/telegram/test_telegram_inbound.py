"""Reading Telegram messages: who is addressed, which command, which topic or reply chain.
Messages are real PTB objects parsed from Bot API JSON (built by the fake server or taken
from the shared payload samples)."""

from __future__ import annotations

from typing import Any

import pytest
from fake_telegram import FakeTelegram, load_fixture
from telegram import Message, Update

from adapters.telegram.inbound import BotIdentity, ignore_reason, read_message
from bot.events import Command

ME = BotIdentity(id=123456789, username="MalloryTestBot")
ANA = {"id": 4242, "is_bot": False, "first_name": "Ana", "username": "ana"}


@pytest.fixture
def tg() -> FakeTelegram:
    return FakeTelegram()  # used only to build payloads; never started


def _message(data: dict[str, Any]) -> Message:
    message = Message.de_json(data, None)
    assert message is not None
    return message


def test_private_chat_every_message_is_for_the_bot(tg: FakeTelegram) -> None:
    read = read_message(_message(tg.text_message(tg.private_chat(ANA), ANA, "what about storage?")), ME)
    assert read.is_direct and not read.is_mention and read.command is None
    assert read.text == "what about storage?"
    assert read.author.id == "4242" and read.author.name == "Ana"


@pytest.mark.parametrize(
    "text", ["@MalloryTestBot what about storage?", "@mallorytestbot, what about storage?"]
)
def test_group_mention_is_compared_case_insensitively_and_stripped(tg: FakeTelegram, text: str) -> None:
    read = read_message(_message(tg.text_message(tg.group(), ANA, text)), ME)
    assert read.is_mention and not read.is_direct
    assert read.text == "what about storage?"


def test_mention_after_astral_characters_uses_utf16_offsets(tg: FakeTelegram) -> None:
    read = read_message(_message(tg.text_message(tg.group(), ANA, "😀😀 @MalloryTestBot dig in")), ME)
    assert read.is_mention and read.text == "😀😀 dig in"


def test_an_entity_cutting_an_astral_character_in_half_is_read_not_raised(tg: FakeTelegram) -> None:
    """Offsets are UTF-16 units: a malformed entity may end inside a surrogate pair (found
    by the fuzz test). The half character reads as U+FFFD; the message is still read."""
    data = tg.text_message(tg.private_chat(ANA), ANA, "\U00010000 dig in")
    data["entities"] = [{"type": "mention", "offset": 0, "length": 1}]
    read = read_message(_message(data), ME)
    assert read.is_direct and not read.is_mention
    bot = {"id": ME.id, "is_bot": True, "first_name": "Mallory"}  # a mention of ours, cut out
    data["entities"] = [{"type": "text_mention", "offset": 0, "length": 1, "user": bot}]
    read = read_message(_message(data), ME)
    assert read.is_mention and read.text == "\ufffd dig in"


def test_someone_elses_mention_is_not_ours(tg: FakeTelegram) -> None:
    read = read_message(_message(tg.text_message(tg.group(), ANA, "@johndoe what about storage?")), ME)
    assert not read.is_mention and read.text == "@johndoe what about storage?"


def test_text_mention_of_the_bot_counts(tg: FakeTelegram) -> None:
    data = tg.text_message(tg.group(), ANA, "Mallory please look")
    data["entities"] = [
        {
            "type": "text_mention",
            "offset": 0,
            "length": 7,
            "user": {"id": ME.id, "is_bot": True, "first_name": "M"},
        }
    ]
    read = read_message(_message(data), ME)
    assert read.is_mention and read.text == "please look"


def test_a_reply_to_the_bot_is_addressed_to_it(tg: FakeTelegram) -> None:
    chat = tg.group()
    ours = {"message_id": 900, "from": tg.bot_user, "chat": chat, "date": 1, "text": "On it."}
    tg.messages[(chat["id"], 900)] = ours
    read = read_message(_message(tg.text_message(chat, ANA, "also check DuckDB", reply_to=ours)), ME)
    assert read.is_mention and read.parent_id == 900
    assert read.chain_root == 900  # supergroups give the chain root as message_thread_id
    assert read.topic is None


def test_in_a_topic_the_implicit_reply_to_the_topic_opener_is_not_a_reply(tg: FakeTelegram) -> None:
    chat = tg.group(forum=True)
    topic = tg.open_topic(chat, tg.bot_user)  # the bot opened the topic
    read = read_message(_message(tg.text_message(chat, ANA, "just chatting", topic=topic)), ME)
    assert read.topic == topic and read.parent_id is None and not read.is_mention


@pytest.mark.parametrize(
    ("text", "command", "args", "stripped", "mention"),
    [
        ("/investigate the storage decision", Command.INVESTIGATE, "the storage decision", None, True),
        ("/investigate@MalloryTestBot storage", Command.INVESTIGATE, "storage", "/investigate storage", True),
        ("/STATUS@mallorytestbot", Command.STATUS, "", "/STATUS", True),
        ("/investigate@OtherBot storage", None, "", None, False),
        ("/start", None, "", None, False),
        ("/help@MalloryTestBot", None, "", "/help", True),
    ],
)
def test_commands(
    tg: FakeTelegram, text: str, command: Command | None, args: str, stripped: str | None, mention: bool
) -> None:
    read = read_message(_message(tg.text_message(tg.group(), ANA, text)), ME)
    assert read.command == command
    assert read.args == args
    assert read.text == (stripped or text)
    assert read.is_mention is mention


def test_fixture_reply_chain_in_a_supergroup_is_not_a_topic() -> None:
    update = Update.de_json(
        load_fixture("supergroup_reply_chain_command_not_topic__teloxide_update_rs_issue_1107.json"), None
    )
    assert ignore_reason(update) is None
    assert update.message is not None
    read = read_message(update.message, ME)
    assert read.topic is None and read.chain_root == 134545 and read.parent_id == 134545
    assert read.command is None and not read.is_mention  # /report is not one of ours


def test_fixture_topic_message_belongs_to_its_topic() -> None:
    data = load_fixture("forum_topic_text_reply__MESSAGE_OBJECT__teloxide_message_rs_topic_message.json")
    read = read_message(_message(data), ME)
    assert read.topic == 4 and read.parent_id is None and read.text == "blah" and not read.is_mention


def test_fixture_command_with_someone_elses_mention() -> None:
    update = Update.de_json(load_fixture("group_message_command_and_mention__slapbot_readme.json"), None)
    assert update.message is not None
    read = read_message(update.message, ME)
    assert read.command is None and not read.is_mention and read.text == "/slap @johndoe"


@pytest.mark.parametrize(
    ("name", "reason"),
    [
        ("channel_post_update__openintegrations_getupdates_capture.json", "channel post"),
        (
            "forum_topic_reply_update__openintegrations_getupdates_capture.json",
            "no text (service message or media)",
        ),
    ],
)
def test_fixtures_ignored_on_purpose(name: str, reason: str) -> None:
    assert ignore_reason(Update.de_json(load_fixture(name), None)) == reason


def test_edited_messages_are_ignored_on_purpose(tg: FakeTelegram) -> None:
    data = tg.text_message(tg.private_chat(ANA), ANA, "edited")
    assert ignore_reason(Update.de_json({"update_id": 1, "edited_message": data}, None)) == "edited message"


def test_messages_from_other_bots_are_ignored_but_anonymous_admins_are_read(tg: FakeTelegram) -> None:
    chat = tg.group()
    other_bot = {"id": 777, "is_bot": True, "first_name": "Other", "username": "OtherBot"}
    from_bot = tg.text_message(chat, other_bot, "@MalloryTestBot hi")
    assert ignore_reason(Update.de_json({"update_id": 1, "message": from_bot}, None)) == "sent by a bot"
    anonymous = {"id": 1087968824, "is_bot": True, "first_name": "Group", "username": "GroupAnonymousBot"}
    admin = tg.text_message(chat, anonymous, "@MalloryTestBot hi")
    admin["sender_chat"] = chat
    update = Update.de_json({"update_id": 2, "message": admin}, None)
    assert ignore_reason(update) is None
    assert update.message is not None
    assert read_message(update.message, ME).author.id == str(chat["id"])
