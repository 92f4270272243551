"""A PostgreSQL server of a test's own (not the session's shared one), so the test can
restart it under running processes (``pg_ctl restart``)."""

from __future__ import annotations

import os
import pwd
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import pytest
from postgres_server import _bin, _free_port, available


@dataclass
class Server:
    """A PostgreSQL server of this test's own, so it can be restarted under the workers."""

    url: str
    data: Path
    options: str
    as_user: list[str]

    def stop(self) -> None:
        """The server gone (fast shutdown: open connections are cut); ``start`` brings it back."""
        self._pg_ctl("-m", "fast", "stop")

    def start(self) -> None:
        self._pg_ctl("-o", self.options, "start")

    def _pg_ctl(self, *args: str) -> None:
        subprocess.run(
            [*self.as_user, _bin("pg_ctl") or "pg_ctl", "-D", str(self.data), "-l", str(self.data.parent / "log"),
             "-w", "-t", "60", *args],
            check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=120, cwd=self.data.parent,
        )  # fmt: skip

    def restart(self) -> None:
        subprocess.run(
            [*self.as_user, _bin("pg_ctl") or "pg_ctl", "-D", str(self.data), "-l", str(self.data.parent / "log"),
             "-m", "fast", "-w", "-t", "60", "-o", self.options, "restart"],
            check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=120, cwd=self.data.parent,
        )  # fmt: skip


@contextmanager
def own_server() -> Iterator[Server]:
    reason = available()
    if reason is not None:
        pytest.fail(f"the fault tests need PostgreSQL: {reason}")
    root = Path(tempfile.mkdtemp(prefix="mallory-faults-"))
    data = root / "data"
    as_user: list[str] = []
    if os.geteuid() == 0:
        entry = pwd.getpwnam("postgres")
        os.chown(root, entry.pw_uid, entry.pw_gid)
        as_user = ["runuser", "-u", "postgres", "--"]
    port = _free_port()
    options = f"-p {port} -c listen_addresses=127.0.0.1 -k {root} -c fsync=off -c max_connections=300"

    def run(*args: str) -> None:
        subprocess.run([*as_user, *args], check=True, capture_output=True, timeout=120)

    try:
        run(_bin("initdb") or "initdb", "-D", str(data), "-U", "mallory", "--auth=trust", "-E", "UTF8")
        run(_bin("pg_ctl") or "pg_ctl", "-D", str(data), "-l", str(root / "log"), "-w", "-t", "60",
            "-o", options, "start")  # fmt: skip
        yield Server(f"postgresql://mallory@127.0.0.1:{port}/postgres", data, options, as_user)
    finally:
        subprocess.run([*as_user, _bin("pg_ctl") or "pg_ctl", "-D", str(data), "-m", "immediate", "stop"],
                       capture_output=True, timeout=60)  # fmt: skip
        shutil.rmtree(root, ignore_errors=True)
