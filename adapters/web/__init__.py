"""The investigations view: server-rendered pages (Jinja2, autoescaped) over the core's read
model (``bot.views``), served alone (``mallory web``) or mounted at ``/ui`` beside Slack's
``/slack/events`` (``mallory run --http``). No script at all: it works with JavaScript off,
and the Content-Security-Policy forbids any inline script or style."""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any, ClassVar

from aiohttp import web
from jinja2 import Environment, FileSystemLoader, StrictUndefined

from bot.config import Settings
from bot.views.access import UI_PATH, Viewer, WebSignIn
from bot.views.investigations import STATUSES, InvestigationsView

from . import render
from .plot import plot

log = logging.getLogger(__name__)

HERE = Path(__file__).resolve().parent
COOKIE = "mallory_session"
CSP = (
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; "
    "form-action 'self'; frame-ancestors 'none'; base-uri 'none'"
)
HEADERS = {
    "Content-Security-Policy": CSP,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",  # a sign-in URL never leaves in a Referer
    "X-Frame-Options": "DENY",
    "Cache-Control": "no-store",
}
SIGN_IN_HELP = (
    "Type /web to Mallory in Slack or Telegram (or in the console) for a private one-time link, "
    "or ask an operator to run: mallory web-link --user slack:YOUR_ID"
)
VIEWER = web.RequestKey("viewer", Viewer)

Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


