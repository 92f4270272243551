"""The passages that answer a question: a note is cut into units (sentences, list items,
table rows), each kept with its own context (the note's title, its section, a table row's
header, the sentence a "this" points back to), and scored against the question with the
embedder and the lexical index. Redundancy is removed (MMR). The same selection feeds the
offline answer and, as the sources it cites, the language model."""

from __future__ import annotations

import csv
import itertools
import math
import re
from collections import OrderedDict
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import date
from functools import lru_cache
from typing import Any

import numpy as np

from bot.knowledge.ingest import TITLE_LINE, stated_dates
from bot.research.citing import ASKS_DATE, ASKS_WHO, cited, points_to
from bot.research.days import MONTHS as _MONTHS
from bot.research.days import days_named, month_number, states_a_day
from bot.research.lexical import words
from bot.research.links import link_keys
from bot.research.names import (
    KeptTitleWords,
    Names,
    codes_in,
    common_words,
    numbers_another,
    numbers_asked,
    read_names,
    says_codes,
    unheld_codes,
    unheld_pairs,
    unheld_phrases,
)
from bot.research.passage_vectors import PassageVectors
from bot.research.relevance import focus
from bot.research.search import ANSWER_TYPES
from bot.research.supersession import (
    IN_FORCE_BONUS,
    REPLACED_NOTE_PENALTY,
    SUPERSEDED,
    WAS_ASIDE,
    WholeReplacements,
    content_words,
    corrects_note,
    gives_anew,
    later_edition,
    names_change,
    replaces_note,
    statement,
    supersede,
    takes_effect,
    value_kinds,
)
from bot.sources import Source, day_of, source_of, with_passages_first
from bot.text.addressed import without_instructions
from bot.text.terms import IRREGULAR_FORMS, OTHER_FORMS, STOPWORDS, query_terms
from storage.knowledge import EntryView
from storage.passages import PassageStore

# A passage scores cos(question, title + section + passage) + COVERAGE_WEIGHT · (share of
# the question's idf-weighted words it holds) + PRIOR_WEIGHT · (its note's relevance), less
# SHORT_PENALTY for a fragment. Chosen on the gold set (bench/README.md, Answers).
MAX_PASSAGES = 6
EDITION_LOOK = 5  # notes a best note's title is looked up in, for its later editions (``later_editions``)
BEYOND_NOTES = 10  # of the notes found past the cut-off, these are read for a change replacing the answer (≤ OUTSCORING_NOTES)
BEYOND_LOOK = 8  # ... in their best passages this many
BEYOND_ASKED = 0.5  # ... one saying at least this share of the question's words (with its section)
OUTSCORING_NOTES = 10  # of the notes found past the cut-off, these are read for a passage answering best
PASSAGE_FLOOR = 0.44  # below this a passage answers nothing (with an embedder)
LEX_PASSAGE_FLOOR = 0.30  # without one (no cosine term)
PASSAGE_RELATIVE = 0.60  # of the best passage's score, for passages of the best passage's note
OTHER_NOTE_RELATIVE = 0.85  # for passages of other notes: a second note must be nearly as good
IN_FORCE_RELATIVE = 0.75  # ... or a statement in force replacing one of the best note's
COVERAGE_WEIGHT = 0.4
PRIOR_WEIGHT = 0.2
SHORT_PENALTY = 0.2
SUPERSEDED_OVERLAP = 0.5  # of an earlier statement's words restated by a later "now … instead"
SUPERSEDED_PENALTY = 0.3
SECTION_BONUS = 0.08  # the question asks what the passage's section is about ("Cause", "Fix", "Decision")
DAY_BONUS = 0.1  # the passage states the calendar day the question names (``bot.research.days``)
LATEST_ROW_BONUS = 0.05  # of a note's dated table rows, the latest, when the question asks for the last one
SIBLING_PENALTY = 0.3  # the passage names another number of a numbered thing asked ("Grade 2" of "Grade 5")
# what a question word asks for, in the words notes use for their sections
_ASKS_FOR = {
    "why": ("cause", "reason", "root", "context", "problem", "why"),
    "caus": ("cause", "root"),
    "decid": ("decision", "outcome"),
    "decis": ("decision", "outcome"),
    "fix": ("fix", "resolution", "follow-up", "remediation"),
    "impact": ("impact",),
    "lost": ("impact",),
    "who": ("people", "owner", "deciders", "attendees", "team"),
    "when": ("timeline", "rollout", "milestones", "schedule"),
    "result": ("results", "outcome"),
}
# the passage holds the kind of thing the question asks for (a name, an amount, a date): with
# an embedder the meaning already says it (on the gold set a bonus cost facts), without one
# it is the only hint which sentence of an answering note answers
TYPE_BONUS = 0.0
LEX_TYPE_BONUS = 0.03
PLAIN_KIND_BONUS = (
    0.06  # with an embedder: a passage that plainly states the kind asked for (``plain_kinds``)
)
MMR_LAMBDA = 0.75
DUPLICATE = 0.85  # similarity at which a passage repeats one already chosen
SHORT_WORDS = 5  # a sentence shorter than this is read with the one before it
CURRENT_BONUS = 0.04  # a passage stating what replaced an older rule wins over the older one
TITLE_MAPS = 64  # wikilink title mappings kept (``Answerer.titles``), one per set of spaces read

_FRONT = re.compile(r"^---\n.*?\n---\n", re.S)
_HEADING = re.compile(r"^(#{1,6})\s+(.*)$")
_WIKILINK = re.compile(r"\[\[([^\]|#]+)(?:#[^\]|]*)?(?:\|([^\]]+))?\]\]")
# (not after a title, "Dr. Okafor", or a number's "No. 3", "no. 12")
_SENTENCE = re.compile(
    r"(?<=[.!?])(?<!\bMr\.)(?<!\bMrs\.)(?<!\bMs\.)(?<!\bDr\.)(?<!\bSt\.)(?<!\bvs\.)"
    r"(?<!\b[Nn]o\.(?=\s\d))\s+(?=[A-Z0-9\"'(\[*€$£])"
)
_INLINE_TAG = re.compile(r"(?<![\w/&])#(?=[A-Za-z][\w/-]*)[\w/-]+")
_LIST = re.compile(r"^\s*(?:[-*+]|\d+[.)])\s+")
_TITLE_WORD = re.compile(r"[^\W_]+")
_ROW = re.compile(r"^[^:;]{1,40}: [^;]*(?:; [^:;]{1,40}: [^;]*)+$")  # a table row as ``units`` writes it
_LIST_LABEL = re.compile(r"^([^:;]{2,40}): \S")  # "Saturday: 9:30 – 13:00"
# a line opening a message of a pasted chat: "[22/11/2024, 12:04] Hannah S:", "[09:02] Dai:",
# "22/11/2024, 12:04 - Dai:", "Tom Ashdown 17:12 heads up all", "**Kev** 09:14:"
_CHAT_STAMP = re.compile(
    r"^\s*(?:>\s*)?(?:\[[^\]\n]{3,30}\]\s*[^\s:][^:\n]{0,30}:\s"
    r"|\d{1,2}/\d{1,2}/\d{2,4},?\s+\d{1,2}:\d\d(?:\s?[aApP][mM])?\s+-\s+[^:\n]{1,30}:\s"
    r"|\*{0,2}[A-Z][\w'.-]*(?:\s[A-Z][\w'.-]*){0,2}\*{0,2}:?\s+\(?\[?\d{1,2}[:.]\d\d(?:\s?[aApP][mM])?\]?\)?:?(?:\s|$))"
)
# a line opening an entry of a log typed one dated line after another: "18/10 KIPPERS — from
# today brine is 60°", "2024-10-18 tank 3 leaking", "3 Oct: van back from Bogmuir"
_LOG_STAMP = re.compile(
    r"^\s*(?:\d{1,2}/\d{1,2}(?:/\d{2,4})?|\d{4}-\d\d-\d\d|"
    r"\d{1,2}(?:st|nd|rd|th)?\s+(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?)"
    r"(?=\s*[:,–—-]?\s+\S)",
    re.I,
)
BOLD_HEADING_WORDS = 4  # a line all in bold and ending in a colon heads what follows when this short
# a line all in bold, a colon inside or after it ("**Ashcombe:**", "**Kettlewick**:")
_WHOLLY_BOLD = re.compile(r"^(\*\*|__)[^*_\n]+?\1:?\s*$")
# "**Cherry picker:** …", and "**2. Metals room** – ironwork, copper alloy …" (a dash for the colon)
_BOLD_LABEL = re.compile(r"^\s*\*\*([^*:\n]{2,40}?)(?::\*\*|\*\*\s*(?::|[–—-](?=\s)))\s")
_RULE = re.compile(r"^\s*(?:-{3,}|\*{3,}|_{3,})\s*$")  # a horizontal rule
_TABLE_RULE = re.compile(r"^\s*\|?\s*:?-{2,}")
_REFERS_BACK = re.compile(
    r"^(?:it|its|this|that|these|those|they|their|them|he|she|his|her|there|so|then|"
    # a sentence opening with a connective continues the one before ("Without one, …")
    r"otherwise|however|but|instead|without (?:one|it|that|this)|if not|in that case|except)\b"
    # ... or with the other side of a threshold ("DECISION: gift wrap is free on purchases over
    # £20. Under £20 it's £1.50 per item.")
    r"|(?:under|over|above|below|less than|more than|fewer than|up to)\s+[£$€]?\d",
    re.I,
)
ANSWER_CHARS = 480  # a question in a note keeps its answer paragraph up to this length
NEST_CHARS = 120  # of an item over indented items, the words read as their section
LIST_ITEM_CHARS = 100  # a list read with the sentence over it has items this short (conditions, bids)
# "**Owner:** …", "Why it happened: …": a label opening a passage names it as a heading would
_LABEL = re.compile(r"^([A-Z][\w' ()/-]{1,40}?):\s")
_NUMBER = re.compile(
    r"\d|[€$£¥]|\b(?:one|two|three|four|five|six|seven|eight|nine|ten|twelve|dozen|hundred|thousand|half)\b",
    re.I,
)
_DATE = re.compile(
    rf"\b(?:{_MONTHS})\b|\b(?:19|20)\d\d\b|\b\d{{1,2}}:\d\d\b|\bq[1-4]\b|\b(?:mon|tues|wednes|thurs|fri|satur|sun)day\b",
    re.I,
)
_DURATION = re.compile(
    r"\b\d+(?:[.,]\d+)?\s*(?:s|secs?|seconds?|mins?|minutes?|h|hrs?|hours?|days?|weeks?|months?|years?)\b",
    re.I,
)
_PERSON = re.compile(
    r"\b[A-Z][a-zà-ÿ]+(?:[ -][A-Z][a-zà-ÿ]+)+\b|\b(?:by|owner|owns|leads?|led|decided|approved|signed|chair\w*)\b"
    # or one name inside a sentence ("As agreed, Ruth is hut supervisor", "If Tom's off"),
    # not a month's or a day's
    rf"|(?<=[a-z,;:(] )(?!(?i:{_MONTHS})\b|(?i:mon|tues|wednes|thurs|fri|satur|sun)day\b)[A-Z][a-zà-ÿ]{{2,}}\b"
)
_ASKS_WHERE = re.compile(r"\bwhere(?:'?s| is| are| do| does| did| should| can| would)\b(?! we up to)", re.I)
# a place said under its label ("**Where:** the three-tier shelf behind the main till")
_PLACE_LABEL = re.compile(r"^\W*(?:where|location|kept|stored|store|address)\W*:", re.I)
_PLACE = re.compile(
    rf"{_PLACE_LABEL.pattern}|"
    r"\b(?:behind|underneath|beneath|beside|next to|inside|opposite|on top of|at the back of|in the back of)\s",
    re.I,
)
_CAUSE = re.compile(
    r"\b(?:because|due to|caus\w*|reason\w*|root|led to|so that|why|since|after|overflow\w*|fail\w*)\b", re.I
)
# "how much", "when" as chat types them too ("hw many", "wen"): read alike by what a passage
# holding the answer looks like (``answer_types``) and what one plainly stating it says
# (``plain_kinds``)
_HOW = r"\b(?:how|hw|hows|how's)"
_WHEN = r"\b(?:when|wen|whens|when's)\b"
# what a question asks for, by its opening words, and what a passage holding it looks like
_ASKS_TYPE: tuple[tuple[re.Pattern[str], re.Pattern[str]], ...] = (
    (ASKS_WHO, _PERSON),
    (
        re.compile(
            rf"{_HOW}\s+(?:much|many)\b|\bhow (?:fast|big|large|often|far|old|high|low|expensive|heavy|deep)\b|"
            r"\bwhat (?:percentage|share|amount|number|price|fee|cost|limit|threshold)\b",
            re.I,
        ),
        _NUMBER,
    ),
    (re.compile(r"\bhow long\b|\bduration\b", re.I), _DURATION),
    (
        re.compile(rf"{_WHEN}|\bwhat (?:date|day|time|year|month)\b|\bdeadline\b", re.I),
        _DATE,
    ),
    (
        re.compile(
            r"\bwhy\b|\by (?:did|was|were|is|are|do|does)\b|\bwhat (?:caused|broke|went wrong)\b|\broot cause\b",
            re.I,
        ),
        _CAUSE,
    ),
    # "where do we keep …", "where's the …": a place, labelled or said by where it is
    (_ASKS_WHERE, _PLACE),
)
# a question asking whether, not what
_YES_NO = re.compile(
    r"\s*(?:do|does|did|is|are|was|were|can|could|should|will|would|have|has|may|must)\b", re.I
)
# ... and, of a question typed as keywords that asks none of those, the word naming what it
# asks for ("mast site yearly rent", "van MOT due date", "crane derating reason", "chief
# projectionist name"; not the contact's number or email)
_KEYWORD_TYPE: tuple[tuple[re.Pattern[str], re.Pattern[str]], ...] = (
    (
        re.compile(
            r"\b(?:price|prices|fee|fees|cost|costs|charge|charges|rate|rates|rent|amount|total|balance|"
            r"budget|limit|headcount|count|capacity|payload|load|swl|pressure|temperature|setpoint|depth|"
            r"weight|height|volume|speed|level|ratio|frequency|period|max|maximum|minimum|percentage|percent|"
            r"markup|float|deposit|allowance|excess|quota|ppm|db|number|phone|mobile|tel|per)\b|%",
            re.I,
        ),
        _NUMBER,
    ),
    (re.compile(r"\b(?:date|dates|expiry|renewal)\b|\bnext due\b", re.I), _DATE),
    (re.compile(r"\b(?:cause|causes|caused|causing|reason)\b", re.I), _CAUSE),
    (
        re.compile(
            r"^(?!.*\b(?:number|phone|mobile|tel|email|e-mail|address)\b).*\b(?:name|contact|person|rep|"
            r"coordinator|organiser|organizer|lead|leader|manager|officer|engineer|technician|contractor|owner|"
            r"driver|aider|marshal|mentor|supervisor|chair|secretary|treasurer|key ?holder|landowner|locum)\b",
            re.I,
        ),
        _PERSON,
    ),
)
_CURRENT = re.compile(
    r"\b(?:instead of|now|no longer|replac\w*|supersed\w*|revis\w*|from now on|as of|updated?|changed? to)\b",
    re.I,
)
_CURRENT_SECTION = re.compile(r"\b(?:revision|revised|update|amendment|change|current)\b", re.I)


