"""Random and malformed input for the code that reads the outside world first: the Slack and
Telegram normalizers, the Markdown renderers, the lexicon and the content labels. Whatever
arrives, each returns a value or a deliberate "ignored"; no exception escapes."""

from __future__ import annotations

import json
from datetime import datetime
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from telegram import Update

from adapters.slack import inbound as slack_inbound
from adapters.slack.mrkdwn import split_mrkdwn, to_mrkdwn
from adapters.telegram import formatting as telegram_formatting
from adapters.telegram.client import readable_update
from adapters.telegram.inbound import BotIdentity, ignore_reason, read_message
from bot.events import Inbound
from bot.routing import classify_lexicon, is_affirmative, is_cancel, is_negative, is_referential, normalize
from bot.text.display import content_label

NOW = datetime(2026, 1, 1)
# the example count is the profile's (tests/conftest.py): 40 in `make test`, 400 in .ci/run
FUZZ = settings(deadline=None, suppress_health_check=[HealthCheck.too_slow])

# text that looks like what the code parses: markup, mentions, entities, surrogates' neighbours
MARKUP = st.lists(
    st.sampled_from(
        [
            *list("ab *_~`#>|-[]()!<>@&;:/\\\n\t "),
            "<!channel>",
            "<@U1>",
            "```",
            "**",
            "[Entry deadbeef]",
            "😀",
            "\u2060",
            "é",
            "http://x.y",
        ]
    ),
    max_size=60,
).map("".join)
ANY_TEXT = st.one_of(st.text(max_size=200), MARKUP)
JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | ANY_TEXT,
    lambda children: st.lists(children, max_size=4) | st.dictionaries(ANY_TEXT, children, max_size=4),
    max_leaves=20,
)


def slack_body(draw_event: dict[str, Any]) -> dict[str, Any]:
    return {"team_id": "T1", "event": draw_event, "authorizations": [{"team_id": "T1"}]}


EVENT_FIELDS = st.fixed_dictionaries(
    {},
    optional={
        "type": st.sampled_from(["message", "app_mention", "reaction_added"]) | JSON,
        "subtype": st.sampled_from([None, "thread_broadcast", "file_share", "bot_message"]) | JSON,
        "user": st.sampled_from(["U1", "UBOT", ""]) | JSON,
        "text": ANY_TEXT | JSON,
        "ts": st.sampled_from(["1.1", "2.2"]) | JSON,
        "thread_ts": JSON,
        "channel": st.sampled_from(["C1", "D1"]) | JSON,
        "channel_type": JSON,
        "files": JSON,
        "user_profile": JSON,
        "bot_id": JSON,
        "hidden": JSON,
        "team": JSON,
    },
)


@FUZZ
@given(body=st.one_of(JSON, EVENT_FIELDS.map(slack_body), st.dictionaries(st.text(max_size=8), JSON)))
def test_slack_message_normalizer(body: Any) -> None:
    if not isinstance(body, dict):
        body = {"event": body}
    result = slack_inbound.message_inbound(body, bot_user_id="UBOT", bot_id="B1", now=NOW)
    assert isinstance(result, (Inbound, slack_inbound.Ignored))


@FUZZ
@given(
    body=st.dictionaries(
        st.sampled_from(["team", "user", "container", "message", "channel", "trigger_id", "team_id"]), JSON
    ),
    action=JSON,
)
def test_slack_action_and_command_normalizers(body: dict[str, Any], action: Any) -> None:
    if not isinstance(action, dict):
        action = {"action_id": action}
    slack_inbound.action_event(body, action, thread=None, now=NOW)
    slack_inbound.command_of(body)
    slack_inbound.command_inbound(body, thread_ts="1", message_ts="1", now=NOW)
    slack_inbound.team_of(body, body.get("message") if isinstance(body.get("message"), dict) else None)


@FUZZ
@given(text=ANY_TEXT, bot=st.sampled_from([None, "UBOT", "U1"]))
def test_slack_plain_text(text: str, bot: str | None) -> None:
    assert isinstance(slack_inbound.plain_text(text, bot), str)
    slack_inbound.mentions(text, bot)


ENTITY = st.fixed_dictionaries(
    {
        "type": st.sampled_from(["mention", "bot_command", "text_mention", "bold", "url", "hashtag"]),
        "offset": st.integers(min_value=-3, max_value=60),
        "length": st.integers(min_value=-3, max_value=60),
    },
    optional={"user": st.just({"id": 99, "is_bot": True, "first_name": "M"})},
)
CHAT = st.fixed_dictionaries(
    {"id": st.integers(), "type": st.sampled_from(["private", "group", "supergroup", "channel"])},
    optional={"is_forum": st.booleans(), "title": st.text(max_size=10)},
)
MESSAGE = st.fixed_dictionaries(
    {
        "message_id": st.integers(min_value=1, max_value=10**6),
        "date": st.integers(min_value=0, max_value=2**31),
        "chat": CHAT,
    },
    optional={
        "text": ANY_TEXT,
        "caption": ANY_TEXT,
        "entities": st.lists(ENTITY, max_size=4),
        "caption_entities": st.lists(ENTITY, max_size=4),
        "from": st.fixed_dictionaries(
            {"id": st.integers(), "is_bot": st.booleans(), "first_name": st.text(max_size=8)}
        ),
        "sender_chat": CHAT,
        "message_thread_id": st.integers(),
        "is_topic_message": st.booleans(),
        "is_automatic_forward": st.booleans(),
        "reply_to_message": st.fixed_dictionaries(
            {"message_id": st.integers(), "date": st.just(0), "chat": CHAT}
        ),
    },
)


@FUZZ
@given(
    raw=st.one_of(
        JSON,
        st.fixed_dictionaries(
            {"update_id": st.integers(min_value=0, max_value=2**31)},
            optional={"message": MESSAGE | JSON, "edited_message": MESSAGE, "callback_query": JSON},
        ),
    )
)
def test_telegram_normalizer(raw: Any) -> None:
    readable = readable_update(json.loads(json.dumps(raw)))
    if not isinstance(readable, dict) or not isinstance(readable.get("update_id"), int):
        return  # the webhook refuses these before they get this far (400)
    update = Update.de_json(readable, None)
    if ignore_reason(update) is None and update.message is not None:
        read = read_message(update.message, BotIdentity(id=99, username="MalloryTestBot"))
        assert isinstance(read.text, str)


@FUZZ
@given(text=ANY_TEXT, limit=st.integers(min_value=20, max_value=400))
def test_markdown_renderers(text: str, limit: int) -> None:
    assert isinstance(to_mrkdwn(text), str)
    assert all(len(piece) <= limit for piece in split_mrkdwn(to_mrkdwn(text), limit))
    html = telegram_formatting.render(text)
    assert telegram_formatting.balanced(html)
    telegram_formatting.split(text, limit=max(limit, 64))
    telegram_formatting.to_plain(html)


@FUZZ
@given(text=ANY_TEXT, offer=st.none() | ANY_TEXT)
def test_lexicon(text: str, offer: str | None) -> None:
    decision = classify_lexicon(text, offer=offer)
    json.dumps(decision.to_dict())
    normalize(text)
    is_cancel(text), is_affirmative(text), is_negative(text), is_referential(text)


@FUZZ
@given(text=ANY_TEXT)
def test_content_label(text: str) -> None:
    label = content_label(text)
    assert "\n" not in label and "`" not in label and "[" not in label
