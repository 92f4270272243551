"""Text to safe HTML for the investigations view: a report's Markdown (raw HTML off,
``javascript:`` and other unsafe links refused by markdown-it's own check), citations as
links to their entry, and the small formats (times, durations, money) the pages share."""

from __future__ import annotations

import re
from collections.abc import Mapping
from datetime import datetime, timedelta
from urllib.parse import quote

from markdown_it import MarkdownIt
from markupsafe import Markup, escape

from bot.events import ThreadRef
from bot.views.investigations import ListRow

_MD = MarkdownIt("commonmark", {"html": False, "linkify": False, "typographer": False}).enable("table")
_CITE = re.compile(r"\[Entry ([0-9a-f]{8})\]")
_EXTERNAL = re.compile(r'<a href="(?!/)')


def report_html(markdown: str, cited: Mapping[str, str], base: str) -> Markup:
    """The report, rendered; ``[Entry abcd1234]`` becomes a link to that entry where the
    viewer may see it (the match is hex only, so the substitution adds no markup of its own)."""
    html = _MD.render(markdown)

    def link(match: re.Match[str]) -> str:
        short = match.group(1)
        if short not in cited:
            return match.group(0)
        return f'<a class="cite" href="{base}/e/{cited[short]}">[Entry {short}]</a>'

    html = _CITE.sub(link, html)
    html = _EXTERNAL.sub('<a rel="nofollow noopener noreferrer" href="', html)
    return Markup(html)


def when(moment: datetime | None) -> str:
    return "—" if moment is None else moment.strftime("%Y-%m-%d %H:%M UTC")


def took(delta: timedelta | None) -> str:
    if delta is None:
        return "—"
    seconds = int(delta.total_seconds())
    if seconds < 60:
        return f"{max(seconds, 0)} s"
    minutes, seconds = divmod(seconds, 60)
    if minutes < 60:
        return f"{minutes} min {seconds} s"
    hours, minutes = divmod(minutes, 60)
    return f"{hours} h {minutes} min"


def money(usd: float | None) -> str:
    return "n/a" if usd is None else f"${usd:,.4f}"


def tokens(n: int) -> str:
    return f"{n:,}"


def thread_link(thread: ThreadRef | None, message_id: str | None) -> tuple[str, str]:
    """(label, URL or "") of where an investigation was asked."""
    if thread is None:
        return "—", ""
    if thread.platform == "slack":
        ts = (thread.thread or message_id or "").replace(".", "")
        if not re.fullmatch(r"[A-Z0-9]+", thread.channel) or not ts.isdigit():
            return "Slack", ""
        return f"Slack #{thread.channel}", f"https://slack.com/archives/{quote(thread.channel)}/p{ts}"
    if thread.platform == "telegram":
        chat = thread.channel
        msg = message_id or thread.thread
        if chat.startswith("-100") and chat[4:].isdigit() and (msg or "").isdigit():
            return "Telegram group", f"https://t.me/c/{chat[4:]}/{msg}"
        return "Telegram chat", ""
    return thread.platform, ""


def short(text: str, limit: int = 140) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


def esc(text: str) -> Markup:
    return escape(text)


def list_cells(item: ListRow) -> dict[str, object]:
    """One row of the list page, formatted here once (the template only places them)."""
    r = item.row
    label, url = thread_link(item.thread, r.request_message_id)
    return {
        "id": r.id,
        "status": item.status,
        "phase": short(r.progress, 60) if item.status == "running" and r.progress else "",
        "question": short(r.question),
        "who": r.requester_name or r.requester_id or "—",
        "where": label,
        "url": url,
        "space": r.space,
        "when": when(r.created_at),
        "took": took(item.took),
        "attempts": r.attempts,
        "tokens": tokens(item.spend.tokens),
        "cost": money(item.spend.cost_usd),
    }
