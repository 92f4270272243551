"""Every number Mallory reads, from the environment or a command-line option, has a range:
out of it, the command stops at start-up with one line naming the setting and its range,
and exit status 2."""

from __future__ import annotations

from pathlib import Path

import annotated_types
import pytest
from mallory_process import run_mallory

from bot.cli import build_parser, main
from bot.config import Settings


@pytest.mark.parametrize(
    ("variable", "value"),
    [
        ("MALLORY_LEASE", "-5"),
        ("MALLORY_MAX_MESSAGE_CHARS", "0"),
        ("MALLORY_MAX_MESSAGE_CHARS", "-1"),
        ("MALLORY_MAX_ATTEMPTS", "0"),
        ("MALLORY_WORKER_INTERVAL", "0"),
        ("MALLORY_QUICK_TOP_K", "-3"),
        ("MALLORY_HISTORY_TURNS", "100000"),
        ("MALLORY_SEEN_RETENTION", "-1"),
        ("MALLORY_EMBEDDING_DIM", "0"),
        ("MALLORY_ROUTER_SURE", "7"),
    ],
)
def test_a_number_out_of_range_is_one_line_and_exit_2(
    variable: str, value: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv(variable, value)
    assert main(["classify", "hi"]) == 2
    captured = capsys.readouterr()
    err = captured.err.strip()
    assert "\n" not in err, err
    assert err.startswith(f"mallory: bad setting {variable}={value}: must be ")
    assert " and " in err or ">=" in err or "<=" in err
    assert captured.out == ""


@pytest.mark.parametrize(
    "argv",
    [
        ["usage", "--days", "-3"],
        ["audit", "--limit", "0"],
        ["investigations", "--limit", "-1"],
        ["search", "--limit", "0", "x"],
        ["recall", "--depth", "-1", "x"],
        ["recall", "--beam", "0", "x"],
        ["chat", "--wait", "-2"],
        ["run", "--http", "70000"],
    ],
)
def test_an_option_out_of_range_is_one_line_and_exit_2(
    argv: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as info:
        main(["--data-dir", str(tmp_path / "d"), *argv])
    assert info.value.code == 2
    err = capsys.readouterr().err.strip()
    assert "\n" not in err, err
    assert err.startswith("mallory: ") and "must be" in err


def test_every_numeric_setting_and_option_declares_its_range() -> None:
    """The range is declared with the number (``config.number``, ``config.bounded``), so a
    setting or an option added later cannot skip the check."""
    for name, info in Settings.model_fields.items():
        if info.annotation not in (int, float):
            continue
        kinds = {type(m) for m in info.metadata}
        assert kinds & {annotated_types.Ge, annotated_types.Gt}, f"{name} has no lower bound"
        assert kinds & {annotated_types.Le, annotated_types.Lt}, f"{name} has no upper bound"
    parser = build_parser()
    for sub in parser._subparsers._group_actions[0].choices.values():  # type: ignore[union-attr]
        for action in sub._actions:
            if action.type in (int, float):
                pytest.fail(f"{sub.prog} {'/'.join(action.option_strings)} has no range")


@pytest.mark.slow  # a real mallory process
def test_a_bad_lease_stops_the_chat_before_it_starts(tmp_path: Path) -> None:
    proc = run_mallory(tmp_path, ["chat", "--no-seed"], "dig into Beacon\n", MALLORY_LEASE="-5")
    assert proc.returncode == 2
    assert proc.stdout == ""
    assert proc.stderr.strip().splitlines() == [proc.stderr.strip()]
    assert "MALLORY_LEASE=-5" in proc.stderr
