"""Keeping secrets out of logs and error text: one helper for every place that could leak a
token (the CLI's log handler, a platform client's HTTP loggers, an error message)."""

from __future__ import annotations

import logging
from collections.abc import Iterable

PLACEHOLDER = "[redacted]"
MIN_SECRET = 6  # shorter values would blank out ordinary words


def redact(text: str, secrets: Iterable[str]) -> str:
    """``text`` with every secret (of at least ``MIN_SECRET`` characters) replaced."""
    for secret in secrets:
        if len(secret) >= MIN_SECRET:
            text = text.replace(secret, PLACEHOLDER)
    return text


class RedactSecrets(logging.Filter):
    """Replace every given secret in log records (message and traceback) with a placeholder."""

    def __init__(self, secrets: Iterable[str]) -> None:
        super().__init__()
        self.secrets = [s for s in secrets if len(s) >= MIN_SECRET]

    def filter(self, record: logging.LogRecord) -> bool:
        if not self.secrets:
            return True
        message = record.getMessage()
        redacted = redact(message, self.secrets)
        if redacted != message:
            record.msg, record.args = redacted, ()
        if record.exc_info and record.exc_info[1] is not None:
            text = logging.Formatter().formatException(record.exc_info)
            record.exc_text, record.exc_info = redact(text, self.secrets), None
        return True


def redact_in_logs(logger_names: Iterable[str], secrets: Iterable[str]) -> None:
    """Make sure records of these loggers never carry the secrets (added once per logger)."""
    wanted = sorted(s for s in secrets if len(s) >= MIN_SECRET)
    for name in logger_names:
        logger = logging.getLogger(name)
        if not any(isinstance(f, RedactSecrets) and sorted(f.secrets) == wanted for f in logger.filters):
            logger.addFilter(RedactSecrets(wanted))
