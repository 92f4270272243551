"""Where the SciFact benchmark data is: a BEIR-format folder given on the command line
(`--data DIR`) or in `MALLORY_SCIFACT`. The data is not part of the repository; SciFact
(Wadden et al., 2020, CC BY-NC 2.0) in BEIR format is `corpus.jsonl`, `queries.jsonl` and
`qrels-test.tsv` in one folder."""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

FILES = ("corpus.jsonl", "queries.jsonl", "qrels-test.tsv")


def add_data_argument(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--data",
        type=Path,
        default=os.environ.get("MALLORY_SCIFACT") or None,
        help="the SciFact folder in BEIR format (corpus.jsonl, queries.jsonl, qrels-test.tsv); "
        "default: $MALLORY_SCIFACT",
    )


def scifact_dir(data: Path | str | None, *, need: tuple[str, ...] = FILES) -> Path:
    """The data folder, or exit with one line saying what is missing and how to give it."""
    if data is None:
        sys.exit(
            "SciFact data not given: pass --data DIR (a BEIR-format folder with "
            f"{', '.join(need)}) or set MALLORY_SCIFACT"
        )
    folder = Path(data).expanduser()
    missing = [name for name in need if not (folder / name).is_file()]
    if missing:
        sys.exit(f"SciFact data not found in {folder}: missing {', '.join(missing)} (pass --data DIR)")
    return folder
