"""What the learned router sees in a message: hashed word and character n-grams of the
text (mentions, links, code and emoji reduced to placeholders, typos in the trigger verbs
corrected), plus lexical cues about who speaks, to whom, in which tense and tone."""

from __future__ import annotations

import re
import zlib
from collections.abc import Sequence
from functools import lru_cache
from itertools import chain, pairwise
from operator import itemgetter

from bot.routing.address import Addressing, vocative_name
from bot.routing.lexicon import Decision
from bot.text.gate import Gated, GateSet, alternatives, gated

CUE_WEIGHT = 3
DIM = 1 << 15  # hashed feature space; collisions cost little at this vocabulary size

# ---------------------------------------------------------------------------------------
# Typo tolerance: the verb families that carry a request, matched by edit distance.

_FAMILY_WORDS = (
    "research researching researched investigate investigating investigated investigation "
    "analyse analyze analysing analyzing explore exploring summarise summarize"
).split()
_FAMILY_TUPLE = tuple(_FAMILY_WORDS)
_FAMILY_BY_FIRST: dict[str, tuple[str, ...]] = {
    first: tuple(t for t in _FAMILY_WORDS if t[0] == first) for first in {t[0] for t in _FAMILY_WORDS}
}
# per family word, a table deleting its letters: what is left of another word is the letters
# the family word lacks
_NOT_IN = {target: str.maketrans("", "", target) for target in _FAMILY_WORDS}
# near neighbours of the family that are words in their own right
_REAL_WORDS = frozenset(
    "researcher researchers investigator investigators analyst analysts explorer explorers analysis "
    "analyses explorers summaries summary".split()
)
_SHORT_WORDS = ("into", "look", "dig", "dive", "find", "out", "can", "you", "deep", "deeper")


def _variants(word: str) -> set[str]:
    """Adjacent transpositions, doubled letters and single deletions of a short word ("itno",
    "loook", "lok")."""
    out = {word[:i] + word[i + 1] + word[i] + word[i + 2 :] for i in range(len(word) - 1)}
    out |= {word[: i + 1] + word[i:] for i in range(len(word))}
    if len(word) >= 4:
        out |= {word[:i] + word[i + 1 :] for i in range(len(word))}
    out.discard(word)
    return out


_SHORT_TYPOS: dict[str, str] = {}
for _w in _SHORT_WORDS:
    for _v in _variants(_w):
        _SHORT_TYPOS.setdefault(_v, _w)
for _real in (
    "dig",
    "did",
    "you",
    "yo",
    "ou",
    "an",
    "on",
    "no",
    "to",
    "in",
    "it",
    "lo",
    "do",
    "die",
    "fin",
    "int",
    "loo",
    "ind",
):
    _SHORT_TYPOS.pop(_real, None)  # real words are never typos of another word


def _distance(a: str, b: str, cap: int) -> int:
    """Damerau–Levenshtein (optimal string alignment) distance, giving up above ``cap``: the
    distance when it is at most ``cap``, else more than ``cap``. Only the cells within ``cap``
    of the diagonal are worked out (one further off is over ``cap`` already, and reaches a
    cell within the band only by an insertion or a deletion, so over ``cap`` there too)."""
    if abs(len(a) - len(b)) > cap:
        return cap + 1
    over = cap + 1
    n = len(b)
    prev2: list[int] = []
    prev = [j if j <= cap else over for j in range(n + 1)]
    for i, ca in enumerate(a, 1):
        cur = [over] * (n + 1)
        cur[0] = i if i <= cap else over
        low, high = max(1, i - cap), min(n, i + cap)
        for j in range(low, high + 1):
            cb = b[j - 1]
            best = min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (ca != cb))
            if i > 1 and j > 1 and ca == b[j - 2] and a[i - 2] == cb and prev2[j - 2] + 1 < best:
                best = prev2[j - 2] + 1
            cur[j] = best
        if min(cur) > cap:
            return over
        prev2, prev = prev, cur
    return prev[-1]


# Chat spellings of the question words ("wat does the day pass cost", "whos running it"):
# without them a question typed in a hurry reads as small talk.
_CHAT_SPELLINGS = {
    "wat": "what",
    "wut": "what",
    "wht": "what",
    "wats": "what's",
    "wot": "what",
    "wots": "what's",
    "waht": "what",
    "whta": "what",
    "whos": "who's",
    "wen": "when",
    "whens": "when's",
    "wher": "where",
    "wheres": "where's",
    "hw": "how",
    "hows": "how's",
    # text-speak for the words a request is made of ("someone shld rite up evrything abt…",
    # "wud be great if sumone cud…"): the modal and request words, never a content word
    "shld": "should",
    "shud": "should",
    "cud": "could",
    "cld": "could",
    "wud": "would",
    "wld": "would",
    "rite": "write",
    "sumone": "someone",
    "some1": "someone",
    "evrything": "everything",
    "everythin": "everything",
    "evry": "every",
    "thru": "through",
    "abt": "about",
}


# Words typed without the space between them ("dig intothe refund spike").
_RUN_TOGETHER = {"intothe": "into the", "lookinto": "look into", "diginto": "dig into", "inthe": "in the"}


@lru_cache(maxsize=8192)
def correct(word: str) -> str:
    """The family word a token is a typo of (or the question word a chat spelling stands
    for, or the words typed without their space), or the token itself."""
    if word in _CHAT_SPELLINGS:
        return _CHAT_SPELLINGS[word]
    if word in _RUN_TOGETHER:
        return _RUN_TOGETHER[word]
    if word in _SHORT_TYPOS:
        return _SHORT_TYPOS[word]
    if len(word) < 5 or not word.isalpha() or word in _REAL_WORDS:
        return word
    if word.startswith(_FAMILY_TUPLE):
        return word
    cap = 1 if len(word) < 7 else 2
    targets = _FAMILY_BY_FIRST.get(word[0], ())  # those with the word's first letter, in order
    not_in_word: dict[int, int | None] = str.maketrans("", "", word) if targets else {}
    for target in targets:
        if (
            abs(len(target) - len(word)) <= cap
            # each letter of the word that the target lacks costs an edit: more than ``cap``
            # of them and the distance is over it (``translate`` keeps only those letters);
            # and so does each letter of the target that the word lacks
            and len(word.translate(_NOT_IN[target])) <= cap
            and len(target.translate(not_in_word)) <= cap
            and _distance(word, target, cap) <= cap
        ):
            return target
    return word


_WORD = re.compile(r"[A-Za-z]+")