@dataclass(frozen=True, slots=True)  # slots: thousands are kept (``Scorer.cut``)
class Unit:
    """One answerable piece of a note, with what it needs to be read alone."""

    text: str  # as shown: wikilinks as titles, a table row with its header
    section: str
    index: int  # position in the note
    pointer: bool = False  # the line only points elsewhere ("See [[x]] and [[y]].", a bare URL)
    block: int = -1  # the paragraph or list item it was cut from (a table row: none)


@dataclass(frozen=True)
class Passage:
    entry: EntryView
    unit: Unit
    score: float
    typed: float = 0.0  # of the score, what the passage got for holding what the question asks for
    # a later statement in another note that replaced this one, or the earlier one this
    # replaced (``bot/research/supersession.py``)
    replaced_by: Passage | None = None
    replaces: Passage | None = None

    @property
    def short_id(self) -> str:
        return self.entry.id[:8]


def _clean_inline(text: str, titles: Mapping[str, str]) -> str:
    def link(match: re.Match[str]) -> str:
        target, alias = match.group(1).strip(), match.group(2)
        if alias:
            return alias.strip()
        return titles.get(
            target.lower(), target.replace("-", " ") if "-" in target and " " not in target else target
        )

    text = _WIKILINK.sub(link, text)
    text = _INLINE_TAG.sub("", text)
    text = text.replace("**", "").replace("__", "")
    return " ".join(text.split())


def _cells(line: str) -> list[str]:
    return [c.strip() for c in line.strip().strip("|").split("|")]


# a table typed with spaces ("Software   Seats  Type  …" over "Enscape   3   subscription  …"):
# cells parted by two spaces or more; a price list with dot leaders ("Director ...... £95")
_GAP = re.compile(r"\s{2,}|\t+")
# (a label's decimal point is no leader: "Tanhouse Dry 6.2% ........ 75cl £7.25")
# ("Brackenholme vehicle gate ..... 2958"; two dots between spaces before a figure, "gate .. 2958",
# only on a line not indented: under a list item such a line is the item's words)
_LEADER = re.compile(
    r"^(?:(?=\S)|(?=.*\.{3}))\s*(?P<label>(?:[^.|:]|\.(?=\d)){2,40}?)"
    r"(?:\s*\.{3,}\s*|\s+\.\.\s+(?=[£$€\d]))(?P<value>\S.{0,60})$"
)
ALIGNED_ROWS = 2  # a table typed with spaces has at least a header and this many rows
ALIGNED_CELLS = 3  # ... of at least this many cells (two could be any indented pair of words)
HEADER_CHARS = 40  # a column name is at most this long
CAPTION_CHARS = 80  # a line just over a table typed with spaces, this short, names it
LABELLED_LINES = 3  # lines of a label, spaces and a value, one after another: a list of them
LABEL_CHARS = 25  # ... each label this short


def _pipe_table(header: Sequence[str], rows: Iterable[Sequence[str]]) -> list[str]:
    """A table written as a pipe table, its header ruled: as ``units`` reads one."""
    out = ["| " + " | ".join(header) + " |", "| " + " | ".join("---" for _ in header) + " |"]
    return out + ["| " + " | ".join(cells) + " |" for cells in rows]


def _table_rule(line: str) -> bool:
    """``line`` (a line of bars) is the rule under a pipe table's header ("|---|:--:|")."""
    bare = line.replace("|", "").strip()
    return bool(_TABLE_RULE.match(line.replace("|", " ").strip())) or bool(bare and set(bare) <= set("-: "))


def _aligned_tables(lines: list[str]) -> list[str]:
    """``lines`` with each table typed in spaces written as a pipe table, and each dot-leader
    line ("Director ............ £95") as a list item ("- Director: £95"): so that each row is
    read as a row (``units``), not the block as one paragraph."""
    out: list[str] = []
    k = 0
    while k < len(lines):
        leader = _LEADER.match(lines[k])
        if leader and not _LIST.match(lines[k]):
            out.append(f"- {leader['label'].strip()}: {leader['value'].strip()}")
            k += 1
            continue
        labelled = _labelled_items(lines, k)
        if labelled:
            out += labelled
            k += len(labelled)
            continue
        end = k
        while end < len(lines) and _aligned_row(lines[end]):
            end += 1
        header = _GAP.split(lines[k].strip()) if end > k else []
        # a header is column names, not sentences typed with two spaces after each stop
        labels = all(len(h) <= HEADER_CHARS and not h.endswith((".", "!", "?")) for h in header)
        pairs = [_labelled_pair(line) for line in lines[k:end]]
        if end - k >= LABELLED_LINES and all(pairs):
            # a label and its value a line, typed with spaces between ("Fri      07:30–17:00"
            # over "Sat      09:00–13:00"): each line a list item
            out += [f"- {pair[0]}: {pair[1]}" for pair in pairs if pair]
            k = end
            continue
        if end - k <= ALIGNED_ROWS or len(header) < ALIGNED_CELLS or not labels:
            out.append(lines[k])
            k += 1
            continue
        if any(c.isdigit() for c in header[0]):
            # no column names: its first cell is a row's, numbered ("Van 1   Dean Pollard
            # leaves 05:10   town centre"; a column's name is "SERVICE", "Stop"): each line a
            # row of its own
            out += ["- " + ", ".join(_GAP.split(line.strip())) for line in lines[k:end]]
        else:
            caption = out[-1].strip() if k and out and out[-1] == lines[k - 1] else ""
            if caption and len(caption) <= CAPTION_CHARS and not caption.endswith((".", ":", "?")):
                out[-1] = f"#### {caption}"  # "VAN 2 - schools + hotels" over its stops: each row's
            rows = []
            for line in lines[k + 1 : end]:
                cells = _GAP.split(line.strip())
                if len(cells) > len(header):  # a long last cell holding two spaces
                    cells = [*cells[: len(header) - 1], "  ".join(cells[len(header) - 1 :])]
                rows.append(cells)
            out += _pipe_table(header, rows)
        k = end
    return out


# a table pasted from a spreadsheet as CSV: a header of column names joined by bare commas
# ("driver,dqc_expiry,hours_done,next_course,notes"), then rows ("Wendy Oakes,2026-03-09,21,,")
CSV_CELLS = 3  # ... of at least this many columns (two could be any "a,b" in prose)
CSV_ROWS = 2  # ... and at least this many rows


def _csv_cells(line: str) -> list[str]:
    return next(csv.reader([line.strip()]), [])


def _csv_tables(lines: list[str]) -> list[str]:
    """``lines`` with each table pasted as CSV written as a pipe table (its column names as
    people say them, "dqc expiry"): each row is read as a row (``units``), not the block as
    one paragraph of commas."""
    out: list[str] = []
    k = 0
    while k < len(lines):
        line = lines[k].strip()
        plain = line.count(",") >= CSV_CELLS - 1 and ", " not in line and not _LIST.match(line)
        header = _csv_cells(line) if plain else []
        # column names, each with a letter: not "£1,186,400" or a list of numbers
        names = len(header) >= CSV_CELLS and all(
            any(c.isalpha() for c in h)
            and len(h) <= HEADER_CHARS
            and not h.endswith((".", "!", "?"))
            and "|" not in h
            for h in header
        )
        rows: list[list[str]] = []
        end = k + 1
        while names and end < len(lines) and lines[end].strip() and "|" not in lines[end]:
            cells = _csv_cells(lines[end])
            if len(cells) < len(header) - 1:
                break
            if len(cells) > len(header):  # a comma inside the last cell, unquoted
                cells = [*cells[: len(header) - 1], ",".join(cells[len(header) - 1 :])]
            rows.append(cells)
            end += 1
        if len(rows) < CSV_ROWS:
            out.append(lines[k])
            k += 1
            continue
        out += _pipe_table(
            [h.strip().replace("_", " ") for h in header], [[c.strip() for c in r] for r in rows]
        )
        k = end
    return out


# a table typed with bars but no outer bars and no rule under its header ("Tank | Capacity |
# Type" over "T6 | 1,600 L | stainless"): at least a header and this many rows of 3+ cells
BARE_ROWS = 2
_BARE_ROW = re.compile(r"^(?![\s>|`#*-])[^|]+(?:\|[^|]*){2,}$")


def _column_names(cells: Sequence[str]) -> bool:
    """``cells`` (a table's first row) name columns: short, no figures, no sentences ("Dance |
    Class | No. | Source"), not a record ("Lorry 1 | 18 t flatbed | reg KS68 FLT")."""
    # (a rota's corner is empty: "| | Mon | Tue | Wed |" over "| AM | Bev | Sanjay | Bev |")
    named = cells[1:] if len(cells) > 2 and not cells[0] else cells
    return all(
        c
        and len(c) <= HEADER_CHARS
        and not any(ch.isdigit() or ch == ":" for ch in c)
        and not (c.endswith((".", "!", "?")) and len(c.split()) > 2)  # ("No." is a column's name)
        for c in named
    )


def _bare_pipe_tables(lines: list[str]) -> list[str]:
    """``lines`` with each table typed with inner bars only written as a pipe table, so that
    each row is read as a row (``units``), not the block as one paragraph; a block of such
    lines under no column names ("Mon: RP Ruth | FS Daniel | …") as one list item a line."""
    out: list[str] = []
    k = 0
    while k < len(lines):
        end = k
        while end < len(lines) and _BARE_ROW.match(lines[end].rstrip()):
            end += 1
        if end - k <= BARE_ROWS:
            out.append(lines[k])
            k += 1
            continue
        header = _cells(lines[k])
        if _column_names(header):
            out += _pipe_table(header, [_cells(line) for line in lines[k + 1 : end]])
        else:
            out += ["- " + "; ".join(c for c in _cells(line) if c) for line in lines[k:end]]
        k = end
    return out


# a line typed as a heading ("P2304 St Aldric's CE Primary — CW/SF/TA") is this short
PLAIN_HEADING_WORDS = 10


def _plain_heading(before: str, line: str, after: str) -> str | None:
    """``line`` as the heading it is, typed plainly, of what follows it: a short line standing
    first after a blank line, without a full stop, over a line of body text ("Status: tender
    returns received 10 Jan.", a list item, a row, a sentence) — in minutes, the item's name
    over its lines. Not the first line of a sentence wrapped ("We agreed the new\nsupplier
    …"), not a label or a chat message, and not one of a stack of short lines. None when
    it is no heading."""
    text, below = line.strip().strip("*_").strip(), after.strip()
    if _WHOLLY_BOLD.match(line) and "(" not in text and len(text.split()) <= BOLD_HEADING_WORDS:
        # "**Ashcombe:**" over the site's list: its heading (not "**Investigation (Owen /
        # Marek, 9-10 July):**", a sentence over the list it introduces)
        text = text.removesuffix(":").strip()
    if (before.strip() and not _RULE.match(before)) or not text or not below or line[:1].isspace():
        return None
    if len(text.split()) > PLAIN_HEADING_WORDS or text.endswith((".", "!", "?", ":", ";", ",")):
        return None
    if not (text[0].isupper() or text[0].isdigit()) or text.split()[-1].lower() in STOPWORDS:
        return None
    if _LABEL.match(text) or _CHAT_STAMP.match(line) or _LIST.match(line) or text.startswith(("|", ">", "[")):
        return None
    if below[0].islower():
        return None  # the rest of a sentence
    body = (
        _LABEL.match(below)
        or _LIST.match(after)
        or below.startswith("|")
        or below.endswith((".", "!", "?", ":"))
        or len(below.split()) > PLAIN_HEADING_WORDS
    )
    return text if body else None


def _labelled_pair(text: str) -> list[str] | None:
    """``text`` as a short label and its value typed with spaces between ("Sat      09:00–13:00"),
    else None."""
    cells = _GAP.split(text.strip())
    if len(cells) == 2 and len(cells[0]) <= LABEL_CHARS and not cells[0].endswith((".", "!", "?", ",", ":")):
        return cells
    return None


def _labelled_items(lines: Sequence[str], k: int) -> list[str]:
    """From ``lines[k]``, a run of list items each a label and its value typed with spaces
    between ("- Fri       7:30am – 6:00pm" over "- Sat       8:00am – 12:00 noon"), written
    "- Fri: 7:30am – 6:00pm": each item is labelled as a colon would label it. Empty when
    fewer than ``LABELLED_LINES`` items start there."""
    run: list[str] = []
    for line in lines[k:]:
        pair = _labelled_pair(_LIST.sub("", line)) if _LIST.match(line) else None
        if pair is None:
            break
        run.append(f"{line[: len(line) - len(line.lstrip())]}- {pair[0]}: {pair[1]}")
    return run if len(run) >= LABELLED_LINES else []


def _aligned_row(line: str) -> bool:
    """A line of a table typed with spaces: two cells or more, no pipe, no list marker."""
    text = line.strip()
    return bool(text) and "|" not in text and not _LIST.match(line) and len(_GAP.split(text)) >= 2


# a pasted or forwarded email's headers: who wrote to whom, and when, is about the note, and
# no answer ("---------- Forwarded message ---------", "From: Food Safety Team <…>", "Date: …")
_MAIL_BANNER = re.compile(r"^\W*-{2,}\s*(?:forwarded message|original message)\s*-{2,}\W*$", re.I)
_MAIL_HEADER = re.compile(r"^\W{0,3}(from|sent|date|to|cc|bcc|subject|reply-to)\W{0,3}:\s*\S", re.I)
MAIL_HEADERS = 2  # a run of at least this many header lines, one of them "From:", is an email's head


_ADDRESS = re.compile(r"<[^>]*>|\S+@\S+")


def _sender(value: str) -> str:
    """The name of an email's "From:" value ("Fiona Hartley <fiona@…>" → "Fiona Hartley"),
    "" for an address alone."""
    return " ".join(_ADDRESS.sub(" ", value).replace('"', " ").split())


