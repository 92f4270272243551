"""Who may talk to Mallory, who may commission investigations, and which knowledge each
place sees: read once from ``Settings`` into an ``AccessPolicy``; ``Gate`` enforces it for
every inbound message, command and button press, in one place, before anything is stored."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass, field, replace
from datetime import datetime, timedelta

from bot.config import Settings
from bot.errors import ConfigError
from bot.events import ActionEvent, Inbound, Person, Reply, ReplyKind, Sender, ThreadRef
from storage.knowledge import GLOBAL_SPACE
from storage.queue import Queue

HOUR = timedelta(hours=1)

CONSOLE = "console"  # the operator's own terminal: always open
HOME_TEAM = "home_team"  # Inbound.extras key: the Slack workspace the app is installed in


@dataclass(frozen=True)
class IdList:
    """A comma-separated list of platform ids; ``*`` stands for any id."""

    ids: frozenset[str] = frozenset()
    anyone: bool = False

    @classmethod
    def parse(cls, raw: str | None) -> IdList:
        items = {item.strip() for item in (raw or "").split(",")}
        items.discard("")
        return cls(frozenset(items - {"*"}), "*" in items)

    def has(self, value: str, *, platform: str = "") -> bool:
        """``value`` is listed, bare or as ``platform:value`` (ids of two platforms may clash)."""
        if self.anyone:
            return True
        return bool(value) and (value in self.ids or (bool(platform) and f"{platform}:{value}" in self.ids))

    def describe(self) -> str:
        if self.anyone:
            return "* (any)"
        return ", ".join(sorted(self.ids)) if self.ids else "(none)"


@dataclass(frozen=True)
class Caller:
    """The ids the policy looks at; adapters supply them in the normalized events."""

    platform: str
    team: str  # Slack workspace; empty elsewhere
    channel: str  # Slack channel or DM, Telegram chat
    user: str
    home_team: str = ""  # the workspace the Slack app is installed in

    @classmethod
    def of(cls, thread: ThreadRef, author: Person, extras: Mapping[str, object] | None = None) -> Caller:
        home = str((extras or {}).get(HOME_TEAM) or "")
        team = thread.space if thread.platform == "slack" else ""
        return cls(thread.platform, team, thread.channel, author.id, home)


@dataclass(frozen=True)
class AccessPolicy:
    """The effective policy. ``slack_teams`` of ``None`` means the installing workspace."""

    slack_teams: IdList | None = None
    slack_channels: IdList = field(default_factory=lambda: IdList(anyone=True))
    slack_users: IdList = field(default_factory=IdList)
    telegram_chats: IdList = field(default_factory=IdList)
    telegram_users: IdList = field(default_factory=IdList)
    investigators: IdList = field(default_factory=lambda: IdList(anyone=True))
    admins: IdList = field(default_factory=IdList)
    open_channels: IdList = field(default_factory=IdList)
    spaces: Mapping[str, str] = field(default_factory=dict)  # channel or chat id → knowledge space
    global_visible_in: IdList = field(default_factory=lambda: IdList(anyone=True))
    investigations_per_user_hour: int = 0
    investigations_per_space_hour: int = 0

    @classmethod
    def from_settings(cls, settings: Settings) -> AccessPolicy:
        teams = settings.slack_allowed_teams
        return cls(
            slack_teams=IdList.parse(teams) if teams is not None and teams.strip() else None,
            slack_channels=IdList.parse(settings.slack_allowed_channels),
            slack_users=IdList.parse(settings.slack_allowed_users),
            telegram_chats=IdList.parse(settings.telegram_allowed_chats),
            telegram_users=IdList.parse(settings.telegram_allowed_users),
            investigators=IdList.parse(settings.investigators),
            admins=IdList.parse(settings.admins),
            open_channels=IdList.parse(settings.open_channels),
            spaces=parse_spaces(settings.spaces),
            global_visible_in=IdList.parse(settings.global_visible_in),
            investigations_per_user_hour=settings.investigations_per_user_hour,
            investigations_per_space_hour=settings.investigations_per_space_hour,
        )

    # -- who may talk -----------------------------------------------------------------------

    def refusal(self, caller: Caller) -> str | None:
        """``None`` when ``caller`` may talk to Mallory, else the one line saying why not."""
        if caller.platform == CONSOLE:
            return None
        if caller.platform == "slack":
            teams = self.slack_teams
            team_ok = (
                teams.has(caller.team, platform="slack")
                if teams is not None
                else bool(caller.home_team) and caller.team == caller.home_team
            )
            if not team_ok:
                return (
                    "Mallory isn't enabled for this workspace. An admin can add its id "
                    f"`{caller.team or '?'}` to SLACK_ALLOWED_TEAMS."
                )
            if self.slack_channels.has(caller.channel, platform="slack") or self.slack_users.has(
                caller.user, platform="slack"
            ):
                return None
            return (
                "Mallory isn't enabled in this conversation. An admin can add its id "
                f"`{caller.channel}` to SLACK_ALLOWED_CHANNELS."
            )
        if caller.platform == "telegram":
            if self.telegram_chats.has(caller.channel, platform="telegram") or self.telegram_users.has(
                caller.user, platform="telegram"
            ):
                return None
            return (
                "Mallory isn't enabled in this chat. An admin can enable it by adding this chat's id "
                f"{caller.channel} to TELEGRAM_ALLOWED_CHATS."
            )
        return f"Mallory isn't enabled on {caller.platform}."

    def is_open(self, caller: Caller) -> bool:
        """An open channel: every message is for Mallory, not only mentions."""
        return self.open_channels.has(caller.channel, platform=caller.platform)

    # -- who may commission investigations, and how many --------------------------------------

    def may_investigate(self, caller: Caller) -> bool:
        return caller.platform == CONSOLE or self.investigators.has(caller.user, platform=caller.platform)

    def is_admin(self, caller: Caller) -> bool:
        return caller.platform == CONSOLE or self.admins.has(caller.user, platform=caller.platform)

    # -- what each place sees --------------------------------------------------------------

    def knowledge_space(self, thread: ThreadRef) -> str:
        """The knowledge space a conversation reads and writes: mapped by channel or chat id
        (``MALLORY_SPACES``), else the platform's own space (Slack workspace, Telegram chat)."""
        return (
            self.spaces.get(f"{thread.platform}:{thread.channel}")
            or self.spaces.get(thread.channel)
            or thread.space
        )

    def visible(self, space: str) -> tuple[str, ...]:
        """The spaces ``space`` reads: its own, and the global one where the policy says."""
        if space == GLOBAL_SPACE or not self.global_visible_in.has(space):
            return (space,)
        return (space, GLOBAL_SPACE)

    def describe(self) -> list[tuple[str, str]]:
        """The effective policy, one (setting, value) pair per line, for ``mallory policy``."""
        teams = self.slack_teams.describe() if self.slack_teams is not None else "(the installing workspace)"
        spaces = ", ".join(f"{k}={v}" for k, v in sorted(self.spaces.items())) or "(each place its own)"
        return [
            ("SLACK_ALLOWED_TEAMS", teams),
            ("SLACK_ALLOWED_CHANNELS", self.slack_channels.describe()),
            ("SLACK_ALLOWED_USERS", self.slack_users.describe()),
            ("TELEGRAM_ALLOWED_CHATS", self.telegram_chats.describe()),
            ("TELEGRAM_ALLOWED_USERS", self.telegram_users.describe()),
            ("MALLORY_INVESTIGATORS", self.investigators.describe()),
            ("MALLORY_ADMINS", self.admins.describe()),
            ("MALLORY_OPEN_CHANNELS", self.open_channels.describe()),
            ("MALLORY_SPACES", spaces),
            ("MALLORY_GLOBAL_VISIBLE_IN", self.global_visible_in.describe()),
            ("MALLORY_INVESTIGATIONS_PER_USER_HOUR", _limit(self.investigations_per_user_hour)),
            ("MALLORY_INVESTIGATIONS_PER_SPACE_HOUR", _limit(self.investigations_per_space_hour)),
        ]