@lru_cache(maxsize=8192)
def _typo_fix(word: str) -> str:
    """What a word as typed is read as when it is a typo (``correct``), else ""."""
    low = word.lower()
    fixed = correct(low)
    return "" if fixed == low else fixed


# "y did the salt orchard show get cancelled": "y" before a verb opening a question is "why"
_Y_WHY = re.compile(
    r"^([\s>*_]*)y(?=\s+(?:did|was|were|is|are|do|does|has|have|would|wont|won't|didnt|didn't|isnt|isn't|"
    r"cant|can't|dont|don't|doesnt|doesn't|wasnt|wasn't)\b)",
    re.I,
)


@lru_cache(maxsize=16)  # the router reads a message's corrected text twice
def correct_typos(text: str) -> str:
    """The text with typos in the request verbs and chat spellings of the question words
    fixed ("reserach" → "research", "wat" → "what"), so the lexicon reads them too; every
    other character is kept."""
    text = _Y_WHY.sub(r"\1why", text) if text[:8].lower().lstrip(" \t>*_").startswith("y ") else text
    fixes = {word: fixed for word in _WORD.findall(text) if (fixed := _typo_fix(word))}
    if not fixes:  # most messages: no word to fix, the text as it is
        return text
    return _WORD.sub(lambda match: fixes.get(match.group(0)) or match.group(0), text)


# ---------------------------------------------------------------------------------------
# Text → tokens

_CODE_BLOCK = gated(r"```.*?```", re.S)
_CODE_SPAN = gated(r"`[^`\n]+`")
_LINK = gated(r"<(?:https?|mailto):[^>]*>|https?://\S+")
_MENTION_TOKEN = gated(r"(?<![\w@])@[\w.-]+")
_EMOJI_NAME = gated(r":([a-z0-9_+-]+):")
_TOKEN = re.compile(r"[a-z0-9]+(?:'[a-z]+)?|[^\w\s]", re.I)
_SKIN = re.compile("[\U0001f3fb-\U0001f3ff\ufe0f\u200d]")
_BRITISH = (
    (gated(r"(?<=[a-z])is(e|es|ed|ing|ation)\b"), r"iz\1"),
    (gated(r"ys(e|es|ed|ing)\b"), r"yz\1"),
)


# "put 'investigate damp complaints' in the diary": the quoted words name a card, a session or
# an earlier request; they are read as one placeholder, not as a request verb
_QUOTED_TRIGGER = gated(
    r"(?<![a-z])['\"“]([^'\"”\n]{0,40}\b(?:research|investigat|dig|look into|deep[ -]?dive|find out|"
    r"analy[sz]|go through|pull together|put together|compile)[^'\"”\n]{0,80})['\"”](?![a-z])"
)


# "> @mallory pull together everything on the leak\nthanks, just what I needed": a quoted line
# is an earlier message, not this one's request; it is read as one placeholder, which says
# whether the quote asked for work
QUOTE_LINE = re.compile(r"^[ \t]*(?:>|&gt;)[^\n]*", re.M)
_QUOTE_ASKS_WORK = gated(
    r"\b(?:research|investigat|dig|look into|deep[ -]?dive|find out|figure out|analy[sz]|go through|"
    r"pull together|put together|compile|summari[sz]|report|breakdown|timeline|compare)",
    re.I,
)


def _quote_placeholder(match: re.Match[str]) -> str:
    return " xquoteline xquotedwork " if _QUOTE_ASKS_WORK.search(match.group(0)) else " xquoteline "


def prepare(text: str) -> str:
    """Lower-case text with platform artefacts reduced to placeholder words."""
    if ">" in text or "&gt;" in text:
        text = QUOTE_LINE.sub(_quote_placeholder, text)
    text = _CODE_BLOCK.sub(" xcodeblock ", text)
    text = _CODE_SPAN.sub(" xcode ", text)
    text = _LINK.sub(" xlink ", text)
    text = _MENTION_TOKEN.sub(" xmention ", text)
    text = _EMOJI_NAME.sub(lambda m: f" xemoji_{m.group(1)} ", text)
    if not text.isascii():  # the skin tones, curly quotes and other question marks are not
        text = _SKIN.sub("", text).replace("’", "'").replace("‘", "'").replace("？", "?").replace("؟", "?")
    text = text.lower()
    for pattern, repl in _BRITISH:
        text = pattern.sub(repl, text)
    if "'" in text or '"' in text or "“" in text:  # the quotes the pattern opens with
        text = _QUOTED_TRIGGER.sub(" xquoted ", text)
    return text


# the same on text in lower-case ASCII, where ignoring case changes nothing and costs a
# lower-casing of each character tried
_TOKEN_ASCII = re.compile(r"[a-z0-9]+(?:'[a-z]+)?|[^\w\s]")


# a token as found → the words it is read as (``correct``): tokens come back message after message
_TOKEN_WORDS: dict[str, tuple[str, ...]] = {}


def _token_words(token: str) -> tuple[str, ...]:
    if len(_TOKEN_WORDS) >= 8192:
        _TOKEN_WORDS.clear()
    words = _TOKEN_WORDS[token] = tuple(correct(token).split()) if token.isalpha() else (token,)
    return words


def tokens(prepared: str) -> list[str]:
    find = _TOKEN_ASCII.findall if prepared.isascii() and prepared.lower() == prepared else _TOKEN.findall
    kept = _TOKEN_WORDS.get
    return [w for t in find(prepared) for w in kept(t) or _token_words(t)]  # never empty: ``or`` is safe


# ---------------------------------------------------------------------------------------
# Lexical cues (on the prepared text)

# what the status cue reads, and is not: a question after the news ("ctp's down who do i ring"),
# a word ending "-ed" that is no thing done ("running speed 16pp")
QUESTION_ASKED = r"\b(?:what|who|where|which|how)\s+(?:do|does|should|shall|can|could|would)\s+(?:i|we|u)\b"
# ... or a tally asked for at the end ("LGSRs completed 2024 total", "jobs closed this week count")
_ASKS_AFTER = rf"(?!.*{QUESTION_ASKED})(?!.*\b(?:total|totals|count|tally|how many)\W*$)"
_NOT_DONE = (
    r"(?!(?:speed|need|feed|seed|breed|bleed|greed|weed|hundred|thread|bread|allowed|permitted|required)\b)"
)

