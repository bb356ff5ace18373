"""Agent spec strings: ``name`` or ``name:key=value,key=value``."""

from __future__ import annotations

from typing import Any

from galaxis.core.errors import BadAgentSpec


def _value(text: str) -> Any:
    low = text.lower()
    if low in ("true", "false"):
        return low == "true"
    for conv in (int, float):
        try:
            return conv(text)
        except ValueError:
            pass
    return text


def parse_spec(spec: str) -> tuple[str, dict[str, Any]]:
    if not isinstance(spec, str) or not spec.strip():
        raise BadAgentSpec(f"an agent spec is a non-empty string, not {spec!r}")
    name, _, rest = spec.strip().partition(":")
    params: dict[str, Any] = {}
    if rest:
        for part in rest.split(","):
            key, eq, val = part.partition("=")
            if not eq or not key.strip():
                raise BadAgentSpec(f"agent spec parameters look like key=value, not {part!r} in {spec!r}")
            params[key.strip()] = _value(val.strip())
    return name.strip().lower(), params
