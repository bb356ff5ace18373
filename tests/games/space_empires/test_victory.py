"""Quick Conquest and the optional victory conditions (docs/games/space_empires.md §12.1.5, §12.2):
the Advanced Start and its limits, Mines and Minesweepers out of play, the capture victory (alone and in
teams), the victory-point options and their refusals, King of the Warp Points (placements, scoring,
science-vessel reveal, tie-break), Relics (pick-up, towing, loss with the Miner, delivery, pipelines, the
Super Nova, Black Hole immunity, the early end) and full games by random and heuristic seats."""

from __future__ import annotations

from typing import Any

import pytest

from galaxis.core import BadOption, Event
from galaxis.games.space_empires import GAME
from galaxis.games.space_empires.base import board, combat, data
from galaxis.games.space_empires.base.hexes import distance, hex_id, parse_hex_id
from galaxis.games.space_empires.base.state import Colony
from galaxis.games.space_empires.state import SEState
from galaxis.games.space_empires.systems import ground, victory

from .helpers import add_unit, bots_play_to_the_end, hw, mover, put_marker, start, state, touch, units_of


def _finish_head_starts(m: Any) -> None:
    """Every seat ends its Advanced Start without buying anything."""
    while state(m).pending and state(m).pending[-1].kind == "head":
        m.apply(mover(m), "head done")


# --- Quick Conquest (§12.1.5) ------------------------------------------------------------------------
@pytest.mark.parametrize(("players", "scenario"), [(3, "quick_conquest_3p"), (4, "quick_conquest_4p")])
def test_quick_conquest_set_up(players: int, scenario: str) -> None:
    m = start(players, seed=2, scenario=scenario)
    s = state(m)
    assert s.ground is not None  # ground combat is forced on: capture needs it
    assert s.victory is not None and s.victory.mode == "quick_conquest"
    assert all(s.colonies[hw(m, seat)].value == 30 for seat in range(players))
    # Each seat decides its Advanced Start in turn order, with 75 CP booked as earned.
    assert [step.seat for step in reversed(s.pending)] == s.order
    assert all(p.cp == 75 and p.earned == 75 for p in s.players)
    assert GAME.invariants(s) == []


def test_advanced_start_limits_and_carry_over() -> None:
    m = start(3, seed=2, scenario="quick_conquest_3p")
    s = state(m)
    seat = mover(m)
    p = s.players[seat]
    m.apply(seat, "head ship_size")
    m.apply(seat, "head ship_size")
    legal = [a.notation for a in m.legal_actions(seat)]
    assert "head ship_size" not in legal  # at most 2 levels of Ship Size
    assert str(victory.head_problem(GAME, s, seat, "ship_size")) == (
        "the Advanced Start buys at most 2 level(s) of Ship Size (§12.1.5)"
    )
    m.apply(seat, "head move")  # 20 CP: 75 - 10 - 15 - 20 = 30 left
    assert p.cp == 30 and "head move" in [a.notation for a in m.legal_actions(seat)]
    assert "head terraforming" in legal
    m.apply(seat, "head terraforming")  # 20 CP more: 10 left
    assert "head terraforming" not in [a.notation for a in m.legal_actions(seat)]  # at most 1 of the others
    assert p.techs["ship_size"] == 3 and p.techs["move"] == 2 and p.techs["terraforming"] == 1
    m.apply(seat, "head done")
    assert p.cp == 10 and p.forfeited == 0
    # The starting units are built with the technology bought: Move 2, Terraforming on the Colony Ships.
    assert all(u.move_tech == 2 for u in units_of(m, seat, "SC"))
    assert all(u.level == 1 for u in units_of(m, seat, "CO"))
    # The next seat carries over at most 10 CP.
    other = mover(m)
    m.apply(other, "head attack")  # 20 CP: 55 left, 45 forfeited
    m.apply(other, "head done")
    assert s.players[other].cp == 10 and s.players[other].forfeited == 45
    assert GAME.invariants(s) == []
    # The purchases are secret: another seat's view shows neither its CP nor its technology.
    assert not GAME.action_is_public(s, seat, m.legal_actions(mover(m))[0])
    assert m.observation(seat)["players"][other].get("cp") is None


