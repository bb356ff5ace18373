"""Ground combat against the solo opponents (docs/games/space_empires.md §13.13, §10.1): the hooks
ground.py calls, kept free of imports of ground.py so both may use each other.

- ``invadable``: an alien empire's colonies can be invaded by the live player;
- ``techs_of``: the technology sheet of a seat or of an alien empire (technology theft);
- ``security_militia``: Security Forces defend a colony in ground combat;
- ``alien_takes_tech``: an alien empire that captures a live player's colony gains technology.
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel, ConfigDict, Field

from galaxis.core import Event
from galaxis.games.space_empires.base import data
from galaxis.games.space_empires.base.text_data import word
from galaxis.games.space_empires.opponents.alien_players import vp as alien_vp
from galaxis.games.space_empires.opponents.alien_players import vp_npa as alien_vp_npa
from galaxis.games.space_empires.opponents.solo_state import ALIEN_BASE, Alien
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


def alien(state: SEState, owner: int) -> Alien | None:
    solo = state.solo
    if solo is None:
        return None
    return next((a for a in solo.aliens if a.owner == owner), None)


def name(owner: int) -> str:
    """An alien empire in English log text ("alien empire 1" for the first)."""
    return f"alien empire {ALIEN_BASE - owner + 1}"


def invadable(state: SEState, owner: int) -> bool:
    """§13.13 (issue 9 integration): the live player may invade an alien empire's colonies (its home
    world included) as an enemy player's (§10.1)."""
    return alien(state, owner) is not None


def may_retake(state: SEState, hid: str, seat: int) -> bool:
    """§10.1, §13.13: a player may not bombard a colony captured from it (by another player or an alien
    empire), but may land on it to take it back: its bombardment step there offers only ``land`` (with
    cargo aboard) and ``hold``. The step depends only on the ships there (public), never on the cargo
    (secret)."""
    col = state.colonies.get(hid)
    return (
        state.ground is not None
        and col is not None
        and col.owner != seat
        and (col.owner >= 0 or alien(state, col.owner) is not None)
    )


def techs_of(state: SEState, owner: int) -> dict[str, int]:
    """The technology sheet of a seat, or of an alien empire (technology theft, §10.1, §13.13)."""
    if owner >= 0:
        return state.players[owner].techs
    a = alien(state, owner)
    return a.techs if a is not None else {}


def security_militia(state: SEState, owner: int) -> int:
    """§13.13 [DESIGN]: Security Forces defend their colonies in ground combat too: each level raises one
    more Militia in every colony of the empire that is invaded (reference §1.12 gives the track only
    against boarding)."""
    if owner < 0 and alien(state, owner) is None:
        return 0  # non-player aliens and the Galactic Capitol have no technology sheet
    return techs_of(state, owner).get("security_forces", 0)


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
    a = alien(state, owner)
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
    a = alien(state, owner)
    if a is None or loser < 0:
        return
    for track in _steal_candidates(state, a, loser)[:count]:
        a.techs[track] = a.techs.get(track, 0) + 1
        events.append(_event("alien_steals_tech", alien=owner, tech=track, level=a.techs[track]))


def _event(kind: str, **fields: Any) -> Event:
    """An event with its English text (the Hungarian words are in data/text.yaml as well)."""
    text = word(f"solo4_{kind}", "en").format(**fields)
    return {"type": kind, **fields, "text": text}
