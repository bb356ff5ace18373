"""Agent spec strings: ``name`` or ``name:key=value,key=value``."""

from __future__ import annotations

from typing import Any

from galaxis.core.errors import BadAgentSpec
from galaxis.core.messages import Catalogue

MSG = Catalogue.for_package(__name__)  # galaxis/agents/data/messages.yaml


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
        raise BadAgentSpec(MSG("empty_spec", spec=repr(spec)))
    name, _, rest = spec.strip().partition(":")
    params: dict[str, Any] = {}
    if rest:
        for part in rest.split(","):
            key, eq, val = part.partition("=")
            if not eq or not key.strip():
                raise BadAgentSpec(MSG("spec_syntax", part=part, spec=spec))
            params[key.strip()] = _value(val.strip())
    return name.strip().lower(), params
