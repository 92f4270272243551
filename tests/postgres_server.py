"""A throwaway PostgreSQL server for tests: initdb into a temporary folder, listen on
127.0.0.1 on a free port, stop and delete it afterwards. Used when the server binaries
are installed (``.ci/run`` installs them); tests that need it skip with a reason otherwise,
except in CI (``CI`` set), where they fail."""

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
            f"-p {port} -c listen_addresses=127.0.0.1 -k {root} -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=300",
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


def _url(base: str, name: str) -> str:
    return base.rsplit("/", 1)[0] + "/" + name


def migrated_template(base: str, name: str = "mallory_template") -> str:
    """Create the database ``name`` on the server at ``base``, migrate it to the newest
    schema, and return its name (a template for ``CREATE DATABASE … TEMPLATE``)."""
    import asyncio
    from concurrent.futures import ThreadPoolExecutor

    import psycopg

    from storage.db import Database

    with psycopg.connect(base, autocommit=True) as conn:
        conn.execute(f"CREATE DATABASE {name}")

    async def migrate() -> None:
        db = Database(_url(base, name))
        try:
            await db.migrate()
        finally:
            await db.dispose()

    # a thread of its own: this may be set up while a test's event loop is running
    with ThreadPoolExecutor(1) as pool:
        pool.submit(asyncio.run, migrate()).result()
    return name


def seeded_template(base: str, migrated: str, name: str) -> str:
    """A copy of the ``migrated`` template with the example vault loaded, as ``seed_vault``
    leaves a new knowledge base; its name."""
    import psycopg

    with psycopg.connect(base, autocommit=True) as conn:
        conn.execute(f"CREATE DATABASE {name} TEMPLATE {migrated}")
    seed_example_vault(_url(base, name))
    return name


def seed_example_vault(database_url: str) -> None:
    """Load the example vault into the database at ``database_url`` through the runtime
    (offline model, no embedder, the default fake clock), in a thread of its own."""
    import asyncio
    from concurrent.futures import ThreadPoolExecutor

    from bot.clock import FakeClock
    from bot.config import load_settings
    from bot.runtime import Runtime

    async def seed(data_dir: str) -> None:
        settings = load_settings(
            data_dir=Path(data_dir), llm_provider="offline", embedder="none", database_url=database_url
        )
        async with Runtime.open(settings, clock=FakeClock()) as rt:
            await rt.seed_vault()

    with tempfile.TemporaryDirectory() as data_dir, ThreadPoolExecutor(1) as pool:
        pool.submit(asyncio.run, seed(data_dir)).result()


def fresh_postgres_database(request: Any, *, migrated: bool = False, seeded: bool = False) -> str:
    """A new database on the session's server (the ``postgres_url`` fixture), dropped after
    the test; its URL. Empty, or with ``migrated`` a copy of the migrated template (copying
    files is much faster than running the migrations again for every test), or with
    ``seeded`` a copy of the template that also holds the example vault."""
    import uuid

    base = str(request.getfixturevalue("postgres_url"))
    template = ""
    if migrated or seeded:
        template = str(request.getfixturevalue("postgres_seeded" if seeded else "postgres_template"))
    admin: Admin = request.getfixturevalue("postgres_admin")
    name = f"t_{uuid.uuid4().hex[:12]}"
    if template:
        strategy = " STRATEGY FILE_COPY" if admin.server_version >= 150000 else ""
        admin.execute(f"CREATE DATABASE {name} TEMPLATE {template}{strategy}")
    else:
        admin.execute(f"CREATE DATABASE {name}")
    request.addfinalizer(lambda: admin.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)"))
    return _url(base, name)


class Admin:
    """One connection to the server's ``postgres`` database for a session's (an xdist
    worker's) creating and dropping of test databases: a connection costs the server a
    process start, two a test otherwise. Reconnects once if the connection was lost."""

    def __init__(self, base: str) -> None:
        self.base = base
        self._conn: Any = None

    def _connection(self) -> Any:
        import psycopg

        if self._conn is None or self._conn.closed:
            self._conn = psycopg.connect(self.base, autocommit=True)
        return self._conn

    @property
    def server_version(self) -> int:
        return int(self._connection().info.server_version)

    def execute(self, statement: str) -> None:
        import psycopg

        try:
            self._connection().execute(statement)
        except psycopg.OperationalError:
            if self._conn is not None and not self._conn.closed:
                raise  # the statement failed, not the connection
            self._connection().execute(statement)

    def close(self) -> None:
        if self._conn is not None:
            self._conn.close()
            self._conn = None


def database_away(url: str) -> None:
    """Make one database of the session's server unreachable, as if its server had gone:
    new connections are refused and the open ones are cut (the server itself stays up for
    the other tests). ``database_back`` undoes it."""
    import psycopg

    base, name = url.rsplit("/", 1)
    with psycopg.connect(f"{base}/postgres", autocommit=True) as conn:
        conn.execute(f"ALTER DATABASE {name} ALLOW_CONNECTIONS false")
        conn.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = %s", (name,))


def database_back(url: str) -> None:
    import psycopg

    base, name = url.rsplit("/", 1)
    with psycopg.connect(f"{base}/postgres", autocommit=True) as conn:
        conn.execute(f"ALTER DATABASE {name} ALLOW_CONNECTIONS true")
