"""Settings, read once at the edge from the environment and ``.env`` into typed objects.

Nothing below this module reads the environment: the CLI builds a ``Settings`` and
passes it (or pieces of it) down.
"""

from __future__ import annotations

import difflib
import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from dotenv import dotenv_values
from pydantic import AliasChoices, Field, SecretStr, field_validator
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


def _env(name: str) -> AliasChoices:
    return AliasChoices(name)


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
    database_url: str | None = Field(None, validation_alias=_env("MALLORY_DATABASE_URL"))
    vault: Path = Field(DEFAULT_VAULT, validation_alias=_env("MALLORY_VAULT"))
    default_space: str = Field("global", validation_alias=_env("MALLORY_DEFAULT_SPACE"))

    # behaviour
    persona_file: Path = Field(DEFAULT_PERSONA, validation_alias=_env("MALLORY_PERSONA_FILE"))
    dedup_window_s: float = Field(600.0, validation_alias=_env("MALLORY_DEDUP_WINDOW"))
    offer_window_s: float = Field(1800.0, validation_alias=_env("MALLORY_OFFER_WINDOW"))
    lease_s: float = Field(1800.0, validation_alias=_env("MALLORY_LEASE"))
    max_attempts: int = Field(3, validation_alias=_env("MALLORY_MAX_ATTEMPTS"))
    max_message_chars: int = Field(20_000, validation_alias=_env("MALLORY_MAX_MESSAGE_CHARS"))
    history_turns: int = Field(12, validation_alias=_env("MALLORY_HISTORY_TURNS"))
    quick_top_k: int = Field(6, validation_alias=_env("MALLORY_QUICK_TOP_K"))
    worker_interval_s: float = Field(2.0, validation_alias=_env("MALLORY_WORKER_INTERVAL"))
    sweep_interval_s: float = Field(60.0, validation_alias=_env("MALLORY_SWEEP_INTERVAL"))
    # on SIGTERM a worker stops claiming and waits this long for the running investigation
    # before handing it back to the queue
    shutdown_grace_s: float = Field(30.0, validation_alias=_env("MALLORY_SHUTDOWN_GRACE"))
    delivery_retry_s: float = Field(30.0, validation_alias=_env("MALLORY_DELIVERY_RETRY"))
    # delivery keys (Slack event ids, Telegram update ids, button presses) are remembered this
    # long: longer than any platform redelivers (Telegram keeps unconfirmed updates 24 h)
    seen_retention_s: float = Field(7 * 86400.0, validation_alias=_env("MALLORY_SEEN_RETENTION"))

    # models
    llm_provider: str = Field("auto", validation_alias=_env("MALLORY_LLM"))
    fast_model: str = Field("claude-haiku-4-5", validation_alias=_env("MALLORY_FAST_MODEL"))
    deep_model: str = Field("claude-opus-4-8", validation_alias=_env("MALLORY_DEEP_MODEL"))
    # each job's total budget in seconds, retries and retry-after waits included; when it
    # runs out the user gets the fallback (the lexicon, or what the notes say)
    budget_classify_s: float = Field(3.0, gt=0, validation_alias=_env("MALLORY_BUDGET_CLASSIFY"))
    budget_chat_s: float = Field(12.0, gt=0, validation_alias=_env("MALLORY_BUDGET_CHAT"))
    budget_quick_s: float = Field(25.0, gt=0, validation_alias=_env("MALLORY_BUDGET_QUICK"))
    budget_rewrite_s: float = Field(6.0, gt=0, validation_alias=_env("MALLORY_BUDGET_REWRITE"))
    budget_gaps_s: float = Field(10.0, gt=0, validation_alias=_env("MALLORY_BUDGET_GAPS"))
    budget_synthesis_s: float = Field(60.0, gt=0, validation_alias=_env("MALLORY_BUDGET_SYNTHESIS"))
    budget_web_s: float = Field(90.0, gt=0, validation_alias=_env("MALLORY_BUDGET_WEB"))
    llm_max_retries: int = Field(3, ge=0, validation_alias=_env("MALLORY_LLM_MAX_RETRIES"))
    # how sure the offline router's model must be for its decision to stand without the LLM
    # classifier (1.0: every decision the model makes goes to the LLM when there is one)
    router_sure: float = Field(0.8, ge=0.0, le=1.0, validation_alias=_env("MALLORY_ROUTER_SURE"))
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
    embedding_dim: int = Field(1024, validation_alias=_env("MALLORY_EMBEDDING_DIM"))

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
    # quotas (0: no limit); admins are exempt
    investigations_per_user_hour: int = Field(
        10, ge=0, validation_alias=_env("MALLORY_INVESTIGATIONS_PER_USER_HOUR")
    )
    investigations_per_space_hour: int = Field(
        30, ge=0, validation_alias=_env("MALLORY_INVESTIGATIONS_PER_SPACE_HOUR")
    )
    # language-model tokens (input, output and cache, as the API reports them) per UTC day
    tokens_per_user_day: int = Field(0, ge=0, validation_alias=_env("MALLORY_TOKENS_PER_USER_DAY"))
    tokens_per_space_day: int = Field(0, ge=0, validation_alias=_env("MALLORY_TOKENS_PER_SPACE_DAY"))

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
