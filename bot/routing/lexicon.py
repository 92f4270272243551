"""The deterministic classifier: a trigger lexicon built from verb families, and the guards
that keep look-ups, negations, reports of past work, capability questions and reminders off
the ``async`` route. It is the whole classifier when no LLM is configured."""

from __future__ import annotations

import json
import re
import unicodedata
from bisect import bisect_left
from dataclasses import dataclass
from enum import StrEnum
from functools import lru_cache

from bot.text.gate import GateSet, alternatives, gated


class Route(StrEnum):
    NONE = "none"
    QUICK = "quick"
    ASYNC = "async"


@dataclass(frozen=True)
class Decision:
    route: Route
    question: str | None = None
    trigger: str | None = None
    guard: str | None = None
    source: str = "lexicon"
    reason: str = ""
    sure: bool = False  # certain without the LLM: an explicit request (acknowledged at once), small talk
    recall: bool = False  # a "do we have something about X" look-up (quick route)
    offer_reply: str | None = None  # "accepted" / "declined" when answering an offer

    def to_dict(self) -> dict[str, object]:
        return {
            "route": self.route.value,
            "question": self.question,
            "trigger": self.trigger,
            "guard": self.guard,
            "source": self.source,
            "reason": self.reason,
        }

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), ensure_ascii=False)


# ---------------------------------------------------------------------------------------
# Normalisation

_SKIN_TONES = re.compile("[\U0001f3fb-\U0001f3ff\ufe0f\u200d]")
_MENTION = gated(r"<@[A-Z0-9]+(?:\|[^>]*)?>|@\w+")
_LEADING_ADDRESS = re.compile(
    r"^(?:(?:hey|hi|hello|ok|okay|yo|so|um|uh)[\s,!]+)*(?:mallory|bot)\b[\s,:!-]*", re.I
)


@lru_cache(maxsize=16)  # asked four to six times per message: one message back is enough
def normalize(text: str) -> str:
    if not text.isascii():  # NFKC, curly quotes and emoji modifiers leave ASCII text as it is
        text = unicodedata.normalize("NFKC", text)
        text = text.replace("’", "'").replace("‘", "'").replace("“", '"').replace("”", '"')
        text = _SKIN_TONES.sub("", text)
    text = _MENTION.sub(" ", text)
    text = " ".join(text.split())
    # the pattern is anchored at the start: one match at most, read off by ``match``
    opening = _LEADING_ADDRESS.match(text)
    addressed = (text[opening.end() :] if opening else text).strip()
    return addressed or text


# ---------------------------------------------------------------------------------------
# The trigger lexicon: families of "go and do work" verbs and phrases.
# Each family lists base forms; inflections are generated so "researching", "dig in",
# "looked into" all match, and the matched form tells the guards the tense.

_OBJ_PREP = r"(?:into|in\s+to|in|on|up|around|through|at|over|deeper(?:\s+into)?|further(?:\s+into)?|more(?:\s+into)?)"

