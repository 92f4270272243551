"""Persistence: SQLModel tables, the engine, migrations, the queue and knowledge search."""