def _without_mail_headers(lines: list[str]) -> list[str]:
    """``lines`` without an email's banner and header lines; its "Subject:" heads what follows
    (says what it is about), and the "I" opening its sentences is its sender ("I am the claims
    handler for this claim" read as "Fiona Hartley is the claims handler …")."""
    out: list[str] = []
    sender, quoted = "", False  # of the email the lines are in, when its "From:" names someone
    k = 0
    while k < len(lines):
        end = k + 1 if _MAIL_BANNER.match(lines[k]) else k
        fields: list[tuple[str, str]] = []  # (field, value) of each header line in a row
        while end + len(fields) < len(lines) and (field := _MAIL_HEADER.match(lines[end + len(fields)])):
            fields.append((field.group(1).lower(), lines[end + len(fields)].split(":", 1)[1].strip(" *_")))
        if len(fields) >= MAIL_HEADERS and any(f == "from" for f, _ in fields):
            # (its subject heads what follows, as a section's heading does)
            out.extend(f"## {value}" for f, value in fields if f == "subject")
            out.append("")
            sender = next(_sender(value) for f, value in fields if f == "from")
            k = end + len(fields)
            # (a quoted email ends at the first line not quoted: the forwarder's own words)
            quoted = next((line.lstrip().startswith(">") for line in lines[k:] if line.strip(" >")), False)
        elif end > k:
            k = end  # a banner over no headers
        else:
            if sender and quoted and lines[k].strip() and not lines[k].lstrip().startswith(">"):
                sender = ""
            out.append(_said_by(lines[k], sender) if sender else lines[k])
            k += 1
    return out


# a note's own field written in its text near the top, front matter without the fences
# ("date: 2023-08-21", "Tags: shop, hours")
_META_LINE = re.compile(
    rf"^\s*(?:(?:date|created|updated|last updated|tags)\s*:\s*\S.{{0,40}}|{TITLE_LINE.pattern}|"
    # a byline: "Updated 2 April 2025 — DA", "Last updated 3/5/24 by Jo"
    r"[*_]*(?:last\s+)?(?:updated|revised|reviewed)\s+(?:on\s+)?\d{1,2}(?:st|nd|rd|th)?[\s/.-]+\w+[\s/.-]+\d{2,4}"
    r"[*_]*(?:\s*(?:[-–—,]|by)\s*[\w .]{1,30})?)$",
    re.I,
)
META_LINES = 6


def units(content: str, titles: Mapping[str, str] | None = None) -> list[Unit]:
    """A note cut into sentences, list items and table rows, each with its section; a
    sentence that opens by pointing back ("This…", "It…") keeps the one before it."""
    titles = titles or {}
    out: list[Unit] = []
    section = ""
    header: list[str] | None = None
    paragraph: list[str] = []

    blocks = 0
    continued = False  # the paragraph continues the list item before it (an indented line)
    # a sentence ending in ":" over a list ("Apprentices may drive a company van on their own
    # if all of these are true:"): its items are read with it, as its reader reads them
    over: int | None = None
    item = False  # the paragraph is a list item (read once the lines it wraps onto are in)
    # the bold label opening the paragraph over a list ("**Cherry picker:** we don't own one.
    # Hire by the day from …" over "- £285 + VAT per day"): what its items are about
    label: str | None = None
    # an item ending in ":" over items indented under it ("6. **Chaperones** — … AGREED:" over
    # "   - the offer is recorded in Clinicbook with the code CHP …"): its indent and its words,
    # what the items under it are about, as a heading would say
    nest: tuple[int, str] | None = None
    item_indent = 0

    def flush() -> None:
        nonlocal blocks, continued, over, item, nest
        was_item, item = item, False
        start = len(out)
        if not continued:
            blocks += 1
        continued = False
        block = blocks
        raw = " ".join(paragraph)
        text = _clean_inline(raw, titles)
        pointer = points_elsewhere(raw)
        paragraph.clear()
        pieces: list[str] = []
        asked: int | None = None  # the piece that is a question being answered
        lead = ""  # a fragment opening the paragraph ("Option 2.") is read with what follows
        for sentence in _SENTENCE.split(text):
            sentence = sentence.strip()
            if not sentence:
                continue
            if not pieces and len(sentence.split()) < SHORT_WORDS and not sentence.endswith("?"):
                lead = f"{lead} {sentence}".strip()
                continue
            if lead:
                sentence, lead = f"{lead} {sentence}", ""
            if pieces and (
                len(sentence.split()) < SHORT_WORDS  # "Rejected for analytics." belongs to the one before
                # a question keeps its whole answer ("Do I pay? Report it … Without a report, …")
                or (asked is not None and len(pieces[-1]) + len(sentence) <= ANSWER_CHARS)
                or _REFERS_BACK.match(sentence)  # "This…", "It…": keep what it points at
                # an aside left open ("(LOLER … for people? — no. Annual exam …) done by …")
                or pieces[-1].count("(") > pieces[-1].count(")")
            ):
                pieces[-1] = f"{pieces[-1]} {sentence}"
            else:
                pieces.append(sentence)
                asked = None
            if sentence.endswith("?") and asked is None:
                asked = len(pieces) - 1
        if lead:
            pieces.append(lead)
        of = label if was_item and label else section
        if was_item and nest is not None and item_indent > nest[0]:
            of = nest[1]
        for piece in pieces:
            if len(piece) >= 12:
                out.append(Unit(piece, of, len(out), pointer, block))
        made = out[start:]
        if not made:
            return
        if not was_item:
            nest = None  # (a paragraph ends the list)
        elif made[-1].text.endswith(":") and (nest is None or item_indent <= nest[0]):
            nest = (item_indent, " ".join(u.text for u in made).rstrip(":").strip()[:NEST_CHARS])
        if not was_item:
            over = len(out) - 1 if made[-1].text.endswith(":") else None
        elif over is not None and (len(made) > 1 or len(made[0].text) > LIST_ITEM_CHARS):
            over = None  # items that are paragraphs of their own (a bulletin's) are no one sentence's list
        elif over is not None and "[[" not in raw:  # (an item sending the reader elsewhere stays its own)
            head, said = out[over], " ".join(u.text for u in made)
            if head.text.endswith(":"):
                opening = _SENTENCE.split(head.text)
                if len(opening) > 1:
                    # "Inspection: monthly. Check:" — the list is the last sentence's, read
                    # with it as a passage of its own where the list starts
                    lead_in = Unit(opening[-1], head.section, start, head.pointer, head.block)
                    out.insert(start, lead_in)
                    out[start + 1 :] = [replace(u, index=u.index + 1) for u in out[start + 1 :]]
                    over, head = start, lead_in
                joined = f"{head.text} {said}"
            else:
                joined = f"{head.text}{' ' if head.text.endswith(('.', ';', '!', '?')) else '; '}{said}"
            if len(joined) <= ANSWER_CHARS:
                out[over] = replace(out[over], text=joined)
            else:
                over = None

    lines = _aligned_tables(
        _csv_tables(_bare_pipe_tables(_without_mail_headers(_FRONT.sub("", content).splitlines())))
    )
    for k, raw in enumerate(lines):
        # a line telling an AI reader what to say is data about the note, never a statement
        line = without_instructions(raw.rstrip())
        if not line.strip() and raw.strip():
            continue  # all of it spoke to the assistant: not a paragraph break either
        if item:
            last = paragraph[-1].rstrip()
            if (
                _WRAPPED.match(line)
                and len(last) >= WRAP_CHARS
                and not last.endswith((".", "!", "?", ":", ";"))
            ):
                # the item's sentence goes on: "… Ffion Hale (junior" / "coach) as …"
                paragraph.append(line.strip())
                continue
            flush()
        heading = _HEADING.match(line)
        if heading:
            flush()
            section = _clean_inline(heading.group(2), titles)
            header, over, label, nest = None, None, None, None
            continue
        if _RULE.match(line):  # a horizontal rule ("---") parts paragraphs as a blank line does
            flush()
            continue
        plain = (
            None
            if paragraph
            else _plain_heading(lines[k - 1] if k else "", line, lines[k + 1] if k + 1 < len(lines) else "")
        )
        if plain is not None:
            section = _clean_inline(plain, titles)
            header, label, nest = None, None, None
            continue
        if line.lstrip().startswith("|"):
            flush()
            over, label = None, None
            if _table_rule(line):
                continue
            cells = [_clean_inline(c, titles) for c in _cells(line)]
            if header is None:
                following = lines[k + 1] if k + 1 < len(lines) else ""
                ruled = following.lstrip().startswith("|") and _table_rule(following)
                if ruled or _column_names(cells) or not any(cells):
                    header = cells  # (a header of empty cells, "| | |": each row's first cell labels it)
                    continue
                # no rule under it and no column names: a record, as each row under it
                # ("| Lorry 2 | 18 t flatbed | reg KS21 HAB | … | LOLER due 14/08/2025 |")
                header = ["" for _ in cells]
            if not any(header) and len(cells) > 1:
                pairs = [f"{cells[0]}: {'; '.join(c for c in cells[1:] if c)}"] if any(cells[1:]) else []
            elif not header[0] and cells[0] and len(cells) > 1:
                # under an empty corner the first cell names the row: "PM 13:30–20:15 — Mon: Sanjay; …"
                said = [f"{h}: {c}" for h, c in zip(header[1:], cells[1:], strict=False) if c]
                pairs = [f"{cells[0]} — {'; '.join(said)}"] if said else []
            else:
                pairs = [f"{h}: {c}" for h, c in zip(header, cells, strict=False) if c]
            if pairs:
                out.append(Unit("; ".join(pairs), section, len(out)))
            continue
        header = None
        if not line.strip():
            if not item:  # (a list typed apart from the paragraph over it is a list of its own)
                label = None
            flush()
            continue
        if k < META_LINES and not paragraph and _META_LINE.match(line):
            continue  # "date: 2023-08-21" under the title dates the note; it answers nothing
        if _LIST.match(line):
            flush()
            item_indent = len(line) - len(line.lstrip())
            if nest is not None and item_indent <= nest[0]:
                nest = None
            paragraph.append(_LIST.sub("", line))
            item = True
            continue
        if line.startswith((" ", "\t")) and out and not paragraph:
            paragraph.append(line)  # a continued list item: of the item's block
            continued = out[-1].block == blocks
            continue
        if line.lstrip().startswith(">"):
            line = line.lstrip()[1:]
        if paragraph and (
            _CHAT_STAMP.match(line) or (_LOG_STAMP.match(line) and _LOG_STAMP.match(paragraph[0]))
        ):
            flush()  # each message of a pasted chat, each entry of a log, says its own thing
        if not paragraph:
            bold = _BOLD_LABEL.match(line)
            label = _clean_inline(bold.group(1), titles).strip() if bold else None
        paragraph.append(line)
    flush()
    return out


# a line carrying on a sentence a long line before it broke off (a list item typed or pasted
# with hard line breaks, as mail wraps at 72 characters): it opens in lower case ("windows ..
# 1.4" over "rooflights .. 2.2", or a list's last item over a line of its own, are not one)
_WRAPPED = re.compile(r"^\s*[a-z(]")
WRAP_CHARS = 70
_URL = re.compile(r"<?\bhttps?://\S+|\[([^\]]*)\]\([^)]*\)")
# words a line uses to point at another note, not to say anything itself
_POINTING = frozenset(
    "see also page pages link links ref refs reference references details more related note notes cf via "
    "source sources read doc docs wiki here background follow up".split()
)


def points_elsewhere(raw: str) -> bool:
    """``raw`` (a line as written) holds a link and, without its links, only pointing
    words: "See [[a]] and [[b]].", "Related: https://…" — a pointer, not a statement."""
    if not (_WIKILINK.search(raw) or _URL.search(raw)):
        return False
    rest = _URL.sub(" ", _WIKILINK.sub(" ", raw))
    return set(query_terms(rest)) <= _POINTING


_I_SAID = r"(I'm|I'll|I've|I am|I)"  # the forms of "I" a sentence opens with (``_I_FORMS``)
_OPENING_PRONOUN = re.compile(rf"(?:^|(?<=[.!?]\s))(?:(He|She)|(His|Her)|{_I_SAID})\b")
_OPENING_I = re.compile(rf"(^[>\s]*|(?<=[.!?]\s)){_I_SAID}\b")
_I_FORMS = {"I'm": " is", "I am": " is", "I'll": " will", "I've": " has"}


def _said_by(line: str, sender: str) -> str:
    """An email's line with the "I" opening its sentences read as ``sender``."""
    return _OPENING_I.sub(lambda m: m.group(1) + sender + _I_FORMS.get(m.group(2), ""), line)


def speaker(text: str, entry: EntryView) -> str:
    """Read alone, "He chose…" in a person's note and "I stopped…" in anyone's note say who:
    the person the note is about, and the note's author (an answer in the bot's voice must
    not say "I" for someone else). The first such sentence opening is enough."""

    def name(match: re.Match[str]) -> str:
        if match.group(3):
            if not entry.author:
                return match.group(0)
            return entry.author + _I_FORMS.get(match.group(3), "")
        if entry.type != "person" or not entry.title:
            return match.group(0)
        return entry.title + ("’s" if match.group(2) else "")

    return _OPENING_PRONOUN.sub(name, text, count=1) if _OPENING_PRONOUN.search(text) else text


# who was there: "Present: …", "Attendees - …", "Apologies: …" (a meeting's opening lines)
_ATTENDANCE = re.compile(r"\b(?:present|attendees|attending|apologies|in attendance)\s*[:—–-]", re.I)


class QueryWords:
    """The question's content words, each with its idf weight from the lexical index, to
    say what share of them a passage (with its context) contains (``_shares``)."""

    def __init__(self, lexical: Any, query: str) -> None:
        weights = lexical.word_weights(focus(query))
        self.weights = weights
        self.total = sum(weights.values()) or 1.0


@dataclass(frozen=True)
class Reading:
    """What scoring asks of a unit whatever the question, worked out when its note is cut
    (``Cut`` keeps the part a question needs, in compact form)."""

    unit: Unit
    context: str  # "title. section: text": a passage is read with its note's title and section
    stems: frozenset[str]  # of ``context``
    current: bool  # states what replaced an older rule (``_CURRENT``, ``_CURRENT_SECTION``)
    short: bool  # a fragment
    named: frozenset[str]  # stems of its section and opening label
    kinds: frozenset[re.Pattern[str]]  # the kinds of answer it holds (``answer_types``)
    content: frozenset[str]  # its content words (``_supersedes``)
    person: bool  # names a person (``names_a_person``): the answer to "who"


def _context(entry: EntryView, unit: Unit) -> str:
    near = f"{unit.section}: {unit.text}" if unit.section else unit.text
    return f"{entry.title}. {near}"