TRIGGERS: list[tuple[str, str]] = [
    (
        "research",
        r"\b(?:research(?:es|ed|ing)?)\b(?!\s+(?:team|group|paper|papers|assistant|skills?|mode)\b)",
    ),
    (
        "do research",
        r"\b(?:do|doing|did|done)\s+(?:some|a\s+bit\s+of|a\s+little|more|proper|deep|the|any)?\s*(?:research|digging|homework|legwork|reading)\b",
    ),
    ("investigate", r"\b(?:investigat(?:e|es|ed|ing)|investigation)\b"),
    (
        "find everything",
        r"\b(?:find|get|pull|dig\s+up|look\s+up|gather|collect|summari[sz]e)\s+(?:me\s+|us\s+)?(?:all\s+(?:of\s+)?)?"
        r"(?:everything|all|anything|every\s+\w+|all\s+the\s+\w+)\b",
    ),
    ("dig", r"\b(?:dig|digs|digging|dug)\s+" + _OBJ_PREP + r"\b"),
    ("dig", r"\b(?:dig|digging)\b(?=\s*(?:$|[?.!,]|for\b|up\b))"),
    (
        "look into",
        r"\b(?:look|looks|looking|looked)\s+(?:(?:a\s+bit|a\s+little|properly|closely|further|more|deeper|deep)\s+)?(?:into|in\s+to|deeper\s+into|closer\s+at)\b",
    ),
    ("look into", r"\b(?:check|checks|checking|checked)\s+into\b"),
    (
        "go through",
        r"\b(?:look|looks|looking|looked|read|reading)\s+(?:at|over|through)\s+(?:all|every|each|everything)\b",
    ),
    (
        "take a look",
        r"\b(?:take|took|taking|have|had|having|give|gave)\s+(?:a|another)\s+(?:deep|deeper|close|closer|proper|thorough|hard|good|serious|careful|long)\s+look\s+(?:at|into)\b",
    ),
    ("find out", r"\b(?:find|finds|finding|found)\s+out\b"),
    ("read up", r"\b(?:read|reads|reading)\s+up\s+(?:on|about)\b"),
    (
        "survey",
        r"\b(?:(?:scope|scopes|scoped|scoping)\s+out|(?:size|sizes|sized|sizing)\s+up|(?:shop|shopped|shopping)\s+around|"
        r"(?:weigh|weighs|weighed|weighing)\s+up|(?:see|seeing)\s+what'?s\s+out\s+there|"
        r"(?:survey|surveyed|surveying)\s+(?:the\s+)?(?:options|market|landscape|field|vendors|tools|what'?s\s+out\s+there))\b",
    ),
    ("figure out", r"\b(?:figure|figures|figuring|figured)\s+out\b"),
    ("trace", r"\b(?:trace|traces|traced|tracing)\b"),
    (
        "what do we know",
        r"\bwhat\s+(?:do|does|did|else\s+do)\s+(?:we|the\s+team|our\s+(?:notes|kb|knowledge\s+base|vault))\s+"
        r"(?:actually\s+|really\s+|even\s+|currently\s+|already\s+|collectively\s+)?"
        r"(?:know|have|have\s+on\s+record)\s+(?:about|on|regarding|of)\b",
    ),
    (
        "what do we know",
        r"\b(?:everything|all|anything)\s+(?:that\s+)?we\s+(?:know|have)\s+(?:about|on|regarding)\b",
    ),
    (
        "what do we know",
        r"\b(?:know|see|learn|hear|understand|gather|find|pull(?:\s+together)?|collect|compile|round\s+up|"
        r"summari[sz]e|show\s+me|tell\s+me|give\s+me)\s+(?:everything\s+|all\s+(?:of\s+)?)?what\s+"
        r"(?:we|the\s+team|our\s+notes)\s+(?:have|know|has|wrote|documented|say|says)\s+(?:on|about|regarding)\b",
    ),
    ("deep dive", r"\bdeep[\s-]?div(?:e|es|ed|ing)\b"),
    ("deep context", r"\bdeep\s+context\b"),
    (
        "compile",
        r"\b(?:compile|compiles|compiled|compiling|pull|pulls|pulled|pulling|put|putting|assemble|assembled|assembling|gather|gathers|gathered|gathering|collect|collected|collecting|round|rounding)\s+(?:together\s+|up\s+)?(?:a|an|the|some|me\s+a|us\s+a|me\s+an|all|everything|every\s+\w+|what)?\s*(?:\w+\s+){0,3}?(?:report|brief|briefing|summary|overview|dossier|write-?up|timeline|context|everything|notes|evidence|background|history|picture)\b",
    ),
    (
        "write up",
        r"\b(?:write|writes|wrote|writing|draft|drafted|drafting|prepare|prepared|preparing|build|building|make|"
        r"making|create|creating|produce|producing)\s+(?:me\s+|us\s+)?(?:up\s+)?(?:a|an)\s+(?:\w+\s+){0,2}?"
        r"(?:report|brief|briefing|summary|overview|dossier|write-?up|memo|analysis|timeline|history)\s+(?:of|on|about|for|regarding)\b",
    ),
    (
        "go through",
        r"\b(?:comb|combs|combed|combing|sift|sifts|sifted|sifting|trawl|trawled|trawling|go|goes|going|went|wade|waded|read|reading|dig|dug)\s+through\s+(?:all|every|each|the|our|everything|past|old)\b",
    ),
    ("scour", r"\b(?:scour|scours|scoured|scouring)\b"),
    (
        "follow connections",
        r"\b(?:follow|follows|followed|following|map|mapped|mapping)\s+(?:the\s+|all\s+the\s+)?(?:relationships|connections|links|threads?|trail|paper\s+trail)\b",
    ),
    ("explore", r"\b(?:explore|explores|explored|exploring)\b"),
    ("analyze", r"\b(?:analy[sz]e|analy[sz]es|analy[sz]ed|analy[sz]ing)\b"),
    ("get to the bottom", r"\b(?:get|got|getting)\s+to\s+the\s+bottom\s+of\b"),
    (
        "track down",
        r"\b(?:track|tracks|tracked|tracking|hunt|hunted|hunting|chase|chased|chasing|run|ran|running)\s+down\b",
    ),
    (
        "asks for a write-up",
        r"\b(?:i'?d\s+(?:love|like|appreciate)|i\s+(?:want|need)|give\s+me|can\s+(?:i|we)\s+(?:get|have)|"
        r"could\s+(?:i|we)\s+(?:get|have)|send\s+(?:me|us)|get\s+(?:me|us)|we\s+need)\s+(?:a|an|some)\s+"
        r"(?:\w+\s+){0,2}?(?:write-?up|report|brief|briefing|dossier|rundown|run-down|deep[\s-]?dive|analysis|"
        r"investigation|overview|research)\s+(?:on|about|of|into|regarding|for)\b",
    ),
    (
        "background",
        r"\b(?:background\s+(?:check|research|on)|brief\s+me\s+on|get\s+me\s+up\s+to\s+speed\s+on|catch\s+me\s+up\s+on\s+everything)\b",
    ),
    (
        "review all",
        r"\b(?:review|reviews|reviewed|reviewing|audit|audits|audited|auditing)\s+(?:all|every|each|everything|the\s+history)\b",
    ),
    ("/investigate", r"^/investigate\b"),
]
_TRIGGERS = [(name, gated(p, re.I)) for name, p in TRIGGERS]
# the triggers' gates, all looked for in one pass over a text
_TRIGGER_GATES = GateSet([pattern for _, pattern in _TRIGGERS], lower=True)
_TRIGGER_REGEXES = _TRIGGER_GATES.regexes