_CUES: dict[str, Gated] = {
    name: gated(pattern)  # matched against lower-cased text
    for name, pattern in {
        "first_person_start": r"^(?:(?:ok|so|yep|yeah|ah|hey)[\s,]+)?(?:i|i'm|im|i'll|ill|i've|ive|i'd|we|we're|we've|we'll|"
        r"let me|lemme|gonna|my|our|just|already|been|on it|currently|will|spent|finished|sat|taking|working|"
        r"digging|looking|researching|investigating|checked|did|wrote|reserached)\b",
        "first_person_any": r"\b(?:i'm|im|i'll|i've|i was|we're|we've|we'll|we were|let me|lemme|i am|i will)\b",
        "you_request": r"\b(?:(?:can|could|would|will|cna)\s+(?:you|u|ya)|please|pls|plz|mind|do the needful|kindly|be a star|need you to|want you to|"
        r"like you to|fancy|any chance you|any way you could|(?:one|either|any|both) of you|you both|you two)\b",
        "wish": r"\b(?:i'm after|(?:i|we)\s+(?:really\s+)?need\s+(?:a|an|the|some)|^need\s+(?:a|an|the|some)|(?:i|we)'?d\s+(?:really\s+)?(?:love|like|appreciate|be grateful|be chuffed)|would\s+(?:really\s+)?(?:love|be great|be good|"
        r"help|appreciate|be super helpful|be lovely|be amazing)|it'?d\s+be|really\s+need|(?:could|can)\s+(?:really\s+)?use|keen|"
        r"hoping|wondering if|i\s+(?:want|need)\s+(?:a|an|all|every|everything|to understand|to know|to get)|we\s+need\s+(?:a|an)|be great|"
        r"would be (?:handy|nice)|what would (?:really )?help|help me (?:understand|figure|make sense|work out|untangle|get)|"
        r"your help|any chance (?:of|you)|i wonder if|(?:would|will) you be able to)\b|"
        # the wish as a sentence of its own: "…? want a proper comparison"
        r"(?:^|[.?!:] )(?:want|need|would like|i'd like)\s+(?:a|an|some)\b",
        "question_end": r"\?\s*\W*$",
        "wh_start": r"^(?:what|what's|whats|who|who's|when|where|where's|which|why|how|is|are|has|have|"
        r"(?:does|do|did)\s+(?:you|u|we|i|they|he|she|it|anyone|anybody|our|the|this|that|these|those|[a-z]+s)\b)\b",
        "sarcasm": r"[🙃🙄😂😅🤦]|/s\b|\b(?:xemoji_upside_down_face|xemoji_eye_roll|xemoji_joy|lol\b|lmao\b|"
        r"again\b|for the \w+ time|oh (?:great|yes|yeah)|great idea|sure,? let'?s|yeah,? let'?s|"
        r"by all means|can'?t wait|famous last words|as usual|let'?s just|while we'?re at it|"
        r"meaning of life|committee|another (?:week|day|quarter|deep)|totally need|love how|"
        r"the annual|just what we needed|yes,? let'?s|said no (?:\w+ ){0,3}?ever)",
        "negation": r"\b(?:don'?t|do not|no need|not now|hold off|stop|never ?mind|won'?t|shouldn'?t|no point|"
        r"not needed|no research needed|let'?s not|don'?t bother)\b",
        "past_time": r"\b(?:yesterday|last (?:week|month|year|quarter|night)|already|ago|this morning|overnight)\b",
        "about_bot": r"\b(?:you|your|you're|u)\b(?:\s+\S+){0,4}?\s+(?:access|model|running|version|able|support|store|see|remember|"
        r"built|context window|cost|speak|understand|decide|get your|languages?|limit|browse|bot|chatgpt|claude|gpt|"
        r"on your own|over the weekend|in the background|things|stuff)\b|\bhow do i\b.*\byou\b|^(?:what|how) (?:can|do) you\b|"
        r"\bwhich (?:knowledge base|model)\b|\bthis bot\b",
        "lets": r"\blet'?s\b",
        "reported": r"^(?!(?:what|who|where|when|why|how|which|is|are|do|does|did|can|could|would|will|should)\b)(?:[a-z]+(?:'s)?|the \w+(?: \w+)?|legal|ops|support|apparently|heard that|my \w+(?: \w+)?|our \w+)\s+"
        r"(?:said|says|is|was|will|'s|mentioned|told|asked|already|offered|wants|keeps|escalated|found|are|"
        r"researching|investigating|looking|digging)\b",
        "noun_before_trigger": r"\b(?:the|this|that|our|their|a|an|each|new|some|any|my|your)\s+(?:\w+\s+)?(?:research|investigation|"
        r"deep dive|deep-dive|analysis|trace|report|write-up|investigations|deep dives)\b",
        "noun_subject": r"^(?:(?:the|our|new|monthly|weekly|this|that)\s+)?(?:\w+\s+)?(?:research|investigation|"
        r"deep dive|deep-dive|analysis|report)\s+(?:\w+\s+){0,3}?(?:is|are|was|were|got|has|have|puts|says|shows|"
        r"moved|went|recording|doc|docs|notes|deck|channel|team|sync|review|budget|from|out|concluded)\b",
        "time_slot": r"\b(?:\d{1,2}(?::\d\d)?\s*(?:am|pm)|today|tomorrow|monday|tuesday|wednesday|thursday|friday|"
        r"next (?:week|month)|moved|cancell?ed|rescheduled|is at|at \d)\b",
        "imperative_start": r"^(?:(?:hey|hi|ok|so|mallory)[\s,:]+)*(?:research|investigate|look|dig|find|figure|trace|do (?:some|a|an)|"
        r"explore|analyze|analyse|get|pull|compile|summarize|summarise|scour|hunt|track|go|take|write|put|deep|"
        r"work|check|start|run|need you|/investigate)\b",
        "work_noun": r"\b(?:write-?up|rundown|run-down|overview|summary|timeline|deep dive|deep-dive|report|brief|briefing|"
        r"analysis|breakdown|picture|story|history|doc|look(?! up)|investigation|take|comparison|shortlist|pros and cons|"
        r"round-?up|landscape)\b",
        "work_verb": r"\b(?:work out|piece together|untangle|suss out|chase down|get to the bottom|sort out|map out|"
        r"pull (?:that |it |this )?together|put (?:that |it |one )?together|dig up|dig through|go through|comb through|"
        r"find everything|get up to speed|brief me|compare|understand|read up|write (?:it|this|that|them) up|"
        r"what's out there|whats out there|shop around|weigh up|scope out|size up|look around for|survey|"
        r"know everything|everything there is|the full story|the whole story)\b",
        "capability_verb": r"\b(?:can|could|do|will|are)\s+(?:you|u)\s+(?:\w+\s+)?(?:access|see|read(?!\s+up)|browse|support|speak|"
        r"understand|remember|store|handle|connect|integrate|be added|talk to|run|work with|able|search|use|look up|"
        r"post|join|reply)\b|\b(?:mallory|the bot|this bot|you)\s+(?:have|has|get|got)\s+access\b|"
        r"\bwhat (?:kinds?|sorts?|types?) of (?:things|stuff|questions|topics)\b|"
        r"\b(?:built|made|created|trained|pays? for|add|using|running)\s+(?:you|your)\b|\bare you\b|\byour\s+(?:\w+\s+)?"
        r"(?:model|version|context|api|memory|limit|data|investigations|answers)\b|\bhow do i\b.*\byou\b",
        # "can you write bids too or just find info?", "does mallory check case law or only our notes?"
        # (a pattern of its own: anchored, it is tried once, not at every position)
        "capability_verb@start": r"^(?:\w+\s+){0,2}?(?:can|could|do|does|is|are|will)\s+(?:you|u|mallory|the bot|it)\b(?:.*\bor\b(?:\s+\S+){0,4}?\s+(?:just|only)\b|"
        r".*\b(?:yourself|itself|on (?:your|its) own)\b.*\bor\b|\s+(?:only|just)\b.*\bor\b)",
        "social": r"\b(?:anyone|anybody|everyone|y'all|folks|you all)\b(?!\s+know)|\b(?:lunch|coffee|drinks|dinner|"
        r"pizza|weekend|tonight|beer|party|snacks|birthday|holiday plans|cake|biscuits|leaving do|leaving drinks|"
        r"farewell|pub|quiz|karaoke|secret santa|bake off)\b|[😅😂🎉☕]|"
        # coordinating people, not asking for facts: "who wants to…", "are you coming to…"
        r"^who(?:'s| is)?\s+(?:wants|fancies|up for|coming|joining|in the office|around|free|bringing|"
        r"organi[sz]ing|going|driving|hosting)\b|^who(?:'s| has)?\s+(?:ate|eaten|took|taken|nicked|stole|made|baked|brought|finished|left)\b"
        r"(?=.*(?:\?\?|!|[\U0001f600-\U0001f64f\U0001f910-\U0001f9ff]|amazing|delicious|lovely|yum|fridge|biscuit|cake|milk))|^(?:are|is)\s+(?:you|anyone|anybody|we|everyone)\s+"
        r"(?:\w+\s+)?(?:coming|going|joining|doing|around|free|in|up for|still on)\b",
        # errands for whoever is in the building: "grab the post on your way in"
        "errand": r"\bon (?:your|the|my) way (?:in|out|back|home|over|past)\b|\bwhen you'?re (?:in|back|here|passing|around)\b|"
        r"\bwhile (?:i'?m|you'?re|we'?re) (?:away|out|off|there)\b|\b(?:grab|pick up|drop off|water|feed)\s+(?:the|my|our|some|a)\b|"
        r"\b(?:in|on|to|into)\s+(?:my|the|our|your)\s+(?:calendar|diary|list|agenda|minutes|to-?do(?: list)?|rota|planner)\b",
        # a task in the world, not a question: "order 2 pallets of caps", "ring the council",
        # "book me on the course", "put it in my calendar"
        "errand@start": r"^(?:(?:pls|please|can you|could you|ok|so)[\s,]+)?(?:"
        # ("reorder level …", "order status …": the thing's name, not the task)
        r"(?:order|re-?order)(?!\s+(?:levels?|points?|quantity|qty|threshold|number|no|ref|status|history|form|"
        r"date|minimums?|min|value|limits?)\b)|"
        # ("phone number for the sprinter driver", "email address for the plumber": the
        # thing asked for, not the task)
        r"(?:phone|e-?mail|text)(?!\s+(?:numbers?|nos?|no\.|address(?:es)?|contacts?|details)\b)|"
        r"chase|invite|ping|forward|stick|cancel|reschedule|sign me up|add me|"
        # verbs that are nouns too ("pay rates", "play area hours", "book club members discount",
        # "post-op patients hydro pool rule", "ring road shut") only before what they act on
        r"(?:log|play|arrange|schedule|set up|pay|renew|file|call|ring|book|buy|print|post)(?=\s+(?:a|an|the|my|our|his|her|"
        r"their|this|that|these|those|it|them|him|me|us|back|round|more|some|another|\d+)\b)|"
        # "send the tenant the cert via email" is an errand; "send the checklist for spays" asks for it
        r"send(?!\s+(?:me|us)\b)(?=.*\b(?:to|via|by|over to)\b)|"
        r"let \w+ know|tell \w+(?<!\bme)(?<!\bus)(?= that| to| the| we| i| about))"
        r"\s+(?!(?:up|down|out)\b)",
        # the question comes last, after news or thanks: "back from the service, all went smoothly.
        # quick one — what's our standard charge for a weekend viewing?"
        "last_wh_question": r"(?:[.!:;,—–-]\s+|\bone\s+)(?:what|what's|whats|who|who's|whos|when|where|where's|which|how)\b[^.!?]*\?\s*\W*$",
        "deliberation": r"\b(?:we should|should we|maybe we|we could|we might|someone should)\b",
        "quick_only": r"\b(?:just tell me|just answer|quick one|quick q|quick question)\b|"
        r"\b(?:no need to|don'?t|do not|not asking you to|without|no)\s+(?:\w+\s+)?(?:research|dig|investigat\w*|deep dive|"
        r"look into|digging|researching)\b.*\b(?:just|what|what's|who|who's|where|when|which|how)\b",
        "you_question": r"^(?!.*\b(?:can|could|would|will)\s+(?:you|u)\s+(?:please\s+|pls\s+)?(?:\w+\s+)?(?:research|investigate|"
        r"look|dig|find|figure|trace|pull|put|work|help|get|summari[sz]e|compile|explore|analy[sz]e|check|go|take|sort|"
        r"chase|write|map|piece)\b).*\b(?:you|your|u)\b.*\?|\b(?:button|this bot|the bot)\b",
        "future_self": r"\b(?:i'll|i will|we'll|we will|i'm going to|we're going to|gonna|let me|lemme|will)\b",
        "multi_sentence": r"[.!?:]\s+\w.*[.!?]|\n",
        # an indirect question: "could you tell me who owns search?", "do you know if we support SAML?"
        "indirect_question": r"\b(?:can|could|would)\s+(?:you|u)\s+(?:please\s+)?(?:tell|remind|show)\s+(?:me|us)\s+"
        r"(?:what|who|who's|where|when|which|how|if|whether)\b|\b(?:do|does)\s+(?:you|u|anyone|anybody)\s+know\s+"
        r"(?:if|whether|what|who|who's|where|when|which|why)\b",
        # "how do i make cold brew", "how long is the notice period": asks how, wants an answer
        "how_question": r"^(?:(?:hey|hi|so|ok|quick q|quick one|q)\s*[,:]?\s*)?how\s+(?:do|does|can|could|should|would|to|"
        r"long|many|much|often|far|big|old|soon)\b",
        # "look up the number for…", "find me the onboarding doc", "link to the rota": fetch a thing
        "fetch": r"\b(?:look\s+up\s+(?!(?:things|stuff|anything|something|the web|online|info)\b)|find\s+(?:me|us)\s+(?:the|a|an|our|that)|link\s+to|send\s+(?:me|us)\s+(?:the|a)|"
        r"where(?:'s|s| is| are| do i find| can i find)|what's the (?:link|url|number|address|password|code|extension|"
        r"email|name|date|deadline)|whats the (?:link|url|number|password|code))\b",
        # the bot in the third person: "can mallory read PDFs?", "does the bot remember threads"
        "bot_third_person": r"\b(?:can|could|does|do|will|is|would)\s+(?:mallory|the bot|this bot)\s+(?:\w+\s+)?"
        r"(?:read|access|see|handle|search|browse|remember|understand|speak|open|use|post|join|reply|talk|"
        r"know|learn|store|keep|cope|work|support|run|be)\b",
        # asks for a produced piece of work: "a full breakdown of…", "rank our suppliers by…",
        # "go through all of…", "read back through the thread and pull out…"
        "artefact": r"\b(?:make|prepare|produce|build|draw up|put together|pull together|write|compile|give me|get me|"
        r"can i get|could i get|can we get|do|send me|needing|need|want|after)\s+(?:me\s+|us\s+)?(?:a|an|the|some|one|"
        r"full|complete|proper|quick|short)?\s*(?:full\s+|complete\s+|proper\s+|detailed\s+|side-by-side\s+)?"
        r"(?:timeline|breakdown|ranking|comparison|report|rundown|run-down|summary|table|overview|analysis|"
        r"write-?up|briefing|brief|recommendation|shortlist|list of|chronology|tally|audit|review|lit search|"
        r"literature search|search)\b|"
        r"^(?:(?:pls|please|mallory|ok|so|hey|hi)[\s,:]+)*(?:rank|compare|cross-check|crosscheck|tally|list all|"
        r"chart|tabulate|map|reconcile|benchmark|audit|collate)\b|"
        r"\b(?:go|read|look|work|trawl|sift)\s+(?:back\s+)?through\s+(?:(?:all|every|the|our|each|last)\b|#)|"
        r"\bpull\s+out\s+(?:every|all|the|any)\b|\bwith\s+(?:a|your)\s+recommendation\b|"
        # "dig out everything we've got on…", "revert with everything we hold on…", "broken down by
        # ward", "a literature survey on…", "list them with scene numbers", "need projections for each"
        r"\b(?:dig|root|hunt)\s+out\b|\beverything\s+(?:we|you|there)\s*(?:'ve|have|hold|keep|'ve got|got|know|is)\b|"
        r"\bbr(?:eak|oken)\s+(?:it\s+|them\s+|this\s+)?down\b|\b(?:literature|lit)\s+(?:survey|review|search)\b|"
        r"\b(?:list|flag|tally)\s+(?:them|every|everything|all|each|any)\b|"
        r"\bneed\s+(?:the\s+)?(?:full\s+|complete\s+)?(?:list|projections|estimates|figures for each|numbers for each)\b|"
        r"\b(?:full|complete|whole)\s+(?:history|list|picture|background)\s+of\b|\b(?:detailed|proper)\s+(?:note|paper|review)\s+on\b|"
        r"\b(?:look at|work out|figure out|find out)\s+whether\b|\bsummari[sz]ed\b|\brank\s+(?:our|the|all|every)\b.*\bby\b|"
        r"\b(?:and|then)\s+(?:recommend|flag|rank)\b|"
        # the artefact named on its own: "full breakdown of returns by store", "a timeline of…"
        r"^(?:(?:pls|please|mallory|ok|so|hey|hi)[\s,:]+)*(?:a|an|the)?\s*(?:full|complete|proper|detailed|quick)?\s*"
        r"(?:timeline|breakdown|ranking|comparison|report|rundown|run-down|chronology|tally|write-?up|overview)\s+"
        r"(?:of|on|for|about|comparing)\b",
        # a report of how things stand, asking nothing: "mass spec back up and calibrated",
        # "planning portal down till 3pm", "bundles couriered"
        "status": rf"^(?!.*\?){_ASKS_AFTER}(?!(?:what|who|when|where|which|why|how|is|are|does|do|did|can|could|would|any)\b).*\b(?:done|fixed|"
        r"repaired|serviced|sorted|delivered|arrived|cancell?ed|closed|shut|(?<!break )(?<!broken )down|back up|back on|back online|stood down|"
        r"booked|finished|completed|signed off|approved|calibrated|couriered|running again|up and running|all good|"
        r"resolved|reopened|fully booked|went out|gone out|submitted|live now|is live|on site|went live|off sick|locked|"
        r"sent|sending|printed|gone to print|in the post|on the way|en route|landed)\b|"
        # the shape of a report: a thing, then what happened to it, clause after clause ("keys
        # handed over at 14 Carver St, inventory signed", "job commissioned, 12kW live")
        rf"^(?!.*\?){_ASKS_AFTER}(?!(?:what|who|when|where|which|why|how|is|are|does|do|did|can|could|would|any|pls|please|"
        r"need|want|i|we|you)\b)(?!.*\b(?:still|or)\b)(?:.*[,;]\s*)?"
        r"(?!\s*(?:what|who|which|how|when|where|why|i|we|you|they|he|she|it|that|this)\b)[^,;]*?\b[a-z0-9]+\s+"
        rf"(?:{_NOT_DONE}[a-z]{{3,}}ed|live|ready|easing|in place|underway)"
        r"(?:\s+(?:over|off|up|out|in|back))?(?=\s*(?:$|[,;.]|\s(?:at|by|on|to|for|and|ready|no|with|\d)))",
        # a terse check whether a fact still holds: "inset day 3rd jan still or was it moved",
        # "weekend rate still £18 or has it gone up", "CMM due date, did it get pushed"
        "still_or": r"\bstill\b.*\bor\b|\bor\s+(?:has|have|was|were|is|did)\s+(?:it|that|this|they|he|she)\b|"
        r"\bor\s+(?:updated|changed|moved)\b|\b(?:did|didn'?t)\s+(?:it|that|this)\s+(?:get|change|move)\b",
        # asks what became of an investigation already run: "what came of the shrinkage
        # investigation", "the collision investigation, signed off yet?"
        "asks_outcome": r"\b(?:what came of|outcome|signed off|conclude[ds]?|did it (?:say|find|show|conclude)|end(?:ed)? up|"
        r"any (?:news|update|result)s? on|result of|findings? of|come back|back yet|finished yet|yet)\b",
        # what is left once a refusal is read off: "(no need to dig,) just the deposit %"
        "just_the": r"^(?:(?:i|we)\s+)?(?:just|only|simply)\s+(?:(?:need|want|after|give me|tell me)\s+)?"
        r"(?:the|a|an|what|who|when|where|which|how|our|its?|their|current|latest)\b|"
        r"^(?:(?:i|we)\s+)?(?:only|just)\s+need\b",
        # takes over someone's unfinished work: "can you finish it off", "take it on"
        "handoff": r"\b(?:finish|complete|take over|pick up|carry on|take on)\s+(?:it|that|this|the \w+|what \w+)"
        r"(?:\s+(?:off|on|properly|for (?:me|us|her|him|them)))?\b|\btake it on\b",
        # a trigger inside quotes names a session, a note or a card, not a request
        "quoted_trigger": r"\bxquoted\b",
        "able_to_work": r"\bable\s+to\s+(?:research|investigate|look\s+into|dig|find\s+out|figure\s+out|compile|"
        r"put\s+together|pull\s+together|summari[sz]e|analy[sz]e|work\s+out|compare)\s+"
        r"(?!(?:things|stuff|anything|something|topics|the web|online|for me)\b)\w+",
    }.items()
}
# Team chats switch language now and then; the question words and the polite request forms of
# a few European languages, matched on the prepared text (accents kept).
_FOREIGN: dict[str, Gated] = {
    "foreign_question": gated(
        r"^(?:¿\s*)?(?:wie|wo|wann|wer|welche[rsnm]?|warum|wieso|gibt es|hast du|habt ihr|haben wir|"
        r"qu[eé]|cu[aá]l(?:es)?|c[oó]mo|d[oó]nde|cu[aá]ndo|qui[eé]n(?:es)?|cu[aá]nt[oa]s?|hay|"
        r"o[uù]|quand|quel(?:le)?s?|pourquoi|est-ce que|combien|c'est quoi|"
        r"onde|quando|quem|qual|quanto|hoe|waar|wanneer|welke|waarom)\b|[¿]"
    ),
    "foreign_request": gated(
        r"\b(?:kannst du|k[öo]nntest du|k[öo]nnen sie|k[öo]nnten sie|bitte|peux-tu|pourrais-tu|pouvez-vous|"
        r"pourriez-vous|s'il (?:te|vous) pla[iî]t|puedes|podr[ií]as|puede usted|por favor|podes|pode|"
        r"kun je|zou je|alsjeblieft|mo[żz]esz|mo[żz]ecie|czy m[óo]g[łl]by[śs]|prosz[ęe]|"
        r"kar sakte ho|kar sakti ho|kar sakte hain|kar do|bana sakte ho|bata sakte ho|kijiye|karo na)\b"
    ),
    # only the forms English does not share ("investigate", "analyse", "resume" and "résumé"
    # are English words); "analyser" stays for French, the English noun is rare in chat
    "foreign_research": gated(
        r"\b(?:recherch(?:e|er|ez|es|ieren|iere|iert|iertst)|untersuch\w*|nachforsch\w*|herausfind\w*|"
        r"investig(?:ar|a|as|ue|uen|ues|ación|aciones|ação|ações|ieren|iere|iert)|"
        r"analys(?:ieren|iere|iert|er|ez|ons)|anali[sz](?:ar|a|as|e|en|em|ou|ó)|"
        r"averigu\w*|cherch(?:e|er|ez|es|ons)|busca\w*|pesquis\w*|zusammenfass\w*|"
        r"r[ée]sum(?:er|ez|ir|en|o|a|iendo|ons)|résume|onderzo\w*|uitzoek\w*|"
        # the produced piece of work: a comparison, summary, report, breakdown
        r"comparaci[óo]n|comparativa|resumen|informe|an[áa]lisis|podsumowani\w*|zestawieni\w*|por[óo]wnani\w*|"
        r"raport\w*|przeanalizuj\w*|przejrze\w*|zbada\w*|vergleich\w*|bericht|[üu]bersicht|comparatif|rapport|synth[èe]se)\b"
    ),
}

