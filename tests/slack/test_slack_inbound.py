"""Slack payloads (the shared samples) → bot.events, and what is ignored on purpose."""

from __future__ import annotations

from datetime import datetime

import pytest
from fake_slack import load_fixture

from adapters.slack.inbound import (
    Ignored,
    action_event,
    command_inbound,
    command_of,
    message_inbound,
    parse_action_id,
    plain_text,
)
from bot.events import Action, Command, ThreadRef

NOW = datetime(2026, 6, 1, 9, 0, 0)


def translate(name: str, bot_user_id: str = "W111", bot_id: str = "BBOT"):
    body = load_fixture(name)
    body = body.get("payload", body)  # Socket Mode envelopes carry the Events API body
    return message_inbound(body, bot_user_id=bot_user_id, bot_id=bot_id, now=NOW)


def test_app_mention_is_a_mention_in_its_own_thread() -> None:
    inbound = translate("app_mention__bolt_test_events.json")
    assert not isinstance(inbound, Ignored)
    assert inbound.thread == ThreadRef(
        platform="slack", space="T111", channel="C111", thread="1595926230.009600"
    )
    assert inbound.message_id == "1595926230.009600"
    assert inbound.text == "Hi there!"
    assert inbound.author.id == "W222"
    assert inbound.is_mention and not inbound.is_direct
    assert inbound.received_at == NOW


def test_docs_app_mention_strips_the_bot_mention() -> None:
    inbound = translate(
        "app_mention__docs_slack_dev_reference_events_app_mention.json", bot_user_id="U0LAN0Z89"
    )
    assert not isinstance(inbound, Ignored)
    assert inbound.text == "is it everything a river should be?"
    assert inbound.space == "T123ABC456"


def test_thread_reply_belongs_to_the_parent_thread() -> None:
    inbound = translate(
        "message_thread_reply_in_channel__bolt_test_events_assistant.json", bot_user_id="UBOT"
    )
    assert not isinstance(inbound, Ignored)
    assert inbound.thread.thread == "1726133698.626339"
    assert inbound.message_id == "1726133700.887259"
    assert not inbound.is_mention and not inbound.is_direct


def test_dm_in_an_assistant_thread_is_direct() -> None:
    inbound = translate(
        "message_im_thread_reply_assistant__bolt_test_events_assistant.json", bot_user_id="UBOT"
    )
    assert not isinstance(inbound, Ignored)
    assert inbound.is_direct
    assert inbound.thread == ThreadRef(
        platform="slack", space="T111", channel="D111", thread="1726133698.626339"
    )


def test_thread_broadcast_is_a_reply_in_the_thread() -> None:
    inbound = translate(
        "message_thread_broadcast__bolt_test_message_thread_broadcast.json", bot_user_id="UBOT"
    )
    assert not isinstance(inbound, Ignored)
    assert inbound.thread.thread == "1633663824.000500"
    assert inbound.text == "Hi there!"


@pytest.mark.parametrize(
    "name",
    [
        "message_changed__bolt_test_message_changed.json",
        "message_deleted__bolt_test_message_deleted.json",
        "message_replied_thread_reply__docs_slack_dev_reference_events_message_replied.json",
        "message_from_other_app_bot_id__bolt_test_message_bot.json",
        "message_subtype_bot_message_classic__bolt_test_message_bot.json",
        "assistant_thread_started__bolt_test_events_assistant.json",
    ],
)
def test_edits_deletions_bookkeeping_and_bots_are_ignored(name: str) -> None:
    assert isinstance(translate(name, bot_user_id="UBOT"), Ignored)


def test_own_messages_are_ignored() -> None:
    body = load_fixture("message_thread_reply_in_channel__bolt_test_events_assistant.json")
    assert message_inbound(body, bot_user_id="W222", bot_id=None, now=NOW) == Ignored("our own message")
    body["event"]["bot_id"] = "BBOT"
    assert message_inbound(body, bot_user_id="UBOT", bot_id="BBOT", now=NOW) == Ignored("our own message")


