"""The boundary between the platform and the games (``docs/architecture.md``, "Layers and the one
way data flows";
"The game definition"): the platform reads the registry (``engine.kernel.registry``) and names
no game, so a game, even one installed as its own package (Tiny Duel, ``tests/platform``),
plugs in without touching it.

Platform files are ``server/``, ``engine/kernel/``, ``engine/bots/``, ``engine/help/``,
``engine/cli.py``, ``engine/__init__.py``, ``web/platform/``, ``web/*.html``, ``web/main.js``
and ``web/sw.js``. None may name a game (its id, the folder names of its package and client,
its title; in code and in comments alike) nor import a game's module (Python: any ``engine``
package but the platform's own, any ``tests`` module; JavaScript: a literal ``games/<folder>``).
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterable, Iterator
from importlib.metadata import entry_points
from pathlib import Path

from engine.kernel.registry import GROUP, games

ROOT = Path(__file__).resolve().parents[2]

PLATFORM_TREES = ("server", "engine/kernel", "engine/bots", "engine/help", "web/platform")
PLATFORM_FILES = ("engine/cli.py", "engine/__init__.py", "web/main.js", "web/sw.js")
PLATFORM_GLOBS = ("web/*.html",)
TEXT = {".py", ".js", ".mjs", ".html", ".css", ".json", ".toml", ".txt", ".md", ".svg",
        ".webmanifest", ".ini", ".cfg", ".yaml", ".yml", ".sql", ".sh"}

# the games' package and folder names as they are spelled today, matched inside identifiers
# too (``VenusPage``, ``venus_standard``, ``StarTradersOptions``)
STEMS = r"venus|star[\s_-]?traders|tiny[\s_-]?duel|tinygame"
# the platform's own engine packages: any other ``engine.<x>`` is a game's (or shared by games)
PLATFORM_ENGINE = {"kernel", "bots", "help", "cli"}
PY_IMPORT = re.compile(r"^\s*(?:from\s+([\w.]+)\s+import|import\s+([\w.]+(?:\s*,\s*[\w.]+)*))",
                       re.M)
JS_IMPORT = re.compile(r"""(?:\bfrom\s*|\bimport\s*\(?\s*)(["'`])([^"'`]+)\1""")
JS_GAME_PATH = re.compile(r"(?:^|/)games/(?!\$\{)[\w.-]+")


def platform_files() -> list[Path]:
    """Every text file of the platform, as it is on disk (committed or not)."""
    found: set[Path] = set()
    for tree in PLATFORM_TREES:
        found.update(p for p in (ROOT / tree).rglob("*") if p.is_file())
    found.update(ROOT / f for f in PLATFORM_FILES if (ROOT / f).is_file())
    for pattern in PLATFORM_GLOBS:
        found.update(ROOT.glob(pattern))
    return sorted(p for p in found
                  if "__pycache__" not in p.parts and p.suffix in TEXT)


# today's games as the check knows them without the registry: ids, folders, titles
KNOWN = {"venus", "startraders", "venus_standard", "venusstd", "star-traders", "venus-standard",
         "Merchant of Venus", "Star Traders", "tiny-duel", "tinygame", "tinyduel", "Tiny Duel"}


def game_names() -> list[str]:
    """What names a game: each installed game's id (and its spellings as a Python or folder
    name), title, package and client folder; and the names of today's games (``KNOWN``).
    Should a game's definition not load, its entry point's name (its id) still counts."""
    names: set[str] = set(KNOWN)
    ids = {ep.name for ep in entry_points(group=GROUP)}
    try:
        installed = games()
    except Exception:  # a game that does not import is the registry's tests' to report
        installed = {}
    for gid, definition in installed.items():
        ids.add(gid)
        names.add(definition.title)
        package = type(definition.ruleset).__module__.rsplit(".", 1)[0]
        names.add(package.rsplit(".", 1)[-1])
        if definition.client_name is not None:
            names.add(definition.client_name)
    for gid in ids:
        names.update({gid, gid.replace("-", "_"), gid.replace("-", "")})
    return sorted(names, key=len, reverse=True)


def naming_pattern(names: Iterable[str]) -> re.Pattern[str]:
    """The stems anywhere; every other name as a word (not inside a longer name)."""
    words = "|".join(r"\s+".join(re.escape(w) for w in n.split()) for n in names)
    return re.compile(rf"{STEMS}|(?<![A-Za-z0-9])(?:{words})(?![A-Za-z0-9])", re.I)


def named_lines(path: Path, text: str, pattern: re.Pattern[str]) -> Iterator[str]:
    rel = path.relative_to(ROOT)
    for number, line in enumerate(text.splitlines(), 1):
        found = sorted({m.group(0) for m in pattern.finditer(line)})
        if found:
            yield f"{rel}:{number}: [{', '.join(found)}] {line.strip()[:140]}"


def _is_game_module(module: str) -> bool:
    parts = module.split(".")
    if parts[0] == "tests":
        return True
    return parts[0] == "engine" and len(parts) > 1 and parts[1] not in PLATFORM_ENGINE \
        and not parts[1].startswith("_")


def _python_imports(path: Path, text: str) -> Iterator[tuple[int, str]]:
    """(line, absolute module) of every import in a Python file, relative ones resolved and
    ``from package import name`` read as ``package.name`` too (``from engine import x``)."""
    try:
        tree = ast.parse(text)
    except SyntaxError:  # a file being edited: its import lines as text
        for m in PY_IMPORT.finditer(text):
            line = text.count("\n", 0, m.start()) + 1
            for module in [m.group(1)] if m.group(1) else re.split(r"\s*,\s*", m.group(2)):
                yield line, module
        return
    package = list(path.relative_to(ROOT).with_suffix("").parts[:-1])
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield node.lineno, alias.name
        elif isinstance(node, ast.ImportFrom):
            base = package[:len(package) - node.level + 1] if node.level else []
            module = ".".join([*base, *([node.module] if node.module else [])])
            yield node.lineno, module
            for alias in node.names:
                yield node.lineno, f"{module}.{alias.name}"


def game_imports(path: Path, text: str) -> Iterator[str]:
    """The imports of a game's module in one platform file."""
    rel = path.relative_to(ROOT)
    if path.suffix == ".py":
        seen: set[tuple[int, str]] = set()
        for line, module in _python_imports(path, text):
            parent = module.rsplit(".", 1)[0]
            if _is_game_module(module) and (line, parent) not in seen:
                seen.add((line, module))
                yield f"{rel}:{line}: imports {module}"
    elif path.suffix in (".js", ".mjs", ".html"):
        for m in JS_IMPORT.finditer(text):
            if JS_GAME_PATH.search(m.group(2)):
                line = text.count("\n", 0, m.start()) + 1
                yield f"{rel}:{line}: imports {m.group(2)}"


def report(what: str, lines: list[str], most: int = 400) -> str:
    files = sorted({line.split(":", 1)[0] for line in lines})
    shown = "\n".join(lines[:most])
    more = f"\n... and {len(lines) - most} more lines" if len(lines) > most else ""
    return (f"{len(lines)} lines in {len(files)} platform files {what}:\n{shown}{more}\n"
            f"files: {', '.join(files)}")


def test_the_checks_catch_what_they_look_for() -> None:
    """The matcher itself: a game named in code or a comment, in any spelling, is caught; the
    platform's own words are not."""
    pattern = naming_pattern(game_names())
    caught = ["import { VenusPage } from '../games/venus/page.js';", "# the Star Traders bot",
              "if ruleset == 'star-traders':", "from engine.venus_standard import x",
              "FOLDERS = {venusstd: 1}", "// Merchant of Venus", "id: 'tiny-duel'",
              "TINY_DUEL = 1", "<title>Star  Traders</title>"]
    for line in caught:
        assert pattern.search(line), line
    for line in ["a PostgreSQL cluster", "avenues", "the registry's games", "startrek",
                 "venue", "a tidy duel"]:
        assert pattern.search(line) is None, line
    fake = ROOT / "server" / "x.py"
    assert list(game_imports(fake, "from engine.cluster.board import Board\n"
                                   "from engine.kernel import Game\nimport engine.venus\n"
                                   "import os, engine.startraders.rules\n"
                                   "from tests.platform.tinygame import GAME\n"
                                   "def f():\n    from engine import (kernel,\n"
                                   "        venus_standard)\n")) == [
        "server/x.py:1: imports engine.cluster.board", "server/x.py:3: imports engine.venus",
        "server/x.py:4: imports engine.startraders.rules",
        "server/x.py:5: imports tests.platform.tinygame",
        "server/x.py:7: imports engine.venus_standard"]
    relative = ROOT / "engine" / "bots" / "x.py"
    assert list(game_imports(relative, "from ..venus.bots import trader\n"
                                       "from . import base\nfrom ..kernel import Game\n")) == [
        "engine/bots/x.py:1: imports engine.venus.bots"]
    js = ROOT / "web" / "platform" / "x.js"
    assert list(game_imports(js, 'import { a } from "../games/venus/a.js";\n'
                                 "const m = await import(`../games/${folder}/index.js`);\n"
                                 'import("/games/startraders/x.js")\n')) == [
        "web/platform/x.js:1: imports ../games/venus/a.js",
        "web/platform/x.js:3: imports /games/startraders/x.js"]


def test_every_game_is_named_by_the_checks() -> None:
    """The registry's games, the tests' own included, are what the check looks for."""
    ids = set(games())
    assert {"tiny-duel"} <= ids and len(ids) >= 2
    pattern = naming_pattern(game_names())
    for gid, definition in games().items():
        assert pattern.search(f"x {gid} y") and pattern.search(definition.title), gid


def test_no_platform_file_names_a_game() -> None:
    pattern = naming_pattern(game_names())
    lines = [hit for path in platform_files()
             for hit in named_lines(path, path.read_text("utf-8", "replace"), pattern)]
    assert not lines, report("name a game", lines)


def test_no_platform_file_imports_a_game_module() -> None:
    lines = [hit for path in platform_files()
             for hit in game_imports(path, path.read_text("utf-8", "replace"))]
    assert not lines, report("import a game's module", lines)
