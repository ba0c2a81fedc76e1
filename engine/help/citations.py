"""Which rules the program can show a player: the tools a game uses to list every rule number
or heading cited in a string its engine or its browser client may put on screen (a refusal's
rule, a log line, a notice, a disabled button's reason, a panel's ``why``).

Each game says which rules it cites (``GameDefinition.rules_cited``, built from these tools
over its own package and client folder); a test proves the game's rules reference
(``engine.help.reference``) has an entry for each (``docs/architecture.md``, "The game
definition"). Docstrings and comments are not shown to players and are skipped; so are SVG
drawings (their numbers are coordinates).
"""

from __future__ import annotations

import ast
import re
from collections.abc import Collection, Iterable, Iterator, Mapping, Sequence
from pathlib import Path

#: A numbered rule (``5.31``, ``15.431``, ``12.4.1``).
NUMBER = re.compile(r"(?<![\d.\-#])([1-9]\d?\.\d{1,4}(?:\.\d)?)(?![\d.]*\d)(?!%)")
_SVG = re.compile(r"<[a-zA-Z]|=\"|^[\sMLHVZCQAmlhvzcqa\d.,\-]+$")
_JS_COMMENT = re.compile(r"/\*.*?\*/|(?<![:\\\"'`])//[^\n]*", re.S)
_JS_STRING = re.compile(r"\"(?:\\.|[^\"\\\n])*\"|'(?:\\.|[^'\\\n])*'|`(?:\\.|[^`\\])*`", re.S)
_PLACEHOLDER = re.compile(r"\$\{(?:[^{}]|\{[^{}]*\})*\}")
#: The calls whose first argument names the rule a refusal cites.
_HEADED = ("RuleError",)
#: What a refusal may name that is no rule of a book: a malformed command, a table option.
NOT_RULES = frozenset({"commands", "options"})


# --- the files a game shows text from -------------------------------------------------------

def py_files(folder: Path, skip: Collection[str] = ()) -> list[Path]:
    """The Python modules under ``folder``, but those under a file or folder named in
    ``skip`` (``board_svg``: drawings, not words)."""
    return sorted(p for p in folder.rglob("*.py")
                  if not any(part in skip for part in p.relative_to(folder).parts))


def js_files(folder: Path) -> list[Path]:
    return sorted(folder.rglob("*.js"))


def html_files(folder: Path) -> list[Path]:
    return sorted(folder.rglob("*.html"))


def client_texts(folder: Path) -> list[str]:
    """Every string of a browser client's scripts and the text of its pages."""
    return [*js_strings(js_files(folder)), *html_texts(html_files(folder))]


# --- the strings in them --------------------------------------------------------------------

def numbers_in(text: str) -> set[str]:
    """The rule numbers a piece of player-facing text cites (none in SVG markup)."""
    if _SVG.search(text):
        return set()
    return set(NUMBER.findall(text))


def cited_numbers(texts: Iterable[str]) -> set[str]:
    """The rule numbers these texts cite."""
    return {n for text in texts for n in numbers_in(text)}


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


#: A whole section cited before its words, as a client links it: "(15: Lasers, ...)".
SECTION_REF = re.compile(r"\(([1-9]\d?)(?=: )")


def linked_sections(texts: Iterable[str]) -> set[str]:
    """The sections these texts cite before their words ("(15: ...")."""
    return {m for text in texts for m in SECTION_REF.findall(text)}


#: A heading a client names in parentheses: "(Pirates)", "(Setup 12)".
NAMED = re.compile(r"\(([A-Z][^():]*?)(?=[):])")


def named_headings(texts: Iterable[str]) -> set[str]:
    """The headings these texts name in parentheses (a client's prompts and log lines)."""
    return {m.strip() for text in texts for m in NAMED.findall(text)}


def rule_headings(paths: Iterable[Path]) -> set[str]:
    """The first argument of every ``RuleError("Heading", ...)`` whose rule is not numbered
    (a book's heading, written out where the refusal is made)."""
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


# --- headings reached through names ---------------------------------------------------------
#
# A game's refusals may name the book's headings through constants (``MOVEMENT = "Movement
# Phase"``, ``f"{MOVEMENT} > Move"``), local names (``heading = "..."``), tables
# (``PHASE_HEADINGS[phase]``) and "Heading: detail" problems (a ``*_problem`` function).

#: "Heading: detail" or "Heading > Part: detail" at the start of a problem string.
_PROBLEM = re.compile(r"^([A-Z][A-Za-z']*(?: [A-Za-z'0-9]+)*(?: > [A-Z][A-Za-z' ]*)*): ")


