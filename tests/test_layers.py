"""The layers run one way: adapters → bot → storage. Nothing in bot/ imports adapters (not
even through importlib), nothing in storage/ imports bot/ or adapters, the model layer
(bot/llm) imports no storage; adapters plug in through the ``mallory.adapters`` entry points."""

from __future__ import annotations

import ast
import os
import subprocess
import sys
from pathlib import Path

import pytest

from bot.config import load_settings
from bot.core.adapter import installed, load_adapter
from bot.errors import ConfigError

ROOT = Path(__file__).resolve().parent.parent


def _imports(folder: Path) -> list[tuple[str, str]]:
    """(file, imported module) for every import in a package, including
    ``importlib.import_module("...")`` and ``__import__("...")`` with a literal or f-string."""
    found = []
    for path in sorted(folder.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                found += [(path.name, alias.name) for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                found.append((path.name, node.module))
            elif isinstance(node, ast.Call) and node.args:
                func = node.func
                name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
                if name in {"import_module", "__import__"}:
                    arg = node.args[0]
                    if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                        found.append((path.name, arg.value))
                    elif isinstance(arg, ast.JoinedStr):
                        head = arg.values[0] if arg.values else None
                        if isinstance(head, ast.Constant):
                            found.append((path.name, str(head.value)))
    return found


def _against(folder: Path, forbidden: tuple[str, ...]) -> list[str]:
    return [
        f"{file} imports {module}"
        for file, module in _imports(folder)
        if any(module == f or module.startswith(f + ".") for f in forbidden)
    ]


def test_bot_never_imports_adapters() -> None:
    assert _against(ROOT / "bot", ("adapters",)) == []


def test_the_model_layer_takes_plain_sources_not_storage() -> None:
    """bot/llm sees ``bot.sources.Source`` and text, never rows, the retrieval or the rooms."""
    assert _against(ROOT / "bot" / "llm", ("storage", "bot.research", "bot.core", "bot.app")) == []


def test_storage_never_imports_bot_or_adapters() -> None:
    assert _against(ROOT / "storage", ("bot", "adapters")) == []


def test_adapters_reach_storage_only_through_the_core() -> None:
    """adapters → bot → storage: what an adapter needs of storage (an inbox row, say) the core
    hands it."""
    assert _against(ROOT / "adapters", ("storage",)) == []


def test_the_core_root_reads_like_the_rooms_table() -> None:
    """bot/'s root holds the facade, wiring and shared vocabulary; every other concept has a
    folder of its own (inbound, work, knowledge, text, research, routing, llm, core, commands)."""
    modules = sorted(p.name for p in (ROOT / "bot").glob("*.py"))
    assert len(modules) <= 13, modules


def test_the_scan_sees_every_form_of_import(tmp_path: Path) -> None:
    (tmp_path / "a.py").write_text("from adapters.console import ConsoleChat\n")
    (tmp_path / "b.py").write_text('import importlib\nm = importlib.import_module(f"adapters.{name}")\n')
    (tmp_path / "c.py").write_text("def f():\n    import adapters.slack\n")
    (tmp_path / "d.py").write_text("from adaptersx import y\nimport bot.events\n")
    assert sorted(_against(tmp_path, ("adapters",))) == [
        "a.py imports adapters.console",
        "b.py imports adapters.",
        "c.py imports adapters.slack",
    ]


def test_every_adapter_is_registered_and_plans_from_settings(tmp_path: Path) -> None:
    assert {"console", "slack", "telegram"} <= set(installed())
    settings = load_settings(data_dir=tmp_path)
    for name in installed():
        kind = load_adapter(name)
        assert kind.name == name
        configured, why = kind.plan(settings)
        assert why.startswith(f"{name}:")
        assert configured == (name == "console")  # no credentials: only the console


def test_an_unknown_adapter_names_the_installed_ones() -> None:
    with pytest.raises(ConfigError, match="installed: console"):
        load_adapter("irc")


SDKS = ("slack_bolt", "slack_sdk", "telegram", "aiohttp")
RUN_AND_LIST_SDKS = f"""
import sys
from bot.cli import main
code = main(sys.argv[1:])
print("SDKS", ",".join(sorted({{m.split(".")[0] for m in sys.modules}} & set({SDKS!r}))), file=sys.stderr)
sys.exit(code)
"""


@pytest.mark.slow
@pytest.mark.parametrize(
    "tokens",
    [{}, {"TELEGRAM_BOT_TOKEN": "123:abc", "SLACK_BOT_TOKEN": "xoxb-1", "SLACK_APP_TOKEN": "xapp-1"}],
    ids=["no platform configured", "platforms configured, --console"],
)
def test_a_console_run_imports_no_platform_sdk(tmp_path: Path, tokens: dict[str, str]) -> None:
    """`mallory run` asks every installed platform whether it is configured (each package
    answers ``plan`` itself); a run that opens the console holds no platform SDK in memory."""
    env = {
        k: v
        for k, v in os.environ.items()
        if not k.startswith(("SLACK_", "TELEGRAM_", "ANTHROPIC_", "MALLORY_"))
    }
    env.update(MALLORY_DATA_DIR=str(tmp_path / "data"), MALLORY_EMBEDDER="none", **tokens)
    result = subprocess.run(
        [sys.executable, "-c", RUN_AND_LIST_SDKS, "run", "--console", "--no-seed"],
        input="hello\n",
        capture_output=True,
        text=True,
        env=env,
        cwd=tmp_path,
        timeout=180,
    )
    assert result.returncode == 0, result.stderr[-2000:]
    assert "Starting the console chat." in result.stderr
    assert ("telegram: TELEGRAM_BOT_TOKEN set" in result.stderr) == bool(tokens)
    (line,) = [line for line in result.stderr.splitlines() if line.startswith("SDKS")]
    assert line == "SDKS ", line
