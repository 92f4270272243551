"""The door's database status: one "unavailable" and one "back" per outage, also when a
restarting server flaps (a unit works between two that fail)."""

from __future__ import annotations

import logging

import pytest

from bot.inbound.door import DatabaseStatus


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def _said(caplog: pytest.LogCaptureFixture) -> list[str]:
    return [
        r.getMessage().split(" (")[0]
        for r in caplog.records
        if r.levelno >= logging.WARNING and r.name == "bot.inbound.door"
    ]


def test_a_flapping_restart_is_one_outage_in_the_log(caplog: pytest.LogCaptureFixture) -> None:
    clock = Clock()
    status = DatabaseStatus(settle_s=5.0, clock=clock)
    with caplog.at_level(logging.DEBUG, logger="bot.inbound.door"):
        status.failed(ConnectionError("refused"))
        clock.now += 0.005
        status.worked()  # one unit got through mid-restart
        clock.now += 0.005
        status.failed(ConnectionError("refused"))
        clock.now += 3
        status.worked()
    assert _said(caplog) == ["database unavailable", "database is back"]
    assert status.down is False


def test_an_outage_after_the_settle_window_is_said_again(caplog: pytest.LogCaptureFixture) -> None:
    clock = Clock()
    status = DatabaseStatus(settle_s=5.0, clock=clock)
    with caplog.at_level(logging.DEBUG, logger="bot.inbound.door"):
        status.failed(ConnectionError("refused"))
        status.worked()
        clock.now += 60
        status.failed(ConnectionError("refused"))
        status.worked()
    assert _said(caplog) == [
        "database unavailable",
        "database is back",
        "database unavailable",
        "database is back",
    ]
