"""What Mallory asks the Anthropic models with: the tool schemas whose input is checked in
``bot.llm.checks``, the server-side web search tool, and the router's instructions."""

from __future__ import annotations

from typing import Any

ROUTE_TOOL: dict[str, Any] = {
    "name": "route_message",
    "description": "Decide how Mallory should handle the latest chat message.",
    "input_schema": {
        "type": "object",
        "properties": {
            "route": {
                "type": "string",
                "enum": ["none", "quick", "async"],
                "description": (
                    "none: small talk, look-ups of tracked signals (agenda, calendar, inbox, reminders, "
                    "status), questions about Mallory itself (its access, model, abilities, how to use it), "
                    "reports of the speaker's or someone else's work, negated or sarcastic requests, requests "
                    "addressed to another person. quick: a question the knowledge base can answer now. "
                    "async: a request to Mallory to go and do research work, however it is phrased."
                ),
            },
            "question": {
                "type": "string",
                "description": "For quick/async: the question rewritten to be self-contained without the thread.",
            },
            "reason": {"type": "string", "description": "One short sentence: why this route."},
        },
        "required": ["route", "reason"],
    },
}

GAPS_TOOL: dict[str, Any] = {
    "name": "report_gaps",
    "description": "List people, projects and topics mentioned in the entries but sparsely covered.",
    "input_schema": {
        "type": "object",
        "properties": {"gaps": {"type": "array", "items": {"type": "string"}, "maxItems": 5}},
        "required": ["gaps"],
    },
}

SYNTH_TOOL: dict[str, Any] = {
    "name": "write_synthesis",
    "description": "Write the investigation's context summary and knowledge gaps.",
    "input_schema": {
        "type": "object",
        "properties": {
            "summary": {
                "type": "string",
                "description": "2-4 paragraphs with inline [Entry <short-id>] citations for every claim.",
            },
            "gaps": {
                "type": "array",
                "items": {"type": "string"},
                "description": "Knowledge gaps, each with a suggested follow-up.",
            },
        },
        "required": ["summary", "gaps"],
    },
}

# The distinctions the offline router is least sure of, spelled out with examples: the model
# only sees the messages the offline router could not settle.
CLASSIFY_INSTRUCTIONS = """You route chat messages for Mallory, a research assistant in a team chat (Slack or Telegram).
Asking is consent: a request to Mallory to research enqueues an investigation at once, so an
investigation nobody asked for is noise in the channel and wasted model time. Read the message
as a person would:

- A trigger word is not a request by itself. The word as a noun ("the deep dive got moved to
  2pm", "there's research suggesting..."), the speaker's own work ("looking into it now",
  "finished researching the SSO vendors, doc's in the drive"), someone else's work ("Priya said
  she'd look into it"), and sarcasm ("sure, let's research it for the tenth time 🙃") are none.
- A request addressed to another person ("@Priya can you look into this when you're back?",
  "Tom, could you dig into the payouts?") is none unless Mallory is addressed as well.
- Requests phrased as needs or wishes are async: "I'd really appreciate a write-up on how our
  deprecation policy evolved", "would love a deep dive on enterprise onboarding", "can you work
  out why the invoices on the 31st have the wrong tax rate?". Typos do not change this ("reserach").
- The request decides, not a topic word: "can you look into why the weekly digest email went out
  twice?" is async, while "any new emails from legal?" is a tracked-signal look-up (none).
- Questions about Mallory itself are none: "do you have access to our Jira?", "which model are
  you running on?", "how do I ask you to look into something?".
- A factual question is quick, even when it says not to research: "don't research this, just
  tell me what the home office stipend is" and "no need for a deep dive, just the embargo time"
  are quick.
- A terse message that names things a team keeps notes on and asks nothing of a colleague is a
  look-up (quick), even with no question word or mark: "backup generator runtime at site B",
  "parking rules for visitors", "hi quick one the mileage rate we pay". Between none and quick,
  choose quick: a look-up that finds nothing says so, a question taken for small talk is a dead end.
- A request for a produced piece of work is async, whatever the verb: a timeline, a full
  breakdown, a ranking, a comparison with a recommendation, a report, a rundown ("go through all
  of the incident reports and pull out the causes", "I am needing a complete report on agency
  spend", "Dr Shah started the comparison, can you finish it"). Politeness and idiom do not hide
  it: "if you had a moment to dig into the refund spike that'd be a huge help", "do the needful
  and dig up what we have on the Harlow lease".
- A research word used as a noun inside a question is quick: "what came of the shrinkage
  investigation at the Leeds store?", "the collision investigation — signed off yet?".
- A capability question, an errand or a quote is none: "can you actually research things or just
  answer?", "can mallory do the maths itself or do I still need the spreadsheet", "put 'dig into
  overtime' in my calendar", "order 3 more boxes of gloves", "book me on the first aid course", a
  quoted earlier request followed by "thanks, that report was great". So is a status update
  ("lift repaired finally 🙌", "payroll submitted, all good").
- Refusing research then asking one fact is quick, whatever the refusal says: "not after a
  report, just who signs off road closures", "no need for the whole history, just how many
  parcels we gave out in December".
- A request in another language is decided as in English: "¿puedes preparar un informe de las
  devoluciones de octubre?" is async.
"""


WEB_SEARCH_TOOL: dict[str, Any] = {"type": "web_search_20250305", "name": "web_search", "max_uses": 5}