_FOREIGN_THANKS = gated(
    r"\b(?:gracias|danke|dankesch[öo]n|merci|grazie|obrigad[oa]|bedankt|dank je|dzi[ęe]kuj\w*|dzi[ęe]ki|"
    r"shukriya|dhanyavaad|tack|takk|kiitos|te[șs]ekk[üu]rler|spasibo|спасибо|дякую|شكرا|धन्यवाद)\b"
)
_FOREIGN_AS = {
    "foreign_question": "wh_start",
    "foreign_request": "you_request",
    "foreign_research": "work_verb",
}


def foreign_cues(prepared: str) -> set[str]:
    """The other-language cues (question word, polite request, research verb) a prepared
    message shows, each pattern read whole. The router reads them in parts, in its one pass
    over the prepared text (``_cues_and_foreign``); this is the plain reading it must equal."""
    return {name for name, pattern in _FOREIGN.items() if pattern.search(prepared)}


_PAIRS = [
    ("cue:wish", "cue:work_noun"),
    ("cue:wish", "cue:work_verb"),
    ("cue:you_request", "cue:work_verb"),
    ("cue:you_request", "cue:work_noun"),
    ("cue:first_person_start", "cue:future_self"),
    ("cue:sarcasm", "cue:lets"),
    ("cue:deliberation", "cue:sarcasm"),
    ("cue:question_end", "cue:you_question"),
    ("cue:imperative_start", "cue:question_end"),
    ("cue:foreign_request", "cue:foreign_research"),
    ("cue:how_question", "cue:social"),
    ("cue:you_request", "cue:artefact"),
    ("cue:you_request", "cue:handoff"),
    ("cue:quick_only", "cue:names_things"),
    ("cue:first_person_start", "cue:artefact"),
    ("cue:wish", "cue:artefact"),
    ("cue:names_things", "cue:artefact"),
    ("cue:noun_before_trigger", "cue:question_end"),
    ("cue:noun_before_trigger", "cue:asks_outcome"),
    ("cue:quick_only", "cue:just_the"),
]


