"""The router: who is addressed first, then the lexicon's sure cases (no model), then the
learned model for the rest. Decisions the model is unsure of are left ``sure=False`` so a
configured LLM (and only it) gets to decide them."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, replace
from functools import lru_cache

import numpy as np

from bot.research.names import common_words
from bot.routing.address import NOBODY, Addressing, addressed_elsewhere, vocative_name
from bot.routing.features import (
    _CUES,
    QUOTE_LINE,
    correct_typos,
    cues_of,
    featurize,
    names_things,
    prepare,
    tokens,
)
from bot.routing.lexicon import (
    _CONTENT,
    QUESTION_WORD,
    Decision,
    Route,
    classify_lexicon,
    has_trigger,
    normalize,
)
from bot.routing.meaning import MeaningModel, blend, shipped_meaning
from bot.routing.model import ROUTES, RouterModel, shipped_model
from bot.routing.vocabulary import Guard
from bot.text.gate import GateSet, alternatives, gated
from bot.text.terms import focus, query_terms

# The model's probability above which its decision stands without an LLM. Chosen by
# cross-validation on the training split (bench/routing_quality.py --sweep), not on test.
SURE = 0.8
# The least probability for an investigation: a needless one costs a noisy thread and model
# time, so async needs more evidence than the other routes.
ASYNC_MIN = 0.6

# The fail-safe for the unsure middle: a message the model leans to call small talk, but not
# surely, goes to the quick route when quick is its second choice with at least this
# probability. A look-up that finds nothing says so and offers to dig; a question taken for
# small talk is a dead end. Chosen on cross-validation and the workplaces dev set
# (bench/routing_quality.py), not on the test split.
NONE_OR_QUICK = 0.2

# Words the notes use: a predicate the core may pass in ("the notes know this word"), read
# from the knowledge base's index; the router never reads storage itself.
NotesKnow = Callable[[str], bool]

# A sure lexicon request is taken without the model only in its plainest form: the trigger
# verb opens the message, bare or after "please" / "can you"; anything less plain (a report,
# a noun, a joke, a wish) is read by the model.
_PLAIN_REQUEST = re.compile(
    r"^(?:(?:please|pls|plz|kindly|(?:can|could|would|will)\s+(?:you|u)(?:\s+please)?|"
    # "are you able to dig into X" asks for X as plainly as "can you"; "…research things?" does not
    r"(?:are|would|will)\s+you\s+(?:be\s+)?able\s+to|is\s+it\s+possible\s+(?:for\s+you\s+)?to|"
    r"(?:i|we)\s+(?:need|want)\s+you\s+to|(?:i|we)'?d\s+like\s+you\s+to)\s+)?"
    r"(?:research|investigate|dig\s+(?:into|in|deeper)|look\s+into|deep[\s-]?dive\s+(?:on|into)|"
    r"find\s+out|figure\s+out|trace|/investigate|what\s+(?:else\s+)?do\s+we\s+know\s+about|read\s+up\s+on|"
    r"(?:run|start|kick\s+off|launch|open|do)\s+(?:an?\s+|some\s+)?(?:\w+\s+)?(?:investigation|deep[\s-]?dive|research|digging)"
    r"\s+(?:on|into|about|of))\b"
    # a report ("…, it's fixed", "… was done"); a possessive in the topic ("Acme's") is not one
    r"(?!.*\b(?:is|are|was|were|got|has|have|had|(?:it|that|this|there|he|she|what|who)'s|says|said)\b)"
    r"(?!.*'s\s+(?:here|there|done|fixed|ready|gone|back|up|down|over|out|broken|not|no|already|just|been|still|"
    r"now|fine|ok|okay|sorted|closed|open|live|finished|a|an|the)\b)"
    # "can you look into things?" asks what Mallory can do
    r"(?!\s+(?:things|stuff|anything|something|topics|whatever|everything)\b)"
    # "dig in, everyone": said to the room, and usually about food
    r"(?![\s,]+(?:everyone|everybody|folks|all|guys|team|y'all)\b)",
    re.I,
)
# "dig in, everyone, the cake's here": the verb is said to the room, and usually about food
_TO_THE_ROOM = re.compile(
    r"^\W*(?:dig|tuck|get stuck)\s+in[\s,!]+(?:everyone|everybody|folks|all|guys|team|y'all)\b", re.I
)
# "is that a new car outside jess": a remark on what is in front of the speaker; the fail-safe
# to the quick route leaves it to the model
_REMARK = re.compile(r"^(?:is|are|was|were)\s+(?:that|this|those|these)\s+(?:a\s+|an\s+|the\s+)?new\b", re.I)
# ":mag: dig into the :fire: alerts": emoji before the verb dress the request up, they do not
# change it
_LEADING_EMOJI = re.compile(r"^(?:\s*(?::[a-z0-9_+-]+:|[\u2600-\u27bf\U0001f000-\U0001faff]))+\s*", re.I)
# "don't research this, just tell me what the stipend is": the opening only says what not to
# do; the rest of the message is what is asked
_NEGATED_OPENING = re.compile(
    r"^(?:please\s+|pls\s+|ok\s+|so\s+)?(?:don'?t|do\s+not|no\s+need\s+to|you\s+don'?t\s+(?:need|have)\s+to|"
    r"not\s+asking\s+(?:you\s+)?(?:to|for)|no\s+need\s+for|skip|without|no)\s+(?:\w+\s+){0,4}?"
    r"(?:research\w*|dig\w*|investigat\w*|look\w*\s+into|deep[\s-]?div\w*|analy[sz]\w*|review|report|study|"
    r"breakdown|write-?up|essay|(?:whole|full)\s+thing)"
    r"(?:\s+(?:\w+|[^\w\s]+)){0,3}?\s*(?:[,;:.!—–-]+|\s(?=just\b))\s*",
    re.I,
)
# "put 'investigate damp complaints' in the diary": a trigger inside quotes names a card, a
# session or an earlier request; the lexicon reads the message with the quoted words set aside
# "no need for the whole history, just how many parcels we gave out": research refused, then
# one fact asked
_REFUSED_THEN_FACT = re.compile(
    r"^(?:(?:please|pls|ok|so)\s+)?(?:(?:i|we)\s+)?(?:don'?t\s+need|do\s+not\s+need|dont\s+need|no\s+need\s+(?:for|to)|"
    r"not\s+after|not\s+asking\s+(?:you\s+)?(?:for|to)|not\s+looking\s+for|skip|no)\b[^?\n]{0,60}?"
    r"(?:[,;:.!—–-]+\s*|\s)(?:just|only|simply)\s+(?:(?:need|want|after|tell\s+me|give\s+me)\s+)?"
    r"(?:the|a|an|what|what's|who|whom|when|where|which|how|whether|if|our|its?|their|current|latest)\b",
    re.I,
)
# "not just the date of the audit — I want all the findings", "dont just stick it in the
# notes, actually dig into it": the opening says what is not enough; the rest is the request
_CONTRAST_OPENING = re.compile(
    r"^\W*(?:i\s+)?(?:don'?t|do\s+not|not)\s+(?:just|only)\b[^,;—–.:]{0,80}?(?:[,;—–.:]+|\s-\s)\s*"
    r"(?:(?:actually|instead|rather|but)\s+)*",
    re.I,
)
# a greeting or an apology opening a message: "hiya!", "morning crew 🎬", "sorry mallory,"
_GREETING = re.compile(
    r"^\W*(?:(?:hi+(?:ya)?|hey+|hello|morning|good\s+(?:morning|afternoon|evening)|afternoon|evening|"
    r"alright|yo|sorry|quick\s+(?:one|q|question))\b(?:\s+(?:all|team|everyone|folks|crew|lads|guys|gang|"
    r"there|mallory))?[\s,!.:;—–-]*(?:[\u2600-\u27bf\U0001f000-\U0001faff]\ufe0f?\s*)*)+",
    re.I,
)
_EMOJI = re.compile("[\u2600-\u27bf\U0001f000-\U0001faff]")
# what opens a question once a greeting is read off
_ASKS = re.compile(
    r"(?:what|what's|whats|who|who's|whos|where|where's|when|when's|which|how|is|are|does|do|did|any|has|have)\b",
    re.I,
)
# (the quote first, then the look back at the letter before it: ``re`` skips to a quote)
_QUOTED = re.compile(r"['\"‘“](?<![A-Za-z].)([^'\"’”\n]{1,120})['\"’”](?![A-Za-z])")
_SARCASM = _CUES["sarcasm"]
# its alternatives, gated in one pass
_SARCASM_PARTS = GateSet([re.compile(part) for part in alternatives(_SARCASM.pattern)])


def _sarcastic(text: str) -> bool:
    """``_SARCASM.search(text)`` finds a match."""
    regexes = _SARCASM_PARTS.regexes
    return any(regexes[i].search(text) is not None for i in _SARCASM_PARTS.open(text))


_SOCIAL = _CUES["social"]
_EYE_ROLL = gated(
    "[\U0001f643\U0001f644]|:(?:upside_down_face|eye_roll|face_with_rolling_eyes):|(?:^|\\s)/s\\b"
)
# Signs that a message the model calls small talk is indeed chat, about Mallory, or the
# speaker's own news: the fail-safe to the quick route leaves it alone
_NOT_A_LOOKUP = frozenset(
    {
        "social",
        "sarcasm",
        "about_bot",
        "capability_verb",
        "bot_third_person",
        "first_person_start",
        "negation",
        "errand",
        "you_question",
        "status",
    }
)
_CHAT = gated("[!\u2600-\u27bf\U0001f000-\U0001faff]|:[a-z0-9_+-]+:|\\b(?:someone|somebody)\\b", re.I)
_ABOUT_BOT = (_CUES["about_bot"], _CUES["capability_verb"], _CUES["capability_verb@start"])
# their alternatives, gated in one pass
_ABOUT_BOT_PARTS = GateSet([re.compile(part) for p in _ABOUT_BOT for part in alternatives(p.pattern)])


def _about_bot(text: str) -> bool:
    regexes = _ABOUT_BOT_PARTS.regexes
    return any(regexes[i].search(text) is not None for i in _ABOUT_BOT_PARTS.open(text))


# A research word used as the name of work already done, asked about: "the collision
# investigation, signed off yet?", "what came of the shrinkage review"
_ABOUT_DONE_WORK = gated(
    r"(?<=[\w'])\s+(?:investigation|inquiry|enquiry|review|audit|report|analysis|"
    r"study|deep[\s-]?dive|research)\b.*\b(?:what came of|outcome|sign(?:ed)? (?:it )?off|conclude[ds]?|"
    r"did (?:it|they|the \w+) (?:say|find|show|conclude|blame|recommend)|end(?:ed)? up|any (?:news|update|result)|"
    r"results?|findings?|come back|back yet|finished yet|yet\b)|"
    r"\bwhat came of\b",
    re.I,
)
# Work named first (asked of the team, left by someone, half done), then handed to the bot:
# "the boss wants the overtime figures analysed by friday, can you do that?", "…mallory
# please do, and write up the options", "…mallory can you take over and get it finished"
_HANDS_IT_OVER = gated(
    r"\b(?:(?:can|could|would|will)\s+(?:you|u)|are\s+you\s+able\s+to)\s+(?:actually\s+|please\s+|maybe\s+)?"
    r"(?:(?:do|handle|own|draft|write|prepare|compile|start)\s+(?:that|this|it|them|one)|take\s+(?:it\s+|that\s+|this\s+)?(?:over|on)|"
    r"pick\s+(?:it|that|this)\s+up)\b|"
    r"\bmallory[\s,]+(?:please|pls)\s+do\b|\bthat\s+someone\s+is\s+you\b",
    re.I,
)
_WORK_NAMED = gated(
    r"\b(?:research\w*|investigat\w*|dig\w*\s+into|look(?:ing)?\s+into|analy[sz]\w*|comparison|compare|"
    r"report|breakdown|timeline|review|audit|figure\s+out|find\s+out|work\s+out|go\s+through|pull\s+together|"
    r"put\s+together|write\s+up|summar\w+|rundown|brief|briefing|overview|post-?mortem|history|ranking|"
    r"chronology|list\s+of|every\s+\w+\s+(?:where|that|which|with))\b",
    re.I,
)
# the work is someone else's: "Graham said he'll put together the summary…", "the client said
# they want us to dig into…": reported, not asked of the bot
_SOMEONE_ELSE_WILL = gated(
    r"\b(?:said|says|reckons|mentioned|told \w+)\s+(?:that\s+)?(?:he|she|they|\w+)\s*"
    r"(?:'ll|will|'s going to|is going to|are going to|'re going to|would|'d|wants? (?:us|me) to|want (?:us|me) to)\b",
    re.I,
)
# an errand put to whoever is around: "could someone drop the model off at the client's?"
_ASKS_SOMEONE = gated(r"\b(?:can|could|would|will)\s+(?:someone|somebody|anyone|anybody)\b", re.I)
# a capability question put as a hypothetical: "could you in principle…, if I asked?"
_HYPOTHETICAL = gated(
    r"\b(?:in principle|in theory|hypothetically|if i (?:asked|gave|sent|wanted)(?: you)?|"
    r"if i (?:were|was) to|just wondering (?:if|whether|what) you)\b",
    re.I,
)
# what a question for a fact shows
_ASKS_A_FACT = frozenset({"question_end", "wh_start", "fetch", "how_question", "indirect_question"})
# what a request for new work says: "can you…", "I need…", "a timeline of…"
_ASKS_FOR_WORK = frozenset({"you_request", "imperative_start", "wish", "artefact", "work_verb", "handoff"})


def route(
    text: str,
    *,
    addressing: Addressing = NOBODY,
    offer: str | None = None,
    model: RouterModel | None = None,
    sure_at: float = SURE,
    notes_know: NotesKnow | None = None,
    meaning: np.ndarray | None = None,
    meaning_model: MeaningModel | None = None,
) -> Decision:
    """Route one message. ``addressing`` says who it mentions (the adapters' fields, see
    ``addressing_of``); ``offer`` is a pending escalation offer's question; the model's
    decision is ``sure`` from probability ``sure_at`` (1.0: never). ``notes_know`` (optional)
    says whether the notes use a word: a phrase the model takes for chat whose words the
    notes use is a look-up ("north fen pumping station capacity"), and is routed quick.
    ``meaning`` (optional) is the message's MiniLM sentence vector: a decision the model is
    unsure of is moved toward what the message means (read by ``meaning_model``, the shipped
    one by default); a sure decision never reads it."""
    return routed(
        text,
        addressing=addressing,
        offer=offer,
        model=model,
        sure_at=sure_at,
        meaning=meaning,
        meaning_model=meaning_model,
    ).decide(notes_know)


@dataclass(frozen=True)
class Routed:
    """A message read by the router, before the notes have their say: ``decision`` is the
    route without them, ``decide(notes_know)`` with them, without reading the message again
    (the inbound path routes a message before storing it, and asks the notes only about a
    message it will answer)."""

    decision: Decision  # without the notes
    learned: _Scored | None = None  # the learned router's reading, when it decided

    @property
    def asks_the_notes(self) -> bool:
        """Whether ``decide`` would ask the notes at all: only about a message that may be a
        look-up and that the model is not already sending to the quick route (the caller
        then need not bring their words up to date for it)."""
        learned = self.learned
        return learned is not None and learned.maybe_lookup and not learned.unsure

    def decide(self, notes_know: NotesKnow | None = None) -> Decision:
        learned = self.learned
        if learned is None or notes_know is None or not learned.maybe_lookup or learned.unsure:
            # the notes have no say (``_Scored.decide`` asks them only about a message that may
            # be a look-up and that the model is not already sending to the quick route): the
            # decision without them, read once
            return self.decision
        return learned.decide(notes_know)


def routed(
    text: str,
    *,
    addressing: Addressing = NOBODY,
    offer: str | None = None,
    model: RouterModel | None = None,
    sure_at: float = SURE,
    meaning: np.ndarray | None = None,
    meaning_model: MeaningModel | None = None,
) -> Routed:
    """``route`` without the notes, keeping what the learned router read (``Routed``). With
    the shipped model and no meaning, a reading is kept per text (``_routed_kept``): the
    same words read the same way, and "thanks", "ok", "hi mallory" come back all day."""
    if model is None and meaning is None and meaning_model is None and len(text) <= _KEPT_CHARS:
        return _routed_kept(text, addressing, offer, sure_at, shipped_model())
    return _read_message(text, addressing, offer, model or shipped_model(), sure_at, meaning, meaning_model)


# readings kept: of messages up to this long (chat; a pasted page is read each time), at
# most this many (some 10 MB at most)
_KEPT_CHARS = 500
_KEPT_READINGS = 4096


@lru_cache(maxsize=_KEPT_READINGS)
def _routed_kept(
    text: str, addressing: Addressing, offer: str | None, sure_at: float, model: RouterModel
) -> Routed:
    # ``Routed`` and what it holds are never changed once made: one reading serves every ask
    reading = _read_message(text, addressing, offer, model, sure_at, None, None)
    if reading.learned is not None:
        reading.learned.proba.setflags(write=False)  # shared: a change would be a bug, said at once
    return reading


def _read_message(
    text: str,
    addressing: Addressing,
    offer: str | None,
    model: RouterModel,
    sure_at: float,
    meaning: np.ndarray | None,
    meaning_model: MeaningModel | None,
) -> Routed:
    lexicon = classify_lexicon(text, offer=offer)
    if lexicon.offer_reply or not normalize(text):
        return Routed(lexicon)
    if not has_words(text):
        return Routed(Decision(Route.NONE, source="router", reason="no words of any language", sure=True))
    low = text.lower()
    refused = ("just" in low or "only" in low or "simply" in low) and bool(
        _REFUSED_THEN_FACT.match(normalize(correct_typos(text)))
    )
    text, lexicon = read(text, lexicon)
    norm = normalize(text)  # read once: the rules below read the same normalised text
    elsewhere = addressed_elsewhere(text, addressing)
    if elsewhere:
        return Routed(
            Decision(
                Route.NONE,
                guard=Guard.ADDRESSED_ELSEWHERE,
                source="router",
                reason="addressed to someone else",
                sure=True,
            )
        )
    if lexicon.sure and lexicon.route is Route.ASYNC and _PLAIN_REQUEST.match(_LEADING_EMOJI.sub("", norm)):
        if not _sarcastic(text.lower()):
            return Routed(lexicon)
    if _TO_THE_ROOM.match(norm):
        return Routed(Decision(Route.NONE, source="router", reason="said to the room", sure=True))
    if lexicon.sure and lexicon.route is Route.NONE and lexicon.reason == "small talk":
        return Routed(lexicon)
    if lexicon.guard in {Guard.TRACKED_SIGNAL, Guard.REMINDER} and not has_trigger(norm):
        # "what's on my agenda", "remind me at 3": a look-up or reminder with no request verb
        return Routed(replace(lexicon, sure=True))
    if lexicon.recall and lexicon.route is Route.QUICK:
        # "have we seen this before?", "did anyone ever dig into X?": asks whether the
        # knowledge exists, which the quick route answers
        return Routed(replace(lexicon, sure=True))
    meant = None
    if meaning is not None:
        reader = meaning_model or shipped_meaning()
        meant = (meaning, reader) if reader is not None else None
    learned = _learned(text, norm, addressing, lexicon, model, sure_at, refused, meant)
    return Routed(learned.decide(None), learned)


def read(text: str, lexicon: Decision | None = None) -> tuple[str, Decision]:
    """The text the router decides on, and the lexicon's decision on it: typos in the
    request verbs fixed, an opening that only says what not to do ("no need to dig,")
    dropped. Training reads its examples through here too."""
    fixed = correct_typos(text)
    fixed_norm = normalize(fixed)
    opening = _NEGATED_OPENING.match(fixed_norm)
    if opening and len(_CONTENT.findall(fixed_norm[opening.end() :])) >= 2:
        fixed = fixed_norm[opening.end() :]
    contrast = _CONTRAST_OPENING.match(fixed)
    if contrast and len(_CONTENT.findall(fixed[contrast.end() :].lower())) >= 2:
        # "don't just give me the warranty, work out how many claims…": more than the fact is asked
        fixed = fixed[contrast.end() :]
    greeting = _GREETING.match(fixed)
    if greeting and greeting.end() < len(fixed):
        rest = fixed[greeting.end() :]
        if _ASKS.match(rest) or names_things(tokens(prepare(rest))):
            # "hiya! what's the studio 2 door code": the greeting opens a question, which is
            # what the message asks; its emoji stay, they tell chat ("morning all ☀️ who
            # brought the croissants")
            fixed = rest + "".join(f" {e}" for e in _EMOJI.findall(greeting.group(0)))
    if (">" in fixed or "&gt;" in fixed) and QUOTE_LINE.search(fixed):
        # quoted lines are an earlier message: the lexicon reads what this one adds
        if normalize(QUOTE_LINE.sub(" ", fixed)):
            return fixed, classify_lexicon(QUOTE_LINE.sub(" that ", fixed))
    if _QUOTED.search(fixed) and any(has_trigger(m.group(1).lower()) for m in _QUOTED.finditer(fixed)):
        return fixed, classify_lexicon(_QUOTED.sub(" that ", fixed))
    if fixed != text or lexicon is None:
        return fixed, classify_lexicon(fixed)
    return text, lexicon


# Words of some language: over the runs of more than four letters, the vowels a language has
# (random letters have under a quarter, English about two in five) and the case of words, not
# of a keyboard mashed. Short runs (acronyms, "ok") and scripts without spaces (Chinese,
# Japanese, Thai, Korean) are not judged.
_LATIN_RUN = re.compile(r"[A-Za-z]{5,}")
_NO_SPACES_SCRIPT = re.compile("[\u0e00-\u0e7f\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]")
_CASE_FLIP = re.compile(r"[a-z][A-Z]")
_NO_VOWELS = str.maketrans("", "", "aeiouyAEIOUY")


def has_words(text: str) -> bool:
    """False for text with no words of any language: a run of random letters, a key mashed,
    a paste of either. Short messages always have words ("ok", "hmm", an acronym)."""
    sample = text[:4000]
    runs = _LATIN_RUN.findall(sample)
    letters = sum(map(len, runs))
    if letters < 24 or _NO_SPACES_SCRIPT.search(sample):
        return True
    joined = "".join(runs)
    # a run in lower case has no case flip (all of them, most messages: none is read); the
    # vowels are what ``translate`` drops
    mashed = (
        0
        if joined.islower()
        else sum(len(r) for r in runs if not r.islower() and len(_CASE_FLIP.findall(r)) > 1)
    )
    vowels = len(joined) - len(joined.translate(_NO_VOWELS))
    if mashed >= letters / 2:
        return False
    if vowels >= letters / 4:
        return True
    # few vowels, and still words: a short message whose longer words are consonant-heavy
    # ("are we still getting panels off brightstock", 7 of 29 letters) is not a mash when
    # half of those are English words (random letters make one by chance, rarely)
    english = common_words()
    return sum(1 for r in runs if r.lower() in english) * 2 >= len(runs)


def _hands_it_over(text: str) -> bool:
    """Work is named, then handed to the bot ("…analysed by friday, can you do that?")."""
    handed = _HANDS_IT_OVER.search(text)
    return (
        handed is not None
        and _WORK_NAMED.search(text[: handed.start()]) is not None
        and not _HYPOTHETICAL.search(text)
        and not _sarcastic(text.lower())
    )


# When, not what: "tonight", "this weekend" make "drinks tonight?" chat by the other words
_WHEN = re.compile(r"\b(?:tonight|weekend)\b", re.I)


# a look-up typed as keywords names the kind of fact it wants, at its end or its start
# ("oakhanger farm apiary closed reason", "beer line cleaning frequency", "total honey extracted
# 2024 kg", "beer festival number of casks"): news says what happened, and chat names no kind
# the kinds of fact a few keywords may name last, or before a word or two of what it is of
_KINDS = r"reason|cause|date|total|cost|price|frequency|contact|deadline|minimum|maximum|amount|count"
_KIND_ASKED = re.compile(
    r"^(?:total|number of|date of|cost of|price of|reason for|frequency of)\b|"
    rf"\b(?:{_KINDS}|phone number|number|kg|how often|how many|how much)\s*$|"
    r"\b(?:number|amount|date|cost|price|total|count|frequency) of [\w-]+\s*$"
)
# ... or the kind, then what it is of in a word or two ("grant amount awarded", "pump-out price
# staff operated", "stock count tinned tomatoes"), when the message tells no value ("price
# agreed £3.20"), ends on no word news is told with ("delivery date changed") and has none of
# the small words it is told with ("the new price is great", ``_TOLD_AS_NEWS``)
_KIND_THEN = re.compile(rf"\b(?:{_KINDS})(?:\s+[a-z][a-z'-]*){{1,2}}\s*$")
_VALUE_TOLD = re.compile(r"[\d£$€%]")
_ENDS_AS_NEWS = re.compile(
    r"\b(?:changed|moved|fixed|sorted|done|sent|confirmed|updated|cancell?ed|postponed|finished|"
    r"completed?|paid|booked|set|in|up|down|out|back|again|now|today|yet|already|too|then|tho|though|lol|haha)\s*$",
    re.I,
)
_NEWS_WORD = re.compile(r"\b(?:new|tbc|tba|tbd|pending|asap)\b", re.I)
KIND_ASKED_WORDS = 8  # keywords, not a sentence
# ... or asks what was decided, by the word a decision ends on ("dental x-ray budget agreed",
# "share offer total raised", "duplicate lifeboat models disposal offered to"), written with
# none of the small words news is told with ("the budget's agreed", "all agreed now", "we
# finally got it approved")
_DECIDED_ASKED = re.compile(
    r"\b(?:agreed|decided|approved|accepted|chosen|quoted|raised|offered\s+to|signed\s+off)\s*$", re.I
)
_TOLD_AS_NEWS = re.compile(
    r"\b(?:the|a|an|our|my|your|their|we|i|it|its|it's|is|was|were|are|has|have|had|been|all|finally|just|now|"
    r"today|yesterday|officially|got|get|gets|yay|woo+|yes+)\b",
    re.I,
)


_KIND_EXCUSED = frozenset({"status", "social"})
_SENTENCE_MARK = re.compile(r"[.!?,;:]")


def _keywords(norm: str) -> bool:
    """A few keywords, no sentence (``norm``: the message normalised)."""
    return len(norm.split()) <= KIND_ASKED_WORDS and not _SENTENCE_MARK.search(norm)


def _kind_asked(norm: str) -> bool:
    """``norm`` names the kind of fact it asks (``_KIND_ASKED``, ``_KIND_THEN``)."""
    return bool(_KIND_ASKED.search(norm)) or (
        _KIND_THEN.search(norm) is not None
        and _VALUE_TOLD.search(norm) is None  # ("price agreed £3.20")
        and _ENDS_AS_NEWS.search(norm) is None  # ("delivery date changed")
        and _TOLD_AS_NEWS.search(norm) is None  # ("the new price is great")
        and _NEWS_WORD.search(norm) is None  # ("new price agreed", "xmas party date tbc")
    )


def _keywords_asking_a_kind(norm: str) -> bool:
    """A few keywords naming the kind of fact asked ("kestrelvac check change reason", "spill
    kit restock date", "grant amount awarded"): a look-up however the model or the meaning
    reads it."""
    return _keywords(norm) and _kind_asked(norm)


def _asks_a_kind(norm: str, cues: frozenset[str]) -> frozenset[str]:
    """The cues of ``_KIND_EXCUSED`` a message has, when it is a few keywords, no sentence,
    naming the kind of fact it asks (``_KIND_ASKED``; ``norm``: the message normalised):
    "closed" or "beer" in it is its subject, not news or chat (the notes still decide:
    ``notes_answer``). Most messages have neither cue and are read no further."""
    excused = cues & _KIND_EXCUSED
    if not excused or not _keywords(norm):
        return frozenset()
    if _kind_asked(norm) or (_DECIDED_ASKED.search(norm) and not _TOLD_AS_NEWS.search(norm)):
        return excused
    return frozenset()


# "whos the post master again", "batch code for heather glow starts with wat again": a closing
# "again" asks to be reminded, the sarcasm cue's only reading of it
_AGAIN_AT_END = re.compile(r"\s+again\W*$", re.I)
_ASKS_WHICH = re.compile(rf"\b(?:{QUESTION_WORD})\b", re.I)


# ... or the news before the question ("plotter jammed again who do i call")
_AGAIN_BEFORE_ASKING = re.compile(rf"\s+again\W+(?=(?:{QUESTION_WORD})\b)", re.I)


def _only_again(text: str, cues: frozenset[str]) -> frozenset[str]:
    """{"sarcasm"} when a message asking something has no sign of sarcasm but the "again" it
    closes with, or that closes the news before its question."""
    if "sarcasm" not in cues or not _ASKS_WHICH.search(text):
        return frozenset()
    if _AGAIN_AT_END.search(text):
        rest = _AGAIN_AT_END.sub("", text)
    elif _AGAIN_BEFORE_ASKING.search(text):
        rest = _AGAIN_BEFORE_ASKING.sub(" ", text)
    else:
        return frozenset()  # ("5 stars again", "bus is broken again": news)
    return frozenset() if "sarcasm" in cues_of(rest) else frozenset({"sarcasm"})


def _only_a_time(text: str) -> frozenset[str]:
    """{"social"} when a message's only sign of chat is a time of the week and it names what
    it asks ("who's on call for removals tonight", "the on-call vet number for the weekend");
    "good weekend?" is too short to name anything."""
    if "social" not in cues_of(text) or not _WHEN.search(text):
        return frozenset()
    rest = _WHEN.sub(" ", text)
    if _SOCIAL.search(prepare(rest)) or len(_CONTENT.findall(normalize(rest))) < 3:
        return frozenset()
    return frozenset({"social"})


def notes_answer(text: str, notes_know: NotesKnow) -> bool:
    """``text`` could be a look-up in the notes: at least three content words, two thirds of
    them words the notes use (chat that shares a word or two with the notes does not pass)."""
    terms = query_terms(focus(text))
    if len(terms) < 3:  # "thanks, that helps", "lunch at noon?"
        return False
    held = sum(1 for t in terms if notes_know(t))
    return held >= 2 and held * 3 >= len(terms) * 2


@dataclass(frozen=True)
class _Scored:
    """What the learned router made of a message, up to the notes' say (``decide``)."""

    text: str
    norm: str  # ``normalize(text)``
    lexicon: Decision
    proba: np.ndarray
    best: int
    chosen: Route
    sure_at: float
    small_talk: bool
    maybe_lookup: bool  # the model calls it small talk and it shows no sign of chat
    unsure: bool  # ... and quick is a close second
    blended: bool = False  # the meaning was read (the model was unsure): never sure

    def decide(self, notes_know: NotesKnow | None) -> Decision:
        text, lexicon, proba, best, chosen = self.text, self.lexicon, self.proba, self.best, self.chosen
        # The fail-safe for the unsure middle, and its one owner: a message the model calls
        # small talk that shows no sign of chat goes to the quick route when quick is a
        # close second, or when the notes use its words (then surely: the notes decide,
        # not a classifier).
        by_notes = False
        if self.maybe_lookup:
            by_notes = not self.unsure and notes_know is not None and notes_answer(text, notes_know)
            # (a few keywords naming the kind of fact asked are a look-up whatever words the
            # notes use, not surely: ``_keywords_asking_a_kind``)
            if self.unsure or by_notes or _keywords_asking_a_kind(self.norm):
                best, chosen = 1, Route.QUICK
        confidence = float(proba[best])
        norm = self.norm
        question: str | None = None
        if chosen is Route.ASYNC:
            question = lexicon.question if lexicon.route is Route.ASYNC and lexicon.question else norm
        elif chosen is Route.QUICK:
            question = lexicon.question if lexicon.route is Route.QUICK and lexicon.question else norm
        guard = lexicon.guard
        # "how are you?" mentions the bot but is small talk, answered in the persona's voice
        if chosen is Route.NONE and guard is None and not self.small_talk and _about_bot(text.lower()):
            guard = Guard.CAPABILITY
        return Decision(
            chosen,
            question=question,
            trigger=lexicon.trigger,
            guard=guard if chosen is not Route.ASYNC else None,
            source="model",
            reason="the notes use its words" if by_notes else f"learned router, p={confidence:.2f}",
            sure=by_notes or (not self.blended and self.sure_at < 1.0 and confidence >= self.sure_at),
            recall=lexicon.recall and chosen is Route.QUICK,
        )


# "ctp's down who do i ring", "printer down, who should we call": news, then a question typed
# with no mark, which the model reads by the news; what is asked is a look-up (the unsure
# middle's fail-safe: quick, and with an API key the LLM decides). Whoever is to act, and
# with the thing asked about between ("hirer broke down at 10pm who do they ring", "off sick
# what time do i have to ring by", "tv ppl want to film, how much notice do they need")
_ASKS_AFTER_NEWS = re.compile(
    r"\b(?:(?:who|what|where|which|when|how(?:\s+(?:much|many|long|often|soon))?)(?:\s+[a-z]+){0,2}"
    r"\s+(?:do|does|did|should|shall|can|could|would|must)\s+(?:i|we|u|you|they|he|she|ppl|people|the|our|my)\b|"
    # ... or asks for a thing by what it is ("… whos the backup linen firm", "… whats our
    # delivery charge over 5 miles", "… who else is licensed to drive it")
    r"(?:(?:who|what|wat|when|where)(?:'?s|\s+is))"
    r"\s+(?:the|our|his|her|their)\s+\w|who\s+else\s+(?:is|can|has|does|do)\b)",
    re.I,
)
# what the status and first-person cues read in such a message is the news before the question
# ("my mate wants to volunteer who does she message"), not the speaker's own news to share
_NEWS_BEFORE = frozenset({"status", "first_person_start"})


def _asks_after_news(text: str, norm: str) -> bool:
    """A question follows the message's news (``_ASKS_AFTER_NEWS`` after its first word), in
    what it adds to the lines it quotes ("> what's the bleep for outreach" then "cheers,
    sorted" asks nothing). (The pattern is searched from past the first word, not behind a
    "something before it" of its own: that one cost time growing with the square of a long
    message, seconds for 20,000 characters.)"""
    if ">" in text or "&gt;" in text:
        norm = normalize(QUOTE_LINE.sub(" ", text))
    first = norm.find(" ")  # (``normalize`` leaves single spaces, none leading)
    return first > 0 and _ASKS_AFTER_NEWS.search(norm, first + 1) is not None


def _learned(
    text: str,
    norm: str,  # ``normalize(text)``
    addressing: Addressing,
    lexicon: Decision,
    model: RouterModel,
    sure_at: float,
    refused: bool = False,
    meant: tuple[np.ndarray, MeaningModel] | None = None,
) -> _Scored:
    proba = model.proba(featurize(text, addressing, lexicon, elsewhere=False))
    blended = meant is not None and proba.max() < SURE
    if blended:
        # unsure: what the message means counts beside how it is phrased; the decision stays
        # unsure (with an API key the LLM still decides it)
        assert meant is not None
        proba = blend(proba, *meant)
    best = int(proba.argmax())
    if ROUTES[best] is Route.ASYNC and proba[best] < ASYNC_MIN:
        proba = proba.copy()
        proba[best] = 0.0
        best = int(proba.argmax())
    chosen = ROUTES[best]
    if chosen is Route.ASYNC and _ABOUT_DONE_WORK.search(norm) and not cues_of(text) & _ASKS_FOR_WORK:
        # "the stock loss investigation at Dunstable, any outcome yet?": asks what came of an
        # investigation already run, which the quick route answers
        best, chosen = 1, Route.QUICK
    if chosen is Route.ASYNC and _EYE_ROLL.search(text):
        # "would love a research project on why kids lose every jumper 🙃": the eye-roll says
        # it is not meant; an investigation needs a request that is
        proba = proba.copy()
        proba[best] = 0.0
        best = int(proba.argmax())
        chosen = ROUTES[best]
    if chosen is Route.ASYNC and _HYPOTHETICAL.search(text):
        # "could you in principle put a timeline together, if I asked?": what the bot can do
        best, chosen = 0, Route.NONE
    if chosen is not Route.ASYNC and not refused and _hands_it_over(text):
        best, chosen = 2, Route.ASYNC
    if (
        chosen is Route.ASYNC
        and _SOMEONE_ELSE_WILL.search(text)
        and not cues_of(text) & {"you_request", "handoff"}
        and not _hands_it_over(text)
    ):
        # "Graham said he'll put together the summary of funeral costs": news of someone
        # else's work, which starts nothing here
        proba = proba.copy()
        proba[best] = 0.0
        best = int(proba.argmax())
        chosen = ROUTES[best]
    if (
        chosen is Route.QUICK
        and "errand" in cues_of(text)
        and (not cues_of(text) & _ASKS_A_FACT or _ASKS_SOMEONE.search(text))
    ):
        # "arrange a viewing for flat 6 on saturday": a task in the world, which no look-up does
        best, chosen = 0, Route.NONE
    if chosen is not Route.QUICK and refused:
        # "no need to dig, just the deposit %": what is asked after the refusal is one fact
        best, chosen = 1, Route.QUICK
    small_talk = lexicon.route is Route.NONE and lexicon.reason == "small talk"
    cues = cues_of(text)
    # a question after the news (read once, for a message the model calls news: what the
    # status and first-person cues read in it is the news before the question)
    asks_after_news = chosen is Route.NONE and _asks_after_news(text, norm)
    maybe_lookup = (
        chosen is Route.NONE
        and lexicon.guard is None
        and not small_talk
        and not _CHAT.search(text)
        and not vocative_name(text)
        and not _REMARK.match(norm)
        and not (
            cues
            - _only_a_time(text)
            - _asks_a_kind(norm, cues)
            - (cues & _NEWS_BEFORE if asks_after_news else frozenset())
            - _only_again(text, cues)
        )
        & _NOT_A_LOOKUP
    )
    unsure = maybe_lookup and (
        (proba[best] < SURE and proba[1] >= NONE_OR_QUICK and proba[1] >= proba[2]) or asks_after_news
    )
    return _Scored(
        text, norm, lexicon, proba, best, chosen, sure_at, small_talk, maybe_lookup, bool(unsure), blended
    )
