"""Settings, read once at the edge from the environment and ``.env`` into typed objects.

Nothing below this module reads the environment: the CLI builds a ``Settings`` and
passes it (or pieces of it) down.
"""

from __future__ import annotations

import argparse
import difflib
import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from dotenv import dotenv_values
from pydantic import AliasChoices, Field, SecretStr, ValidationError, field_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

PACKAGE_ROOT = Path(__file__).resolve().parent
PROJECT_ROOT = PACKAGE_ROOT.parent
DEFAULT_PERSONA = PACKAGE_ROOT / "persona.md"
DEFAULT_VAULT = PROJECT_ROOT / "examples" / "vault"


@dataclass(frozen=True)
class Budgets:
    """Seconds each model job may take in total, retries included."""

    classify: float = 3.0
    chat: float = 12.0
    quick: float = 25.0
    rewrite: float = 6.0
    gaps: float = 10.0
    synthesis: float = 60.0
    web: float = 90.0

    def of(self, job: str) -> float:
        return float(getattr(self, job))


def default_cache_dir() -> Path:
    """Where files Mallory can rebuild at will are kept unless ``MALLORY_CACHE_DIR`` says:
    ``$XDG_CACHE_HOME/mallory``, else ``~/.cache/mallory``."""
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "mallory"


def _env(name: str) -> AliasChoices:
    return AliasChoices(name)


DAY = 86400.0
WEEK = 7 * DAY


def number(default: float, env: str, *, ge: float, le: float, unit: str = "") -> Any:
    """A numeric setting read from ``env``, with its range declared beside it: a value out
    of it (or not a number) stops the CLI at start-up with one line, exit 2 (``explain``).
    Every int and float setting is declared this way (a test checks that each has both
    bounds)."""
    extra: Any = {"unit": unit} if unit else None
    return Field(default, ge=ge, le=le, validation_alias=_env(env), json_schema_extra=extra)


@dataclass(frozen=True)
class Bounded:
    """A numeric command-line option's type and range: ``type=Bounded(int, 1, 1000)``; a
    value out of it is the parser's one-line error, exit 2. Every numeric option uses it
    (a test checks)."""

    kind: type[int] | type[float]
    lo: float
    hi: float

    @property
    def __name__(self) -> str:  # argparse names the type in its messages
        return self.kind.__name__

    def __call__(self, text: str) -> float:
        try:
            value = self.kind(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} must be {self._range()}") from None
        if not self.lo <= value <= self.hi:
            raise argparse.ArgumentTypeError(f"{text} must be {self._range()}")
        return value

    def _range(self) -> str:
        what = "a whole number" if self.kind is int else "a number"
        return f"{what} between {_plain(self.lo)} and {_plain(self.hi)}"


def _plain(value: float) -> str:
    return f"{value:g}" if isinstance(value, float) else str(value)


def explain(exc: ValidationError) -> str:
    """One line for the first bad setting: the variable, the value given, and what it must
    be (a numeric setting: its declared range)."""
    first = exc.errors()[0]
    where = ".".join(str(p) for p in first.get("loc", ())) or "settings"
    given = first.get("input")
    shown = (
        f"{where}={given}" if isinstance(given, str | int | float) and not isinstance(given, bool) else where
    )
    for info in Settings.model_fields.values():
        alias = info.validation_alias
        if isinstance(alias, AliasChoices) and where in alias.choices and info.annotation in (int, float):
            bounds = {type(m).__name__: getattr(m, type(m).__name__.lower()) for m in info.metadata}
            if "Ge" in bounds and "Le" in bounds:
                what = "a whole number" if info.annotation is int else "a number"
                extra = info.json_schema_extra
                unit = f" ({extra['unit']})" if isinstance(extra, dict) and extra.get("unit") else ""
                return f"bad setting {shown}: must be {what} between {_plain(bounds['Ge'])} and {_plain(bounds['Le'])}{unit}"
    return f"bad setting {shown}: {first.get('msg')}"


