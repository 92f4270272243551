"""One redaction helper for every secret: messages, tracebacks, HTTP loggers."""

from __future__ import annotations

import logging

import pytest

from adapters.telegram.client import redact, redact_token_in_logs
from bot.text.redact import PLACEHOLDER, RedactSecrets, redact_in_logs
from bot.text.redact import redact as redact_secrets

TOKEN = "123456789:AAH-a-telegram-token"


def test_short_values_are_not_treated_as_secrets() -> None:
    assert redact_secrets("the key abc is fine, sk-ant-xyz123 is not", ["abc", "sk-ant-xyz123"]) == (
        f"the key abc is fine, {PLACEHOLDER} is not"
    )


def test_the_telegram_client_redacts_through_the_shared_helper() -> None:
    assert redact(f"https://api.telegram.org/bot{TOKEN}/getMe failed", TOKEN) == (
        f"https://api.telegram.org/bot{PLACEHOLDER}/getMe failed"
    )
    assert redact("nothing to hide", "") == "nothing to hide"


def test_a_logger_gets_the_filter_once(caplog: pytest.LogCaptureFixture) -> None:
    logger = logging.getLogger("test_redact.http")
    try:
        redact_in_logs(["test_redact.http"], [TOKEN])
        redact_in_logs(["test_redact.http"], [TOKEN])
        assert sum(isinstance(f, RedactSecrets) for f in logger.filters) == 1
        with caplog.at_level(logging.INFO, logger="test_redact.http"):
            logger.info("GET %s", f"/bot{TOKEN}/getUpdates")
        assert TOKEN not in caplog.text and PLACEHOLDER in caplog.text
    finally:
        logger.filters.clear()


def test_http_loggers_never_carry_the_bot_token(caplog: pytest.LogCaptureFixture) -> None:
    redact_token_in_logs(TOKEN)
    with caplog.at_level(logging.INFO, logger="httpx"):
        logging.getLogger("httpx").info(
            "HTTP Request: POST https://api.telegram.org/bot%s/sendMessage", TOKEN
        )
    assert TOKEN not in caplog.text
