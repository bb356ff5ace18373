"""Solo games and the optional-marker games played to the end by random and heuristic bots, with the
invariants, the solo opponents' ledgers and information safety checked along the way (§12-13)."""

from __future__ import annotations

from typing import Any

import pytest

import galaxis
from galaxis.games.space_empires import GAME
from galaxis.games.space_empires.state import SEState

CASES: list[tuple[int, dict[str, Any]]] = [
    (1, {"scenario": "solo_dm", "difficulty": "easy"}),
    (1, {"scenario": "solo_dm", "difficulty": "good_luck"}),
    (1, {"scenario": "solo_ap", "difficulty": "easy"}),
    (1, {"scenario": "solo_ap", "difficulty": "good_luck"}),
    (2, {"warp_points": True, "doomsday_markers": True, "cycles": 6}),
]


def _opponent_units(s: SEState) -> int:
    return sum(1 for u in s.units.values() if u.owner < 0 and not u.kind.startswith("NPA"))


@pytest.mark.parametrize("agent", ["random", "heuristic"])
@pytest.mark.parametrize(("players", "options"), CASES)
def test_plays_to_the_end(players: int, options: dict[str, Any], agent: str) -> None:
    for seed in (1, 2):
        m = galaxis.new_match("space_empires", players=players, seed=seed, options=options)
        bots = [galaxis.agent(agent, seed=seed + i) for i in range(players)]
        s = m.state
        assert isinstance(s, SEState) and s.solo is not None
        steps = 0
        seen_opponents = 0
        while not m.is_over:
            seat = m.to_move[0]
            m.apply(seat, bots[seat].act(m, seat))
            steps += 1
            assert steps < 50_000
            seen_opponents = max(seen_opponents, _opponent_units(s))
            if steps % 37 == 0:
                assert GAME.invariants(s) == [], GAME.invariants(s)
            if steps % 151 == 0:
                world = m.determinize(0, steps)
                assert world.observation(0) == m.observation(0)
                assert GAME.invariants(world.state) == []
        assert GAME.invariants(s) == []
        details = m.result.details
        if players == 1:
            assert details["outcome"] in ("won", "lost")
            assert (details["outcome"] == "won") == (s.winner == 0)
            assert seen_opponents > 0  # the opponents really took part
        # The same seed and history replay to the same end.
        again = galaxis.replay("space_empires", seed, players, m.options, [list(h) for h in m.history])
        assert again.to_json() == m.to_json()


def test_a_strong_player_wins_the_doomsday_game_in_play() -> None:
    """With a head start (technology and CP) the heuristic bot gathers its fleet at home and destroys
    all three machines as they come: the solo game can be won as well as lost."""
    m = galaxis.new_match(
        "space_empires", players=1, seed=0, options={"scenario": "solo_dm", "difficulty": "easy"}
    )
    s = m.state
    assert isinstance(s, SEState) and s.solo is not None
    p = s.players[0]
    p.techs.update({"ship_size": 6, "attack": 3, "defense": 3, "move": 3})
    p.cp += 250
    p.earned += 250
    m._legal = {}
    m._to_move = None
    bot = galaxis.agent("heuristic", seed=0)
    destroyed = []
    while not m.is_over:
        for e in m.apply(0, bot.act(m, 0)):
            if e["type"] == "doomsday_destroyed":
                destroyed.append(e["unit"])
        assert GAME.invariants(s) == []
    assert m.result.details["outcome"] == "won" and s.winner == 0
    assert sorted(destroyed) == ["m1", "m2", "m3"] and s.solo.dm_destroyed == 3
