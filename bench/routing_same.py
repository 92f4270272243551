"""Same decisions and replies: the first ``--messages`` of ``bench/routing.py``'s distinct mix
through ``Mallory.handle`` (offline provider, example vault), written as one JSON line per
message: the replies posted for it and the route and decision stored with it (random ids
masked, and the minutes an investigation under way has run: they read the wall clock). Run
it on two checkouts and compare the files (``cmp``): a speed-up must not change a byte.
``--root`` measures another checkout (e.g. ``git archive main | tar -x -C /tmp/x``);
``--gold`` sends, after the mix, every question of the answers gold set (each phrasing and
out-of-domain question once, each in a conversation of its own).

Run: ``.venv/bin/python bench/routing_same.py --out /tmp/after.jsonl [--messages 3000] [--gold] [--root DIR]``.
"""

from __future__ import annotations

import argparse
import asyncio
import importlib.util
import json
import re
import sqlite3
import sys
import types
from pathlib import Path

HERE = Path(__file__).resolve().parent
_UUID = re.compile(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}")
_HEX = re.compile(r"\b[0-9a-f]{12,}\b")
_SHORT = re.compile(r"\b(?=[a-f]*[0-9])[0-9a-f]{8}\b")  # an entry's short id ("[Entry 3b68502d]")
# "(started 1 min ago)": how long an investigation has run, by the wall clock, which two runs
# side by side on a loaded machine read differently
_MINUTES = re.compile(r"started \d+ min ago")


def _load(root: Path) -> types.ModuleType:
    spec = importlib.util.spec_from_file_location("routing_bench", root / "bench" / "routing.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _mask(value: object) -> str:
    text = _UUID.sub("<id>", json.dumps(value, ensure_ascii=False, sort_keys=True))
    return _MINUTES.sub("started <n> min ago", _SHORT.sub("<short>", _HEX.sub("<hex>", text)))


def gold_questions() -> list[str]:
    gold = json.loads((HERE / "answers_gold.json").read_text())
    return [p for item in gold["quick"] for p in item["phrasings"]] + list(gold["out_of_domain"])


async def run(routing: types.ModuleType, n: int, gold: bool = False) -> list[str]:
    texts = routing.distinct_mix(n)
    asked = gold_questions() if gold else []
    settings = routing.load_settings(data_dir=routing._fresh("same"), llm_provider="offline", embedder="none")
    replies: dict[str, list[object]] = {}

    class Capture(routing.TimingSender):  # type: ignore[name-defined,misc]
        async def send(self, reply):  # type: ignore[no-untyped-def]
            replies.setdefault(reply.in_reply_to or "-", []).append(
                [reply.thread.key, reply.text, reply.kind.value, [b.label for b in reply.buttons]]
            )
            return await super().send(reply)

    async with routing.Runtime.open(settings) as rt:
        await rt.seed_vault()
        sender = Capture()
        for i in range(n):
            await rt.core.handle(routing._inbound(i, texts[i], f"t{i % 500}"), sender)
        for k, question in enumerate(asked):
            await rt.core.handle(routing._inbound(n + k, question, f"g{k}"), sender)
        texts = texts + asked
    db = sqlite3.connect(settings.data_dir / "mallory.db")
    stored = {
        pid: [route, json.loads(meta).get("decision")]
        for pid, route, meta in db.execute(
            "SELECT platform_message_id, route, meta FROM messages WHERE role = 'user'"
        )
    }
    db.close()
    return [
        _mask({"i": i, "text": texts[i], "replies": replies.get(f"u{i}", []), "stored": stored.get(f"u{i}")})
        for i in range(len(texts))
    ]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--messages", type=int, default=3000)
    parser.add_argument("--root", type=Path, default=HERE.parent, help="checkout to run")
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--gold", action="store_true", help="then every answers gold question, once each")
    args = parser.parse_args()
    routing = _load(args.root.resolve())
    print(f"running {sys.modules['bot'].__file__}")
    lines = asyncio.run(run(routing, args.messages, args.gold))
    args.out.write_text("\n".join(lines) + "\n")
    print(f"{len(lines)} messages → {args.out}")


if __name__ == "__main__":
    main()
