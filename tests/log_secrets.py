"""The secrets the suite hands to Mallory, and a log handler that watches every record the
suite emits for them; tests/conftest.py installs it and fails the run on any hit."""

from __future__ import annotations

import logging
import os
import re

# The tokens the fakes and harnesses use (tests/slack, tests/telegram, tests/bot) …
KNOWN = (
    "xoxb-fake-bot-token",
    "xapp-fake-app-token",
    "fake-signing-secret-0123456789abcdef",
    "123456789:AAH-fake-telegram-token-for-tests",
    "s3cret-webhook_token",
    "sk-ant-test-0123456789abcdef",
    "sk-ant-test-policy",
    "999:wrong-token-value",
)
# … and anything shaped like a platform or API secret, in case a test makes up its own.
SHAPES = re.compile(
    r"\bxox[abpr]-[A-Za-z0-9-]{4,}|\bxapp-[A-Za-z0-9-]{4,}|\bsk-ant-[A-Za-z0-9_-]{4,}"
    r"|\b\d{3,}:[A-Za-z0-9_-]{10,}"
)


def secrets_in(text: str) -> list[str]:
    found = [s for s in KNOWN if s in text]
    found += [m for m in SHAPES.findall(text) if not any(m in s or s in m for s in found)]
    return found


class SecretScan(logging.Handler):
    """Sees every record any logger emits during the run (at the levels in force: what
    would have been written), message and traceback alike."""

    def __init__(self) -> None:
        super().__init__(logging.NOTSET)
        self.hits: list[tuple[str, str, str]] = []  # (test, logger, secret)

    def emit(self, record: logging.LogRecord) -> None:
        try:
            text = record.getMessage()
        except Exception:  # a bad format string is its own problem, reported elsewhere
            text = str(record.msg)
        if record.exc_info:
            text += "\n" + logging.Formatter().formatException(record.exc_info)
        if record.exc_text:
            text += "\n" + record.exc_text
        for secret in secrets_in(text):
            test = os.environ.get("PYTEST_CURRENT_TEST", "(outside a test)")
            self.hits.append((test, record.name, secret))
