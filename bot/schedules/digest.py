"""A scheduled run's report: a digest keeps only what was created or changed since the
previous run (reports and remembered entries too, but not this schedule's own reports) and
says so in one line when nothing is; a run after downtime says which due times it stands for."""

from __future__ import annotations

import re
from collections.abc import Collection
from dataclasses import replace
from datetime import datetime, tzinfo

from bot.research.dossier import Dossier
from bot.schedules.rules import describe_next
from bot.text.display import shorten
from storage.models import Schedule, ScheduleRun

# the words that make a topic a digest ("what's new on …"), not what it is about
_NEWS = re.compile(
    r"^(?:(?:tell me|show me|tell us)\s+)?(?:(?:what'?s|what is|what has|anything|any)\s+(?:new|changed)|what changed"
    r"|new)\b(?:\s+(?:on|in|about|with|for|around|at|to)\b)?\s*",
    re.I,
)


def is_digest(topic: str) -> bool:
    """ "what's new on …", "what changed …", "any new …": the asker wants only what is new."""
    return bool(_NEWS.match(topic.strip()))


def subject(topic: str) -> str:
    """What a digest searches for: the topic without its news words."""
    return _NEWS.sub("", topic.strip()).strip(" ?.!") or topic.strip()


def only_new(dossier: Dossier, since: datetime, *, own_reports: Collection[str]) -> Dossier:
    """The dossier cut down to entries created or changed after ``since`` (what the run
    found that is older is what the previous runs already said)."""

    def new(entry_id: str, updated: datetime) -> bool:
        return updated > since and entry_id not in own_reports

    found = {k: f for k, f in dossier.found.items() if new(k, f.entry.updated_at)}
    return replace(
        dossier,
        found=found,
        edges=[e for e in dossier.edges if e.from_id in found and e.to_id in found],
        related=[r for r in dossier.related if new(r[0].id, r[0].updated_at)],
        digest=[d for d in dossier.digest if d[1].entry.id in found],
        open_questions=[p for p in dossier.open_questions if p.entry.id in found],
        relevance={k: v for k, v in dossier.relevance.items() if k in found},
        note_answers={k: [e for e in v if e.id in found] for k, v in dossier.note_answers.items()},
        earlier=None,  # an earlier answer is, by definition, not news
        start_entry=dossier.start_entry
        if dossier.start_entry is None or dossier.start_entry.id in found
        else None,
    )


def nothing_new(topic: str, since: datetime, zone: tzinfo) -> str:
    """The one line a digest says when nothing is new."""
    return f"Nothing new on {shorten(subject(topic), 120)} since {_when(since, zone)}.\n"


def run_header(schedule: Schedule, run: ScheduleRun, zone: tzinfo) -> str:
    """The line a scheduled report starts with: which schedule, what it covers, what was missed."""
    line = f"Scheduled run of {schedule.id} ({schedule.rule_text}, {schedule.timezone})"
    if schedule.mode == "digest" and run.since is not None:
        line += f": what is new since {_when(run.since, zone)}"
    line += f". `/schedule pause {schedule.id}` · `/schedule run {schedule.id}` · `/schedule delete {schedule.id}`"
    if run.missed:
        line += (
            f" Missed: {run.missed + 1} due times passed while I was not running, from "
            f"{_when(run.due_at, zone)}; this one run stands for them all."
        )
    return line


def _when(moment: datetime, zone: tzinfo) -> str:
    return describe_next(moment, zone)
