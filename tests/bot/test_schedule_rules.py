"""Schedule rules read offline: each phrase family's next due times, across a
daylight-saving change (the wall-clock time is kept), and what is not understood."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from bot.schedules.requests import carried_schedule
from bot.schedules.rules import RuleError, describe_next, parse_rule, rule_at_start, zone_named

LONDON = zone_named("Europe/London")
# Europe/London and Europe/Berlin go forward on Sun 29 Mar 2026 (01:00 UTC) and back on
# Sun 25 Oct 2026 (01:00 UTC)
BEFORE_SPRING = datetime(2026, 3, 26, 12, 0, tzinfo=UTC)  # a Thursday
BEFORE_AUTUMN = datetime(2026, 10, 22, 12, 0, tzinfo=UTC)  # a Thursday


def runs(text: str, start: datetime, n: int = 4, zone: str = "Europe/London") -> tuple[list[str], str]:
    parsed = parse_rule(text)
    tz = zone_named(parsed.zone or zone)
    times, when = [], start
    for _ in range(n):
        when = parsed.rule.next_after(when, tz, anchor=start)
        times.append(when.strftime("%a %d %H:%M"))
    return times, parsed.rest


@pytest.mark.parametrize(
    ("text", "start", "expected", "rest"),
    [
        # wall clock kept: 09:00 local is 09:00 UTC, then 08:00 UTC in summer time
        (
            "every day at 9 atlas",
            BEFORE_SPRING,
            ["Fri 27 09:00", "Sat 28 09:00", "Sun 29 08:00", "Mon 30 08:00"],
            "atlas",
        ),
        (
            "daily: atlas",
            BEFORE_AUTUMN,
            ["Fri 23 08:00", "Sat 24 08:00", "Sun 25 09:00", "Mon 26 09:00"],
            "atlas",
        ),
        (
            "each morning, tell me about new incidents",
            BEFORE_SPRING,
            ["Fri 27 09:00", "Sat 28 09:00", "Sun 29 08:00", "Mon 30 08:00"],
            "tell me about new incidents",
        ),
        (
            "every weekday 08:30am x",
            BEFORE_SPRING,
            ["Fri 27 08:30", "Mon 30 07:30", "Tue 31 07:30", "Wed 01 07:30"],
            "x",
        ),
        (
            "every weekend at 10 x",
            BEFORE_SPRING,
            ["Sat 28 10:00", "Sun 29 09:00", "Sat 04 09:00", "Sun 05 09:00"],
            "x",
        ),
        (
            "every Monday at 9, dig into what changed on Atlas",
            BEFORE_AUTUMN,
            ["Mon 26 09:00", "Mon 02 09:00", "Mon 09 09:00", "Mon 16 09:00"],
            "dig into what changed on Atlas",
        ),
        (
            "every Monday and Thursday at 5pm Europe/Berlin x",
            BEFORE_SPRING,
            ["Thu 26 16:00", "Mon 30 15:00", "Thu 02 15:00", "Mon 06 15:00"],
            "x",
        ),
        ("weekly x", BEFORE_SPRING, ["Mon 30 08:00", "Mon 06 08:00", "Mon 13 08:00", "Mon 20 08:00"], "x"),
        (
            "on the 1st of each month at 07:15 x",
            datetime(2026, 9, 15, tzinfo=UTC),
            ["Thu 01 06:15", "Sun 01 07:15", "Tue 01 07:15", "Fri 01 07:15"],
            "x",
        ),
        (
            "monthly x",
            datetime(2026, 2, 15, tzinfo=UTC),
            ["Sun 01 09:00", "Wed 01 08:00", "Fri 01 08:00", "Mon 01 08:00"],
            "x",
        ),
        (
            "30 6 * * mon-fri x",
            BEFORE_SPRING,
            ["Fri 27 06:30", "Mon 30 05:30", "Tue 31 05:30", "Wed 01 05:30"],
            "x",
        ),
        (
            "every 3 days at 07:00 x",
            BEFORE_SPRING,
            ["Sun 29 06:00", "Wed 01 06:00", "Sat 04 06:00", "Tue 07 06:00"],
            "x",
        ),
        # intervals are intervals: the same number of seconds whatever the wall clock says
        (
            "every 2 hours x",
            datetime(2026, 3, 29, 0, 0, tzinfo=UTC),
            ["Sun 29 02:00", "Sun 29 04:00", "Sun 29 06:00", "Sun 29 08:00"],
            "x",
        ),
        (
            "every 30 minutes x",
            datetime(2026, 10, 25, 0, 30, tzinfo=UTC),
            ["Sun 25 01:00", "Sun 25 01:30", "Sun 25 02:00", "Sun 25 02:30"],
            "x",
        ),
    ],
)
def test_each_family_across_a_daylight_saving_change(
    text: str, start: datetime, expected: list[str], rest: str
) -> None:
    assert runs(text, start) == (expected, rest)


def test_the_next_run_is_shown_in_the_owners_zone() -> None:
    parsed = parse_rule("every monday 09:00 what changed on the Atlas project")
    when = parsed.rule.next_after(datetime(2026, 12, 1, tzinfo=UTC), LONDON)
    assert describe_next(when, LONDON) == "Mon 7 Dec 09:00 Europe/London"
    assert parsed.rule.text == "every Monday at 09:00"
    assert parsed.rest == "what changed on the Atlas project"


def test_the_shortest_gap_is_what_the_minimum_interval_is_checked_against() -> None:
    now = datetime(2026, 6, 1, tzinfo=UTC)
    assert parse_rule("every 1 minute x").rule.shortest_gap(LONDON, now) == 60
    assert parse_rule("*/5 * * * * x").rule.shortest_gap(LONDON, now) == 300
    assert parse_rule("every weekday at 9 x").rule.shortest_gap(LONDON, now) == 86400


def test_missed_due_times_are_counted_from_the_first() -> None:
    rule = parse_rule("every hour x").rule
    first = datetime(2026, 6, 1, 10, tzinfo=UTC)
    assert len(rule.due_between(first, first + timedelta(hours=2, minutes=30), LONDON, anchor=first)) == 3


@pytest.mark.parametrize("text", ["whenever you like x", "every blue moon x", "", "tomorrow x"])
def test_what_is_not_understood_gets_examples(text: str) -> None:
    with pytest.raises(RuleError, match="every Monday at 9:00"):
        parse_rule(text)


@pytest.mark.parametrize("text", ["every day at 25:00 x", "every day at 13pm x", "every 0 hours x"])
def test_an_impossible_time_is_said(text: str) -> None:
    with pytest.raises(RuleError):
        parse_rule(text)


def test_an_unknown_zone_is_said() -> None:
    with pytest.raises(RuleError, match="time zone"):
        zone_named("Mars/Olympus")


@pytest.mark.parametrize(
    ("topic", "digest", "subject_"),
    [
        ("what's new on the Atlas project", True, "the Atlas project"),
        ("what changed on Atlas?", True, "Atlas"),
        ("new incidents on the ingestion pipeline", True, "incidents on the ingestion pipeline"),
        ("tell me what's new in billing", True, "billing"),
        ("the storage backend decision", False, "the storage backend decision"),
        ("newsletter metrics", False, "newsletter metrics"),
    ],
)
def test_digest_words_and_what_a_digest_searches_for(topic: str, digest: bool, subject_: str) -> None:
    from bot.schedules.digest import is_digest, subject

    assert is_digest(topic) is digest
    if digest:
        assert subject(topic) == subject_


@pytest.mark.parametrize(
    "text",
    [
        "every Monday at 9 dig into Atlas",
        "weekly",
        "0 9 * * mon check the backlog",
        "on the 1st of each month",
    ],
)
def test_a_rule_at_the_start_is_what_parse_rule_reads(text: str) -> None:
    assert rule_at_start(text) == parse_rule(text)


@pytest.mark.parametrize(
    "text", ["what did we decide about Atlas?", "", "  ", "reach the beach each morning"]
)
def test_a_text_no_family_starts_is_no_rule_without_an_error(text: str) -> None:
    assert rule_at_start(text) is None
    with pytest.raises(RuleError):
        parse_rule(text)


def test_a_family_that_starts_the_text_with_values_that_do_not_hold_still_says_so() -> None:
    with pytest.raises(RuleError):
        rule_at_start("every 0 hours dig into Atlas")


@pytest.mark.parametrize(
    ("text", "carried"),
    [
        ("dig into the Atlas project every Monday at 9", ("every Monday at 9", "the Atlas project")),
        ("tell me about new incidents, each morning", ("each morning", "new incidents")),
        ("Dig into the Atlas project EVERY MONDAY at 9", ("EVERY MONDAY at 9", "the Atlas project")),
        ("who can reach the beach café before teaching?", None),  # "each" inside words
        ("what happened on the Atlas launch?", None),  # "on the " before no number
    ],
)
def test_a_trailing_rule_is_found_where_a_space_precedes_its_words(
    text: str, carried: tuple[str, str] | None
) -> None:
    found = carried_schedule(text)
    assert (found and (found.rule, found.topic)) == carried