# a month or a day as a log or a rota writes it ("3 Nov", "Sat: 10:00 - 18:00", "SAT"), or a
# chat spelling: read as the word a question types too (``OTHER_FORMS``), and the other way round
_SHORT_FORM = re.compile(r"[A-Z][a-z]{1,3}|[A-Z]{2,4}")
_CASED_WORD = re.compile(r"[^\W\d_]+")


def _other_forms(text: str) -> set[str]:
    """The other forms of the months, days and chat spellings ``text`` writes ("Nov" →
    "november", "November" → "nov"); a short form only as a name is written ("sat", "mar" and
    "sun" typed in lower case are words)."""
    out: set[str] = set()
    for word in _CASED_WORD.findall(text):
        forms = OTHER_FORMS.get(word.lower())
        if forms is not None and (len(word) > 4 or _SHORT_FORM.fullmatch(word)):
            out.update(forms)
    return out


def _read(entry: EntryView, unit: Unit, stem: Any) -> Reading:
    context = _context(entry, unit)
    label = _LABEL.match(unit.text)
    named = f"{unit.section} {label.group(1) if label else ''}"
    return Reading(
        unit=unit,
        context=context,
        # (each word stemmed once; "3 Nov" read as "3 November" too)
        stems=frozenset(map(stem, set(words(context)) | _other_forms(context))),
        current=bool(_CURRENT.search(unit.text) or _CURRENT_SECTION.search(unit.section)),
        # (a value with the one it replaced, "Full price: £18 (not £16)", is a whole statement)
        short=len(unit.text.split()) < 6 and not WAS_ASIDE.search(unit.text),
        named=frozenset(map(stem, set(words(named)))),
        kinds=frozenset(kind for _, kind in _ASKS_TYPE if kind.search(unit.text)),
        content=frozenset(_content_words(unit.text)),
        person=names_a_person(unit.text, entry.content),
    )


@dataclass(frozen=True)
class Cut:
    """A note cut into units (``Scorer.cut``) with what scoring needs of them whatever the
    question, by position: per-question work is a few look-ups per note, not a pass over
    every unit. Positions are kept as tuples and one array per note (a per-stem array
    would cost ~100 bytes of header each)."""

    revision: int
    titles: Mapping[str, str] | None  # the wikilink titles it was cut with
    links: tuple[tuple[str, str | None], ...]  # each wikilink target it read, as it read then
    units: list[Unit]  # the pronouns said as who (``speaker``)
    where: dict[str, tuple[int, ...]]  # stem → the units whose context holds it
    named: dict[str, tuple[int, ...]]  # stem → the units whose section or label names it
    kinds: dict[re.Pattern[str], tuple[int, ...]]  # kind of answer → the units holding one
    persons: dict[bool, tuple[int, ...]]  # True → the units naming a person (``Reading.person``)
    # per unit: CURRENT_BONUS for a current statement, less SHORT_PENALTY for a fragment
    bonus: np.ndarray
    # per unit, how many later statements of the note supersede it (``_supersedes``)
    superseded: np.ndarray


def _positions(sets: Sequence[frozenset[Any]]) -> dict[Any, tuple[int, ...]]:
    """Each member of any of ``sets`` → the positions of the sets holding it."""
    where: dict[Any, list[int]] = {}
    for k, members in enumerate(sets):
        for m in members:
            where.setdefault(m, []).append(k)
    # one tuple per distinct position list: a title's words are in every unit's context,
    # a section's in each of its units
    shared: dict[tuple[int, ...], tuple[int, ...]] = {}
    return {m: shared.setdefault(tuple(ks), tuple(ks)) for m, ks in where.items()}


class _LinksRead(Mapping[str, str]):
    """A titles mapping that notes each link target read through it: a cut depends on the
    titles through those only, so it holds while they resolve the same (``Scorer.cut``)."""

    def __init__(self, titles: Mapping[str, str] | None) -> None:
        self._titles: Mapping[str, str] = titles or {}
        self.read: dict[str, str | None] = {}

    def get(self, key: str, default: str | None = None) -> str | None:  # type: ignore[override]
        found = self.read[key] = self._titles.get(key)
        return default if found is None else found

    def __getitem__(self, key: str) -> str:
        found = self.get(key)
        if found is None:
            raise KeyError(key)
        return found

    def __iter__(self) -> Iterator[str]:
        return iter(self._titles)

    def __len__(self) -> int:
        return len(self._titles)

    def __bool__(self) -> bool:
        return True  # read through even when empty: what it lacked is noted too


def _cut(entry: EntryView, titles: Mapping[str, str] | None, stem: Any) -> Cut:
    read = _LinksRead(titles)
    readings = [
        _read(entry, replace(u, text=speaker(u.text, entry)), stem) for u in units(entry.content, read)
    ]
    bonus = []
    for r in readings:
        b = CURRENT_BONUS if r.current else 0.0
        if r.short:
            b -= SHORT_PENALTY
        bonus.append(b)
    return Cut(
        entry.revision,
        titles,
        tuple(read.read.items()),
        [r.unit for r in readings],
        where=_positions([r.stems for r in readings]),
        named=_positions([r.named for r in readings]),
        kinds=_positions([r.kinds for r in readings]),
        persons=_positions([frozenset({True}) if r.person else frozenset() for r in readings]),
        bonus=np.array(bonus, dtype=np.float64),
        superseded=np.array(_superseded(readings), dtype=np.int64),
    )


def _links_hold(cut: Cut, titles: Mapping[str, str] | None) -> bool:
    """Each link target ``cut`` read resolves in ``titles`` as it did then."""
    titles = titles or {}
    return all(titles.get(key) == was for key, was in cut.links)


class Scorer:
    """Scores passages against a question: cosine of the embedded passage (cached by
    text) plus the weighted share of the question's words.

    What it keeps between questions, all bounded and none of it outliving the text it was
    made from: the notes it cut (``Cut``), one revision per entry, least recently used
    first, at most ``units`` units in all (~1.3 KB a unit on the example vault: ~25 MB at
    the bound; an edit makes a new revision, which replaces the cut; a forget drops the
    forgotten notes' cuts); passage vectors by text, at most ``cache``, and passage word
    sets by text, at most ``word_sets`` (~1.8 KB each), both cleared on a forget."""

    def __init__(
        self, retriever: Any, *, cache: int = 20_000, units: int = 20_000, word_sets: int = 4096
    ) -> None:
        self.retriever = retriever
        semantic = retriever.semantic
        self.embedder = getattr(semantic, "embedder", None) if semantic is not None else None
        # the semantic index's query vectors, kept by text (``SemanticIndex.query_vector``):
        # the question was embedded for its search, and a summary asks about the same topic
        # and facets several times
        self._query_vector = getattr(semantic, "query_vector", None) if self.embedder is not None else None
        db = getattr(getattr(retriever, "knowledge", None), "db", None)
        self._vectors = PassageVectors(
            self.embedder, PassageStore(db) if db is not None else None, cache=cache
        )
        # a passage's words, by text, for the similarity of two passages (``select``)
        self._words: dict[str, frozenset[str]] = {}
        self._max_words = word_sets
        self._cache = cache
        # entry id → its cut: every quick answer reads its notes again
        self._cuts: OrderedDict[str, Cut] = OrderedDict()
        self._max_units = units
        self._held_units = 0
        self._forgotten = 0  # how many forgotten entries the index had dropped when last looked
        self.cuts_made = 0  # notes cut so far (a write re-cuts the notes it changed, no others)

    def _drop_forgotten(self) -> None:
        """After a ``forget`` the cut notes of the forgotten entries go, and the passage
        vectors and word sets with them (keyed by text, so all of them): forgotten text is
        not kept."""
        lexical = self.retriever.lexical
        forgotten = getattr(lexical, "forgotten", 0)
        if forgotten == self._forgotten:
            return
        self._forgotten = forgotten
        for entry_id in [i for i in self._cuts if lexical.type_of(i) is None]:
            self._held_units -= len(self._cuts.pop(entry_id).units)
        self._vectors.clear()
        self._words.clear()

    @property
    def held_units(self) -> int:
        """How many units the kept cuts hold (at most ``units``, unless one note alone has more)."""
        return self._held_units

    def words_of(self, text: str) -> frozenset[str]:
        """The words of a passage, kept by text (at most ``word_sets`` texts)."""
        found = self._words.get(text)
        if found is None:
            if len(self._words) >= self._max_words:
                self._words.clear()
            found = self._words[text] = frozenset(words(text))
        return found

    def cut(self, entry: EntryView, titles: Mapping[str, str] | None) -> Cut:
        """``entry`` cut into units (``units``, the pronouns said as who), each read; kept
        while the entry's revision and the titles mapping (the same object until an entry
        changes) are the ones it was cut with."""
        cached = self._cuts.get(entry.id)
        if cached is not None and cached.revision == entry.revision:
            if cached.titles is not titles and _links_hold(cached, titles):
                # the titles changed elsewhere (a write): the links this note reads did not
                cached = self._cuts[entry.id] = replace(cached, titles=titles)
            if cached.titles is titles:
                self._cuts.move_to_end(entry.id)
                return cached
        if cached is not None:
            self._held_units -= len(self._cuts.pop(entry.id).units)
        made = self._cuts[entry.id] = _cut(entry, titles, self.retriever.lexical.stem)
        self.cuts_made += 1
        self._held_units += len(made.units)
        while self._held_units > self._max_units and len(self._cuts) > 1:
            self._held_units -= len(self._cuts.popitem(last=False)[1].units)
        return made

    @property
    def semantic(self) -> bool:
        return self.embedder is not None

    async def vectors(self, texts: Sequence[str], owners: Sequence[EntryView]) -> np.ndarray:
        """The vectors of passages ``texts``, each cut from its owner (``PassageVectors``)."""
        assert self.embedder is not None
        return await self._vectors.of(texts, [(e.id, e.revision) for e in owners])

    async def index(self, entries: Sequence[EntryView], titles: Mapping[str, str] | None) -> None:
        """Embed and store the passages of ``entries`` as a question would score them (each
        in its context, and alone for comparing passages), so none waits for the model then."""
        if self.embedder is None:
            return
        texts: list[str] = []
        owners: list[EntryView] = []
        for entry in entries:
            for unit in self.cut(entry, titles).units:
                texts += [_context(entry, unit), unit.text]
                owners += [entry, entry]
        await self.vectors(texts, owners)

    async def passages(
        self,
        query: str,
        entries: Sequence[EntryView],
        *,
        titles: Mapping[str, str] | None = None,
        prior: Mapping[str, float] | None = None,
    ) -> list[Passage]:
        """Every unit of ``entries`` scored against ``query``, best first."""
        await self.retriever.lexical.refresh()
        self._drop_forgotten()
        q = QueryWords(self.retriever.lexical, query)
        asks = _section_words(query, self.retriever.lexical.stem)
        wants = answer_types(query)
        type_bonus = TYPE_BONUS if self.embedder is not None else LEX_TYPE_BONUS
        cuts = [(entry, self.cut(entry, titles)) for entry in entries]
        candidates = [(entry, unit) for entry, cut in cuts for unit in cut.units]
        n = len(candidates)
        if not n:
            return []
        shares = _shares(q, cuts, n)
        if self.embedder is not None:
            if self._query_vector is not None:
                qv = await self._query_vector(query)
            else:
                qv = (await self.embedder.embed([query], input_type="query"))[0]
            contexts = [_context(entry, unit) for entry, unit in candidates]
            cos = (await self.vectors(contexts, [entry for entry, _ in candidates])) @ qv
            scores = cos + COVERAGE_WEIGHT * shares
        else:
            scores = shares.copy()
        # per unit, in float64 and in the order a per-passage sum would add them:
        # score + bonus (current, short, section asked for) + typed + prior
        bonus = np.concatenate([cut.bonus for _, cut in cuts])
        bonus[_found([(cut.named, len(cut.units)) for _, cut in cuts], asks, n)] += SECTION_BONUS
        days = days_named(query)
        if days:  # "the med error on 14 May": the log's row for that day
            bonus[[k for k, (_, unit) in enumerate(candidates) if states_a_day(unit.text, days)]] += DAY_BONUS
        asked_numbers = numbers_asked(query)
        if asked_numbers:  # "a Grade 5 ballet exam": not the fee list's row for Grade 2
            bonus[
                [k for k, (_, unit) in enumerate(candidates) if numbers_another(unit.text, asked_numbers)]
            ] -= SIBLING_PENALTY
        if _ASKS_LATEST.search(query):  # "the last collection from Clearwater": the log's latest row
            bonus[_latest_rows(candidates)] += LATEST_ROW_BONUS
        typed = np.zeros(n, dtype=np.float64)
        # ranks the passages of an answering note; never lifts one past the floor
        typed[_found([(cut.kinds, len(cut.units)) for _, cut in cuts], wants, n)] = type_bonus
        if self.embedder is not None:
            # with meaning to go by, only a passage that plainly states the kind asked for
            # ("because …" for why, "1,350 orders" for how many orders) is ranked up
            plain = plain_kinds(query, self.retriever.lexical.stem)
            if plain:
                typed[
                    [k for k, (_, unit) in enumerate(candidates) if any(p.search(unit.text) for p in plain)]
                ] = PLAIN_KIND_BONUS
            if ASKS_WHO.search(query):  # ... and for "who", one that names a person (read when cut)
                typed[_found([(cut.persons, len(cut.units)) for _, cut in cuts], [True], n)] = (
                    PLAIN_KIND_BONUS
                )
        weight = prior or {}
        priors = np.repeat(
            [PRIOR_WEIGHT * weight.get(entry.id, 0.0) for entry, _ in cuts],
            [len(cut.units) for _, cut in cuts],
        )
        total = scores.astype(np.float64) + bonus + typed + priors
        if len({entry.id for entry, _ in cuts}) == len(cuts):
            superseded = np.concatenate([cut.superseded for _, cut in cuts])
            for times in range(int(superseded.max(initial=0))):
                total[superseded > times] -= SUPERSEDED_PENALTY
            # best first; equal scores in unit order (a stable sort, as list.sort is)
            order = np.argsort(-total, kind="stable").tolist()
            values, kinds = total.tolist(), typed.tolist()
            return [Passage(candidates[k][0], candidates[k][1], values[k], kinds[k]) for k in order]
        # a note listed twice: its copies supersede each other's statements too (read
        # again here: the cut keeps no per-unit word sets)
        stem = self.retriever.lexical.stem
        out = [
            Passage(entry, unit, value, kind)
            for (entry, unit), value, kind in zip(candidates, total.tolist(), typed.tolist(), strict=True)
        ]
        out = _demote_superseded(out, [_read(p.entry, p.unit, stem) for p in out])
        out.sort(key=lambda p: p.score, reverse=True)
        return out

    def floor(self) -> float:
        return PASSAGE_FLOOR if self.semantic else LEX_PASSAGE_FLOOR

    async def select(
        self,
        ranked: Sequence[Passage],
        *,
        limit: int | None = None,
        floor: float | None = None,
        relative: float | None = None,
    ) -> list[Passage]:
        """The passages that answer: past the floor and close to the best, without
        repeating each other (maximal marginal relevance)."""
        if not ranked:
            return []
        floor = self.floor() if floor is None else floor
        limit = MAX_PASSAGES if limit is None else limit
        relative = PASSAGE_RELATIVE if relative is None else relative
        best = ranked[0]
        passing = [p for p in ranked if p.score - p.typed >= floor]
        # (a statement in force in another note that replaced one of the best note's stands in
        # for it, a little further down: the minutes lowering the moisture limit that the
        # procedure's best passages refer to, "same limit as above")
        standing_in = {
            id(p) for p in passing if p.entry.id != best.entry.id and _replaced_note(p) == best.entry.id
        }
        close = {
            id(p)
            for p in passing
            if p.score
            >= (
                relative
                if p.entry.id == best.entry.id
                else IN_FORCE_RELATIVE
                if id(p) in standing_in
                else OTHER_NOTE_RELATIVE
            )
            * best.score
        }
        # ... and the sentences that carry on a close one's paragraph or list item, however
        # little of the question they say: an item is one record ("Old edger: has sat in the
        # back shed …" then "Glenmurray Joinery have offered £2,400 … AGREED, sell it.")
        opened = {
            (p.entry.id, p.unit.block): p.unit.index for p in passing if id(p) in close and p.unit.block >= 0
        }
        pool = [p for p in ranked if id(p) in close or _goes_on(opened, p)][: limit * 4]
        if not pool:
            return []
        sets = [self.words_of(p.unit.text) for p in pool]
        # rows of one note's table naming different things are each a record of their own,
        # however alike (the "exhaust valve" bought beside the "exhaust valve guide"); rows that
        # differ only in their numbers ("Dep Strand: 17:45", "Dep Strand: 10:45") may repeat
        rows = [
            (p.entry.id, _wordy(sets[k])) if _ROW.match(p.unit.text) else None for k, p in enumerate(pool)
        ]

        # ... and so are a list's items labelled with different things ("Saturday: 9:30 – 13:00"
        # beside "Tuesday to Friday: 09:00 – 17:00": weekdays and times are no content words)
        labels = [_LIST_LABEL.match(p.unit.text) for p in pool]

        def repeats(a: int, b: int) -> bool:
            one, other = rows[a], rows[b]
            if one is not None and other is not None and one[0] == other[0] and one[1] != other[1]:
                return False
            la, lb = labels[a], labels[b]
            if la is not None and lb is not None and la.group(1).lower() != lb.group(1).lower():
                return False
            return sim(a, b) > DUPLICATE and _same_words(sets[a], sets[b])

        if self.embedder is not None:
            vectors = await self.vectors([p.unit.text for p in pool], [p.entry for p in pool])
            matrix = vectors @ vectors.T

            def sim(a: int, b: int) -> float:
                return float(matrix[a, b])

        else:
            # only the pairs with a chosen passage are ever asked for (at most limit × pool)
            def sim(a: int, b: int) -> float:
                shared = len(sets[a] & sets[b])
                return shared / ((len(sets[a]) + len(sets[b]) - shared) or 1)

        chosen: list[int] = []
        left = list(range(len(pool)))
        # each candidate's greatest similarity to a chosen passage, kept as passages are
        # chosen (a cosine may be negative: nothing chosen yet counts as 0)
        overlap = [-math.inf] * len(pool)

        def mmr(k: int) -> float:
            # a statement standing in for the best note's is not pushed out by those it
            # resembles: the passages citing the value it replaced ("read 18.4% — inside our
            # 18.5% limit")
            alike = overlap[k] if chosen and id(pool[k]) not in standing_in else 0.0
            return MMR_LAMBDA * pool[k].score - (1 - MMR_LAMBDA) * alike

        while left and len(chosen) < limit:
            pick = max(left, key=mmr)
            left.remove(pick)
            if any(repeats(pick, c) for c in chosen):
                continue  # says the same as one already chosen
            chosen.append(pick)
            for k in left:
                overlap[k] = max(overlap[k], sim(k, pick))
        return [pool[k] for k in chosen]


