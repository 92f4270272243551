"""Mallory's core, one room per job: ``inbound`` (clean, dedup, store, route), ``routes``
(none / quick: answer now), ``commission`` (async: enqueue, steering notes, cancel),
``actions`` (buttons), ``commands`` (slash commands), ``outbox`` (posting and retries) and
``fallback`` (a failed model call answered offline). ``bot.app.Mallory`` is the facade
adapters call; docs/architecture.md draws the walks."""