def test_mines_and_minesweepers_are_not_in_play_in_quick_conquest() -> None:
    m = start(3, seed=2, scenario="quick_conquest_3p")
    s = state(m)
    notations = [a.notation for a in m.legal_actions(mover(m))]
    assert "head mines" not in notations and "head minesweeping" not in notations
    _finish_head_starts(m)
    seat = mover(m)
    s.players[seat].techs["minesweeping"] = 1
    s.players[seat].techs["mines"] = 1
    s.players[seat].cp = s.players[seat].earned = 100
    home = hw(m, seat)
    assert (
        str(GAME._buy_problem(s, seat, "SW", home))
        == "Minesweeper: Mines and Minesweepers are not in play in Quick Conquest (§12.1.5)"
    )
    assert "not in play in Quick Conquest" in str(GAME._buy_problem(s, seat, "Mine", home))
    s.players[seat].techs["minesweeping"] = 0
    assert str(GAME._tech_problem(s, seat, "minesweeping")) == (
        "Minesweeping: Mines and Minesweepers are not in play in Quick Conquest (§12.1.5)"
    )
    # The same reason reaches a player who types the purchase in the Economic Phase.
    s.phase, s.players[seat].bid = "econ", 0
    touch(m)
    reason = GAME.explain_illegal(s, seat, "tech minesweeping")
    assert "not in play in Quick Conquest" in str(reason)
    # Elsewhere Minesweepers are bought as usual.
    base = state(start(3, seed=2))
    base.players[0].techs["minesweeping"] = 1
    base.players[0].cp = 100
    assert victory.buy_problem(base, "SW") is None and victory.tech_problem(base, "minesweeping") is None


def test_capturing_a_home_world_wins_quick_conquest() -> None:
    m = start(3, seed=2, scenario="quick_conquest_3p")
    _finish_head_starts(m)
    s = state(m)
    events: list[Event] = []
    ground.capture(GAME, s, hw(m, 1), 2, ["Infantry"], events)
    assert s.phase == "over" and s.winner == 2
    assert any(e["type"] == "home_world_taken" and "captured" in e["text"] for e in events)
    assert m.result.scores[2] > 1000 > max(m.result.scores[0], m.result.scores[1])


def test_a_destroyed_home_world_does_not_win_quick_conquest() -> None:
    m = start(3, seed=2, scenario="quick_conquest_3p")
    _finish_head_starts(m)
    s = state(m)
    events: list[Event] = []
    del s.colonies[hw(m, 1)]
    GAME._eliminate(s, 1, events)
    assert s.phase != "over" and s.winner == -1 and not s.players[1].alive  # the game goes on
    # The last empire standing still wins.
    del s.colonies[hw(m, 2)]
    GAME._eliminate(s, 2, events)
    assert s.phase == "over" and s.winner == 0


def test_quick_conquest_teams_share_the_capture() -> None:
    m = start(4, seed=2, scenario="quick_conquest_4p_teams")
    _finish_head_starts(m)
    s = state(m)
    assert s.solo is not None and s.solo.teams == (0, 1, 1, 0)
    events: list[Event] = []
    ground.capture(GAME, s, hw(m, 1), 3, ["Infantry"], events)  # D captures B's home world
    assert s.phase == "over" and s.winner == 3
    scores = m.result.scores
    assert scores[0] > 1000 and scores[3] > 1000 and scores[1] < 1000 and scores[2] < 1000