# a question after the latest of a log's records ("the last collection", "wot did they charge us
# last time"), not after a period ("last year", "last week", "last March")
_ASKS_LATEST = re.compile(
    r"\b(?:latest|most recent|newest)\b|\blast\b(?!\s+(?:year|week|month|night|weekend|season|term|quarter|"
    rf"summer|winter|spring|autumn|christmas|{_MONTHS}|(?:mon|tues|wednes|thurs|fri|satur|sun)day)\b)",
    re.I,
)


def _latest_rows(candidates: Sequence[tuple[EntryView, Unit]]) -> list[int]:
    """Per note with two dated table rows or more, the place of its latest row."""
    latest: dict[str, tuple[date, int]] = {}
    rows: dict[str, int] = {}
    for k, (entry, unit) in enumerate(candidates):
        if not _ROW.match(unit.text):
            continue
        days = stated_dates(unit.text)
        if not days:
            continue
        rows[entry.id] = rows.get(entry.id, 0) + 1
        day = max(days)
        if entry.id not in latest or day > latest[entry.id][0]:
            latest[entry.id] = (day, k)
    return [k for entry_id, (_, k) in latest.items() if rows[entry_id] > 1]


def _replaced_note(p: Passage) -> str | None:
    """The note whose statement ``p`` replaced, if it replaced one."""
    return p.replaces.entry.id if p.replaces is not None else None


FOLLOWING = 2  # sentences after a close passage, in its paragraph or list item, read with it


def _goes_on(opened: Mapping[tuple[str, int], int], p: Passage) -> bool:
    """``p`` carries on a paragraph or list item one of ``opened`` (note and block → the
    opening passage's position) opens ("Pigeons. The netting on the chapel roof has come
    away … Three quotes in: … Agreed: go with Ridgeback at £1,150."): its next sentences say
    the rest of what the first one opened."""
    at = opened.get((p.entry.id, p.unit.block))
    return at is not None and 0 < p.unit.index - at <= FOLLOWING


def _content_words(text: str) -> set[str]:
    return {w for w in words(text) if len(w) > 2 and not w.isdigit()} - _FILLER


_FILLER = frozenset("the and for are was were now instead from with that this after before page".split())


def _supersedes(newer: Reading, older: Reading) -> bool:
    """``newer`` says what replaced ``older`` (both of one note): it comes later, states a
    change, and restates most of ``older``'s words."""
    if older.unit.index >= newer.unit.index or not newer.current or older.current:
        return False
    old_words = older.content
    return bool(old_words) and len(old_words & newer.content) / len(old_words) >= SUPERSEDED_OVERLAP


def _superseded(readings: Sequence[Reading]) -> tuple[int, ...]:
    """Per reading of one note, how many of the note's later statements supersede it (only
    a current statement supersedes, and only one that is not: those pairs are compared)."""
    current = [(k, r) for k, r in enumerate(readings) if r.current]
    return tuple(
        0 if older.current else sum(1 for k, newer in current if k != j and _supersedes(newer, older))
        for j, older in enumerate(readings)
    )


def _demote_superseded(passages: list[Passage], readings: Sequence[Reading]) -> list[Passage]:
    """When a note states a rule and later says what replaced it ("now … instead of …",
    under a "Revision" heading), the older statement loses to the current one: it is
    demoted below the floor unless nothing else answers. ``readings[k]`` is
    ``passages[k]``'s unit, read."""
    out = list(passages)
    for k, newer in enumerate(readings):
        for j, older in enumerate(readings):
            if j != k and passages[j].entry.id == passages[k].entry.id and _supersedes(newer, older):
                p = out[j]
                out[j] = Passage(p.entry, p.unit, p.score - SUPERSEDED_PENALTY, p.typed)
    return out


def _found(
    maps: Sequence[tuple[Mapping[Any, tuple[int, ...]], int]], keys: Iterable[Any], n: int
) -> np.ndarray:
    """Which of the ``n`` units of a run of cuts (each a position map and its number of
    units, in order) any of ``keys`` maps to."""
    mask = np.zeros(n, dtype=bool)
    keys = list(keys)
    if keys:
        base = 0
        for where, size in maps:
            for key in keys:
                found = where.get(key)
                if found is not None:
                    mask[[k + base for k in found]] = True
            base += size
    return mask


def _shares(q: QueryWords, cuts: Sequence[tuple[EntryView, Cut]], n: int) -> np.ndarray:
    """The share of the question's weighted words each of the ``n`` units of ``cuts`` (in
    order, with its context) holds, as float32: the sums a per-unit loop over the question's
    words would make, added in the same order, from the cuts' stem positions."""
    acc = np.zeros(n, dtype=np.float64)
    for s, w in q.weights.items():
        base = 0
        for _, cut in cuts:
            found = cut.where.get(s)
            if found is not None:
                acc[[k + base for k in found]] += w
            base += len(cut.units)
    return (acc / q.total).astype(np.float32)


# a cause set out under its label: "Cause: a split air line to the door ram", "Root cause — …",
# "Why: the pallet had sat by the roller door"
# "why" naming what happened ("Why E12 was pulled from the fleet", "Why it happened"), not an
# argument ("Why it matters", "Why now"): as a label and as a section's heading
_WHY_IT_HAPPENED = r"why\s(?=[^:\n]{0,60}?\b(?:was|were|did|had|happened|\w{3,}ed)\b)"
# ("Cause: …", "Root cause (suspected): …", "Cause, in one line: …")
_CAUSE_LABEL = (
    rf"^\W*(?:(?:why|cause|causes|root cause|probable cause|reason)(?:\s*[,(][^:\n]{{1,30}})?|"
    rf"{_WHY_IT_HAPPENED}[^:\n]{{3,60}}?)\s*[:—–-]\s"
)
_LABELLED_CAUSE = re.compile(_CAUSE_LABEL, re.I)
# a question after a cause ("why …", "what caused …", "reprint cause"); the labelled cause is
# put first for "what went wrong" too
_ASKS_CAUSE = r"\bwhy\b|\bhow come\b|\bwhat caused\b|\bcause\b|\breason\b"
_ASKS_WHY = re.compile(rf"{_ASKS_CAUSE}|\bwhat went wrong\b", re.I)


def _cause_first(question: str, ranked: list[Passage], floor: float) -> list[Passage]:
    """For a question asking why, the cause the best passage's note sets out under its label
    ("Cause: a split air line to the door ram" in the incident note whose "The 08:05 to
    Elmbridge was cancelled." is the best passage) answers first: it shares few of the
    question's words, and scored below the floor or below the lines around it."""
    if not ranked or not _ASKS_WHY.search(question):
        return ranked
    best = ranked[0]
    if best.score - best.typed < floor:
        return ranked
    close = best.score - PLAIN_CAUSE_MARGIN
    cause = None
    # the first note, best first, answering about as well as the best passage, that sets the
    # cause out (an incident report's, under a complaints log's line on the same incident)
    plain = bool(_PLAIN_CAUSE.search(best.unit.text))
    by_note: dict[str, list[Passage]] = {}  # each note's passages in force, best first
    for p in ranked:
        if p.replaced_by is None:
            by_note.setdefault(p.entry.id, []).append(p)
    days = days_named(question)
    for note in dict.fromkeys(p.entry.id for p in ranked if p.score >= close):
        if plain and note != best.entry.id:
            break  # the best passage states a cause itself
        of_note = by_note.get(note, [])
        if days and note != best.entry.id and not any(states_a_day(p.unit.text, days) for p in of_note):
            continue  # "what went wrong on 14 May": not the incident of another day
        cause = next((p for p in of_note if _LABELLED_CAUSE.search(p.unit.text)), None)
        if cause is None:
            # ... or under its heading: the first item of the note's "Why" or "Root cause"
            # section ("The labels on the two DC isolators were swapped at the original
            # install", over "The west string was still live", under "What happened")
            under = [
                p for p in of_note if _CAUSE_SECTION.match(p.unit.section) and p.score - p.typed >= floor
            ]
            cause = min(under, key=lambda p: p.unit.index, default=None)
        if cause is not None:
            break
    of_note = by_note.get(best.entry.id, [])
    if cause is None and not plain:
        # ... else the first of its passages past the floor, close to the best, that plainly
        # states a cause ("found the old clay land drain … has collapsed" under "Why was
        # runway 06/24 closed?", whose best passage is "the runway fund can cover it")
        cause = next(
            (
                p
                for p in of_note
                if p.score - p.typed >= floor and p.score >= close and _PLAIN_CAUSE.search(p.unit.text)
            ),
            None,
        )
    if cause is None or cause is best:
        return ranked
    lifted = replace(cause, score=best.score + CAUSE_FIRST_BONUS, typed=0.0)
    return [lifted, *(p for p in ranked if p is not cause)]


CAUSE_FIRST_BONUS = 0.01
# a section setting out the cause: "Why", "Why (root cause)", "Why it happened", "Root cause",
# "Causes", "Reason" (not "Why it matters", "Why now")
_CAUSE_SECTION = re.compile(
    rf"^\W*(?:why\W*(?:\(|$)|{_WHY_IT_HAPPENED}|"
    r"(?:the\s+)?(?:root\s+|probable\s+|likely\s+|main\s+)?causes?\b|reasons?\b|"
    r"what\s+went\s+wrong\b|contributing\s+factors\b|how\s+it\s+happened\b)",
    re.I,
)
PLAIN_CAUSE_MARGIN = 0.4  # a plainly stated cause this far below the best passage of its note answers first


def _wordy(said: frozenset[str]) -> frozenset[str]:
    """Of a passage's words, those that are no number ("exhaust", "guide"; not "412", "09")."""
    return frozenset(w for w in said if not any(c.isdigit() for c in w))


def _same_words(a: frozenset[str], b: frozenset[str]) -> bool:
    """Most of their words shared (rows of one table are close in meaning but not repeats)."""
    return len(a & b) / (len(a | b) or 1) > 0.6