def has_trigger(text: str) -> bool:
    """Some trigger of the lexicon matches ``text`` (guarded or not)."""
    regexes = _TRIGGER_REGEXES
    return any(regexes[i].search(text) is not None for i in _TRIGGER_GATES.open(text))


_PAST_FORMS = re.compile(
    r"^(?:researched|did|done|investigated|dug|looked|took|had|gave|found|figured|traced|deep[\s-]?dived|"
    r"compiled|pulled|put|assembled|gathered|collected|wrote|drafted|prepared|combed|sifted|trawled|went|"
    r"waded|scoured|followed|mapped|explored|analy[sz]ed|got|tracked|hunted|chased|ran|reviewed|audited|scoped|sized|"
    r"shopped|weighed|surveyed)\b",
    re.I,
)
_PROGRESSIVE = re.compile(r"^\w+ing\b", re.I)

# ---------------------------------------------------------------------------------------
# Guards

_CLAUSE_BREAK = gated(r"[.;!?]|,\s*(?:but|and|so|then)\b|\bbut\b|\bhowever\b|\bthough\b")
_NEGATION = gated(
    r"\b(?:don'?t|do\s+not|doesn'?t|does\s+not|didn'?t|did\s+not|no\s+need\s+(?:for\s+you\s+)?to|never|stop|quit|"
    r"not|won'?t|wont|shouldn'?t|should\s+not|no\s+longer|isn'?t\s+necessary\s+to|without|"
    r"hold\s+off(?:\s+on)?|refrain\s+from|no\s+(?:point|reason)\s+(?:in|to))\b(?:\s+\S+){0,4}\s*$",
    re.I,
)
_NEGATION_REQUEST = gated(
    r"\b(?:why\s+(?:don'?t|not)\s+you|can'?t\s+you|couldn'?t\s+you|won'?t\s+you|would\s+you\s+not\s+mind)\b",
    re.I,
)
_NEGATION_AFTER = re.compile(
    r"^\S*(?:\s+\S+){0,6}?\s*(?:,\s*)?\b(?:not\s+(?:needed|necessary|required)|no\s+need|isn'?t\s+needed)\b",
    re.I,
)
_OTHER_SUBJECT = (
    r"(?:he|she|they|it|someone|somebody|everyone|nobody|the\s+team|the\s+\w+\s+team|team|"
    r"[A-Z][a-z]+(?:\s+[A-Z][a-z]+)?|my\s+\w+|our\s+\w+|his\s+\w+|her\s+\w+)"
)
_REPORT_AUX = (
    r"(?:'s|is|are|'re|was|were|has|'ve|have|had|will|'ll|would|'d|already|just|also|been|being|still|"
    r"going\s+to|gonna|is\s+going\s+to|plans?\s+to|planned\s+to|wants?\s+to|wanted\s+to|offered\s+to|"
    r"promised\s+to|agreed\s+to|decided\s+to|tried\s+to|started|began|finished|can|could|should|might|may|"
    r"said\s+(?:he|she|they)'?d|said\s+(?:he|she|they)\s+would|to)"
)
_FIRST_PERSON_REPORT = gated(
    r"\b(?:i|we)\s*(?:'m|am|'ve|have|had|was|were|'ll|will|are|'re|already|just|also|recently|finally|"
    r"spent\s+\w+\s+\w+|been|going\s+to|gonna|plan\s+to|planned\s+to|started|began|tried\s+to|"
    r"did\s+some|did)(?:\s+(?:already|just|also|been|going\s+to|gonna|to|not|finally|actually|started|some|"
    r"a\s+bit\s+of|spent\s+\w+))*\s*$",
    re.I,
)
_FIRST_PERSON_BARE = re.compile(r"\b(?:i|we)\s*$", re.I)
_THIRD_PERSON = gated(r"\b" + _OTHER_SUBJECT + r"\s*(?:" + _REPORT_AUX + r"\s*)+$")
_THIRD_PERSON_BARE = re.compile(r"\b(?:he|she|they|someone|somebody|[A-Z][a-z]+)\s*$")
_YOU_BEFORE = gated(
    r"\b(?:you|u|ya|mallory)\b(?:\s+\S+){0,3}\s*$|\b(?:please|pls|plz|kindly|let'?s|let\s+us|go|now|"
    r"need\s+(?:you|someone)\s+to|want\s+you\s+to|like\s+you\s+to|ask\s+you\s+to|time\s+to|help\s+me|"
    r"i'?d\s+like\s+to|i\s+want\s+to|i\s+need\s+to|we\s+need\s+to|we\s+should|i\s+wanna|could\s+we|can\s+we|"
    r"shall\s+we|should\s+we)\s*$",
    re.I,
)
_PAST_TIME = gated(
    r"\b(?:yesterday|last\s+(?:week|month|year|night|time|quarter|sprint)|earlier\s+(?:today|this\s+week)|"
    r"\d+\s+(?:days?|weeks?|months?|years?)\s+ago|ago|already|previously|back\s+in)\b",
    re.I,
)
_QUESTION_ABOUT_BOT_PAST = gated(
    r"\b(?:did|have|had|has)\s+(?:you|anyone|anybody|someone|somebody|we|they|he|she|[A-Z][a-z]+|the\s+\w+)\s+"
    r"(?:ever\s+|already\s+|actually\s+)?(?:\w+\s+)?$|\bwhat\s+did\s+you\s+(?:\w+\s+)?$|\bhow\s+did\s+you\s+$",
    re.I,
)
# "the investigation is done", "has the research … been written up?": the noun, not a request;
# "run an investigation", "do some research" are requests (their own triggers)
_NOUN_USE = gated(
    r"\b(?:the|this|that|these|those|our|your|their|his|her|its|my|any|whose)\s+(?:\w+\s+)?$", re.I
)
_WORK_VERB_BEFORE = gated(
    r"\b(?:run|start|launch|open|kick\s+off|do|conduct|begin|want|need|request|commission|get|give\s+me)\s+"
    r"(?:a|an|the|some|new|another|full|proper|deep)?\s*(?:\w+\s+)?$",
    re.I,
)
_DEFERRAL = gated(
    r"\b(?:maybe\s+later|later\s+on|some\s+other\s+time|another\s+time|not\s+now|not\s+yet|some\s*day|"
    r"eventually|no\s+rush\s+to\s+start)\b",
    re.I,
)
_CAPABILITY = gated(
    r"\b(?:are\s+you\s+(?:able|capable|allowed|equipped)\s+to|(?:would|will)\s+you\s+be\s+able\s+to|do\s+you\s+know\s+how\s+to|is\s+it\s+possible\s+(?:for\s+you\s+)?to|"
    r"how\s+(?:do|would|can|could)\s+you|what\s+(?:can|could|do)\s+you|can\s+you\s+(?:even|actually|also|really|ever)|"
    r"do\s+you\s+(?:ever|also|even|actually|usually)?\s*(?:do|know|support|offer|handle)|"
    r"are\s+you\s+(?:good|any\s+good)\s+at|what\s+happens\s+when\s+you|how\s+does\s+(?:mallory|it|this\s+bot))\b",
    re.I,
)
_CAN_YOU = gated(r"\b(?:(?:can|could|would|will|do)\s+you|you\s+(?:can|could|do))\s*(?:\w+\s+){0,1}$", re.I)
_GENERIC_OBJECT = re.compile(
    r"^\s*(?:(?:things|stuff|topics|subjects|anything|something|questions|people|whatever|for\s+(?:me|us|people|users)|"
    r"on\s+(?:your|its)\s+own|in\s+the\s+background|at\s+all|too|as\s+well|the\s+web|online|the\s+internet|"
    r"deeply|properly|for\s+real|like\s+that|like\s+this|other\s+things|more\s+complex\s+\w+|complex\s+\w+|"
    r"long\s+\w+|on\s+the\s+web|web\s+stuff|in\s+depth|things\s+in\s+depth|topics\s+in\s+depth|,?\s*right|"
    r",?\s*yes|,?\s*no|,?\s*correct|,?\s*huh|"
    # a system rather than a topic: "can you look into our Jira?" asks what Mallory can reach
    r"(?:(?:our|the|my|your|any|other|private|shared|public)\s+)*(?:jira|confluence|github|gitlab|google\s+drive|"
    r"drive|notion|slack|sharepoint|wiki|channels?|dms|pdfs?|spreadsheets?|e-?mails?|attachments|images|"
    r"screenshots|links|urls|websites?|web\s+pages|repos?|repositories|databases?|files|documents|docs)"
    r"(?:\s+(?:issues|tickets|files|pages|threads|history|messages|workspace|space|account|too|as\s+well|or\s+not))?|"
    # "…anything or just our notes?", "…spreadsheets or only text?"
    r"or\s+(?:just|only)\s+(?:\w+\s*){1,3})\s*)*[?.!]*\s*$",
    re.I,
)
TRACKED_SIGNALS = (
    r"agenda|calendar|schedule|inbox|e-?mails?|mail|mailbox|reminders?|to-?dos?|todo\s+list|tasks?\s+list|"
    r"my\s+tasks?|notifications?|unread|dms?|direct\s+messages|weather|forecast|standup\s+time|"
    r"meetings?\s+(?:today|tomorrow|this\s+week)|appointments?|deadlines?\s+(?:today|this\s+week)|"
    r"pull\s+requests?\s+assigned|my\s+prs|status\s+of|the\s+status(?!\s+page)|timesheet|step\s+count|"
    r"heart\s+rate|sleep\s+score|my\s+day|my\s+week|next\s+meeting|on\s+call\s+rota|who'?s\s+on\s+call"
)
_TRACKED = re.compile(r"\b(?:" + TRACKED_SIGNALS + r")\b", re.I)
_TRACKED_LOOKUP = gated(
    r"^(?:(?:please|pls|can\s+you|could\s+you|would\s+you|quickly|just)\s+)*(?:check|show|read|list|open|see|pull\s+up|"
    r"(?:is|are|was)\s+(?:my|our)|"
    r"what'?s|what\s+is|what\s+are|what'?re|how'?s|how\s+is|any|do\s+i\s+have|have\s+i\s+got|is\s+there|are\s+there)\b"
    r"(?:\s+\S+){0,5}?\s*\b(?:" + TRACKED_SIGNALS + r")\b",
    re.I,
)
_SCHEDULE = re.compile(
    r"^(?:what\s+time|when)\s+(?:is|are)\s+(?:the\s+|my\s+|our\s+)?(?:next\s+)?(?:stand-?up|standup|sync|1:1|one-on-one|meeting|call|retro|lunch)s?\b",
    re.I,
)
_TRACKED_OBJECT = re.compile(
    r"^\s*(?:(?:what'?s|what\s+is|whats|what\s+are|anything|something|if\s+there'?s\s+anything)\s+(?:new\s+)?(?:on|in)\s+)?"
    r"(?:(?:my|our|the|all|every|each|of|today'?s|tomorrow'?s|this|week'?s|new|unread|latest|recent|"
    r"upcoming|next)\s+){0,3}(?:"
    + TRACKED_SIGNALS
    + r")\b(?!\s+(?:\w+\s+)?(?:that|which|went|got|was|were|are|is)\b)",
    re.I,
)
_REMINDER = gated(
    r"\b(?:remind\s+(?:me|us|him|her|them|\w+)\s+(?:to|that|about|in|at|on|tomorrow|tmrw|tmr|tomoz|2moro|later|next|"
    r"tonight|first thing|after|before|when|once|every)|"
    # "ping me in an hour to dig into…": a reminder, said as a nudge
    r"(?:ping|nudge|message|text|buzz)\s+me\s+(?:in|at|on|tomorrow|tmrw|later|after|before|when|first thing)\b.*\bto\b|"
    r"remember\s+to|don'?t\s+(?:let\s+me\s+)?forget\s+to|note\s+to\s+self|set\s+(?:a|an)\s+(?:reminder|alarm)|"
    r"add\s+(?:a\s+)?(?:reminder|todo|to-do|task)|put\s+(?:it|this|that)?\s*on\s+my\s+(?:list|todo|calendar)|"
    r"todo:|to-do:|reminder:|schedule\s+(?:a|some)\s+time\s+to|block\s+(?:out\s+)?time\s+to)\b",
    re.I,
)

