"""The worker: claims investigations, runs them, writes and stores the report, and hands the
result to delivery. The database is the truth, so any number of workers on any number of
hosts can share it: a claim loop woken by enqueues (in this process, or any process through
PostgreSQL NOTIFY) with a poll as the backstop, a heartbeat that keeps the lease while an
investigation runs, and the stale sweep on a timer (``bot.work.timers``)."""

from __future__ import annotations

import asyncio
import logging
import socket
import uuid
from collections.abc import Awaitable, Callable, Coroutine, Sequence
from datetime import timedelta
from typing import Any, TypeVar

from bot.clock import Clock
from bot.config import Settings
from bot.events import Sender, ThreadRef
from bot.inbound.door import DatabaseStatus
from bot.llm import LLMProvider, OfflineProvider
from bot.llm.usage import scoped
from bot.research.archive import ReportArchive
from bot.research.dossier import Dossier
from bot.research.investigate import Investigator
from bot.research.synthesis import Synthesizer
from bot.schedules.runs import ScheduleClock
from bot.work.delivery import Delivery
from bot.work.investigation import Cancelled, ResearchJob
from bot.work.slots import Slots
from bot.work.timers import Jobs
from storage.conversations import Conversations
from storage.db import unavailable
from storage.knowledge import Knowledge
from storage.models import Entry, Investigation
from storage.queue import Claim, Outcome, Queue
from storage.schedules import Schedules

log = logging.getLogger(__name__)

T = TypeVar("T")