_PLAIN_CAUSE = re.compile(
    r"\b(?:because|due to|caused by|root cause|the cause|the reason|as a result of|happened when|"
    r"led to|came from|traced to|turned out)\b|"
    # a cause set out under its label
    rf"{_CAUSE_LABEL}|"
    # a part that broke ("the bearing housing had cracked", "the pump has seized")
    r"\b(?:had|has|have)\s+(?:cracked|failed|seized|burst|blown|snapped|split|jammed|overheated|worn out|"
    r"run dry|corroded|perished|collapsed|rotted|sheared|shorted|frozen)\b|"
    # what happened to the place ("we had a burst pipe overnight", "the corridor is flooded")
    r"\b(?:had|was|were|there was|there's been)\s+(?:a|an)\s+(?:burst|leak|flood|fire|power cut|power failure|"
    r"outage|breakdown|break-in)\b|\b(?:is|are|was|were|got)\s+flooded\b|"
    # what was found wrong ("the roofer found the rhone … completely blocked with moss")
    r"\bfound\b[^.;:]{0,60}?\b(?:blocked|choked|clogged|cracked|split|seized|burst|collapsed|corroded|"
    r"rotten|rotted|perished|jammed|snapped|worn through)\b",
    re.I,
)
_HOW_MANY = re.compile(rf"{_HOW}\s+(?:many|much)\s+(?:of\s+(?:the|our)\s+)?([a-z]{{3,}})", re.I)
_HOW_LONG = re.compile(r"\bhow long\b|\bfor how long\b", re.I)
# "when was the inspection", "what date is the AGM": a day said in full ("on 22 May 2024",
# "23rd Nov", "2024-11-23", "12/01/24"), not an hour ("when does the café open")
_ASKS_DAY = re.compile(rf"{_WHEN}|\bwhat date\b|\bwhich day\b|\b(?:date|dates|deadline)\b", re.I)
_ASKS_HOUR = re.compile(r"\b(?:open|opens|close|closes|shut|time|hours?)\b", re.I)
_A_DAY = re.compile(
    rf"\b\d{{1,2}}(?:st|nd|rd|th)?(?: of)? (?:{_MONTHS})\b|\b(?:{_MONTHS}) \d{{1,2}}(?:st|nd|rd|th)?\b|"
    r"\b(?:19|20)\d\d-\d\d-\d\d\b|\b\d{1,2}/\d{1,2}/(?:19|20)?\d\d\b",
    re.I,
)
_YEAR = r"(?:19|20)\d\d"


def plain_kinds(question: str, stem: Any) -> list[re.Pattern[str]]:
    """What a passage that plainly answers ``question`` says: a cause for "why", a duration
    for "how long", an amount of the thing counted for "how many orders"."""
    out: list[re.Pattern[str]] = []
    if re.search(_ASKS_CAUSE, question, re.I):
        out.append(_PLAIN_CAUSE)
    if _HOW_LONG.search(question):
        out.append(_DURATION)
    if _ASKS_WHERE.search(question):
        out.append(_PLACE_LABEL)
    if _ASKS_DAY.search(question) and not _ASKS_HOUR.search(question):
        out.append(_A_DAY)
    counted = _HOW_MANY.search(question)
    if counted:
        root = re.escape(stem(counted.group(1).lower()))
        out.append(re.compile(rf"(?<![\d.])(?!{_YEAR}\b)\d[\d,.]*\s*(?:[a-z-]+\s+){{0,2}}{root}", re.I))
    return out


def answer_types(question: str) -> list[re.Pattern[str]]:
    """What a passage answering ``question`` holds, by the kind of question: a name for
    "who", an amount for "how much", a date for "when", a cause for "why"."""
    asked = [kind for asks, kind in _ASKS_TYPE if asks.search(question)]
    if asked or _YES_NO.match(question):  # ("do we still test only for cause?" asks whether)
        return asked
    return [kind for asks, kind in _KEYWORD_TYPE if asks.search(question)]


def _of_kind_asked(question: str, passages: list[Passage]) -> list[Passage]:
    """A note other than the best one is cited for a passage that holds the kind of thing
    asked for (a name for "who", an amount for "how much", a date for "when"), or that
    states what is in force: one sharing the question's words without it answers nothing
    (when the best note holds such a passage itself)."""
    wants = answer_types(question)
    if not wants or not passages:
        return passages
    best = passages[0].entry.id
    if not any(p.entry.id == best and kind.search(p.unit.text) for p in passages for kind in wants):
        return passages  # the best note does not say it either: which note answers is unsure
    return [
        p
        for p in passages
        if p.entry.id == best
        or p.replaces is not None
        or p.replaced_by is not None
        or any(kind.search(p.unit.text) for kind in wants)
    ]


def _section_words(query: str, stem: Any) -> set[str]:
    """The section names (stemmed) a question asks for: its own words, and for "why",
    "who", "fixed"… the words notes use for such sections."""
    out = {stem(w) for term in query_terms(query) for w in words(term)}
    for word in words(query):
        for key, names in _ASKS_FOR.items():
            if word.startswith(key):
                out.update(stem(n) for n in names)
    return out


# a day of the calendar as a passage or its heading states it ("17 September 2024", "3 Mar",
# "14/11/24"; not a time of day)
_CALENDAR_DAY = re.compile(
    rf"\b\d{{1,2}}(?:st|nd|rd|th)?\s+(?:of\s+)?(?:{_MONTHS})\b|\b(?:{_MONTHS})\.?\s+(?:\d{{1,2}}(?:st|nd|rd|th)?|(?:19|20)\d\d)\b|"
    r"\b\d{1,2}/\d{1,2}/\d{2,4}\b|\b(?:19|20)\d\d-\d\d-\d\d\b",
    re.I,
)


SECTION_CHARS = 80  # a heading longer than this is a paragraph typed as one


def _with_heading(question: str, passage: Passage, text: str) -> str:
    """``text`` (the passage as said) with its section's heading before it, when the heading
    tells what the passage alone does not: whose number ("DAVIE MACKAY — MFV Morning Tern
    PC 78: 07700 900245"), which day ("# Environmental health inspection - 17 September 2024"
    over "Unannounced visit, 09:30-13:15, …"). Not the note's title again, nor a heading the
    passage says already, nor a heading's day beside the day a passage gives to a question
    asking when."""
    # (cut as its lines are, ``_clean_inline``: links as titles, no bold; said as they are)
    section = passage.unit.section.strip().rstrip(":").rstrip()
    if not section or len(section) > SECTION_CHARS:
        return text
    low = section.lower()
    if low == passage.entry.title.strip().lower() or low in text.lower():
        return text
    if ASKS_DATE.search(question) and _CALENDAR_DAY.search(text) and _CALENDAR_DAY.search(section):
        return text
    return f"{section}: {text}"


@dataclass
class Evidence:
    """What the notes say in answer to one question: the relevant entries and the
    passages of theirs that answer it (none: the notes have nothing on it)."""

    question: str
    entries: list[EntryView]
    passages: list[Passage]
    # what the question names that the notes do not have, or the answering notes do not hold
    names: Names = field(default_factory=Names)
    unanswered: tuple[str, ...] = ()
    # every passage of the relevant entries past the floor, best first (``wider``)
    ranked: list[Passage] = field(default_factory=list)

    @property
    def found(self) -> bool:
        return bool(self.passages)

    def nothing_found(self) -> str | None:
        """ "I found nothing about the Westfen station in the notes (they cover …)." when
        the question names what the notes lack; None when it names nothing missing."""
        return self.names.nothing_about(self.unanswered) if self.unanswered else None

    def sources(self, passages: Sequence[Passage] | None = None) -> list[Source]:
        """One source per note, in the order its first passage ranks, carrying its passages;
        after them, the notes whose statement a passage replaced, that statement marked
        superseded (a model is told which stands; the extractive answer says it beside the
        one in force, ``supersession.statement``). ``passages``: of ``self.passages``, those
        to give (all of them unless said)."""
        current: dict[str, list[str]] = {}
        replaced: dict[str, str] = {}
        headed: set[tuple[str, str]] = set()
        entries = {e.id: e for e in self.entries}
        for p in self.passages if passages is None else passages:
            entries.setdefault(p.entry.id, p.entry)
            if p.replaced_by is None:
                said = _surnamed(statement(p), p.entry.content)
                if (p.entry.id, p.unit.section) not in headed:  # a heading is said once a note
                    headed_said = _with_heading(self.question, p, said)
                    if headed_said != said:
                        headed.add((p.entry.id, p.unit.section))
                    said = headed_said
                current.setdefault(p.entry.id, []).append(said)
            # the replaced statement: this one, or the one this replaced (marked as such)
            older = p if p.replaced_by is not None else p.replaces
            if older is not None:
                older = older if older.replaced_by is not None else replace(older, replaced_by=p)
                entries.setdefault(older.entry.id, older.entry)
                replaced.setdefault(older.entry.id, statement(older))
        out = [
            with_passages_first(source_of(entries[i], passages=tuple(texts))) for i, texts in current.items()
        ]
        out += [
            with_passages_first(source_of(entries[i], passages=(text,), labels=(SUPERSEDED,)))
            for i, text in replaced.items()
            if i not in current
        ]
        return out

    def stated(self) -> list[Source]:
        """The sources the extractive answer states and cites: the passages that answer,
        less those a reader is better without (``citing.cited``: a pointer to a note cited
        beside it, a look-alike's note, the note of a value the statement in force replaced)."""
        return self.sources(cited(self.question, self.passages))

    def wider(self, sources: Sequence[Source]) -> list[Source]:
        """``sources`` (``self.sources()``), then up to WIDER_NOTES more of the relevant
        notes, each as its best passages past the floor: what a model is given, which reads a
        paragraph more at little cost and may find the fact the extractive answer's cut left
        out (the row of a table in another note, the decision in the minutes)."""
        out = list(sources)
        given = {s.id for s in out}
        more: dict[str, list[str]] = {}
        for p in self.ranked:
            if p.entry.id in given or p.replaced_by is not None:
                continue
            if p.entry.id not in more and len(more) == WIDER_NOTES:
                continue
            said = more.setdefault(p.entry.id, [])
            if len(said) < WIDER_PASSAGES:
                said.append(statement(p))
        entries = {p.entry.id: p.entry for p in self.ranked}
        # only the passages: a paragraph more, not a note more
        return out + [
            replace(source_of(entries[i], passages=tuple(said)), text="\n".join(f"- {t}" for t in said))
            for i, said in more.items()
        ]


# (three and three, not two and two: on the smokehouse and campsite vaults the quick-answer
# requests carry 0.92 and 0.97 of the facts, not 0.91 and 0.96, at 90 tokens more a median request)
WIDER_NOTES = 3  # notes a model is given beyond those the extractive answer cites
WIDER_PASSAGES = 3  # of each, its best passages


_FIRST_NAME = re.compile(r"(?<![\w'’-])([A-Z][a-z]{2,})\b(?!['’]?\s+[A-Z])")
_NAME_BEFORE_WORD = re.compile(r"[A-Z][a-z]+\s+$")
# two capitalised words in a row, overlapping ("Steph Rourke", "Rourke Gas"), and a word numbered
_WORD_PAIR = re.compile(r"(?=(?<![\w-])([A-Z][a-z]+)\**\s+([A-Z][a-z]+(?:[-'’][A-Z][a-z]+)?)\b)")
_NUMBERED = re.compile(r"\b([A-Z][a-z]+)\s+\d")
NAMED_NOTES = 256  # notes whose names ``_names_of`` keeps


@dataclass(frozen=True)
class _Named:
    """What a note's text says of its capitalised words: the words written after each
    (``surnames``), those written after another (``after``), those it numbers."""

    surnames: Mapping[str, frozenset[str]]
    after: frozenset[str]
    numbered: frozenset[str]


@lru_cache(maxsize=NAMED_NOTES)
def _names_of(content: str) -> _Named:
    content = _WIKILINK.sub(" ", content)  # a link's title names a note, not a person
    surnames: dict[str, set[str]] = {}
    for first, last in _WORD_PAIR.findall(content):
        surnames.setdefault(first, set()).add(last)
    return _Named(
        {k: frozenset(v) for k, v in surnames.items()},
        frozenset(last for lasts in surnames.values() for last in lasts),
        frozenset(_NUMBERED.findall(content)),
    )


def _a_name(first: str, last: str) -> bool:
    """Two capitalised words that are a person's name: one of them no English word ("Nadia
    Kowalczyk", "Dafydd Moss"; not "Gas Safety", "Rose Hill")."""
    vocabulary = common_words()
    return first.lower() not in STOPWORDS and (
        first.lower() not in vocabulary or last.lower() not in vocabulary
    )


def names_a_person(said: str, content: str) -> bool:
    """Whether ``said`` (a passage of the note ``content``) names a person: in full ("Agreed:
    Hattie Brindle is appointed health & safety lead"), or by the first name the note gives
    one surname ("ring Kieran directly first" in the note naming Kieran Blythe)."""
    if any(_a_name(first, last) for first, last in _WORD_PAIR.findall(said)):
        return True
    named = _names_of(content)
    for m in _FIRST_NAME.finditer(said):
        first = m.group(1)
        if first in named.after or first in named.numbered or _NAME_BEFORE_WORD.search(said[: m.start()]):
            continue
        lasts = named.surnames.get(first, frozenset())
        if len(lasts) == 1 and _a_name(first, next(iter(lasts))):
            return True
    return False


def _surnamed(said: str, content: str) -> str:
    """``said`` with a person named by their first name alone ("ring Steph straight away")
    given the surname its note names them with once ("**Steph Rourke** - Rourke Gas"), in
    brackets: "ring Steph [Rourke] straight away". Only a name the note writes with one
    surname; not a word the note writes after another name ("Steph Rourke" beside "Rourke
    Gas & Marine": Rourke is no first name), nor one it numbers ("Van 3"), nor in a link's
    title ("[[Van Checklist v2]]")."""
    named = _names_of(content)
    added: dict[str, str] = {}
    for m in _FIRST_NAME.finditer(said):
        first = m.group(1)
        if first in added or first.lower() in STOPWORDS or _NAME_BEFORE_WORD.search(said[: m.start()]):
            continue
        if first in named.after or first in named.numbered:
            continue
        lasts = named.surnames.get(first, frozenset())
        if len(lasts) == 1:
            (last,) = lasts
            if last.lower() not in STOPWORDS and last.lower() not in OTHER_FORMS:
                added[first] = last
    for first, last in added.items():
        if re.search(rf"\b{first}\s+{last}\b", said):
            continue  # named in full already
        said = re.sub(rf"(?<![\w'’-]){first}\b(?!['’]?\s+[A-Z])", f"{first} [{last}]", said, count=1)
    return said


def _link_targets(content: str) -> list[str]:
    """The wikilink targets of a note (lowercased, without ``.md``), in order, once each."""
    return list(
        dict.fromkeys(m.group(1).strip().lower().removesuffix(".md") for m in _WIKILINK.finditer(content))
    )


def _title_words(title: str) -> tuple[str, ...]:
    return tuple(w.lower() for w in _TITLE_WORD.findall(title))


