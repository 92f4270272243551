"""The plug every platform adapter fits. Adapters register under the ``mallory.adapters``
entry-point group (pyproject.toml) and the CLI finds them by name, so ``bot/`` never
imports ``adapters``. ``make install`` (pip install -e) registers new entry points."""

from __future__ import annotations

import importlib
from collections.abc import Sequence
from dataclasses import dataclass
from importlib.metadata import EntryPoint, entry_points
from typing import Protocol, cast, runtime_checkable

from bot.clock import Clock
from bot.config import Settings
from bot.errors import ConfigError
from bot.events import ActionEvent, Command, Inbound, Sender, ThreadRef
from bot.inbound.door import DatabaseStatus
from storage.inbox import Inbox

GROUP = "mallory.adapters"
WEB_GROUP = "mallory.web"  # the investigations view (adapters/web), an edge of its own


class Core(Protocol):
    """What an adapter calls on the core (``bot.app.Mallory``; docs/core-api.md)."""

    clock: Clock
    inbox: Inbox  # where adapters store each message before acknowledging it (bot/inbound/intake.py)
    database_status: DatabaseStatus  # the process's one "database unavailable"/"is back" pair

    async def handle(self, inbound: Inbound, sender: Sender) -> None: ...

    async def handle_action(self, event: ActionEvent, sender: Sender) -> None: ...

    async def handle_command(self, command: Command, args: str, inbound: Inbound, sender: Sender) -> None: ...

    def refusal(self, inbound: Inbound) -> str | None:
        """The access policy's one-line refusal for ``inbound``, or ``None`` when allowed
        (adapters ask before posting anything of their own, e.g. a slash command's root)."""
        ...

    async def first_time(self, key: str) -> bool: ...

    async def thread_for_message(
        self, platform: str, space: str, channel: str, message_id: str
    ) -> ThreadRef | None: ...


@dataclass(frozen=True)
class Serving:
    """How the operator asked to serve (``mallory run`` / ``chat`` flags); each adapter
    reads the fields that concern it and ignores the rest."""

    http_port: int | None = None  # Slack: the Events API over HTTP instead of Socket Mode
    webhook_url: str | None = None  # Telegram: a webhook instead of long polling
    webhook_port: int | None = None
    session: str = "session"  # console: the conversation id
    user: str = "you"  # console: the person typing
    prompt: bool = False  # console: show a prompt (an interactive terminal)
    # served beside an adapter's own HTTP routes (Slack over HTTP): path prefix → an aiohttp
    # application (the investigations view at /ui)
    http_mounts: tuple[tuple[str, object], ...] = ()


class Adapter(Protocol):
    """One running adapter: receives between ``start`` and ``stop``, answers via ``sender``."""

    name: str
    sender: Sender

    async def start(self) -> None:
        """Begin receiving; returns once receiving."""
        ...

    async def stop(self) -> None:
        """Stop receiving, then let the work already accepted finish."""
        ...

    async def wait_closed(self) -> None:
        """Return when the adapter stops receiving on its own (the console at the end of its
        input); a platform adapter returns only after ``stop``."""
        ...


@runtime_checkable
class OneConversation(Protocol):
    """An adapter that serves a single conversation (the console): the CLI waits for that
    conversation's investigations before it exits."""

    thread: ThreadRef


class AdapterKind(Protocol):
    """What an entry point names: the adapter class, with its constructors as class methods."""

    name: str

    def plan(self, settings: Settings) -> tuple[bool, str]:
        """Whether the settings configure this adapter, and one line saying why (or why not)."""
        ...

    def sender_from_settings(self, settings: Settings) -> Sender | None:
        """The outbound half alone (e.g. for a worker on another host); None when not configured."""
        ...

    def delivers(self, settings: Settings) -> tuple[bool, str]:
        """Whether a worker with these settings posts to this platform (it needs only the
        outbound half's credentials), and one line saying why (or why not)."""
        ...

    def from_settings(self, settings: Settings, core: Core, serving: Serving) -> Adapter: ...


class PlatformPlan(Protocol):
    """Whether the settings configure a platform (``plan``) and whether a worker posts to it
    (``delivers``), each with one line saying why: asked of every installed platform."""

    def plan(self, settings: Settings) -> tuple[bool, str]: ...

    def delivers(self, settings: Settings) -> tuple[bool, str]: ...


def installed() -> list[str]:
    """The names of the installed adapters, sorted."""
    return sorted({ep.name for ep in entry_points(group=GROUP)})


def delivery_plan(settings: Settings) -> tuple[list[str], list[str]]:
    """The platforms a `mallory worker` with these settings delivers to, and one line per
    installed platform saying why or why not (the console is never a worker's)."""
    deliver, why = [], []
    for name in installed():
        able, reason = load_plan(name).delivers(settings)
        if name != "console":
            why.append(reason)
            if able:
                deliver.append(name)
    return deliver, why


def load_adapter(name: str) -> AdapterKind:
    """The adapter registered as ``name``; a ConfigError names the ones that are installed."""
    return cast(AdapterKind, _entry_point(name).load())


def load_plan(name: str) -> PlatformPlan:
    """``plan`` and ``delivers`` of the adapter registered as ``name``, without loading the
    adapter when the package its entry point names answers them itself: a platform's SDK
    is then imported only when that platform is used (`mallory run` asks every installed
    platform, and a console run starts none of them)."""
    entry = _entry_point(name)
    package = importlib.import_module(entry.module)
    if callable(getattr(package, "plan", None)) and callable(getattr(package, "delivers", None)):
        return cast(PlatformPlan, package)
    return cast(PlatformPlan, entry.load())


def _entry_point(name: str) -> EntryPoint:
    found: Sequence[EntryPoint] = list(entry_points(group=GROUP, name=name))
    if not found:
        have = ", ".join(installed()) or "none"
        raise ConfigError(
            f"no adapter named {name!r} is installed (installed: {have}); run `make install` "
            "to register the adapters of this checkout"
        )
    return found[0]


class WebView(Protocol):
    """The investigations view: an aiohttp application, served alone or mounted."""

    prefix: str  # where it is served ("/ui")
    port: int | None

    def application(self) -> object: ...

    async def start(self, host: str, port: int) -> None: ...

    async def stop(self) -> None: ...


class WebKind(Protocol):
    def from_core(self, settings: Settings, core: object) -> WebView: ...


def load_web() -> WebKind | None:
    """The installed investigations view, or ``None`` when none is installed."""
    found: Sequence[EntryPoint] = list(entry_points(group=WEB_GROUP, name="ui"))
    return cast(WebKind, found[0].load()) if found else None
