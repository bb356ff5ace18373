"""Schemathesis against the served OpenAPI schema: no input gives a 5xx."""

from __future__ import annotations

from pathlib import Path

import schemathesis
from hypothesis import HealthCheck, given, settings

from tests.server.helpers import ServerProcess


def test_no_server_errors(tmp_path: Path) -> None:
    with ServerProcess(f"sqlite:///{tmp_path / 'schema.db'}", log_path=tmp_path / "server.log") as server:
        schema = schemathesis.openapi.from_url(f"{server.url}/openapi.json")
        operations = [result.ok() for result in schema.get_all_operations()]
        assert len(operations) >= 10
        for operation in operations:

            @given(case=operation.as_strategy())
            @settings(max_examples=12, deadline=None, database=None, suppress_health_check=list(HealthCheck))
            def run(case) -> None:  # type: ignore[no-untyped-def]
                response = case.call(base_url=server.url, timeout=10)
                assert response.status_code < 500, (
                    f"{case.method} {case.formatted_path}: {response.status_code} {response.text[:300]}"
                )

            run()
