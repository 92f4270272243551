"""Schedule rules understood offline: "every 2 hours", "every weekday at 8:30am", "every
Monday and Thursday 09:00 Europe/Berlin", "on the 1st of each month", a crontab line… Each
becomes a ``Rule`` that APScheduler's triggers turn into due times in the owner's zone, so
a daylight-saving change keeps the wall-clock time."""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta, tzinfo
from itertools import pairwise
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from apscheduler.triggers.calendarinterval import CalendarIntervalTrigger
from apscheduler.triggers.cron import CronTrigger

EXAMPLES = (
    '"every Monday at 9:00", "every weekday 08:30", "every 2 hours", "daily", '
    '"on the 1st of each month", "every Tuesday and Friday at 5pm Europe/Berlin" or a crontab line '
    '("0 9 * * mon")'
)
_DAYS = ("mon", "tue", "wed", "thu", "fri", "sat", "sun")
_DAY_NAMES = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")
_DAY = r"(?:mon(?:day)?|tue(?:s(?:day)?)?|wed(?:nesday)?|thu(?:r(?:s(?:day)?)?)?|fri(?:day)?|sat(?:urday)?|sun(?:day)?)s?"
_EVERY = r"(?:every|each)"
_CLOCK = r"(?:noon|midnight|\d{1,2}(?:[:.h]\d{2})?\s*(?:am|pm|a\.m\.|p\.m\.)|\d{1,2}[:.h]\d{2})"
_AT = rf"(?:\s*,?\s*(?:at\s+(?P<time>{_CLOCK}|\d{{1,2}})|(?P<time2>{_CLOCK})))"
_ZONE = r"(?:\s+(?:in\s+)?(?P<zone>UTC|GMT|[A-Za-z]+/[A-Za-z_]+(?:/[A-Za-z_]+)?))"
_END = r"(?=$|[\s,.;:!?-])"

# the phrase families, each anchored at the start of the text
_INTERVAL = re.compile(
    rf"^(?:{_EVERY}\s+(?P<n>\d{{1,4}})\s+(?P<unit>minutes?|mins?|hours?|hrs?)|{_EVERY}\s+(?P<unit1>minute|hour)|(?P<hourly>hourly)){_END}",
    re.I,
)
_DAYS_N = re.compile(rf"^{_EVERY}\s+(?P<n>\d{{1,3}})\s+(?P<unit>days?|weeks?){_END}", re.I)
_DAILY = re.compile(
    rf"^(?:(?:{_EVERY}\s+(?P<what>day|morning|evening|night|weekday|weekend))|(?P<daily>daily)|(?P<what2>weekdays)){_END}",
    re.I,
)
_WEEKDAYS = re.compile(rf"^(?:{_EVERY}\s+|on\s+)?(?P<days>{_DAY}(?:\s*(?:,|and|&|/)\s*{_DAY})*){_END}", re.I)
_WEEKLY = re.compile(rf"^(?:(?P<weekly>weekly)|{_EVERY}\s+week){_END}", re.I)
_MONTHLY = re.compile(
    rf"^(?:(?:monthly|{_EVERY}\s+month)(?:\s+on\s+the\s+(?P<dom>\d{{1,2}})(?:st|nd|rd|th)?)?"
    rf"|on\s+the\s+(?P<dom2>\d{{1,2}})(?:st|nd|rd|th)?\s+(?:of\s+)?(?:each|every)\s+month){_END}",
    re.I,
)
_CRON_FIELD = r"[\d*][\d*/,\-]*|[a-z]{3}(?:[-,][a-z]{3})*|\*"
_CRONTAB = re.compile(
    rf"^(?:cron\s*:?\s*)?(?P<cron>(?:(?:{_CRON_FIELD})\s+){{4}}(?:{_CRON_FIELD})){_END}", re.I
)
# whether any family starts a text, in one pattern: theirs as alternatives, their named
# groups made plain (only whether one matches is asked); most texts are no rule at all
_FAMILIES = (_INTERVAL, _DAYS_N, _CRONTAB, _MONTHLY, _WEEKLY, _DAILY, _WEEKDAYS)
_ANY_FAMILY = re.compile(
    "|".join("(?:" + re.sub(r"\(\?P<\w+>", "(?:", family.pattern) + ")" for family in _FAMILIES), re.I
)
_TIME_ONLY = re.compile(rf"^{_AT}", re.I)
_ZONE_ONLY = re.compile(rf"^{_ZONE}{_END}", re.I)
_DEFAULT_HOUR = {"morning": 9, "evening": 18, "night": 21}


