"""The console session's lifecycle as a user drives it: stopping with an investigation in
flight hands it back, a cancelled investigation gets no apology, piped and /dev/null
stdin end the chat cleanly and quietly."""

from __future__ import annotations

import asyncio
import io
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from adapters.console import ConsoleChat, ConsoleSender
from bot.cli import say_handed_back
from bot.events import Posted


class _StallsOnProgress(ConsoleSender):
    """A console whose "working on it" indicator, shown when the investigation starts, holds
    it there, like a long investigation that is still running when the user quits."""

    def __init__(self, out: io.StringIO) -> None:
        super().__init__(out)
        self.running = asyncio.Event()

    async def typing(self, thread: Any) -> None:
        self.running.set()
        await asyncio.Event().wait()


async def test_stopping_hands_a_running_investigation_back_without_spending_an_attempt(
    vault_rt: Any, console_out: io.StringIO, capsys: pytest.CaptureFixture[str]
) -> None:
    sender = _StallsOnProgress(console_out)
    vault_rt.worker.senders["console"] = sender
    chat = ConsoleChat(vault_rt.core, sender, session="quit", now=vault_rt.clock.now)
    vault_rt.worker.start()
    await chat.feed("dig into the March ingestion outage")
    await asyncio.wait_for(sender.running.wait(), timeout=30)
    inv = (await vault_rt.queue.listing())[0]
    assert (await vault_rt.queue.get(inv.id)).status == "running"

    handed_back = await vault_rt.worker.stop()
    say_handed_back(handed_back)  # what `mallory chat` prints at exit

    assert [i.id for i in handed_back] == [inv.id]
    said = capsys.readouterr().err
    assert 'handed back the unfinished investigation of "the March ingestion outage"' in said
    row = await vault_rt.queue.get(inv.id)
    assert row.status == "pending" and row.attempts == 0 and row.claim_token is None
    # another worker (here: the next `mallory worker --once`) runs it at once
    vault_rt.worker.senders["console"] = ConsoleSender(console_out)
    assert await vault_rt.worker.run_once() == 1
    assert (await vault_rt.queue.get(inv.id)).status == "delivered"


class _PressesAnswerQuickly(ConsoleSender):
    """The user types "answer quickly instead" while the investigation is running (on its
    first progress update)."""

    chat: ConsoleChat

    async def edit(self, posted: Posted, text: str, **kwargs: Any) -> None:
        await super().edit(posted, text, **kwargs)
        if "phase 1/4" in text:
            await self.chat.feed("answer quickly instead")


async def test_answer_quickly_while_running_cancels_without_an_apology(
    vault_rt: Any, console_out: io.StringIO
) -> None:
    sender = _PressesAnswerQuickly(console_out)
    vault_rt.worker.senders["console"] = sender
    sender.chat = ConsoleChat(vault_rt.core, sender, session="quick", now=vault_rt.clock.now)
    await sender.chat.feed("dig into the on-call policy")
    await vault_rt.worker.run_once()
    await vault_rt.worker.run_once()
    text = console_out.getvalue()
    assert "couldn't finish" not in text and "(apology)" not in text and "(report)" not in text
    assert text.count("Cancelled the investigation") == 1
    assert (await vault_rt.queue.listing())[0].status == "cancelled"


def _env(tmp_path: Path) -> dict[str, str]:
    env = {
        k: v
        for k, v in os.environ.items()
        if not k.startswith(("SLACK_", "TELEGRAM_", "ANTHROPIC_", "MALLORY_"))
    }
    env.update({"MALLORY_DATA_DIR": str(tmp_path / "data"), "MALLORY_EMBEDDER": "none"})
    return env