class Worker:
    """The claim loop and the lease: what runs an investigation is ``ResearchJob``, what
    keeps its report is ``ReportArchive``, what posts it is ``Delivery``."""

    def __init__(
        self,
        *,
        settings: Settings,
        clock: Clock,
        queue: Queue,
        conversations: Conversations,
        knowledge: Knowledge,
        investigator: Investigator,
        llm: LLMProvider,
        synthesizer: Synthesizer | None = None,
        senders: dict[str, Sender] | None = None,
        on_entries: Callable[[Sequence[Entry]], Awaitable[None]] | None = None,
        worker_id: str | None = None,
        sleep: Callable[[float], Awaitable[object]] = asyncio.sleep,
        database_status: DatabaseStatus | None = None,
    ) -> None:
        self.settings = settings
        self.clock = clock
        self.queue = queue
        self.conversations = conversations
        self.knowledge = knowledge
        self.investigator = investigator
        self.llm = llm
        self.offline = OfflineProvider()
        self.synthesizer = synthesizer or Synthesizer(llm, self.offline)
        self.senders: dict[str, Sender] = senders if senders is not None else {}
        self.job = ResearchJob(
            settings=settings,
            clock=clock,
            queue=queue,
            conversations=conversations,
            investigator=investigator,
            llm=llm,
            offline=self.offline,
            synthesizer=self.synthesizer,
            senders=self.senders,
            schedules=Schedules(queue.db),
        )
        self.archive = ReportArchive(
            reports_dir=settings.reports_dir, clock=clock, knowledge=knowledge, on_entries=on_entries
        )
        self.delivery = Delivery(
            queue,
            clock,
            self.senders,
            retry_s=settings.delivery_retry_s,
            lease_s=settings.lease_s,
            conversations=conversations,
        )
        self.worker_id = worker_id or f"{socket.gethostname()}:{uuid.uuid4().hex[:8]}"
        self._held: dict[str, Claim] = {}  # claims this process holds, handed back at stop
        # the process's one down/up pair (the core's): the worker's failures add no lines
        self.database_status = database_status or DatabaseStatus()
        self.jobs = Jobs(self.database_status)
        self.jobs.every("sweep", settings.sweep_interval_s, self.sweep)
        if self.delivery.later is not None:
            self.delivery.later.on_due = self.replies_due  # a retried answer's next attempt
        # claims: a loop woken by enqueues (this process's, or any process's through
        # PostgreSQL NOTIFY), polling every ``worker_interval_s`` as the backstop
        self._wake = asyncio.Event()
        self._loop: asyncio.Task[None] | None = None
        self._listener: Any = None
        self._sleep = sleep  # the heartbeat's and the retry's pause (tests drive it; ``keep_lease``)
        self._handed_back = False  # this pass gave work back: claim no more until the next
        # by the investigation just completed: the next one claimed with its completion
        self._next: dict[str, Claim | None] = {}
        self.slots = Slots(settings.worker_slots, self._wake)  # investigations at once
        self.schedules = ScheduleClock(self.jobs, clock)  # due runs: the wiring gives it them

    # ------------------------------------------------------------------ scheduling

    def start(self) -> None:
        """Start the claim loop and the stale sweep on the running event loop, and post the
        late answers already due (a stopped process may have left some)."""
        self.jobs.start()
        self.replies_due(0)
        self.schedules.arm()
        self._loop = asyncio.create_task(self._claim_loop(), name=f"worker {self.worker_id}")

    def wake(self) -> None:
        """Look for work now (an investigation was enqueued), not at the next poll."""
        self._wake.set()

    def replies_due(self, seconds: float) -> None:
        """A kept answer comes due in ``seconds``: deliver answers then, not at the next
        sweep (a timer: nothing waits meanwhile). Nothing when this worker is not started."""
        self.jobs.once("replies", seconds, self.deliver_replies)

    async def deliver_replies(self) -> None:
        await self.jobs.guarded(self.delivery.deliver_replies, "delivering late replies failed")

    async def _claim_loop(self) -> None:
        # A wake that arrives while a pass runs is kept (the event is cleared before the
        # pass), so the loop goes round again at once instead of missing it.
        while not self.jobs.stopping:
            if self._listener is None:
                await self._listen()
            self._wake.clear()
            await self.tick()
            if self.jobs.stopping:
                break
            try:
                await asyncio.wait_for(self._wake.wait(), timeout=self.settings.worker_interval_s)
            except TimeoutError:
                pass

    async def _listen(self) -> None:
        try:
            self._listener = await self.queue.watch(self.wake) or False
        except Exception as exc:  # the database is down: poll, and try again next pass
            log.warning("cannot listen for new investigations (%s); polling", type(exc).__name__)

    async def stop(self, *, grace: float = 0.0) -> list[Investigation]:
        """Stop in order: no new ticks; a running tick gets ``grace`` seconds to finish and is
        then cancelled (quietly: this is a shutdown, not a failure); every investigation this
        process still holds is handed back to the queue without spending an attempt, so
        another worker takes it at once. Returns what was handed back. Idempotent."""
        self._wake.set()  # an idle claim loop ends now
        await self.jobs.stop(grace=grace)
        if self._loop is not None:
            loop, self._loop = self._loop, None
            await asyncio.gather(loop, return_exceptions=True)
        if self._listener:
            await self._listener.close()
        self._listener = None
        released = await hand_back(self.queue, list(self._held.values()))
        self._held.clear()
        self.jobs.stopped()
        return released

    async def tick(self) -> None:
        await self.jobs.guarded(self.run_once, "worker tick failed")

    async def sweep(self) -> None:
        await self.jobs.guarded(self._sweep, "worker sweep failed")

    async def _sweep(self) -> None:
        failed = await self.queue.reclaim_stale(
            now=self.clock.now(),
            lease=timedelta(seconds=self.settings.lease_s),
            max_attempts=self.settings.max_attempts,
        )
        if failed:
            log.warning("gave up on %d investigations after repeated stalls", len(failed))
        await self.delivery.deliver_pending()
        await self.delivery.forget_old(self.settings.seen_retention_s)
        await self.schedules.set_timer()  # schedules made in other processes since

    # ------------------------------------------------------------------ work

    async def run_once(self) -> int:
        """Reclaim stale work, claim and run investigations while there are any, then
        deliver every finished result. Returns how many investigations ran. (Late answers
        are the sweep's and their timer's: this pass, every poll, leaves them.)"""
        await self.queue.reclaim_stale(
            now=self.clock.now(),
            lease=timedelta(seconds=self.settings.lease_s),
            max_attempts=self.settings.max_attempts,
        )
        self._handed_back = False
        ran = await self.slots.run(self._lane, closed=lambda: self.jobs.stopping or self._handed_back)
        await self.delivery.deliver_reports()
        return ran

    async def _lane(self) -> int:
        """One slot's walk: claim, run, complete with the next claim, until none is left."""
        ran = 0
        claim = None if self.jobs.stopping else (await self._claim())[1]
        while claim is not None:
            thread = ThreadRef.from_json(claim.investigation.thread_ref)  # once for the whole walk
            await self.process(claim, thread, hand_over=True)
            following = self._next.pop(claim.investigation.id, None)  # claimed with its completion
            ran += 1
            if self.jobs.stopping or (self._handed_back and following is None):
                break  # stopping, or the database is unwell (the next pass tries again)
            # the claim's copy: the lease in ``deliver`` reads the row as it is now
            await self._deliver_finished(claim, thread)
            claim = following or (None if self.jobs.stopping else (await self._claim())[1])
        return ran

    async def _deliver_finished(self, claim: Claim, thread: ThreadRef) -> None:
        """Deliver the result just recorded. It failing (the database away under the lease)
        must not end the walk: the next claim, taken with the completion, is this lane's to
        run or hand back, and the result is recorded as finished, so the pass's delivery (or
        the sweep's) posts it."""
        try:
            await self.delivery.deliver(claim.investigation, thread)
        except Exception as exc:
            if not unavailable(exc):
                log.exception("delivering %s failed; retrying later", claim.investigation.id[:8])
                return
            self.database_status.failed(exc)
            log.debug("database unavailable delivering %s; retrying later", claim.investigation.id[:8])

    async def process(
        self, claim: Claim, thread: ThreadRef | None = None, *, hand_over: bool = False
    ) -> Outcome:
        inv = claim.investigation
        self._held[inv.id] = claim
        outcome = await self._process(claim, thread or ThreadRef.from_json(inv.thread_ref), hand_over)
        self._held.pop(inv.id, None)  # not reached when cancelled: stop() hands it back
        return outcome

    async def _claim(self, ran: Claim | None = None, *result: Any) -> tuple[Outcome | None, Claim | None]:
        """Claim the next investigation; after ``ran`` (with its answer, report path and
        entry), complete it in the same statement. A claim is held from the moment it lands,
        also when this worker is stopped meanwhile (stop() hands it back)."""
        call: Coroutine[Any, Any, Any]
        if ran is None:
            call = self.queue.claim(worker_id=self.worker_id, now=self.clock.now())
        else:
            answer, path, entry = result
            call = self.queue.complete_and_claim(
                ran,
                now=self.clock.now(),
                answer=answer,
                report_path=path,
                report_entry_id=entry,
                worker_id=self.worker_id,
            )
        claiming = asyncio.ensure_future(call)
        try:
            landed = await asyncio.shield(claiming)
        finally:  # cancelled: it may have landed all the same
            landed = await claiming
            taken = landed[1] if isinstance(landed, tuple) else landed
            if taken is not None:
                self._held[taken.investigation.id] = taken
        return landed if isinstance(landed, tuple) else (None, landed)

    async def _process(self, claim: Claim, thread: ThreadRef, hand_over: bool = False) -> Outcome:
        inv = claim.investigation
        with scoped(
            space=inv.space,
            conversation_id=inv.conversation_id,
            investigation_id=inv.id,
            user_id=inv.requester_id,
            platform=thread.platform,
        ):
            running = asyncio.create_task(self.job.run(claim, thread))  # (the task copies the scope)
        keeper = asyncio.create_task(keep_lease(self, claim, running))
        try:
            report, question, dossier = await running
            # kept under the claim, before ``complete``: a deliverable row is linked to its
            # report, and a keep cut short is redone by the next run (upserted by its id)
            saved = await keep_report(self, claim, question, report, dossier)
        except asyncio.CancelledError:
            task = asyncio.current_task()
            if task is not None and task.cancelling():
                raise  # this worker is stopping: stop() hands the claim back
            log.info("investigation %s was cancelled or reclaimed while running", inv.id[:8])
            return Outcome.STALE_CLAIM  # the heartbeat found the claim gone
        except Cancelled:
            log.info("investigation %s was cancelled or reclaimed while running", inv.id[:8])
            return Outcome.STALE_CLAIM
        except Exception as exc:
            if unavailable(exc):
                # not the investigation's fault: hand it back (no attempt spent) for a retry
                self.database_status.failed(exc)
                log.debug("database unavailable while running %s; handing it back", inv.id[:8])
                await self._persist(lambda: self.queue.release(claim))
                self._handed_back = True
                return Outcome.STALE_CLAIM
            log.exception("investigation %s failed", inv.id[:8])
            error = f"{type(exc).__name__}: {exc}"[:500]
            return await self._persist(lambda: self.queue.fail(claim, now=self.clock.now(), error=error))
        finally:
            keeper.cancel()
        if hand_over and not self.jobs.stopping:
            done, self._next[inv.id] = await self._persist(lambda: self._claim(claim, report, *saved))
            assert done is not None  # a completion always has an outcome
            outcome = done
        else:
            path, entry_id = saved
            outcome = await self._persist(
                lambda: self.queue.complete(
                    claim, now=self.clock.now(), answer=report, report_path=path, report_entry_id=entry_id
                )
            )
        if outcome is not Outcome.APPLIED:
            # reclaimed while this worker was away: the result belongs to whoever holds it
            # now (it keeps its report under the same entry, by the investigation's id)
            log.warning("result of %s not recorded: %s", inv.id[:8], outcome.value)
        return outcome

    def _persist(self, record: Callable[[], Awaitable[T]]) -> Awaitable[T]:
        return persist(
            record, patience_s=self.settings.lease_s / 3, sleep=self._sleep, status=self.database_status
        )