def _holds_phrase(words: Sequence[str], phrase: Sequence[str]) -> bool:
    n = len(phrase)
    return any(tuple(words[i : i + n]) == tuple(phrase) for i in range(len(words) - n + 1))


# a question whose best notes are less relevant than this, and whose first passages that say its
# name share none of its other words, asks what the notes do not say (``_only_the_names``; the
# relevance alone does not tell: "is anyone working on Harbor right now?" scores 0.08)
NAME_ONLY_RELEVANCE = 0.2
NAME_ONLY_LOOK = 3
# words of when, which say nothing of what is asked ("… this weekend", "… tomorrow")
_WHEN_WORDS = frozenset(
    "today tonight tomorrow yesterday weekend week month year morning afternoon evening night next last "
    "this monday tuesday wednesday thursday friday saturday sunday".split()
)


# a question after the weather to come ("is it going to rain in Leeds tomorrow?", "what's the
# weather looking like for the weekend"): a forecast is news of the world, which no team's notes
# hold. A note's rain plan or wind limit says what to do in the weather, not what it will be
# ("what do we do if it rains on market day" is asked of the notes, and answered from them).
FORECAST = re.compile(
    r"\bweather\s+(?:forecast|(?:(?:is|are)\s+)?(?:going\s+to|gonna|meant\s+to|supposed\s+to|expected\s+to)\s+be|"
    r"(?:be\s+)?like|looking|doing)\b|"
    r"\bweather\b(?=(?:\s+\S+){0,4}?\s+(?:today|tonight|tomorrow|this\s+(?:weekend|week|morning|afternoon|evening)|"
    r"at\s+the\s+weekend|on\s+(?:mon|tues|wednes|thurs|fri|satur|sun)day)\b)|"
    r"\b(?:is|will|'s)\s+it\s+(?:going\s+to\s+|gonna\s+|meant\s+to\s+|supposed\s+to\s+)?"
    r"(?:rain|snow|be\s+(?:sunny|dry|wet|windy|cold|hot|warm|nice|fine|frosty|icy))\b",
    re.I,
)
FORECAST_ASKED = "the weather forecast"  # what the notes are said to have nothing about


# a question after a person, a place or how things stand with the named thing ("whos in
# charge at hatherton", "the adress for kilnworks", "is anyone working on Harbor"): the note
# about the name answers it in words of its own
_ASKS_OF_THE_NAME = re.compile(
    r"\b(?:who|whos|who's|whom|where|wheres|where's|address|adress|anyone|anybody|contact|status)\b", re.I
)
# "will it rain in …": the asking words, not what is asked about
_AUXILIARY = re.compile(
    r"^(?:will|would|is|are|does|do|did|can|could|should|was|were)\s+(?:it|there)\s+", re.I
)


def _only_the_names(
    question: str, names: Names, passages: Sequence[Passage], stem: Callable[[str], str]
) -> bool:
    """The question asks about more than its names, and none of ``passages`` says any of it."""
    if _ASKS_OF_THE_NAME.search(question):
        return False
    named = {stem(n) for n in names.named}
    typed = [w for w in query_terms(focus(question)) if w not in _WHEN_WORDS]
    asked = {stem(w) for w in typed} - named
    # (said in another form of the word: "lose" as "lost" or "the loss of")
    forms = {stem(f) for w in typed for f in IRREGULAR_FORMS.get(w, ())} - named
    if not asked or not passages:
        return False
    # (a word asked is said as the start of a longer one too: "time" in the "timetable")
    starts = tuple(a for a in asked if len(a) >= ASKED_START_CHARS)
    for p in passages:
        said = {stem(w) for w in words(_context(p.entry, p.unit))}
        if (asked | forms) & said or (starts and any(w.startswith(starts) for w in said)):
            return False
    return True


ASKED_START_CHARS = 4  # a question's word this long is said by a word of a passage it starts


# a passage sending the reader to a meeting's minutes by its month ("See Jan 2024 minutes for
# the renewal cost.", "see the March minutes")
_SEE_MINUTES = re.compile(
    rf"\bsee\s+(?:the\s+)?(?:\d{{1,2}}(?:st|nd|rd|th)?\s+)?({_MONTHS})\.?(?:\s+((?:19|20)\d\d))?\s+"
    r"(?:[a-z']+\s+)?(?:minutes|meeting)\b",
    re.I,
)
_MINUTES_NOTE = re.compile(r"\b(?:minutes|meeting|mtg)\b", re.I)


def _minutes_pointed(said: str, entry: EntryView, notes: Iterable[EntryView]) -> EntryView | None:
    """The minutes among ``notes`` that ``said`` (a passage of ``entry``) sends the reader to by
    their month, and year when it gives one: of several, the nearest to ``entry``'s date."""
    m = _SEE_MINUTES.search(said)
    if m is None:
        return None
    month, year = month_number(m.group(1)), int(m.group(2)) if m.group(2) else None
    held = [
        (day, note)
        for note in notes
        if note.id != entry.id
        and _MINUTES_NOTE.search(f"{note.title} {note.source or ''}")
        and (day := day_of(note)) is not None
        and day.month == month
        and (year is None or day.year == year)
    ]
    if not held:
        return None
    own = day_of(entry)
    return min(held, key=lambda dn: abs((dn[0] - own).days) if own is not None else -dn[0].toordinal())[1]


POINTER_LOOK = 3  # of the ranked passages, the best this many are read for "see [[another note]]"
POINTED_BONUS = 0.01  # the note pointed to ranks just above the passage pointing to it
DEFERRED_PENALTY = 0.3  # the rest of a note whose best passage points to another (as ``SUPERSEDED_PENALTY``)
BLOCK_BACK = 4  # how many sentences back, in its own paragraph, a passage's name is looked for
NAMED_TITLE_WORDS = 5  # the longest run of a question's words looked up as a note's title


def _without_part_titled(question: str, hits: Sequence[Any], titles: Mapping[str, str]) -> list[Any]:
    """The question names a note by its whole title ("Kestrel Rose"): a note titled with only
    part of that name ("Kestrel") is about something else, and does not answer."""
    asked = _title_words(question)
    named = [t for h in hits if len(t := _title_words(h.entry.title)) >= 2 and _holds_phrase(asked, t)]
    # a note named in full, found or not (its file stem): runs from a word some key starts with
    starts = getattr(titles, "starts_key", None)
    for i in range(len(asked) - 1):
        if starts is not None and not starts(asked[i]):
            continue
        for n in range(2, min(NAMED_TITLE_WORDS, len(asked) - i) + 1):
            run = asked[i : i + n]
            title = titles.get("-".join(run))
            if title is not None and _title_words(title) == run:
                named.append(run)
    if not named:
        return list(hits)

    def part(title: tuple[str, ...]) -> bool:
        return any(len(title) < len(t) and _holds_phrase(t, title) for t in named)

    return [h for h in hits if not part(_title_words(h.entry.title))]


def _heir(entry: EntryView, holders: Iterable[EntryView]) -> bool:
    """``entry`` replaces one of ``holders`` as a whole, or corrects it (an erratum of the
    Kairo's click rates need not say "Kairo")."""
    return any(replaces_note(entry, h) or corrects_note(entry, h) for h in holders)


# words asking what holds now, of no subject: "who do we get blades off these days"
_PRESENT = re.compile(
    r"\b(?:these days|nowadays|now|current(?:ly)?|at the moment|atm|still|any ?more)\b", re.I
)


class PastTheCut:
    """What the notes the search found and the relevance cut-off left out add to an answer: a
    passage answering better than the notes read (``better``), or a later statement replacing
    one of the answer's (``changes``). Most questions get nothing from them."""

    def __init__(
        self, scorer: Scorer, says_name: Callable[[Names, Passage, Mapping[str, str]], bool]
    ) -> None:
        self.scorer = scorer
        self.says_name = says_name  # the passage says the name asked about (``Answerer._says_name``)

    async def read(
        self, question: str, beyond: Sequence[Any], chosen: Sequence[EntryView], titles: Mapping[str, str]
    ) -> tuple[list[EntryView], list[Passage]]:
        """The first ``OUTSCORING_NOTES`` of ``beyond`` not chosen, and their passages scored
        (best first): what ``better`` and ``changes`` choose from, scored once."""
        ids = {e.id for e in chosen}
        looked = [h.entry for h in beyond if h.entry.id not in ids][:OUTSCORING_NOTES]
        return looked, (await self.scorer.passages(question, looked, titles=titles) if looked else [])

    def better(
        self,
        scored: Sequence[Passage],
        ranked: Sequence[Passage],
        titles: Mapping[str, str],
        names: Names,
        asked_codes: Sequence[tuple[str, str, str]],
    ) -> list[Passage]:
        """The passages of the notes of ``scored`` (``read``) whose best passage answers better
        than the best of the notes read (``ranked``) and past the floor, saying the names and
        codes the question asks: "Keys go back in the key safe in the office", item 6 of long
        minutes judged as a whole, over the van checks page's lines for "van keys storage
        rule". None for most questions."""
        if names.named:
            scored = [p for p in scored if self.says_name(names, p, titles)]
        if asked_codes:
            scored = [p for p in scored if says_codes(_context(p.entry, p.unit), asked_codes)]
        best = ranked[0].score if ranked else float("inf")
        floor = self.scorer.floor()
        winners = {p.entry.id for p in scored if p.score - p.typed >= floor and p.score > best}
        return [p for p in scored if p.entry.id in winners]

    def changes(
        self,
        question: str,
        looked: Sequence[EntryView],
        scored: Sequence[Passage],
        titles: Mapping[str, str],
        names: Names,
        *,
        lead: Passage | None = None,
    ) -> list[Passage]:
        """The statements naming what they change ("AGREED: pool setpoint comes down from 31 to
        29 °C from 1 June", item 5 of long minutes the cut-off left out; ``names_change``), or
        saying from when they hold and what the answer's best statement (``lead``) says of the
        question (``takes_effect``: "Decision: from Monday 23 Feb the CD running balance … is
        checked daily"), among the best passages of the first ``BEYOND_NOTES`` of ``looked``
        holding one (of ``scored``, ``read``), saying the names the question asks about:
        candidates to replace a statement of the answer's, and dropped unless one does."""
        stem = self.scorer.retriever.lexical.stem
        # (what the question asks of, without asking when: "… these days", "still …?")
        asked = content_words(_PRESENT.sub(" ", question), stem)

        def candidate(unit: Unit) -> bool:
            # (what the question asks, said: "Saturday market hours CHANGED from 8-12 to 9-1"
            # is not when the stall opens on a Friday, whatever it replaces)
            said = asked & content_words(f"{unit.section} {unit.text}", stem)
            return len(said) >= BEYOND_ASKED * len(asked) and takes_effect(unit.text)

        # a later note's row of the thing the answer's best row names, another amount or code
        # ("Brackenholme vehicle gate: 2958" in "Padlocks — autumn", past the cut-off for
        # "Brackenholme gate code" because it never says "code")
        anew = [p for p in scored[:BEYOND_LOOK] if lead is not None and gives_anew(p, lead)]
        notes = {
            e.id for e in looked[:BEYOND_NOTES] if any(candidate(u) for u in self.scorer.cut(e, titles).units)
        }
        if not notes:
            return anew
        ranked = [p for p in scored if p.entry.id in notes]

        def covered(p: Passage, title: str = "") -> frozenset[str]:
            return asked & content_words(f"{title} {p.unit.section} {p.unit.text}", stem)

        def stated(p: Passage) -> frozenset[str]:  # (with the kinds of value it states: "25°C", temperature)
            return covered(p, p.entry.title) | (asked & {stem(w) for w in value_kinds(p.unit.text)})

        # (a decision that does not name what it changes says at least what the answer's best
        # statement says of the question, under its heading, its kind of value counted: "agreed
        # to charge a connection fee of £20 per van" for caterers' hook-ups is not about "the
        # standard connection fee" of the board's minutes)
        needed = covered(lead) if lead is not None else frozenset()
        changing = [
            p
            for p in ranked[:BEYOND_LOOK]
            if candidate(p.unit)
            and (names_change(p.unit.text) or needed <= stated(p))
            and (not names.named or self.says_name(names, p, titles))
        ]
        return [*changing, *(p for p in anew if all(p is not q for q in changing))]


async def with_editions(
    answerer: Answerer,
    question: str,
    ranked: list[Passage],
    chosen: Sequence[EntryView],
    titles: Mapping[str, str],
    spaces: Sequence[str],
) -> tuple[list[Passage], list[EntryView]]:
    """``ranked`` with the passages of the notes ``later_editions`` finds, and those notes."""
    scorer = answerer.scorer
    editions = await later_editions(scorer.retriever, answerer.knowledge, ranked, chosen, spaces)
    if not editions:
        return ranked, []
    read = await scorer.passages(question, editions, titles=titles)
    return sorted([*ranked, *read], key=lambda p: p.score, reverse=True), editions


async def later_editions(
    retriever: Any,
    knowledge: Any,
    ranked: Sequence[Passage],
    chosen: Sequence[EntryView],
    spaces: Sequence[str],
) -> list[EntryView]:
    """The later editions of the best passage's note the search left out, and their
    corrections ("Fee list 2025" and "ERRATUM to the 2025 fee list" of "Fees 2024" for "how
    much r 1-1 lessons per hr", which says the 2024 table's words): found by the note's
    title, among the first ``EDITION_LOOK`` notes that title finds; ``supersede`` reads them
    against it. None for most questions (a title search, and the few notes it finds that the
    question's search did not, read to compare their names)."""
    if not ranked:
        return []
    lead = ranked[0].entry
    held = {e.id for e in chosen}
    hits = await retriever.lexical.search(
        lead.title, spaces=spaces, limit=EDITION_LOOK, exclude_types=ANSWER_TYPES
    )
    ids = [i for i, _ in hits if i not in held]
    if not ids:
        return []
    found = list((await knowledge.get_many(ids, spaces=spaces)).values())
    editions = [e for e in found if later_edition(e, lead)]
    heirs = [lead, *editions, *(e for e in chosen if later_edition(e, lead))]
    return [
        *editions,
        *(e for e in found if e not in editions and any(corrects_note(e, n) for n in heirs)),
    ]


def _lift_pointed(
    out: list[Passage], own: Sequence[int], entry: EntryView, pointer: Passage, best: Passage
) -> None:
    """The passages ``own`` (positions in ``out``) of the note ``entry`` a passage points to
    (``pointer``) lifted together, their ``best`` just above the pointer; and the later
    statements replacing some of its own just above that ("Josh takes over the monthly ladder
    inspections from Kieran" of the procedure "Monthly inspection per PROC 2" sends the
    reader to), never higher."""
    lift = pointer.score + POINTED_BONUS - best.score
    if lift <= 0:
        return
    for k in own:
        out[k] = replace(out[k], score=out[k].score + lift)
    above = pointer.score + POINTED_BONUS + IN_FORCE_BONUS
    for k, p in enumerate(out):
        if p.replaces is not None and p.replaces.entry.id == entry.id and p.score < above:
            out[k] = replace(p, score=above)


