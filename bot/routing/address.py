"""Who a message is addressed to: the bot, other people, or nobody in particular.

Adapters report the mentions they saw (``Inbound.mentions``, ``Inbound.bot_named``); the
text keeps other people's mentions as ``@name`` tokens so their position can be read here.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache

from bot.events import Inbound
from bot.text.gate import gated


@dataclass(frozen=True)
class Addressing:
    """The mentions in one message. ``others`` are the people (or groups) mentioned other
    than the bot, as the names or ids their ``@`` tokens carry in the text; ``names`` are
    mentions the text shows without an ``@`` (a Telegram text mention shows a name)."""

    others: tuple[str, ...] = ()
    bot_named: bool = False
    names: tuple[str, ...] = ()


NOBODY = Addressing()


def addressing_of(inbound: Inbound) -> Addressing:
    """The adapter's mention fields, as the router reads them."""
    others, names = [], []
    for person in inbound.mentions:
        if person.id and f"@{person.id}".lower() in inbound.text.lower():
            others.append(person.id)
        elif person.name and f"@{person.name}".lower() in inbound.text.lower():
            others.append(person.name)
        elif person.name:
            names.append(person.name)
    return Addressing(tuple(others), inbound.bot_named, tuple(names))


# Slack wire forms and typed forms alike: <@U123>, <@U123|priya>, <!here>, @priya, @data-team
_WIRE_USER = re.compile(r"<@([UW][A-Z0-9]+)(?:\|([^>]*))?>")
_WIRE_SPECIAL = re.compile(r"<!(here|channel|everyone)(?:\|[^>]*)?>")
_TYPED = re.compile(r"(?<![\w@.])@([A-Za-z0-9][\w.-]*\w|[A-Za-z0-9])")
_GREETING = r"(?:(?:hey|hi|hello|yo|ok|okay|so|um|also|and|oh|morning|thanks)[\s,!]+)*"
_LEADING_MENTION = re.compile(r"^" + _GREETING + r"@[\w.-]+", re.I)
# "can you look into this, @Priya?" — a vocative at the end; "cc @Priya" only copies them in
_TRAILING_MENTION = re.compile(r"(?<!\bcc)(?<!\bcc:)[\s,]+@[\w.-]+\s*[?.!]*\s*$", re.I)


def split_mentions(
    text: str, *, bot_names: Iterable[str] = ("mallory",), bot_ids: Iterable[str] = ()
) -> tuple[str, Addressing]:
    """Plain text as typed (console, evaluation sets, Slack wire text without a bot id) →
    the text without the bot's mentions, and who is mentioned.

    Other people's mentions stay in the text as ``@id`` / ``@name`` tokens.
    """
    names = {n.lower() for n in bot_names}
    ids = {i.upper() for i in bot_ids}
    others: list[str] = []
    bot_named = False

    def wire(match: re.Match[str]) -> str:
        nonlocal bot_named
        user, label = match.group(1), (match.group(2) or "")
        if user.upper() in ids or label.lower() in names:
            bot_named = True
            return " "
        others.append(user)
        return f"@{user}"

    def special(match: re.Match[str]) -> str:
        others.append(match.group(1))
        return f"@{match.group(1)}"

    def typed(match: re.Match[str]) -> str:
        nonlocal bot_named
        if match.group(1).lower() in names or match.group(1).upper() in ids:
            bot_named = True
            return " "
        if match.group(0) not in (f"@{o}" for o in others):
            others.append(match.group(1))
        return match.group(0)

    text = _WIRE_USER.sub(wire, text)
    text = _WIRE_SPECIAL.sub(special, text)
    text = _TYPED.sub(typed, text)
    text = re.sub(r"[ \t]{2,}", " ", text).strip()
    if bot_named:
        # "@mallory: dig into…" leaves the separator behind; ":mag: dig into…" keeps its emoji
        text = _SEPARATOR.sub("", text)
    return text, Addressing(tuple(dict.fromkeys(others)), bot_named)


_SEPARATOR = re.compile(r"^(?:\s*,+|\s*:+(?=\s|$))+\s*")


