"""One Markdown parse (bot/text/markdown.py) rendered per platform: Slack and Telegram agree on
what is code, a list, a heading, a link — so a report reads the same everywhere."""

from __future__ import annotations

import html
import re

import pytest

from adapters.slack.mrkdwn import to_mrkdwn
from adapters.telegram.formatting import blocks, render
from bot.text.markdown import parse, source_blocks


def _slack_code(mrkdwn: str) -> list[str]:
    """The one code block of a rendered text: between its first and last fence lines."""
    lines = mrkdwn.split("\n")
    fences = [i for i, line in enumerate(lines) if line == "```"]
    return [html.unescape("\n".join(lines[fences[0] + 1 : fences[-1]]))] if fences else []


def _telegram_code(markup: str) -> list[str]:
    bodies = re.findall(r"<pre>(?:<code[^>]*>)?(.*?)(?:</code>)?</pre>", markup, re.S)
    return [html.unescape(b) for b in bodies]


@pytest.mark.parametrize(
    ("markdown", "code"),
    [
        # a ``` line inside a ~~~ fence is code (Slack's old parser closed the block there)
        ("before\n\n~~~\n```\nnot a fence\n```\n~~~\n\nafter", ["```\nnot a fence\n```"]),
        # a longer fence is closed only by one as long
        ("````md\n```\ninner\n```\n````", ["```\ninner\n```"]),
        # four spaces of indentation make an indented code block, not a fence
        ("text\n\n    ```\n    x < 1\n    ```", ["```\nx < 1\n```"]),
        # an unclosed fence runs to the end, on both
        ("```\nopen < code", ["open < code"]),
    ],
)
def test_both_platforms_see_the_same_code(markdown: str, code: list[str]) -> None:
    assert _slack_code(to_mrkdwn(markdown)) == code
    assert _telegram_code(render(markdown)) == code


def test_the_same_structure_on_both() -> None:
    markdown = (
        "# Harbor budget\n\n"
        "Summary **first** [Entry abcd1234], see [the doc](https://ex.test/a?b=1&c=2).\n\n"
        "- one\n  - nested\n- two\n\n"
        "1. first\n2. second\n\n"
        "> quoted\n\n"
        "2*3*4 stays arithmetic and snake_case stays a name."
    )
    slack = to_mrkdwn(markdown).split("\n")
    telegram = render(markdown).split("\n")
    assert len(slack) == len(telegram), "one line per line of structure on both platforms"
    assert slack[0] == "*Harbor budget*" and telegram[0] == "<b>Harbor budget</b>"
    assert "*first* [Entry abcd1234]" in slack[2] and "<b>first</b> [Entry abcd1234]" in telegram[2]
    assert slack[4:7] == ["• one", "    • nested", "• two"]
    assert telegram[4:7] == ["• one", "  • nested", "• two"]
    assert slack[-1] == telegram[-1] == "2*3*4 stays arithmetic and snake_case stays a name."


def test_crossing_emphasis_keeps_the_words_on_both() -> None:
    text = "**bold *nested** broken* end"
    assert to_mrkdwn(text) == text
    assert render(text) == text


def test_raw_html_is_text() -> None:
    assert to_mrkdwn("<b>hi</b> & <script>") == "&lt;b&gt;hi&lt;/b&gt; &amp; &lt;script&gt;"
    assert render("<b>hi</b>") == "&lt;b&gt;hi&lt;/b&gt;"


def test_source_blocks_never_cut_a_construct() -> None:
    markdown = "para one\nstill one\n\n```\ncode\n\nmore code\n```\nafter the fence\n\n- a\n\n- b"
    assert source_blocks(markdown) == [
        "para one\nstill one",
        "```\ncode\n\nmore code\n```",
        "after the fence",
        "- a\n\n- b",
    ]
    assert blocks(markdown) == source_blocks(markdown)
    assert [n.type for n in parse(markdown).children] == ["paragraph", "fence", "paragraph", "bullet_list"]
