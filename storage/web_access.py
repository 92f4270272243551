"""Sign-in for the investigations view: one-time links and browser sessions. Only a SHA-256
hash of each token is stored, so the table gives nobody a way in; what a session may see
(``scope``) is opaque JSON written by the core."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from storage.db import Database, SqlConnection

_REDEEM = """
UPDATE web_links SET used_at = :now
WHERE token_hash = :link AND used_at IS NULL AND expires_at > :now
RETURNING user_key, scope
"""
_OPEN = """
INSERT INTO web_sessions (token_hash, user_key, scope, created_at, expires_at)
VALUES (:session, :user_key, :scope, :now, :expires)
"""
_SESSION = """
SELECT user_key, scope FROM web_sessions WHERE token_hash = :session AND expires_at > :now
"""


@dataclass(frozen=True)
class Granted:
    """Who a link or session belongs to, and the core's JSON of what it may see."""

    user_key: str
    scope: str


class WebAccess:
    def __init__(self, db: Database) -> None:
        self.db = db

    async def add_link(
        self, token_hash: str, *, user_key: str, scope: str, now: datetime, expires_at: datetime
    ) -> None:
        db = self.db
        params = {
            "link": token_hash,
            "user_key": user_key,
            "scope": scope,
            "now": db.to_db_time(now),
            "expires": db.to_db_time(expires_at),
        }
        sql = (
            "INSERT INTO web_links (token_hash, user_key, scope, created_at, expires_at) "
            "VALUES (:link, :user_key, :scope, :now, :expires)"
        )
        await db.run_sql(lambda conn: db.execute(conn, sql, params))

    async def redeem(
        self, link_hash: str, session_hash: str, *, now: datetime, session_expires_at: datetime
    ) -> Granted | None:
        """Spend the link (once, before it expires) and open a session with its scope, in
        one transaction: a link opens one session or none."""
        db = self.db
        at = db.to_db_time(now)

        def work(conn: SqlConnection) -> Granted | None:
            row = db.execute(conn, _REDEEM, {"link": link_hash, "now": at}).first()
            if row is None:
                return None
            granted = Granted(str(row["user_key"]), str(row["scope"]))
            db.execute(
                conn,
                _OPEN,
                {
                    "session": session_hash,
                    "user_key": granted.user_key,
                    "scope": granted.scope,
                    "now": at,
                    "expires": db.to_db_time(session_expires_at),
                },
            )
            return granted

        return await db.run_sql(work)

    async def session(self, session_hash: str, *, now: datetime) -> Granted | None:
        db = self.db
        params = {"session": session_hash, "now": db.to_db_time(now)}
        row = await db.read_sql(lambda conn: db.execute(conn, _SESSION, params).first())
        return None if row is None else Granted(str(row["user_key"]), str(row["scope"]))

    async def end_session(self, session_hash: str) -> None:
        db = self.db
        sql = "DELETE FROM web_sessions WHERE token_hash = :session"
        await db.run_sql(lambda conn: db.execute(conn, sql, {"session": session_hash}))

    async def forget_expired(self, *, now: datetime) -> None:
        """Links and sessions past their end (the worker's sweep calls this)."""
        db = self.db
        params = {"now": db.to_db_time(now)}

        def work(conn: SqlConnection) -> None:
            db.execute(conn, "DELETE FROM web_links WHERE expires_at <= :now", params)
            db.execute(conn, "DELETE FROM web_sessions WHERE expires_at <= :now", params)

        await db.run_sql(work)
