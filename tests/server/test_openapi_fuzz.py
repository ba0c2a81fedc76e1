"""Schemathesis against the OpenAPI spec: no 5xx, and every answer matches its schema."""

from __future__ import annotations

import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
import schemathesis
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, settings
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    response_headers_conformance,
    response_schema_conformance,
    status_code_conformance,
)

from server.app import create_app

from .conftest import settings_for
from .helpers import open_table

# schemathesis's pytest plugin (it turns ``schema.parametrize`` into tests) for this module
# only: the suite's addopts keep it from loading in every run (``-p no:schemathesis``)
pytest_plugins = ["schemathesis.pytest.plugin"]

_DIR = Path(tempfile.mkdtemp(prefix="starport-fuzz-"))
APP = create_app(settings_for(f"sqlite:///{_DIR / 'fuzz.sqlite3'}", _DIR))
schema = schemathesis.openapi.from_asgi("/openapi.json", APP)


TABLE: dict[str, str] = {}


@pytest.fixture(scope="module", autouse=True)
def running() -> Iterator[None]:
    with TestClient(APP) as c:  # runs the lifespan: migrations, the service
        table = open_table(c)
        TABLE.update(id=table["table_id"], token=table["seats"][0]["token"])
        yield


@schema.parametrize()
@settings(max_examples=25, deadline=None,
          suppress_health_check=list(HealthCheck))
def test_api_conforms(case: schemathesis.Case) -> None:
    """No 5xx; status codes, content types, headers and bodies are those the spec documents.

    (Schemathesis' stricter negative-testing checks are left out on purpose: the API coerces
    like pydantic does, and a log that does not replay is refused with 422 though its shape
    is valid.)"""
    if case.path_parameters and "table_id" in case.path_parameters and len(case.id) % 2:
        case.path_parameters["table_id"] = TABLE["id"]  # half the cases reach a real table
    checks = [not_a_server_error, response_schema_conformance, status_code_conformance,
              content_type_conformance, response_headers_conformance]
    case.call_and_validate(headers={"X-Starport-Token": TABLE["token"]}, checks=checks)