# "Priya, can you look into this?" — a person's name opening a request, no @ needed. Words
# that open a sentence capitalised are not names: "What can you do?" asks the bot.
_NOT_NAMES = frozenset(
    """mallory bot hey hi hello ok okay so also and but anyway alright right cool great perfect thanks thank
    sorry yes yeah yep sure please pls quick question update urgent btw actually honestly seriously first next
    then now finally lastly separately related followup follow-up context morning evening team folks guys
    everyone anyone someone all friends y'all just again maybe plus oh well hmm um uh lol welcome good
    what what's why how where when who whom whose which is are was were am do does did have has had
    should shall may might must there here this that these those it its we i you they he she one any some
    no not if let let's lets nobody somebody anybody everybody each every today tomorrow tonight yesterday
    monday tuesday wednesday thursday friday saturday sunday january february march april june july
    august september october november december the a an my our your their his her in on at for from to
    with by about after before since until as or nor yet still only even once ps fyi fwd re note nb
    heads reminder tldr quickly kindly surely definitely""".split()
)
# a name as typed: accents kept ("Tomás", "Zoë"), after a title ("Mr Lindqvist")
_NAME_WORD = r"[A-ZÀ-ÖØ-ÞŁŚŻŹĆŃ][a-zß-öø-ÿąćęłńóśźż]+(?:[-'][A-Za-zÀ-ÖØ-öø-ÿ]+)?"
_NAME = r"(?:(?:Mr|Mrs|Ms|Miss|Mx|Dr|Prof)\.?\s+)?" + r"(?P<name>" + _NAME_WORD + ")"
_VOCATIVE = re.compile(
    _NAME + r"\s*(?:,|—|–|-|:)?\s+(?:can|could|would|will|pls|please|plz|mind|when\s+you|"
    # "Sam did you…", "Tom have you had a chance…", "Jo any news on…"
    r"did(?:n'?t)?|have\s+you|has\s+(?:the|that|this)|are\s+you|any\s+(?:news|update|luck|joy)|"
    # "Grace, find out if the hall is free": an imperative after a name is said to that person
    r"find|look|dig|research|investigate|check|trace|chase|sort|see|grab|take\s+a\s+look|have\s+a\s+look)"
    # a whole word: "Arcwell cans per pallet" asks about the Arcwell cans
    r"\b"
)
# "did you look into it yet, Tom?", "any update on the VAT thing Priya?": a name closing the
# message after a comma or after the words that end a clause (not after "at", "from", "of":
# "…the outage at Acme?" names a topic). Emoji after the name are ignored.
_TRAILING_NAME = gated(
    r"(?:(?P<before>[\w']+),\s*|\s(?:yet|please|pls|plz|thanks|thx|mate|again|"
    r"today|tonight|now|already|still|too|though|it|this|that|them|these|those|out|up|back|over|done|"
    r"asap|soon|later|thing|things|stuff|one|ok|okay)\s+)" + _NAME + r"\s*[?.!]*[\s\W]*$"
)
# what every match of ``_TRAILING_NAME`` ends with: a name, then nothing but punctuation and
# spaces. It starts with a capital letter, so ``re`` skips to one: a quick test before the
# pattern, whose first words are tried at every position.
_ENDS_WITH_A_NAME = re.compile(_NAME_WORD + r"\s*[?.!]*[\s\W]*$")
# The same after "yet" / "please" / "thanks" in lower case ("done yet steve?"): in chat names are
# often typed in lower case, and after these words little else ends a message.
_TRAILING_LOWER_NAME = re.compile(
    r"\s(?:yet|please|pls|plz|thanks|thx|cheers|ta)\s+(?P<name>[a-z]{2,12})\s*[?.!]*[\s\W]*$"
)


@lru_cache(maxsize=16)  # asked twice per message (who is addressed; a feature): one message back is enough
def vocative_name(text: str) -> str | None:
    """The first name a message speaks to without an ``@`` — opening it ("Sam, can you…",
    "Sam did you…") or closing it ("…yet Tom?") — or None."""
    stripped = text.strip()
    # the closing patterns only need the message's end: searching all of a long message for
    # them would cost more than the rest of the address check
    tail = stripped[-80:]
    for pattern in (_VOCATIVE, _TRAILING_NAME, _TRAILING_LOWER_NAME):
        if pattern is _TRAILING_NAME and (tail.islower() or _ENDS_WITH_A_NAME.search(tail) is None):
            continue  # no capitalised word closes the message: no name does
        match = pattern.match(stripped) if pattern is _VOCATIVE else pattern.search(tail)
        if match is None or match.group("name").lower() in _NOT_NAMES:
            continue
        before = match.groupdict().get("before")
        if before and before[0].isupper() and before[1:].islower():
            continue  # "…compare Stripe, Adyen": a list of names, not someone spoken to
        return match.group("name")
    return None


# The bot called by its name, not its mention, to ask something of it: "…— mallory can you
# prepare it", "…why swimwear sits on the shelf. mallory?"
_CALLS_THE_BOT = gated(
    r"\bmallory\b[\s,:—–-]*(?:(?:can|could|would|will)\s+(?:you|u)|please|pls|plz|kindly|any chance)\b|\bmallory\s*\?\s*$",
    re.I,
)


def addressed_elsewhere(text: str, addressing: Addressing) -> bool:
    """True when the message speaks to someone else and not to the bot: it opens with
    another person's mention, name ("Priya, can you…", "…yet Tom?") or the name a Telegram text mention
    shows, or ends with a mention as a vocative. A mention in passing ("why is @Priya's dashboard slow?") or a copy
    ("cc @Priya") leaves the message addressed to whoever the conversation is with."""
    if addressing.bot_named:
        return False
    stripped = text.strip()
    if _CALLS_THE_BOT.search(stripped):
        # "Dilys, could you— actually no, mallory, could you go through…": turned to the bot
        return False
    if vocative_name(stripped):
        return True
    if not (addressing.others or addressing.names):
        return False
    if _LEADING_MENTION.match(stripped) or _TRAILING_MENTION.search(stripped):
        return True
    lowered = re.sub(r"^" + _GREETING, "", stripped, flags=re.I).lower()
    return any(n and lowered.startswith(n.lower()) for n in addressing.names)
