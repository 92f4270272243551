"""What people ask of schedules, from chat (``/schedule …``, a request that carries a
schedule) and the CLI alike: add, list, pause, resume, delete, run now. Each answer is the
sentence to show; each change is audited in its own transaction."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from bot.clock import Clock
from bot.config import Settings
from bot.events import Person, ThreadRef
from bot.policy import Caller, Gate
from bot.schedules.digest import is_digest
from bot.schedules.rules import RuleError, describe_next, parse_rule, zone_named
from bot.schedules.runs import DueRuns, rule_of
from bot.text.display import shorten
from storage.models import Schedule
from storage.records import SCHEDULE_CHANGED, SCHEDULE_DELETED, SCHEDULED, Audit
from storage.schedules import Schedules, new_schedule_id

_FLAG_DIGEST = re.compile(r"(?:^|\s)--digest(?=\s|$)")
HELP = (
    "`/schedule every monday 09:00 what changed on the Atlas project` sets one up "
    '(add --digest, or start the topic with "what\'s new", for only what is new since the last run); '
    "`/schedule list`, `/schedule pause ID`, `/schedule resume ID`, `/schedule delete ID`, `/schedule run ID` (now)."
)


@dataclass(frozen=True)
class Where:
    """Where a schedule is made: the thread its runs go to, its conversation, its space."""

    thread: ThreadRef
    conversation_id: str
    space: str


class Scheduling:
    def __init__(
        self,
        *,
        settings: Settings,
        clock: Clock,
        store: Schedules,
        gate: Gate,
        audit: Audit,
        runs: DueRuns,
    ) -> None:
        self.settings = settings
        self.clock = clock
        self.store = store
        self.gate = gate
        self.audit = audit
        self.runs = runs
        self.on_changed: Callable[[], None] | None = None  # re-arms the worker's timer

    async def add(
        self,
        text: str,
        owner: Person,
        where: Where,
        *,
        zone: str | None,
        digest: bool = False,
        by_operator: bool = False,
    ) -> str:
        """Parse ``text`` ("every monday 09:00 topic"), check the policy, store it; the
        confirmation states the parsed rule and the next run in the owner's time zone. The
        operator (the CLI) is not held to the investigators list or the per-person limit."""
        if _FLAG_DIGEST.search(text):
            digest, text = True, _FLAG_DIGEST.sub(" ", text).strip()
        try:
            parsed = parse_rule(text)
            tz = zone_named(parsed.zone or zone or self.settings.timezone)
        except RuleError as exc:
            return str(exc)
        topic = parsed.rest.strip()
        if not topic:
            return f"What should I look into {parsed.rule.text}? Try: {HELP}"
        refusal = None if by_operator else self._refusal(where.thread, owner)
        if refusal is not None:
            return refusal
        now = self.clock.now()
        shortest = parsed.rule.shortest_gap(tz, now)
        if shortest < self.settings.schedule_min_interval_s:
            return (
                f"That would run every {_duration(shortest)}; the shortest interval allowed here is "
                f"{_duration(self.settings.schedule_min_interval_s)} (MALLORY_SCHEDULE_MIN_INTERVAL)."
            )
        digest = digest or is_digest(topic)
        schedule = Schedule(
            id=new_schedule_id(),
            owner_id=owner.id,
            owner_name=owner.name,
            platform=where.thread.platform,
            space=where.space,
            conversation_id=where.conversation_id,
            thread_ref=where.thread.to_json(),
            rule=parsed.rule.spec,
            rule_text=parsed.rule.text,
            timezone=getattr(tz, "key", "UTC"),
            topic=topic[:2000],
            mode="digest" if digest else "full",
            created_at=now,
            updated_at=now,
            next_run=parsed.rule.next_after(now, tz, anchor=now),
        )
        limit = 0 if by_operator else self.settings.schedules_per_user
        added = await self.store.add(
            schedule,
            limit=limit,
            audit=self._audit(SCHEDULED, schedule, owner, f"{schedule.rule_text}: {topic}"),
        )
        if not added:
            return f"You already have {limit} schedules (MALLORY_SCHEDULES_PER_USER); delete one first."
        self._changed()
        kind = "a digest of what is new" if digest else "a full investigation"
        return (
            f'Scheduled {schedule.id}: "{shorten(topic)}" {schedule.rule_text} ({schedule.timezone}), '
            f"{kind} each time, posted here. next: {describe_next(schedule.next_run, tz)}. "
            f"`/schedule pause {schedule.id}`, `/schedule run {schedule.id}`, `/schedule delete {schedule.id}`."
        )

    async def listing(self, owner: Person | None = None, space: str | None = None) -> list[Schedule]:
        return await self.store.listing(owner_id=owner.id if owner is not None else None, space=space)

    def describe(self, schedule: Schedule) -> str:
        rule, zone = rule_of(schedule)
        state = (
            f"paused ({schedule.paused_reason})"
            if schedule.paused and schedule.paused_reason
            else ("paused" if schedule.paused else f"next: {describe_next(schedule.next_run, zone)}")
        )
        mode = ", digest" if schedule.mode == "digest" else ""
        return f'{schedule.id}: "{shorten(schedule.topic)}" {rule.text} ({schedule.timezone}{mode}); {state}'

    async def list_text(self, owner: Person, space: str) -> str:
        mine = await self.listing(owner)
        if not mine:
            return f"You have no schedules. {HELP}"
        return "Your schedules:\n" + "\n".join(f"- {self.describe(s)}" for s in mine)

    async def pause(self, schedule_id: str, who: Person, thread: ThreadRef | None) -> str:
        found = await self._own(schedule_id, who, thread)
        if isinstance(found, str):
            return found
        change = await self.store.set_paused(
            found.id,
            paused=True,
            now=self.clock.now(),
            audit=self._audit(SCHEDULE_CHANGED, found, who, "paused"),
        )
        return f"Paused {found.id}." if change.changed else f"{found.id} was already paused."

    async def resume(self, schedule_id: str, who: Person, thread: ThreadRef | None) -> str:
        found = await self._own(schedule_id, who, thread)
        if isinstance(found, str):
            return found
        rule, zone = rule_of(found)
        now = self.clock.now()
        next_run = rule.next_after(now, zone, anchor=found.created_at)
        change = await self.store.set_paused(
            found.id,
            paused=False,
            now=now,
            next_run=next_run,
            audit=self._audit(SCHEDULE_CHANGED, found, who, "resumed"),
        )
        if not change.changed:
            return f"{found.id} is not paused."
        self._changed()
        return f"Resumed {found.id}. next: {describe_next(next_run, zone)}."

    async def delete(self, schedule_id: str, who: Person, thread: ThreadRef | None) -> str:
        found = await self._own(schedule_id, who, thread)
        if isinstance(found, str):
            return found
        gone = await self.store.delete(found.id, audit=self._audit(SCHEDULE_DELETED, found, who, found.topic))
        return f"Deleted {found.id}; it will not run again." if gone else f"{found.id} was already deleted."

    async def run_now(self, schedule_id: str, who: Person, thread: ThreadRef | None) -> str:
        found = await self._own(schedule_id, who, thread)
        if isinstance(found, str):
            return found
        owner = Person(found.owner_id, found.owner_name)
        run_thread = ThreadRef.from_json(found.thread_ref)
        refusal = await self.gate.investigation_refusal(run_thread, owner, found.space)
        if refusal is not None:
            return refusal
        now = self.clock.now()
        taken = await self.runs.enqueue(
            found, self.store.take_now(found, now=now), due_at=now, missed=0, now=now
        )
        if taken is None:
            return f"{found.id} was deleted meanwhile."
        if self.runs.on_enqueued is not None:
            self.runs.on_enqueued()
        return f'Running {found.id} now: "{shorten(found.topic)}". The report will come in its thread.'

    # ------------------------------------------------------------------ helpers

    def _refusal(self, thread: ThreadRef, owner: Person) -> str | None:
        if not self.gate.policy.may_investigate(Caller.of(thread, owner)):
            return (
                "Schedules are set only by the people who may commission investigations "
                "(MALLORY_INVESTIGATORS); I can still answer quick questions here."
            )
        return None

    async def _own(self, schedule_id: str, who: Person, thread: ThreadRef | None) -> Schedule | str:
        """The schedule, when ``who`` may change it (its owner, an admin, the CLI: ``thread`` None)."""
        schedule_id = schedule_id.strip()
        if not schedule_id:
            return f"Which schedule? {HELP}"
        found = await self.store.get(schedule_id[:40])
        if found is None:
            return f"There is no schedule {shorten(schedule_id, 40)}. `/schedule list` shows yours."
        if (
            thread is not None
            and found.owner_id != who.id
            and not self.gate.policy.is_admin(Caller.of(thread, who))
        ):
            return f"{found.id} is {found.owner_name or found.owner_id}'s schedule; only they or an admin may change it."
        return found

    def _audit(self, action: str, schedule: Schedule, who: Person, detail: str) -> Callable[[Any], None]:
        now = self.clock.now()

        def write(conn: Any) -> None:
            self.audit.write(
                conn,
                action,
                now=now,
                platform=schedule.platform,
                actor_id=who.id,
                actor_name=who.name,
                space=schedule.space,
                detail=f"schedule {schedule.id}: {detail}"[:500],
            )

        return write

    def _changed(self) -> None:
        if self.on_changed is not None:
            self.on_changed()


def _duration(seconds: float) -> str:
    seconds = int(seconds)
    if seconds % 3600 == 0 and seconds >= 3600:
        hours = seconds // 3600
        return "hour" if hours == 1 else f"{hours} hours"
    if seconds % 60 == 0 and seconds >= 60:
        minutes = seconds // 60
        return "minute" if minutes == 1 else f"{minutes} minutes"
    return f"{seconds} seconds"
