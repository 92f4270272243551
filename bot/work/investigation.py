"""One claimed investigation, from the request to the report: the question rewritten against
the thread, progress shown in the thread while the phases run (each step a heartbeat that
notices a cancel), late steering notes followed, the report synthesized and rendered."""

from __future__ import annotations

import logging
from zoneinfo import ZoneInfo

from bot.clock import Clock
from bot.config import Settings
from bot.events import Posted, Sender, ThreadRef
from bot.llm import LLMProvider, OfflineProvider, Turn
from bot.llm.fallback import with_fallback
from bot.research.dossier import Dossier, Progress
from bot.research.investigate import Investigator
from bot.research.report import render_report
from bot.research.synthesis import Synthesizer
from bot.routing import is_referential
from bot.schedules.digest import nothing_new, only_new, run_header
from bot.text.display import shorten
from storage.conversations import Conversations
from storage.models import Investigation, Schedule, ScheduleRun
from storage.queue import Claim, Queue
from storage.schedules import Schedules

log = logging.getLogger(__name__)


class Cancelled(Exception):
    """The investigation was cancelled (or reclaimed) while it ran."""


class ResearchJob:
    def __init__(
        self,
        *,
        settings: Settings,
        clock: Clock,
        queue: Queue,
        conversations: Conversations,
        investigator: Investigator,
        llm: LLMProvider,
        offline: OfflineProvider,
        synthesizer: Synthesizer,
        senders: dict[str, Sender],
        schedules: Schedules | None = None,
    ) -> None:
        self.settings = settings
        self.clock = clock
        self.queue = queue
        self.conversations = conversations
        self.investigator = investigator
        self.llm = llm
        self.offline = offline
        self.synthesizer = synthesizer
        self.senders = senders  # shared with delivery: adapters add theirs after start-up
        self.schedules = schedules  # a scheduled run: its digest and what it missed

    async def run(self, claim: Claim, thread: ThreadRef) -> tuple[str, str, Dossier]:
        """Run the investigation asked in ``thread``; the report, the question it answered, and its dossier.
        Raises ``Cancelled`` when the claim is gone (cancelled, or reclaimed elsewhere)."""
        inv = claim.investigation
        question = await self._question(claim)
        progress = await self._progress(claim, question, thread)
        notes_before = [n.text for n in await self.queue.notes(inv.id)]
        dossier = await self.investigator.run(
            question,
            space=inv.space,
            entry_id=inv.entry_id,
            notes=notes_before,
            progress=progress,
            web=self.settings.web_search,
            now=self.clock.now(),
        )
        # steering notes are read again right before synthesis: late ones count too
        notes = [n.text for n in await self.queue.notes(inv.id)]
        await self.investigator.follow_notes(dossier, notes, space=inv.space)  # the late ones
        if not await self.queue.heartbeat(claim, now=self.clock.now(), progress="writing the report"):
            raise Cancelled()
        scheduled = await self._scheduled(inv)
        if scheduled is not None:
            schedule, run, zone = scheduled
            if schedule.mode == "digest" and run.since is not None:
                own = await self.schedules.own_reports(schedule.id) if self.schedules is not None else set()
                dossier = only_new(dossier, run.since, own_reports=own)
                if not dossier.found:
                    text = (
                        run_header(schedule, run, zone)
                        + "\n\n"
                        + nothing_new(schedule.topic, run.since, zone)
                    )
                    return text, question, dossier
        synthesis = await self.synthesizer.synthesize(dossier, notes)
        report = render_report(dossier, synthesis, notes=notes)
        if scheduled is not None:
            report = run_header(*scheduled) + "\n\n" + report
        return report, question, dossier

    async def _scheduled(self, inv: Investigation) -> tuple[Schedule, ScheduleRun, ZoneInfo] | None:
        """A scheduled run's schedule and run record (None for any other investigation, and
        for a run whose schedule was deleted meanwhile: it is reported as asked)."""
        if not inv.schedule_id or self.schedules is None:
            return None
        run = await self.schedules.run_of(inv.id)
        schedule = await self.schedules.get(inv.schedule_id)
        if run is None or schedule is None:
            return None
        return schedule, run, ZoneInfo(schedule.timezone)

    async def _question(self, claim: Claim) -> str:
        """The request as a self-contained topic (a model rewrites it against the thread;
        a referential one offline too), recorded on the investigation when it changed."""
        inv = claim.investigation
        question = inv.question
        if not (is_referential(question) or not self.llm.offline):
            return question
        history = [
            Turn(m.role, m.text[:4000], m.author_name)
            for m in await self.conversations.history(inv.conversation_id, limit=self.settings.history_turns)
        ]

        async def rewrite(model: LLMProvider) -> str:
            if model.offline and not is_referential(question):
                return question  # without a model, the user's own words are the topic
            return await model.rewrite_question(inv.request_text or question, history=history)

        # a rewrite that failed or is not a topic: the user's own words (resolved offline
        # when they point back into the thread)
        question = await with_fallback(
            self.llm, self.offline, rewrite, what="question rewrite", errors=(Exception,)
        )
        question = " ".join(question.split())[:500] or inv.question
        if question != inv.question:
            await self.queue.set_question(claim, question)
        return question

    async def _progress(self, claim: Claim, question: str, thread: ThreadRef) -> Progress:
        """The phases' progress callback: a heartbeat (the claim gone → ``Cancelled``), the
        typing indicator, and the acknowledgement edited to say where the work is."""
        inv = claim.investigation
        sender = self.senders.get(thread.platform)
        await _show_work(sender, thread)
        ack = [inv.ack_message_id]

        async def progress(phase: int, text: str) -> None:
            if not await self.queue.heartbeat(claim, now=self.clock.now(), progress=text):
                raise Cancelled()
            await _show_work(sender, thread)
            if sender is not None and not ack[0]:
                # claimed between the enqueue and the acknowledgement being recorded
                ack[0] = await self._ack_of(inv)
            if sender is not None and ack[0]:
                try:
                    await sender.edit(
                        Posted(thread, ack[0]), f'Investigating "{shorten(question, 100)}": {text}.'
                    )
                except Exception as exc:  # progress is best effort
                    log.debug("progress edit failed: %s", type(exc).__name__)

        return progress

    async def _ack_of(self, inv: Investigation) -> str | None:
        current = await self.queue.get(inv.id)
        return current.ack_message_id if current is not None else None


async def _show_work(sender: Sender | None, thread: ThreadRef) -> None:
    if sender is not None:
        try:
            await sender.typing(thread)
        except Exception as exc:  # a status indicator is cosmetic
            log.debug("typing indicator failed: %s", type(exc).__name__)
