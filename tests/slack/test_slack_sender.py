"""SlackSender against the fake Slack Web API: threading, formatting, limits, buttons,
files, rate limits and the assistant thread status."""

from __future__ import annotations

import re

import pytest
from fake_slack import FakeSlack
from slack_sdk.web.async_client import AsyncWebClient

from adapters.slack import SlackSender, sender_from_settings
from adapters.slack.sender import web_client
from bot.clock import FakeClock
from bot.config import load_settings
from bot.errors import DeliveryError, RetryLater
from bot.events import Action, Attachment, Button, Person, Posted, Reply, ReplyKind, ThreadRef

THREAD = ThreadRef(platform="slack", space="T111", channel="C111", thread="1700000000.000100")
CITATION = re.compile(r"\[Entry [0-9a-f]{8}\]")


def make_sender(slack: FakeSlack, clock: FakeClock) -> SlackSender:
    return SlackSender(web_client(slack.bot_token, slack.base_url), clock=clock)


def section_texts(message: dict) -> list[str]:
    return [b["text"]["text"] for b in message["blocks"] if b["type"] == "section"]


async def test_reply_goes_into_the_thread_as_mrkdwn(slack: FakeSlack, clock: FakeClock) -> None:
    sender = make_sender(slack, clock)
    posted = await sender.send(
        Reply(thread=THREAD, text="**Found it**: see [the doc](https://ex.test/a?b=1&c=2) [Entry abcd1234]")
    )
    [call] = slack.calls_to("chat.postMessage")
    assert call.token == slack.bot_token
    assert call.args["channel"] == "C111"
    assert call.args["thread_ts"] == THREAD.thread
    assert section_texts(slack.messages[("C111", posted.message_id)]) == [
        "*Found it*: see <https://ex.test/a?b=1&amp;c=2|the doc> [Entry abcd1234]"
    ]
    assert posted == Posted(thread=THREAD, message_id=call.response["ts"])


async def test_report_mentions_the_requester_first(slack: FakeSlack, clock: FakeClock) -> None:
    sender = make_sender(slack, clock)
    await sender.send(
        Reply(thread=THREAD, text="Here it is.", kind=ReplyKind.REPORT, mention=Person(id="U222", name="ana"))
    )
    [call] = slack.calls_to("chat.postMessage")
    assert call.args["text"].startswith("<@U222> ")
    assert section_texts(call.response["message"])[0].startswith("<@U222> Here it is.")


async def test_buttons_render_as_block_kit_and_carry_the_value(slack: FakeSlack, clock: FakeClock) -> None:
    sender = make_sender(slack, clock)
    buttons = (
        Button(action=Action.INVESTIGATE_OFFER, label="Investigate this", value="offer:42"),
        Button(action=Action.DEEP_INVESTIGATION, label="Run a deep investigation", value="msg:7"),
    )
    await sender.send(Reply(thread=THREAD, text="Short answer.", buttons=buttons))
    [call] = slack.ok_calls("chat.postMessage")
    actions = [b for b in call.response["message"]["blocks"] if b["type"] == "actions"]
    assert [(e["action_id"], e["value"], e["text"]["text"]) for e in actions[0]["elements"]] == [
        ("mallory.investigate_offer.0", "offer:42", "Investigate this"),
        ("mallory.deep_investigation.1", "msg:7", "Run a deep investigation"),
    ]


def long_report() -> tuple[str, list[str]]:
    citations = [f"[Entry {i:08x}]" for i in range(0x1000, 0x1000 + 120)]
    paragraphs = []
    for n in range(40):
        cites = " ".join(citations[n * 3 : n * 3 + 3])
        paragraphs.append(f"Paragraph {n} **matters** because of several findings, " * 6 + cites)
        if n == 20:
            code = "\n".join(f"line_{i} = compute({i}) & mask" for i in range(150))
            paragraphs.append(f"```python\n{code}\n```")
    return "## Context Summary\n\n" + "\n\n".join(paragraphs), citations


