"""The persona: a name and voice from a Markdown file, plus a capability section generated
from what this deployment can actually do, so Mallory never claims more than is true."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from pathlib import Path

import yaml

from bot.errors import ConfigError


@dataclass(frozen=True)
class Persona:
    name: str
    voice: str
    body: str
    capabilities: tuple[str, ...]

    @cached_property  # read at every chat reply and look-up; a persona does not change
    def system_prompt(self) -> str:
        caps = "\n".join(f"- {c}" for c in self.capabilities)
        return (
            f"{self.body.strip()}\n\nYour voice: {self.voice}.\n\n"
            f"What you can actually do here (say only these when asked):\n{caps}"
        )


def capabilities(
    *, llm_online: bool, web_search: bool, semantic: bool, platforms: list[str]
) -> tuple[str, ...]:
    caps = [
        "Answer questions from the team's knowledge base right away, citing entries"
        + ("" if llm_online else " (extractive answers: no language model is configured)"),
        "Commission a background investigation when asked to research, dig into, look into, find out, "
        "investigate or trace something; I acknowledge at once and thread a cited report back into "
        "this conversation, pinging whoever asked",
        "Accept follow-ups in the thread while an investigation runs as steering notes, and cancel it on request",
        'Recall earlier investigations and answers ("do we have something about X?")',
        "Remember a note you give me (/remember)",
    ]
    caps.append("Search " + ("by meaning and by keyword" if semantic else "by keyword"))
    if web_search:
        caps.append("Search the web during investigations and keep what I find as references")
    caps.append("Available on: " + ", ".join(platforms))
    caps.append("I do not read calendars, inboxes or reminders, and I cannot set reminders")
    return tuple(caps)


def load_persona(path: Path, caps: tuple[str, ...]) -> Persona:
    try:
        raw = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise ConfigError(f"cannot read persona file {path}: {exc.strerror}") from None
    meta: dict[str, object] = {}
    body = raw
    if raw.startswith("---"):
        parts = raw.split("---", 2)
        if len(parts) == 3:
            try:
                loaded = yaml.safe_load(parts[1]) or {}
            except yaml.YAMLError as exc:
                raise ConfigError(f"persona file {path} has bad front matter: {exc}") from None
            meta = loaded if isinstance(loaded, dict) else {}
            body = parts[2]
    return Persona(
        name=str(meta.get("name") or "Mallory"),
        voice=str(meta.get("voice") or "calm and precise"),
        body=body,
        capabilities=caps,
    )