def _limit(n: int) -> str:
    return str(n) if n else "no limit"


def parse_spaces(raw: str) -> dict[str, str]:
    """``C0123=eng, -1001234=eng`` → {channel or chat id: knowledge space}."""
    mapping: dict[str, str] = {}
    for item in raw.split(","):
        if not item.strip():
            continue
        place, sep, space = item.partition("=")
        if not sep or not place.strip() or not space.strip():
            raise ConfigError(f"MALLORY_SPACES: {item.strip()!r} is not CHANNEL=SPACE")
        mapping[place.strip()] = space.strip()
    return mapping


class Gate:
    """Applies the policy to every inbound event before the core stores or reads anything.

    A refused message that was addressed to Mallory gets one polite line per place and day
    (with the id an admin needs); everything else refused is dropped without a word.
    """

    def __init__(
        self,
        policy: AccessPolicy,
        *,
        first_time: Callable[[str], Awaitable[bool]],
        now: Callable[[], datetime],
        queue: Queue | None = None,
    ) -> None:
        self.policy = policy
        self._queue = queue
        self._first_time = first_time
        self._now = now

    def refusal(self, inbound: Inbound) -> str | None:
        return self.policy.refusal(Caller.of(inbound.thread, inbound.author, inbound.extras))

    async def admit(self, inbound: Inbound, sender: Sender) -> Inbound | None:
        caller = Caller.of(inbound.thread, inbound.author, inbound.extras)
        refusal = self.policy.refusal(caller)
        if refusal is None:
            if self.policy.is_open(caller) and not inbound.is_mention:
                return replace(inbound, is_mention=True)
            return inbound
        if inbound.is_mention or inbound.is_direct:
            day = self._now().date().isoformat()
            if await self._first_time(f"policy:refused:{inbound.platform}:{inbound.channel}:{day}"):
                reply = Reply(inbound.thread, refusal, kind=ReplyKind.NOTICE, in_reply_to=inbound.message_id)
                try:
                    await sender.send(reply)
                except Exception:  # the refusal is a courtesy; nothing is owed
                    pass
        return None

    def admit_action(self, event: ActionEvent) -> bool:
        return self.policy.refusal(Caller.of(event.thread, event.author, event.extras)) is None

    async def investigation_refusal(self, thread: ThreadRef, requester: Person, space: str) -> str | None:
        """Why ``requester`` may not commission an investigation in ``space`` now (said plainly
        in the thread), or ``None``. Admins are exempt from the hourly limits."""
        policy = self.policy
        caller = Caller.of(thread, requester)
        if not policy.may_investigate(caller):
            return (
                "Investigations are commissioned only by the people an admin listed in "
                "MALLORY_INVESTIGATORS; I can still answer quick questions here."
            )
        if self._queue is None or policy.is_admin(caller):
            return None
        per_user = policy.investigations_per_user_hour
        per_space = policy.investigations_per_space_hour
        if not (per_user or per_space):
            return None
        by_user, in_space = await self._queue.count_since(
            self._now() - HOUR, space=space, requester_id=requester.id
        )
        if per_user and by_user >= per_user:
            return (
                f"You've reached your limit of {per_user} investigations per hour, so I haven't started "
                "this one. Ask again later, or ask me for a quick answer."
            )
        if per_space and in_space >= per_space:
            return (
                f"This space has reached its limit of {per_space} investigations per hour, so I haven't "
                "started this one. Ask again later, or ask me for a quick answer."
            )
        return None