async def hand_back(queue: Queue, held: Sequence[Claim]) -> list[Investigation]:
    """Hand ``held`` back to ``queue`` without spending an attempt; what was handed back. A
    claim whose answer came for a caller cancelled meanwhile (a lane the stop cancelled) is
    being handed back by the queue: this waits for that too."""
    released = []
    for claim in held:
        try:
            if await queue.release(claim):
                released.append(claim.investigation)
        except Exception as exc:  # the lease still expires; another worker reclaims it then
            log.warning("could not hand back %s: %s", claim.investigation.id[:8], exc)
    await queue.claims.settled()
    return released


async def persist(
    record: Callable[[], Awaitable[T]],
    *,
    patience_s: float,
    sleep: Callable[[float], Awaitable[object]],
    status: DatabaseStatus,
) -> T:
    """Record an outcome a worker still holds the claim for, waiting out a database that is
    briefly unavailable (a restart, a failover) for up to ``patience_s`` (a third of the
    lease) rather than leaving the row running until the lease expires."""
    pause, waited = 0.25, 0.0
    while True:
        try:
            return await record()
        except Exception as exc:
            if not unavailable(exc) or waited >= patience_s:
                raise
            status.failed(exc)
            log.debug("database unavailable (%s); retrying in %.1f s", type(exc).__name__, pause)
        await sleep(pause)
        waited += pause
        pause = min(pause * 2, 5.0)