# ---------------------------------------------------------------------------------------
# Other routes

_CANCEL = re.compile(
    r"^/?(?:cancel|abort|stop|halt|never\s*mind|nevermind|nvm|forget\s+(?:it|about\s+it|that)|call\s+it\s+off|scrap\s+(?:it|that)|"
    r"(?:please\s+)?(?:cancel|stop|abort|kill|drop)\s+(?:it|that|this|the\s+(?:investigation|research|dig|digging|search|job))|"
    r"stop\s+(?:investigating|researching|digging|looking)|no\s+(?:longer|more)\s+needed|don'?t\s+bother)"
    r"(?:\s+(?:please|thanks|thank\s+you|now|mallory))*\s*[.!]*$",
    re.I,
)
_AFFIRMATIVE = re.compile(
    r"^(?:y|ya|yes|yeah|yea|yep|yup|yas|ye|sure|ok|okay|k|kk|alright|all\s+right|affirmative|absolutely|definitely|"
    r"certainly|of\s+course|please|please\s+do|do\s+it|do\s+that|go|go\s+ahead|go\s+for\s+it|go\s+on|"
    r"sounds\s+good|sounds\s+great|that\s+would\s+be\s+(?:great|good|helpful|nice)|that'?d\s+be\s+(?:great|good|helpful)|"
    r"why\s+not|let'?s\s+do\s+it|let'?s\s+go|let'?s\s+do\s+that|sure\s+thing|yes\s+please|please\s+go\s+ahead|"
    r"dig\s+in|dig\s+deeper|go\s+deeper|investigate|do\s+the\s+investigation|run\s+it|start\s+it|"
    r"\U0001f44d|\u2705|\U0001f64f|\U0001f44c|\u2714|\U0001f680|\U0001f4af|:\+1:|:thumbsup:|:white_check_mark:)"
    r"(?:[\s,.!]+(?:yes|please|thanks|thank\s+you|thx|mallory|go\s+ahead|do\s+it|dig\s+in|dig\s+deeper|"
    r"that\s+would\s+be\s+great|sure|absolutely|\U0001f44d|\U0001f64f))*[\s.!]*$",
    re.I,
)
_NEGATIVE = re.compile(
    r"^(?:no|nope|nah|no\s+thanks|no\s+thank\s+you|not\s+now|not\s+needed|maybe\s+later|later|skip|"
    r"don'?t\s+bother|that'?s\s+(?:fine|ok|okay|enough)|all\s+good|no\s+need|\U0001f44e)(?:[\s,.!]+\w+)*[\s.!]*$",
    re.I,
)
_RECALL = gated(
    r"\b(?:do|did)\s+we\s+(?:already\s+|ever\s+)?have\s+(?:anything|something|any\s+\w+|a\s+note|notes|docs?|an\s+entry|info|"
    r"material|a\s+write-?up|an\s+answer)\b|"
    r"\bhave\s+we\s+(?:ever\s+|already\s+)?(?:seen|had|hit|discussed|covered|talked\s+about|written\s+(?:up|about)|"
    r"documented|dealt\s+with|run\s+into|answered|decided)\b|"
    r"\bis\s+there\s+(?:anything|something|a\s+note|an\s+entry|a\s+doc|any\s+\w+)\s+(?:about|on|regarding|in\s+the)\b|"
    r"\bsearch\s+(?:the\s+)?(?:graph|notes|kb|knowledge\s+base|vault|memory)\b|^/?recall\b|\bseen\s+this\s+before\b|"
    r"\bring\s+a\s+bell\b|\bremind\s+me\s+(?:what|why|how|who|when|where|which)\b|\bwhere\s+did\s+we\s+(?:land|end\s+up)\b|"
    # "did anyone ever dig into why…?", "has someone already researched…": asks whether the work exists
    r"^(?:did|has|have)\s+(?:anyone|anybody|someone|somebody|we|the\s+team|you\s+(?:guys|all))\s+(?:ever\s+|already\s+|actually\s+)?"
    r"(?:dig|dug|look(?:ed)?|investigat\w*|research\w*|check(?:ed)?|deep[\s-]?div\w*|read\s+up|figure[ds]?\s+out|found\s+out|find\s+out)\b",
    re.I,
)
_QUESTION_START = re.compile(
    r"^(?:what|what's|whats|why|how|how's|when|where|who|whom|whose|which|"
    r"(?:is|are|was|were|do|does|did|can|could|should|would|will|has|have|had)(?!\s+not\b|n't)|tell\s+me|explain|describe|summari[sz]e|give\s+me|show\s+me|list|compare|"
    r"define|remind\s+me|any\s+idea|anyone\s+know|i\s+wonder|wondering|i'?m\s+curious|curious)\b",
    re.I,
)


