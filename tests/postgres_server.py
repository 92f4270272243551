"""A throwaway PostgreSQL server for tests: initdb into a temporary folder, listen on
127.0.0.1 on a free port, stop and delete it afterwards. Used when the server binaries
are installed (``.ci/run`` installs them); tests that need it skip with a reason otherwise."""

from __future__ import annotations

import glob
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any


def _bin(name: str) -> str | None:
    found = sorted(glob.glob(f"/usr/lib/postgresql/*/bin/{name}"))
    return found[-1] if found else shutil.which(name)


def available() -> str | None:
    """None when a server can be started here, else why not."""
    if _bin("initdb") is None or _bin("pg_ctl") is None:
        return "PostgreSQL server binaries are not installed"
    if os.geteuid() == 0:
        try:
            pwd.getpwnam("postgres")
        except KeyError:
            return "running as root and there is no postgres user to run the server as"
    return None


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextmanager
def postgres_server() -> Iterator[str]:
    """Yield a SQLAlchemy URL (postgresql://…) to a fresh, empty database."""
    root = Path(tempfile.mkdtemp(prefix="mallory-pg-"))
    data = root / "data"
    as_user: list[str] = []
    if os.geteuid() == 0:  # initdb refuses to run as root
        entry = pwd.getpwnam("postgres")
        os.chown(root, entry.pw_uid, entry.pw_gid)
        as_user = ["runuser", "-u", "postgres", "--"]
    port = _free_port()
    run = lambda *args: subprocess.run([*as_user, *args], check=True, capture_output=True, timeout=120)  # noqa: E731
    try:
        run(_bin("initdb"), "-D", str(data), "-U", "mallory", "--auth=trust", "-E", "UTF8")
        run(
            _bin("pg_ctl"),
            "-D",
            str(data),
            "-l",
            str(root / "log"),
            "-w",
            "-t",
            "60",
            "-o",
            f"-p {port} -c listen_addresses=127.0.0.1 -k {root} -c fsync=off",
            "start",
        )
        yield f"postgresql://mallory@127.0.0.1:{port}/postgres"
    finally:
        subprocess.run(
            [*as_user, _bin("pg_ctl") or "pg_ctl", "-D", str(data), "-m", "immediate", "stop"],
            capture_output=True,
            timeout=60,
        )
        shutil.rmtree(root, ignore_errors=True)


def fresh_postgres_database(request: Any) -> str:
    """A new, empty database on the session's server (the ``postgres_url`` fixture); its URL."""
    import uuid

    import psycopg

    base = str(request.getfixturevalue("postgres_url"))
    name = f"t_{uuid.uuid4().hex[:12]}"
    with psycopg.connect(base, autocommit=True) as conn:
        conn.execute(f"CREATE DATABASE {name}")
    return base.rsplit("/", 1)[0] + "/" + name