class Settings(BaseSettings):
    """Every knob Mallory has. Platform and API secrets use their standard names;
    everything else is ``MALLORY_*``."""

    model_config = SettingsConfigDict(
        env_file=".env", env_file_encoding="utf-8", extra="ignore", populate_by_name=True
    )

    # platform and API secrets (standard names)
    slack_bot_token: SecretStr | None = Field(None, validation_alias=_env("SLACK_BOT_TOKEN"))
    slack_app_token: SecretStr | None = Field(None, validation_alias=_env("SLACK_APP_TOKEN"))
    slack_signing_secret: SecretStr | None = Field(None, validation_alias=_env("SLACK_SIGNING_SECRET"))
    slack_api_url: str | None = Field(None, validation_alias=_env("SLACK_API_URL"))
    telegram_bot_token: SecretStr | None = Field(None, validation_alias=_env("TELEGRAM_BOT_TOKEN"))
    telegram_api_url: str | None = Field(None, validation_alias=_env("TELEGRAM_API_URL"))
    telegram_webhook_secret: SecretStr | None = Field(None, validation_alias=_env("TELEGRAM_WEBHOOK_SECRET"))
    anthropic_api_key: SecretStr | None = Field(None, validation_alias=_env("ANTHROPIC_API_KEY"))
    anthropic_base_url: str | None = Field(None, validation_alias=_env("ANTHROPIC_BASE_URL"))

    # storage
    data_dir: Path = Field(Path("data"), validation_alias=_env("MALLORY_DATA_DIR"))
    cache_dir: Path = Field(default_factory=default_cache_dir, validation_alias=_env("MALLORY_CACHE_DIR"))
    database_url: str | None = Field(None, validation_alias=_env("MALLORY_DATABASE_URL"))
    vault: Path = Field(DEFAULT_VAULT, validation_alias=_env("MALLORY_VAULT"))
    default_space: str = Field("global", validation_alias=_env("MALLORY_DEFAULT_SPACE"))

    # behaviour
    persona_file: Path = Field(DEFAULT_PERSONA, validation_alias=_env("MALLORY_PERSONA_FILE"))
    dedup_window_s: float = number(600.0, "MALLORY_DEDUP_WINDOW", ge=0, le=WEEK, unit="seconds")
    offer_window_s: float = number(1800.0, "MALLORY_OFFER_WINDOW", ge=0, le=WEEK, unit="seconds")
    # the heartbeat comes every third of it: shorter, and a worker reclaims its own claim
    lease_s: float = number(1800.0, "MALLORY_LEASE", ge=30, le=DAY, unit="seconds")
    max_attempts: int = number(3, "MALLORY_MAX_ATTEMPTS", ge=1, le=100)
    max_message_chars: int = number(20_000, "MALLORY_MAX_MESSAGE_CHARS", ge=100, le=10_000_000)
    history_turns: int = number(12, "MALLORY_HISTORY_TURNS", ge=0, le=500)
    quick_top_k: int = number(6, "MALLORY_QUICK_TOP_K", ge=1, le=100)
    worker_interval_s: float = number(2.0, "MALLORY_WORKER_INTERVAL", ge=0.05, le=DAY, unit="seconds")
    # investigations one worker runs at once (each slot claims only when it is free): an
    # investigation spends its minutes waiting on model calls, so one worker runs several,
    # as pgqueuer's worker takes 10 jobs a dequeue and arq's runs 10 at once by default
    worker_slots: int = number(10, "MALLORY_WORKER_SLOTS", ge=1, le=64)
    sweep_interval_s: float = number(60.0, "MALLORY_SWEEP_INTERVAL", ge=1, le=DAY, unit="seconds")
    # on SIGTERM a worker stops claiming and waits this long for the running investigation
    # before handing it back to the queue
    shutdown_grace_s: float = number(30.0, "MALLORY_SHUTDOWN_GRACE", ge=0, le=3600, unit="seconds")
    delivery_retry_s: float = number(30.0, "MALLORY_DELIVERY_RETRY", ge=1, le=DAY, unit="seconds")
    # delivery keys (Slack event ids, Telegram update ids, button presses) are remembered this
    # long: longer than any platform redelivers (Telegram keeps unconfirmed updates 24 h)
    seen_retention_s: float = number(7 * DAY, "MALLORY_SEEN_RETENTION", ge=DAY, le=365 * DAY, unit="seconds")

    # models
    llm_provider: str = Field("auto", validation_alias=_env("MALLORY_LLM"))
    fast_model: str = Field("claude-haiku-4-5", validation_alias=_env("MALLORY_FAST_MODEL"))
    deep_model: str = Field("claude-opus-4-8", validation_alias=_env("MALLORY_DEEP_MODEL"))
    # each job's total budget in seconds, retries and retry-after waits included; when it
    # runs out the user gets the fallback (the lexicon, or what the notes say)
    budget_classify_s: float = number(3.0, "MALLORY_BUDGET_CLASSIFY", ge=0.1, le=3600, unit="seconds")
    budget_chat_s: float = number(12.0, "MALLORY_BUDGET_CHAT", ge=0.1, le=3600, unit="seconds")
    budget_quick_s: float = number(25.0, "MALLORY_BUDGET_QUICK", ge=0.1, le=3600, unit="seconds")
    budget_rewrite_s: float = number(6.0, "MALLORY_BUDGET_REWRITE", ge=0.1, le=3600, unit="seconds")
    budget_gaps_s: float = number(10.0, "MALLORY_BUDGET_GAPS", ge=0.1, le=3600, unit="seconds")
    budget_synthesis_s: float = number(60.0, "MALLORY_BUDGET_SYNTHESIS", ge=0.1, le=3600, unit="seconds")
    budget_web_s: float = number(90.0, "MALLORY_BUDGET_WEB", ge=0.1, le=3600, unit="seconds")
    llm_max_retries: int = number(3, "MALLORY_LLM_MAX_RETRIES", ge=0, le=10)
    # how sure the offline router's model must be for its decision to stand without the LLM
    # classifier (1.0: every decision the model makes goes to the LLM when there is one)
    router_sure: float = number(0.8, "MALLORY_ROUTER_SURE", ge=0.0, le=1.0)
    # USD per million tokens: [input, output, cache write, cache read], by model-name prefix
    # (the longest matching prefix wins); a model with no entry shows tokens but no cost
    llm_prices: dict[str, list[float]] = Field(
        default_factory=lambda: {
            "claude-haiku-4": [1.0, 5.0, 1.25, 0.10],
            "claude-sonnet-4": [3.0, 15.0, 3.75, 0.30],
            "claude-opus-4": [5.0, 25.0, 6.25, 0.50],
            "claude-opus-4-0": [15.0, 75.0, 18.75, 1.50],
            "claude-opus-4-1": [15.0, 75.0, 18.75, 1.50],
            "claude-opus-4-2025": [15.0, 75.0, 18.75, 1.50],
        },
        validation_alias=_env("MALLORY_LLM_PRICES"),
    )
    web_search: bool = Field(False, validation_alias=_env("MALLORY_WEB_SEARCH"))
    embedder: str = Field("auto", validation_alias=_env("MALLORY_EMBEDDER"))
    voyage_api_key: SecretStr | None = Field(None, validation_alias=_env("VOYAGE_API_KEY"))
    embedding_api_url: str = Field(
        "https://api.voyageai.com/v1", validation_alias=_env("MALLORY_EMBEDDING_URL")
    )
    embedding_model: str = Field("voyage-3.5-lite", validation_alias=_env("MALLORY_EMBEDDING_MODEL"))
    embedding_dim: int = number(1024, "MALLORY_EMBEDDING_DIM", ge=1, le=16_384)

    # schedules (bot/schedules): the shortest interval a schedule may have, how many one
    # person may keep, and the time zone of people whose platform does not say theirs
    schedule_min_interval_s: int = number(
        3600, "MALLORY_SCHEDULE_MIN_INTERVAL", ge=60, le=31 * 86400, unit="seconds"
    )
    schedules_per_user: int = number(10, "MALLORY_SCHEDULES_PER_USER", ge=0, le=1000)
    timezone: str = Field("UTC", validation_alias=_env("MALLORY_TIMEZONE"))

    log_level: str = Field("WARNING", validation_alias=_env("MALLORY_LOG_LEVEL"))

    # access policy (bot/policy.py): comma-separated ids, "*" for any; docs/security.md
    slack_allowed_teams: str | None = Field(None, validation_alias=_env("SLACK_ALLOWED_TEAMS"))
    slack_allowed_channels: str = Field("*", validation_alias=_env("SLACK_ALLOWED_CHANNELS"))
    slack_allowed_users: str = Field("", validation_alias=_env("SLACK_ALLOWED_USERS"))
    telegram_allowed_chats: str = Field("", validation_alias=_env("TELEGRAM_ALLOWED_CHATS"))
    telegram_allowed_users: str = Field("", validation_alias=_env("TELEGRAM_ALLOWED_USERS"))
    investigators: str = Field("*", validation_alias=_env("MALLORY_INVESTIGATORS"))
    admins: str = Field("", validation_alias=_env("MALLORY_ADMINS"))
    open_channels: str = Field("", validation_alias=_env("MALLORY_OPEN_CHANNELS"))
    spaces: str = Field("", validation_alias=_env("MALLORY_SPACES"))
    global_visible_in: str = Field("*", validation_alias=_env("MALLORY_GLOBAL_VISIBLE_IN"))
    # the investigations view (adapters/web, docs/web.md): where people reach it (the base of
    # the one-time sign-in links; https makes the session cookie Secure) and how long a
    # session lasts, in seconds (1 minute to 30 days)
    public_url: str = Field("http://localhost:8080", validation_alias=_env("MALLORY_PUBLIC_URL"))
    web_session_s: int = number(8 * 3600, "MALLORY_WEB_SESSION", ge=60, le=30 * 86400, unit="seconds")
    # quotas (0: no limit); admins are exempt
    investigations_per_user_hour: int = number(10, "MALLORY_INVESTIGATIONS_PER_USER_HOUR", ge=0, le=1_000_000)
    investigations_per_space_hour: int = number(
        30, "MALLORY_INVESTIGATIONS_PER_SPACE_HOUR", ge=0, le=1_000_000
    )
    # language-model tokens (input, output and cache, as the API reports them) per UTC day
    tokens_per_user_day: int = number(0, "MALLORY_TOKENS_PER_USER_DAY", ge=0, le=10**12)
    tokens_per_space_day: int = number(0, "MALLORY_TOKENS_PER_SPACE_DAY", ge=0, le=10**12)

    @field_validator("llm_provider")
    @classmethod
    def _known_provider(cls, value: str) -> str:
        value = value.strip().lower()
        if value not in {"auto", "anthropic", "offline"}:
            raise ValueError("MALLORY_LLM must be one of: auto, anthropic, offline")
        return value

    @field_validator("embedder")
    @classmethod
    def _known_embedder(cls, value: str) -> str:
        value = value.strip().lower()
        if value not in {"auto", "local", "voyage", "none"}:
            raise ValueError("MALLORY_EMBEDDER must be one of: auto, local, voyage, none")
        return value

    @field_validator("timezone")
    @classmethod
    def _known_zone(cls, value: str) -> str:
        from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

        value = value.strip() or "UTC"
        try:
            ZoneInfo(value)
        except (ZoneInfoNotFoundError, ValueError):
            raise ValueError(
                "MALLORY_TIMEZONE must be an IANA time zone such as Europe/London or UTC"
            ) from None
        return value

    @field_validator("llm_prices")
    @classmethod
    def _four_prices(cls, value: dict[str, list[float]]) -> dict[str, list[float]]:
        for model, prices in value.items():
            if len(prices) != 4 or any(p < 0 for p in prices):
                raise ValueError(
                    f"MALLORY_LLM_PRICES[{model!r}] needs four prices per million tokens: "
                    "input, output, cache write, cache read"
                )
        return value

    @field_validator("public_url")
    @classmethod
    def _public_url(cls, value: str) -> str:
        value = value.strip().rstrip("/")
        parts = urlsplit(value)
        if parts.scheme not in ("http", "https") or not parts.netloc or parts.query or parts.fragment:
            raise ValueError("MALLORY_PUBLIC_URL must be an http(s) URL such as https://mallory.example.com")
        return value

    @property
    def budgets(self) -> Budgets:
        return Budgets(
            classify=self.budget_classify_s,
            chat=self.budget_chat_s,
            quick=self.budget_quick_s,
            rewrite=self.budget_rewrite_s,
            gaps=self.budget_gaps_s,
            synthesis=self.budget_synthesis_s,
            web=self.budget_web_s,
        )

    @property
    def resolved_database_url(self) -> str:
        if self.database_url:
            return self.database_url
        return f"sqlite:///{(self.data_dir / 'mallory.db').resolve()}"

    @property
    def reports_dir(self) -> Path:
        return self.data_dir / "reports"

    @property
    def use_anthropic(self) -> bool:
        if self.llm_provider == "offline":
            return False
        if self.llm_provider == "anthropic":
            return True
        return self.anthropic_api_key is not None

    def secrets(self) -> list[str]:
        """Every secret value that is set, so log filters can redact them."""
        values = [
            self.slack_bot_token,
            self.slack_app_token,
            self.slack_signing_secret,
            self.telegram_bot_token,
            self.telegram_webhook_secret,
            self.anthropic_api_key,
            self.voyage_api_key,
        ]
        return [v.get_secret_value() for v in values if v is not None and v.get_secret_value()]