def asks(text: str) -> bool:
    """The message asks something: it ends with a question mark or starts as a question
    ("is anyone on Harbor now", "give me the lease terms")."""
    norm = normalize(text)
    return norm.endswith("?") or _QUESTION_START.match(norm) is not None


# the words thanks are said with
_THANKS = r"thanks|thank\s+you|thx|ty|cheers"
# the words a question opens with, as chat types them ("whos", "wat's"; "who's" and "when's"
# also end on the word itself)
QUESTION_WORD = r"(?:who|what|wat|when|where)(?:'?s)?|which|how"
_SMALL_TALK = re.compile(
    rf"^(?:hi|hello|hey|yo|hiya|howdy|good\s+(?:morning|afternoon|evening|night)|{_THANKS}|"
    r"how\s+are\s+you|how'?s\s+it\s+going|how'?s\s+(?:your|the)\s+(?:day|week|morning|weekend)(?:\s+going)?|how\s+are\s+things|what'?s\s+up|sup|wassup|who\s+are\s+you|what\s+are\s+you|"
    r"are\s+you\s+(?:a\s+bot|there|alive|awake|human|real)|what'?s\s+your\s+name|how\s+was\s+your\s+(?:day|weekend)|"
    # how someone's time off or an outing went, to them by name or not ("how was the stag do
    # kev", "how was your hol tom", "how was the weekend lads", "how was your trip to leeds")
    r"how\s+(?:was|were)\s+(?:your|ur|yer|the|everyone'?s)\s+(?:[a-z]+\s+)?(?:hols?|holidays?|trip|weekend|wkend|"
    r"break|party|do|wedding|birthday|bday|honeymoon|gig|match|game|night\s+out|christening|time\s+off|day\s+off|"
    r"week\s+off)(?=(?:\s+(?:to|in|at|on)\s+[a-z]+)?(?:\s+[a-z]+)?\W*$)|"
    r"lol|haha|nice|cool|great|awesome|ok|okay|bye|good\s*bye|see\s+you|gn|gm|morning|evening|welcome)\b",
    re.I,
)
_THANKS_FOR = re.compile(rf"^(?:{_THANKS}|ta)\s+(?:[a-z']+\s+){{0,2}}?for\s", re.I)
# ... unless something is asked after them ("ta for the tide times 👍 now can you do me a full
# brief on …", "thanks for the code, whats the wifi one", "thanks for that, is the van free tmrw")
_ASKS_AFTER_THANKS = re.compile(
    r"\b(?:(?:can|could|would|will|cud|pls|please|plz)\s+(?:you|u|ya|someone|somebody|anyone)|"
    rf"{QUESTION_WORD}|anyone|anybody|"
    r"(?:is|are|was)\s+(?:it|the|there|our|we|they)|(?:do|did|have|has|can|should)\s+(?:we|i|you|u|they)|does)\b",
    re.I,
)
_BOT_ABILITIES = gated(
    r"\b(?:what\s+can\s+you\s+do|what\s+do\s+you\s+do|what\s+are\s+you\s+(?:for|able\s+to\s+do)|how\s+do\s+you\s+work|"
    r"what\s+are\s+your\s+(?:abilities|capabilities|features|skills)|help$|^/help|^/start)\b",
    re.I,
)
# The triggers, then each alternative of the four checks read after them (a reminder, a
# tracked signal looked up, what the bot can do, whether we have it), gated in one pass over
# the normalised message: a check holds when one of its alternatives matches.
_CHECKS = {"reminder": _REMINDER, "tracked": _TRACKED_LOOKUP, "abilities": _BOT_ABILITIES, "recall": _RECALL}
_LEXICON_PARTS: list[re.Pattern[str]] = [pattern.regex for _, pattern in _TRIGGERS]
_CHECK_OF: list[str] = [""] * len(_TRIGGERS)
for _check, _pattern in _CHECKS.items():
    for _part in alternatives(_pattern.pattern):
        _LEXICON_PARTS.append(re.compile(_part, _pattern.regex.flags))
        _CHECK_OF.append(_check)
