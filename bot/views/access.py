"""Sign-in from chat, no passwords: a one-time link (valid ``LINK_VALID``) opens a browser
session; every request maps the session to the spaces the access policy lets its person
see, asked afresh each time, so a policy change takes effect at the next page."""

from __future__ import annotations

import hashlib
import json
import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import timedelta
from typing import Any
from urllib.parse import urlsplit

from bot.clock import Clock
from bot.config import Settings
from bot.errors import InputError
from bot.events import Inbound, ThreadRef
from bot.policy import HOME_TEAM, AccessPolicy, Caller
from storage.web_access import WebAccess
from storage.web_reads import WebReads

LINK_VALID = timedelta(minutes=10)
UI_PATH = "/ui"  # where the view is served, under MALLORY_PUBLIC_URL's own path


@dataclass(frozen=True)
class Place:
    """Where a person asked for their link: the policy is asked about it on every request."""

    platform: str
    space: str  # the platform's space (Slack workspace, Telegram chat)
    channel: str
    home_team: str = ""

    def caller(self, user: str) -> Caller:
        team = self.space if self.platform == "slack" else ""
        return Caller(self.platform, team, self.channel, user, self.home_team)

    def thread(self) -> ThreadRef:
        return ThreadRef(self.platform, self.space, self.channel, "")


@dataclass(frozen=True)
class Viewer:
    """A signed-in person. ``spaces`` of ``None``: every space (an admin)."""

    user_key: str
    spaces: tuple[str, ...] | None
    admin: bool

    def may_see(self, space: str) -> bool:
        return self.spaces is None or space in self.spaces


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "replace")).hexdigest()


def parse_user(raw: str) -> tuple[str, str]:
    """``slack:U123`` or ``telegram:42`` → (platform, user id)."""
    platform, sep, user = raw.strip().partition(":")
    if not sep or platform not in ("slack", "telegram", "console") or not user.strip():
        raise InputError(f"--user {raw!r}: write it as slack:USER_ID or telegram:USER_ID")
    return platform, user.strip()


class WebSignIn:
    """Makes links, redeems them into sessions, and turns a session into a ``Viewer``."""

    def __init__(
        self, access: WebAccess, reads: WebReads, policy: AccessPolicy, settings: Settings, clock: Clock
    ) -> None:
        self.access = access
        self.reads = reads
        self.policy = policy
        self.settings = settings
        self.clock = clock

    @property
    def base_path(self) -> str:
        """The path the view is served under, as the browser sees it (behind a proxy that
        strips a prefix, MALLORY_PUBLIC_URL carries that prefix)."""
        return urlsplit(self.settings.public_url).path.rstrip("/") + UI_PATH

    @property
    def secure(self) -> bool:
        return self.settings.public_url.startswith("https://")

    async def link(
        self,
        user_key: str,
        *,
        places: Sequence[Place] = (),
        spaces: Sequence[str] = (),
        admin: bool = False,
    ) -> str:
        """A fresh one-time sign-in link for ``user_key``; only its hash is stored."""
        token = secrets.token_hex(32)  # hex: nothing a chat's Markdown would touch
        now = self.clock.now()
        scope = json.dumps(
            {
                "admin": admin,
                "places": [p.__dict__ for p in places],
                "spaces": list(spaces),
            },
            sort_keys=True,
        )
        await self.access.add_link(
            token_hash(token), user_key=user_key, scope=scope, now=now, expires_at=now + LINK_VALID
        )
        return f"{self.settings.public_url}{UI_PATH}/signin/{token}"

    async def link_for(self, inbound: Inbound) -> str:
        """The link ``/web`` answers with: the person who asked, seeing what the place they
        asked in may see (all of it when the policy names them an admin)."""
        thread = inbound.thread
        place = Place(thread.platform, thread.space, thread.channel, str(inbound.extras.get(HOME_TEAM) or ""))
        caller = place.caller(inbound.author.id)
        admin = thread.platform != "console" and self.policy.is_admin(caller)
        if thread.platform == "console":
            return await self.link(
                f"console:{inbound.author.id}", spaces=[self.policy.knowledge_space(thread)], admin=False
            )
        return await self.link(f"{thread.platform}:{inbound.author.id}", places=[place], admin=admin)

    async def link_for_operator(self, user: str, *, admin: bool, spaces: list[str]) -> str:
        """``mallory web-link``: the operator vouches for the person; without ``spaces`` they
        see the places they have talked to Mallory from (the policy asked on each request)."""
        platform, user_id = parse_user(user)
        places: list[Place] = []
        if not admin and not spaces:
            for raw in await self.reads.places_of(platform, user_id):
                ref = ThreadRef.from_json(raw)
                places.append(Place(ref.platform, ref.space, ref.channel, ref.space))
            if not places:
                raise InputError(
                    f"{user} has not talked to Mallory yet, so there is no place to grant; "
                    "name the spaces with --space, or use --admin"
                )
        return await self.link(f"{platform}:{user_id}", places=places, spaces=spaces, admin=admin)

    async def redeem(self, token: str) -> str | None:
        """Spend a link: the new session's token, or ``None`` (unknown, used or expired)."""
        session = secrets.token_hex(32)
        now = self.clock.now()
        granted = await self.access.redeem(
            token_hash(token),
            token_hash(session),
            now=now,
            session_expires_at=now + timedelta(seconds=self.settings.web_session_s),
        )
        if granted is None:
            return None
        await self.access.forget_expired(now=now)  # links and sessions past their end go
        return session

    async def viewer(self, session: str | None) -> Viewer | None:
        """The person behind a session cookie and what they may see now, or ``None``."""
        if not session or len(session) > 128:
            return None
        granted = await self.access.session(token_hash(session), now=self.clock.now())
        if granted is None:
            return None
        scope: dict[str, Any] = json.loads(granted.scope)
        _, _, user = granted.user_key.partition(":")
        if scope.get("admin"):
            return Viewer(granted.user_key, None, True)
        spaces: dict[str, None] = {}
        for space in scope.get("spaces") or []:
            spaces.update(dict.fromkeys(self.policy.visible(str(space))))
        for raw in scope.get("places") or []:
            place = Place(**{k: str(raw.get(k) or "") for k in ("platform", "space", "channel", "home_team")})
            if self.policy.refusal(place.caller(user)) is not None:
                continue  # the policy closed that place since: it shows nothing any more
            spaces.update(dict.fromkeys(self.policy.visible(self.policy.knowledge_space(place.thread()))))
        return Viewer(granted.user_key, tuple(spaces), False)

    async def sign_out(self, session: str) -> None:
        await self.access.end_session(token_hash(session))
