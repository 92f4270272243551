"""Sign-in to the investigations view (bot/views/access.py) on both databases: a session
sees the spaces the access policy gives the place the link was asked from, asked afresh on
every request; admins see everything; links expire; bad input is refused plainly."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from bot.clock import FakeClock
from bot.config import load_settings
from bot.errors import InputError
from bot.events import Inbound, Person, ThreadRef
from bot.policy import HOME_TEAM, AccessPolicy
from bot.runtime import Runtime


def _inbound(user: str = "U1", channel: str = "C1", team: str = "T1") -> Inbound:
    return Inbound(
        thread=ThreadRef("slack", team, channel, ""),
        message_id="web:1",
        author=Person(user),
        text="/web",
        received_at=datetime(2026, 6, 1, tzinfo=UTC),
        is_mention=True,
        extras={HOME_TEAM: team},
    )


async def test_a_session_sees_what_the_policy_gives_its_place(
    tmp_path: Path, clock: FakeClock, database_url: str | None
) -> None:
    settings = load_settings(
        data_dir=tmp_path,
        llm_provider="offline",
        embedder="none",
        database_url=database_url,
        spaces="C1=eng",
        admins="slack:UADMIN",
    )
    async with Runtime.open(settings, clock=clock) as rt:
        web = rt.core.web
        link = await web.link_for(_inbound())
        assert link.startswith("http://localhost:8080/ui/signin/")
        session = await web.redeem(link.rsplit("/", 1)[1])
        viewer = await web.viewer(session)
        assert viewer is not None and viewer.spaces == ("eng", "global") and not viewer.admin
        # the policy closes the channel: the same session now sees nothing there
        web.policy = AccessPolicy.from_settings(settings.model_copy(update={"slack_allowed_channels": "C9"}))
        closed = await web.viewer(session)
        assert closed is not None and closed.spaces == ()
        web.policy = rt.core.policy
        # an admin named by the policy sees every space
        admin_link = await web.link_for(_inbound(user="UADMIN"))
        admin = await web.viewer(await web.redeem(admin_link.rsplit("/", 1)[1]))
        assert admin is not None and admin.admin and admin.spaces is None
        # links expire after 10 minutes; sessions after MALLORY_WEB_SESSION
        late = await web.link_for(_inbound())
        clock.advance(minutes=10, seconds=1)
        assert await web.redeem(late.rsplit("/", 1)[1]) is None
        clock.advance(seconds=settings.web_session_s)
        assert await web.viewer(session) is None
        assert await web.viewer("not-a-session") is None and await web.viewer("x" * 500) is None


async def test_operator_links(rt: Any) -> None:
    web = rt.core.web
    with pytest.raises(InputError, match="slack:USER_ID"):
        await web.link_for_operator("U123", admin=False, spaces=[])
    with pytest.raises(InputError, match="has not talked to Mallory"):
        await web.link_for_operator("slack:U123", admin=False, spaces=[])
    link = await web.link_for_operator("telegram:42", admin=False, spaces=["eng"])
    viewer = await web.viewer(await web.redeem(link.rsplit("/", 1)[1]))
    assert viewer is not None and viewer.spaces == ("eng", "global")


def test_public_url_and_session_length_are_checked(tmp_path: Path) -> None:
    from pydantic import ValidationError

    assert (
        load_settings(data_dir=tmp_path, public_url="https://m.example.com/x/").public_url
        == "https://m.example.com/x"
    )
    for bad in ("m.example.com", "ftp://m.example.com", "https://m.example.com/?q=1"):
        with pytest.raises(ValidationError, match="MALLORY_PUBLIC_URL"):
            load_settings(data_dir=tmp_path, public_url=bad)
    for seconds in (59, 31 * 86400):
        with pytest.raises(ValidationError):
            load_settings(data_dir=tmp_path, web_session_s=seconds)