_LEXICON_GATES = GateSet(list(_LEXICON_PARTS), lower=True)
_FIRST_CHECK = len(_TRIGGERS)


# each check's alternatives stand together, in order: the positions from its first to past its last
_CHECK_SPAN = {
    check: (_CHECK_OF.index(check), len(_CHECK_OF) - _CHECK_OF[::-1].index(check)) for check in _CHECKS
}


def _holds(check: str, text: str, opened: tuple[int, ...]) -> bool:
    # ``opened`` is in order: only the check's own span of it is read
    first, end = _CHECK_SPAN[check]
    for at in range(bisect_left(opened, first), len(opened)):
        i = opened[at]
        if i >= end:
            return False
        if _LEXICON_PARTS[i].search(text) is not None:
            return True
    return False


_CONTENT = re.compile(r"[^\W\d_]{3,}", re.UNICODE)
_REFERENTIAL_ONLY = re.compile(
    r"^(?:it|this|that|these|those|them|this\s+one|that\s+one|the\s+above|the\s+same|this\s+thread|"
    r"this\s+issue|that\s+issue|this\s+problem|that\s+problem|this\s+topic|that\s+topic|it\s+further|"
    r"this\s+further|that\s+further|more|further|deeper|for\s+me|for\s+us)?$",
    re.I,
)

