"""Which statement is in force when notes disagree over time: a later note (by its date, or
a date its statement gives) stating a change on the subject of an earlier note's statement
replaces it. The one in force ranks first and says what it replaced; the replaced one is
marked, so that an answer (or a model) says which stands."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import date
from functools import cached_property, lru_cache
from typing import TYPE_CHECKING, NamedTuple

from bot.knowledge.ingest import stated_dates
from bot.research.days import MONTHS
from bot.research.lexical import words
from bot.research.names import common_words
from bot.sources import SUPERSEDED, date_of, day_of, kept_current
from bot.text.terms import OTHER_FORMS, STOPWORDS

__all__ = [
    "REPLACED_NOTE_PENALTY",
    "SUPERSEDED",
    "WAS_ASIDE",
    "WholeReplacements",
    "content_words",
    "corrects_note",
    "gives_anew",
    "names_change",
    "replaces_note",
    "replaces_whole",
    "says_value_replaced",
    "statement",
    "supersede",
    "takes_effect",
    "value_kinds",
]

if TYPE_CHECKING:
    from bot.research.evidence import Passage
    from storage.knowledge import EntryView

# a statement giving its subject a new value: "from now on", "down from …", "from this week
# the handover is …", "going forward", "ok so for this season: rig from 13:00" (``_replaces``)
_NEW_VALUE = (
    r"from now on|(?:up|down) from|(?:from|for) (?:this|next) (?:week|month|term|season|year)|from today|"
    r"for the (?:coming|new) (?:term|season|year)|going forward|with immediate effect|effective immediately"
)
_SAYS_NEW_VALUE = re.compile(rf"\b(?:{_NEW_VALUE})\b", re.I)
_NEW_OF_KIND = re.compile(
    r"\bnew\s+(?:days?|times?|hours|prices?|rates?|fees?|slots?|setpoint|start(?: time)?)\s+(?:is|are|will be)\b",
    re.I,
)
_MONTH = r"(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?"
_WEEKDAY_WORD = r"(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*\.?"
# a statement of what is decided or changed: a later one on the same subject replaces
CHANGE = re.compile(
    # (not a changeover of guests or a changing room)
    r"\b(?:instead of|replac\w*|supersed\w*|overrid\w*|previous(?:ly)?|no longer|now|becomes?|became|"
    r"chang(?!eovers?\b|ing[- ]rooms?\b)\w*|"
    r"revers\w*|revis\w*|switch\w*|mov(?:e|es|ed|ing) to|as of|with effect from|decided|agreed|approved|"
    # (a decision in minutes: "Decision: from Monday 23 Feb the CD running balance is checked
    # daily", "Harriet Oyelaran was elected … and appointed treasurer")
    r"decision|resolved|reinstated|elected|appointed|stood down|stepp(?:ed|ing) down|"
    rf"from {_WEEKDAY_WORD} \d{{1,2}}\b|"
    r"t(?:ook|akes?|aking|aken) over|"
    r"new|from \d{1,2}(?:st|nd|rd|th)? [A-Z][a-z]+|raised|lowered|increased|reduced|extended|shortened|"
    rf"{_NEW_VALUE}|from [^.;]{{1,20}} to|goes (?:up|down)|"
    # holds from a month or a year on ("From the first hire of May 2025 …", "from the 2026 season")
    rf"(?:from|starting|effective|as of)\b[^.;:]{{0,30}}?\b(?:{_MONTH}\s+)?(?:19|20)\d\d)\b",
    re.I,
)
# says by itself that something earlier stopped holding (a note with no date still replaces)
REPLACING = re.compile(
    r"\b(?:instead of|(?<!need )(?<!needs )(?<!needed )(?<!needing )(?<!to be )(?<!due for )(?<!require )"
    r"(?<!requires )(?<!required )replac\w*|supersed\w*|previous(?:ly)?|no longer|revers\w*|overturn\w*|overrid\w*|"
    r"scrapp\w*|withdrawn|(?<!-)old)\b|"
    # "all new stock is ordered from Caledon Library Supply, not Northword": the name set aside
    r",\s+not\s+(?:the\s+)?(?-i:[A-Z])\w",
    re.I,
)
# (a worn part "needs replacing", "is due for replacement", "has to be replaced": no rule is;
# nor is "day-old" bread or a "two-year-old" van an old rule)
# a note or section that is itself a change ("Pricing update spring 2026", "## Revised rates"):
# each of its statements is a statement of what changed
CHANGE_HEADING = re.compile(
    r"\b(?:update[ds]?|revis\w*|change[ds]?|amend\w*|new|supersed\w*|replac\w*|v\d+|version \d+|"
    # "Trade price list — from 1 May 2026", "Rates from April 2025": holds from a day on
    r"(?:from|effective|as of|with effect from) (?:\d{1,2}(?:st|nd|rd|th)? )?"
    rf"{_MONTH}(?: (?:19|20)\d\d)?)\b",
    re.I,
)
SAME_SUBJECT = 0.4  # of the earlier statement's content words the later one restates
NAMED_SUBJECT = 0.2  # the same, when the later statement names the earlier note
SHARED_WORDS = 3  # and at least this many of them
ANCHORED_WORDS = 2  # ... or this many, when the question names the subject both state (``_replaces``)
TITLE_CHARS = 8  # a shorter title is too likely an ordinary phrase to be read as a link
NOTE_ABOUT = 0.5  # of the earlier note's title words the two statements hold: the note is about the rule
MARGIN = 0.15  # a later statement may score this far below the floor and still replace
POOL = 40  # of the ranked passages, the best this many are compared
IN_FORCE_BONUS = 0.02  # the statement in force ranks just above the one it replaced
SUPERSEDED_PENALTY = 0.3
REPLACED_NOTE_PENALTY = 1.0  # a note another says it replaces: below the floor
# words that say a statement changes, dates, or little at all: not what it is about
_FILLER = STOPWORDS | frozenset(
    "now instead after before new old previous becomes become all may must also only still within get gets got "
    "rule jan feb mar apr may jun jul aug sep oct nov dec january february march "
    "april june july august september october november december monday tuesday wednesday thursday "
    "friday saturday sunday".split()
)
_AMOUNT = re.compile(
    r"(?<![\w.])(?:[£$€]\s?)?\d[\d,]*(?:\.\d+)?\s?(?P<unit>%|per ?cent|°\s?[CF]?|/[a-zA-Z]{1,4}|[a-zA-Zµ]{1,8}(?:/[a-zA-Z0-9]{1,4})?)?(?![\w/])"
)
# a time of day, with its "am" or "pm" read first: "8:00pm" is 20:00, "06:30" and "2pm" are times
_TIME = re.compile(r"(?<![\w:.])\d{1,2}(?::\d\d)?\s?[ap]\.?m\b\.?|(?<![\d:])\d{1,2}:\d\d(?![\d:])", re.I)
_CITING = r"\b(?:see|per|following|according to|as (?:set out|described|agreed) in|under|in line with)\s+(?:the\s+)?"
_QUESTION = re.compile(r"[^.!?]*\?")
_CLAUSE = re.compile(r"[,;:.!?]\s|\s[-–—]\s")
_NAME = re.compile(
    r"\b(?!(?:The|A|An|This|That|These|Those|Our|We|It|In|On|At|From|For|By|To)\b)[A-Z][\w&'-]+"
    r"(?:\s+(?:&\s+)?[A-Z][\w&'-]+)+"
)


@lru_cache(maxsize=4096)  # a passage is compared with each other passage of the pool
def content_words(text: str, stem: Callable[[str], str]) -> frozenset[str]:
    """The words a statement says its subject with, stemmed: a clipped word as the word it
    clips ("min callout" of "minimum call-out"), a hyphened compound also as one word."""
    text = _CLIPPED_MIN.sub("minimum", text)
    joined = [a + b for a, b in _HYPHENED.findall(text.lower())]
    return frozenset(
        _agent(stem(_WRITTEN_OUT.get(w, w)))
        for w in [*words(text), *joined]
        if len(w) > 2 and not w.isdigit() and w not in _FILLER
    )


# "call-out", "fork-lift": also read as the one word a chat types ("callout", "forklift")
_HYPHENED = re.compile(r"\b([a-z]{2,})-([a-z]{2,})\b")
# "min" before what it is the least of ("min callout", "min order"), not after a number ("15 min")
_CLIPPED_MIN = re.compile(r"(?<!\d)(?<!\d\s)\bmin\b(?=\s+[A-Za-z])", re.I)


# the days and the months; and each as a rota or a table shortens it, read as its name ("Sat:
# 09:00–13:00" of a question's "Saturday")
_CALENDAR_NAMES = frozenset(
    "monday tuesday wednesday thursday friday saturday sunday january february march april may june july "
    "august september october november december spring summer autumn winter".split()
)
_WRITTEN_OUT = {
    short: full
    for short, forms in OTHER_FORMS.items()
    for full in forms
    if full in _CALENDAR_NAMES and short not in _CALENDAR_NAMES
}
# ... and a word clipped as a chat types it, as the word it clips ("temp", "ppl", "cust")
_WRITTEN_OUT.update(
    {
        short: min(longer, key=len)
        for short, forms in OTHER_FORMS.items()
        if short not in _CALENDAR_NAMES
        and (longer := [f for f in forms if len(f) >= len(short) + 3 and f[0] == short[0]])
    }
)


def _agent(stemmed: str) -> str:
    """A stem with the one who does it read as what is done: "supplier" as "supply" (the
    stemmer's "suppli"), "carrier" as "carry"."""
    return stemmed[:-2] if stemmed.endswith("ier") else stemmed


@lru_cache(maxsize=4096)  # read once a passage, not once a pair
def _says_it_replaces(text: str) -> bool:
    """The statement says it replaces something, outside its questions ("Can I get credit
    instead of a refund?" asks; it replaces nothing)."""
    # (a text with no question mark has no question: it is read as it is)
    return bool(REPLACING.search(_QUESTION.sub(" ", text) if "?" in text else text))


class _Said:
    """What a statement's text says, whatever it is compared with: read once a text (a
    passage is compared with every other of the pool, and comes again in the next answer),
    each part when a check first asks for it. Every statement of a pool is asked whether it
    states a change or says something stopped holding; the other parts only for the pairs
    that get that far (of the distinct mix's 403 statements, 2 are asked their dates, 63
    what they change from, 227 their amounts)."""

    def __init__(self, text: str) -> None:
        self.text = text

    @cached_property
    def lowered(self) -> str:
        return self.text.lower()

    @cached_property
    def change(self) -> bool:
        """States a change (``CHANGE``), or gives the value it replaced in an aside ("reset the
        alarm to 4°C (was 5°C)", "is £145, not £135", ``WAS_ASIDE``)."""
        return bool(CHANGE.search(self.text) or WAS_ASIDE.search(self.text))

    @cached_property
    def replacing(self) -> bool:
        """Says something earlier stopped holding (``REPLACING``)."""
        return bool(REPLACING.search(self.text))

    @cached_property
    def says_it_replaces(self) -> bool:
        """The same outside its questions."""
        return _says_it_replaces(self.text)

    @cached_property
    def replacing_clauses(self) -> tuple[str, ...]:
        """Its clauses (lowercased) that say so."""
        return tuple(c for c in _CLAUSE.split(self.lowered) if REPLACING.search(c))

    @cached_property
    def latest(self) -> date | None:
        """The latest date it states."""
        stated = stated_dates(self.text)
        return max(stated) if stated else None

    @cached_property
    def _amounts(self) -> tuple[dict[str, str], dict[str, str]]:
        return _amounts_both(self.text)

    @property
    def amounts(self) -> dict[str, str]:
        """``_amounts``."""
        return self._amounts[0]

    @property
    def amounts_last(self) -> dict[str, str]:
        """``_amounts`` with ``last``."""
        return self._amounts[1]

    @cached_property
    def names(self) -> frozenset[str]:
        """The names it writes (``_NAME``)."""
        return frozenset(m.group(0) for m in _NAME.finditer(self.text))

    @cached_property
    def changed_from(self) -> tuple[str, ...]:
        """What it says changes away ("changes from the oxalic trickle to …")."""
        return tuple(m.group(1).strip() for m in _CHANGED_FROM.finditer(self.lowered))

    @cached_property
    def changed_from_codes(self) -> tuple[tuple[str, str], ...]:
        """Per "changes from <a version or a code> to" phrase ("standard CPE firmware changed
        from 7.12.1 to 7.14.3"): the code, and the clause's words before it (its subject)."""
        return tuple(
            (m.group(1).strip(), _CLAUSE.split(self.lowered[: m.start()])[-1])
            for m in _CHANGED_FROM.finditer(self.lowered)
            if _CODE.fullmatch(m.group(1).strip())
        )

    @cached_property
    def changed_from_values(self) -> tuple[tuple[str, dict[str, str]], ...]:
        """Per "changes from <a value> to" phrase whose value is one amount, time, weekday or
        frequency ("changed from Wednesday to Tuesday"): the clause's words before it (its
        subject), and the value by its kind."""
        out = []
        for m in _CHANGED_FROM.finditer(self.lowered):
            values = _amounts_both(m.group(1))[0]
            subject = _CLAUSE.split(self.lowered[: m.start()])[-1]
            hours = _hours_range(m.group(1).strip(), self.lowered[m.end() :])
            if not values and hours is not None:
                # "Saturday yard hours changed from 8-12 to 9-1": opening hours, by their start
                out.append((subject, {"time": hours}))
                continue
            if not values and _NUMBER.fullmatch(m.group(1).strip()):
                # "opening changed from 10 to 8.30": two times of day, one with its minutes
                said = _chat_times(m.group(1).strip(), self.lowered[m.end() :])
                if said is not None:
                    out.append((subject, {"time": said}))
                values = {"number": m.group(1).strip()}  # "rate changed from 12.60 to 13.10 an hour"
            if len(values) == 1 and len(content_words(m.group(1), _unstemmed)) <= 1:
                out.append((subject, values))
        for m in _WAS_VALUE.finditer(self.lowered):
            # "Spruce sawlogs 18 cm+: £59/t (was £64)": the value it changed from, in brackets
            # after the new one; its subject is the clause it stands in, or the label over it
            values = _amounts_both(m.group(1))[0]
            if len(values) != 1 or len(content_words(m.group(1), _unstemmed)) > 1:
                continue
            clauses = _CLAUSE.split(self.lowered[: m.start()])
            subject = clauses[-1]
            if len(clauses) > 1 and (_VALUE_FIRST.match(subject) or not content_words(subject, _unstemmed)):
                subject = f"{clauses[-2]} {subject}"
            out.append((subject, values))
        return tuple(out)

    @cached_property
    def set_aside(self) -> tuple[str, ...]:
        """What it says is set aside, when "instead of" is all that says it replaces
        something ("… into the waste oil tank instead of the coolant drum"); else nothing."""
        said = [m.group(0).lower() for m in REPLACING.finditer(_QUESTION.sub(" ", self.text))]
        if not said or any(not r.startswith("instead of") for r in said):
            return ()
        return tuple(m.group(1) for m in _INSTEAD_OF.finditer(self.text))

    @cached_property
    def roles_given(self) -> tuple[str, ...]:
        """The roles it gives to someone (``_HANDS_OVER``)."""
        return tuple(_roles_given(self.text))

    @cached_property
    def role_held(self) -> tuple[str, str] | None:
        """Who it says holds a role (``_role_held``)."""
        return _role_held(self.text)

    @cached_property
    def replacing_names(self) -> tuple[str, ...]:
        """The names (lowercased) in its clauses that say they replace."""
        return tuple(
            m.group(0).lower()
            for clause in _CLAUSE.split(self.text)
            if REPLACING.search(clause)
            for m in _NAME.finditer(clause)
        )

    @cached_property
    def set_aside_names(self) -> tuple[str, ...]:
        """The names it says it sets aside ("from Caledon Library Supply, not
        Northword", "instead of Pennine Maltings"), not those it names beside a replacement
        ("heat exchanger replacement booked with Aldermoor Marine")."""
        return tuple(
            m.group(1)
            for m in _SET_ASIDE_NAME.finditer(self.text)
            if m.group(1).split()[0].lower() not in _FILLER  # "not Monday", "instead of March"
        )


# "…, not Northword", "instead of Pennine Maltings": the name a statement sets aside
_SET_ASIDE_NAME = re.compile(
    r"(?:,\s+not|\binstead\s+of|\bin\s+place\s+of|\bno\s+longer\s+(?:from|with|using|use))"
    r"\s+(?:the\s+)?((?-i:[A-Z])[\w&'-]+(?:\s+(?-i:[A-Z])[\w&'-]+)*)",
    re.I,
)
# what "instead of" says is set aside ("… into the waste oil tank instead of the coolant drum")
_INSTEAD_OF = re.compile(r"\binstead of\s+(?:the\s+|a\s+|an\s+|our\s+)?([^.;:,()!?]{2,60})", re.I)


def _instead_of_another(new: _Statement, old: _Statement, stem: Callable[[str], str]) -> bool:
    """``new`` says it replaces something only by "instead of", and none of what it sets
    aside is in ``old`` (read with its note's title and section), nor does it change an
    amount ``old`` states: it sets aside something else (a mistake told in an incident
    report, not a rule changed)."""
    set_aside = new.said.set_aside
    if not set_aside:
        return False
    older = old.passage
    held = content_words(f"{older.entry.title} {older.unit.section} {older.unit.text}", stem)
    return all(not (content_words(x, stem) & held) for x in set_aside) and not _amount_changed(
        new.passage, older
    )


@lru_cache(maxsize=4096)
def _said(text: str) -> _Said:
    return _Said(text)


def _when(passage: Passage) -> date | None:
    """When a statement was made: its note's date, else the latest date it states."""
    return day_of(passage.entry) or _said(passage.unit.text).latest  # a month: its first day


def _since(passage: Passage) -> date | None:
    """Since when a statement holds: the latest date it states ("from 2 February 2026"),
    else when it was made."""
    return _said(passage.unit.text).latest or _when(passage)


ASKED_SUBJECT = 2  # question words both statements hold: the question names their subject
ASKED_HELD = 0.75  # of the question's words the later statement holds, the share the earlier holds too


def _unlinked(text: str, titles: Sequence[str]) -> str:
    lowered = text.lower()
    for title in titles:
        lowered = lowered.replace(title, " ")
    return lowered


def _states_change(passage: Passage) -> bool:
    """The statement says it decides or changes something, or stands in a note or section
    that is a change ("Pricing update spring 2026": "- Minimum order charge: £45 + VAT."), or
    in a note that says it replaces another ("Supersedes [[trade-price-list-2024]].")."""
    return (
        _says_change(passage)
        or bool(declared_replaced(passage.entry.content))
        or bool(_declared_names(passage.entry.content))
    )


def _says_change(passage: Passage) -> bool:
    """``_states_change`` by its own words, its note's title or its section: not only by
    standing in a note that replaces another, by its link or as its later version ("v2")."""
    return (
        _said(passage.unit.text).change
        or _change_heading(_VERSION_MARK.sub(" ", passage.entry.title))
        or _change_heading(_VERSION_MARK.sub(" ", passage.unit.section))
        or _correcting(passage)
    )


_VERSION_MARK = re.compile(r"\b(?:v\d+|version \d+)\b", re.I)


# "This replaces [[contract-terms-2023]].", "Supersedes the 2024 trade list ([[trade-price-list-2024]])."
_DECLARES = re.compile(
    # ("This reverses the 2023 no-raw policy ([[raw-feeding-policy]])"; a lorry that reverses
    # into the bay reverses no note)
    # (not past a clause: "Replaces the Feb 2023 sheet, after the April closure (see
    # [[incident-2024-04-pool-closure]])" replaces the sheet, not the closure's report)
    r"\b(?:replac(?:es|ing)|supersed(?:es|ing)|(?:this|it|which)\s+reverses)\b[^.,;\n\[\]]{0,60}"
    r"\[\[([^\]|#]+)(?:[#|][^\]]*)?\]\]",
    re.I,
)


@lru_cache(maxsize=1024)
def declared_replaced(content: str) -> frozenset[str]:
    """The notes (link targets, lowercased, without ``.md``) a note says it replaces as a whole."""
    return frozenset(m.group(1).strip().lower().removesuffix(".md") for m in _DECLARES.finditer(content))


def replaces_note(newer: EntryView, older: EntryView) -> bool:
    """``newer`` says it replaces ``older`` as a whole: by a link to it, by naming it
    ("This replaces the old CIP procedure (June 2024 version).", "# Rate card 2025 —
    supersedes the 2023 rate card"), or by being its later edition (``later_edition``)."""
    return replaces_whole(newer, older) or (
        newer.id != older.id and _links_note(declared_replaced(newer.content), older)
    )


def _links_note(targets: frozenset[str], note: EntryView) -> bool:
    """One of ``targets`` (link targets, lowercased, without ``.md``) is ``note``'s file."""
    source = (note.source or "").lower().removesuffix(".md")
    return any(source == t or source.endswith(f"/{t}") or t.endswith(f"/{source}") for t in targets)


# a link right after the word: "This supersedes [[Rate card 2023]]" (a front-matter field's
# "Supersedes: [[no-show-fee]]" too, as ``front_matter_facts`` writes it), or after the words
# naming it, in brackets ("This supersedes the Brackley arrangement ([[tyre-supplier]])"; not
# "replaces the batch loader described in [[atlas]]", a part of it)
_DECLARES_LINK = re.compile(
    r"\b(?:replac(?:es|ing)|supersed(?:es|ing)|(?:this|it|which)\s+reverses):?\s+(?:the\s+|our\s+)?"
    r"(?:[^.,;\n\[\]()]{1,60}?\(\s*(?:see\s+)?)?\[\[([^\]|#]+)(?:[#|][^\]]*)?\]\]",
    re.I,
)


def replaces_whole(newer: EntryView, older: EntryView) -> bool:
    """``newer`` says it replaces ``older`` itself, whatever their statements share: as its later
    edition, by naming it ("This supersedes the Northsound arrangement") or by a link right
    after the word; what ``replaces_note`` reads besides ("replaces the batch loader described
    in [[atlas]]") replaces a part, and only a statement it restates."""
    if newer.id == older.id:
        return False
    if later_edition(newer, older) or _named_replaced(newer.content, older) or _switched_from(newer, older):
        return True
    return _links_note(_declared_links(newer.content), older)


WHOLE_PAIRS = 50_000  # pairs of notes kept by ``WholeReplacements`` before it starts again


class WholeReplacements:
    """``replaces_whole`` kept by the two notes' ids and revisions while the index holds what
    it held (``stamp``: its revision and the entries it forgot): every question compares each
    note it ranks with every other, and the same notes come back question after question. A
    write or a forget starts again (what was forgotten is not kept)."""

    def __init__(self, stamp: Callable[[], tuple[int, int]], *, limit: int = WHOLE_PAIRS) -> None:
        self._stamp = stamp
        self._limit = limit
        self._at: tuple[int, int] | None = None
        self._kept: dict[tuple[str, int, str, int], bool] = {}

    def __call__(self, newer: EntryView, older: EntryView) -> bool:
        at = self._stamp()
        if at != self._at or len(self._kept) >= self._limit:
            self._kept, self._at = {}, at
        key = (newer.id, newer.revision, older.id, older.revision)
        found = self._kept.get(key)
        if found is None:
            found = self._kept[key] = replaces_whole(newer, older)
        return found


@lru_cache(maxsize=1024)  # a note is compared with every other note of a question's
def _declared_links(content: str) -> frozenset[str]:
    """The link targets a note says it replaces as a whole (``_DECLARES_LINK``)."""
    return frozenset(m.group(1).strip().lower().removesuffix(".md") for m in _DECLARES_LINK.finditer(content))


# "This replaces the old CIP procedure (June 2024 version).", "supersedes the 2023 rate card":
# what a note says it replaces, in words, up to the end of the clause
_DECLARES_NAMED = re.compile(
    r"\b(?:replac(?:es|ing)|supersed(?:es|ing))\s+(?:the\s+|our\s+)?([^.\n\[\]():;,—–]{3,60})", re.I
)
_OLD_WORDS = frozenset("old previous earlier former original version edition page note list".split())
NAMED_WORDS = 2  # a phrase naming a note holds at least this many of its title's words


@lru_cache(maxsize=1024)
def _declared_names(content: str) -> tuple[tuple[frozenset[str], frozenset[str], frozenset[str]], ...]:
    """Per phrase a note says it replaces: its words, the years it names, and the words of the
    names in it ("our arrangement with Clearline Glass": clearline, glass)."""
    out = []
    for m in _DECLARES_NAMED.finditer(content):
        # (up to when it holds from: "the Northsound arrangement from 1 Feb 2025" names no 2025 note)
        typed = _FROM_WHEN.split(m.group(1), maxsplit=1)[0]
        phrase = typed.lower()
        said = frozenset(
            w for w in words(phrase) if not w.isdigit() and w not in _FILLER and w not in _OLD_WORDS
        )
        named = frozenset(w for name in _NAME_RUN.findall(typed) for w in words(name.lower()))
        # ... or one word written as a name that is no English word ("the Northsound arrangement")
        named |= {w.lower() for w in _ONE_NAME.findall(typed) if w.lower() not in common_words()}
        out.append((said, frozenset(re.findall(r"(?:19|20)\d\d", phrase)), named))
    return tuple(out)


# "T&F supplier changed from Hadley to Severn Scaffold Supplies", "we switched over from
# Pennine to Moorgate": the name the subject moved away from (its first word)
_SWITCHED_FROM = re.compile(
    r"\b(?:chang|switch|mov)(?:ed|es|e|ing)?\s+(?:over\s+|away\s+)?from\s+(?:the\s+|our\s+)?"
    r"(?P<name>(?-i:[A-Z])[\w'’-]+)(?:\s+(?:&\s+)?(?-i:[A-Z])[\w&'’-]+)*\s+to\b",
    re.I,
)


def _switched_from(newer: EntryView, older: EntryView) -> bool:
    """``newer``, dated after ``older``, says its subject changed from the name ``older``'s
    title opens with, written as a name ("… changed from Hadley to Severn" of "Hadley Tube &
    Fittings"; not a day or a month, a value), or from a name its title holds beside a word of
    the subject said before the change ("laundry changed from Crestline to Blue Heron" of
    "Laundry – Crestline Linen"): the earlier note is about what was left."""
    title = words(older.title.lower())
    if not title or title[0] in _CALENDAR_NAMES:
        return False
    switched = _switched_names(newer.content)
    held = {_singular(w) for w in title} - _FILLER
    if not any(
        name == title[0] or (_singular(name) in held and subject & (held - {_singular(name)}))
        for name, subject in switched
    ):
        return False
    new_day, old_day = day_of(newer), day_of(older)
    return new_day is not None and old_day is not None and new_day > old_day


SUBJECT_LOOK = 40  # characters before "changed from" read for what changed


def _singular(word: str) -> str:
    """``word`` without a plural's "s" ("skips" and "skip" name one subject)."""
    return word[:-1] if len(word) > 3 and word.endswith("s") and not word.endswith("ss") else word


@lru_cache(maxsize=1024)  # a note is compared with every other note of a question's
def _switched_names(content: str) -> tuple[tuple[str, frozenset[str]], ...]:
    """The names a note says its subject changed from (``_SWITCHED_FROM``), lowercased, each
    with the words said just before the change (its subject: "laundry" of "FYI laundry
    changed from Crestline to …")."""
    return tuple(
        (
            m["name"].lower(),
            frozenset(
                _singular(w) for w in words(content[max(0, m.start() - SUBJECT_LOOK) : m.start()].lower())
            )
            - _FILLER,
        )
        for m in _SWITCHED_FROM.finditer(content)
    )


_FROM_WHEN = re.compile(r"\s(?:from|as of|with effect|effective|starting)\b", re.I)
_ONE_NAME = re.compile(r"\b[A-Z][a-z]{3,}\b")
_NAME_RUN = re.compile(
    r"\b[A-Z][\w&'’-]*(?:\s+(?:&\s+)?[A-Z][\w&'’-]*)+"
)  # "Clearline Glass", "Fenwick & Hale"


def _named_replaced(content: str, older: EntryView) -> bool:
    """``content`` says it replaces ``older`` by naming it: every word of the phrase (two at
    least) is a word of its title or its file's name, or the phrase names what the title
    names ("This replaces our arrangement with Clearline Glass" of the note "Clearline
    Glass"), and a year it names is the note's."""
    names = _declared_names(content)
    if not names:
        return False
    own, titled_years = _own_names(older.title, older.source or "")
    titled = frozenset(words(older.title.lower())) - _FILLER
    for said, named_years, named in names:
        # (a name no English word is, and the title's first: "Northsound" of "Northsound Fuels —
        # marine gas oil contract")
        # (or a run of names, two words at least, of the title's and opening it: "the Anglia
        # Agrochem account" of "Anglia Agrochem Supplies — account", "Anglia" an English word)
        first = set(words(older.title.lower())[:1])
        by_name = len(titled) >= NAMED_WORDS and (
            titled <= named
            or bool(named & {w for w in first if w not in common_words()})
            or (len(named) >= NAMED_WORDS and named <= titled and bool(named & first))
        )
        if not by_name and (len(said) < NAMED_WORDS or not said <= own):
            continue
        if not named_years:
            return True
        day = day_of(older)
        if named_years <= ({str(day.year)} if day else set()) | titled_years:
            return True
    return False


@lru_cache(maxsize=4096)  # a note is named against each note of the pool that names one
def _own_names(title: str, source: str) -> tuple[frozenset[str], frozenset[str]]:
    """The words of a note's title and file name, and the years they name."""
    named = f"{title} {source.lower().removesuffix('.md').rsplit('/', 1)[-1]}"
    return frozenset(words(named.lower())), frozenset(re.findall(r"(?:19|20)\d\d", named))


# what marks one edition of a note from another: a version, a year standing alone, "revised"
_EDITION_MARK = re.compile(
    r"(?<![\w-])(?:v(?:er(?:sion)?)?[ ._-]?\d+(?:\.\d+)?|(?<!\d-)(?:19|20)\d\d(?!-?\d)|"
    r"revised|updated?|new|old|current|latest)(?![\w])",
    re.I,
)
_VERSION = re.compile(r"(?<![\w-])v(?:er(?:sion)?)?[ ._-]?(\d+)", re.I)


_FIRST_HEADING = re.compile(r"^#[ \t]+(.+?)[ \t#]*$", re.M)
HEADING_LOOK = 400  # characters of a note read for its first heading (past its front matter)


@lru_cache(maxsize=4096)  # a note is compared with each other note of the pool
def _first_heading(content: str) -> str:
    """The note's top heading when it opens the note ("# Tea room hours" under the front
    matter): a name of the note as its title is, kept when the title is reworded."""
    body = content[content.find("\n---", 3) + 4 :] if content.startswith("---") else content
    m = _FIRST_HEADING.search(body, 0, HEADING_LOOK)
    return m.group(1) if m is not None and not body[: m.start()].strip() else ""


@lru_cache(maxsize=4096)
def _name_key(name: str) -> str:
    """A note's name without its edition marks and punctuation, lowercased ("" when short)."""
    key = " ".join(re.findall(r"[^\W_]+", _EDITION_MARK.sub(" ", name.lower())))
    return key if len(key) >= TITLE_CHARS else ""


def _retitled(new_names: _Names, old_names: _Names) -> bool:
    """One note's title is the other's top heading, under another title: the note renamed
    ("Tea room hours" of 2026 and "Tea room opening hours" of 2025 headed "# Tea room
    hours"). Two notes of one title are not (a checklist kept in two places)."""
    new_title, old_title = new_names.title, old_names.title
    if not new_title or not old_title or new_title == old_title:
        return False
    return new_title == old_names.heading or old_title == new_names.heading


class _Names(NamedTuple):
    """A note's edition keys and whether it carries a mark (``_edition_keys``), and the name
    keys of its title and of its top heading (``_retitled``)."""

    keys: frozenset[str]
    marked: bool
    title: str
    heading: str


@lru_cache(maxsize=4096)  # a note is compared with each other note of the pool
def _names(title: str, source: str, content: str) -> _Names:
    keys, marked = _edition_keys(title, source)
    return _Names(keys, marked, _name_key(title), _name_key(_first_heading(content)))


# a month ending a note's name marks its edition ("chaperone-arrangements-june" of "…-april"), unless
# the note is one of a series, each of its own month (minutes, a log, a newsletter, a rota)
# (at the end of the name: "May Day fair" is no edition of May)
_MONTH_MARK = re.compile(rf"[\s(—–]+(?:{MONTHS})(?:\s+(?:19|20)\d\d)?\)?\s*$", re.I)
_SERIES = re.compile(
    r"\b(?:minutes|meetings?|mtg|log|diary|newsletter|bulletin|report|incident|chat|whatsapp|rota|"
    r"timesheet|invoice|statement|returns?)\b",
    re.I,
)


@lru_cache(maxsize=4096)
def _edition_keys(title: str, source: str) -> tuple[frozenset[str], bool]:
    """The names (title, file name) of a note without its edition marks, and whether it
    carries one."""
    names: tuple[str, ...] = (title, source.lower().removesuffix(".md").rsplit("/", 1)[-1])
    marked = any(_EDITION_MARK.search(name) for name in names)
    if any(_MONTH_MARK.search(name.replace("-", " ")) for name in names) and not any(
        _SERIES.search(name.replace("-", " ")) for name in names
    ):
        names = tuple(_MONTH_MARK.sub(" ", name.replace("-", " ")) for name in names)
        marked = True
    keys = frozenset(key for key in map(_name_key, names) if key)
    return keys, marked


def _version(entry: EntryView) -> int:
    found = _VERSION.findall(f"{entry.title} {(entry.source or '').rsplit('/', 1)[-1]}")
    return max((int(v) for v in found), default=1)


SUBJECT_TITLE_WORDS = 2  # content words two notes' titles share: they are on one subject
# words any two notes' titles may share without being on one subject
_TITLE_FILLER = frozenset(
    "notes note minutes meeting meetings update updated new log list chat page info policy procedure plan "
    "team staff general misc".split()
)


def _later_on_subject(newer: EntryView, older: EntryView) -> bool:
    """``newer`` is dated after ``older`` and their titles share ``SUBJECT_TITLE_WORDS``
    content words (not a year, not "minutes" or "policy")."""
    if newer.id == older.id:
        return False
    new_day, old_day = day_of(newer), day_of(older)
    if new_day is None or old_day is None or new_day <= old_day:
        return False
    new_subject, old_subject = _title_subject(newer.title), _title_subject(older.title)
    if len(new_subject & old_subject) >= SUBJECT_TITLE_WORDS:
        return True
    # ... or the later one's title names nothing but a word of the earlier's and when it
    # holds from ("Hours from 8 January 2024" of "Opening hours")
    undated = _title_subject(" ".join(w for w in words(newer.title.lower()) if w not in _CALENDAR_NAMES))
    return bool(undated) and undated <= old_subject


@lru_cache(maxsize=4096)
def _title_subject(title: str) -> frozenset[str]:
    return frozenset(
        w[:5]
        for w in words(title.lower())
        if len(w) > 2 and not w.isdigit() and w not in _FILLER | _TITLE_FILLER
    )


_LABEL_OF = re.compile(r"^\s*([^:;]{2,80}):\s")


def _label(text: str) -> frozenset[str]:
    """What a statement gives a value of: a table row's first cell ("Day: Saturday; Hours: …"
    → saturday), or the label before its colon ("Saturday: 9:30 – 13:00" → saturday)."""
    row = _ROW_CELL.match(text)
    label = _LABEL_OF.match(text) if row is None else None
    said = row.group(2) if row is not None else label.group(1) if label is not None else ""
    return frozenset(
        _WRITTEN_OUT.get(w, w) for w in words(said.lower()) if w not in STOPWORDS and not w.isdigit()
    )


def _same_label(new: str, old: str, *, exact: bool = False) -> bool:
    """Both statements give a value of one thing, another value: the words of one's label are
    all the other's ("Relative humidity" of "Target relative humidity for textile store"; with
    ``exact``, the same words)."""
    one, other = _label(new), _label(old)
    if not one or not other or not (one == other if exact else one <= other or other <= one):
        return False
    return set(_NUMBER.findall(new)) != set(_NUMBER.findall(old))  # (the same value again replaces nothing)


def later_edition(newer: EntryView, older: EntryView) -> bool:
    """``newer`` is a later edition of ``older``: the same name but for a version or a year
    ("Trade price list 2026" of "Trade price list 2025", ``cip-procedure-v2`` of
    ``cip-procedure``), later by its version, else by its date."""
    if newer.id == older.id:
        return False
    new_names = _names(newer.title, newer.source or "", newer.content)
    old_names = _names(older.title, older.source or "", older.content)
    if not (new_names.keys & old_names.keys and (new_names.marked or old_names.marked)) and not _retitled(
        new_names, old_names
    ):
        return False
    new_v, old_v = _version(newer), _version(older)
    if new_v != old_v:
        return new_v > old_v
    new_day, old_day = day_of(newer), day_of(older)
    if new_day is not None and old_day is not None:
        return new_day > old_day
    # an undated one: the years their names give ("Fee list 2025" of "fee list 2024")
    new_year, old_year = _named_year(newer), _named_year(older)
    return new_year is not None and old_year is not None and new_year > old_year


_NAMED_YEAR = re.compile(r"(?<![\w-])(?:19|20)\d\d(?![\w-])")


def _named_year(entry: EntryView) -> int | None:
    """The one year a note's title and file name give, if they give one."""
    found = set(
        _NAMED_YEAR.findall(f"{entry.title} {(entry.source or '').rsplit('/', 1)[-1].replace('-', ' ')}")
    )
    return int(found.pop()) if len(found) == 1 else None


# a note that says it corrects what another said: "ERRATUM — …", "Correction: …", "Corrigendum"
_CORRECTION = re.compile(r"\b(?:errat(?:um|a)|corrigend(?:um|a)|correction)\b", re.I)


def _correcting(passage: Passage) -> bool:
    """``passage`` stands in a note whose title says it is a correction."""
    return _correction_title(passage.entry.title)


@lru_cache(maxsize=4096)  # a note's title heads each of its passages
def _correction_title(title: str) -> bool:
    return bool(_CORRECTION.search(title))


@lru_cache(maxsize=4096)  # a note's title and sections head many of its passages
def _change_heading(heading: str) -> bool:
    return bool(CHANGE_HEADING.search(heading))


@dataclass(slots=True)
class _Statement:
    """A passage of the pool as the pair checks read it, read once a ``supersede`` call
    (each is compared with every other of the pool)."""

    passage: Passage
    said: _Said
    title: str  # its note's title, stripped and lowercased
    day: date | None = None  # when it was made (``_when``), read when pairs are compared

    @classmethod
    def of(cls, passage: Passage) -> _Statement:
        return cls(passage, _said(passage.unit.text), passage.entry.title.strip().lower())


# "the winter treatment changes from the oxalic acid trickle to sublimation", "we switched
# from Harbourne to …": the statement names what stops holding
_CHANGED_FROM = re.compile(
    r"\b(?:chang\w*|switch\w*|mov(?:e|es|ed|ing)|go(?:es)?|went|goes over|converts?|converted|"
    # "pool setpoint comes down from 31 to 29 °C", "raised from £40 to £45": a value set (not
    # one measured: "insert latency rose from 3 ms to about 900 ms" is what happened)
    r"(?:comes?|came|coming|brought|bring(?:s|ing)?|put(?:s|ting)?)\s+(?:down|up|back)|raised|lowered)\s+"
    r"from\s+(?:the\s+|our\s+|a\s+)?(\d{1,2}(?=\s+to\s)|(?:[^.;:,()]|(?<=\d)[.:,](?=\d)){3,60}?)\s+"
    r"(?:to|over to|in favour of)\s"
)
# a time of day typed in chat, without "am"/"pm" or with a dot ("from 10 to 8.30")
_CHAT_TIME = re.compile(r"(\d{1,2})(?:[.:]([0-5]\d))?\s?(am|pm)?")
CHANGED_FROM_WORDS = 2  # a phrase of at least this many content words names a statement


def _changes_from(newer: _Statement, older: _Statement, stem: Callable[[str], str]) -> bool:
    """``newer`` says it changes away from what ``older`` states: every content word of a
    "changes from <X> to" phrase (two at least) is in the earlier statement."""
    if not newer.said.changed_from:
        return False
    old_words = content_words(older.passage.unit.text, stem)
    for phrase in newer.said.changed_from:
        said = content_words(phrase, stem)
        if len(said) >= CHANGED_FROM_WORDS and said <= old_words:
            return True
        if _one_name(phrase, newer.passage.unit.text, older.passage.unit.text):
            return True  # "training coordinator role changed from Kenny to Aileen": "… is Kenny Skene"
    return False


def _changes_from_titled(
    newer: _Statement, older: _Statement, stem: Callable[[str], str], asked: frozenset[str]
) -> bool:
    """``newer`` changes away from what ``older``'s note is about: the words of its "changes
    from <X> to" phrase (two at least) are in the earlier note's title, which says a word of the
    question ("produce supplier changed from Hindle & Sons to Greengage" against any line of
    "Produce supplier - Hindle & Sons", asked "animal fruit and veg supplier current")."""
    title = content_words(older.passage.entry.title, stem)
    if not asked & title:
        return False
    return any(
        len(said := content_words(phrase, stem)) >= CHANGED_FROM_WORDS and said <= title
        for phrase in newer.said.changed_from
    )


def _one_name(phrase: str, new_text: str, old_text: str) -> bool:
    """``phrase`` is one name, written with a capital in both statements: the person or firm
    the later one changes away from is the one the earlier names."""
    if not phrase.isalpha() or len(phrase) < ONE_NAME_CHARS or phrase.lower() in _FILLER:
        return False  # (a day or a month is a value: "changed from Wednesday to Thursday")
    name = re.compile(rf"\b{phrase.capitalize()}\b")
    return bool(name.search(new_text)) and bool(name.search(old_text))


ONE_NAME_CHARS = 3  # "Jo" changed from is too short to be told from a word ("… from jo to …")


# a row for Saturday is about the weekend, a row for Tuesday – Friday about weekdays
_DAYS_PART = (
    (("saturday", "sunday"), "weekend"),
    (("monday", "tuesday", "wednesday", "thursday", "friday"), "weekday"),
)
# what a value of each kind is called ("the delivery day changed from Wednesday to Tuesday")
_KIND_WORDS = {
    "weekday": ("day",),
    "time": ("time",),
    "often": ("often",),
    # (a number of days is a window or a period: "Returns window changed from 30 days" of
    # "return it within 30 days of delivery")
    "days": ("day", "window", "period"),
    # (and a temperature says it is one: "High alarm: 5°C" of "what temp does the chiller alarm …")
    "°c": ("temperature",),
    "°f": ("temperature",),
}
VALUE_SUBJECT_WORDS = 2  # of the words before "changed from <a value>", the earlier statement holds this many


def _changes_value_from(newer: _Statement, older: _Statement, stem: Callable[[str], str]) -> bool:
    """``newer`` says its subject changes away from one value ("Loamhurst delivery day
    changed from Wednesday to Tuesday", "the fee changes from £40 to £45") that ``older``
    states of the same kind, and ``older`` (read with its title) says the words of the
    subject before it (two at least, and half of them; the value's kind, "day", "time", is
    what a value of the kind says)."""
    if _changes_code_from(newer, older, stem):
        return True
    found = newer.said.changed_from_values
    if not found:
        return False
    before = older.said.amounts
    numbers = set(_NUMBER.findall(older.passage.unit.text))
    if not before and not numbers:
        return False
    held = content_words(
        f"{older.passage.entry.title} {older.passage.unit.section} {older.passage.unit.text}", stem
    )
    named_days = {f"{m.group(1).lower()}day" for m in _WEEKDAY.finditer(older.passage.unit.text)}
    held |= {stem(part) for days, part in _DAYS_PART if named_days.intersection(days)}
    for subject, values in found:
        if not all(
            value in numbers if kind == "number" else _same_value(kind, before.get(kind), value)
            for kind, value in values.items()
        ):
            continue  # (a bare number, "from 12.60 to", is the earlier's when it states it)
        kinds = {stem(w) for kind in values for w in _KIND_WORDS.get(kind, ())}
        said = content_words(subject, stem)
        # (the value says its kind: "Round day changed from Wednesday" of "Runs Wednesday
        # afternoons" in the delivery round's note says the round and the day)
        if len(said & (held | kinds)) >= VALUE_SUBJECT_WORDS and len(said & (held | kinds)) * 2 >= len(said):
            return True
        if _specific_value(values) and said & held:
            # "pickers' hourly rate changed from 12.60 to": the earlier's 12.60, of pickers;
            # "Achvarran changed from 10:15 to 11:30": the timetable's 10:15 at Achvarran
            return True
    return False


# a version, a model or a code: "7.12.1", "R300", "FW-22b" (a bare number is an amount's)
_CODE = re.compile(r"(?=[\w.-]*\d)(?=[\w.-]*(?:[a-z]|\d\.\d+\.\d))[\w.-]{3,30}", re.I)


def _changes_code_from(newer: _Statement, older: _Statement, stem: Callable[[str], str]) -> bool:
    """``newer`` says its subject changes away from a version or a code ("standard CPE
    firmware changed from 7.12.1 to 7.14.3") that ``older`` states, on a subject it names
    ("All customer routers run firmware 7.12.1")."""
    old_text = older.passage.unit.text
    old_lowered = older.said.lowered
    for code, before in newer.said.changed_from_codes:
        if code not in old_lowered:  # (the whole code, not a longer one holding it, below)
            continue
        if not re.search(rf"(?<![\w.-]){re.escape(code)}(?![\w-]|\.\w)", old_lowered):
            continue
        if content_words(before, stem) & content_words(
            f"{older.passage.entry.title} {older.passage.unit.section} {old_text}", stem
        ):
            return True
    return False


def _typed_pair(
    typed: re.Pattern[str], before: str, after: str
) -> tuple[re.Match[str], re.Match[str]] | None:
    """``before`` whole, and the start of ``after`` (then a stop, a space or its end), as
    ``typed`` reads times ("(hour)(minutes)(am/pm)", a range repeating them), every hour a
    clock's (23 at most); else None."""
    one, other = typed.fullmatch(before), typed.match(after)
    if one is None or other is None or not re.match(r"[\s,.;)]|$", after[other.end() :]):
        return None
    hours = range(1, typed.groups + 1, 3)  # (groups 1, 4: each time's hour)
    if any(int(m.group(k)) > 23 for m in (one, other) for k in hours):
        return None
    return one, other


def _start(said: re.Match[str]) -> str:
    """The first time a match of ``_CHAT_TIME`` or ``_HOURS`` reads, as ``_clock`` gives it."""
    return _clock(f"{said.group(1)}:{said.group(2) or '00'}{said.group(3) or ''}")


def _chat_times(before: str, after: str) -> str | None:
    """``before`` as a time of day (``_clock``), when it and the start of ``after`` both read
    as times and one of them gives its minutes or "am"/"pm" ("from 10 to 8.30", "9 to 9.30pm");
    else None (a price, "from 12.60 to 13.10", has no minute 60)."""
    pair = _typed_pair(_CHAT_TIME, before, after)
    if pair is None or not any(m.group(2) or m.group(3) for m in pair):
        return None
    return _start(pair[0])


_HOURS = re.compile(r"(\d{1,2})(?:[.:]([0-5]\d))?\s?(am|pm)?\s?[-–]\s?(\d{1,2})(?:[.:]([0-5]\d))?\s?(am|pm)?")


def _hours_range(before: str, after: str) -> str | None:
    """The start of ``before`` as a time of day, when it and the start of ``after`` are both
    hours typed as ranges ("from 8-12 to 9-1", "from 10-4 to 9.30-5"); else None (a span
    of sizes, "8-12 mm", is no range of hours; nor is one to an hour past 23)."""
    pair = _typed_pair(_HOURS, before, after)
    return _start(pair[0]) if pair is not None else None


SPECIFIC_DIGITS = 3  # a bare number of this many digits ("12.60", "1,250") is not said by chance


def _specific(number: str) -> bool:
    return sum(c.isdigit() for c in number) >= SPECIFIC_DIGITS


def _specific_value(values: Mapping[str, str]) -> bool:
    """A value not said by chance: a bare number of ``SPECIFIC_DIGITS``, or a time of day to
    the minute ("10:15"; not "10:00", which "from 10 to 11" says of anything)."""
    time = values.get("time", "")
    return _specific(values.get("number", "")) or (bool(time) and not time.endswith(":00"))


def _same_value(kind: str, said: str | None, value: str) -> bool:
    """``said`` (an earlier statement's value) is ``value``; a time of day typed without am or
    pm ("changes from 4:30 to 3:15pm") is the earlier "4:30pm" too."""
    if said == value:
        return True
    if kind != "time" or said is None:
        return False
    hour, minute = value.split(":")
    return int(hour) < 12 and said == f"{int(hour) + 12:02d}:{minute}"


def _names_replaced(newer: _Statement, older: _Statement) -> bool:
    """``newer`` says it replaces a name ``older`` states ("Pellow & Grant replaces
    Harbourne Media as our primary vinyl supplier" against "Harbourne Media Ltd becomes our
    primary supplier"): the earlier statement is the one replaced, whatever its note's title."""
    lowered = older.said.lowered
    return any(name in lowered for name in newer.said.replacing_names)


# a statement giving its subject a new value: "the approach to Raven Scar is now the north
# gully path", "callout parking has moved to the village hall", "the winter treatment changed
# to sublimation", "from now on, X is Y"
_NOW_VALUE = re.compile(
    r"^(?:.*?[.;:!?]\s+)?(?:from now on,?\s+)?(?P<subject>[^.;:!?]{3,80}?)\s+"
    r"(?:(?:is|are|will be)\s+now|now\s+(?:is|are)|(?:has|have)\s+(?:now\s+)?(?:moved|changed|switched)\s+to|"
    r"(?:moved|moves|changed|changes|switched|switches)\s+to|(?:is|are)\s+(?:being\s+)?moved\s+to)\s+"
    r"(?P<value>[^.;:!?]{2,120})",
    re.I,
)
# "from now on park at the village hall": no subject, the whole is the value
_FROM_NOW_ON = re.compile(r"\bfrom now on,?\s+(?P<value>[^.;!?]{4,120})", re.I)
# what a statement says its subject is: "Approach: take the lower path …" (a label), or
# "Callout parking is in the yard …"
_LABEL_VALUE = re.compile(r"^\s*(?P<subject>[^:;.!?\n]{2,40}):\s+(?P<value>[^;\n]{2,200})")
_IS_VALUE = re.compile(r"^(?P<subject>[^.;:!?,]{3,60}?)\s+(?:is|are)\s+(?P<value>[^.;!?]{2,160})", re.I)
_NUMBER = re.compile(r"(?<![\w.,])\d[\d,]*(?:\.\d+)?(?![\w])")
_CAPITALISED = re.compile(r"(?<![.!?]\s)(?<!^)\b[A-Z][a-z][\w'-]*")
_VALUE_END = re.compile(r",\s|\s[-–—]\s|\s\(")
# words saying a value still holds, not another one ("now the river path again, as always")
_AS_BEFORE = frozenset("again always still usual before ever".split())
VALUE_WORDS = 1  # content words the new value says that the earlier statement does not


@lru_cache(maxsize=4096)  # a statement of the pool is read against each other one
def _now_value(text: str) -> tuple[str, str] | None:
    """(subject, value) of a statement giving its subject a new value; subject "" when it
    names none ("from now on park at the village hall")."""
    m = _NOW_VALUE.search(text)
    if m is not None:
        return m.group("subject"), m.group("value")
    m = _FROM_NOW_ON.search(text)
    if m is None:
        return None
    inner = _IS_VALUE.match(m.group("value"))  # "from now on, callout parking is at the hall"
    return (inner.group("subject"), inner.group("value")) if inner is not None else ("", m.group("value"))


@lru_cache(maxsize=4096)
def _old_value(text: str) -> tuple[str, str] | None:
    """(subject, value) of a statement saying what its subject is, by a label or "X is Y";
    a table row (``units`` writes it "Role: X; Name: Y") is read by ``_same_row``, not here."""
    if _ROW_CELL.match(text):
        return None
    m = _LABEL_VALUE.match(text) or _IS_VALUE.match(text)
    return (m.group("subject"), m.group("value")) if m is not None else None


def _names_of(text: str) -> set[str]:
    """The capitalised words of ``text`` past its start (a place, a site, an item), lowercased."""
    return {w.lower() for w in _CAPITALISED.findall(text)} - _FILLER


def _restates_subject(new: _Statement, old: _Statement, stem: Callable[[str], str]) -> str:
    """``new`` gives the subject ``old`` states another value that is not an amount or a
    name: "Approach to Raven Scar for all callouts is now the north gully path" against the
    access note's "Approach: take the lower path from the lay-by". The subject is the same
    when the earlier's label (or the subject of its "X is Y") is in the later's subject, and
    the places or items each names are the other's too (another crag's "Approach:" is not
    this one's); the value differs when the later says words the earlier never does (a
    later note repeating the rule, or telling its history, replaces nothing). The earlier
    value, when it is replaced; else ""."""
    newer, older = new.passage, old.passage
    now = _now_value(newer.unit.text)
    if now is None:
        return ""
    before = _old_value(older.unit.text)
    if before is None:
        return ""
    new_subject, new_value = now
    old_subject, old_value = before
    old_context = f"{older.entry.title} {older.unit.section} {older.unit.text}"
    new_context = f"{newer.entry.title} {newer.unit.section} {newer.unit.text}"
    old_key = content_words(old_subject, stem)
    new_key = content_words(f"{new_subject} {new_value}" if not new_subject else new_subject, stem)
    if not old_key or not old_key <= new_key | content_words(
        f"{newer.entry.title} {newer.unit.section}", stem
    ):
        return ""
    # the places or items each subject names are the other's too
    old_read, new_read = old_context.lower(), new_context.lower()
    if any(n not in old_read for n in _names_of(new_subject)) or any(
        n not in new_read for n in _names_of(f"{older.entry.title} {old_subject}")
    ):
        return ""
    new_value = _VALUE_END.split(new_value, maxsplit=1)[0]  # its first clause
    said_new = content_words(new_value, stem) - new_key if new_subject else content_words(new_value, stem)
    # (against the whole earlier note: a value it gives elsewhere is no new one)
    earlier = content_words(f"{older.entry.title} {older.unit.section} {older.entry.content}", stem)
    if len(said_new - earlier - _AS_BEFORE) < VALUE_WORDS and not _new_number(new_value, older.entry):
        return ""  # it says nothing the earlier statement does not: a repeat
    return old_value.strip()


def _replaces(
    new: _Statement,
    old: _Statement,
    stem: Callable[[str], str],
    asked: frozenset[str],
    titles: Sequence[str],
    *,
    asks_name: bool = False,
) -> bool:
    """``new`` (of another note; a statement of a change) states a change on ``old``'s
    subject (a statement not replaced yet and not itself replacing), later than it: both
    say what was asked, and the earlier says it at least as fully."""
    newer, older = new.passage, old.passage
    new_said, old_said = new.said, old.said
    if newer.entry.id == older.entry.id:
        return False
    later_title = new.title
    if later_title and later_title in old_said.lowered:
        return False  # it points to the later note ("Declan to write it up: [[the decision]]")
    new_day = new.day
    old_day = old.day
    if new_day is not None and old_day is not None and new_day <= old_day:
        return False  # made no later (read first: half the pairs a question reads end here)
    if corrects_note(newer.entry, older.entry) and _corrects_amount(newer, older, stem):
        return True  # an erratum's figure for the one it says is wrong
    if _reversal(new, old, stem, asked):
        return True
    if _hands_over(new, old, stem, asked) or _takes_over_from(new, old, stem, asked):
        return True
    if _moves_away(new, old, stem, asked):
        return True
    # a statement of a note kept current that does not itself say it changes anything
    restated = not _states_change(newer)
    # a later note on the subject giving the same thing another value: the row or label of one
    # thing ("Saturday: 9:30 – 13:00" of the table's "Day: Saturday; Hours: 10:00 – 16:00")
    label = _label(newer.unit.text)
    if (
        label
        and label == _label(older.unit.text)
        and _times(newer.unit.text) == _times(older.unit.text) != set()
    ):
        return False  # the same hours of the same day, otherwise typed ("5:00pm – 11:30pm", "17:00–23:30")
    same_thing = _later_on_subject(newer.entry, older.entry) and _same_label(newer.unit.text, older.unit.text)
    if (
        same_thing
        and asked & content_words(f"{newer.entry.title} {newer.unit.section} {newer.unit.text}", stem)
        and _same_label(newer.unit.text, older.unit.text, exact=True)  # (and other numbers)
        and (
            _amount_changed(newer, older)
            or _said(newer.unit.text).amounts.keys() != old_said.amounts.keys()
            or _code_changed(newer.unit.text, older.unit.text)
        )
        # (a row giving the same hours otherwise typed changes nothing: "7:30am – 8:00pm" is "07:30–20:00")
        and (_times(newer.unit.text) != _times(older.unit.text) or not _times(newer.unit.text))
    ):
        # the later note on the subject gives the row of the same label another value ("Sat:
        # 09:00–13:00" in "Hours from 8 January 2024" of "Sat: 8:00am – 12:00 noon" in
        # "Opening hours"): however few words two short rows share
        return True
    if (
        restated
        and not kept_current(newer.entry)
        and not later_edition(newer.entry, older.entry)
        and not same_thing
    ):
        return False
    changes_from = _changes_from(new, old, stem)  # "changes from <what the earlier one states> to …"
    # "Can I get credit instead of a refund?" asks; it replaces nothing
    declared = replaces_note(newer.entry, older.entry)
    # "… delivery day changed from Wednesday to Tuesday": one value, of the earlier's subject
    value_from = not changes_from and _changes_value_from(new, old, stem)
    replacing = new_said.says_it_replaces or changes_from or declared or value_from
    if replacing and not (changes_from or declared or value_from) and _instead_of_another(new, old, stem):
        return False  # "emptied the drain pan into the waste oil tank instead of the coolant drum"
    if changes_from and new_day is not None and _changes_from_titled(new, old, stem, asked):
        # "produce supplier changed from Hindle & Sons to …" of "Produce supplier - Hindle & Sons"
        return True
    if new_day is None and not replacing:
        # without dates, only a statement that says it replaces something does; a dated
        # change ("the new handover times 06:30 and 18:30 started on 5 January") replaces an
        # undated statement (a reference page) whose amount it changes
        return False
    # or a value of another kind ("is now the north gully path"), on the same subject
    keyed = bool(_restates_subject(new, old, stem))
    if not replacing and not keyed and not _changed(newer, older):
        return False  # states no amount or name the later one changed: nothing to replace
    title = old.title
    # "This replaces the 2023 contract ([[the 2023 decision]])": the later statement names
    # it in the clause that says so ("…, following [[the decision]]" carries it out instead)
    named = (bool(title) and any(title in c for c in new_said.replacing_clauses)) or declared
    if declared and not _same_row(newer.unit.text, older.unit.text):
        return False  # a table's other row ("Cask deposit" is not "Keg deposit")
    # "… replaces Harbourne Media as our primary vinyl supplier": it names what it replaces
    # and says the subject in its own words (the earlier note's title is no link there)
    names_it = (replacing and (changes_from or _names_replaced(new, old))) or keyed
    if title and not named and _cites(new_said.lowered, title):
        return False  # it cites the earlier note ("see [[ADR-007]]", "following [[…]]"): it applies it
    # read with its note's title and section, as it is scored
    old_read = content_words(f"{older.entry.title} {older.unit.section} {older.unit.text}", stem)
    # a row is read by its cells, not its column names ("Role: Equipment Officer; Phone: …"
    # is about the equipment officer, not phones); an abbreviation as what it stands for in
    # the earlier statement ("take over as DSL" of "Designated Safeguarding Lead: …")
    new_text = _spelled_out(newer.unit.text, older.unit.text)
    if not _names_the_row(new_text, older.unit.text, stem):
        return False  # "Concession: £13" corrects the concession's row, not the full price's
    if (
        any(re.search(rf"\b{re.escape(name)}\b", older.unit.text) for name in new_said.set_aside_names)
        and asked & content_words(new_text, stem) & old_read
    ):
        # it names what the earlier states as what it sets aside, on what the question asks
        # ("all new stock is ordered from Caledon Library Supply, not Northword" against "all
        # new stock … is bought from Northword Books Ltd"): however few other words they share
        return True
    new_read = content_words(_cells_only(new_text), stem)
    # a note correcting another ("Correction — open day date") or replacing it as a whole (its
    # later edition) states its subject in its title: its statements are read with it
    titled = declared or _correcting(newer) or same_thing
    if titled:
        new_read |= content_words(f"{newer.entry.title} {newer.unit.section}", stem)
    if value_from:
        return True  # its subject is the earlier's (``_changes_value_from``)
    # (a value says what kind it is: "every other Tuesday" says which day, of "what day …")
    kinds = {stem(w) for kind in old_said.amounts for w in _KIND_WORDS.get(kind, ())}
    held = asked & new_read & (old_read | kinds)
    if len(held) >= ASKED_SUBJECT and (new_said.says_it_replaces or _SAYS_NEW_VALUE.search(new_said.text)):
        # a statement leaves to its note what the note is about ("Maximum output in the
        # Chapel: 40%." on the hazer's procedure page, against "hazer capped at 25% output
        # in the Chapel from now on (down from what the procedure page says)"): once it says
        # two of the asked words, the note's count too, against a later statement that says
        # it replaces a value
        held = asked & new_read & (old_read | content_words(older.entry.content, stem))
    if not asked & new_read or len(held) < ASKED_HELD * len(asked & new_read):
        return False  # the earlier one is about something else the later one also names
    # a link names a note, it does not restate what the note says: the titles of other notes,
    # and the earlier note's in the later statement, are left out of the words they share
    others = [t for t in titles if t not in (title, later_title)]
    old_words = content_words(_unlinked(older.unit.text, others), stem)
    # ... unless it labels the later statement ("Minimum order charge: £45 + VAT."): then it
    # names the subject both state
    labelled = names_it or (bool(title) and newer.unit.text.lower().startswith(f"{title}:"))
    linked = [*others, title] if title and not labelled and _links_to(newer.entry, older.entry) else others
    new_words = content_words(_unlinked(new_text, linked), stem)
    if not old_words:
        return False
    shared = len(old_words & new_words)
    # the question names the subject both state and the later one gives it another amount
    # ("Security deposit: £250 per boat, taken by card …" against "we agreed the security
    # deposit goes up to £350 per boat"): a long earlier statement restates little else
    # (the later one read with its section's heading, which names an item of minutes: "4. Ferment
    # temperatures" of "Imogen: changing the Bacchus setpoint to 12°C this year (was 14)")
    # (a heading restating the note's title names no item)
    sectioned = new_read | (content_words(newer.unit.section, stem) - content_words(newer.entry.title, stem))
    if _NEW_OF_KIND.search(newer.unit.text):
        # "Dai's new days are every other Monday" in the "Farrier rota autumn 2024": a new value
        # of a kind, whose subject its note's title names
        sectioned |= content_words(newer.entry.title, stem)
    anchored = len(asked & sectioned & old_read) >= ASKED_SUBJECT and (
        bool(_amount_changed(newer, older))
        or (asks_name and not restated and _name_changed(newer, older, asked, stem))
    )
    if anchored and (
        restated
        or titled
        or (_is_row(older.unit.text) and _TAKES_EFFECT.search(newer.unit.text))
        or _names_old_amount(newer.unit.text, older.unit.text)
    ):
        # two short statements share few words besides their subject, which the earlier may
        # leave to its note's title ("Inspection: monthly." in "KestrelVac vacuum mattress"
        # against the schedule's row "KestrelVac mattress; How often: weekly (Monday)"), as
        # a correction or a later edition does (read with its title, above), and as a table's
        # row does against a decision saying from when it holds ("Day: Saturday; Close: 11pm"
        # of "Taproom opening hours" against "Agreed: from 1 May 2026 the taproom closes at
        # 10:30pm on Thursday, Friday and Saturday")
        old_words = old_read
        shared = len(old_words & (new_read if titled else new_words))
    return shared >= (ANCHORED_WORDS if anchored or keyed else SHARED_WORDS) and shared / len(old_words) >= (
        NAMED_SUBJECT if named or names_it or anchored else SAME_SUBJECT
    )


def _names_old_amount(new: str, old: str) -> bool:
    """``new`` says an amount ``old`` states is not the one ("is £145, not £135" of the price
    list's row "Charge: £135"): it names the earlier statement's value as the old one."""
    olds = set(_amounts(old).values())
    return any(set(_amounts(m.group(0)).values()) & olds for m in _NOT_AMOUNT.finditer(new))


def _is_row(text: str) -> bool:
    """A table row as ``units`` writes it ("Day: Saturday; Close: 11pm"): cells, the first
    labelled."""
    return "; " in text and ": " in text.split("; ", 1)[0]


_LINK = re.compile(r"\[\[([^\]|#]+)")
_LABELS = re.compile(r"(?:^|(?<=; ))[^:;]{1,40}: (?=[^;]*(?:;|$))")
_ABBREVIATION = re.compile(r"\b[A-Z]{2,5}\b")


@lru_cache(maxsize=4096)
def _cells_only(text: str) -> str:
    """A table row as ``units`` writes it ("Role: X; Name: Y") without its column names;
    any other text as it is."""
    if not _is_row(text):
        return text
    return _LABELS.sub("", text)


@lru_cache(maxsize=4096)
def _spelled_out(text: str, other: str) -> str:
    """``text`` with each abbreviation ("DSL") followed by the words ``other`` spells it
    with ("Designated Safeguarding Lead"), when it does."""
    found = []
    for m in _ABBREVIATION.finditer(text):
        letters = m.group(0)
        phrase = re.search(r"\b" + r"\s+".join(rf"{c}[a-z]+" for c in letters) + r"\b", other)
        if phrase is not None:
            found.append(phrase.group(0))
    return f"{text} ({', '.join(found)})" if found else text


_ROW_CELL = re.compile(r"^([^:;]{1,40}): ([^;]*);")  # a table row's first cell, as ``units`` writes it


def _same_row(new: str, old: str) -> bool:
    """Unless both are rows of tables with the same first column, true; if they are, whether
    they are the row of the same thing (its first cell)."""
    a, b = _ROW_CELL.match(new), _ROW_CELL.match(old)
    if a is None or b is None or a.group(1).strip().lower() != b.group(1).strip().lower():
        return True
    return " ".join(words(a.group(2).lower())) == " ".join(words(b.group(2).lower()))


def _names_the_row(new: str, old: str, stem: Callable[[str], str]) -> bool:
    """Unless ``old`` is a table's row, true; if it is, whether ``new`` says the thing it is
    the row of (a word of its first cell): "Full price: £18 (not £16)" replaces the row "Band:
    Full price; Price: £16", and "Concession: £13" does not, however much a correction's title
    ("ERRATUM — ticket prices") says of the table."""
    row = _ROW_CELL.match(old)
    if row is None:
        return True
    thing = content_words(row.group(2), stem)
    return not thing or bool(thing & content_words(new, stem))


def _links_to(newer: EntryView, older: EntryView) -> bool:
    """``newer`` links to ``older`` (by its title or its file's name)."""
    targets = {m.group(1).strip().lower().removesuffix(".md") for m in _LINK.finditer(newer.content)}
    if not targets:
        return False
    source = (older.source or "").lower().removesuffix(".md")
    stem = source.rsplit("/", 1)[-1]
    return older.title.strip().lower() in targets or source in targets or stem in targets


def corrects_note(newer: EntryView, older: EntryView) -> bool:
    """``newer`` is a correction of ``older``: titled so ("ERRATUM — digital click rates") and
    linking to it. It corrects the earlier note's subject, whatever names it leaves unsaid
    (the click rates of "Kairo DP-900 — click rates" are the Kairo's)."""
    return newer.id != older.id and _correction_title(newer.title) and _links_to(newer, older)


# what cites a note, ending where its title starts: one pattern for every title (a pattern
# per title was compiled at each title's first pair, and at 100,000 notes more titles come
# than any cache of patterns keeps)
_CITES_BEFORE = re.compile(_CITING + r"\Z")


def _cites(lowered: str, title: str) -> bool:
    """``lowered`` (a statement) cites the note titled ``title`` (lowercased): "see", "per",
    "following" … just before one of the places it says the title."""
    at = lowered.find(title)
    while at >= 0:
        if _CITES_BEFORE.search(lowered, 0, at):
            return True
        at = lowered.find(title, at + 1)
    return False


def _about(older: Passage, newer: Passage, stem: Callable[[str], str]) -> bool:
    """The earlier note is about the replaced rule: its title's words are in the two statements."""
    title = content_words(older.entry.title, stem)
    held = content_words(f"{older.unit.text} {newer.unit.text}", stem)
    return bool(title) and len(title & held) / len(title) >= NOTE_ABOUT


def supersede(
    ranked: Sequence[Passage],
    question: str,
    *,
    floor: float,
    stem: Callable[[str], str],
    replaced_note: float = SUPERSEDED_PENALTY,
    also: Sequence[Passage] = (),
    whole: Callable[[EntryView, EntryView], bool] = replaces_whole,
) -> list[Passage]:
    """``ranked`` (best first) with each statement a later note replaced ranked below the
    one that replaced it, which ranks at least where it stood and carries it (``replaces``).
    When the earlier note is about the replaced rule, all of it is demoted; when the later
    note says it replaces the earlier as a whole (``replaces_note``), by ``replaced_note`` (a
    quick answer states what holds: ``REPLACED_NOTE_PENALTY``; a report keeps the history).
    ``also``: statements of a change found past the relevance cut-off, compared wherever
    they rank (``evidence.PastTheCut.changes``). ``whole``: ``replaces_whole``, or one that
    keeps what it read (``WholeReplacements``)."""
    pool = [p for p in ranked[:POOL] if p.score >= floor - MARGIN]
    # (and the statements of a change looked for past the cut-off, ``also``, however many of
    # the answer's notes' passages outrank them: "DECISION: blade account moves to Northbank"
    # under forty lines of the saw doctor's log)
    pooled = {id(p) for p in pool}
    pool += [p for p in also if id(p) not in pooled and p.score >= floor - MARGIN]
    asked = content_words(question, stem)
    asks_name = bool(_ASKS_NAME.search(question))
    read = [_Statement.of(p) for p in pool]
    titles = sorted({t for r in read if len(t := r.title) >= TITLE_CHARS}, key=len, reverse=True)
    # only a statement of a change can replace, and only one not replaced yet and not itself
    # a replacing statement can be replaced: the pairs are read among those (in pool order)
    # or, from a note kept current (dated by its last update), one that states the subject's
    # value otherwise ("All training nights are Wednesdays, 19:00 start" in the 2026 calendar
    # against "every Tuesday at 19:30" in a 2024 note): it replaces only an earlier statement
    # whose value it changes, on the subject the question names (``_replaces``)
    entries = {p.entry.id: p.entry for p in pool}
    # a later edition of another note of the pool ("Trade price list 2026") replaces it as a whole
    editions = {i for i, e in entries.items() if any(later_edition(e, o) for o in entries.values())}
    # ... or a note on the subject of another of the pool, dated later ("Textile store
    # conditions" of "Textile store - RH"): only the later date tells, and it replaces only a
    # statement whose value it changes (as a note kept current does)
    later = {i for i, e in entries.items() if any(_later_on_subject(e, o) for o in entries.values())}
    changes = [
        k
        for k, p in enumerate(pool)
        if _states_change(p) or kept_current(p.entry) or p.entry.id in editions or p.entry.id in later
    ]
    # a statement that is a change only because of the note it stands in (a later version,
    # "This v2 replaces the 2023 procedure ([[hot-tub-procedure]])", or a note on the subject
    # of another dated later, ``later``) replaces only what the notes it replaces said: "Everything
    # else is the same: daily free chlorine 3–5 mg/l" of the hot tub's v2 replaces no other
    # note's chlorine target
    scoped = {k for k in changes if not _says_change(pool[k]) and not kept_current(pool[k].entry)}
    # ... or a rule saying what is allowed or forbidden: it replaces a rule it reverses
    rules = [k for k, p in enumerate(pool) if k not in changes and _ruling(p)]
    # ... or a row of a later roles table: it replaces an earlier one naming another holder
    holders = [k for k, r in enumerate(read) if r.said.role_held]
    olders = [j for j, p in enumerate(pool) if p.replaced_by is None and not read[j].said.replacing]
    # a list read under its lead-in, whose items are passages of their own, is replaced with
    # its items (below), not by another row: "Bar: Mon–Thu: …; Fri: …; Sat: …" is no one row
    joined = {j for j in olders if _holds_items(pool[j], pool)}
    pairs: dict[int, int] = {}  # older's position → newer's
    if (changes or rules or holders) and olders:
        for each in read:  # when each statement was made, read once
            each.day = _when(each.passage)
    for j in olders if changes or rules or holders else ():
        for k in holders:
            if _holder_changed(read[k], read[j], stem, asked) and (
                j not in pairs or _before(pool[k], pool[pairs[j]], pool[j])
            ):
                pairs[j] = k
        for k in rules:
            if _reversal(read[k], read[j], stem, asked) and (
                j not in pairs or _before(pool[k], pool[pairs[j]], pool[j])
            ):
                pairs[j] = k
        for k in changes:
            if corrects_note(pool[j].entry, pool[k].entry):
                continue  # a note never replaces its own correction ("ERRATUM — …" of it)
            if k in scoped and not (
                replaces_note(pool[k].entry, pool[j].entry) or _later_on_subject(pool[k].entry, pool[j].entry)
            ):
                continue
            if j in joined and _a_row(pool[k].unit.text):
                continue
            if _replaces(read[k], read[j], stem, asked, titles, asks_name=asks_name) and (
                j not in pairs or _before(pool[k], pool[pairs[j]], pool[j])
            ):
                pairs[j] = k
    # a note of the pool another says it replaces as a whole ("This supersedes the Northsound
    # arrangement"), whatever their statements say
    # (of every note ranked: the later note may share no word with the question, "Account
    # OW-5521 opened with Ostler Wheels" of "who do we get tyres off now")
    noted = {p.entry.id: p.entry for p in ranked}
    heirs = {i: e for i in noted for e in noted if e != i and whole(noted[e], noted[i])}
    gone = set(heirs)
    if not pairs and not gone:
        return list(ranked)
    out = {id(p): p for p in ranked}
    # a later note saying none of what was asked answers where the one it replaced stood:
    # its passages lifted together, its best just above the earlier's best
    best = {
        i: max((p.score for p in ranked if p.entry.id == i), default=0.0) for i in {*heirs, *heirs.values()}
    }
    lifts: dict[str, float] = {}
    for i, e in heirs.items():
        if best[e] < floor:
            lifts[e] = max(lifts.get(e, 0.0), best[i] + IN_FORCE_BONUS - best[e])
    for p in ranked:
        if lifts.get(p.entry.id, 0.0) > 0:
            out[id(p)] = replace(p, score=p.score + lifts[p.entry.id])
    stale: set[str] = set()  # notes about a rule since replaced
    for j, k in sorted(pairs.items(), key=lambda jk: -pool[jk[0]].score):
        older, newer = pool[j], out[id(pool[k])]
        if newer.replaces is None:
            out[id(pool[k])] = replace(
                newer, score=max(newer.score, older.score + IN_FORCE_BONUS), replaces=older
            )
        out[id(older)] = replace(older, score=older.score - SUPERSEDED_PENALTY, replaced_by=pool[k])
        if replaces_note(newer.entry, older.entry):
            gone.add(older.entry.id)
        elif _about(older, newer, stem):
            stale.add(older.entry.id)
    replaced = {id(pool[j]) for j in pairs}
    # a list read under its lead-in ("Clinic (…): Mon–Thu: …; Sat: 8:00am – 12:00 noon") holds
    # each item replaced ("Sat: 8:00am – 12:00 noon") and is replaced with it
    items = {(pool[j].entry.id, pool[j].unit.text) for j in pairs if _a_row(pool[j].unit.text)}
    for p in ranked:
        if p.entry.id in gone and id(p) not in replaced:
            # the rest of a note replaced as a whole answers only when nothing else does
            out[id(p)] = replace(p, score=p.score - replaced_note)
        elif id(p) not in replaced and (
            p.entry.id in stale
            or (
                out[id(p)].replaces is None
                and any(e == p.entry.id and t != p.unit.text and t in p.unit.text for e, t in items)
            )
        ):
            out[id(p)] = replace(p, score=p.score - SUPERSEDED_PENALTY)
    return sorted(out.values(), key=lambda p: p.score, reverse=True)


ROW_CHARS = 60  # a labelled statement this short is a row of a list or a table ("Sat: 09:00–13:00")


def _a_row(text: str) -> bool:
    """``text`` is a row: a table's (``_is_row``), or a short labelled line of a list."""
    return _is_row(text) or (len(text) <= ROW_CHARS and bool(_label(text)))


def _holds_items(passage: Passage, pool: Sequence[Passage]) -> bool:
    """``passage`` holds another passage of its note whole: a list read under its lead-in."""
    text, note = passage.unit.text, passage.entry.id
    return any(p.entry.id == note and p.unit.text != text and p.unit.text in text for p in pool)


def _before(one: Passage, other: Passage, older: Passage) -> bool:
    """Of two later statements replacing ``older``, ``one`` is the one in force: a
    correction of the earlier's note first (the erratum's figure, not a later note's
    surcharge that shares its words), then the better answer to the question."""
    correcting, others = corrects_note(one.entry, older.entry), corrects_note(other.entry, older.entry)
    return correcting > others if correcting != others else one.score > other.score


def _what(newer: Passage, older: Passage) -> str:
    """What the earlier statement said that the later one changed, unless the later one
    says it already ("instead of the previous 60%")."""
    replacing = _said(newer.unit.text).replacing
    before, after = _times(older.unit.text), _times(newer.unit.text)
    if not replacing and before and after and before - after:
        return ", ".join(sorted(before - after))  # ("Sun: 12:00 noon – 10:00pm" → "Sun: 12:00 noon – 9:00pm")
    amounts = [] if replacing else _amount_changed(newer, older)
    if amounts:
        return ", ".join(amounts[:2])
    # a value of another kind ("take the lower path from the lay-by …"), clipped: what the
    # later statement gives instead is its subject's, not the earlier's
    value = _restates_subject(_Statement.of(newer), _Statement.of(older), _unstemmed)
    if value:
        return f'"{value[:VALUE_SHOWN].rstrip()}{"…" if len(value) > VALUE_SHOWN else ""}"'
    return "" if replacing else _changed(newer, older)


VALUE_SHOWN = 80  # characters of a replaced value an answer quotes


def says_value_replaced(passage: Passage) -> bool:
    """``passage`` is a statement in force whose answer names the value it replaced ("15%
    (was 10%)" → "it replaced 10% (Group bookings policy, …)"), not only the note it
    followed: the reading of a change that names a value is the surer one."""
    older = passage.replaces
    return older is not None and bool(_what(passage, older))


def _new_number(value: str, older: EntryView) -> bool:
    """``value`` states a number the earlier note never does ("minimum label run is 1,000
    (was 500 …)" against the price list's "Minimum run: 500"): a number is a value too."""
    numbers = set(_NUMBER.findall(value))
    return bool(numbers) and bool(numbers - set(_NUMBER.findall(f"{older.title} {older.content}")))


def _unstemmed(word: str) -> str:
    return word


_NOT_UNITS = frozenset(
    "jan feb mar apr may jun jul aug sep oct nov dec st nd rd th and or to of in on at the am pm".split()
)


def _amounts(text: str, *, last: bool = False) -> dict[str, str]:
    """Each amount ``text`` states with its unit ("0.8 mg/l", "52%"), by unit: the first of
    each unit, or with ``last`` the last ("raised from 25% to 35%" says 35%)."""
    first, latest = _amounts_both(text)
    return latest if last else first


def _amounts_both(text: str) -> tuple[dict[str, str], dict[str, str]]:
    """``_amounts`` of ``text`` and ``_amounts`` with ``last``, from one pass over it."""
    first: dict[str, str] = {}
    latest: dict[str, str] = {}  # (a key keeps the place it was first given, as in ``first``)

    def said_as(key: str, value: str) -> None:
        if key not in first:
            first[key] = value
        latest[key] = value

    for m in _AMOUNT.finditer(text):
        said = m.group(0).strip()
        unit = (m.group("unit") or "").lower()
        key = unit.replace(" ", "") if unit and unit[:3] not in _NOT_UNITS else ""
        if key.startswith("°"):
            said = said.replace(" ", "")  # "4 °C" and "4°C" are one temperature
        if said[:1] in "£$€" and not key.startswith("/"):
            # "£45", "£10 a year", "£18 per spot": the currency is its unit ("£22/month" keeps its own)
            key = said[:1]
        if key:
            said_as(key, said)
    for m in _TIME.finditer(text):  # "06:30", "2pm": a time of day is an amount too
        said_as("time", _clock(m.group(0)))
    # "monthly" → "weekly (Monday)", "Tuesday evening" → "Wednesdays": how often, and on which
    # day, are values a later statement changes as it changes an amount
    for m in _OFTEN.finditer(text):
        said_as("often", _often(m.group(1)))
    for m in _WEEKDAY.finditer(text):  # "Wednesdays" and "wednesday" are the same day
        said_as("weekday", f"{m.group(1).capitalize()}day")
    if WAS_ASIDE.search(text):
        # "Full price: £18 (not £16)", "£45 (was £40)", "is £145, not £135": the value the aside
        # names is the old one
        latest.update(_amounts_both(WAS_ASIDE.sub(" ", text))[1])
    return first, latest


# an amount after a comma named as not the one: "Out-of-hours callout is £145, not £135."
_NOT_AMOUNT = re.compile(r",\s*not\s+[£$€]?\d[\d,.:]*(?:\s?(?:%|°\s?[cf]|[a-z]{1,3}\b))?", re.I)
# an aside naming what a value was: "(not £16)", "(was £40)", "(previously 500)", or the
# amount named as not the one (``_NOT_AMOUNT``)
_FORMERLY = r"was|were|previously|formerly|used to be"
WAS_ASIDE = re.compile(rf"\((?:not|{_FORMERLY})\b[^()]*\)|{_NOT_AMOUNT.pattern}", re.I)
# ... read for the value a statement changed from: "£59/t (was £64)", "Thursdays (previously
# Tuesdays)" (not "(was told …)": one value, read by ``_amounts``)
_WAS_VALUE = re.compile(rf"\((?:{_FORMERLY}|down from|up from)\s+([^()]{{1,40}})\)")
_VALUE_FIRST = re.compile(r"\s*[£$€]?\d")  # a clause that is the new value: "£59/tub", "9.0 bar"


_OFTEN = re.compile(
    r"\b(daily|weekly|fortnightly|monthly|quarterly|annually|yearly|(?:every|each) (?:day|week|fortnight|month|quarter|year)|"
    r"every (?:other|second|\d+|two|three|four|six) (?:days|weeks|months|years|day|week|month|year))\b",
    re.I,
)
_WEEKDAY = re.compile(r"\b(mon|tues|wednes|thurs|fri|satur|sun)days?\b", re.I)
# how often, one word per period: "every month", "each month" and "monthly" say the same
_PERIODS = {
    "day": "daily",
    "week": "weekly",
    "fortnight": "fortnightly",
    "month": "monthly",
    "quarter": "quarterly",
    "year": "annually",
}


def _often(said: str) -> str:
    """How often ``said`` (an ``_OFTEN`` match) says, as one word where it names one period."""
    said = said.lower()
    words = said.split()
    if len(words) == 2 and words[0] in ("every", "each") and words[1] in _PERIODS:
        return _PERIODS[words[1]]
    if said in ("every other week", "every two weeks", "every 2 weeks", "every second week"):
        return "fortnightly"
    return "annually" if said == "yearly" else said


def _clock(said: str) -> str:
    """A time of day as 24-hour hh:mm ("2pm" and "14:00" say the same)."""
    digits = re.match(r"(\d{1,2})(?::(\d\d))?", said)
    assert digits is not None
    hour, minute = int(digits.group(1)), int(digits.group(2) or 0)
    tail = said[digits.end() :].strip().lower()
    if tail.startswith("p") and hour < 12:
        hour += 12
    elif tail.startswith("a") and hour == 12:
        hour = 0
    return f"{hour:02d}:{minute:02d}"


def _times(text: str) -> frozenset[str]:
    """The times of day ``text`` states, as 24-hour hh:mm (``_clock``)."""
    return frozenset(_clock(m.group(0)) for m in _TIME.finditer(text))


# a code or a number standing as a row's value ("Brackenholme vehicle gate: 2958", "Lock:
# Brackenholme vehicle gate; Code: 4471"): not a year
_ROW_CODE = re.compile(r"(?<![\w.,£$€])(?!(?:19|20)\d\d\b)\d{3,}(?![\w.,%°])")


def gives_anew(newer: Passage, older: Passage) -> bool:
    """``newer`` stands in a later note on ``older``'s subject (``_later_on_subject``: "Padlocks
    — autumn" of "Padlock codes") and gives the thing ``older``'s row or label names another
    amount or code ("Brackenholme vehicle gate: 2958" of "Lock: Brackenholme vehicle gate;
    Code: 4471"): a candidate to replace it, however few of the question's words it says."""
    new, old = newer.unit.text, older.unit.text
    return (
        _same_label(new, old, exact=True)
        and (bool(_amount_changed(newer, older)) or _code_changed(new, old))
        and _later_on_subject(newer.entry, older.entry)
    )


def _code_changed(new: str, old: str) -> bool:
    """Both give the thing their label names a code (a number of three digits or more, no
    unit), and not the same ones: the padlock's code, a phone extension, a bay number."""
    after, before = set(_ROW_CODE.findall(_value_of(new))), set(_ROW_CODE.findall(_value_of(old)))
    return bool(after) and bool(before) and after != before


def _value_of(text: str) -> str:
    """What a row or a labelled line says of the thing it names: past its first cell or label."""
    row = _ROW_CELL.match(text)
    if row is not None:
        return text[row.end() :]
    label = _LABEL_OF.match(text)
    return text[label.end() :] if label is not None else ""


def _amount_changed(newer: Passage, older: Passage) -> list[str]:
    """The earlier statement's amounts the later one states otherwise, in the same unit."""
    before, after = _said(older.unit.text).amounts, _said(newer.unit.text).amounts_last
    return [v for u, v in before.items() if u in after and after[u] != v]


def _name_changed(newer: Passage, older: Passage, asked: frozenset[str], stem: Callable[[str], str]) -> bool:
    """Each statement names someone or something the other does not, and both say, in their
    own words, what the question asks about: "emergency repairs are handled by Greystone
    Response Ltd" against the later "From 1 October our out-of-hours emergency repairs are
    handled by Nightjar Property Services" (not the old supplier's "Contact: Huw Pennar",
    which says of the bottles only by its note's title)."""
    before, after = _names_of(older.unit.text), _names_of(newer.unit.text)
    if not (before - after and after - before):
        return False
    both = asked & content_words(newer.unit.text, stem) & content_words(older.unit.text, stem)
    # (what both say of it, not the names they share: "Vale Cars" in a note on its brake
    # parts and in its contract, "The Crooked Billet" in a round's day and a customer list)
    named = content_words(
        " ".join(_CAPITALISED_ANYWHERE.findall(f"{older.unit.text} {newer.unit.text}")), stem
    )
    return len(both - named) >= ASKED_SUBJECT


# a question asking who, or which firm: "Which contractor handles …", "who do we get … off"
_ASKS_NAME = re.compile(
    r"\b(?:who|whos|whom|whose)\b|\b(?:contractor|supplier|provider|company|firm|contact|engineer|agent)s?\b",
    re.I,
)
_CAPITALISED_ANYWHERE = re.compile(r"\b[A-Z][\w'’-]+")


def _corrects_amount(newer: Passage, older: Passage, stem: Callable[[str], str]) -> bool:
    """``newer``, of a note correcting ``older``'s (``corrects_note``), states in another
    amount what the earlier one states, on its subject (a word of it besides the amounts),
    and its note names the earlier amount as the wrong one ("£11,480 was LAST year's figure
    … The actual invoice for 2024/25 is £12,840 including IPT" against "Premium: £11,480
    including IPT"; not the "£5k excess" it says is right)."""
    old_numbers, new_numbers = set(_NUMBER.findall(older.unit.text)), set(_NUMBER.findall(newer.unit.text))
    named = newer.entry.content
    return (
        bool(new_numbers - old_numbers)
        and any(
            re.search(rf"(?<![\d.,]){re.escape(n)}(?![\d,]|\.\d)", named) for n in old_numbers - new_numbers
        )
        and bool(content_words(newer.unit.text, stem) & content_words(older.unit.text, stem))
        # (a table's row only by its own name: the concession's row is not the full price's)
        and _names_the_row(newer.unit.text, older.unit.text, stem)
    )


# what a rule allows, and what forbids: a later statement of the one reverses the other
# ("Drivers … may take the minibus home the night before" against a later "No vehicle is to
# be kept at a driver's home overnight")
# (in any case, "care workers MAY take a client", "Dogs allowed in two pods", "baiting is OK";
# but "may" only in lower case or capitals: "May was the best May" is a month)
_ALLOWS = re.compile(
    r"\b(?:(?-i:may|MAY)|can|allowed|permitted|welcome to|fine to|ok(?:ay)? to|"
    r"(?:is|are)\s+(?:now\s+)?(?:ok(?:ay)?|fine))\b",
    re.I,
)
_FORBIDS = re.compile(
    r"\b(?:no\s+(?:\w+\s+){0,4}(?:is|are)\s+to\s+be|(?:is|are)\s+not\s+to\s+be|not\s+(?:be\s+)?(?:allowed|permitted)|"
    r"must\s+not|mustn'?t|may\s+not|cannot|can'?t|no\s+longer|(?:is|are)\s+(?:now\s+)?(?:banned|prohibited|forbidden))\b|"
    # a sentence opening "No dogs in the glamping pods", "No knives past the counter"
    r"(?:^|[.:;!]\s+)no\s+(?!(?:one|more|need|longer|later|problem|worries|idea|change)\b)(?:\w+\s+){1,3}?"
    r"(?:in|on|at|inside|past|beyond|near|allowed|permitted|without)\b",
    re.I,
)


def _reversal(new: _Statement, old: _Statement, stem: Callable[[str], str], asked: frozenset[str]) -> bool:
    """``new`` is a later rule forbidding what ``old`` allowed, or allowing what it forbade,
    on the subject the question names (two of its words in both, each read with its note's
    title and section)."""
    newer, older = new.passage, old.passage
    if newer.entry.id == older.entry.id or new.day is None or (old.day is not None and new.day <= old.day):
        return False
    return (
        _reverses(newer, older)
        and len(
            asked
            & content_words(f"{newer.entry.title} {newer.unit.section} {newer.unit.text}", stem)
            & content_words(f"{older.entry.title} {older.unit.section} {older.unit.text}", stem)
        )
        >= ASKED_SUBJECT
        # ... and the two say it of the same thing ("take the minibus home the night before
        # an airport run" and "kept at a driver's home overnight … early airport runs"; not
        # "Youth theatre may do a piece" against "3 can't do afternoons")
        and len(content_words(newer.unit.text, stem) & content_words(older.unit.text, stem)) >= SHARED_WORDS
    )


# a later statement giving a role to someone: "The board appointed Priya Okonjo (Swim School
# Deputy) as Designated Safeguarding Lead", "Hattie Brindle is appointed health & safety lead
# from today", "Sam takes over as AI technician", "your routine AI technician will be Sam Ridley"
_ROLE = r"(?P<role>[A-Za-z][\w&'/ -]{2,60}?)"
_ROLE_END = (
    r"(?=\s+(?:from|with|for|until|as\s+of|starting|effective|on|in|at|and|but|while|after|when|replacing|"
    r"taking|today|now|immediately)\b|\s*[.;:,()!]|\s[-–—]\s|$)"
)
_HANDS_OVER = tuple(
    re.compile(pattern, re.I)
    for pattern in (
        r"\bappointed\s+(?:(?-i:[A-Z])[\w'-]*\s+){1,3}(?:\([^)]*\)\s+)?as\s+(?:(?:our|the|new)\s+)*"
        + _ROLE
        + _ROLE_END,
        r"\b(?:is|was|has\s+been|been|be)\s+(?:now\s+)?appointed\s+(?:as\s+)?(?:(?:our|the|new)\s+)*"
        + _ROLE
        + _ROLE_END,
        r"\b(?:takes?|taking|took|will\s+take)\s+over\s+as\s+(?:(?:our|the|new)\s+)*" + _ROLE + _ROLE_END,
        r"\b(?:our|the|your)\s+(?:new\s+)?" + _ROLE + r"\s+(?:will\s+be|is\s+now|becomes)\s+(?=(?-i:[A-Z]))",
        r"\b(?:is|becomes|will\s+be)\s+(?:now\s+)?(?:our|the)\s+new\s+" + _ROLE + _ROLE_END,
        # "Raymond Shiel is our loom mechanic from 1 July": the role from when it is held
        r"\b(?-i:[A-Z])[\w'’-]+\s+(?:is|will\s+be|becomes)\s+our\s+"
        + _ROLE
        + r"(?=\s+(?:from|as\s+of|starting|with\s+effect\s+from)\s+(?:the\s+)?(?:\d|"
        + _MONTH
        + r"|"
        + _WEEKDAY_WORD
        + r"|next|today|tomorrow))",
        # "… was elected to the committee and, at the committee meeting after the AGM, appointed
        # treasurer" (not "appointed a new roofer", nor "elected to the committee")
        r"\b(?:elected|appointed)\s+(?:as\s+)?(?:(?:our|the|new)\s+)*(?!(?:a|an|to|by|at|in|on|for|from|with|and|as)\b)"
        r"(?=(?-i:[a-z]))" + _ROLE + _ROLE_END,
    )
)


def _roles_given(text: str) -> list[str]:
    """The roles a statement gives to someone (``_HANDS_OVER``)."""
    return list(dict.fromkeys(m["role"] for pattern in _HANDS_OVER for m in pattern.finditer(text)))


# who holds a role, as a roles table's row reads ("Role: Infection control lead; Person: Kezia
# Amoah") or a label does ("Infection control lead: Bethan Howe — questions, …")
_ROLE_COLUMNS = frozenset({"role", "position", "job", "responsibility", "duty", "post"})
_PERSON_COLUMNS = frozenset({"person", "name", "who", "holder"})
_ROLE_NOUN = re.compile(
    r"\b(?:lead|officer|manager|marshal|aider|co-?ordinator|supervisor|secretary|treasurer|chair|technician|"
    r"keyholder|champion|rep|representative|deputy|head|warden|controller|captain|administrator)\b",
    re.I,
)
_PERSON = re.compile(r"^(?-i:[A-Z])[a-z'’-]+(?:\s+(?-i:[A-Z])[a-z'’-]+){0,2}(?=\s*(?:$|[—–(,;.-]))")
_LABELLED = re.compile(r"^\s*(?P<role>[^:;.!?\n]{3,40}):\s+(?P<person>.+)$")


def _role_held(text: str) -> tuple[str, str] | None:
    """(the role, the person) a statement says holds it, as a roles row or a label says it."""
    if "; " in text:
        cells = {
            k.strip().lower(): v.strip() for k, _, v in (c.partition(": ") for c in text.split("; ")) if v
        }
        role = next((v for k, v in cells.items() if k in _ROLE_COLUMNS), None)
        person = next((v for k, v in cells.items() if k in _PERSON_COLUMNS), None)
        if role and person and _PERSON.match(person):
            return role, person
        return None
    m = _LABELLED.match(text)
    if m and _ROLE_NOUN.search(m["role"]):
        named = _PERSON.match(m["person"])
        if named:
            return m["role"], named.group(0)
    return None


def _holder_changed(
    new: _Statement, old: _Statement, stem: Callable[[str], str], asked: frozenset[str]
) -> bool:
    """``new``, of a later note, says someone holds the role ``old`` says another holds
    ("Role: Infection control lead; Person: Kezia Amoah" in the 2025 handbook against the 2023
    procedure's "Infection control lead: Bethan Howe"), a role the question names."""
    if new.day is None or old.day is None or new.day <= old.day:
        return False
    now, before = new.said.role_held, old.said.role_held
    if now is None or before is None:
        return False
    role = content_words(now[0], stem)
    return (
        bool(role & asked)
        and role == content_words(before[0], stem)
        and now[1].lower() not in old.said.lowered
        and before[1].lower() not in new.said.lowered
    )


def _hands_over(new: _Statement, old: _Statement, stem: Callable[[str], str], asked: frozenset[str]) -> bool:
    """``new`` is a later statement giving the role the question asks about to someone, and
    ``old`` names someone else in that role (the role's words but one, two at least when it
    has them, read with its note's title and section; an abbreviation as the earlier spells
    it), one the question names."""
    newer, older = new.passage, old.passage
    if new.day is None or not new.said.roles_given:
        return False
    # (read again with an abbreviation spelled out as the earlier statement spells it)
    roles = _roles_given(_spelled_out(newer.unit.text, older.unit.text))
    old_read = content_words(f"{older.entry.title} {older.unit.section} {older.unit.text}", stem)
    for role in roles:
        words = content_words(role, stem)
        held = words & old_read
        if len(held) >= max(min(2, len(words)), len(words) - 1) and asked & held and _changed(newer, older):
            return True
    return False


# says itself what stops holding: "This supersedes …", "no longer", "instead of" (not "the
# replacement auto-belay units", "we replaced the hoist", what was done)
_NAMES_REPLACED = re.compile(
    r"\b(?:replaces|supersed(?:es|ing)|overrides|reverses|no longer|instead of)\b", re.I
)


def names_change(text: str) -> bool:
    """The statement names what it changes: a value changed from ("comes down from 31 to 29
    °C", "from today brine is 60° for 15 min (was 70 / 20)"), someone taken over from or
    appointed to a role, or what it says it replaces."""
    return bool(
        _said(text).changed_from
        or WAS_ASIDE.search(text)
        or _TAKES_OVER_FROM.search(text)
        or _roles_given(text)
        or _NAMES_REPLACED.search(_QUESTION.sub(" ", text))
        or _moves_to_name(text)
    )


# when a decision takes effect: "from Monday 23 Feb", "from 1 May 2026", "from the 2026
# season", "with immediate effect"
_TAKES_EFFECT = re.compile(
    rf"\b(?:from|starting|effective|as of|with effect from)\s+(?:{_WEEKDAY_WORD}\s+)?"
    rf"(?:the\s+)?(?:\d{{1,2}}(?:st|nd|rd|th)?\s+(?:of\s+)?{_MONTH}|{_MONTH}\s+\d{{1,2}}\b|(?:19|20)\d\d\b)|"
    r"\bfrom\s+the\s+(?:[\w-]+\s+){0,4}?(?:(?:19|20)\d\d|season|term)\b|"
    rf"\b(?:{_NEW_VALUE}|with effect from|effective from)\b",
    re.I,
)


# the words a question asks a value of a kind by: "25°C" answers "what temperature …", "£45"
# "how much is the fee" (a temperature's or a currency's unit by its first character)
_MONEY = ("price", "cost", "fee", "charge", "rate")
_VALUE_KINDS = {**_KIND_WORDS, "°": ("temperature", "temp"), "£": _MONEY, "$": _MONEY, "€": _MONEY}


def value_kinds(text: str) -> frozenset[str]:
    """The words naming the kinds of value ``text`` states ("25°C and 75% RH": temperature,
    temp)."""
    return frozenset(
        word for key in _said(text).amounts for word in _VALUE_KINDS.get(key, _VALUE_KINDS.get(key[:1], ()))
    )


def takes_effect(text: str) -> bool:
    """The statement names what it changes (``names_change``: a role given is one), or says
    from when it holds: "Agreed: from 1 May 2026 the taproom closes at 10:30pm on Thursday,
    Friday and Saturday" (a decision in minutes, saying nothing of the 11pm it replaces).
    "Aldermoor Marine agreed to hold two impellers" and "the replacement auto-belay units" say
    neither."""
    return names_change(text) or bool(_TAKES_EFFECT.search(text))


def _moves_to_name(text: str) -> bool:
    """The statement moves its subject to a name ("AGREED: diesel supply moves to Trentside
    Oils from 1 March."): what it moves away from is the earlier note's (``_moves_away``)."""
    moved = _MOVED_TO.search(text)
    return moved is not None and bool(_NAME.match(text, moved.end()))


# "Lead: Ellie Brabbs – took over from Kieran on 5 Aug", "Sam has taken over from Priya Shah":
# the later statement names who did it before
# (or what they did: "Josh takes over the monthly ladder inspections from Kieran")
_TAKES_OVER_FROM = re.compile(
    r"\bt(?:ook|akes?|aking|aken)\s+over\s+(?:(?:the|our|all)\s+[\w' -]{2,50}?\s+)?"
    r"from\s+(?P<name>(?-i:[A-Z])[\w'’-]+)(?:\s+(?-i:[A-Z])[\w'’-]+)?",
    re.I,
)


def _takes_over_from(
    new: _Statement, old: _Statement, stem: Callable[[str], str], asked: frozenset[str]
) -> bool:
    """``new`` is a later statement that someone took over from the person ``old`` names
    doing it ("Daily pool tests are done by Kieran Bell" of the 2023 procedure), and both
    say what the question asks ("who does the pool tests": pool, test), read with their
    note's title and section."""
    newer, older = new.passage, old.passage
    if new.day is None:
        return False
    m = _TAKES_OVER_FROM.search(newer.unit.text)
    if m is None or not re.search(rf"\b{re.escape(m['name'])}\b", older.unit.text):
        return False
    new_read = content_words(f"{newer.entry.title} {newer.unit.section} {newer.unit.text}", stem)
    old_read = content_words(f"{older.entry.title} {older.unit.section} {older.unit.text}", stem)
    return len(asked & new_read & old_read) >= ASKED_SUBJECT


# "moves to", "switched over to", "changing to": a decision moving its subject elsewhere
_MOVED_TO = re.compile(
    r"\b(?:mov(?:e|es|ed|ing)|switch(?:es|ed|ing)?|chang(?:e|es|ed|ing))\s+(?:over\s+)?to\s", re.I
)


def _moves_away(new: _Statement, old: _Statement, stem: Callable[[str], str], asked: frozenset[str]) -> bool:
    """``new`` is a later decision moving its subject to a name the earlier note never says
    ("AGREED: diesel supply moves to Trentside Oils from 1 March."), in a note that names
    the one ``old`` states ("Fenwick have put the price up again … Dev to ring Fenwick"),
    on what the question asks: it moves away from that one. (A note naming only the new
    one tells nothing of the old; one naming neither is about something else.)"""
    newer, older = new.passage, old.passage
    if new.day is None:
        return False
    moved = _MOVED_TO.search(newer.unit.text)
    if moved is None or _old_value(older.unit.text) is None:
        return False  # ("vans are now serviced at Harbour Road" moves nothing a label holds)
    earlier = older.entry.content.lower()
    going = [
        n
        for n in _NAME.findall(_CLAUSE.split(newer.unit.text[moved.end() :])[0])
        if n.split()[0].lower() not in earlier
    ]
    if not going:
        return False
    later = newer.entry.content.lower()
    leaving = [n for n in _NAME.findall(older.unit.text) if n.split()[0].lower() in later]
    if not leaving:
        return False
    new_read = content_words(f"{newer.unit.section} {newer.unit.text}", stem)
    old_read = content_words(f"{older.entry.title} {older.unit.section} {older.unit.text}", stem)
    return bool(asked & new_read & old_read)


@lru_cache(maxsize=4096)  # each statement is compared with every other of a question's
def _rules(text: str) -> tuple[bool, bool]:
    """Whether ``text`` forbids (``_FORBIDS``), and whether it allows (``_ALLOWS``)."""
    return bool(_FORBIDS.search(text)), bool(_ALLOWS.search(text))


def _ruling(passage: Passage) -> bool:
    """``passage`` says what is allowed or forbidden."""
    return any(_rules(passage.unit.text))


def _reverses(newer: Passage, older: Passage) -> bool:
    """``newer`` forbids where ``older`` allows, or allows where it forbids."""
    (new_forbids, new_allows), (old_forbids, old_allows) = _rules(newer.unit.text), _rules(older.unit.text)
    if new_forbids == old_forbids:
        return False
    return old_allows if new_forbids else new_allows


def _changed(newer: Passage, older: Passage) -> str:
    """What the later statement changed of the earlier: an amount of the same unit stated
    differently ("0.8 mg/l" → "0.65 mg/l"), or else a name stated instead of another."""
    old_said, new_said = _said(older.unit.text), _said(newer.unit.text)
    gone = _amount_changed(newer, older)
    if gone:
        return ", ".join(gone[:2])
    said_before, said_after = old_said.names, new_said.names
    lower_after, lower_before = new_said.lowered, old_said.lowered
    gone = [n for n in said_before if n.lower() not in lower_after]
    if gone and any(n.lower() not in lower_before for n in said_after):
        return ", ".join(sorted(gone)[:2])
    return ""


def statement(passage: Passage) -> str:
    """A passage as an answer says it: one in force with what it replaced and since when,
    one replaced with what replaced it."""
    text = passage.unit.text
    if passage.replaces is not None:
        older = passage.replaces
        since = _since(passage)
        old_day = date_of(older.entry)
        what = _what(passage, older)
        earlier = (
            f"{what} ({older.entry.title}{', ' + old_day if old_day else ''})"
            if what
            else (f"{older.entry.title}{', ' + old_day if old_day else ''}")
        )
        return f"{text.rstrip()} (in force{' since ' + since.isoformat() if since else ''}; it replaced {earlier})"
    if passage.replaced_by is not None:
        newer = passage.replaced_by
        since = _since(newer)
        return f"Superseded{' on ' + since.isoformat() if since else ''} by {newer.entry.title}: {text}"
    return text
