"""The investigations view as a person uses it, in a real browser (Debian's chromium through
Playwright): a sign-in link from the fake Slack's /web, the list, a report with its graph, a
citation followed to its entry, another space's page refused, an expired link refused, the
hostile corpus inert, usage. Screenshots of each page go to ``shots``."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

import pytest
from fake_slack import FakeSlack
from slack_harness import Harness, mention_event
from web_harness import bot_with_view

from bot.clock import FakeClock
from bot.events import ThreadRef
from storage.models import Conversation, Investigation, ModelCall

pytestmark = pytest.mark.slow  # a real browser process (.ci/run runs the slow tests)

HOSTILE = Path(__file__).resolve().parents[1] / "fixtures" / "hostile"
LINK = re.compile(r"https?://\S+/ui/signin/[0-9a-f]{64}")


def slash(name: str, *, user: str = "U222", trigger: str = "1.2.3") -> str:
    return urlencode(
        {
            "token": "legacy-verification-token",
            "team_id": "T111",
            "team_domain": "fake",
            "channel_id": "C111",
            "channel_name": "general",
            "user_id": user,
            "user_name": "ana",
            "command": name,
            "text": "",
            "api_app_id": "A111",
            "response_url": "https://hooks.slack.invalid/commands/T111/1/x",
            "trigger_id": trigger,
        }
    )


async def web_link(bot: Harness, trigger: str) -> str:
    """Type /web in Slack; the link comes back as an ephemeral message to that person alone."""
    before, posts = len(bot.slack.ephemerals), len(bot.slack.calls_to("chat.postMessage"))
    status, _ = await bot.post(slash("/web", trigger=trigger), "application/x-www-form-urlencoded")
    await bot.adapter.drain()
    assert status == 200
    assert len(bot.slack.calls_to("chat.postMessage")) == posts, "nothing said in the channel"
    [said] = bot.slack.ephemerals[before:]
    assert said["user"] == "U222" and said["channel"] == "C111"
    match = LINK.search(said["text"])
    assert match, said["text"]
    return match.group(0).rstrip(">|")


async def investigate(bot: Harness, question: str, ts: str, event_id: str) -> None:
    await bot.event(mention_event(f"research {question}", ts=ts, event_id=event_id))
    await bot.adapter.drain()
    assert await bot.rt.worker.run_once() == 1


async def other_space_investigation(bot: Harness) -> str:
    """An investigation asked in a place this person is not in (another workspace's space)."""
    now = bot.clock.now()
    ref = ThreadRef("slack", "T999", "C999", "1750000000.000001").to_json()

    def work(session: Any) -> str:
        conv = Conversation(
            key="slack:T999:C999:x",
            platform="slack",
            space="T999",
            channel="C999",
            thread="x",
            thread_ref=ref,
            created_at=now,
        )
        session.add(conv)
        session.flush()
        inv = Investigation(
            conversation_id=conv.id,
            space="T999",
            question="The other team's secret plan",
            status="done",
            thread_ref=ref,
            created_at=now,
            answer="# Secret\n\nNot for you.",
        )
        session.add(inv)
        session.flush()
        return str(inv.id)

    return str(await bot.rt.db.run(work))


async def shot(page: Any, shots: Path | None, name: str) -> None:
    if shots is not None:
        await page.screenshot(path=str(shots / f"{name}.png"), full_page=True)


async def inert(page: Any) -> None:
    """Nothing on the page can run: no script element, no event-handler attribute, no
    javascript: link (whatever the notes said)."""
    found = await page.evaluate(
        """() => ({
            scripts: document.querySelectorAll('script').length,
            handlers: [...document.querySelectorAll('*')].flatMap(e => [...e.attributes].map(a => a.name)).filter(n => n.startsWith('on')),
            js: [...document.querySelectorAll('[href],[src],[action],[formaction]')].map(e => e.getAttribute('href') || e.getAttribute('src') || e.getAttribute('action') || e.getAttribute('formaction')).filter(v => /^\\s*(javascript|vbscript|data):/i.test(v)),
        })"""
    )
    assert found == {"scripts": 0, "handlers": [], "js": []}, found


@pytest.fixture
async def bot(tmp_path: Path, clock: FakeClock, slack: FakeSlack, database_url: str | None) -> Any:
    async with bot_with_view(tmp_path, clock, slack, database_url=database_url) as harness:
        result = await harness.rt.ingest(HOSTILE, space="T111")
        assert result.total == 5
        yield harness


async def test_a_person_reads_their_reports_in_the_browser(
    bot: Harness, browser: Any, shots: Path | None, tmp_path: Path
) -> None:
    await investigate(bot, "the March ingestion outage", "1750000100.000100", "Ev1")
    bot.clock.advance(minutes=5)
    await investigate(bot, "Atlas security", "1750000200.000100", "Ev2")
    secret_id = await other_space_investigation(bot)
    march = next(i for i in await bot.rt.queue.listing(limit=10) if "March" in i.question)
    await bot.rt.usage.record(
        ModelCall(
            created_at=bot.clock.now(),
            job="synthesis",
            model="claude-opus-4-8",
            space="T111",
            investigation_id=march.id,
            input_tokens=12_000,
            output_tokens=1_500,
        )
    )

    context = await browser.new_context(viewport={"width": 1280, "height": 860})
    page = await context.new_page()
    dialogs: list[str] = []
    page.on("dialog", lambda d: dialogs.append(d.message))
    base = bot.settings.public_url + "/ui"

    # without a session: a 401 that says how to get a link
    response = await page.goto(base + "/")
    assert response.status == 401
    csp = response.headers.get("content-security-policy", "")
    assert "script-src 'self'" in csp and "'unsafe-inline'" not in csp
    assert "/web" in await page.inner_text("main")
    await shot(page, shots, "0-signed-out")

    # sign in through the link /web sent privately in Slack
    link = await web_link(bot, "1.2.3")
    assert link.startswith(base + "/signin/")
    await page.goto(link)
    await shot(page, shots, "1-sign-in")
    await page.click("#signin")
    [cookie] = await context.cookies()
    assert cookie["name"] == "mallory_session" and cookie["httpOnly"] and cookie["sameSite"] == "Lax"
    assert cookie["path"] == "/ui"

    # the list: this person's space (and the global one), newest first; not the other space's
    assert page.url == base + "/"
    rows = await page.locator("table.list tbody tr").all_inner_texts()
    assert len(rows) == 2, rows
    assert "Atlas security" in rows[0] and "March ingestion outage" in rows[1]
    assert "done" in rows[1] and "U222" in rows[1]
    assert "13,500" in rows[1], "tokens of the investigation"
    assert "secret plan" not in await page.content()
    await shot(page, shots, "2-list")

    # filters are applied in the database; every page carries the policy
    response = await page.goto(base + "/?status=failed")
    assert response.headers["content-security-policy"].startswith("default-src 'none'; script-src 'self'")
    assert await page.locator("table.list tbody tr").count() == 0

    # open the report: the relationship map is drawn as a graph, seeds marked
    await page.goto(base + "/")
    await page.click("text=the March ingestion outage")
    assert "/ui/i/" in page.url
    assert await page.locator("article.report h1").count() == 1
    assert await page.locator("article.report table").count() >= 1, "the Sources table is a table"
    nodes = page.locator("svg.graph circle.node")
    assert await nodes.count() >= 8
    assert await page.locator("svg.graph circle.seed").count() >= 1
    assert await page.locator("svg.graph line.edge").count() >= 5
    assert await page.locator("svg.graph text.edge-label").count() >= 5, "relations are labelled"
    await inert(page)
    await shot(page, shots, "3-report")
    if shots is not None:  # the top of the page, as a person first sees it
        await page.screenshot(path=str(shots / "3-report-top.png"))
    if shots is not None:
        await page.locator("div.graph-box").screenshot(path=str(shots / "3-graph.png"))

    # follow a citation to its entry; the entry names the report that cites it
    cite = page.locator("article.report a.cite").first
    cited_text = await cite.inner_text()
    await cite.click()
    assert "/ui/e/" in page.url
    entry_page = await page.inner_text("main")
    assert cited_text.strip("[]").split()[1] in entry_page, "the short id is shown"
    assert "the March ingestion outage" in await page.inner_text("section.links")
    await shot(page, shots, "4-entry")

    # another space's investigation is refused, and does not say what it is
    response = await page.goto(f"{base}/i/{secret_id}")
    assert response.status == 404
    assert "secret" not in (await page.content()).lower()
    await shot(page, shots, "5-refused")

    # the hostile corpus, in a report and on its entry pages, is inert text
    await page.goto(base + "/")
    await page.click("text=Atlas security")
    await inert(page)
    assert "evil.example" not in "".join(
        await page.locator("a").evaluate_all("as => as.map(a => a.getAttribute('href') || '')")
    )
    await shot(page, shots, "6-hostile-report")
    hrefs = await page.locator("table.list tbody tr a").evaluate_all(
        "as => as.map(a => a.getAttribute('href'))"
    )
    assert len(hrefs) >= 5, "the hostile notes were read"
    for href in hrefs:
        await page.goto(bot.settings.public_url + href)
        await inert(page)
        text = await page.inner_text("main")
        assert str(tmp_path) not in text, "no server path"
        if "<b>URGENT</b>" in text:
            await shot(page, shots, "7-hostile-entry")
    assert dialogs == [], "no script ran"

    # usage: tokens and cost per day drawn as SVG
    await page.goto(base + "/usage")
    assert await page.locator("svg.plot rect.bar").count() == 31, "each of the 30 days and today"
    assert await page.locator("svg.plot polyline.cost").count() == 1
    assert "claude-opus-4-8" in await page.inner_text("main")
    await shot(page, shots, "8-usage")

    # a link works once, and only for 10 minutes
    used = await context.new_page()
    await used.goto(link)
    await used.click("#signin")
    assert "expired" in (await used.inner_text("main")).lower()
    stale = await web_link(bot, "1.2.4")
    bot.clock.advance(minutes=11)
    fresh_context = await browser.new_context()
    late = await fresh_context.new_page()
    await late.goto(stale)
    await late.click("#signin")
    assert "expired" in (await late.inner_text("main")).lower()
    assert await fresh_context.cookies() == []
    await shot(late, shots, "9-expired-link")
    response = await late.goto(base + "/")
    assert response.status == 401
    await fresh_context.close()
    await context.close()
