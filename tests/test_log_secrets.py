"""The suite-wide log scan (tests/log_secrets.py) sees a secret in a message or a traceback."""

from __future__ import annotations

import logging

from log_secrets import SecretScan, secrets_in


def test_known_tokens_and_token_shapes_are_found() -> None:
    assert secrets_in("calling https://api/bot123456789:AAH-fake-telegram-token-for-tests/getMe") == [
        "123456789:AAH-fake-telegram-token-for-tests"
    ]
    assert secrets_in("Authorization: Bearer xoxb-made-up-1234") == ["xoxb-made-up-1234"]
    assert secrets_in("key sk-ant-api03-abcdef") == ["sk-ant-api03-abcdef"]
    assert secrets_in("ts 1750002000.000100, C111, [redacted], <telegram-token>") == []


def test_the_scan_reads_messages_and_tracebacks() -> None:
    scan = SecretScan()
    logger = logging.getLogger("tests.secret-scan-demo")
    logger.addHandler(scan)
    logger.propagate = False
    try:
        logger.warning("token is %s", "s3cret-webhook_token")
        try:
            raise RuntimeError("boom with xapp-fake-app-token")
        except RuntimeError:
            logger.exception("failed")
    finally:
        logger.removeHandler(scan)
    assert [secret for _, _, secret in scan.hits] == ["s3cret-webhook_token", "xapp-fake-app-token"]