@pytest.mark.parametrize("subtype", ["channel_join", "channel_leave", "channel_topic", "message_changed"])
def test_joins_and_other_subtypes_are_ignored(subtype: str) -> None:
    body = load_fixture("message_thread_reply_in_channel__bolt_test_events_assistant.json")
    body["event"]["subtype"] = subtype
    assert isinstance(message_inbound(body, bot_user_id="UBOT", bot_id=None, now=NOW), Ignored)


def test_bare_mention_is_still_addressed() -> None:
    inbound = translate("events_api_retry_socket_mode_envelope__bolt_mock_socket_mode_server.json")
    assert not isinstance(inbound, Ignored)
    assert inbound.is_mention and inbound.text == ""


def test_twins_are_one_message_to_the_core() -> None:
    body = load_fixture("app_mention__bolt_test_events.json")
    mention = message_inbound(body, bot_user_id="W111", bot_id=None, now=NOW)
    body["event"]["type"] = "message"
    body["event"]["channel_type"] = "channel"
    body["event_id"] = "Ev999"
    message = message_inbound(body, bot_user_id="W111", bot_id=None, now=NOW)
    assert not isinstance(mention, Ignored) and not isinstance(message, Ignored)
    assert message.is_mention and message.text == mention.text
    # the core stores a message once per (platform, space, ts): the second twin is dropped there
    assert (message.thread, message.message_id) == (mention.thread, mention.message_id)


def test_plain_text_makes_slack_markup_readable() -> None:
    raw = "<@UBOT> ask <@U222|ana> in <#C123|general> about <https://ex.test|the doc> &amp; <!here> &lt;3"
    assert plain_text(raw, "UBOT") == "ask @U222 in #general about the doc (https://ex.test) & @here <3"


def test_foreign_buttons_are_not_ours() -> None:
    for name in (
        "block_actions__bolt_test_block_actions.json",
        "block_actions_message_button__bolt_test_block_actions_respond.json",
    ):
        body = load_fixture(name)
        assert isinstance(action_event(body, body["actions"][0], thread=None, now=NOW), Ignored)


def test_our_button_becomes_an_action_event() -> None:
    body = load_fixture("block_actions_message_button__bolt_test_block_actions_respond.json")
    action = dict(body["actions"][0], action_id="mallory.investigate_offer.0", value="offer:7")
    event = action_event(body, action, thread=None, now=NOW)
    assert not isinstance(event, Ignored)
    assert event.action is Action.INVESTIGATE_OFFER
    assert event.value == "offer:7"
    assert event.message_id == "1678252213.679169"
    assert event.thread == ThreadRef(
        platform="slack", space="T0G9PQBBK", channel="C111", thread="1678252213.679169"
    )
    assert event.press_id == "4916855695380.xxx.yyy"
    known = ThreadRef(platform="slack", space="T0G9PQBBK", channel="C111", thread="1678252200.000001")
    assert action_event(body, action, thread=known, now=NOW).thread == known


@pytest.mark.parametrize(
    ("action_id", "action"),
    [
        ("mallory.answer_quickly.1", Action.ANSWER_QUICKLY),
        ("mallory.cancel.0", Action.CANCEL),
        ("mallory.nonsense.0", None),
        ("other.cancel.0", None),
    ],
)
def test_action_ids(action_id: str, action: Action | None) -> None:
    assert parse_action_id(action_id) is action


def test_slash_commands() -> None:
    body = load_fixture("slash_command__bolt_test_slash_command.json")
    assert command_of(body) is None
    body.update(command="/investigate", text="the <#C9|ops> storage   backend")
    assert command_of(body) is Command.INVESTIGATE
    inbound = command_inbound(body, thread_ts="1.2", message_ts="1.2", now=NOW)
    assert inbound.text == "/investigate the #ops storage backend"
    assert inbound.thread == ThreadRef(platform="slack", space="T111", channel="C111", thread="1.2")
    assert inbound.author.id == "W111" and inbound.is_mention
