"""Ground combat of the solo opponents (docs/games/space_empires.md §13.13, §10.1): what an alien empire
does when it captures a live player's colony (``alien_captures``, told by ground.py through the
``colony_captured`` question of base/system.py). Which alien colonies may be invaded, the aliens'
Security Forces in ground combat and their technology sheet for theft are ground.py's own queries.
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel, ConfigDict, Field

from galaxis.core import Event
from galaxis.games.space_empires.base import board, data
from galaxis.games.space_empires.base.text_data import word
from galaxis.games.space_empires.opponents.alien_players import vp as alien_vp
from galaxis.games.space_empires.opponents.alien_players import vp_npa as alien_vp_npa
from galaxis.games.space_empires.opponents.solo_state import Alien
from galaxis.games.space_empires.opponents.tables import solo_tables

if TYPE_CHECKING:
    from galaxis.games.space_empires.state import SEState

_FROZEN = ConfigDict(frozen=True, extra="forbid")


class CapturedDefence(BaseModel):
    model_config = _FROZEN
    garrison: int = Field(ge=0)
    mines: int = Field(ge=0)
    share: tuple[int, int]


class NewFeatures(BaseModel):
    model_config = _FROZEN
    scenario: str
    transport_load: dict[int, str]
    captured_defence: CapturedDefence
    steal_order: tuple[str, ...]


class Solo4Tables(BaseModel):
    model_config = _FROZEN
    positions: dict[str, tuple[str, ...]]
    scenarios: tuple[str, ...]
    difficulty: dict[str, dict[str, int]]
    new_features: NewFeatures


@cache
def tables() -> Solo4Tables:
    """data/solo4.yaml, validated; its difficulty table must be the Alien Player's (§13.13)."""
    t = Solo4Tables.model_validate(data._load("solo4.yaml"))
    if t.difficulty != solo_tables().alien_player.difficulty:
        raise ValueError("solo4.yaml: the difficulty table differs from solo.yaml alien_player.difficulty")
    if set(t.positions) != {"2", "3"}:
        raise ValueError('solo4.yaml: positions are the map\'s "2" and "3" hexes')
    return t


def _steal_candidates(state: SEState, a: Alien, loser: int) -> list[str]:
    caps = solo_tables().alien_player.tech_caps
    tracks = data.tech_tracks(state.edition)
    order = tables().new_features.steal_order
    theirs = state.players[loser].techs
    found = []
    for track, level in theirs.items():
        if track not in tracks:
            continue
        ours = a.techs.get(track, tracks[track].start)
        cap = min(
            caps.get(track, tracks[track].max_level(state.edition)), tracks[track].max_level(state.edition)
        )
        if level > ours and ours < cap:
            found.append(track)
    return sorted(found, key=lambda t: (order.index(t) if t in order else len(order), t))


def alien_captures(state: SEState, owner: int, loser: int, hid: str, count: int, events: list[Event]) -> None:
    """An alien empire captured a live player's colony (§13.13): it takes technology, and in the
    victory-point games scores as when it colonises a player's colony (+2 VP, §13.12.6)."""
    alien_takes_tech(state, owner, loser, count, events)
    a = board.alien_empire(state, owner)
    if alien_vp.vp_of(state) is not None and a is not None and loser >= 0:
        vp = alien_vp.tables().vp.ap_colonises_player_colony
        alien_vp.add_vp(state, a, vp, "captures_player_colony", hid, events)
        alien_vp.deep_space_taken(state, a, hid, events)  # §13.12.6: +2 VP and a card in Deep Space
        alien_vp_npa.guards_captured(state, a, hid, events)  # §13.12.5: the expansion fleet stays


def alien_takes_tech(state: SEState, owner: int, loser: int, count: int, events: list[Event]) -> None:
    """§13.13 (seed: "Az AP-k ... élő játékos egy kolóniájának az elfoglalásakor technológiát
    szerezhetnek"): an alien that captures a live player's colony gains +1 level in ``count`` different
    technologies the player has higher (2 in a Home System, 1 in Deep Space, as §10.1), in the order of
    data/solo4.yaml ``steal_order`` [DESIGN: the automaton needs a fixed choice]."""
    a = board.alien_empire(state, owner)
    if a is None or loser < 0:
        return
    for track in _steal_candidates(state, a, loser)[:count]:
        a.techs[track] = a.techs.get(track, 0) + 1
        events.append(_event("alien_steals_tech", alien=owner, tech=track, level=a.techs[track]))


def _event(kind: str, **fields: Any) -> Event:
    """An event with its English text (the Hungarian words are in data/text.yaml as well)."""
    text = word(f"solo4_{kind}", "en").format(**fields)
    return {"type": kind, **fields, "text": text}
