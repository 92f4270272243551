"""A golden report for the example vault: structure, not wording, so a regression in any
section shows. Regenerate after a deliberate change with UPDATE_GOLDEN=1."""

from __future__ import annotations

import json
import os
import re
from pathlib import Path
from typing import Any

from bot.research.report import render_report

GOLDEN = Path(__file__).parent / "golden" / "march_outage.json"


def structure(report: str, dossier: Any) -> dict[str, Any]:
    titles = {f.entry.id[:8]: f.entry.title for f in dossier.found.values()}
    return {
        "heading": report.splitlines()[0],
        "summary_line": report.splitlines()[2],
        "sections": re.findall(r"^## (.+)$", report, re.M),
        "phase_reports": dossier.phase_reports,
        "phase_of": sorted(f"{f.phase} {f.entry.title}" for f in dossier.found.values()),
        "edges": len(dossier.edges),
        "map_entries": sorted(titles[m] for m in re.findall(r"^Entry ([0-9a-f]{8}) \[", report, re.M)),
        "timeline_rows": len(re.findall(r"^\| \d{4}-\d\d-\d\d \|", report, re.M)),
        "source_rows": len(re.findall(r"^\| [1-4] \| [0-9a-f]{8} \|", report, re.M)),
        "gaps": dossier.gaps,
    }


async def test_golden_report_for_the_example_vault(vault_rt: Any) -> None:
    dossier = await vault_rt.investigator.run("the March ingestion outage", space="local")
    report = render_report(dossier, await vault_rt.synthesizer.synthesize(dossier, []))
    got = structure(report, dossier)
    if os.environ.get("UPDATE_GOLDEN"):
        GOLDEN.write_text(json.dumps(got, indent=2, ensure_ascii=False) + "\n")
    want = json.loads(GOLDEN.read_text())
    assert got == want
    cited = set(re.findall(r"\[Entry ([0-9a-f]{8})\]", report))
    assert cited and cited <= {i[:8] for i in dossier.found}
    assert got["source_rows"] == len(dossier.found)