async def test_long_reply_is_split_under_limits_keeping_code_and_citations(
    slack: FakeSlack, clock: FakeClock
) -> None:
    text, citations = long_report()
    sender = make_sender(slack, clock)
    posted = await sender.send(Reply(thread=THREAD, text=text, kind=ReplyKind.REPORT))
    calls = slack.calls_to("chat.postMessage")
    assert len(calls) > 1 and all(c.response["ok"] for c in calls)  # the fake enforces Slack's limits
    assert posted.message_id == calls[0].response["ts"]
    sections = [s for c in calls for s in section_texts(c.response["message"])]
    assert all(len(s) <= 3000 for s in sections)
    for s in sections:
        assert s.count("```") % 2 == 0, "a code block was cut open"
    found = [c for s in sections for c in CITATION.findall(s)]
    assert found == citations, "a citation was cut or lost"
    code_lines = [line for s in sections for line in s.splitlines() if line.startswith("line_")]
    assert code_lines == [f"line_{i} = compute({i}) &amp; mask" for i in range(150)]
    assert all(c.args["thread_ts"] == THREAD.thread for c in calls)


async def test_attachment_is_uploaded_into_the_thread(slack: FakeSlack, clock: FakeClock) -> None:
    sender = make_sender(slack, clock)
    report = "# Report\n\n" + "Finding. " * 5000
    await sender.send(
        Reply(
            thread=THREAD,
            text="Summary, full report attached.",
            kind=ReplyKind.REPORT,
            attachment=Attachment(filename="report.md", content=report),
            title="Storage backend decision",
        )
    )
    [complete] = slack.ok_calls("files.completeUploadExternal")
    assert complete.args["channel_id"] == "C111"
    assert complete.args["thread_ts"] == THREAD.thread
    [info] = slack.files.values()
    assert info["content"] == report
    assert info["title"] == "Storage backend decision"
    assert info["name"] == "report.md"


async def test_rate_limit_raises_retry_later_and_is_honoured(slack: FakeSlack, clock: FakeClock) -> None:
    sender = make_sender(slack, clock)
    reply = Reply(thread=THREAD, text="The result.", kind=ReplyKind.REPORT)
    slack.rate_limit("chat.postMessage", retry_after=30)
    with pytest.raises(RetryLater) as first:
        await sender.send(reply)
    assert first.value.retry_after == 30
    # Before Retry-After has passed nothing is sent at all.
    clock.advance(10)
    with pytest.raises(RetryLater) as second:
        await sender.send(reply)
    assert second.value.retry_after == pytest.approx(20)
    assert len(slack.calls_to("chat.postMessage")) == 1
    clock.advance(21)
    await sender.send(reply)
    assert len(slack.ok_calls("chat.postMessage")) == 1


async def test_retry_after_partial_post_resumes_without_duplicates(
    slack: FakeSlack, clock: FakeClock
) -> None:
    text, _ = long_report()
    reply = Reply(
        thread=THREAD,
        text=text,
        kind=ReplyKind.REPORT,
        attachment=Attachment(filename="report.md", content=text),
    )
    sender = make_sender(slack, clock)
    slack.rate_limit("chat.postMessage", retry_after=5, after=1)  # the first part gets through
    with pytest.raises(RetryLater):
        await sender.send(reply)
    assert len(slack.ok_calls("chat.postMessage")) == 1
    slack.rate_limit("files.getUploadURLExternal", retry_after=5)
    clock.advance(6)
    with pytest.raises(RetryLater):
        await sender.send(reply)  # every message now posted; the upload is limited
    clock.advance(6)
    posted = await sender.send(reply)
    texts = [m["text"] for m in slack.posts_in("C111", THREAD.thread)]
    assert len(texts) == len(set(texts)), "a part was posted twice"
    assert len(slack.ok_calls("files.completeUploadExternal")) == 1
    assert posted.message_id == slack.ok_calls("chat.postMessage")[0].response["ts"]


