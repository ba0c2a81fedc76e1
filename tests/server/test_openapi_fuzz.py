"""Schemathesis against the OpenAPI spec: no 5xx, and every answer matches its schema.

The schema is loaded from a fixture (``schemathesis.pytest.from_fixture``): its 43
operations' tests are built when the test runs, by the one worker that runs it, not at the
collection of every pytest-xdist worker (building them, coverage cases included, cost each
worker ~4 s of CPU before the first test)."""

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

TABLE: dict[str, str] = {}


@pytest.fixture(scope="module")
def api_schema() -> Iterator[schemathesis.BaseSchema]:
    """The app's schema, the app running (its lifespan: migrations, the service) with a
    table open whose id half the cases use."""
    data = Path(tempfile.mkdtemp(prefix="starport-fuzz-"))
    app = create_app(settings_for(f"sqlite:///{data / 'fuzz.sqlite3'}", data))
    with TestClient(app) as c:
        table = open_table(c)
        TABLE.update(id=table["table_id"], token=table["seats"][0]["token"])
        yield schemathesis.openapi.from_asgi("/openapi.json", app)


schema = schemathesis.pytest.from_fixture("api_schema")


@pytest.fixture(autouse=True)
def _node_id_for_lazy_schemas(request: pytest.FixtureRequest) -> None:
    """Schemathesis' lazy schemas name each operation's report by ``node._nodeid``, an
    attribute pytest 9 no longer has: set it to the node id."""
    request.node._nodeid = request.node.nodeid


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
