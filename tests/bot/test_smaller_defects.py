"""The smaller defects, each through the command line or the console: an ingest that takes
nothing fails, a vault that is not notes is refused, a space that does not exist is named,
recall lists in the order it ranks, ``investigations`` has a header and times the run,
counts agree with their nouns, a remembered sentence is not repeated as its own title."""

from __future__ import annotations

import io
import re
from pathlib import Path
from typing import Any

import pytest

from adapters.console import ConsoleChat, ConsoleSender
from bot.cli import build_parser, main

VAULT = Path(__file__).resolve().parents[2] / "examples" / "vault"


def test_ingest_of_a_path_whose_only_file_is_skipped_fails(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    notes = tmp_path / "notes"
    notes.mkdir()
    (notes / "scan.md").write_bytes(b"\x00\x01binary\x00" * 10)
    assert main(["--data-dir", str(tmp_path / "d"), "ingest", str(notes)]) == 1
    err = capsys.readouterr().err
    assert "nothing ingested" in err and "scan.md: binary file" in err


def test_a_vault_that_is_not_notes_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    passwd = tmp_path / "passwd"
    passwd.write_text("root:x:0:0:root:/root:/bin/bash\n")
    assert main(["--data-dir", str(tmp_path / "d"), "ingest", str(passwd)]) == 1
    assert "is not a Markdown note" in capsys.readouterr().err
    assert main(["--data-dir", str(tmp_path / "d"), "search", "--json", "root"]) == 0
    assert capsys.readouterr().out.strip() in ("[]", "")  # nothing was stored


def test_a_bad_vault_stops_the_chat_with_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    passwd = tmp_path / "passwd"
    passwd.write_text("root:x:0:0:root:/root:/bin/bash\n")
    monkeypatch.setenv("MALLORY_VAULT", str(passwd))
    monkeypatch.setenv("MALLORY_EMBEDDER", "none")
    assert main(["--data-dir", str(tmp_path / "d"), "chat", "--wait", "0"]) == 1
    err = capsys.readouterr().err.strip().splitlines()
    assert err[-1].startswith("mallory: ") and "is not a Markdown note" in err[-1]


def test_reindex_of_a_space_that_does_not_exist_says_so(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("MALLORY_EMBEDDER", "none")
    data = str(tmp_path / "d")
    assert main(["--data-dir", data, "ingest", str(VAULT)]) == 0
    capsys.readouterr()
    assert main(["--data-dir", data, "reindex", "--space", "nosuch"]) == 1
    err = capsys.readouterr().err
    assert "no entries in space 'nosuch'" in err and "global" in err, err
    assert "knowledge base has no entries" not in err


def test_recall_lists_its_hits_in_the_order_shown(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("MALLORY_EMBEDDER", "none")
    data = str(tmp_path / "d")
    assert main(["--data-dir", data, "ingest", str(VAULT)]) == 0
    capsys.readouterr()
    assert main(["--data-dir", data, "recall", "who decided the analytics storage"]) == 0
    lines = [line for line in capsys.readouterr().out.splitlines() if line.startswith("• ")]
    assert len(lines) >= 3
    shown = [float(re.search(r"\(relevance (\d\.\d+)", line).group(1)) for line in lines]  # type: ignore[union-attr]
    assert shown == sorted(shown, reverse=True), lines


async def test_investigations_has_a_header_and_times_the_run(
    vault_rt: Any, capsys: pytest.CaptureFixture[str]
) -> None:
    rt = vault_rt
    sender = ConsoleSender(io.StringIO())
    rt.worker.senders["console"] = sender
    chat = ConsoleChat(rt.core, sender, session="s", now=rt.clock.now)
    await chat.feed("dig into the March ingestion outage")
    rt.clock.advance(600)  # it waited ten minutes in the queue, then ran at once
    assert await rt.worker.run_once() == 1
    args = build_parser().parse_args(["investigations"])
    assert await args.handler(args, rt.settings) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].split() == ["ID", "STATUS", "ATTEMPTS", "RAN", "COST", "THREAD", "QUESTION"]
    assert "600.0s" not in out[1] and "0.0s" in out[1], out[1]


async def test_one_entry_is_one_entry(vault_rt: Any) -> None:
    out = io.StringIO()
    sender = ConsoleSender(out)
    vault_rt.worker.senders["console"] = sender
    chat = ConsoleChat(vault_rt.core, sender, session="s", now=vault_rt.clock.now)
    await chat.feed("dig into the March ingestion outage")
    await vault_rt.worker.run_once()
    text = out.getvalue()
    assert not re.search(r"\b1 (entries|phases|relationships|relationship edges|gap searches)\b", text), [
        m.group(0) for m in re.finditer(r"\b1 \w+( \w+)?", text)
    ]
    assert re.search(r"\b1 (entry|gap search|relationship)\b", text) or "0 entries" in text


async def test_a_remembered_sentence_is_not_repeated_as_its_title(rt: Any) -> None:
    out = io.StringIO()
    sender = ConsoleSender(out)
    chat = ConsoleChat(rt.core, sender, session="s", now=rt.clock.now)
    sentence = "The Atlas ingest queue runs on Redis streams since May 2026."
    await chat.feed(f"/remember {sentence}")
    await chat.feed("what does the Atlas ingest queue run on?")
    answer = out.getvalue().split("↳ u2", 1)[1]
    assert "Redis streams" in answer, answer
    assert answer.count("Redis streams") == 1, answer