@pytest.mark.parametrize(
    ("error", "status", "expected", "permanent"),
    [
        ("channel_not_found", 200, DeliveryError, True),
        ("not_in_channel", 200, DeliveryError, True),
        ("internal_error", 200, RetryLater, False),
        ("service_unavailable", 503, RetryLater, False),
    ],
)
async def test_slack_errors_map_to_delivery_errors(
    slack: FakeSlack, clock: FakeClock, error: str, status: int, expected: type, permanent: bool
) -> None:
    sender = make_sender(slack, clock)
    slack.fail("chat.postMessage", error, status=status)
    with pytest.raises(DeliveryError) as raised:
        await sender.send(Reply(thread=THREAD, text="hello"))
    assert type(raised.value) is expected
    assert raised.value.permanent is permanent


async def test_unreachable_slack_is_retry_later(clock: FakeClock) -> None:
    # Without the SDK's own reconnect-once handler, which would back off in real time.
    client = AsyncWebClient(token="xoxb-x", base_url="http://127.0.0.1:9/api/", retry_handlers=[])
    sender = SlackSender(client, clock=clock)
    with pytest.raises(RetryLater):
        await sender.send(Reply(thread=THREAD, text="hello"))


async def test_edit_updates_the_message_and_never_raises(slack: FakeSlack, clock: FakeClock) -> None:
    sender = make_sender(slack, clock)
    posted = await sender.send(Reply(thread=THREAD, text="On it.", kind=ReplyKind.ACK))
    await sender.edit(posted, "On it — **phase 2/4**: following 14 relationships")
    message = slack.messages[("C111", posted.message_id)]
    assert section_texts(message) == ["On it — *phase 2/4*: following 14 relationships"]
    slack.rate_limit("chat.update", retry_after=60)
    await sender.edit(posted, "phase 3/4")  # rate limited: skipped quietly
    await sender.edit(posted, "phase 3/4")  # still closed: not even attempted
    assert len(slack.calls_to("chat.update")) == 2
    await sender.edit(Posted(thread=THREAD, message_id="1.2"), "gone")  # message_not_found: quiet
    assert message["edits"] == 1


async def test_edit_can_replace_buttons(slack: FakeSlack, clock: FakeClock) -> None:
    sender = make_sender(slack, clock)
    button = Button(action=Action.ANSWER_QUICKLY, label="Answer quickly instead", value="inv:1")
    posted = await sender.send(Reply(thread=THREAD, text="On it.", kind=ReplyKind.ACK, buttons=(button,)))
    await sender.edit(posted, "phase 1/4", buttons=(button,))
    blocks = slack.messages[("C111", posted.message_id)]["blocks"]
    assert [b["type"] for b in blocks] == ["section", "actions"]
    await sender.edit(posted, "done")
    assert [b["type"] for b in slack.messages[("C111", posted.message_id)]["blocks"]] == ["section"]


def status_calls(slack: FakeSlack) -> int:
    return len(slack.calls_to("assistant.threads.setStatus"))


async def test_status_is_refreshed_while_working_and_stops_with_the_report(
    slack: FakeSlack, clock: FakeClock
) -> None:
    sender = make_sender(slack, clock)
    try:
        await sender.typing(THREAD)
        [first] = slack.calls_to("assistant.threads.setStatus")
        assert first.args == {"channel_id": "C111", "thread_ts": THREAD.thread, "status": "is digging…"}
        await sender.typing(THREAD)  # set moments ago: no call
        assert status_calls(slack) == 1
        clock.advance(60)
        assert await sender.status.refresh() == 0
        clock.advance(35)  # 95 s after setting: Slack would drop it at about 120 s
        assert await sender.status.refresh() == 1
        assert status_calls(slack) == 2
        # A notice clears the status in Slack; it is set again at once.
        await sender.send(Reply(thread=THREAD, text="Noted.", kind=ReplyKind.NOTICE))
        assert status_calls(slack) == 3
        await sender.send(Reply(thread=THREAD, text="The report.", kind=ReplyKind.REPORT))
        assert sender.status.threads() == []
        # The acknowledgement's final "done" edit after the report is no sign of work.
        await sender.edit(Posted(thread=THREAD, message_id="1.1"), "Done")
        clock.advance(200)
        assert await sender.status.refresh() == 0
        assert status_calls(slack) == 3
    finally:
        await sender.aclose()


