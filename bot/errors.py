"""The exceptions Mallory raises, drawn once here.

MalloryError              (defined in storage/errors.py so storage can share the root)
 ├── ConfigError          a setting is missing or wrong; message is for the user
 ├── InputError           a user-supplied path, id or argument is unusable
 ├── DeliveryError        a platform refused or failed to take a message
 │    └── RetryLater      the platform asked us to come back (rate limit, outage)
 ├── LLMError             the model gave no usable answer within its budget
 │    ├── ModelRefused    the model declined the request (stop_reason "refusal")
 │    ├── ModelUnreachable  the model API is down (the breaker is open); no call was made
 │    └── QuotaExceeded   a daily model-token quota is used up; no call was made
 ├── EmbedderError        an embedder could not produce vectors (research/embedders.py)
 ├── GraphRewriteError    a model graph lacks the shape its load-time rewrite expects
 │                        (research/onnx_graph.py); the embedder then loads it as shipped
 └── StorageError         the database cannot be opened or used (storage/errors.py)
      └── DatabaseGone    the SQLite file was deleted or replaced under us (storage/db.py)

Not in the tree on purpose: ``bot.work.investigation.Cancelled``, the worker's own signal that a claim
went away mid-run (it never leaves the worker).
"""

from __future__ import annotations

from storage.errors import MalloryError, StorageError

__all__ = [
    "ConfigError",
    "DeliveryError",
    "InputError",
    "LLMError",
    "MalloryError",
    "ModelRefused",
    "ModelUnreachable",
    "QuotaExceeded",
    "RetryLater",
    "StorageError",
]


class ConfigError(MalloryError):
    """A setting is missing or malformed."""


class InputError(MalloryError):
    """A path, id or argument given by the user cannot be used."""


class DeliveryError(MalloryError):
    """A platform failed to accept a message; ``permanent`` means retrying will not help."""

    def __init__(self, message: str, *, permanent: bool = False) -> None:
        super().__init__(message)
        self.permanent = permanent


class RetryLater(DeliveryError):
    """The platform rate-limited us or is briefly unavailable."""

    def __init__(self, message: str, *, retry_after: float = 1.0) -> None:
        super().__init__(message, permanent=False)
        self.retry_after = retry_after


class LLMError(MalloryError):
    """The language model could not be reached or answered unusably. ``user_reason`` says
    so in words a user can be shown (never a key, never a traceback)."""

    def __init__(
        self, message: str, *, user_reason: str = "the language model is not answering right now"
    ) -> None:
        super().__init__(message)
        self.user_reason = user_reason


class ModelRefused(LLMError):
    """The model declined to answer."""

    def __init__(self, message: str = "the model declined the request") -> None:
        super().__init__(message, user_reason="the language model declined to answer this")


class ModelUnreachable(LLMError):
    """The model API cannot be reached: connections fail, so calls go straight to the
    offline answer until a probe gets through (``bot/llm/breaker.py``, which logs it once)."""

    def __init__(self, message: str) -> None:
        super().__init__(message, user_reason="the language model cannot be reached right now")


class QuotaExceeded(LLMError):
    """A daily model-token quota (``bot/policy.py``) is used up, so the call was not made;
    ``user_reason`` names the limit and when it resets."""