# Words that make a message say something or ask something of a person: verbs that carry a
# sentence, pronouns, greetings and reactions. A message with none of them only names things
# ("backup generator runtime at site B", "Lindley Trust grant end date"): a look-up.
_SAYS_SOMETHING = frozenset(
    """i me my mine you your u ya we us he him his she her they them their it's its im i'm ive i've
    is are was were be been being am do does did done doing have has had will would shall should can
    could may might must gonna wanna let lets let's go going gone went come coming came get got
    getting make made need needs want wants think thought know knew see saw say said tell told ask
    asked thanks thank thx ty cheers lol haha hi hey hello morning evening ok okay yes no yep
    nope yeah nah sure cool nice great awesome sorry please pls plz love hate like fyi btw omg wow
    just also again already done fixed back off out it this that there here put book send grab check
    remind add move call ring email bring take give keep tell""".split()
)


def names_things(toks: list[str]) -> bool:
    """The message names things and asks nothing of a person: two to twelve words, none of
    them a verb of a sentence, a pronoun, a greeting or a reaction, and no exclamation."""
    return _names_only(toks, [t for t in toks if t.isalpha()])


def _names_only(toks: Sequence[str], words: list[str]) -> bool:
    """``names_things(toks)``, given the tokens' words of letters only."""
    if not 2 <= len(words) <= 12 or "!" in toks or any("'" in t or t.startswith("xemoji") for t in toks):
        return False
    return _SAYS_SOMETHING.isdisjoint(words)