async def keep_lease(worker: Worker, claim: Claim, running: asyncio.Task[Any]) -> None:
    """Refresh the lease three times per lease while the investigation runs (a model call
    may take longer than the lease); stop it when the claim is gone."""
    while True:
        await worker._sleep(worker.settings.lease_s / 3)
        try:
            held = await worker.queue.heartbeat(claim, now=worker.clock.now())
        except Exception as exc:  # a database blip: the lease still has two beats left
            if unavailable(exc):
                worker.database_status.failed(exc)
                log.debug("heartbeat failed: %s", type(exc).__name__)
            else:
                log.warning("heartbeat failed: %s", type(exc).__name__)
            continue
        if not held:
            running.cancel()
            return


async def keep_report(
    worker: Worker, claim: Claim, question: str, report: str, dossier: Dossier
) -> tuple[str | None, str | None]:
    """The report as a file and an entry, under the claim; (None, None) when there is
    nothing to keep, or keeping failed (the answer is delivered all the same)."""
    inv = claim.investigation
    if not dossier.found:
        return None, None
    if not await worker.queue.heartbeat(claim, now=worker.clock.now(), progress="keeping the report"):
        # reclaimed while this worker was away: whoever holds it keeps its own report
        log.warning("result of %s not recorded: %s", inv.id[:8], Outcome.STALE_CLAIM.value)
        raise Cancelled()
    try:
        path, entry_id = await worker.archive.keep(
            inv.id, inv.space, question, report, dossier, asked_at=inv.created_at
        )
    except Exception as exc:
        if unavailable(exc):
            raise  # handed back, and kept by the next run
        log.exception("could not save the report of %s as a file and entry", inv.id[:8])
        return None, None
    return str(path), entry_id
