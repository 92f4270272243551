"""The audit log from the command line: every commission is in it, whatever the door (the
CLI's ``investigate``, in the background or here), with who ran it; ``--json`` is JSON lines
and nothing else, also when the log is empty."""

from __future__ import annotations

import getpass
import json
from pathlib import Path

import pytest

from bot.cli import main


def _audit(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> list[dict[str, object]]:
    capsys.readouterr()
    assert main(["--data-dir", str(tmp_path / "data"), "audit", "--json"]) == 0
    return [json.loads(line) for line in capsys.readouterr().out.splitlines()]


def test_audit_json_on_an_empty_log_is_no_lines(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert _audit(tmp_path, capsys) == []
    assert main(["--data-dir", str(tmp_path / "data"), "audit"]) == 0
    assert "the audit log is empty" in capsys.readouterr().out  # the sentence is for people


def test_every_commission_from_the_command_line_is_audited(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = str(tmp_path / "data")
    ids = []
    for topic in ("the Atlas migration", "the on-call policy", "Beacon"):
        assert main(["--data-dir", data, "investigate", "--background", topic]) == 0
        ids.append(capsys.readouterr().out.split("\t")[0])
    assert main(["--data-dir", data, "investigate", "--no-seed", "the storage decision"]) == 0

    records = _audit(tmp_path, capsys)
    assert len(records) == 4
    assert {r["action"] for r in records} == {"commissioned"}
    assert {r["platform"] for r in records} == {"cli"}
    assert {r["actor_name"] for r in records} == {getpass.getuser()}
    background = [r for r in records if r["investigation_id"]]
    assert sorted(r["investigation_id"] for r in background) == sorted(ids)
    assert {r["detail"] for r in records} == {
        "the Atlas migration",
        "the on-call policy",
        "Beacon",
        "the storage decision",
    }
    assert all("investigate" in str(r["actor_id"]) for r in records)  # what ran it