_HASHED: dict[str, int] = {}  # feature → index: the n-grams of words come back message after message
_HASHED_KEPT = 100_000  # some 15 MB at most; cleared when full


def _hash(feature: str) -> int:
    index = _HASHED.get(feature)
    if index is None:
        if len(_HASHED) >= _HASHED_KEPT:
            _HASHED.clear()
        index = _HASHED[feature] = zlib.crc32(feature.encode()) & (DIM - 1)
    return index


_BIAS = _hash("bias")
_GRAM_PREFIX = zlib.crc32(b"c:")
_WORD_PREFIX = zlib.crc32(b"w:")
# a word → the index of its word feature, those of its letter 4-grams (words of four letters
# or more), and for the pairs of words: the running crc32 of "b:<word> " (a pair's feature
# "b:<a> <b>" is then crc32(<b>, that of <a>), without the string) and the word's bytes.
# Words come back message after message.
_WORD_FEATURES: dict[str, tuple[int, tuple[int, ...], int, bytes]] = {}


def _word_features(word: str) -> tuple[int, tuple[int, ...], int, bytes]:
    if len(_WORD_FEATURES) >= _HASHED_KEPT:
        _WORD_FEATURES.clear()
    grams: tuple[int, ...] = ()
    encoded = word.encode()
    if len(word) >= 4 and word.isalpha() and word.isascii():
        # "c:<gram>" hashed as the running crc32 of "c:" over the gram's bytes (one byte a letter)
        padded_bytes, crc32, mask = b"<" + encoded + b">", zlib.crc32, DIM - 1
        grams = tuple(
            crc32(padded_bytes[i : i + 4], _GRAM_PREFIX) & mask for i in range(len(padded_bytes) - 3)
        )
    elif len(word) >= 4 and word.isalpha():
        padded = f"<{word}>"
        known = _HASHED.get  # most letter 4-grams were hashed before: looked up without a call
        grams = tuple(
            index if (index := known(gram)) is not None else _hash(gram)
            for gram in ["c:" + padded[i : i + 4] for i in range(len(padded) - 3)]
        )
    found = _WORD_FEATURES[word] = (
        zlib.crc32(encoded, _WORD_PREFIX) & (DIM - 1),  # "w:<word>", as the 4-grams
        grams,
        zlib.crc32(f"b:{word} ".encode()),
        encoded,
    )
    return found


