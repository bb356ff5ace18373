"""Every Space Empires action kind has exactly one owner.

``SpaceEmpires.apply`` dispatches the base game's kinds itself (``BASE_ACTION_KINDS``) and every
other kind through ``registry.ACTION_OWNERS``, a table built from the systems' declared
``action_kinds``: a kind that two systems claim fails when the registry is imported (checked here on
a registry with a planted duplicate), and so does a system kind the base game also handles. Every kind
the rules make legal in play is one the dispatch knows.
"""

from __future__ import annotations

import random

import pytest

from galaxis.games.space_empires import registry, rules
from galaxis.games.space_empires.base.system import System, owners
from tests.games.space_empires.helpers import start


def _dispatched() -> set[str]:
    return set(rules.BASE_ACTION_KINDS) | set(registry.ACTION_OWNERS)


def test_the_table_holds_the_base_game_and_every_system() -> None:
    assert {"move", "bid", "buy", "done"} <= set(rules.BASE_ACTION_KINDS)
    assert registry.ACTION_OWNERS["expand"].name == "space_amoebas"
    assert registry.ACTION_OWNERS["gt"].name == "ground_combat"
    assert len(_dispatched()) > 40


def test_no_action_kind_has_two_owners() -> None:
    assert not set(rules.BASE_ACTION_KINDS) & set(registry.ACTION_OWNERS)
    noop = lambda *args: None  # noqa: E731
    first = System("first", "§0", action_kinds=("a", "b"), apply=noop)
    second = System("second", "§0", action_kinds=("b",), apply=noop)
    with pytest.raises(TypeError, match="'b' is claimed by both first and second"):
        owners((first, second), lambda s: s.action_kinds)
    with pytest.raises(TypeError, match="owns action kinds but has no apply"):
        System("broken", "§0", action_kinds=("c",))


@pytest.mark.parametrize(
    "options",
    [
        {},
        {
            "edition": "ce",
            "ground_combat": True,
            "experience": True,
            "boarding": True,
            "reaction_movement": True,
        },
        {"scenario": "planetary_gates"},
        {"scenario": "amoebas"},
        {"scenario": "ce_3p_2v1"},
        {"scenario": "quick_conquest_3p"},
        {"victory_points": "relics"},
        {"scenario": "coop_dm_2p"},
        {"scenario": "ce_4p_3v1", "research_centers": True},
    ],
    ids=["base", "ce_systems", "gates", "amoebas", "ea_2v1", "quick", "relics", "coop_dm", "teams_centers"],
)
def test_every_kind_made_legal_in_play_is_dispatched(options: dict[str, object]) -> None:
    players = {"ce_3p_2v1": 3, "quick_conquest_3p": 3, "ce_4p_3v1": 4}.get(str(options.get("scenario")), 2)
    dispatched = _dispatched()
    m = start(players, seed=5, **options)
    rng = random.Random(5)
    seen: set[str] = set()
    for _ in range(1500):
        if m.is_over:
            break
        seat = m.to_move[0]
        legal = m.legal_actions(seat)
        seen.update(a.kind for a in legal)
        m.apply(seat, legal[rng.randrange(len(legal))])
    assert seen, "no legal action was seen"
    assert seen <= dispatched, f"legal kinds apply does not dispatch: {sorted(seen - dispatched)}"
