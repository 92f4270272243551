"""The investigation queue: enqueue with a dedup guard, atomic claim, heartbeat, idempotent
complete/fail guarded by a claim token, stale reclaim, cancel, and the delivery record.
"""

from __future__ import annotations

from storage.db import Database
from storage.queue_claims import Claims
from storage.queue_delivery import Deliveries
from storage.queue_intake import Intake
from storage.queue_types import CHANNEL, Claim, Enqueued, Guard, NotTaken, Outcome, Request

__all__ = ["CHANNEL", "Claim", "Enqueued", "Guard", "NotTaken", "Outcome", "Queue", "Request"]


class Queue:
    """What callers hold: the operations of three parts, each readable alone, under one name:
    ``Intake`` (queue_intake.py), ``Claims`` (queue_claims.py), ``Deliveries``
    (queue_delivery.py). The database is the truth: every transition is one guarded
    statement, so any number of worker processes can share it. Times are aware UTC, passed
    in by the caller (injected clock)."""

    def __init__(self, db: Database) -> None:
        self.db = db
        self.intake = intake = Intake(db)
        self.claims = claims = Claims(db)
        self.deliveries = deliveries = Deliveries(db)
        # intake and look-ups
        self.enqueue = intake.enqueue
        self.get = intake.get
        self.for_request = intake.for_request
        self.open_for_conversation = intake.open_for_conversation
        self.listing = intake.listing
        self.count_since = intake.count_since
        self.add_note = intake.add_note
        self.notes = intake.notes
        # claims and the lease
        self.claim = claims.claim
        self.heartbeat = claims.heartbeat
        self.release = claims.release
        self.watch = claims.watch
        self.complete = claims.complete
        self.complete_and_claim = claims.complete_and_claim
        self.fail = claims.fail
        self.set_question = claims.set_question
        self.reclaim_stale = claims.reclaim_stale
        self.cancel = claims.cancel
        # the delivery record
        self.undelivered = deliveries.undelivered
        self.mark_delivered = deliveries.mark_delivered
        self.lease_delivery = deliveries.lease_delivery
        self.delivery_failed = deliveries.delivery_failed
