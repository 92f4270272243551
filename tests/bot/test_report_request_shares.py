"""What a report request gives the model of each entry (issue 23): a short entry is given whole,
and the characters it leaves go to the longer ones, so a long note's rule past its first lines
reaches the model; the request still stays under 6,000 tokens however many entries it carries."""

from __future__ import annotations

from fake_anthropic import FakeAnthropic, tokens, tool_message

from bot.llm.anthropic import ENTRY_CHARS, ENTRY_FLOOR, REPORT_CHARS, AnthropicProvider, report_shares
from bot.sources import Source


def _provider(fake: FakeAnthropic) -> AnthropicProvider:
    return AnthropicProvider(
        api_key="test-key", base_url=fake.url, fast_model="claude-haiku-test", deep_model="claude-deep-test"
    )


def test_a_short_entry_leaves_its_characters_to_the_longer_ones() -> None:
    shares = report_shares([300, 400, 9000, 9000])
    assert shares[:2] == [300, 400]  # given whole
    assert shares[2] == shares[3] == min(ENTRY_CHARS, (REPORT_CHARS - 700) // 2)
    assert shares[2] > 1200  # more than an even share of a dozen entries


def test_many_long_entries_share_the_budget_evenly() -> None:
    shares = report_shares([9000] * 30)
    assert len(set(shares)) == 1 and ENTRY_FLOOR <= shares[0] <= REPORT_CHARS // 30 + ENTRY_FLOOR


async def test_a_long_notes_rule_past_its_first_lines_reaches_the_model(fake: FakeAnthropic) -> None:
    fake.rule = lambda request: tool_message("write_synthesis", {"summary": "Summary.", "gaps": []})
    long_note = (
        "The pontoon repairs were discussed at length. " * 45 + "Decision: pontoon repairs cost £4,870."
    )
    assert long_note.index("£4,870") > 1200
    sources = [
        Source(id=f"{k:08x}" + "0" * 24, title=f"Short {k}", text=f"Short note {k}.") for k in range(10)
    ]
    sources.append(Source(id="f" * 32, title="Pontoon minutes", text=long_note))
    await _provider(fake).synthesize("the pontoon repairs", sources=sources, notes=[], edges=[])
    (request,) = fake.requests
    prompt = " ".join(str(m["content"]) for m in request["messages"])
    assert "£4,870" in prompt
    assert all(f"Short note {k}." in prompt for k in range(10))
    assert tokens(prompt) <= 6000
