"""Who may talk to Mallory, who may commission investigations, which knowledge each place
sees, and what it may spend: read once from ``Settings`` into an ``AccessPolicy``; ``Gate``
enforces it for every inbound event, ``MeteredProvider`` for every model call."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime, timedelta
from typing import Any

from bot.config import Settings
from bot.errors import ConfigError, QuotaExceeded
from bot.events import ActionEvent, Inbound, Person, Reply, ReplyKind, Sender, ThreadRef
from bot.llm.base import LLMProvider, Synthesis, Turn, WebFinding
from bot.llm.usage import current_scope
from bot.routing import Decision
from bot.sources import Source
from storage.knowledge import GLOBAL_SPACE
from storage.queue import Queue
from storage.usage import UsageLog

HOUR = timedelta(hours=1)
DAY = timedelta(days=1)

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

    def data(self) -> dict[str, object]:
        """As typed data (``mallory policy --json``)."""
        return {"any": self.anyone, "ids": sorted(self.ids)}

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
    tokens_per_user_day: int = 0
    tokens_per_space_day: int = 0

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
            tokens_per_user_day=settings.tokens_per_user_day,
            tokens_per_space_day=settings.tokens_per_space_day,
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
            ("MALLORY_TOKENS_PER_USER_DAY", _limit(self.tokens_per_user_day)),
            ("MALLORY_TOKENS_PER_SPACE_DAY", _limit(self.tokens_per_space_day)),
        ]

    def data(self) -> dict[str, object]:
        """The effective policy as typed data, keyed like ``describe``: id lists as
        {"any", "ids"}, the installing workspace and "no limit" as null, quotas as numbers."""
        return {
            "SLACK_ALLOWED_TEAMS": self.slack_teams.data() if self.slack_teams is not None else None,
            "SLACK_ALLOWED_CHANNELS": self.slack_channels.data(),
            "SLACK_ALLOWED_USERS": self.slack_users.data(),
            "TELEGRAM_ALLOWED_CHATS": self.telegram_chats.data(),
            "TELEGRAM_ALLOWED_USERS": self.telegram_users.data(),
            "MALLORY_INVESTIGATORS": self.investigators.data(),
            "MALLORY_ADMINS": self.admins.data(),
            "MALLORY_OPEN_CHANNELS": self.open_channels.data(),
            "MALLORY_SPACES": dict(sorted(self.spaces.items())),
            "MALLORY_GLOBAL_VISIBLE_IN": self.global_visible_in.data(),
            "MALLORY_INVESTIGATIONS_PER_USER_HOUR": self.investigations_per_user_hour or None,
            "MALLORY_INVESTIGATIONS_PER_SPACE_HOUR": self.investigations_per_space_hour or None,
            "MALLORY_TOKENS_PER_USER_DAY": self.tokens_per_user_day or None,
            "MALLORY_TOKENS_PER_SPACE_DAY": self.tokens_per_space_day or None,
        }


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
        usage: UsageLog | None = None,
    ) -> None:
        self.policy = policy
        self._queue = queue
        self.tokens = TokenQuota(policy, usage, now) if usage is not None else None
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

    async def model_quota_note(self, thread: ThreadRef, requester: Person, space: str) -> str:
        """A sentence for the acknowledgement of an investigation whose requester (or space)
        has no model tokens left today: the report will be written without the model."""
        if self.tokens is None:
            return ""
        reason = await self.tokens.exceeded(platform=thread.platform, user=requester.id, space=space)
        if reason is None:
            return ""
        return f" Note: {reason}, so the report will be written from the notes without the language model."


# -- what it may spend ------------------------------------------------------------------------


def day_start(moment: datetime) -> datetime:
    """The start of the UTC day ``moment`` falls in: daily quotas reset at 00:00 UTC."""
    return moment.astimezone(UTC).replace(hour=0, minute=0, second=0, microsecond=0)


def _in(delta: timedelta) -> str:
    minutes = max(1, int(delta.total_seconds() // 60))
    hours, minutes = divmod(minutes, 60)
    return f"{hours} h {minutes} min" if hours else f"{minutes} min"


class TokenQuota:
    """The per-day model-token limits, read from the calls recorded in ``model_calls``
    (``storage/usage.py``): all tokens the API reports (input, output, cache write and
    read) since 00:00 UTC, per user (across spaces) and per knowledge space. Admins and
    the console are exempt, as are calls made for nobody (a CLI ingest)."""

    def __init__(self, policy: AccessPolicy, usage: UsageLog, now: Callable[[], datetime]) -> None:
        self.policy = policy
        self.usage = usage
        self._now = now

    @property
    def limited(self) -> bool:
        return bool(self.policy.tokens_per_user_day or self.policy.tokens_per_space_day)

    async def exceeded(self, *, platform: str | None, user: str | None, space: str | None) -> str | None:
        """Which limit this user (or space) has reached today and when it resets, in words
        for the user; ``None`` while a model call may be made."""
        policy = self.policy
        if not self.limited or (not user and not space):
            return None
        if platform == CONSOLE or (platform and user and policy.is_admin(Caller(platform, "", "", user))):
            return None
        now = self._now()
        start = day_start(now)
        resets = f"it resets at 00:00 UTC, in {_in(start + DAY - now)}"
        per_user = policy.tokens_per_user_day
        if per_user and user:
            used = (await self.usage.tokens_used(user=user, since=start)).total
            if used >= per_user:
                return (
                    f"you have used your language-model allowance for today ({used:,} of {per_user:,} "
                    f"tokens a day per person; {resets})"
                )
        per_space = policy.tokens_per_space_day
        if per_space and space:
            used = (await self.usage.tokens_used(space=space, since=start)).total
            if used >= per_space:
                return (
                    f"this space has used its language-model allowance for today ({used:,} of "
                    f"{per_space:,} tokens a day; {resets})"
                )
        return None


class MeteredProvider:
    """A language model behind the daily token quotas. Before each call the quota of the
    call's scope (``bot.llm.usage.current_scope``: space, user, platform) is read; over it,
    ``QuotaExceeded`` is raised and the caller's own fallback answers without the model and
    says why (the offline provider, the lexicon, an extractive report). A call that starts
    under the limit runs to the end, so a day can overshoot by the calls already running."""

    def __init__(self, inner: LLMProvider, quota: TokenQuota) -> None:
        self.inner = inner
        self.quota = quota
        self.name = inner.name
        self.offline = inner.offline

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)  # on_usage, the models, ... of the real provider

    async def _check(self, job: str) -> None:
        scope = current_scope()
        reason = await self.quota.exceeded(platform=scope.platform, user=scope.user_id, space=scope.space)
        if reason is not None:
            raise QuotaExceeded(f"{job}: daily model-token quota reached", user_reason=reason)

    async def classify(self, text: str, *, history: Sequence[Turn], lexicon: Decision) -> Decision:
        await self._check("classify")
        return await self.inner.classify(text, history=history, lexicon=lexicon)

    async def chat(self, text: str, *, persona: str, history: Sequence[Turn], hint: str = "") -> str:
        await self._check("chat")
        return await self.inner.chat(text, persona=persona, history=history, hint=hint)

    async def answer(
        self, question: str, *, persona: str, sources: Sequence[Source], history: Sequence[Turn]
    ) -> str:
        await self._check("quick")
        return await self.inner.answer(question, persona=persona, sources=sources, history=history)

    async def rewrite_question(self, request: str, *, history: Sequence[Turn]) -> str:
        await self._check("rewrite")
        return await self.inner.rewrite_question(request, history=history)

    async def synthesize(
        self, topic: str, *, sources: Sequence[Source], notes: Sequence[str], edges: Sequence[str]
    ) -> Synthesis:
        await self._check("synthesis")
        return await self.inner.synthesize(topic, sources=sources, notes=notes, edges=edges)

    async def find_gaps(self, topic: str, *, sources: Sequence[Source]) -> list[str]:
        await self._check("gaps")
        return await self.inner.find_gaps(topic, sources=sources)

    async def web_research(self, topic: str, *, notes: Sequence[str]) -> list[WebFinding]:
        await self._check("web")
        return await self.inner.web_research(topic, notes=notes)

    async def aclose(self) -> None:
        await self.inner.aclose()


def metered(llm: LLMProvider, quota: TokenQuota) -> LLMProvider:
    """``llm`` behind the daily token quotas, when any is set (else ``llm`` itself)."""
    if llm.offline or not quota.limited:
        return llm
    return MeteredProvider(llm, quota)