# ---------------------------------------------------------------------------------------


def is_cancel(text: str) -> bool:
    return bool(_CANCEL.match(normalize(text)))


def is_affirmative(text: str) -> bool:
    return bool(_AFFIRMATIVE.match(normalize(text)))


def is_negative(text: str) -> bool:
    return bool(_NEGATIVE.match(normalize(text)))


def is_referential(topic: str) -> bool:
    """True when an extracted topic only points back at the thread ("dig into that")."""
    return bool(_REFERENTIAL_ONLY.match(topic.strip(" ?.!,").lower()))


def classify_lexicon(text: str, *, offer: str | None = None) -> Decision:
    """Route one message with the lexicon and guards alone.

    ``offer`` is the question of a pending escalation offer in this conversation, if any:
    an affirmative reply enqueues it.
    """
    norm = normalize(text)
    if not norm:
        return Decision(Route.NONE, reason="empty message")

    if offer:
        if _AFFIRMATIVE.match(norm):
            return Decision(
                Route.ASYNC,
                question=offer,
                trigger="offer accepted",
                reason="affirmative reply to the offer to investigate",
                sure=True,
                offer_reply="accepted",
            )
        if _NEGATIVE.match(norm):
            return Decision(Route.NONE, reason="offer declined", offer_reply="declined")

    guard_seen: str | None = None
    opened = _LEXICON_GATES.open(norm)  # in order; a pattern whose gate is shut has no match
    for i in opened:
        if i >= _FIRST_CHECK:
            break
        name = TRIGGERS[i][0]
        for match in _TRIGGER_REGEXES[i].finditer(norm):
            guard = _guard(norm, match, name)
            if guard is None:
                topic = extract_topic(norm, match)
                return Decision(
                    Route.ASYNC,
                    question=topic or norm,
                    trigger=name,
                    reason=f"explicit request to do work ({name!r})",
                    sure=True,
                )
            guard_seen = guard_seen or guard

    if _holds("reminder", norm, opened):
        return Decision(Route.NONE, guard=guard_seen or "reminder", reason="a reminder, not a request to dig")
    if _holds("tracked", norm, opened) or guard_seen == "tracked_signal" or _SCHEDULE.match(norm):
        return Decision(Route.NONE, guard="tracked_signal", reason="look-up of a tracked signal")
    if _holds("abilities", norm, opened) or guard_seen == "capability":
        return Decision(
            Route.NONE, guard=guard_seen or "capability", reason="question about what the bot can do"
        )
    if _holds("recall", norm, opened):
        return Decision(
            Route.QUICK,
            question=norm,
            guard=guard_seen,
            reason="asks whether we already have this",
            recall=True,
        )
    if _THANKS_FOR.match(norm) and "?" not in norm and not _ASKS_AFTER_THANKS.search(norm):
        # "thanks val for the cake, everyone loved it", "cheers dazza for lending me the van":
        # thanks for what someone did, however long, asks nothing
        return Decision(Route.NONE, guard=guard_seen, reason="small talk", sure=True)
    # the content words are counted only for small talk or a question (most messages are neither)
    words: list[str] | None = None
    if _SMALL_TALK.match(norm) is not None:
        words = _CONTENT.findall(norm)
        if len(words) <= 5:
            if not norm.endswith("?"):
                return Decision(Route.NONE, guard=guard_seen, reason="small talk", sure=True)
            return Decision(Route.NONE, guard=guard_seen, reason="small talk")
    statement_about_work = guard_seen in {"negation", "past_tense", "third_person", "first_person"}
    asks = norm.endswith("?") or (_QUESTION_START.match(norm) and not statement_about_work)
    if asks and len(words if words is not None else _CONTENT.findall(norm)) >= 2:
        return Decision(
            Route.QUICK, question=norm, guard=guard_seen, reason="a question the knowledge base may answer"
        )
    reason = "guarded trigger" if guard_seen else "no request to answer or dig"
    return Decision(Route.NONE, guard=guard_seen, reason=reason)


def _clause_before(text: str, start: int) -> str:
    before = text[:start]
    breaks = list(_CLAUSE_BREAK.finditer(before))
    if breaks:
        before = before[breaks[-1].end() :]
    return before


