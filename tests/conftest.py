"""Shared fixtures: a scrubbed environment, an injected clock, and a Mallory runtime with the
offline provider, once on a temporary SQLite file and once on a fresh PostgreSQL database."""

from __future__ import annotations

import contextlib
import io
import logging
import os
import shutil
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

import pytest
from fake_anthropic import FakeAnthropic
from hypothesis import HealthCheck
from hypothesis import settings as hypothesis_settings
from log_secrets import SecretScan

from bot.clock import FakeClock
from bot.config import Settings, load_settings
from storage.db import Database

ROOT = Path(__file__).resolve().parent.parent
VAULT = ROOT / "examples" / "vault"


def _temporary_files_in_memory(folder: str = "/dev/shm", room: int = 2 << 30) -> None:
    """Put the run's temporary files (every test's ``tmp_path`` with its SQLite file, the
    run's PostgreSQL cluster, the processes tests start) in memory when ``folder`` is a
    writable tmpfs with ``room`` bytes free and no ``TMPDIR`` was chosen: on a disk, creating,
    copying and deleting the files of a database per test costs the kernel most of the
    PostgreSQL server's CPU (bench/README.md, "Test loop")."""
    import tempfile

    if os.environ.get("TMPDIR") or not os.access(folder, os.W_OK | os.X_OK):
        return
    try:
        with open("/proc/mounts") as mounts:
            kinds = {fields[1]: fields[2] for fields in (line.split() for line in mounts) if len(fields) > 2}
        if kinds.get(folder) != "tmpfs" or shutil.disk_usage(folder).free < room:
            return
    except OSError:
        return
    os.environ["TMPDIR"] = folder  # the xdist workers and the processes tests start
    tempfile.tempdir = folder  # this process: pytest's base temporary folder is made after this


_temporary_files_in_memory()

# The xdist workers take every core already: one BLAS thread each. OpenBLAS otherwise runs
# a thread per core in every worker, and its idle threads spin while the other worker holds
# the core (the router's meaning model trains on 4 s of CPU instead of 0.6 s). Read when
# numpy is first imported: later, and in the workers, which inherit the environment.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")


SECRET_SCAN = SecretScan()

# The property tests' example counts (tests/fuzz, tests/bot/test_citations.py): a quick pass
# in `make test`, the full run in .ci/run (`--hypothesis-profile=full`), which replaces this.
for _profile, _examples in (("quick", 40), ("full", 400)):
    hypothesis_settings.register_profile(
        _profile, max_examples=_examples, deadline=None, suppress_health_check=[HealthCheck.too_slow]
    )
hypothesis_settings.load_profile("quick")


@pytest.fixture(autouse=True)
def _scan_logs_for_secrets() -> None:
    """Every record the suite logs goes past the scan (re-attached each test: the CLI's
    logging setup replaces the root handlers)."""
    root = logging.getLogger()
    if SECRET_SCAN not in root.handlers:
        root.addHandler(SECRET_SCAN)


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    workeroutput = getattr(session.config, "workeroutput", None)
    if workeroutput is not None:  # an xdist worker: the controller reports the hits
        workeroutput["mallory_secret_hits"] = [list(hit) for hit in SECRET_SCAN.hits]
        return
    if not SECRET_SCAN.hits:
        return
    lines = [f"  {test}: logger {name} logged {secret!r}" for test, name, secret in SECRET_SCAN.hits[:50]]
    print("\nSECRETS IN THE LOGS (tests/log_secrets.py):\n" + "\n".join(lines))
    session.exitstatus = pytest.ExitCode.TESTS_FAILED


