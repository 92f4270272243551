"""`mallory classify --json` as a user pipes messages into it: one route a line."""

from __future__ import annotations

import io
import json
import sys

import pytest

from bot.cli import main


def classify(
    texts: list[str], capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> list[str]:
    monkeypatch.setattr(sys, "stdin", io.StringIO("".join(t + "\n" for t in texts)))
    assert main(["classify", "--json"]) == 0
    return [json.loads(line)["route"] for line in capsys.readouterr().out.splitlines()]