@pytest.mark.parametrize(
    ("players", "scenario"), [(3, "quick_conquest_3p"), (1, "solo_amoeba"), (2, "coop_ap_2p")]
)
def test_30_cp_home_world_scenarios_need_the_close_encounters_edition(players: int, scenario: str) -> None:
    # Rule Book 1.x home worlds step 20/15/10/5: a 30 CP home world exists only in Close Encounters.
    with pytest.raises(BadOption, match="Close Encounters edition"):
        start(players, scenario=scenario, edition="base2011")


# --- the victory-point options (§12.2) ---------------------------------------------------------------
@pytest.mark.parametrize(
    ("players", "options", "message"),
    [
        (1, {"victory_points": "relics"}, "competitive games"),
        (2, {"victory_points": "relics", "scenario": "coop_dm_2p"}, "solo or cooperative"),
        (1, {"victory_points": "king_of_warp_points", "scenario": "solo_amoeba"}, "competitive games"),
        (3, {"victory_points": "relics", "scenario": "quick_conquest_3p"}, "its own victory condition"),
        (2, {"victory_points": "king_of_warp_points", "warp_points": True}, "not connected"),
        (2, {"victory_points": "king_of_warp_points", "warp_point_count": 2}, "one of 1, 3"),
        (4, {"victory_points": "king_of_warp_points", "warp_point_count": 4}, "one of 1, 3, 5"),
    ],
)
def test_victory_points_refused_where_they_cannot_apply(
    players: int, options: dict[str, Any], message: str
) -> None:
    with pytest.raises(BadOption, match=message):
        start(players, **options)


def test_victory_point_sub_options_are_ignored_without_a_victory_condition() -> None:
    s = state(start(2, warp_point_count=5, vp_phases=20))
    assert s.victory is None and s.cycles == 8


# --- King of the Warp Points ----------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("players", "count"), [(2, 1), (2, 3), (3, 1), (3, 2), (3, 4), (4, 1), (4, 3), (4, 5)]
)
def test_warp_point_placements(players: int, count: int) -> None:
    base = state(start(players, seed=5))
    m = start(players, seed=5, victory_points="king_of_warp_points", warp_point_count=count)
    s = state(m)
    assert s.victory is not None
    wanted = list(victory.tables().warp_points[players][count])
    assert s.victory.warp_points == wanted
    for hid in wanted:
        mk = s.markers[hid]
        assert (mk.kind, mk.face_up) == ("warp_point", True)
    # No other warp point is in the deep-space mix, and no marker was lost or added.
    assert not any(mk.kind == "warp_point" for h, mk in s.markers.items() if h not in wanted)
    assert not any(x.startswith("warp_point") for x in s.undrawn)

    def deep(st: SEState) -> int:
        return sum(1 for mk in st.markers.values() if mk.pool == "deep") + len(st.undrawn)

    warps = sum(1 for x in base.undrawn if x.startswith("warp_point:"))
    warps += sum(1 for mk in base.markers.values() if mk.pool == "deep" and mk.kind == "warp_point")
    assert warps > 0 and deep(s) == deep(base) - warps + count
    # Centre placements are the same hex whatever the count; one near each player for players + 1.
    if count == players + 1:
        hmap = data.hex_map(players)
        for seat, hid in enumerate(wanted[1:]):
            home = hmap.home_world(seat)
            d = distance(parse_hex_id(hid), home)
            assert all(
                d < distance(parse_hex_id(hid), hmap.home_world(o)) for o in range(players) if o != seat
            )


def _kotwp(players: int = 2, **options: Any) -> Any:
    return start(players, seed=5, victory_points="king_of_warp_points", **options)


