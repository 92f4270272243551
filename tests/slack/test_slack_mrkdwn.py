"""Markdown → Slack mrkdwn, and splitting under limits."""

from __future__ import annotations

import re

import pytest

from adapters.slack.mrkdwn import RULE, split_mrkdwn, to_mrkdwn


@pytest.mark.parametrize(
    ("markdown", "mrkdwn"),
    [
        ("**bold** and __also__", "*bold* and *also*"),
        ("*italic* and _also_", "_italic_ and _also_"),
        ("~~gone~~", "~gone~"),
        ("[the doc](https://ex.test/a?b=1&c=2)", "<https://ex.test/a?b=1&amp;c=2|the doc>"),
        ("<https://ex.test/x>", "<https://ex.test/x>"),
        ("![chart](https://ex.test/c.png)", "<https://ex.test/c.png|chart>"),
        ("# Storage decision", "*Storage decision*"),
        ("### **Key** People", "*Key People*"),
        ("- one\n  - two\n* three", "• one\n    • two\n• three"),
        ("1. first\n2) second", "1. first\n2. second"),
        ("- [ ] todo\n- [x] done", "☐ todo\n☑ done"),
        ("> quoted", "> quoted"),
        ("---", RULE),
        ("a < b & c > d", "a &lt; b &amp; c &gt; d"),
        ("`a<b> **x**`", "`a&lt;b&gt; **x**`"),
        ("2 * 3 * 4 and snake_case_name", "2 * 3 * 4 and snake_case_name"),
        ("see [Entry abcd1234] and [Entry 0badf00d]", "see [Entry abcd1234] and [Entry 0badf00d]"),
        ("[a|b](https://ex.test/)", "<https://ex.test/|a¦b>"),
    ],
)
def test_inline_and_line_syntax(markdown: str, mrkdwn: str) -> None:
    assert to_mrkdwn(markdown) == mrkdwn


def test_fenced_code_is_verbatim_and_escaped() -> None:
    markdown = "Before\n\n```python\nif a < b:\n    print('**x**')\n\n    # [link](u)\n```\nAfter **b**"
    assert to_mrkdwn(markdown) == (
        "Before\n\n```\nif a &lt; b:\n    print('**x**')\n\n    # [link](u)\n```\nAfter *b*"
    )


def test_unclosed_fence_is_closed() -> None:
    assert to_mrkdwn("```\ncode") == "```\ncode\n```"


def test_tables_become_rows() -> None:
    markdown = "| Entry | Title |\n|---|:--:|\n| [Entry abcd1234] | The *plan* |\n\nafter"
    assert to_mrkdwn(markdown) == "*Entry · Title*\n• [Entry abcd1234] · The _plan_\n\nafter"


def test_short_text_is_not_split() -> None:
    assert split_mrkdwn("hello", 100) == ["hello"]
    assert split_mrkdwn("  ", 100) == []


def test_split_prefers_paragraphs() -> None:
    text = "\n\n".join(["a" * 40, "b" * 40, "c" * 40])
    assert split_mrkdwn(text, 90) == ["a" * 40 + "\n\n" + "b" * 40, "c" * 40]


def test_split_never_cuts_a_citation() -> None:
    words = " ".join(f"word{i} [Entry {i:08x}]" for i in range(200))
    pieces = split_mrkdwn(words, 97)
    assert all(len(p) <= 97 for p in pieces)
    found = [c for p in pieces for c in re.findall(r"\[Entry [0-9a-f]{8}\]", p)]
    assert found == [f"[Entry {i:08x}]" for i in range(200)]
    assert " ".join(pieces) == words


def test_split_never_cuts_a_link() -> None:
    link = "<https://ex.test/" + "x" * 40 + "|label here>"
    text = " ".join(["filler words"] * 10 + [link] + ["more"] * 10)
    pieces = split_mrkdwn(text, 80)
    assert any(link in p for p in pieces)


def test_split_code_block_is_closed_and_reopened() -> None:
    code = "\n".join(f"x{i} = {i}" for i in range(100))
    text = f"intro\n\n```\n{code}\n```\n\noutro"
    pieces = split_mrkdwn(text, 200)
    assert all(len(p) <= 200 for p in pieces)
    assert all(p.count("```") % 2 == 0 for p in pieces)
    lines = [line for p in pieces for line in p.splitlines() if line.startswith("x")]
    assert lines == code.splitlines()


def test_split_breaks_a_monster_word() -> None:
    pieces = split_mrkdwn("z" * 250, 100)
    assert [len(p) for p in pieces] == [100, 100, 50]


def test_content_cannot_ping_or_link_to_code() -> None:
    text = to_mrkdwn(
        "<!channel> <!here> <!subteam^S1|@eng> <@U1> @channel @Here @everyone "
        "[portal](javascript:alert(1)) [app](slack://open) [ok](https://example.org)"
    )
    assert "<!" not in text and "<@" not in text
    assert re.search(r"@(channel|here|everyone)\b", text, re.I) is None
    assert "@\u2060channel" in text, "still readable"
    assert "<javascript:" not in text and "<slack:" not in text
    assert "<https://example.org|ok>" in text
