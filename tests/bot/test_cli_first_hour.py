"""The command line as a new user meets it: what the console stores the CLI finds, every
command documents --space, recall says its grade, reindex says what it did, a mistyped
setting and a read-only data folder are explained in one line."""

from __future__ import annotations

import os
import shutil
import stat
import subprocess
import sys
from pathlib import Path

import pytest
from mallory_process import run_mallory

from bot.cli import build_parser, main


@pytest.mark.slow  # starts a real mallory process
def test_recall_finds_what_the_console_investigated(tmp_path: Path) -> None:
    chat = run_mallory(tmp_path, ["chat", "--wait", "120"], "dig into the on-call policy\n")
    assert "(report)" in chat.stdout, chat.stderr
    proc = run_mallory(tmp_path, ["recall", "the on-call policy"])
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.startswith("STRONG"), proc.stdout
    miss = run_mallory(tmp_path, ["recall", "zeppelin hangar acoustics"])
    assert miss.stdout.startswith("MISS"), miss.stdout


def test_every_command_with_a_space_documents_it(capsys: pytest.CaptureFixture[str]) -> None:
    commands = build_parser()._subparsers._group_actions[0].choices  # type: ignore[union-attr]
    for name in ("run", "chat", "ingest", "investigate", "recall", "search", "reindex"):
        with pytest.raises(SystemExit):
            main([name, "--help"])
        out = " ".join(capsys.readouterr().out.split())
        assert "--space" in out and "'global'" in out, name
    assert "run" in commands


@pytest.mark.slow  # starts a real mallory process
def test_an_unknown_mallory_variable_is_named_with_the_closest_known_one(tmp_path: Path) -> None:
    proc = run_mallory(tmp_path, ["classify", "hi"], MALLORY_DATBASE_URL="sqlite:///x.db")
    assert proc.returncode == 0, proc.stderr
    warning = [line for line in proc.stderr.splitlines() if "MALLORY_DATBASE_URL" in line]
    assert len(warning) == 1 and "MALLORY_DATABASE_URL" in warning[0]


@pytest.mark.slow  # starts a real mallory process
def test_a_typo_in_dot_env_is_named_too(tmp_path: Path) -> None:
    (tmp_path / ".env").write_text("MALLORY_EMBEDDDER=none\n")
    proc = run_mallory(tmp_path, ["classify", "hi"])
    assert "unknown setting MALLORY_EMBEDDDER is ignored; did you mean MALLORY_EMBEDDER?" in proc.stderr


@pytest.mark.slow  # starts a real mallory process
def test_a_read_only_data_folder_is_named(tmp_path: Path) -> None:
    data = tmp_path / "data"
    shutil.rmtree(data)  # an empty folder, as a new user's (the suite puts a migrated database there)
    data.mkdir()
    if os.geteuid() == 0:  # root ignores permission bits: make the folder a read-only mount
        if shutil.which("unshare") is None:
            pytest.skip("needs unshare to make a read-only folder as root")
        wrap = ["unshare", "-m", "sh", "-c", f'mount --bind -o ro "{data}" "{data}" && exec "$@"', "sh"]
        probe = subprocess.run([*wrap, "true"], capture_output=True)
        if probe.returncode != 0:
            pytest.skip("cannot make a read-only mount here")
    else:
        wrap = []
        data.chmod(stat.S_IRUSR | stat.S_IXUSR)
    env = {k: v for k, v in os.environ.items() if not k.startswith("MALLORY_")}
    env.update({"MALLORY_DATA_DIR": str(data), "MALLORY_EMBEDDER": "none"})
    try:
        proc = subprocess.run(
            [*wrap, sys.executable, "-m", "bot", "investigations"],
            capture_output=True,
            text=True,
            env=env,
            cwd=tmp_path,
            timeout=60,
        )
    finally:
        data.chmod(stat.S_IRWXU)
    assert proc.returncode == 1, proc.stderr
    err = proc.stderr.strip().splitlines()[-1]
    assert str(data) in err, err
    assert "read-only" in err.lower() or "permission" in err.lower(), err
    assert "Traceback" not in proc.stderr and "unable to open database file" not in err
