"""People and projects an investigation's entries mention but the knowledge base barely
covers: the deterministic half of the gap fill."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence

from bot.research.dossier import Dossier
from bot.research.lexical import LexicalIndex
from storage.knowledge import EntryView, Knowledge

_UP = "A-Z\u00c0-\u00d6\u00d8-\u00de"
_LOW = "a-z\u00df-\u00f6\u00f8-\u00ff"
_WORD = f"[{_UP}][{_LOW}]+(?:-[{_UP}]?[{_LOW}]+)?"
_NAME = re.compile(rf"(?<![\w{_UP}{_LOW}])({_WORD}(?:[ ]{_WORD}){{1,2}})(?:['’]s)?(?![\w{_UP}{_LOW}])")
_ORG_WORDS = frozenset(
    """Logistics Inc Ltd LLC GmbH Labs Corp Corporation Group Systems Bank Partners Solutions Technologies Cloud
    Foundation University Institute Agency Council Committee Team Services Platform Pipeline Project Gateway""".split()
)
# the last word of a place's or a body's name ("Quay Street", "Millbrook Community Fund"): a
# site or an organisation, not a person without an entry
_PLACE_WORDS = frozenset(
    """Road Street Avenue Way Drive Close Court Square Terrace Crescent Heath Common Valley Vale River Lake
    Bay Beach Harbour Quay Wharf Dock Docks Gate Mast Tower House Hut Cabin Barn Farm Estate Centre Center
    Station Depot Store Stores Warehouse Yard Works Site Building Office Offices Studio Studios Room Rooms Wing
    Campus Chapel School Academy College Library Museum Gallery Theatre Hospital Clinic Surgery Market Arcade
    Pub Inn Hotel Airport Port Fund Trust Club Society Association Union Network Board Authority Department
    FM Radio""".split()
)
# a place word that is also a surname ("Pennock Hill", and "Damon Hill"): a place where it is
# written as one ("at Pennock Hill", "up to Pennock Hill", "the Pennock Hill mast")
_PLACE_OR_SURNAME = frozenset(
    "Hill Hall Wood Woods Green Lane Park Field Fields Moor Mill Mills Bridge Ward Church".split()
)
_AT_A_PLACE = re.compile(r"(?:\b(?:at|near|on|up to|down to|the)|[Tt]he)\s+$")


def _written_as_a_place(body: str, found: re.Match[str]) -> bool:
    """This mention of a capitalised name is a place: by its last word, or by how it is written."""
    last = found.group(1).rsplit(" ", 1)[-1]
    return last in _PLACE_WORDS or (
        last in _PLACE_OR_SURNAME
        and _AT_A_PLACE.search(body[max(0, found.start() - 12) : found.start()]) is not None
    )


_PROJECT = re.compile(r"\b(?:project|Project|initiative|codename)\s+([A-Z][\w-]+)")
_NOT_NAMES = frozenset(
    """Central European Eastern Western Standard Time Review Follow Up Android Apple Google Amazon Microsoft
    Slack Telegram Zoom Postgres DuckDB SQLite Monthly Weekly Daily Quarterly Annual Incident Retro
    The This That These Those When Where What Why How Who Which Our We Key Next Open Action Items Decision
    Context Summary Notes Meeting Monday Tuesday Wednesday Thursday Friday Saturday Sunday January February
    March April May June July August September October November December Q1 Q2 Q3 Q4 If In On At For And But
    Ignore Please Dear Hi Hello Thanks Regards Best""".split()
)


def named_things(text: str) -> list[str]:
    """The capitalised names ``text`` says (``_NAME``), once each, in order: not a weekday's,
    a month's or a heading's words (``_NOT_NAMES``)."""
    found = (m.group(1) for m in _NAME.finditer(text))
    return list(dict.fromkeys(n for n in found if not any(w in _NOT_NAMES for w in n.split())))


def count_mentions(dossier: Dossier) -> tuple[Counter[str], Counter[str]]:
    """How often each capitalised name (a person, most likely) and each organisation or
    project is mentioned in the entries found."""
    people: Counter[str] = Counter()
    projects: Counter[str] = Counter()
    project_words = {
        w.lower() for f in dossier.found.values() if f.entry.type == "project" for w in f.entry.title.split()
    }
    # what a note other than a person's is titled names a thing (a project, a site, a supplier)
    things = [
        f.entry.title.lower() for f in dossier.found.values() if f.entry.type != "person" and f.entry.title
    ]
    # each mention read once; a name written as a place anywhere is a place everywhere
    mentioned: list[str] = []
    places: set[str] = set()
    for f in dossier.found.values():
        body = f.entry.content
        for found in _NAME.finditer(body):
            mentioned.append(found.group(1))
            if _written_as_a_place(body, found):
                places.add(found.group(1))
        for proj in _PROJECT.findall(body):
            projects[proj] += 1
    for name in mentioned:
        words = name.split()
        if any(w in _NOT_NAMES for w in words) or any(w.lower() in project_words for w in words):
            continue
        if words[-1] in _ORG_WORDS or name in places or any(name.lower() in t for t in things):
            projects[name] += 1  # an organisation or system: a topic, not a person
            continue
        people[name] += 1
    return people, projects


Mentions = tuple[Counter[str], Counter[str]]  # count_mentions: (people, projects)


async def sparse_mentions(
    dossier: Dossier, mentions: Mentions, knowledge: Knowledge, lexical: LexicalIndex, spaces: Sequence[str]
) -> tuple[list[str], list[str]]:
    """People and projects mentioned in the result set that the knowledge base barely
    covers (fewer than 2 entries), most mentioned first, as (people, gap searches); people
    mentioned twice without an entry of their own go to ``dossier.no_entry_people``."""
    text_counts, projects = mentions
    authors = {f.entry.author for f in dossier.found.values() if f.entry.author}
    person_titles = {f.entry.title.lower() for f in dossier.found.values() if f.entry.type == "person"}
    # a capitalised pair seen once is as likely a heading fragment as a person
    people = [n for n, c in text_counts.most_common() if n not in authors and c >= 2]
    texts = [f"{f.entry.title} {f.entry.content}".lower() for f in dossier.found.values()]
    candidates: list[str] = []
    for name, _ in (text_counts + projects).most_common(12):
        if name.lower() in person_titles:
            continue
        # sparsely represented in the result set: fewer than 2 of its entries mention it
        if sum(1 for t in texts if name.lower() in t) < 2 or (name in text_counts and name not in authors):
            candidates.append(name)
    for name, count in text_counts.most_common(8):
        if name in authors or name.lower() in person_titles or count < 2:
            continue
        # a note titled with the name, of any kind, says what it is: a project or a site
        # named twice is not a person without an entry
        found = await lexical.search(name, spaces=spaces, limit=5)
        entries = await knowledge.get_many([entry_id for entry_id, _ in found], spaces=spaces)
        if not any(name.lower() in e.title.lower() for e in entries.values()):
            dossier.no_entry_people.append((name, count))
    return people, candidates


NAMED_LIMIT = 1  # person entries added for the people the sources name


async def named_people(
    dossier: Dossier,
    mentions: Mentions,
    knowledge: Knowledge,
    lexical: LexicalIndex,
    spaces: Sequence[str],
    *,
    least: int = 2,
) -> list[EntryView]:
    """The person entries of the people the result set names (at least ``least`` times, or
    as the author of one of its entries), most named first, at most ``NAMED_LIMIT``: who was
    involved is part of what happened, though a person's own note rarely speaks to the
    topic in its words. The names are looked up in the index, their entries read in one trip."""
    text_counts, _ = mentions
    authors = Counter({f.entry.author: least for f in dossier.found.values() if f.entry.author})
    have = {f.entry.title.lower() for f in dossier.found.values() if f.entry.type == "person"}
    names = [n for n, c in (text_counts | authors).most_common() if c >= least and n.lower() not in have]
    hits = {n: await lexical.search(n, spaces=spaces, limit=3, types=["person"]) for n in names[:8]}
    wanted = list(dict.fromkeys(entry_id for found in hits.values() for entry_id, _ in found))
    entries = await knowledge.get_many(wanted, spaces=spaces) if wanted else {}
    chosen: list[EntryView] = []
    for name, found in hits.items():
        match = next(
            (entries[i] for i, _ in found if i in entries and entries[i].title.lower() == name.lower()), None
        )
        if match is not None and match.id not in dossier.found and match not in chosen:
            chosen.append(match)
            if len(chosen) >= NAMED_LIMIT:
                break
    return chosen
