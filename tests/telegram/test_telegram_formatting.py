"""Markdown → Telegram HTML and the cutting of long text, checked against the fake
server's strict reading of Telegram's HTML (the same parser that answers sendMessage)."""

from __future__ import annotations

import random

import pytest
from fake_telegram import parse_html, utf16_len

from adapters.telegram import formatting
from adapters.telegram.client import api_urls


def test_inline_markdown_becomes_telegram_html_and_text_is_escaped() -> None:
    markup = formatting.render(
        "The team chose **PostgreSQL** over _SQLite_ for `a<b && c>d` [Entry abcd1234], "
        "see [the note](https://example.org/a_b_c?x=1&y=2) — 2*3*4 and snake_case_name <script>"
    )
    assert markup == (
        "The team chose <b>PostgreSQL</b> over <i>SQLite</i> for <code>a&lt;b &amp;&amp; c&gt;d</code> "
        '[Entry abcd1234], see <a href="https://example.org/a_b_c?x=1&amp;y=2">the note</a> — '
        "2*3*4 and snake_case_name &lt;script&gt;"
    )
    assert parse_html(markup).endswith("snake_case_name <script>")


def test_unsupported_constructs_degrade_to_plain_text() -> None:
    markdown = (
        "## Sources\n"
        "| id | title |\n"
        "|----|:-----:|\n"
        "| [Entry abcd1234] | **DuckDB** notes |\n"
        "\n"
        "---\n"
        "![diagram](https://example.org/d.png) and [local](file:///etc/passwd)\n"
        "- one\n"
        "* two\n"
        "> quoted line\n"
    )
    markup = formatting.render(markdown)
    visible = parse_html(markup)  # Telegram would accept it
    assert "<b>Sources</b>" in markup
    assert "----" not in visible and "|:" not in visible
    assert "id | title" in visible and "[Entry abcd1234] | DuckDB notes" in visible
    assert 'href="file:' not in markup  # only web, tg and mail links become links
    assert "local (file:///etc/passwd)" in visible
    assert "• one\n• two" in visible
    assert "<blockquote>quoted line</blockquote>" in markup


def test_overlapping_emphasis_keeps_the_words_without_breaking_the_html() -> None:
    markup = formatting.render("**bold *nested** broken* end")
    assert formatting.balanced(markup)
    assert parse_html(markup) == "**bold *nested** broken* end"


def test_code_blocks_are_escaped_verbatim_with_their_language() -> None:
    markup = formatting.render("before\n\n```python\nif a < b and c & d:\n    print('**x**')\n```\nafter")
    assert (
        "<pre><code class=\"language-python\">if a &lt; b and c &amp; d:\n    print('**x**')</code></pre>"
        in markup
    )
    assert parse_html(markup).startswith("before\n\nif a < b")


def test_to_plain_is_what_the_reader_sees() -> None:
    markup = '<b>Hi</b> <a href="https://x.org">docs</a> &amp; <a href="tg://user?id=1">Ana</a>'
    assert formatting.to_plain(markup) == "Hi docs (https://x.org) & Ana"


def _report(paragraphs: int, seed: int) -> str:
    rng = random.Random(seed)
    words = ["storage", "latency", "DuckDB", "**decision**", "_owner_", "`code`", "Atlas", "beacon"]
    out = ["# Report", "Summary line [Entry 0000abcd]."]
    for i in range(paragraphs):
        if i % 5 == 3:
            out.append(
                "```sql\n" + "\n".join(f"SELECT {j} FROM t WHERE a < {j};" for j in range(12)) + "\n```"
            )
        else:
            sentence = " ".join(rng.choice(words) for _ in range(rng.randint(20, 70)))
            out.append(f"{sentence} [Entry {i:08x}].")
    return "\n\n".join(out)


@pytest.mark.parametrize("seed", range(6))
def test_split_keeps_code_blocks_and_citations_whole_and_loses_nothing(seed: int) -> None:
    markdown = _report(60, seed)
    cut = formatting.split(markdown)
    assert cut is not None and cut.count >= 2
    visible_parts = []
    for part in cut.parts:
        visible = parse_html(part)  # every part is valid HTML on its own
        assert utf16_len(visible) <= formatting.MESSAGE_LIMIT
        assert part.count("<pre>") == part.count("</pre>")
        visible_parts.append(visible)
    whole = parse_html(formatting.render(markdown))
    assert "\n\n".join(visible_parts) == whole
    for i in range(60):
        if i % 5 != 3:
            assert sum(f"[Entry {i:08x}]" in v for v in visible_parts) == 1


def test_split_respects_utf16_length_of_astral_characters() -> None:
    paragraph = "😀" * 1500  # 3000 UTF-16 code units each
    cut = formatting.split("\n\n".join([paragraph, paragraph, paragraph]))
    assert cut is not None and cut.count == 3


def test_split_gives_up_on_a_code_block_longer_than_a_message() -> None:
    code = "```\n" + "\n".join("x = 1" * 20 for _ in range(100)) + "\n```"
    assert formatting.split(f"intro\n\n{code}") is None


def test_an_indented_code_block_is_code_too_and_never_cut_between_lines() -> None:
    # the parser reads four leading spaces as a code block, as it does for every platform
    code = "\n".join("    x = 1" * 20 for _ in range(100))
    assert formatting.split(f"intro\n\n{code}") is None


def test_an_over_long_paragraph_is_cut_between_its_lines() -> None:
    lines = [f"- item {i} with some words [Entry {i:08x}]" for i in range(300)]
    cut = formatting.split("\n".join(lines))
    assert cut is not None and cut.count >= 2
    seen = "\n".join(parse_html(p) for p in cut.parts)
    assert all(f"• item {i} with some words [Entry {i:08x}]" in seen for i in range(300))


def test_truncate_fits_one_message() -> None:
    markdown = "\n\n".join("word " * 300 for _ in range(10))
    markup = formatting.truncate(markdown)
    assert utf16_len(parse_html(markup)) <= formatting.MESSAGE_LIMIT
    assert markup.endswith("…")


@pytest.mark.parametrize(
    ("configured", "expected"),
    [
        (None, ("https://api.telegram.org/bot", "https://api.telegram.org/file/bot")),
        ("http://127.0.0.1:8081/", ("http://127.0.0.1:8081/bot", "http://127.0.0.1:8081/file/bot")),
        ("http://127.0.0.1:8081/bot", ("http://127.0.0.1:8081/bot", "http://127.0.0.1:8081/file/bot")),
        (
            "https://tg.local/bot{token}/test",
            ("https://tg.local/bot{token}/test", "https://tg.local/file/bot{token}/test"),
        ),
    ],
)
def test_api_url_setting(configured: str | None, expected: tuple[str, str]) -> None:
    assert api_urls(configured) == expected