@pytest.mark.slow  # starts a real mallory process
def test_piped_chat_shuts_down_quietly(tmp_path: Path) -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "bot", "chat", "--wait", "5"],
        input="hi\n",
        capture_output=True,
        text=True,
        env=_env(tmp_path),
        cwd=tmp_path,
        timeout=120,
    )
    assert proc.returncode == 0, proc.stderr
    assert "Traceback" not in proc.stderr and "ERROR" not in proc.stderr, proc.stderr
    assert "mallory [m1] ↳ u1:" in proc.stdout


def _run_with_stdin(tmp_path: Path, stdin: Any) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "bot", "run"],
        stdin=stdin,
        capture_output=True,
        text=True,
        env=_env(tmp_path),
        cwd=tmp_path,
        timeout=60,
    )


@pytest.mark.slow  # starts a real mallory process
def test_dev_null_stdin_ends_the_chat(tmp_path: Path) -> None:
    with open(os.devnull, "rb") as devnull:
        proc = _run_with_stdin(tmp_path, devnull)
    assert proc.returncode == 0, proc.stderr
    assert "Traceback" not in proc.stderr, proc.stderr


@pytest.mark.slow  # starts a real mallory process
def test_closed_stdin_ends_the_chat(tmp_path: Path) -> None:
    proc = subprocess.run(
        ["bash", "-c", f'exec "{sys.executable}" -m bot chat <&-'],
        capture_output=True,
        text=True,
        env=_env(tmp_path),
        cwd=tmp_path,
        timeout=60,
    )
    assert proc.returncode == 0, proc.stderr
    assert "Traceback" not in proc.stderr, proc.stderr


@pytest.mark.slow  # starts a real mallory process
def test_chat_without_waiting_hands_its_investigation_back(tmp_path: Path) -> None:
    env = _env(tmp_path)
    proc = subprocess.run(
        [sys.executable, "-m", "bot", "chat", "--wait", "0"],
        input="dig into the March ingestion outage\n",
        capture_output=True,
        text=True,
        env=env,
        cwd=tmp_path,
        timeout=120,
    )
    assert "Traceback" not in proc.stderr, proc.stderr
    listing = subprocess.run(
        [sys.executable, "-m", "bot", "investigations", "--json"],
        capture_output=True,
        text=True,
        env=env,
        cwd=tmp_path,
        timeout=60,
    )

    (row,) = [json.loads(line) for line in listing.stdout.splitlines()]
    assert row["status"] != "running", proc.stderr  # never left for the lease to expire
    if "handed back" in proc.stderr:  # the tick had claimed it: back to pending, no attempt spent
        assert row["status"] == "pending" and row["attempts"] == 0
    if row["status"] == "pending":
        worker = subprocess.run(
            [sys.executable, "-m", "bot", "worker", "--once"],
            capture_output=True,
            text=True,
            env=env,
            cwd=tmp_path,
            timeout=120,
        )
        assert "ran 1 investigation(s)" in worker.stderr


class _ClaimedBeforeTheAck(ConsoleSender):
    """Another worker claims the investigation the moment it is enqueued, before the
    acknowledgement is posted and recorded."""

    claims: list[Any]
    queue: Any
    clock: Any

    async def send(self, reply: Any) -> Posted:
        if reply.kind.value == "ack":
            self.claims.append(await self.queue.claim(worker_id="quick", now=self.clock.now()))
        return await super().send(reply)


async def test_progress_shows_on_the_ack_even_when_claimed_before_it_was_recorded(
    vault_rt: Any, console_out: io.StringIO
) -> None:
    sender = _ClaimedBeforeTheAck(console_out)
    sender.claims, sender.queue, sender.clock = [], vault_rt.queue, vault_rt.clock
    vault_rt.worker.senders["console"] = sender
    chat = ConsoleChat(vault_rt.core, sender, session="early", now=vault_rt.clock.now)
    await chat.feed("dig into the Harbor project")
    (claim,) = sender.claims
    assert claim is not None and claim.investigation.ack_message_id is None
    await vault_rt.worker.process(claim)
    assert "(update to m1) Investigating" in console_out.getvalue()
