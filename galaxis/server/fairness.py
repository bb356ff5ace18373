"""Commit-reveal of a match's randomness.

At creation the server publishes ``commitment``: the SHA-256 of the canonical JSON of
everything that fixes the match's chance (game, players, seed, options including any
``setup``) and a random nonce, so nobody can search the seed from the hash. When the
match is over it publishes those values (``reveal``): anyone can recompute the hash,
and replay the published history from the seed to check the whole log::

    import hashlib, json
    text = json.dumps(reveal, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    assert hashlib.sha256(text.encode()).hexdigest() == commitment
"""

from __future__ import annotations

import hashlib
import json
import secrets
from typing import Any


def new_nonce() -> str:
    return secrets.token_hex(16)


def committed_values(
    game: str, players: int, seed: int, options: dict[str, Any], nonce: str
) -> dict[str, Any]:
    return {"game": game, "players": players, "seed": seed, "options": options, "nonce": nonce}


def commitment_of(values: dict[str, Any]) -> str:
    text = json.dumps(values, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def commitment(game: str, players: int, seed: int, options: dict[str, Any], nonce: str | None) -> str | None:
    """The published hash (None for a match stored before commitments existed)."""
    if not nonce:
        return None
    return commitment_of(committed_values(game, players, seed, options, nonce))