class RuleError(ValueError):
    """A rule not understood; the message says what is (an example of each family)."""


@dataclass(frozen=True)
class Rule:
    """A recurrence. ``spec`` is what is stored: ``interval:SECONDS``, ``days:N@HH:MM`` or
    ``cron:m h dom mon dow``; ``text`` is how it reads ("every Monday at 09:00")."""

    spec: str
    text: str

    def next_after(self, after: datetime, zone: tzinfo, *, anchor: datetime | None = None) -> datetime:
        """The first due time strictly after ``after`` (aware UTC), in ``zone``'s wall clock.
        ``anchor`` (the schedule's creation) aligns interval rules."""
        kind, _, value = self.spec.partition(":")
        after = after.astimezone(UTC)
        anchor = (anchor or after).astimezone(UTC)
        if kind == "interval":
            seconds = int(value)
            steps = int((after - anchor).total_seconds() // seconds) + 1 if after >= anchor else 0
            return (anchor + timedelta(seconds=seconds * steps)).astimezone(UTC)
        if kind == "days":
            n, _, hhmm = value.partition("@")
            hour, minute = (int(x) for x in hhmm.split(":"))
            start = anchor.astimezone(zone).date()
            # jump near ``after`` in whole periods, then let the trigger step over DST
            periods = max(0, ((after.astimezone(zone).date() - start).days // int(n)) - 1)
            cal = CalendarIntervalTrigger(
                days=int(n),
                hour=hour,
                minute=minute,
                start_date=start + timedelta(days=periods * int(n)),
                timezone=zone,
            )
            fire: datetime | None = None
            while fire is None or fire <= after:
                fire = cal.get_next_fire_time(fire, after)
                if fire is None:  # pragma: no cover - no end date is set
                    raise RuleError("no next time")
            return fire.astimezone(UTC)
        cron = CronTrigger.from_crontab(value, timezone=zone)
        fire = cron.get_next_fire_time(None, after + timedelta(seconds=1))
        if fire is None:  # pragma: no cover - a crontab always has a next time
            raise RuleError("no next time")
        return fire.replace(microsecond=0).astimezone(UTC)

    def shortest_gap(self, zone: tzinfo, now: datetime) -> float:
        """The shortest time between two due times over the next few (for the minimum interval)."""
        kind, _, value = self.spec.partition(":")
        if kind == "interval":
            return float(value)
        times = [self.next_after(now, zone)]
        for _ in range(24):
            times.append(self.next_after(times[-1], zone))
        return min((b - a).total_seconds() for a, b in pairwise(times))

    def due_between(
        self,
        first: datetime,
        until: datetime,
        zone: tzinfo,
        *,
        anchor: datetime | None = None,
        limit: int = 1000,
    ) -> list[datetime]:
        """The due times from ``first`` (itself due) up to ``until`` inclusive, at most ``limit``."""
        times: list[datetime] = []
        when = first
        while when <= until and len(times) < limit:
            times.append(when)
            when = self.next_after(when, zone, anchor=anchor)
        return times


@dataclass(frozen=True)
class Parsed:
    """A rule read from the start of a text: the rule, the zone named in it (or None), and the rest."""

    rule: Rule
    zone: str | None
    rest: str


def zone_named(name: str) -> ZoneInfo:
    """The IANA zone ``name`` ("Europe/London", "UTC"); ``RuleError`` when unknown."""
    try:
        return ZoneInfo("UTC" if name.upper() in ("UTC", "GMT", "Z") else name)
    except (ZoneInfoNotFoundError, ValueError) as exc:
        raise RuleError(f'I don\'t know the time zone "{name[:60]}". Try one like Europe/London.') from exc


def parse_rule(text: str) -> Parsed:
    """The rule at the start of ``text`` and what follows it. ``RuleError`` (with examples)
    when the start is not a rule this parser knows."""
    found = rule_at_start(text)
    if found is None:
        raise RuleError(f"I couldn't read a schedule in that. Try {EXAMPLES}.")
    return found


def rule_at_start(text: str) -> Parsed | None:
    """``parse_rule``'s answer, None instead of its error when the start is not a rule this
    parser knows (still ``RuleError`` when a family starts the text but its values do not
    hold, "every 0 hours"). Every message is asked (``bot.schedules.requests``): one
    pattern tells that no family starts it."""
    head = text.strip()
    if _ANY_FAMILY.match(head) is None:
        return None  # each family's parser would find its own pattern not matching
    return _parse_head(head)


def _parse_head(text: str) -> Parsed | None:
    for parse in (_interval, _days_n, _crontab, _monthly, _weekly, _daily, _weekdays):
        found = parse(text)
        if found is not None:
            return found
    return None


def _interval(text: str) -> Parsed | None:
    m = _INTERVAL.match(text)
    if m is None:
        return None
    n = int(m["n"] or 1)
    unit = (m["unit"] or m["unit1"] or "hour").lower()
    if n < 1:
        raise RuleError("An interval needs at least 1.")
    seconds = n * (60 if unit.startswith("m") else 3600)
    name = "minute" if unit.startswith("m") else "hour"
    said = f"every {name}" if n == 1 else f"every {n} {name}s"
    return _tail(Rule(f"interval:{seconds}", said), text[m.end() :])


def _days_n(text: str) -> Parsed | None:
    m = _DAYS_N.match(text)
    if m is None:
        return None
    n = int(m["n"]) * (7 if m["unit"].lower().startswith("w") else 1)
    if n < 1:
        raise RuleError("An interval needs at least 1.")
    rest, hour, minute, zone = _time_and_zone(text[m.end() :], 9, 0)
    said = f"every {n} days at {hour:02d}:{minute:02d}" if n != 1 else f"every day at {hour:02d}:{minute:02d}"
    if n == 1:
        return Parsed(Rule(f"cron:{minute} {hour} * * *", said), zone, rest)
    return Parsed(Rule(f"days:{n}@{hour:02d}:{minute:02d}", said), zone, rest)


def _crontab(text: str) -> Parsed | None:
    m = _CRONTAB.match(text)
    if m is None:
        return None
    expr = " ".join(m["cron"].split()).lower()
    try:
        CronTrigger.from_crontab(expr, timezone=UTC)
    except ValueError:
        return None
    return _tail(Rule(f"cron:{expr}", f"cron {expr}"), text[m.end() :])


def _monthly(text: str) -> Parsed | None:
    m = _MONTHLY.match(text)
    if m is None:
        return None
    dom = int(m["dom"] or m["dom2"] or 1)
    if not 1 <= dom <= 31:
        raise RuleError("A day of the month is between 1 and 31.")
    rest, hour, minute, zone = _time_and_zone(text[m.end() :], 9, 0)
    said = f"on the {_ordinal(dom)} of each month at {hour:02d}:{minute:02d}"
    return Parsed(Rule(f"cron:{minute} {hour} {dom} * *", said), zone, rest)


def _weekly(text: str) -> Parsed | None:
    m = _WEEKLY.match(text)
    if m is None:
        return None
    rest, hour, minute, zone = _time_and_zone(text[m.end() :], 9, 0)
    return Parsed(
        Rule(f"cron:{minute} {hour} * * mon", f"every Monday at {hour:02d}:{minute:02d}"), zone, rest
    )


def _daily(text: str) -> Parsed | None:
    m = _DAILY.match(text)
    if m is None:
        return None
    what = (m["what"] or m["what2"] or "day").lower()
    rest, hour, minute, zone = _time_and_zone(text[m.end() :], _DEFAULT_HOUR.get(what, 9), 0)
    at = f"{hour:02d}:{minute:02d}"
    if what.startswith("weekday"):
        return Parsed(Rule(f"cron:{minute} {hour} * * mon-fri", f"every weekday at {at}"), zone, rest)
    if what == "weekend":
        return Parsed(
            Rule(f"cron:{minute} {hour} * * sat,sun", f"every Saturday and Sunday at {at}"), zone, rest
        )
    return Parsed(Rule(f"cron:{minute} {hour} * * *", f"every day at {at}"), zone, rest)


def _weekdays(text: str) -> Parsed | None:
    m = _WEEKDAYS.match(text)
    if m is None:
        return None
    days = sorted({_DAYS.index(d[:3].lower()) for d in re.findall(_DAY, m["days"], re.I)})
    rest, hour, minute, zone = _time_and_zone(text[m.end() :], 9, 0)
    names = [_DAY_NAMES[d] for d in days]
    listed = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
    spec = f"cron:{minute} {hour} * * {','.join(_DAYS[d] for d in days)}"
    return Parsed(Rule(spec, f"every {listed} at {hour:02d}:{minute:02d}"), zone, rest)


def _tail(rule: Rule, rest: str) -> Parsed:
    rest, zone = _zone(rest)
    return Parsed(rule, zone, _clean(rest))


def _zone(rest: str) -> tuple[str, str | None]:
    z = _ZONE_ONLY.match(rest)
    if z is None or not ("/" in z["zone"] or z["zone"].upper() in ("UTC", "GMT")):
        return rest, None
    return rest[z.end() :], z["zone"]


def _time_and_zone(rest: str, hour: int, minute: int) -> tuple[str, int, int, str | None]:
    m = _TIME_ONLY.match(rest)
    if m is not None:
        hour, minute = _clock(m["time"] or m["time2"])
        rest = rest[m.end() :]
    rest, zone = _zone(rest)
    return _clean(rest), hour, minute, zone


def _clock(said: str) -> tuple[int, int]:
    said = said.strip().lower().replace(".m.", "m").replace(" ", "")
    if said == "noon":
        return 12, 0
    if said == "midnight":
        return 0, 0
    suffix = said[-2:] if said.endswith(("am", "pm")) else ""
    digits = said[: -len(suffix)] if suffix else said
    hour_s, _, minute_s = (
        re.split(r"([:.h])", digits, maxsplit=1) if re.search(r"[:.h]", digits) else (digits, "", "0")
    )
    hour, minute = int(hour_s), int(minute_s or 0)
    if suffix:
        if not 1 <= hour <= 12:
            raise RuleError(f'"{said}" is not a time of day.')
        hour = hour % 12 + (12 if suffix == "pm" else 0)
    if not (0 <= hour <= 23 and 0 <= minute <= 59):
        raise RuleError(f'"{said}" is not a time of day.')
    return hour, minute


def _clean(rest: str) -> str:
    return re.sub(r"^[\s,.;:\-–—]+", "", rest).strip()


def _ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def describe_next(when: datetime, zone: tzinfo) -> str:
    """ "Mon 7 Dec 09:00 Europe/London": how a due time is shown to its owner."""
    local = when.astimezone(zone)
    name = getattr(zone, "key", None) or str(zone)
    return f"{local:%a} {local.day} {local:%b %H:%M} {name}"