class WebUI:
    """The view's aiohttp application (``application``), and a server for it alone."""

    prefix: ClassVar[str] = UI_PATH

    @classmethod
    def from_core(cls, settings: Settings, core: Any) -> WebUI:
        return cls(settings, core.web, core.views)

    def __init__(self, settings: Settings, signin: WebSignIn, views: InvestigationsView) -> None:
        self.settings = settings
        self.signin = signin
        self.views = views
        self.port: int | None = None
        self._runner: web.AppRunner | None = None
        self.env = Environment(
            loader=FileSystemLoader(HERE / "templates"),
            autoescape=True,
            undefined=StrictUndefined,
            trim_blocks=True,
            lstrip_blocks=True,
            auto_reload=False,  # templates ship with the package; no stat per page
        )
        self.env.globals.update(
            when=render.when,
            took=render.took,
            money=render.money,
            tokens=render.tokens,
            short=render.short,
            thread_link=render.thread_link,
            statuses=STATUSES,
        )

    # -- serving ---------------------------------------------------------------------------

    def application(self) -> web.Application:
        """The view's routes, to serve at ``self.prefix`` (mounted with ``add_subapp``)."""
        app = web.Application(middlewares=[self._guard])
        r = app.router
        r.add_get("/", self._list)
        r.add_get("/i/{id}", self._investigation)
        r.add_get("/e/{id}", self._entry)
        r.add_get("/usage", self._usage)
        r.add_get("/signin/{token}", self._signin_page)
        r.add_post("/signin/{token}", self._signin)
        r.add_post("/signout", self._signout)
        r.add_get("/static/mallory.css", self._css)
        return app

    def site(self) -> web.Application:
        """The view alone: ``/ui/…``, and ``/`` sends people there."""
        root = web.Application(middlewares=[_headers_only])

        async def home(request: web.Request) -> web.Response:
            raise web.HTTPFound(self.signin.base_path + "/")

        root.router.add_get("/", home)
        root.add_subapp(self.prefix, self.application())
        return root

    async def start(self, host: str, port: int) -> None:
        self._runner = web.AppRunner(self.site(), handle_signals=False, access_log=None)
        await self._runner.setup()
        await web.TCPSite(self._runner, host, port).start()
        self.port = self._runner.addresses[0][1]

    async def stop(self) -> None:
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    # -- every request -----------------------------------------------------------------------

    @web.middleware
    async def _guard(self, request: web.Request, handler: Handler) -> web.StreamResponse:
        """Security headers on everything; a session for everything but signing in and the
        stylesheet; no traceback or server path ever reaches the page."""
        try:
            open_path = request.path.endswith("/static/mallory.css") or "/signin/" in request.path
            viewer = None if open_path else await self.signin.viewer(request.cookies.get(COOKIE))
            if not open_path and viewer is None:
                response: web.StreamResponse = self._page(
                    "message.html", status=401, title="Sign in", text=SIGN_IN_HELP
                )
            else:
                if viewer is not None:
                    request[VIEWER] = viewer
                response = await handler(request)
        except web.HTTPException as exc:
            if exc.status == 404:
                response = self._page(
                    "message.html", status=404, title="Not found", text="There is no such page."
                )
            elif exc.status >= 400:
                response = self._page("message.html", status=exc.status, title=exc.reason, text=exc.reason)
            else:  # a redirect
                response = web.Response(
                    status=exc.status, headers={"Location": exc.headers.get("Location", "")}
                )
        except Exception:
            log.exception("web: a page failed")
            response = self._page(
                "message.html", status=500, title="Something went wrong", text="This page failed on our side."
            )
        response.headers.update(HEADERS)
        return response

    def _page(self, template: str, *, status: int = 200, **values: Any) -> web.Response:
        values.setdefault("viewer", None)
        html = self.env.get_template(template).render(base=self.signin.base_path, **values)
        return web.Response(text=html, status=status, content_type="text/html", charset="utf-8")

    # -- pages -----------------------------------------------------------------------------

    async def _list(self, request: web.Request) -> web.Response:
        q = request.query
        try:
            page = int(q.get("page", "1"))
        except ValueError:
            page = 1
        viewer = request[VIEWER]
        listing = await self.views.listing(
            viewer,
            status=q.get("status", ""),
            space=q.get("space", ""),
            person=q.get("person", ""),
            page=page,
        )
        rows = [render.list_cells(item) for item in listing.rows]
        return self._page("list.html", viewer=viewer, listing=listing, rows=rows, query=dict(q))

    async def _investigation(self, request: web.Request) -> web.Response:
        viewer = request[VIEWER]
        found = await self.views.investigation(viewer, request.match_info["id"])
        if found is None:
            return self._refused(viewer, "investigation")
        report = (
            render.report_html(found.report, found.cited, self.signin.base_path) if found.report else None
        )
        return self._page("investigation.html", viewer=viewer, inv=found, report=report)

    async def _entry(self, request: web.Request) -> web.Response:
        viewer = request[VIEWER]
        found = await self.views.entry(viewer, request.match_info["id"])
        if found is None:
            return self._refused(viewer, "entry")
        return self._page("entry.html", viewer=viewer, page=found)

    async def _usage(self, request: web.Request) -> web.Response:
        viewer = request[VIEWER]
        try:
            days = int(request.query.get("days", "30"))
        except ValueError:
            days = 30
        usage = await self.views.usage(viewer, days=days)
        return self._page("usage.html", viewer=viewer, usage=usage, plot=plot(usage.days), days=days)

    def _refused(self, viewer: Viewer, what: str) -> web.Response:
        # the same answer whether it does not exist or is in a space this person cannot see
        return self._page(
            "message.html",
            status=404,
            viewer=viewer,
            title="Not found",
            text=f"There is no such {what} in the spaces you can see.",
        )

    async def _signin_page(self, request: web.Request) -> web.Response:
        # a page with a button, not the sign-in itself: a chat's link preview fetching the
        # URL must not spend the link
        return self._page("signin.html", token=request.match_info["token"][:128])

    async def _signin(self, request: web.Request) -> web.StreamResponse:
        session = await self.signin.redeem(request.match_info["token"][:128])
        if session is None:
            return self._page(
                "message.html",
                status=403,
                title="This link has expired",
                text="Sign-in links work once, for 10 minutes. " + SIGN_IN_HELP,
            )
        response = _see_other(self.signin.base_path + "/")
        response.set_cookie(
            COOKIE,
            session,
            max_age=self.settings.web_session_s,
            path=self.signin.base_path,
            httponly=True,
            secure=self.signin.secure,
            samesite="Lax",
        )
        return response

    async def _signout(self, request: web.Request) -> web.StreamResponse:
        session = request.cookies.get(COOKIE)
        if session:
            await self.signin.sign_out(session)
        response = _see_other(self.signin.base_path + "/")
        response.del_cookie(COOKIE, path=self.signin.base_path)
        return response

    async def _css(self, request: web.Request) -> web.Response:
        return web.Response(
            text=(HERE / "static" / "mallory.css").read_text(encoding="utf-8"), content_type="text/css"
        )


def _see_other(location: str) -> web.Response:
    return web.Response(status=303, headers={"Location": location})


@web.middleware
async def _headers_only(request: web.Request, handler: Handler) -> web.StreamResponse:
    try:
        response = await handler(request)
    except web.HTTPException as exc:
        response = web.Response(
            status=exc.status,
            text=exc.reason,
            headers={"Location": exc.headers.get("Location", "")} if exc.status < 400 else None,
        )
    response.headers.update(HEADERS)
    return response
