"""Which rules the program can show a player: every rule number or heading cited in a string
the engine, the server or the browser client may put on screen (a refusal's rule, a log line,
a notice, a disabled button's reason, the market's ``why``).

Used by the test that proves the rules reference (``engine/help``) has an entry for each, and
by ``starport rules --missing``. Docstrings and comments are not shown to players and are
skipped; so are SVG drawings (their numbers are coordinates).
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterable, Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

#: A rule number of the 1988 manual (``5.31``, ``15.431``, ``12.4.1``).
NUMBER = re.compile(r"(?<![\d.\-#])([1-9]\d?\.\d{1,4}(?:\.\d)?)(?![\d.]*\d)(?!%)")
_SVG = re.compile(r"<[a-zA-Z]|=\"|^[\sMLHVZCQAmlhvzcqa\d.,\-]+$")
_JS_COMMENT = re.compile(r"/\*.*?\*/|(?<![:\\\"'`])//[^\n]*", re.S)
_JS_STRING = re.compile(r"\"(?:\\.|[^\"\\\n])*\"|'(?:\\.|[^'\\\n])*'|`(?:\\.|[^`\\])*`", re.S)
_PLACEHOLDER = re.compile(r"\$\{(?:[^{}]|\{[^{}]*\})*\}")
#: Strings that are rule headings (Star Traders cites the book's headings, 2012 its sections).
_HEADED = ("RuleError",)
#: What a refusal may name that is no rule of a book: a malformed command, a table option.
NOT_RULES = frozenset({"commands", "options"})


def numbers_in(text: str) -> set[str]:
    """The rule numbers a piece of player-facing text cites (none in SVG markup)."""
    if _SVG.search(text):
        return set()
    return set(NUMBER.findall(text))


def _docstrings(tree: ast.AST) -> set[int]:
    found: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                found.add(id(body[0].value))
    return found


def python_strings(paths: Iterable[Path]) -> Iterator[str]:
    """Every string constant of these modules that is not a docstring."""
    for path in paths:
        tree = ast.parse(path.read_text(), str(path))
        docs = _docstrings(tree)
        for node in ast.walk(tree):
            if (isinstance(node, ast.Constant) and isinstance(node.value, str)
                    and id(node) not in docs):
                yield node.value


def js_strings(paths: Iterable[Path]) -> Iterator[str]:
    """Every string and template literal of these scripts (comments removed)."""
    for path in paths:
        for literal in _JS_STRING.findall(_JS_COMMENT.sub("", path.read_text())):
            yield from _template_parts(literal[1:-1])


def _template_parts(text: str) -> Iterator[str]:
    """A literal's own text (its ``${...}`` placeholders blanked: code, not words), then the
    strings quoted inside those placeholders (``${relic ? "... (6.11)" : ""}``)."""
    yield _PLACEHOLDER.sub(" ", text)
    for code in _PLACEHOLDER.findall(text):
        for inner in _JS_STRING.findall(code):
            yield from _template_parts(inner[1:-1])


def html_texts(paths: Iterable[Path]) -> Iterator[str]:
    """The text of these pages (tags, scripts and styles removed)."""
    for path in paths:
        html = re.sub(r"<(script|style)\b.*?</\1>", " ", path.read_text(), flags=re.S)
        yield from (t for t in re.split(r"<[^>]*>", html) if t.strip())


#: A whole section cited before its words, as the client links it: "(15: Lasers, ...)".
SECTION_REF = re.compile(r"\(([1-9]\d?)(?=: )")


def rule_headings(paths: Iterable[Path]) -> set[str]:
    """The first argument of every ``RuleError("Heading", ...)`` whose rule is not numbered:
    the book headings Star Traders and the 2012 edition cite."""
    found: set[str] = set()
    for path in paths:
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                    and node.func.id in _HEADED and node.args
                    and isinstance(node.args[0], ast.Constant)
                    and isinstance(node.args[0].value, str)
                    and not NUMBER.match(node.args[0].value)
                    and node.args[0].value not in NOT_RULES):
                found.add(node.args[0].value)
    return found


def _py(folder: str, skip: tuple[str, ...] = ()) -> list[Path]:
    return sorted(p for p in (ROOT / folder).rglob("*.py")
                  if not any(part in skip for part in p.relative_to(ROOT).parts))


def _js(folder: str) -> list[Path]:
    return sorted((ROOT / folder).rglob("*.js"))


def _html(folder: str) -> list[Path]:
    return sorted((ROOT / folder).rglob("*.html"))


def _client_texts() -> list[str]:
    return [*js_strings(_js("web")), *html_texts(_html("web"))]


def venus_numbers() -> set[str]:
    """Rule numbers of the 1988 manual that the engine, the server or the client show."""
    texts = [*python_strings(_py("engine/venus", skip=("board_svg",))),
             *python_strings(_py("engine/kernel")), *python_strings(_py("server")),
             *_client_texts()]
    return {n for text in texts for n in numbers_in(text)}


#: A Merchant of Venus rule named by its section (``"15 combat"``) or a 2012 heading.
_SECTION = re.compile(r"^(?:[1-9]\d?|2012) [a-zA-Z]")


def venus_headings() -> set[str]:
    """Headings (not numbers) a Merchant of Venus refusal names: a whole section of the 1988
    manual (``"15 combat"``, an optional rule; the client's ``"(15: ..."``) or a heading of
    the 2012 book."""
    named = {t for t in python_strings(_py("engine/venus", skip=("board_svg",)))
             if _SECTION.match(t) and len(t) < 60}
    linked = {m for text in _client_texts() for m in SECTION_REF.findall(text)}
    return named | linked | rule_headings(_py("engine/venus"))


def star_traders_headings() -> set[str]:
    """The Star Traders book headings the engine's refusals name."""
    return rule_headings(_py("engine/startraders"))