# compiled once, not looked up in ``re``'s cache at each trigger's guard
_NOUN_FORM = re.compile(r"^(?:research|investigation)\b", re.I)
_SOURCE_AFTER = re.compile(
    r"^\s+(?:from|by|shows?|suggests?|found|finds|published|says|indicates|papers?)\b", re.I
)
_HOW_WHY_WHAT = re.compile(r"^(?:how|why|what)\b", re.I)
_THIRD_PERSON_VERB = re.compile(r"^\w+s\b")
_SUBJUNCTIVE = re.compile(r"\b(?:if|when|once)\s+you\s*$", re.I)
_BE_BEFORE = re.compile(r"\b(?:am|is|are|was|were|'s|'re|'m|been)\s*$")


def _guard(text: str, match: re.Match[str], name: str) -> str | None:
    """The name of the guard that stops this trigger from firing, or None."""
    before = _clause_before(text, match.start())
    after = text[match.end() :]
    verb = match.group(0)
    if name == "/investigate":
        return None
    if _REMINDER.search(before):
        return "reminder"
    if _DEFERRAL.search(text):
        return "negation"
    noun_form = _NOUN_FORM.match(verb) is not None
    if noun_form and _NOUN_USE.search(before) and not _WORK_VERB_BEFORE.search(before):
        return "noun"

    if noun_form and _SOURCE_AFTER.match(after):
        return "noun"  # "research from Gartner puts us…", "investigation by the ICO is public"
    if _NEGATION.search(before) and not _NEGATION_REQUEST.search(before):
        return "negation"
    if _NEGATION_AFTER.match(after):
        return "negation"
    # "go through my inbox" looks a signal up; in "look into why the digest email went out
    # twice" or "research best practices for calendar invites" the signal is only the topic
    if _TRACKED_OBJECT.match(after):
        return "tracked_signal"
    # "can you research things?" asks about the bot; "I need the v2 story, can you dig in?"
    # names its topic in an earlier clause and is a request
    can_you = _CAN_YOU.search(before)
    capability = _CAPABILITY.search(before)
    asked = can_you or capability
    ask_at = match.start() - len(before) + (asked.start() if asked else len(before))
    topic_earlier = len(_CONTENT.findall(text[:ask_at])) >= 3
    if capability and _GENERIC_OBJECT.match(after) and not topic_earlier:
        return "capability"
    if can_you and _GENERIC_OBJECT.match(after) and name not in {"what do we know"} and not topic_earlier:
        return "capability"
    if capability and _HOW_WHY_WHAT.match(before.strip()):
        return "capability"
    asked_of_bot = _YOU_BEFORE.search(before)
    if _QUESTION_ABOUT_BOT_PAST.search(before):
        return "past_tense"
    if not asked_of_bot:
        if _FIRST_PERSON_REPORT.search(before):
            return "past_tense" if _PAST_FORMS.match(verb) else "first_person"
        if _THIRD_PERSON.search(before) or (
            _THIRD_PERSON_BARE.search(before) and (_PAST_FORMS.match(verb) or _THIRD_PERSON_VERB.match(verb))
        ):
            return "third_person"
        if _FIRST_PERSON_BARE.search(before) and (_PAST_FORMS.match(verb) or _PAST_TIME.search(text)):
            return "past_tense"
    subjunctive = _SUBJUNCTIVE.search(before)
    if (
        subjunctive is None
        and _PAST_FORMS.match(verb)
        and name not in {"what do we know", "background", "get to the bottom"}
    ):
        # "found out", "looked into": a report of work done, unless the form is also the
        # imperative ("put together", "run down", "read through").
        if verb.split()[0].lower() not in {"put", "run", "read"}:
            return "past_tense"
    if _PROGRESSIVE.match(verb) and not asked_of_bot and _BE_BEFORE.search(before):
        return "third_person"
    return None


_LEAD_IN = re.compile(
    r"^(?:(?:can|could|would|will)\s+you\s+(?:please\s+)?|please\s+|pls\s+|kindly\s+|i'?d\s+like\s+you\s+to\s+|"
    r"i\s+(?:want|need)\s+you\s+to\s+|go\s+(?:and\s+)?|let'?s\s+)",
    re.I,
)
_TOPIC_TRAIL = gated(
    r"(?:\s*(?:,\s*)?(?:please|pls|for\s+me|for\s+us|thanks|thank\s+you|when\s+you\s+(?:can|get\s+a\s+chance)|"
    r"if\s+you\s+can|asap|mallory))+\s*[?.!]*\s*$",
    re.I,
)


_TOPIC_PREPOSITION = re.compile(r"^(?:about|on|regarding|into|for|of|at|up|around)\s+", re.I)
_TOPIC_LEAD = re.compile(r"^(?:and\s+)?(?:find\s+out\s+|tell\s+me\s+|report\s+back\s+(?:on\s+)?)", re.I)


def extract_topic(text: str, match: re.Match[str]) -> str:
    """The thing to investigate: what follows the trigger, without politeness."""
    after = text[match.end() :].strip()
    after = _TOPIC_PREPOSITION.sub("", after)
    after = _TOPIC_LEAD.sub("", after)
    after = _TOPIC_TRAIL.sub("", after).strip(" ,:;-")
    if is_referential(after) or not _CONTENT.search(after):
        return ""
    if match.group(0).lower().startswith(("what", "everything", "all", "anything")):
        return after.rstrip("?.! ")
    return after.rstrip(".! ")