def test_science_vessels_at_warp_points_score_and_are_revealed() -> None:
    m = _kotwp(2, warp_point_count=3)
    s = state(m)
    assert s.victory is not None and s.cycles == 10  # vp_phases
    centre, near_a, near_b = s.victory.warp_points
    s.players[0].techs["minesweeping"] = 1
    sw = [add_unit(m, 0, "SW", centre), add_unit(m, 0, "SW", near_a)]
    add_unit(m, 0, "SW", centre, revealed=False)
    b_sw = add_unit(m, 1, "SW", near_b)
    assert not any(u.revealed for u in sw)
    events: list[Event] = []
    GAME._start_econ(s, events)
    # 1 VP per warp point held, however many vessels are there.
    assert s.victory.vp == [2, 1]
    assert all(u.revealed for u in units_of(m, 0, "SW")) and b_sw.revealed
    scored = [e for e in events if e["type"] == "vp_scored"]
    assert [e["seat"] for e in scored] == [0, 1]
    assert "victory points: a 2, b 0" in scored[0]["text"] and "victory points: a 2, b 1" in scored[1]["text"]


def test_optional_scoring_counts_each_vessel() -> None:
    m = _kotwp(2, warp_point_count=1, vp_per_vessel=True)
    s = state(m)
    assert s.victory is not None
    (centre,) = s.victory.warp_points
    for _ in range(3):
        add_unit(m, 0, "SW", centre)
    GAME._start_econ(s, [])
    assert s.victory.vp == [3, 0]


def test_most_victory_points_win_ties_go_to_the_bigger_fleet() -> None:
    m = _kotwp(2)
    s = state(m)
    assert s.victory is not None
    s.victory.vp = [2, 2]
    add_unit(m, 1, "DD", hw(m, 1))  # seat b's combat fleet is 9 CP bigger
    events: list[Event] = []
    victory.game_end(s, events)
    assert s.winner == 1 and "wins with 2 victory points" in events[-1]["text"]
    s.victory.vp = [3, 2]
    victory.game_end(s, [])
    assert s.winner == 0
    assert victory.fleet_value(s, 1) == victory.fleet_value(s, 0) + 9


def test_first_home_world_destroyed_still_wins_a_victory_point_game() -> None:
    m = _kotwp(3)
    s = state(m)
    attacker = s.order[0]
    victim = s.order[1]
    s.phase, s.active = "combat", 0
    add_unit(m, attacker, "DD", hw(m, victim))
    del s.colonies[hw(m, victim)]
    events: list[Event] = []
    GAME._eliminate(s, victim, events)
    assert s.phase == "over" and s.winner == attacker
    assert any(e["type"] == "home_world_taken" and "destroyed" in e["text"] for e in events)


# --- Relics ---------------------------------------------------------------------------------------------
def _relics(players: int = 2, **options: Any) -> Any:
    return start(players, seed=5, victory_points="relics", **options)


def test_a_relic_on_every_deep_space_hex() -> None:
    m = _relics(3)
    s = state(m)
    assert s.victory is not None
    assert sorted(s.victory.relics) == sorted(hex_id(h) for h in data.hex_map(3).deep_space())
    assert m.observation(None)["victory"]["relics"] == s.victory.relics  # public


def _miner_at_relic(m: Any) -> tuple[int, str, str]:
    s = state(m)
    assert s.victory is not None
    seat = mover(m)
    hid = s.victory.relics[0]
    s.markers.pop(hid, None)  # explored, empty
    miner = units_of(m, seat, "Miner")[0]
    miner.hex = hid
    touch(m)
    return seat, miner.uid, hid


def test_pick_up_one_relic_at_a_time_and_tow_it() -> None:
    m = _relics()
    s = state(m)
    assert s.victory is not None
    seat, miner, hid = _miner_at_relic(m)
    other = s.victory.relics[1]
    assert f"relic {miner}" in [a.notation for a in m.legal_actions(seat)]
    events = m.apply(seat, f"relic {miner}")
    assert hid not in s.victory.relics and s.victory.carried == [miner]
    assert any(e["type"] == "relic_taken" for e in events)
    # One at a time: on another relic the towing Miner cannot take a second one.
    s.markers.pop(other, None)
    s.units[miner].hex = other
    touch(m)
    assert f"relic {miner}" not in [a.notation for a in m.legal_actions(seat)]
    assert str(victory.pickup_problem(s, seat, miner)) == "a Miner tows one relic at a time (§12.2)"
    assert (
        str(victory.pickup_problem(s, seat, units_of(m, seat, "SC")[0].uid))
        == "only your Miners move relics (§12.2)"
    )
    # A relic is not picked up from an unexplored hex.
    fresh = add_unit(m, seat, "Miner", s.victory.relics[2])
    put_marker(m, fresh.hex, "planet")
    assert str(victory.pickup_problem(s, seat, fresh.uid)) == "no explored relic in the Miner's hex (§12.2)"