class _Names:
    """The string values each name is given anywhere in a package (module constants, locals,
    dicts of strings), so a refusal's heading can be read without running the code."""

    def __init__(self, trees: Sequence[ast.AST], outer: _Names | None = None) -> None:
        self.outer = outer
        self.values: dict[str, set[str]] = {}
        for tree in trees:
            for node in ast.walk(tree):
                if isinstance(node, (ast.Assign, ast.AnnAssign)) and node.value is not None:
                    targets = node.targets if isinstance(node, ast.Assign) else [node.target]
                    for target, value in self._pairs(targets, node.value):
                        self.values.setdefault(target, set()).update(self._literal(value))

    def within(self, tree: ast.AST, modules: Mapping[str, _Names] | None = None) -> _Names:
        """The names as one module reads them: its own, then those it imports from a module
        of ``modules`` (``from .trading import SPACEPORT``), then the package's."""
        local = _Names([tree], outer=self)
        for node in ast.walk(tree):
            if (isinstance(node, ast.ImportFrom) and node.level == 1 and modules
                    and node.module is not None and node.module in modules):
                source = modules[node.module].values
                for alias in node.names:
                    name = alias.asname or alias.name
                    if source.get(alias.name) and not local.values.get(name):
                        local.values[name] = set(source[alias.name])
        return local

    def _named(self, name: str) -> set[str]:
        if self.values.get(name):
            return self.values[name]
        return self.outer._named(name) if self.outer is not None else set()

    @staticmethod
    def _pairs(targets: Sequence[ast.expr], value: ast.expr) -> Iterator[tuple[str, ast.expr]]:
        """``A = "x"`` and ``A, B = "x", "y"``: each name with its value."""
        for target in targets:
            if isinstance(target, ast.Name):
                yield target.id, value
            elif (isinstance(target, ast.Tuple) and isinstance(value, ast.Tuple)
                  and len(target.elts) == len(value.elts)):
                for t, v in zip(target.elts, value.elts, strict=True):
                    if isinstance(t, ast.Name):
                        yield t.id, v

    @staticmethod
    def _literal(value: ast.expr) -> set[str]:
        if isinstance(value, ast.Constant) and isinstance(value.value, str):
            return {value.value}
        if isinstance(value, ast.Dict):  # a table of headings: its values
            return {v.value for v in value.values
                    if isinstance(v, ast.Constant) and isinstance(v.value, str)}
        return set()

    def resolve(self, expr: ast.expr) -> set[str]:
        """The headings ``expr`` may be; a formatted part that cannot be read keeps the text
        before it (``f"Appendix B > {tech}"`` -> ``Appendix B``)."""
        if isinstance(expr, ast.Constant) and isinstance(expr.value, str):
            return {expr.value}
        if isinstance(expr, ast.Name):
            return set(self._named(expr.id))
        if isinstance(expr, ast.IfExp):
            return self.resolve(expr.body) | self.resolve(expr.orelse)
        if isinstance(expr, ast.Subscript):  # HEADINGS[key]
            return self.resolve(expr.value)
        if (isinstance(expr, ast.Call) and isinstance(expr.func, ast.Attribute)
                and expr.func.attr == "get"):  # HEADINGS.get(key, "Default")
            found = self.resolve(expr.func.value)
            for arg in expr.args[1:]:
                found |= self.resolve(arg)
            return found
        if isinstance(expr, ast.JoinedStr):
            return self._joined(expr)
        return set()

    def _joined(self, expr: ast.JoinedStr) -> set[str]:
        texts = {""}
        for part in expr.values:
            if isinstance(part, ast.Constant):
                texts = {t + str(part.value) for t in texts}
                continue
            assert isinstance(part, ast.FormattedValue)
            known = self.resolve(part.value)
            if not known:  # the rest depends on play: keep the heading before it
                return {t.rstrip(" >") for t in texts if t.rstrip(" >")}
            texts = {t + k for t in texts for k in known}
        return texts


def _calls(tree: ast.AST, name: str) -> Iterator[ast.Call]:
    for node in ast.walk(tree):
        if (isinstance(node, ast.Call) and node.args
                and getattr(node.func, "id", getattr(node.func, "attr", None)) == name):
            yield node


def _problem_headings(tree: ast.AST) -> set[str]:
    """Headings of the "Heading: detail" strings a ``*problem`` function returns."""
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef) and "problem" in node.name:
            for ret in ast.walk(node):
                if isinstance(ret, ast.Return) and ret.value is not None:
                    first = ret.value.values[0] if isinstance(ret.value, ast.JoinedStr) \
                        and ret.value.values else ret.value
                    if isinstance(first, ast.Constant) and isinstance(first.value, str):
                        m = _PROBLEM.match(first.value)
                        if m:
                            found.add(m.group(1))
    return found


def headings_through_names(paths: Sequence[Path]) -> set[str]:
    """The book headings the refusals of these modules (one package) name, read through the
    names that hold them (``"Movement Phase > Move"``, ``"Appendix B > Shuttle"``), and the
    headings of their "Heading: detail" problems."""
    trees = [ast.parse(p.read_text(), str(p)) for p in paths]
    names = _Names(trees)
    modules = {p.stem: _Names([t]) for p, t in zip(paths, trees, strict=True)}
    found: set[str] = set()
    for tree in trees:
        local = names.within(tree, modules)
        for call in (c for name in _HEADED for c in _calls(tree, name)):
            found |= local.resolve(call.args[0])
        found |= _problem_headings(tree)
    return {h for h in found if h not in NOT_RULES}
