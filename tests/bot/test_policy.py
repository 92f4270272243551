"""The access policy read from settings: defaults (Telegram closed, Slack the installing
workspace, global visible where allowed), id lists, the space map, and ``mallory policy``."""

from __future__ import annotations

import json

import pytest

from bot.cli import main
from bot.config import load_settings
from bot.errors import ConfigError
from bot.events import ThreadRef
from bot.policy import AccessPolicy, Caller, IdList


def policy(**settings: object) -> AccessPolicy:
    return AccessPolicy.from_settings(load_settings(**settings))


def test_defaults_close_telegram_and_open_only_the_installing_slack_workspace() -> None:
    p = policy()
    assert p.refusal(Caller("telegram", "", "-100123", "42")) is not None
    assert p.refusal(Caller("telegram", "", "42", "42")) is not None, "private chats too"
    assert p.refusal(Caller("slack", "T1", "C1", "U1", home_team="T1")) is None
    assert p.refusal(Caller("slack", "T2", "C1", "U1", home_team="T1")) is not None
    assert p.refusal(Caller("slack", "T1", "C1", "U1", home_team="")) is not None, "unknown home: closed"
    assert p.refusal(Caller("console", "", "local", "you")) is None
    assert p.refusal(Caller("irc", "", "#x", "u")) is not None


def test_a_message_is_allowed_when_its_chat_or_its_user_is_listed() -> None:
    p = policy(telegram_allowed_chats="-100123", telegram_allowed_users="7")
    assert p.refusal(Caller("telegram", "", "-100123", "1")) is None
    assert p.refusal(Caller("telegram", "", "-100999", "7")) is None
    assert p.refusal(Caller("telegram", "", "-100999", "1")) is not None
    assert policy(telegram_allowed_chats="*").refusal(Caller("telegram", "", "5", "5")) is None


def test_slack_lists_and_explicit_teams() -> None:
    p = policy(slack_allowed_teams="T1, T2", slack_allowed_channels="C1", slack_allowed_users="U9")
    assert p.refusal(Caller("slack", "T2", "C1", "U1")) is None
    assert p.refusal(Caller("slack", "T2", "C2", "U9")) is None
    assert p.refusal(Caller("slack", "T2", "C2", "U1")) is not None
    assert p.refusal(Caller("slack", "T3", "C1", "U9")) is not None


def test_ids_may_be_qualified_by_platform() -> None:
    ids = IdList.parse("slack:U1, 42 ,")
    assert ids.has("U1", platform="slack") and not ids.has("U1", platform="telegram")
    assert ids.has("42", platform="telegram") and not ids.has("", platform="slack")


def test_investigators_and_admins() -> None:
    p = policy(investigators="U1", admins="U2")
    assert p.may_investigate(Caller("slack", "T", "C", "U1"))
    assert not p.may_investigate(Caller("slack", "T", "C", "U2"))
    assert p.is_admin(Caller("slack", "T", "C", "U2")) and not p.is_admin(Caller("slack", "T", "C", "U1"))


def test_space_map_and_global_visibility() -> None:
    p = policy(spaces="C1=eng, telegram:-100=ops", global_visible_in="eng")
    assert p.knowledge_space(ThreadRef("slack", "T1", "C1", "1")) == "eng"
    assert p.knowledge_space(ThreadRef("telegram", "-100", "-100", "1")) == "ops"
    assert p.knowledge_space(ThreadRef("slack", "T1", "C2", "1")) == "T1"
    assert p.visible("eng") == ("eng", "global")
    assert p.visible("ops") == ("ops",)
    assert p.visible("global") == ("global",)
    assert policy().visible("T1") == ("T1", "global"), "by default global is seen wherever Mallory talks"


@pytest.mark.parametrize("raw", ["C1", "=eng", "C1=", "C1=eng,C2"])
def test_a_bad_space_map_is_a_config_error(raw: str) -> None:
    with pytest.raises(ConfigError, match="MALLORY_SPACES"):
        policy(spaces=raw)


def test_mallory_policy_prints_the_effective_policy(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("TELEGRAM_ALLOWED_CHATS", "-100123,42")
    monkeypatch.setenv("MALLORY_ADMINS", "U2")
    monkeypatch.setenv("MALLORY_TOKENS_PER_USER_DAY", "50000")
    assert main(["policy"]) == 0
    out = capsys.readouterr().out
    assert "SLACK_ALLOWED_TEAMS" in out and "(the installing workspace)" in out
    assert "-100123, 42" in out
    assert main(["policy", "--json"]) == 0
    shown = json.loads(capsys.readouterr().out)
    # typed data, not the display strings
    assert shown["SLACK_ALLOWED_TEAMS"] is None  # the installing workspace
    assert shown["SLACK_ALLOWED_CHANNELS"] == {"any": True, "ids": []}
    assert shown["TELEGRAM_ALLOWED_USERS"] == {"any": False, "ids": []}
    assert shown["TELEGRAM_ALLOWED_CHATS"] == {"any": False, "ids": ["-100123", "42"]}
    assert shown["MALLORY_ADMINS"] == {"any": False, "ids": ["U2"]}
    assert shown["MALLORY_SPACES"] == {}
    assert shown["MALLORY_TOKENS_PER_USER_DAY"] == 50000
    assert shown["MALLORY_INVESTIGATIONS_PER_USER_HOUR"] == 10
    assert shown["MALLORY_TOKENS_PER_SPACE_DAY"] is None  # unset: unlimited