_START = _word_features("^")  # the pairs' ends: "b:^ <first word>", "b:<last word> $"
_END = _word_features("$")


# The cues as read: each top-level alternative of a cue's pattern on its own (a text shows
# the cue when it has a match of one of them), so each is gated by its own strings; the
# gates of all of them are looked for in one pass over the text (``GateSet``). Two cues read
# the prepared text, the others the tokens joined.
_ON_PREPARED = frozenset({"multi_sentence", "question_end"})


def _cue_parts(on_prepared: bool) -> tuple[tuple[str, ...], tuple[re.Pattern[str], ...]]:
    names: list[str] = []
    parts: list[re.Pattern[str]] = []
    if on_prepared:  # thanks in another language: chat, as in English
        names.append("social")
        parts.append(_FOREIGN_THANKS.regex)
    for key, pattern in _CUES.items():
        name = key.partition("@")[0]
        if (name in _ON_PREPARED) is on_prepared:
            for part in alternatives(pattern.pattern):
                names.append(name)
                parts.append(re.compile(part))
    return tuple(names), tuple(parts)


_JOINED_NAMES, _JOINED_PARTS = _cue_parts(False)
_PREPARED_NAMES, _PREPARED_PARTS = _cue_parts(True)
_JOINED_GATES = GateSet(list(_JOINED_PARTS))
# the prepared text's cue parts and, after them, the other-language cues (``foreign_cues``):
# their gates looked for in one pass over the prepared text
# (each other-language cue split into its top-level alternatives too: "¿" alone is one, and
# the question words, anchored at the start, another, which ``re`` tries once, not at every
# position)
_FOREIGN_SPLIT = [
    (name, part) for name, pattern in _FOREIGN.items() for part in alternatives(pattern.pattern)
]
_FOREIGN_PART_NAMES = tuple(name for name, _ in _FOREIGN_SPLIT)
_FOREIGN_PARTS = tuple(re.compile(part, _FOREIGN[name].regex.flags) for name, part in _FOREIGN_SPLIT)
_ON_PREPARED_GATES = GateSet([*_PREPARED_PARTS, *_FOREIGN_PARTS])
_N_PREPARED = len(_PREPARED_PARTS)


def cue_names(prepared: str, toks: list[str]) -> set[str]:
    """The lexical cues a prepared message shows (their names, without the prefix; a cue
    spelled as several patterns, "name@part", is shown once by its name)."""
    return _cues_and_foreign(prepared, toks)[0]


def _cues_and_foreign(prepared: str, toks: list[str]) -> tuple[set[str], set[str]]:
    """``cue_names(prepared, toks)`` and ``foreign_cues(prepared)``."""
    joined = " ".join(toks)
    found: set[str] = set()
    for i in _JOINED_GATES.opened(joined):  # the order does not change what is found
        name = _JOINED_NAMES[i]
        if name not in found and _JOINED_PARTS[i].search(joined) is not None:
            found.add(name)
    foreign: set[str] = set()
    regexes = _ON_PREPARED_GATES.regexes
    for i in _ON_PREPARED_GATES.opened(prepared):
        if i < _N_PREPARED:
            name = _PREPARED_NAMES[i]
            if name not in found and regexes[i].search(prepared) is not None:
                found.add(name)
        elif _FOREIGN_PART_NAMES[i - _N_PREPARED] not in foreign and regexes[i].search(prepared) is not None:
            foreign.add(_FOREIGN_PART_NAMES[i - _N_PREPARED])
    return found, foreign