def load_settings(**overrides: object) -> Settings:
    """Read the environment (and ``.env``) once; ``overrides`` win, for tests and flags."""
    return Settings(**overrides)  # type: ignore[arg-type]


# read by the benchmarks (bench/), not by the bot: set on purpose, never a typo
OTHER_VARIABLES = ("MALLORY_SCIFACT",)


def known_variables() -> list[str]:
    """Every environment variable a setting is read from."""
    names = list(OTHER_VARIABLES)
    for info in Settings.model_fields.values():
        alias = info.validation_alias
        if isinstance(alias, AliasChoices):
            names += [c for c in alias.choices if isinstance(c, str)]
    return names


def unknown_variables(environ: Mapping[str, str] | None = None) -> list[str]:
    """One line for each ``MALLORY_*`` variable that no setting reads (a typo is otherwise
    silently ignored), naming the closest known one."""
    env = _environment_and_dotenv() if environ is None else environ
    known = known_variables()
    lines = []
    for name in sorted(n for n in env if n.upper().startswith("MALLORY_") and n.upper() not in known):
        close = difflib.get_close_matches(name.upper(), known, n=1, cutoff=0.6)
        hint = f"; did you mean {close[0]}?" if close else " (see docs/configuration.md)"
        lines.append(f"unknown setting {name} is ignored{hint}")
    return lines


def _environment_and_dotenv() -> dict[str, str]:
    """The variables settings are read from: the environment and ``.env`` (as pydantic reads it)."""
    names: dict[str, str] = {}
    if Path(".env").is_file():
        names.update({k: v or "" for k, v in dotenv_values(".env").items()})
    names.update(os.environ)
    return names