async def test_acknowledgement_and_progress_edits_keep_the_status(slack: FakeSlack, clock: FakeClock) -> None:
    sender = make_sender(slack, clock)
    try:
        ack = await sender.send(Reply(thread=THREAD, text="On it.", kind=ReplyKind.ACK))
        assert status_calls(slack) == 1
        for _ in range(8):  # 8 phases, 100 s apart: every one keeps the status up
            clock.advance(100)
            await sender.edit(ack, "phase n/4")
            await sender.status.refresh()
        assert sender.status.threads() == [THREAD]
        assert status_calls(slack) == 9
        # Cancelled: no more edits. The status lapses after the keepalive.
        for _ in range(7):
            clock.advance(100)
            await sender.status.refresh()
        assert sender.status.threads() == []
        calls = status_calls(slack)
        clock.advance(100)
        await sender.status.refresh()
        assert status_calls(slack) == calls
    finally:
        await sender.aclose()


async def test_bot_and_worker_on_different_hosts(slack: FakeSlack, clock: FakeClock) -> None:
    bot, worker = make_sender(slack, clock), make_sender(slack, clock)
    try:
        ack = await bot.send(Reply(thread=THREAD, text="On it.", kind=ReplyKind.ACK))
        assert status_calls(slack) == 1  # shown at once…
        clock.advance(95)
        assert await bot.status.refresh() == 0  # …but kept up only where the work runs
        await worker.edit(ack, "phase 1/4")
        assert worker.status.threads() == [THREAD]
        await worker.send(Reply(thread=THREAD, text="Report", kind=ReplyKind.REPORT))
        await worker.edit(ack, "Done")
        clock.advance(95)
        assert await worker.status.refresh() == 0 and await bot.status.refresh() == 0
        assert status_calls(slack) == 2
    finally:
        await bot.aclose()
        await worker.aclose()


async def test_status_is_given_up_where_the_workspace_refuses_it(slack: FakeSlack, clock: FakeClock) -> None:
    sender = make_sender(slack, clock)
    try:
        slack.fail("assistant.threads.setStatus", "missing_scope")
        await sender.typing(THREAD)
        other = ThreadRef(platform="slack", space="T111", channel="C222", thread="1.1")
        await sender.typing(other)
        clock.advance(500)
        await sender.status.refresh()
        assert status_calls(slack) == 1
    finally:
        await sender.aclose()


async def test_status_lasts_as_long_as_the_work(slack: FakeSlack, clock: FakeClock) -> None:
    sender = make_sender(slack, clock)
    try:
        for _ in range(40):  # an hour of work, with a sign of it every 90 s
            await sender.typing(THREAD)
            clock.advance(90)
            await sender.status.refresh()
        assert sender.status.threads() == [THREAD]
        # Slack never went two minutes without a refresh.
        assert status_calls(slack) >= 40
    finally:
        await sender.aclose()


def test_sender_from_settings_uses_the_api_url(tmp_path) -> None:
    assert sender_from_settings(load_settings(data_dir=tmp_path)) is None
    settings = load_settings(
        data_dir=tmp_path, slack_bot_token="xoxb-1", slack_api_url="http://127.0.0.1:1/gov/api"
    )
    sender = sender_from_settings(settings)
    assert sender is not None
    assert sender.client.base_url == "http://127.0.0.1:1/gov/api/"
    assert sender.platform == "slack"