@lru_cache(maxsize=256)
def _reading(text: str) -> tuple[str, tuple[str, ...], frozenset[str], frozenset[str]]:
    """A message prepared, its tokens, its cues and its other-language cues: the model's
    features and the router's rules read the same message, once."""
    prepared = prepare(text)
    toks = tokens(prepared)
    cues, foreign = _cues_and_foreign(prepared, toks)
    if "social" in cues and _RULE_NOUN.search(prepared) and names_things(toks):
        # "drinks in auditorium policy", "staff lunch allowance": the social word names
        # what a rule is about, not a get-together
        cues.discard("social")
    return prepared, tuple(toks), frozenset(cues), frozenset(foreign)


_RULE_NOUN = re.compile(
    r"\b(?:polic(?:y|ies)|rules?|procedures?|allowance|allowed|permitted|limits?|prices?|price list|rates?|"
    r"licen[cs]e|allergens?|supplier|stock|order form|spec|menu)\b",
    re.I,
)


def cues_of(text: str) -> frozenset[str]:
    """The lexical cues of a message as the learned router reads it."""
    return _reading(text)[2]


# the features after the words' (the cues, the lexicon's, the addressing, the length) as indices,
# kept per what they are made of: messages show the same few combinations again and again
# (cues, other-language cues, a vocative name, names things only, the lexicon's route, sure,
# guard, trigger, recall, the bot named, others named, addressed elsewhere, length)
_TailKey = tuple[
    frozenset[str], frozenset[str], bool, bool, str, bool, str | None, bool, bool, bool, bool, bool, str
]
_TAILS: dict[_TailKey, tuple[int, ...]] = {}
_TAILS_KEPT = 4096
_PAIRS_BY_FIRST: dict[str, tuple[tuple[str, str], ...]] = {}
for _a, _b in _PAIRS:
    _PAIRS_BY_FIRST[_a] = (*_PAIRS_BY_FIRST.get(_a, ()), (_b, f"pair:{_a}&{_b}"))
_WORD_INDEX = itemgetter(0)
_WORD_GRAMS = itemgetter(1)


def featurize(text: str, addressing: Addressing, lexicon: Decision, *, elsewhere: bool) -> list[int]:
    """The active feature indices of one message (binary features, repeated for counts)."""
    _, toks, cue_set, foreign = _reading(text)
    # the features in this order (the model adds their weights in it): the bias, each word,
    # each pair of words, each word's letter 4-grams, the cues, the lexicon's, the addressing
    # and the length; a word's own features are hashed once (``_word_features``)
    kept = _WORD_FEATURES.get
    per_word = [found if (found := kept(t)) is not None else _word_features(t) for t in toks]
    # each pair of words, "b:<a> <b>" hashed as the running crc32 of <a>'s "b:<a> " over <b>
    words = [_START, *per_word, _END]
    crc32, mask = zlib.crc32, DIM - 1
    pair_indices = [crc32(b[3], a[2]) & mask for a, b in pairwise(words)]
    letters = list(filter(str.isalpha, toks))
    n = len(letters)
    key: _TailKey = (
        cue_set,
        foreign,
        bool(vocative_name(text)),
        _names_only(toks, letters),
        lexicon.route.value,
        lexicon.sure,
        lexicon.guard,
        bool(lexicon.trigger),
        lexicon.recall,
        addressing.bot_named,
        bool(addressing.others),
        elsewhere,
        "1" if n <= 3 else "2" if n <= 8 else "3" if n <= 20 else "4",
    )
    tail = _TAILS.get(key)
    if tail is None:
        if len(_TAILS) >= _TAILS_KEPT:
            _TAILS.clear()
        tail = _TAILS[key] = _tail(*key)
    return [
        _BIAS,
        *map(_WORD_INDEX, per_word),
        *pair_indices,
        *chain.from_iterable(map(_WORD_GRAMS, per_word)),
        *tail,
    ]


def _tail(
    cue_set: frozenset[str],
    foreign: frozenset[str],
    vocative: bool,
    only_names: bool,
    route: str,
    sure: bool,
    guard: str | None,
    trigger: bool,
    recall: bool,
    bot_named: bool,
    others: bool,
    elsewhere: bool,
    size: str,
) -> tuple[int, ...]:
    """The indices of the features after the words' (``featurize``'s key: what they are made of)."""
    feats: list[str] = []
    cues = {"cue:" + name for name in cue_set}
    if cues & {"cue:able_to_work", "cue:fetch"} and guard != "capability":
        # "are you able to dig into why X…", "can you look up who audits us" ask for X, not
        # about what Mallory can do
        cues -= {"cue:about_bot", "cue:capability_verb"}
    # the cues the English examples already taught the model, so a handful of examples per
    # language is enough
    cues |= {"cue:" + _FOREIGN_AS[name] for name in foreign} | {"cue:" + name for name in foreign}
    if vocative:
        cues.add("cue:vocative_name")
    if only_names:
        cues.add("cue:names_things")
    # a linear model needs the pairs that mean a request spelled out for it
    cues |= {pair for a in cues if a in _PAIRS_BY_FIRST for b, pair in _PAIRS_BY_FIRST[a] if b in cues}
    # cues count CUE_WEIGHT times: they generalise where n-grams memorise, so they should
    # not have to win against the n-grams' number
    feats.extend(sorted(cues))
    lex = ["lex:" + route]
    if sure:
        lex.append("lex:sure:" + route)
    if guard:
        lex.append("lex:guard:" + guard)
    if trigger:
        lex.append("lex:trigger")
    if recall:
        lex.append("lex:recall")
    feats.extend(lex)
    counted = len(feats)  # the cues' and the lexicon's: each hashed once, counted CUE_WEIGHT times
    if bot_named:
        feats.append("addr:bot")
    if others:
        feats.append("addr:others")
    if elsewhere:
        feats.append("addr:elsewhere")
    feats.append(f"len:{size}")
    hashed = [_hash(f) for f in feats]
    n_cues = counted - len(lex)
    return (
        *hashed[:n_cues] * CUE_WEIGHT,
        *hashed[n_cues:counted] * CUE_WEIGHT,
        *hashed[counted:],
    )
