"""Who a Telegram message is addressed to: other people's @mentions and text mentions
travel with the message, and in a conversation Mallory takes part in, a request to a
colleague is stored and left alone unless Mallory is named too. End to end through the
real PTB Application and the fake Bot API server."""

from __future__ import annotations

from typing import Any

from fake_telegram import FakeTelegram
from telegram import Message
from telegram_harness import ANA, BEN, Harness

from adapters.telegram.inbound import BotIdentity, read_message
from bot.events import Person
from bot.routing import Addressing, Route, addressed_elsewhere, route

ME = BotIdentity(id=123456789, username="MalloryTestBot")


def _message(data: dict[str, Any]) -> Message:
    message = Message.de_json(data, None)
    assert message is not None
    return message


def test_other_peoples_mentions_are_kept_as_fields() -> None:
    tg = FakeTelegram()  # builds payloads only
    read = read_message(_message(tg.text_message(tg.group(), ANA, "@ben @MalloryTestBot dig into it")), ME)
    assert read.bot_named and read.mentions == (Person("ben", "ben"),)
    assert read.text == "@ben dig into it"


def test_a_text_mention_shows_a_name_and_still_addresses_that_person() -> None:
    tg = FakeTelegram()
    data = tg.text_message(tg.group(), ANA, "Ben Okafor can you look into the refund spike?")
    data["entities"] = [
        {
            "type": "text_mention",
            "offset": 0,
            "length": 10,
            "user": {"id": 5151, "is_bot": False, "first_name": "Ben"},
        }
    ]
    read = read_message(_message(data), ME)
    assert read.mentions == (Person("5151", "Ben Okafor"),) and not read.bot_named
    addressing = Addressing(names=("Ben Okafor",))
    assert addressed_elsewhere(read.text, addressing)
    assert route(read.text, addressing=addressing).route is Route.NONE


async def test_a_request_to_a_colleague_in_a_reply_to_mallory_is_left_alone(harness: Harness) -> None:
    h = harness
    chat = h.telegram.group(title="Payments")
    hello = await h.say(chat, ANA, "@MalloryTestBot hello")
    [greeting] = h.replies_to(hello)
    # a reply to Mallory's message counts as talking to Mallory, but it speaks to Ben
    to_ben = await h.say(chat, ANA, "@ben can you look into the refund spike?", reply_to=greeting)
    assert h.replies_to(to_ben) == []
    assert await h.rt.queue.listing(space=str(chat["id"]), limit=10) == []


async def test_a_request_naming_mallory_and_a_colleague_is_taken(harness: Harness) -> None:
    h = harness
    chat = h.telegram.group(title="Payments")
    both = await h.say(chat, BEN, "@ana @MalloryTestBot could one of you research the refund spike?")
    [ack] = h.replies_to(both)
    assert ack["text"].startswith("On it")
    [inv] = await h.rt.queue.listing(space=str(chat["id"]), limit=10)
    assert "refund spike" in inv.question