class Answerer:
    """Finds the evidence for a quick question among retrieved hits."""

    def __init__(self, retriever: Any, knowledge: Any) -> None:
        self.retriever = retriever
        self.knowledge = knowledge
        self.scorer = Scorer(retriever)
        self.past = PastTheCut(self.scorer, self._says_name)
        lexical = retriever.lexical
        # which note replaces which as a whole, kept while the index stands
        self.whole = WholeReplacements(lambda: (lexical.revision, lexical.forgotten))
        # by the spaces read (a place's own and those it sees), least recently asked first:
        # the view and the generation of the spaces' link titles it was made at
        self._titles: OrderedDict[tuple[str, ...], tuple[tuple[int, ...], Mapping[str, str]]] = OrderedDict()
        # the words of the titles, read once and then followed by the titles that change
        self.title_words = KeptTitleWords(TITLE_MAPS)

    async def titles(self, spaces: Sequence[str]) -> Mapping[str, str]:
        """A wikilink target (file stem or source, lowercased) → the note's title, so that
        a link reads as the title it points to (``bot/research/links.py``, kept by the
        lexical index from the rows it reads). The same object until what these spaces
        resolve changes: the notes cut with it need not be cut again."""
        lexical = self.retriever.lexical
        await lexical.refresh()
        key = tuple(sorted(spaces))
        generation = lexical.links.generation(key)
        cached = self._titles.get(key)
        if cached is not None and cached[0] == generation:
            self._titles.move_to_end(key)
            return cached[1]
        view = lexical.links.view(key)
        self._titles[key] = (generation, view)
        self._titles.move_to_end(key)
        while len(self._titles) > TITLE_MAPS:
            self._titles.popitem(last=False)
        return view

    async def index_passages(self, entries: Sequence[Any], visible: Callable[[str], Sequence[str]]) -> None:
        """Embed and store the passages of entries just written, cut as a question from
        their own space reads them (``Scorer.index``)."""
        by_space: dict[str, list[str]] = {}
        for entry in entries:
            by_space.setdefault(entry.space, []).append(entry.id)
        for space, ids in by_space.items():
            spaces = visible(space)
            views = await self.knowledge.get_many(ids, spaces=[space])
            await self.scorer.index([views[i] for i in ids if i in views], await self.titles(spaces))

    async def evidence(
        self,
        question: str,
        hits: Sequence[Any],
        *,
        spaces: Sequence[str],
        limit: int = 6,
        names: Names | None = None,
        beyond: Sequence[Any] = (),
    ) -> Evidence:
        """The relevant hits (calibrated cut-off) and the passages of theirs that answer.
        A question naming what the notes lack ("the Westfen station") has no evidence; one
        naming what they have is answered only from notes that hold the name. ``names``:
        the question's names as ``names`` read them, when the caller has them already.
        ``beyond``: hits the search found and the cut-off left out, read only for a passage
        answering better than the notes read (``PastTheCut.better``) or a later statement replacing
        one of the answer's (``PastTheCut.changes``)."""
        titles = await self.titles(spaces)
        if names is None:
            names = await self.names(question, titles)
        if names.missing:
            return Evidence(question, [], [], names, names.missing)
        top = hits[:limit]
        names = names.without_terms(question, (h.entry.content for h in top))
        # the names an answering note must hold: not the team's own (``Names.without_common``)
        telling = names.without_common(self.retriever.lexical)
        holding = {h.entry.id: h.entry for h in top if telling.held_by(f"{h.entry.title} {h.entry.content}")}
        # ... or replacing or correcting one that does, leaving the name unsaid (``_heir``)
        kept = [h for h in top if h.entry.id in holding or _heir(h.entry, holding.values())]
        kept = _without_part_titled(question, kept, titles)
        if not kept:  # already past the relevance cut-off (``Recall.retrieve``)
            return Evidence(question, [], [], names)
        unheld = self.unheld(question, hits, titles)
        if unheld is not None:
            return Evidence(question, [], [], unheld, unheld.missing)
        in_titles = self.title_words.of(titles)
        chosen = [h.entry for h in kept]
        prior = {h.entry.id: h.relevance or 0.0 for h in kept}
        ranked = await self.scorer.passages(question, chosen, titles=titles, prior=prior)
        if names.named:  # the passage that answers says the name ("the Sallowby burst")
            # (a note holding none of the names, let in as the team's own, says none of them)
            silent = (
                {e.id for e in chosen if not names.held_by(f"{e.title} {e.content}")}
                if telling is not names
                else set()
            )
            saying = [p for p in ranked if p.entry.id in silent or self._says_name(names, p, titles)]
            # ... or stands in a note replacing, as a whole, a note whose passage says it (the
            # "CIP procedure for FVs - revised" of "CIP procedure - fermenters")
            # (or correcting it, ``_heir``)
            holders = {p.entry.id: p.entry for p in saying}
            heirs = {e.id for e in chosen if _heir(e, holders.values())}
            said = {id(p) for p in saying}
            ranked = [p for p in ranked if id(p) in said or p.entry.id in heirs]
            # nothing but the name in common, from notes barely relevant: "will it rain in
            # Ravensholme tomorrow?" of the line giving the Christmas do's venue there
            stem = self.retriever.lexical.stem
            if max(prior.values(), default=0.0) < NAME_ONLY_RELEVANCE and _only_the_names(
                question, names, ranked[:NAME_ONLY_LOOK], stem
            ):
                return Evidence(question, [], [], names, (_AUXILIARY.sub("", focus(question)),))
        asked_codes = codes_in(question, in_titles)
        if asked_codes:  # "on the latex 630": the passages that say 630, when some do
            saying = [p for p in ranked if says_codes(_context(p.entry, p.unit), asked_codes)] or [
                p for p in ranked if says_codes(_context(p.entry, p.unit), asked_codes, short=True)
            ]  # (by the short form only when none says the name in full: "route W2" over "W2 and W4")
            ranked = saying or ranked
        # a note the cut-off left out whose passage answers better than any read (long minutes
        # judged as a whole, their one item on the question diluted by the rest)
        looked, scored = await self.past.read(question, beyond, chosen, titles)
        better = self.past.better(scored, ranked, titles, names, asked_codes)
        # ... and a later note's decision on the same subject is the answer, saying what it replaced
        now = _PRESENT.search(question) is not None  # asks what holds now ("… these days")
        more = self.past.changes(question, looked, scored, titles, names, lead=ranked[0] if ranked else None)
        if better:
            notes = {p.entry.id: p.entry for p in better}
            chosen += list(notes.values())
            ranked = sorted([*ranked, *better], key=lambda p: p.score, reverse=True)
            more = [p for p in more if p.entry.id not in notes]  # (their passages are read already)
        ranked, new = await with_editions(self, question, ranked, chosen, titles, spaces)
        chosen += new
        if new:
            editions = {e.id for e in new}
            more = [p for p in more if p.entry.id not in editions]
        ranked = supersede(
            sorted([*ranked, *more], key=lambda p: p.score, reverse=True) if more else ranked,
            question,
            floor=self.scorer.floor(),
            stem=self.retriever.lexical.stem,
            replaced_note=REPLACED_NOTE_PENALTY,
            # (of a question asking what holds now, however many of the answer's passages
            # outrank them)
            also=more if now else (),
            whole=self.whole,
        )
        if more:
            outside = {p.entry.id for p in more}
            # (one saying the names the question asks that the statement it replaces says)
            ranked = [
                p
                for p in ranked
                if p.entry.id not in outside
                or (
                    p.replaces is not None
                    and names.kept_by(_context(p.entry, p.unit), _context(p.replaces.entry, p.replaces.unit))
                )
            ]
            chosen += [e for e in {p.entry.id: p.entry for p in ranked if p.entry.id in outside}.values()]
        floor = self.scorer.floor()
        ranked = await self.followed(question, ranked, chosen, titles, spaces, also=[h.entry for h in beyond])
        ranked = _cause_first(question, ranked, floor)
        return Evidence(
            question,
            chosen,
            _of_kind_asked(question, await self.scorer.select(ranked)),
            names,
            ranked=[p for p in ranked if p.score - p.typed >= floor],
        )

    async def followed(
        self,
        question: str,
        ranked: list[Passage],
        chosen: list[EntryView],
        titles: Mapping[str, str],
        spaces: Sequence[str],
        *,
        also: Sequence[EntryView] = (),
    ) -> list[Passage]:
        """A best passage that sends the reader to another note for what it is about ("Radio
        callsign for the hut: see [[callsigns]].", "Rent is in the budget, see [[budget-2025]].",
        "new mileage rate in force since Nov, see the expenses policy") defers the answer to
        that note: its passages rank as if the note stood where the pointer stands (its best
        just above it), read from the note the link resolves to even when the search did not
        find it (then added to ``chosen``). The pointer is not cited beside it
        (``citing.cited``). A question with no such passage among its best costs a few
        regular expressions. ``also``: notes the search found past its cut-off, read for the
        minutes a passage sends the reader to by their month ("see the Jan 2024 minutes")."""
        floor = self.scorer.floor()
        # note id or link key → (the note, when found already; the passage pointing to it)
        lifted: dict[str, tuple[EntryView | None, Passage]] = {}
        by_id = {e.id: e for e in chosen}
        pointing: set[str] = set()
        for p in ranked[:POINTER_LOOK]:
            if p.score - p.typed < floor or p.replaced_by is not None:
                continue
            said = p.unit.text
            own_title = p.entry.title.strip().lower()
            # (a note the search found, sent to by its month: "See Jan 2024 minutes for the renewal cost.")
            held = _minutes_pointed(said, p.entry, itertools.chain(chosen, also))
            if held is not None:
                lifted.setdefault(held.id, (held, p))
            for note in chosen:  # a note of the question's, by its title
                if note.id != p.entry.id and points_to(said, note.title):
                    lifted.setdefault(note.id, (note, p))
            for key in _link_targets(p.entry.content):  # a note it links to, found or not
                title = titles.get(key)
                if title is not None and title.strip().lower() != own_title and points_to(said, title):
                    lifted.setdefault(key, (None, p))
                    pointing.add(p.entry.id)
        if not lifted:
            return ranked
        keys = {k: e for e in chosen for k in link_keys(e.source or "")}
        if any(k not in keys for k, (e, _) in lifted.items() if e is None):
            rels = await self.knowledge.relations_of(list(pointing), spaces=spaces)
            targets = [r.to_id for r in rels if r.from_id in pointing and r.type == "link"]
            for target in (await self.knowledge.get_many(targets, spaces=spaces)).values() if targets else ():
                for link in link_keys(target.source or ""):
                    keys.setdefault(link, target)
        out = list(ranked)
        done: set[str] = set()
        deferring: dict[str, Passage] = {}  # a note whose best passage points to one that answers
        for key, (entry, pointer) in lifted.items():
            entry = entry or keys.get(key)
            if entry is None or entry.id in done:
                continue
            done.add(entry.id)
            if entry.id not in by_id:
                out += await self.scorer.passages(question, [entry], titles=titles)
                by_id[entry.id] = entry
                chosen.append(entry)
            elif not any(p.entry.id == entry.id for p in out):
                # a note of the question's whose passages the ranking left out
                out += await self.scorer.passages(question, [entry], titles=titles)
            own = [k for k, p in enumerate(out) if p.entry.id == entry.id and p.replaced_by is None]
            best = max((out[k] for k in own), key=lambda p: p.score, default=None)
            if best is None or best.score - best.typed < floor:
                continue
            if next(p for p in ranked if p.entry.id == pointer.entry.id) is pointer:
                deferring.setdefault(pointer.entry.id, pointer)
            _lift_pointed(out, own, entry, pointer, best)
        for k, p in enumerate(out):
            # the rest of a note that defers the question answers it only when nothing else does
            if p.entry.id in deferring and p is not deferring[p.entry.id]:
                out[k] = replace(p, score=p.score - DEFERRED_PENALTY)
        out.sort(key=lambda p: p.score, reverse=True)
        return out

    def unheld(self, question: str, hits: Sequence[Any], titles: Mapping[str, str]) -> Names | None:
        """What the question names that none of ``hits`` (the notes that would answer) says:
        "the hp latex 570", a model number none of them has, or "kestrel civils", two of the
        notes' names typed as a third; None when it names nothing they lack."""
        in_titles = self.title_words.of(titles)
        texts = [f"{h.entry.title} {h.entry.content}" for h in hits]
        for unheld in (
            unheld_codes(question, texts, in_titles),
            unheld_pairs(question, texts, in_titles),
            unheld_phrases(question, texts, in_titles),
        ):
            if unheld.missing:
                return unheld
        return None

    def _says_name(self, names: Names, passage: Passage, titles: Mapping[str, str]) -> bool:
        """The passage says the name asked about, or the line just before it in its section
        does ("… we're moving to Tillerbook." then "Go-live is 3 March 2026.")."""
        if names.said_by(_context(passage.entry, passage.unit)):
            return True
        units = self.scorer.cut(passage.entry, titles).units
        opening = units[0].text if units else ""
        if (
            names.said_by(opening)
            and not _ATTENDANCE.search(opening)
            and not _ROW.match(opening)
            and not _ROW.match(passage.unit.text)
        ):
            # the note's opening line names its subject ("Incident report: burn injury … Who:
            # Josh Milburn"), as a title does: each of its passages is about it (not a
            # meeting's "Present: …", whose items are each about their own thing, nor a
            # table's first row: each row is about its own thing)
            return True
        k = passage.unit.index
        if not 0 < k < len(units) or units[k] != passage.unit:
            return False
        before = units[k - 1]
        # a table's rows are each their own thing: one row's name is not the next row's
        if before.section != passage.unit.section or _ROW.match(before.text) or _ROW.match(passage.unit.text):
            return False
        if names.said_by(before.text):
            return True
        # or an earlier sentence of its own paragraph or list item ("Bookings system —
        # decision: we're moving to Tillerbook. Subscription £89/month. … go-live is 3 March.")
        block = passage.unit.block
        return block >= 0 and any(
            u.block == block and names.said_by(u.text) for u in units[max(0, k - BLOCK_BACK) : k - 1]
        )

    async def names(self, question: str, titles: Mapping[str, str]) -> Names:
        """The names ``question`` asks about, read against the notes (``names.read_names``)."""
        await self.retriever.lexical.refresh()
        return read_names(question, self.retriever.lexical, self.title_words.of(titles))