@pytest.fixture(scope="session")
def _migrated_sqlite(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A SQLite file migrated to the newest schema, once per session (per xdist worker)."""
    import asyncio
    from concurrent.futures import ThreadPoolExecutor

    path = tmp_path_factory.mktemp("template") / "mallory.db"

    async def migrate() -> None:
        db = Database(f"sqlite:///{path}")
        try:
            await db.migrate()
        finally:
            await db.dispose()

    with ThreadPoolExecutor(1) as pool:  # this may be set up while a test's event loop runs
        pool.submit(asyncio.run, migrate()).result()
    assert not path.with_name("mallory.db-wal").exists()  # the copy below is the whole database
    return path


@pytest.fixture(scope="session")
def _cache_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One cache folder a test process (the embedder's rewritten graph), not the user's."""
    return tmp_path_factory.mktemp("cache")


@pytest.fixture(autouse=True)
def _scrub_env(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, _migrated_sqlite: Path, _cache_dir: Path
) -> None:
    for name in list(os.environ):
        if name.startswith(
            ("SLACK_", "MALLORY_", "TELEGRAM_", "ANTHROPIC_", "VOYAGE_", "XDG_")
        ) or name.lower().endswith("_proxy"):
            monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(_cache_dir))
    monkeypatch.chdir(tmp_path)  # no stray .env is read
    # the default data folder starts with its SQLite file already migrated, as after a first
    # start (the migrations themselves are tested from an empty file: tests/storage/test_migrations.py)
    (tmp_path / "data").mkdir()
    shutil.copyfile(_migrated_sqlite, tmp_path / "data" / "mallory.db")


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture(params=["sqlite", "postgresql"])
def database_url(request: pytest.FixtureRequest) -> str | None:
    """The runtime's database: None for the default SQLite file in the data folder, else a
    fresh PostgreSQL database already migrated to the newest schema."""
    if request.param == "sqlite":
        return None
    from postgres_server import fresh_postgres_database

    return fresh_postgres_database(request, migrated=True)


@pytest.fixture
def settings(tmp_path: Path, database_url: str | None) -> Settings:
    return load_settings(
        data_dir=tmp_path / "data", llm_provider="offline", embedder="none", database_url=database_url
    )


@pytest.fixture
async def rt(settings: Settings, clock: FakeClock) -> AsyncIterator[object]:
    from bot.runtime import Runtime

    async with Runtime.open(settings, clock=clock) as runtime:
        yield runtime


@pytest.fixture
async def vault_rt(
    tmp_path: Path, clock: FakeClock, seeded_database: Callable[[Path], str | None]
) -> AsyncIterator[object]:
    """The ``rt`` runtime with the example vault loaded (from the session's seeded copy)."""
    from bot.runtime import Runtime

    settings = load_settings(
        data_dir=tmp_path / "data",
        llm_provider="offline",
        embedder="none",
        database_url=seeded_database(tmp_path / "data"),
    )
    async with Runtime.open(settings, clock=clock) as runtime:
        assert await runtime.seed_vault() is None  # loaded already
        yield runtime


@pytest.fixture
def console_out() -> io.StringIO:
    return io.StringIO()


class _XdistController:
    """With pytest-xdist, the controller starts one PostgreSQL server for the whole run and
    hands its URL to every worker (each test still gets a database of its own on it), and
    gathers the workers' secret-scan hits so the run fails on any of them."""

    def __init__(self) -> None:
        self.url: str | None = None
        self.reason: str | None = None
        self._server: contextlib.ExitStack | None = None

    @pytest.hookimpl(optionalhook=True)
    def pytest_configure_node(self, node: Any) -> None:  # xdist, in the controller
        if self._server is None and self.reason is None:
            from postgres_server import available, postgres_server

            self.reason = available()
            if self.reason is None:
                self._server = contextlib.ExitStack()
                self.url = self._server.enter_context(postgres_server())
        node.workerinput["mallory_postgres"] = self.url or ""
        node.workerinput["mallory_postgres_unavailable"] = self.reason or ""

    @pytest.hookimpl(optionalhook=True)
    def pytest_testnodedown(self, node: Any, error: object) -> None:  # xdist, in the controller
        output = getattr(node, "workeroutput", None) or {}
        SECRET_SCAN.hits.extend(tuple(hit) for hit in output.get("mallory_secret_hits", []))

    def pytest_unconfigure(self, config: pytest.Config) -> None:
        if self._server is not None:
            self._server.close()
            self._server = None


def pytest_configure(config: pytest.Config) -> None:
    if not hasattr(config, "workerinput") and config.pluginmanager.hasplugin("xdist"):
        config.pluginmanager.register(_XdistController(), "mallory-xdist-controller")