def test_a_relic_is_destroyed_with_its_miner() -> None:
    m = _relics()
    s = state(m)
    assert s.victory is not None
    seat, miner, _ = _miner_at_relic(m)
    m.apply(seat, f"relic {miner}")
    left = victory.relics_left(s)
    del s.units[miner]
    events: list[Event] = []
    victory.prune(s, events)
    assert s.victory.carried == [] and victory.relics_left(s) == left - 1
    assert any(e["type"] == "relic_lost" for e in events)


def test_delivery_at_the_home_world_scores_at_once() -> None:
    m = _relics()
    s = state(m)
    assert s.victory is not None
    seat, miner, _ = _miner_at_relic(m)
    m.apply(seat, f"relic {miner}")
    assert f"deliver {miner}" not in [a.notation for a in m.legal_actions(seat)]  # not in deep space
    s.units[miner].hex = hw(m, seat)
    touch(m)
    events = m.apply(seat, f"deliver {miner}")
    assert s.victory.vp[seat] == 1 and s.victory.carried == [] and s.victory.delivered == 1
    assert any(e["type"] == "relic_delivered" and "scores 1 VP" in e["text"] for e in events)
    assert GAME.invariants(s) == []


def test_delivery_at_a_colony_needs_a_pipeline_to_the_home_world() -> None:
    m = _relics()
    s = state(m)
    assert s.victory is not None
    seat, miner, _ = _miner_at_relic(m)
    m.apply(seat, f"relic {miner}")
    home = hw(m, seat)
    near = board.adjacent(2, home)[0]
    s.colonies[near] = Colony(seat, 1, False, False)
    s.units[miner].hex = near
    touch(m)
    assert str(victory.deliver_problem(s, seat, miner)) == (
        "relics are delivered at the home world or a colony joined to it by MS Pipelines (§12.2)"
    )
    add_unit(m, seat, "MSP", near)
    assert victory.deliver_problem(s, seat, miner) is None
    m.apply(seat, f"deliver {miner}")
    assert s.victory.vp[seat] == 1


def test_a_super_nova_destroys_its_relic() -> None:
    m = _relics()
    s = state(m)
    assert s.victory is not None
    hid = s.victory.relics[3]
    put_marker(m, hid, "supernova")
    seat = mover(m)
    scout = units_of(m, seat, "SC")[0]
    scout.hex = hid
    events: list[Event] = []
    GAME._explore(s, seat, events)
    assert hid not in s.victory.relics
    assert any(e["type"] == "relic_lost" and "Super Nova" in e["text"] for e in events)


