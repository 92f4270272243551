"""Building the one PTB ``ExtBot`` each side of the adapter uses, from settings.

Every Bot API call goes through ``TELEGRAM_API_URL`` when it is set. The bot token is part
of every Bot API URL, so it is redacted from the HTTP client's log records here.
"""

from __future__ import annotations

import functools
import json
import logging
import ssl
from typing import Any

import httpx
from telegram import Update
from telegram.error import RetryAfter
from telegram.ext import AIORateLimiter, ExtBot
from telegram.request import HTTPXRequest, RequestData

from bot.config import Settings
from bot.errors import ConfigError
from bot.text.redact import redact as redact_secrets
from bot.text.redact import redact_in_logs

DEFAULT_API_URL = "https://api.telegram.org"
log = logging.getLogger(__name__)


def api_urls(api_url: str | None) -> tuple[str, str]:
    """PTB ``base_url`` and ``base_file_url`` for a Bot API server root.

    ``TELEGRAM_API_URL`` is the server root (``http://127.0.0.1:8081``); a value already
    ending in ``/bot`` or holding ``{token}`` is used as PTB expects it.
    """
    root = (api_url or DEFAULT_API_URL).strip().rstrip("/")
    if "{token}" in root:
        return root, root.replace("/bot{token}", "/file/bot{token}")
    if root.endswith("/bot"):
        root = root[: -len("/bot")]
    return f"{root}/bot", f"{root}/file/bot"


def bot_token(settings: Settings) -> str:
    if settings.telegram_bot_token is None or not settings.telegram_bot_token.get_secret_value():
        raise ConfigError("TELEGRAM_BOT_TOKEN is not set")
    return settings.telegram_bot_token.get_secret_value()


def build_bot(settings: Settings) -> ExtBot[Any]:
    """An ``ExtBot`` against the configured server, with PTB's rate limiter.

    The limiter spaces requests per chat and group; it does not sleep through a 429
    (``max_retries=0``): the ``RetryAfter`` reaches the sender, which turns it into
    ``RetryLater``; the core's outbox (an answer) or the worker's delivery (a report) posts
    again when Telegram says.
    """
    token = bot_token(settings)
    base_url, base_file_url = api_urls(settings.telegram_api_url)
    redact_token_in_logs(token)
    quiet_flood_control()
    return ExtBot(
        token,
        base_url=base_url,
        base_file_url=base_file_url,
        request=HTTPXRequest(connection_pool_size=16, httpx_kwargs={"verify": tls_context()}),
        get_updates_request=LenientUpdatesRequest(
            connection_pool_size=2, httpx_kwargs={"verify": tls_context()}
        ),
        rate_limiter=AIORateLimiter(max_retries=0),
    )


@functools.cache
def tls_context() -> ssl.SSLContext:
    """httpx's default TLS settings (certifi's CA bundle, or ``SSL_CERT_FILE``), built once per
    process: reading the CA bundle costs each new HTTP client about 30 ms of CPU, and a bot
    builds two clients per ``ExtBot`` (and again after each restart of its polling)."""
    return httpx.create_ssl_context()


class LenientUpdatesRequest(HTTPXRequest):
    """``getUpdates`` transport that never lets one malformed update wedge polling.

    PTB parses a batch of updates all at once; a single update it cannot read (legacy
    payloads without ``from.is_bot``, say) fails the whole batch and the same batch is
    fetched again forever. Such an update is replaced by an empty one with the same
    ``update_id``, which the adapter ignores on purpose and which still advances the offset.
    """

    async def do_request(
        self, url: str, method: str, request_data: RequestData | None = None, *args: Any, **kwargs: Any
    ) -> tuple[int, bytes]:
        status, payload = await super().do_request(url, method, request_data, *args, **kwargs)
        if status != 200:
            return status, payload
        try:
            body = json.loads(payload)
        except ValueError:
            return status, payload  # PTB reports an unreadable payload itself
        if isinstance(body, dict) and isinstance(body.get("result"), list):
            body["result"] = [readable_update(raw) for raw in body["result"]]
            payload = json.dumps(body).encode("utf-8")
        return status, payload


def readable_update(raw: Any) -> Any:
    """``raw`` if PTB can read it as an ``Update``, else a bare update with its id."""
    if not isinstance(raw, dict) or not isinstance(raw.get("update_id"), int):
        return raw
    try:
        Update.de_json(raw, None)
    except Exception:  # PTB raises TypeError/KeyError/ValueError for foreign shapes
        log.warning("telegram update %s has a shape PTB cannot read; ignored", raw["update_id"])
        return {"update_id": raw["update_id"]}
    return raw


class _FloodControlInOneLine(logging.Filter):
    """PTB's limiter logs a 429 it does not retry itself (``max_retries=0``) as ERROR with
    a traceback; here that is the normal path (the sender waits and retries), so it
    becomes one INFO line."""

    def filter(self, record: logging.LogRecord) -> bool:
        error = record.exc_info[1] if record.exc_info else None
        if isinstance(error, RetryAfter):
            record.msg = "telegram flood control: retry after %ss"
            record.args = (
                error.retry_after
                if isinstance(error.retry_after, int)
                else error.retry_after.total_seconds(),
            )
            record.levelno, record.levelname = logging.INFO, "INFO"
            record.exc_info = record.exc_text = None
        return True


_LIMITER_LOGGER = "telegram.ext.AIORateLimiter"


def quiet_flood_control() -> None:
    logger = logging.getLogger(_LIMITER_LOGGER)
    if not any(isinstance(f, _FloodControlInOneLine) for f in logger.filters):
        logger.addFilter(_FloodControlInOneLine())


# httpx logs every request URL at INFO, and a Bot API URL carries the token.
_URL_LOGGERS = ("httpx", "httpcore", "telegram.request", "telegram.ext.Updater")


def redact_token_in_logs(token: str) -> None:
    """Make sure log records of the HTTP stack never carry ``token``."""
    redact_in_logs(_URL_LOGGERS, [token])


def redact(text: str, token: str) -> str:
    return redact_secrets(text, [token])