@pytest.fixture(scope="session")
def postgres_url(request: pytest.FixtureRequest) -> object:
    """The run's PostgreSQL server: the controller's under pytest-xdist, else one started
    on first use and stopped at the end of the session."""
    from postgres_server import available, postgres_server

    workerinput = getattr(request.config, "workerinput", None)
    if workerinput is not None and "mallory_postgres" in workerinput:
        reason = workerinput["mallory_postgres_unavailable"] or None
        shared = workerinput["mallory_postgres"]
    else:
        reason, shared = available(), ""
    if reason is not None:
        if os.environ.get("CI"):  # CI installs the server (.ci/run): a missing one is a failure
            pytest.fail(f"PostgreSQL is required in CI: {reason}")
        pytest.skip(reason)
    if shared:
        yield shared
        return
    with postgres_server() as url:
        yield url


@pytest.fixture(scope="session")
def postgres_admin(postgres_url: str) -> object:
    """The session's connection for creating and dropping the tests' databases."""
    from postgres_server import Admin

    admin = Admin(postgres_url)
    yield admin
    admin.close()


@pytest.fixture(scope="session")
def postgres_template(request: pytest.FixtureRequest, postgres_url: str) -> str:
    """A database migrated once per session (per xdist worker, on the shared server); each
    test's migrated database is a copy of it."""
    from postgres_server import migrated_template

    worker = getattr(request.config, "workerinput", {}).get("workerid", "main")
    return migrated_template(postgres_url, f"mallory_template_{worker}")


@pytest.fixture(scope="session")
def postgres_seeded(request: pytest.FixtureRequest, postgres_url: str, postgres_template: str) -> str:
    """The migrated template with the example vault loaded, once per session (per worker)."""
    from postgres_server import seeded_template

    worker = getattr(request.config, "workerinput", {}).get("workerid", "main")
    return seeded_template(postgres_url, postgres_template, f"mallory_seeded_{worker}")


@pytest.fixture(scope="session")
def _seeded_sqlite(_migrated_sqlite: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The migrated SQLite file with the example vault loaded, once per session (per worker)."""
    from postgres_server import seed_example_vault

    path = tmp_path_factory.mktemp("seeded") / "mallory.db"
    shutil.copyfile(_migrated_sqlite, path)
    seed_example_vault(f"sqlite:///{path}")
    assert not path.with_name("mallory.db-wal").exists()
    return path


@pytest.fixture(params=["sqlite", "postgresql"])
def seeded_database(request: pytest.FixtureRequest) -> Callable[[Path], str | None]:
    """A knowledge base holding the example vault, as ``Runtime.seed_vault`` leaves a new one
    (a copy made once per session: seeding is the costliest part of a bot's set-up). Call it
    with the data folder: on SQLite the file is put there (the database URL stays unset, as
    in a default install); on PostgreSQL it gives the URL of a fresh copy."""
    if request.param == "sqlite":
        seeded = request.getfixturevalue("_seeded_sqlite")

        def place(data_dir: Path) -> str | None:
            data_dir.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(seeded, data_dir / "mallory.db")
            return None

        return place
    from postgres_server import fresh_postgres_database

    url = fresh_postgres_database(request, seeded=True)
    return lambda data_dir: url


@pytest.fixture
def postgres_database(request: pytest.FixtureRequest) -> str:
    from postgres_server import fresh_postgres_database

    return fresh_postgres_database(request)


@pytest.fixture(params=["sqlite", "postgresql"])
def any_db_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """SQLite, and a fresh PostgreSQL database on the session's throwaway server (already
    migrated to the newest schema, as a copy of the session's template)."""
    if request.param == "sqlite":
        shutil.copyfile(request.getfixturevalue("_migrated_sqlite"), tmp_path / "kb.db")
        return f"sqlite:///{tmp_path / 'kb.db'}"
    from postgres_server import fresh_postgres_database

    return fresh_postgres_database(request, migrated=True)


@pytest.fixture(params=["sqlite", "postgresql"])
def empty_db_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """Like ``any_db_url`` but without any schema (for migration tests)."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'kb.db'}"
    from postgres_server import fresh_postgres_database

    return fresh_postgres_database(request)


@pytest.fixture
async def any_db(any_db_url: str) -> AsyncIterator[Database]:
    database = Database(any_db_url)
    await database.migrate()
    yield database
    await database.dispose()


@pytest.fixture
async def fake() -> AsyncIterator[FakeAnthropic]:
    """A fake Messages API on 127.0.0.1 (``tests/fake_anthropic.py``), for one test; a test
    module's own ``fake`` (another fake server) takes its place there."""
    server = FakeAnthropic()
    await server.start()
    yield server
    await server.stop()
