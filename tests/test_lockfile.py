"""The lock files stay true to what they lock: ``requirements.lock`` (pip-compile's, which
``make`` installs) pins every dependency of ``pyproject.toml`` (the runtime ones and the dev
extra) at the version pinned there, and ``package-lock.json`` the client check's packages of
``package.json``. A pin changed without running pip-compile (its command is in the lock's
header) fails here."""

from __future__ import annotations

import json
import re
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _name(raw: str) -> str:
    """A distribution name as pip compares them (PEP 503)."""
    return re.sub(r"[-_.]+", "-", raw).lower()


def _pins(requirements: list[str]) -> dict[str, str]:
    pins = {}
    for req in requirements:
        spec = req.split(";")[0].strip()
        name, _, version = spec.partition("==")
        assert version, f"{req!r} is not pinned with =="
        pins[_name(name.split("[")[0])] = version.strip()
    return pins


def locked() -> dict[str, str]:
    text = (ROOT / "requirements.lock").read_text("utf-8")
    return {_name(m[1]): m[2] for m in re.finditer(r"^([A-Za-z0-9_.\-]+)==(\S+)", text, re.M)}


def test_the_lock_pins_every_dependency_at_its_version() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))["project"]
    wanted = _pins(project["dependencies"]) | _pins(project["optional-dependencies"]["dev"])
    lock = locked()
    assert {name: lock.get(name) for name in wanted} == wanted


def test_the_lock_has_a_hash_for_every_package() -> None:
    text = (ROOT / "requirements.lock").read_text("utf-8")
    entries = re.split(r"\n(?=[A-Za-z0-9_.\-]+==)", text)[1:]
    assert entries and all("--hash=sha256:" in entry for entry in entries)


def test_the_web_check_is_locked_at_its_version() -> None:
    package = json.loads((ROOT / "package.json").read_text("utf-8"))
    lock = json.loads((ROOT / "package-lock.json").read_text("utf-8"))
    assert lock["packages"][""]["devDependencies"] == package["devDependencies"]
    for name, version in package["devDependencies"].items():
        assert lock["packages"][f"node_modules/{name}"]["version"] == version
