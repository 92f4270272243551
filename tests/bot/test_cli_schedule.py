"""``mallory schedule``: add, list (--json), pause, resume, run and delete from the command
line, on SQLite and PostgreSQL; bad input is one clear error."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from bot.cli import main


def test_schedule_add_list_pause_resume_run_delete(
    any_db_url: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    base = ["--data-dir", str(tmp_path / "data"), "--database-url", any_db_url]
    assert (
        main(
            [
                *base,
                "schedule",
                "add",
                "every weekday 08:30",
                "new incidents on the ingestion pipeline",
                "--digest",
                "--timezone",
                "Europe/Berlin",
            ]
        )
        == 0
    )
    said = capsys.readouterr().out
    match = re.search(r"Scheduled ([0-9a-f]{8}): .* every weekday at 08:30 \(Europe/Berlin\)", said)
    assert match, said
    sid = match.group(1)
    assert "a digest of what is new" in said and "next: " in said and "Europe/Berlin" in said

    assert main([*base, "schedule", "list", "--json"]) == 0
    [row] = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert row["id"] == sid and row["mode"] == "digest" and row["spec"] == "cron:30 8 * * mon-fri"
    assert row["paused"] is False and row["owner"] == "mallory schedule"

    assert main([*base, "schedule", "pause", sid]) == 0
    assert f"Paused {sid}." in capsys.readouterr().out
    assert main([*base, "schedule", "resume", sid]) == 0
    assert f"Resumed {sid}. next:" in capsys.readouterr().out
    assert main([*base, "schedule", "run", sid]) == 0
    assert f"Running {sid} now" in capsys.readouterr().out
    assert main([*base, "investigations", "--json"]) == 0
    [inv] = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert inv["question"] == "incidents on the ingestion pipeline"
    assert main([*base, "schedule", "delete", sid]) == 0
    assert f"Deleted {sid}" in capsys.readouterr().out
    assert main([*base, "schedule", "list", "--json"]) == 0
    assert capsys.readouterr().out == ""
    assert main([*base, "audit", "--json"]) == 0
    actions = [json.loads(line)["action"] for line in capsys.readouterr().out.splitlines()]
    assert actions.count("scheduled") == 1 and actions.count("schedule changed") == 2
    assert actions.count("schedule deleted") == 1 and actions.count("commissioned") == 1


def test_schedule_input_errors_are_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    base = ["--data-dir", str(tmp_path / "data")]
    assert main([*base, "schedule", "add", "whenever", "x"]) != 0
    assert 'Try "every Monday at 9:00"' in capsys.readouterr().err
    assert main([*base, "schedule", "add", "every minute", "x"]) != 0
    assert "MALLORY_SCHEDULE_MIN_INTERVAL" in capsys.readouterr().err
    assert main([*base, "schedule", "pause", "nope"]) == 0
    assert "There is no schedule nope" in capsys.readouterr().out


def test_schedule_help_helps(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["schedule", "--help"])
    said = capsys.readouterr().out
    assert "every weekday 08:30" in said and "--digest" in said and "pause" in said
