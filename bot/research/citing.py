"""Which of the passages that answer a quick question the extractive answer states and cites.

The passages chosen (``evidence.Scorer.select``) are the best few past the floor; a note
other than the best one gets in with a passage nearly as good. Some of those share the
question's words and answer nothing, and a reader is better served without them:

- a passage that sends the reader to another note the answer cites ("Radio callsign for the
  hut: see Callsigns.", "Rent is in the budget, see Budget 2025-26"): the answer is read
  there, and the pointing note is not cited for it; when that pointer is its note's best
  passage, the note itself defers the question, and none of it is cited;
- a note telling itself apart from what the question names ("Not to be confused with
  Aldermoor Marine Services"): a look-alike, not cited; its disclaimer alone is never an
  answer either, when anything else answers;
- a note stating the value a statement in force says it replaced ("… from Fenwick & Hale
  instead of Pennine Maltings" beside the old supplier note naming Pennine Maltings): the
  statement in force already says what it replaced, and names the note;
- the note a leading statement in force replaced, when the answer names the value replaced
  ("15% (was 10%)" → "it replaced 10% (Group bookings policy, 2023-03-01)"), or that its note
  replaces as a whole or corrects: its other lines ("The coach vehicle fare itself is not
  discounted.") are the old rule's surroundings (not when the question asks for a kind of value
  the statement in force does not state, nor when the old note holds a statement in force);
- for a question asking for an amount, a sum of money, a date or a person ("pump-out charge",
  "van MOT due date", "who runs the juniors"), the first note stating one answers; another
  note's passage stating none, or only what that note states already ("Van: MOT in August"
  beside "MOT due: 14 August 2026", "Martin Quayle (race officer) asked for …" in minutes
  beside the officers' list naming him), is not cited (``_kinds``: what is asked, and what an
  answering passage states).

What a model is given is not cut (``Evidence.sources``): only the extractive answer is. A
statement in force is never cut; when nothing would be left, the answer is the passages as
chosen. A few regular expressions over at most ``MAX_PASSAGES`` passages and their notes: no
search, no embedding."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from bot.research.supersession import corrects_note, replaces_note, says_value_replaced
from bot.sources import day_of
from bot.text.terms import STOPWORDS

if TYPE_CHECKING:
    from bot.research.evidence import Passage
    from storage.knowledge import EntryView

TITLE_CHARS = 8  # a shorter title is too likely an ordinary phrase to be read as a pointer
# a title read as where to look: "see X", "(see X)", "in the X", "check X" ...
_POINTING = re.compile(
    r"(?:\bsee\s+(?:also\s+)?(?:the\s+)?|\b(?:in|on|per|under|check)\s+(?:the\s+)?)$", re.I
)
# ... or closing the line it ends: "Spare casualty bag is at the forward post: X.", "→ X"
_POINTING_LAST = re.compile(r"(?::\s+|→\s*|->\s*)$")
_WORDLIKE = re.compile(r"\w")
# a passage saying it is itself out of date ("SUPERSEDED (Nov 2025) — see Expenses policy for
# the current rate"): what it points to is the statement in force
_OUT_OF_DATE = re.compile(
    r"\b(?:(?<!it )(?<!this )superseded(?! by this)|out of date|outdated|no longer (?:current|valid|applies))\b",
    re.I,
)
_REPLACING = re.compile(r"\b(?:replac\w*|supersed\w*)\b", re.I)
# a note telling itself apart from another thing of a like name
_DISCLAIMS = re.compile(
    r"\b(?:not to be (?:confused|mixed up) with|not the same (?:thing )?as|"
    r"(?:don't|do not|never) (?:mix|get|confuse) (?:\w+ )?(?:up )?(?:with|confused with)|"
    r"(?:don't|do not) confuse (?:\w+ )?with)\s+(?:the\s+)?(?P<name>[^.!?;,()—–-]{3,60})",
    re.I,
)
# the value a statement in force says it replaced ("… instead of Pennine Maltings", "no longer on Tuesdays")
_OLD_VALUE = re.compile(
    r"\b(?:instead of|no longer(?: (?:on|at|in|with|from|by))?)\s+(?:the\s+|our\s+|a\s+)?"
    r"(?P<old>[^.,;:()!?]{2,40}?)(?=\s*(?:[.,;:()!?]|$|\s(?:because|as|since|from|and|so|which|after)\b))",
    re.I,
)
# a question asking for an amount, a number or a code ("pump-out charge", "gate code for hatherton",
# "how often do we inspect"), and a passage stating one
_ASKS_AMOUNT = re.compile(
    r"\b(?:charges?|fees?|prices?|costs?|rates?|deposits?|rent|limits?|numbers?|phone|code|combination|"
    r"temperature|temp|setpoint|interval|how (?:many|much|often|long)|lead time|percent\w*)\b",
    re.I,
)
_AMOUNT = re.compile(
    r"\d+(?:[.,:]\d+)*|\b(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|thirty|"
    r"forty|fifty|hundred|thousand|half|free|weekly|daily|monthly|yearly|annual(?:ly)?)\b",
    re.I,
)


# a question asking for a date ("van MOT due date", "when does the insurance run out"), and
# the parts of a date a passage states (a day, a month, a year)
# a question after a date (also read by ``evidence``: a date left to a heading is said with it)
ASKS_DATE = re.compile(r"\b(?:whens?|date|due|deadline|expir\w*|renew\w*|run out)\b", re.I)
_DATE_PART = re.compile(
    r"\b(?:(?:19|20)\d\d|\d{1,2}(?:st|nd|rd|th)?|jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)"
    r"(?=[a-z]*\b)",
    re.I,
)


# ... and one asking for money ("keg deposit", "what do they charge us"), and a sum of money
_ASKS_MONEY = re.compile(
    r"\b(?:charges?|charged|fees?|prices?|costs?|costing|rates?|deposits?|rent|pay|paid|paying|spend)\b", re.I
)
_MONEY = re.compile(
    r"[£$€]:?\s?\d[\d,]*(?:\.\d+)?|\b\d[\d,]*(?:\.\d+)?\s?(?:p|pence|quid|pounds?|gbp|eur|euros?|usd|dollars?)\b",
    re.I,
)


# ... and one asking for a person ("who runs the juniors", "berthing master name", "crane
# booking contact"), and the names a passage states ("Gordon Pevensey", "Dr Anil Varsani")
_ASKS_PERSON = re.compile(r"\b(?:who|whos|who's|whom|whose|name|contact)\b", re.I)
_NAME = re.compile(r"\b[A-Z][a-zà-ÿ'’]+(?:[ -][A-Z][a-zà-ÿ'’]+)+")


def _names(text: str, question: str = "") -> set[str]:
    """The names ``text`` states (two or more capitalised words), less those the question
    says itself ("Berthing Master" for "who is the berthing master")."""
    asked = set(_WORD.findall(question.lower()))
    out = set()
    for m in _NAME.finditer(text):
        name = m.group(0).lower()
        if not set(_WORD.findall(name)) <= asked:
            out.add(name)
    return out


# a table row's sum under a column named in money ("£/hour ex VAT: 108", "Cost (£): 1,890")
_MONEY_COLUMN = re.compile(r"(?P<sign>[£$€])[^:;\d]{0,24}:\s?(?P<sum>\d[\d,]*(?:\.\d+)?)")


def _money(text: str) -> set[str]:
    """The sums of money ``text`` states ("£1,850", "45p", a row's "£/hour: 108")."""
    return {re.sub(r"\s", "", m.group(0).lower()) for m in _MONEY.finditer(text)} | {
        f"{m['sign']}{m['sum']}" for m in _MONEY_COLUMN.finditer(text)
    }


def _amounts(text: str) -> set[str]:
    """The amounts ``text`` states ("227", "£5.85" as "5.85", "two")."""
    return {m.group(0).lower() for m in _AMOUNT.finditer(text)}


def _dates(text: str) -> set[str]:
    """The parts of dates ``text`` states: "14 August 2026" as {"14", "aug", "2026"}."""
    return {m.group(0).lower() for m in _DATE_PART.finditer(text)}


_WORD = re.compile(r"[^\W_]+")
NAME_ENDING = 2  # letters a question's word may add to a disclaimed name's word ("pellows", "club's")


def _content(text: str) -> list[str]:
    return [w for w in _WORD.findall(text.lower()) if w not in STOPWORDS]


def _names_asked(name: str, question: str) -> bool:
    """Every word of ``name`` (a disclaimed look-alike) is a word of the question, or that
    word with an ending ("jo pellows number"): "Birchmere" is not "Birchmoor"."""
    asked = _content(question)
    said = _content(name)
    return bool(said) and all(
        any(w == n or (w.startswith(n) and len(w) - len(n) <= NAME_ENDING) for w in asked) for n in said
    )


def _found_at(text: str, phrase: str) -> list[int]:
    """Where ``phrase`` stands in ``text`` as whole words (both lowercased): its starts. No
    pattern is made per phrase (a title, a value): compiling one costs ~1 ms."""
    out = []
    start = text.find(phrase)
    while start >= 0:
        end = start + len(phrase)
        if (start == 0 or not _WORDLIKE.match(text[start - 1])) and (
            end == len(text) or not _WORDLIKE.match(text[end])
        ):
            out.append(start)
        start = text.find(phrase, start + 1)
    return out


_DISCLAIMER_CUES = ("confus", "not the same", "mix")  # every form of ``_DISCLAIMS`` holds one


def _disclaimed(content: str) -> list[str]:
    """What a note says it is not to be confused with (a note rarely says it: the cues are
    looked for first, a scan of the whole note is ~0.1 ms)."""
    low = content.lower()
    if not any(cue in low for cue in _DISCLAIMER_CUES):
        return []
    return [m.group("name") for m in _DISCLAIMS.finditer(content)]


def _pointing_at(text: str, title: str, pointer: Callable[[str, str, str], bool]) -> bool:
    """Whether ``pointer`` reads an occurrence of ``title`` in ``text`` (lowercased: the text
    before it, the title, the text after it) as sending the reader there. "This replaces X
    (see X)" names the note it replaced: it defers to none."""
    if len(title) < TITLE_CHARS or (_REPLACING.search(text) and not _OUT_OF_DATE.search(text)):
        return False
    low, name = text.lower(), title.lower()
    return any(pointer(low[:start], low, low[start + len(name) :]) for start in _found_at(low, name))


def _loosely(before: str, low: str, after: str) -> bool:
    # "see X", "(see X)", "in the X", or closing the line: "… at the forward post: X."; a table
    # row, "Supplier: Ashdale Jars; Lead time: …", names its row's thing, not where to look
    return bool(_POINTING.search(before)) or (
        "; " not in low and bool(_POINTING_LAST.search(before)) and not _WORDLIKE.search(after)
    )


# ... or "details in X", "full details are in X", "set out in X", "written up in X"
_SEE = re.compile(
    r"\b(?:see|check|per|details?\s+(?:are\s+|is\s+)?(?:in|on)|(?:set out|written up|spelled out)\s+in)"
    r"\s+(?:also\s+)?(?:the\s+)?$",
    re.I,
)


def _in_so_many_words(before: str, low: str, after: str) -> bool:
    # "see / check / per X", outside an aside in parentheses, or an aside that only points
    # ("log it with council IT (see IT contacts)"), or only says what X holds ("Daily
    # collection Mon–Fri (time in Online store — how I do it)")
    return (
        bool(_SEE.search(before))
        and (before.count("(") <= before.count(")") or bool(_SEE_ASIDE.search(before)))
    ) or (bool(_HELD_IN_ASIDE.search(before)) and after.lstrip().startswith(")"))


_SEE_ASIDE = re.compile(r"\(\s*(?:see|check)\s+(?:also\s+)?(?:the\s+)?$", re.I)
# "(time in X)", "(rates are in X)": an aside of a word or two of what X holds, closing after it
_HELD_IN_ASIDE = re.compile(r"\(\s*(?:the\s+)?[a-z]+(?:\s+[a-z]+)?\s+(?:is\s+|are\s+)?in\s+(?:the\s+)?$")


def _points_to(text: str, title: str) -> bool:
    """``text`` sends the reader to the note titled ``title``."""
    return _pointing_at(text, title, _loosely)


def points_to(text: str, title: str) -> bool:
    """``text`` (a passage, its links read as titles) sends the reader to the note titled
    ``title`` for what it says it is about, in so many words ("Radio callsign for the hut: see
    Callsigns.", "SUPERSEDED — see Expenses policy for the current rate"): not in an aside
    ("(support staff were not enrolled, see Passwords and MFA)"), and not a "Related: …"
    list of neighbours."""
    return _pointing_at(text, title.strip(), _in_so_many_words) or _row_points(text, title.strip())


# a table row's cell deferring its value ("Target MC: see current DH schedule")
_DEFERRED_CELL = re.compile(r"(?:^|; )[^:;]{1,40}: (?:see|check|as per|per)\b", re.I)


def _row_points(text: str, title: str) -> bool:
    """``text`` is a table row with a cell that defers its value ("Target MC: see current DH
    schedule") and a cell that is only a link to the note titled ``title`` ("Notes: [[DH kiln
    — larch cladding schedule v2]]"): the row sends the reader there for its value."""
    if "; " not in text or len(title) < TITLE_CHARS or not _DEFERRED_CELL.search(text):
        return False
    name = title.lower()
    return any(cell.split(": ", 1)[-1].strip().lower() == name for cell in text.split("; "))


def _says_value(text: str, value: str) -> bool:
    value = value.strip().lower()
    if len(value) < 3 or not _content(value):
        return False
    low = text.lower()
    if _found_at(low, value):
        return True
    # "Tuesdays" → "Day: Tuesday"
    return value.endswith("s") and " " not in value and bool(_found_at(low, value[:-1]))


def _earlier_or_undated(older: Passage, newer: Passage) -> bool:
    old, new = day_of(older.entry), day_of(newer.entry)
    return old is None or new is None or old <= new


def _named(entry: EntryView) -> str:
    """What a note says of everything in it by its title: a person's note, the person's name."""
    return f"{entry.title}." if entry.type == "person" else ""


def _kinds(question: str) -> list[tuple[Callable[[str], set[str]], re.Pattern[str], bool]]:
    """What is asked → what an answering passage states: each kind of value a question may
    ask for (an amount or a sum of money, a date, a person), with the question's words that
    ask for it, and whether only the best note answers for it. A person is read from the
    capitals a name is written with, and "name" asks for other names too ("collections
    management system name": "Ledgerline CMS"): a later note naming someone does not make
    the best note's passages, naming no one, an aside."""
    return [
        (_money if _ASKS_MONEY.search(question) else _amounts, _ASKS_AMOUNT, False),
        (_dates, ASKS_DATE, False),
        (lambda text: _names(text, question), _ASKS_PERSON, True),
    ]


# a question asking for a person
ASKS_WHO = re.compile(r"\b(?:who|whos|whom|whose)\b", re.I)


def cited(question: str, passages: Sequence[Passage]) -> list[Passage]:
    """Of ``passages`` (as chosen, best first), those the extractive answer states."""
    if not passages:
        return []
    notes = list(dict.fromkeys(p.entry.id for p in passages))
    if len(notes) < 2:
        return list(passages)
    best = notes[0]
    titles = {p.entry.id: p.entry.title.strip() for p in passages}
    first: dict[str, Passage] = {}
    for p in passages:
        first.setdefault(p.entry.id, p)
    dropped: set[int] = set()  # passages not stated
    gone: set[str] = set()  # notes not cited at all
    asks_who = ASKS_WHO.search(question) is not None
    for p in passages:
        if p.replaces is not None:
            continue  # a statement in force, saying what it replaced
        text = p.unit.text
        others = [i for i in notes if i != p.entry.id and i not in gone]
        # (a pointer naming the person asked for answers who: "Role: Team Doctor; Name: Dr
        # Aled Penhallow; Phone: …; Notes: see Team doctor"; a date or an amount beside a
        # pointer is most often the pointer's own: "Certificate came 4 March, see Animal
        # activity licence" for when the licence expires)
        if not (asks_who and p.typed > 0) and any(_points_to(text, titles[i]) for i in others):
            dropped.add(id(p))
            if first[p.entry.id] is p:
                gone.add(p.entry.id)  # its best answer is "see there": the note defers
            continue
        if _DISCLAIMS.search(text):
            dropped.add(id(p))
            if first[p.entry.id] is p and p.entry.id != best:
                gone.add(p.entry.id)  # it came in for telling itself apart: the rest is its own
    for i in notes:
        # the note says it is not what the question names: a look-alike's note
        entry = first[i].entry
        if any(_names_asked(name, question) for name in _disclaimed(entry.content)):
            gone.add(i)
    # the kinds of value the question asks for, each with what the question itself says of it
    asked_kinds = [
        (kind, kind(question), best_only)
        for kind, asks, best_only in _kinds(question)
        if asks.search(question)
    ]
    for kind, asked, best_only in asked_kinds:
        # the first note (best first) stating the amount (the date, the person) asked for
        # answers; another note's passage stating none, or only what that note states already
        # ("Van: MOT in August" beside "MOT due: 14 August 2026"), shares the question's words
        # and adds nothing. A person's note states its title, the person's name, throughout.
        said = {
            i: " ".join([_named(first[i].entry), *(p.unit.text for p in passages if p.entry.id == i)])
            for i in notes
        }
        anchor = next((i for i in notes if i not in gone and kind(said[i]) - asked), None)
        if best_only and anchor != best:
            continue
        if anchor is None:
            continue
        known = asked | kind(said[anchor])
        dropped.update(
            id(p)
            for p in passages
            if p.entry.id != anchor
            and p.replaces is None
            and not kind(f"{_named(p.entry)} {p.unit.text}") - known
        )
    in_force = {p.entry.id for p in passages if p.replaces is not None}
    for newer in passages:
        if newer.entry.id in gone:
            continue
        older = newer.replaces.entry if newer.replaces is not None else None
        if (
            older is not None
            and older.id not in in_force
            and (
                (newer.entry.id == best and says_value_replaced(newer))
                or replaces_note(newer.entry, older)
                or corrects_note(newer.entry, older)
            )
            and all(kind(newer.unit.text) - asked for kind, asked, _ in asked_kinds)
        ):
            # the answer leads with a statement in force that says the value it replaced,
            # naming the note and its day (or its note replaces that one as a whole, or corrects
            # it), and states the kind of thing asked: the replaced note's passages are the
            # rule no longer in force, or its surroundings
            gone.add(older.id)
        for match in _OLD_VALUE.finditer(newer.unit.text):
            old = match.group("old")
            if not re.search(r"[\dA-Z]", old):
                continue  # a name or an amount: "no longer working" names no old value
            # a name replaced ("instead of Pennine Maltings") is read in the whole of an earlier
            # note; an amount ("instead of 3°C") only in the passage answering
            named = re.search(r"\b[A-Z][a-z]{2,}", old) is not None
            for p in passages:
                if (
                    p.entry.id != newer.entry.id
                    and p.replaces is None
                    and _says_value(p.entry.content if named else p.unit.text, old)
                    and _earlier_or_undated(p, newer)
                ):
                    gone.add(p.entry.id)
    kept = [p for p in passages if id(p) not in dropped and p.entry.id not in gone]
    return kept or list(passages)
