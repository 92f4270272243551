"""The docs are true to the code where a test can tell: docs/configuration.md names every
variable bot/config.py reads, and nothing else."""

from __future__ import annotations

import re
from pathlib import Path

from bot.config import known_variables

ROOT = Path(__file__).resolve().parent.parent
VARIABLE = re.compile(r"^\| `([A-Z][A-Z0-9_]+)`", re.MULTILINE)


def test_the_configuration_page_lists_every_setting_and_only_those() -> None:
    page = (ROOT / "docs" / "configuration.md").read_text(encoding="utf-8")
    listed = VARIABLE.findall(page)
    known = set(known_variables())
    assert sorted(known - set(listed)) == [], "settings bot/config.py reads that docs/configuration.md lacks"
    assert sorted(set(listed) - known) == [], "variables docs/configuration.md lists that nothing reads"
    assert len(listed) == len(set(listed)), "a variable listed twice"


def test_every_relative_link_in_the_docs_leads_to_a_file() -> None:
    pages = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md")), ROOT / "bench" / "README.md"]
    broken = []
    for page in pages:
        text = re.sub(r"`[^`\n]*`", "", page.read_text(encoding="utf-8"))  # code is not a link
        for target in re.findall(r"\]\(([^)#\s]+)(?:#[^)]*)?\)", text):
            if "://" in target or target.startswith("mailto:"):
                continue
            if not (page.parent / target).exists():
                broken.append(f"{page.relative_to(ROOT)} → {target}")
    assert broken == []


def test_the_commands_page_has_a_row_for_every_command_and_for_no_other() -> None:
    from bot.cli import build_parser

    parser = build_parser()
    commands = set(parser._subparsers._group_actions[0].choices)  # type: ignore[union-attr]
    page = (ROOT / "docs" / "commands.md").read_text(encoding="utf-8")
    rows = set(re.findall(r"^\| `mallory ([a-z-]+)", page, re.MULTILINE))
    assert sorted(commands - rows) == [], "commands docs/commands.md does not describe"
    assert sorted(rows - commands) == [], "rows for commands that do not exist"


def test_a_setting_has_one_table_row_in_the_readme_and_docs() -> None:
    """Each variable is described once (its default, meaning and range on the configuration
    page): a second row elsewhere drifts from the first."""
    rows: dict[str, list[str]] = {}
    for page in [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]:
        for line in page.read_text(encoding="utf-8").splitlines():
            for name in re.findall(r"^\| `((?:MALLORY|SLACK|TELEGRAM|ANTHROPIC|VOYAGE)_[A-Z0-9_]+)`", line):
                rows.setdefault(name, []).append(page.name)
    assert {name: pages for name, pages in rows.items() if len(pages) > 1} == {}