def test_miners_are_immune_to_black_holes_in_the_relics_game(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(combat, "d10", lambda rng: 10)  # every Black Hole roll fails
    m = _relics()
    s = state(m)
    seat = mover(m)
    miner, scout = units_of(m, seat, "Miner")[0], units_of(m, seat, "SC")[0]
    GAME._black_hole(s, [miner, scout], [])
    assert miner.uid in s.units and scout.uid not in s.units
    base = state(start(2, seed=5))
    base_miner = next(u for u in base.units.values() if u.owner == 0 and u.kind == "Miner")
    GAME._black_hole(base, [base_miner], [])
    assert base_miner.uid not in base.units  # not in other games


def test_the_relic_game_ends_when_nobody_can_catch_the_leader() -> None:
    m = _relics(3)
    s = state(m)
    assert s.victory is not None
    s.victory.relics = s.victory.relics[:3]
    s.victory.vp = [4, 1, 0]
    s.victory.reached = [3, 1, 0]
    # 3 relics left: seat b could reach 4 and tie, but seat a reached 4 first: a wins.
    assert victory.relic_leader(s) == 0
    s.victory.vp = [4, 2, 0]
    assert victory.relic_leader(s) is None  # b could reach 5
    s.victory.vp = [0, 0, 0]
    s.victory.relics = []
    assert victory.relic_leader(s) is None  # nobody has scored
    # A delivery ends the game at once, mid-turn.
    s.victory.relics = ["7.7"]
    s.victory.vp, s.victory.reached, s.victory.delivered = [2, 1, 0], [2, 1, 0], 3
    seat = mover(m)
    miner = units_of(m, seat, "Miner")[0]
    miner.hex = "7.7"
    s.markers.pop("7.7", None)
    touch(m)
    m.apply(seat, f"relic {miner.uid}")
    assert s.phase != "over"
    miner.hex = hw(m, seat)
    touch(m)
    s.victory.vp[seat] = max(s.victory.vp)  # the mover is level with the leader
    s.victory.delivered = sum(s.victory.vp)
    m.apply(seat, f"deliver {miner.uid}")
    assert s.phase == "over" and s.winner == seat


def test_views_show_the_victory_point_track() -> None:
    m = _relics(2)
    text = GAME.render_text(state(m), None)
    assert "Relics; victory points: a 0, b 0" in text and "relics on the map: 80" in text
    assert "Ereklyék megszerzése; Győzelmi Pontok (GYP): a 0, b 0" in GAME.render_text(state(m), 0, "hu")
    svg = GAME.render_svg(state(m), None)
    assert svg.count("<title>relic: ") == 80
    assert GAME.render_svg(state(m), None, "hu").count("<title>Ereklye: ") == 80
    k = _kotwp(2, warp_point_count=3)
    assert "warp points: 8.6, 7.4, 6.7" in GAME.render_text(state(k), 1)
    assert GAME.render_svg(state(k), 1).count("<title>warp point: ") == 3
    assert GAME.render_svg(state(k), 1, "hu").count("<title>Csatlakozási Pont: ") == 3
    q = start(3, scenario="quick_conquest_3p")
    assert "Quick Conquest: the first player to capture a home world wins" in GAME.render_text(state(q), None)
    assert GAME.describe(state(q), q.legal_actions(mover(q))[0], "hu").startswith("Haladó Kezdés")


# --- full games -----------------------------------------------------------------------------------------
@pytest.mark.parametrize("agent", ["random", "heuristic"])
@pytest.mark.parametrize(
    ("players", "options"),
    [
        (3, {"scenario": "quick_conquest_3p", "cycles": 4}),
        (4, {"scenario": "quick_conquest_4p", "cycles": 3}),
        (4, {"scenario": "quick_conquest_4p_teams", "cycles": 3}),
        (2, {"victory_points": "king_of_warp_points", "vp_phases": 6}),
        (
            3,
            {
                "victory_points": "king_of_warp_points",
                "warp_point_count": 4,
                "vp_per_vessel": True,
                "vp_phases": 4,
            },
        ),
        (2, {"victory_points": "relics", "vp_phases": 6}),
    ],
)
def test_plays_to_the_end(agent: str, players: int, options: dict[str, Any]) -> None:
    m = start(players, seed=11, **options)
    bots_play_to_the_end(m, agent)
    s = state(m)
    assert s.phase == "over" and GAME.invariants(s) == []
    assert s.victory is not None
    if "victory_points" in options:
        assert s.winner >= 0  # a victory-point game always has a winner
        if agent == "heuristic":
            assert sum(s.victory.vp) > 0  # the bot goes for the points, not only the clock
