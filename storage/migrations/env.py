"""Alembic environment: runs on the connection handed over by ``Database.migrate``."""

from __future__ import annotations

from alembic import context

connection = context.config.attributes.get("connection")
if connection is None:  # pragma: no cover - only reachable from the alembic CLI
    raise SystemExit("run migrations through `mallory migrate`, which supplies the connection")

context.configure(connection=connection, target_metadata=None, render_as_batch=True)
with context.begin_transaction():
    context.run_migrations()
