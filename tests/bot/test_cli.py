"""The command line: JSON routing decisions, one-line errors, piped chat that waits for its
investigations, help for every command."""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path

import pytest
from mallory_process import run_mallory

from bot.cli import build_parser, main

ROOT = Path(__file__).resolve().parents[2]


def test_classify_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["classify", "--json", "dig", "into", "the", "storage", "decision"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data == {
        "route": "async",
        "question": "the storage decision",
        "trigger": "dig",
        "guard": None,
        "source": "lexicon",
        "reason": data["reason"],
    }


def test_classify_reads_one_message_per_line(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO("check my agenda\nwhat is Beacon?\nresearch Harbor\n"))
    assert main(["classify"]) == 0
    routes = [json.loads(line)["route"] for line in capsys.readouterr().out.splitlines()]
    assert routes == ["none", "quick", "async"]


def test_bad_database_url_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--database-url", "mysql://nobody@nowhere/db", "investigations"]) == 1
    err = capsys.readouterr().err.strip()
    assert err.startswith("mallory: ") and "\n" not in err and "Traceback" not in err


def test_unreadable_vault_is_one_line(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    assert main(["--data-dir", str(tmp_path / "d"), "ingest", str(tmp_path / "missing")]) == 1
    err = capsys.readouterr().err.strip().splitlines()
    assert err[-1].startswith("mallory: no such file or folder")


def test_bad_setting_is_one_line(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MALLORY_LLM", "gpt-17")
    assert main(["classify", "hi"]) == 2
    assert "MALLORY_LLM must be one of" in capsys.readouterr().err


def test_every_command_has_help(capsys: pytest.CaptureFixture[str]) -> None:
    parser = build_parser()
    commands = parser._subparsers._group_actions[0].choices  # type: ignore[union-attr]
    assert {"run", "chat", "classify", "ingest", "investigations", "investigate", "recall", "worker"} <= set(
        commands
    )
    for name in commands:
        with pytest.raises(SystemExit) as info:
            main([name, "--help"])
        assert info.value.code == 0
        assert "usage: mallory" in capsys.readouterr().out


@pytest.mark.slow  # starts a real mallory process
def test_piped_chat_waits_for_the_investigation(tmp_path: Path) -> None:
    proc = run_mallory(tmp_path, ["chat", "--wait", "60"], "dig into the March ingestion outage\n")
    assert proc.returncode == 0, proc.stderr
    assert "seeded it from" in proc.stderr
    assert "On it: investigating" in proc.stdout
    assert "↳ u1 (report) @you:" in proc.stdout
    assert "# Investigate: the March ingestion outage" in proc.stdout


@pytest.mark.slow  # starts a real mallory process
def test_run_without_credentials_says_why_and_opens_the_console(tmp_path: Path) -> None:
    proc = run_mallory(
        tmp_path, ["run", "--no-seed"], "hello\n", SLACK_BOT_TOKEN="xoxb-only-a-bot-token-123456"
    )
    assert proc.returncode == 0, proc.stderr
    assert "slack: not started — SLACK_BOT_TOKEN needs SLACK_APP_TOKEN" in proc.stderr
    assert "telegram: not started — no TELEGRAM_BOT_TOKEN" in proc.stderr
    assert "Starting the console chat." in proc.stderr
    assert "xoxb-only-a-bot-token-123456" not in proc.stderr + proc.stdout
    assert "mallory [m1] ↳ u1:" in proc.stdout


def test_log_records_never_carry_secrets() -> None:
    import logging

    from bot.cli import RedactSecrets

    record = logging.LogRecord(
        "x", logging.WARNING, __file__, 1, "token %s failed", ("xoxb-secret-123456",), None
    )
    RedactSecrets(["xoxb-secret-123456"]).filter(record)
    assert record.getMessage() == "token [redacted] failed"
    try:
        raise RuntimeError("bad key sk-ant-abcdef123456")
    except RuntimeError:
        import sys as _sys

        record = logging.LogRecord("x", logging.ERROR, __file__, 1, "boom", (), _sys.exc_info())
    RedactSecrets(["sk-ant-abcdef123456"]).filter(record)
    assert "sk-ant-abcdef123456" not in (record.exc_text or "") and "[redacted]" in (record.exc_text or "")
