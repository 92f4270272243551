"""The model API's circuit breaker: after a few connection failures in a row the API is
taken to be down, and every call goes straight to the offline answer for a cool-down
instead of spending its retry budget; then one call at a time probes it. Said once in the
log when it goes down, once when it is back."""

from __future__ import annotations

import logging
from datetime import datetime, timedelta

from bot.clock import Clock

log = logging.getLogger(__name__)

TRIP_AFTER = 3  # connection failures in a row (attempts, across calls)
COOL_DOWN = timedelta(seconds=30)  # the first wait before a probe; doubled after a failed probe
MAX_COOL_DOWN = timedelta(minutes=5)


class Breaker:
    def __init__(self, clock: Clock, *, url: str) -> None:
        self.clock = clock
        self.url = url  # named in the log line (never a key: the base URL only)
        self.failures = 0
        self.cool_down = COOL_DOWN
        self.open_until: datetime | None = None
        self.probing = False

    @property
    def down(self) -> bool:
        return self.open_until is not None

    def admit(self) -> bool:
        """May a call go to the API now? While it is down: no, except one probe at a time
        once the cool-down is over (the caller makes a single attempt)."""
        if self.open_until is None:
            return True
        if self.probing or self.clock.now() < self.open_until:
            return False
        self.probing = True
        return True

    def reached(self) -> None:
        """The API answered (any HTTP status: it is there)."""
        if self.open_until is not None:
            log.warning("the model API at %s answers again; using the model", self.url)
        self.failures = 0
        self.cool_down = COOL_DOWN
        self.open_until = None
        self.probing = False

    def failed(self, what: str) -> None:
        """A connection failure (refused, dropped, timed out)."""
        self.failures += 1
        if self.probing:  # still down: wait longer before the next probe
            self.probing = False
            self.cool_down = min(self.cool_down * 2, MAX_COOL_DOWN)
            self.open_until = self.clock.now() + self.cool_down
            log.info("the model API at %s is still unreachable (%s)", self.url, what)
        elif self.open_until is None and self.failures >= TRIP_AFTER:
            self.open_until = self.clock.now() + self.cool_down
            log.warning(
                "the model API at %s cannot be reached (%d connection failures in a row, last: %s); "
                "answering without the model, and trying it again every %d s or so",
                self.url,
                self.failures,
                what,
                int(self.cool_down.total_seconds()),
            )

    def abandoned(self) -> None:
        """A probe ended without an outcome (cancelled): the next call may probe."""
        self.probing = False
