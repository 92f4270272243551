"""A TCP proxy in front of PostgreSQL (127.0.0.1, port 0) that can lose the server's answer
to one statement: armed, it lets the next executed statement run and commit on the server,
drops everything the server says back until its ReadyForQuery, and then cuts the client's
connection. What a client sees when a server restarts, or a network drops, between the
commit and its answer: the statement took effect and the caller heard only an error.

It reads the wire protocol's framing only (version 3: an untyped start-up, answered by one
byte for an SSL or GSS request; then messages of a type byte and a length), enough to know
when the client sent an Execute and when the server is ready again. It can also cut a
connection just before a statement whose text holds a marker reaches the server (the server
went away before it: the statement did not run), once."""

from __future__ import annotations

import asyncio
import contextlib
import struct
from collections.abc import AsyncIterator
from urllib.parse import urlsplit, urlunsplit

_NEGOTIATIONS = {80877103, 80877104}  # SSLRequest, GSSENCRequest: answered by one byte


class CutProxy:
    def __init__(self, host: str, port: int) -> None:
        self.host, self.port = host, port
        self.armed = False
        self.cuts = 0
        self.marker: bytes | None = None
        self._server: asyncio.Server | None = None
        self._tasks: set[asyncio.Task[None]] = set()
        self._handlers: set[asyncio.Task[object]] = set()

    @classmethod
    @contextlib.asynccontextmanager
    async def to(cls, url: str) -> AsyncIterator[tuple[CutProxy, str]]:
        """A proxy in front of the server of ``url``, and ``url`` through it."""
        parts = urlsplit(url)
        proxy = cls(parts.hostname or "127.0.0.1", parts.port or 5432)
        proxy._server = await asyncio.start_server(proxy._serve, "127.0.0.1", 0)
        port = proxy._server.sockets[0].getsockname()[1]
        netloc = f"{parts.username}@127.0.0.1:{port}" if parts.username else f"127.0.0.1:{port}"
        try:
            yield proxy, urlunsplit(parts._replace(netloc=netloc))
        finally:
            proxy._server.close()
            for task in list(proxy._tasks):  # the pumps: each connection's handler then returns
                task.cancel()
            await asyncio.gather(*proxy._tasks, *proxy._handlers, return_exceptions=True)

    def lose_the_next_answer(self) -> None:
        self.armed = True

    def cut_before(self, marker: bytes) -> None:
        """Cut the connection that next sends a statement holding ``marker`` (a Parse, or a
        simple Query), without passing it on: it never runs. Once."""
        self.marker = marker

    async def _serve(self, client_r: asyncio.StreamReader, client_w: asyncio.StreamWriter) -> None:
        handler = asyncio.current_task()
        if handler is not None:
            self._handlers.add(handler)
        server_r, server_w = await asyncio.open_connection(self.host, self.port)
        link = _Link(self, client_w, server_w)
        pumps = [
            asyncio.create_task(link.from_client(client_r)),
            asyncio.create_task(link.from_server(server_r)),
        ]
        self._tasks.update(pumps)
        try:
            await asyncio.wait(pumps, return_when=asyncio.FIRST_COMPLETED)
        finally:
            for task in pumps:
                task.cancel()
            await asyncio.gather(*pumps, return_exceptions=True)
            self._tasks.difference_update(pumps)
            for writer in (client_w, server_w):
                writer.close()


class _Link:
    """One client connection and its server connection."""

    def __init__(
        self, proxy: CutProxy, client_w: asyncio.StreamWriter, server_w: asyncio.StreamWriter
    ) -> None:
        self.proxy = proxy
        self.client_w, self.server_w = client_w, server_w
        self.one_byte_answers = 0
        self.cutting = False

    async def from_client(self, reader: asyncio.StreamReader) -> None:
        with contextlib.suppress(asyncio.IncompleteReadError, ConnectionError):
            while True:  # the start-up: untyped, after any SSL or GSS request
                head = await reader.readexactly(8)
                length, code = struct.unpack("!II", head)
                body = await reader.readexactly(length - 8)
                if code in _NEGOTIATIONS:
                    self.one_byte_answers += 1
                self.server_w.write(head + body)
                await self.server_w.drain()
                if code not in _NEGOTIATIONS:
                    break
            while True:
                kind = await reader.readexactly(1)
                size = await reader.readexactly(4)
                body = await reader.readexactly(struct.unpack("!I", size)[0] - 4)
                if kind in (b"P", b"Q") and self.proxy.marker is not None and self.proxy.marker in body:
                    self.proxy.marker = None
                    self.proxy.cuts += 1
                    return  # the client's connection is closed; the statement never ran
                if kind == b"E" and self.proxy.armed:
                    self.proxy.armed = False
                    self.cutting = True
                self.server_w.write(kind + size + body)
                await self.server_w.drain()

    async def from_server(self, reader: asyncio.StreamReader) -> None:
        with contextlib.suppress(asyncio.IncompleteReadError, ConnectionError):
            while True:
                kind = await reader.readexactly(1)
                if self.one_byte_answers:  # the answer to an SSL or GSS request ("N", "S", "G")
                    self.one_byte_answers -= 1
                    self.client_w.write(kind)
                    await self.client_w.drain()
                    continue
                size = await reader.readexactly(4)
                body = await reader.readexactly(struct.unpack("!I", size)[0] - 4)
                if self.cutting:
                    if kind == b"Z":  # the server committed and is ready: the answer is lost
                        self.proxy.cuts += 1
                        return
                    continue
                self.client_w.write(kind + size + body)
                await self.client_w.drain()
