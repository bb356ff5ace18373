"""Reaction Movement (§10.6), Research and Industrial Centers (§10.7) and the alliances (§10.8)."""

from __future__ import annotations

from typing import Any

import pytest

import galaxis
from galaxis.core import BadOption, Match, Step
from galaxis.games.space_empires import GAME
from galaxis.games.space_empires.base import board
from galaxis.games.space_empires.base.state import Colony
from galaxis.games.space_empires.state import SEState
from galaxis.games.space_empires.systems import alliances, centers, empire_advantages, reaction

from .helpers import add_unit, bots_play_to_the_end, hw, mover, start, state, touch

# The 3 v 1 team game is played under Blood Brothers (the seed, docs §12.4); these tests try either
# alliance in it, as the lenient scenario rules allow.
ANY_ALLIANCE = "lenient"


def _clear_units(m: Match) -> None:
    s = state(m)
    for uid in [u.uid for u in s.units.values()]:
        del s.units[uid]
    touch(m)


def _far_hex(m: Match, avoid: set[str]) -> tuple[str, str, str]:
    """A hex H away from every colony with two neighbours X, Y, all three clear of markers."""
    s = state(m)
    n = len(s.players)
    for h in sorted(board.board_hexes(n)):
        near = set(board.adjacent(n, h))
        if len(near) < 6 or near & set(s.colonies) or h in s.colonies or h in avoid:
            continue
        x, y = sorted(near)[:2]
        for hid in (h, x, y):
            s.markers.pop(hid, None)
        return h, x, y
    raise AssertionError("no free hex")


# --- Reaction Movement (§10.6) ---------------------------------------------------------------------------
def _reaction_position(level: int = 2, revealed: bool = False) -> tuple[Match, int, int, str, str, str]:
    """The mover's Destroyer next to hex H, where the other player has a Scout; the other player's Cruiser
    (Exploration ``level``) at X, next to H. Returns (match, mover, reactor, H, destroyer, cruiser)."""
    m = start(2, seed=4, reaction_movement=True)
    s = state(m)
    mover = s.order[s.active]
    other = 1 - mover
    _clear_units(m)
    h, x, y = _far_hex(m, set())
    add_unit(m, other, "SC", h)
    ca = add_unit(m, other, "CA", x, revealed=revealed)
    ca.level = level
    dd = add_unit(m, mover, "DD", y)
    return m, mover, other, h, dd.uid, ca.uid


def test_exploration_2_is_bought_only_with_reaction_movement() -> None:
    for on in (False, True):
        m = start(2, seed=1, reaction_movement=on)
        s = state(m)
        s.players[0].techs["exploration"] = 1
        s.players[0].cp = 30
        problem = GAME._tech_problem(s, 0, "exploration")
        assert (problem is None) == on, problem
        if not on:
            assert problem is not None and "Reaction Movement" in str(problem)


def test_reaction_movement_needs_the_ce_edition() -> None:
    with pytest.raises(BadOption, match="Close Encounters"):
        start(2, seed=1, edition="base2011", reaction_movement=True)


def test_a_cruiser_with_exploration_2_reacts_into_the_battle() -> None:
    m, mover, other, h, dd, ca = _reaction_position()
    m.apply(mover, f"m {dd} {h}")
    m.apply(mover, "end")
    assert m.to_move == (other,)  # the reacting seat decides, inside the mover's turn
    legal = [a.notation for a in m.legal_actions(other)]
    assert legal == [f"react {ca} {h}", "ignore"]
    events = m.apply(other, f"react {ca} {h}")
    s = state(m)
    assert any(e["type"] == "reaction" and e["unit"] == ca and e["hex"] == h for e in events)
    assert s.units[ca].revealed  # [DESIGN] a reacting counter shows itself
    # the battle at H now has the Cruiser on the defending side
    assert s.units[ca].hex == h or ca not in s.units
    assert reaction.reacted(s, other)


def test_no_reaction_without_exploration_2() -> None:
    m, mover, other, h, dd, ca = _reaction_position(level=1)
    m.apply(mover, f"m {dd} {h}")
    m.apply(mover, "end")
    # the cruiser is face down: whether to ask is public, so the step comes, but only "ignore" is legal
    assert m.to_move == (other,)
    assert [a.notation for a in m.legal_actions(other)] == ["ignore"]
    m.apply(other, "ignore")
    assert state(m).units[ca].hex != h


def test_a_face_up_cruiser_without_exploration_2_is_not_asked() -> None:
    m, mover, other, h, dd, _ca = _reaction_position(level=1, revealed=True)
    m.apply(mover, f"m {dd} {h}")
    m.apply(mover, "end")
    s = state(m)
    assert not any(st.kind == "react" for st in s.pending)
    assert m.to_move != (other,) or all(a.kind != "ignore" for a in m.legal_actions(other))


def test_no_reaction_without_the_option() -> None:
    m = start(2, seed=4)
    s = state(m)
    mover = s.order[s.active]
    _clear_units(m)
    h, x, y = _far_hex(m, set())
    add_unit(m, 1 - mover, "SC", h)
    add_unit(m, 1 - mover, "CA", x).level = 2
    dd = add_unit(m, mover, "DD", y)
    m.apply(mover, f"m {dd.uid} {h}")
    m.apply(mover, "end")
    assert not any(st.kind == "react" for st in state(m).pending)


def test_no_reaction_when_the_enemy_did_not_come() -> None:
    m, mover, _other, _h, _dd, _ca = _reaction_position()
    m.apply(mover, "end")  # the destroyer stays put: nothing to react to
    assert not any(st.kind == "react" for st in state(m).pending)


def test_reaction_is_once_per_turn() -> None:
    m, mover, other, h, dd, _ca = _reaction_position()
    m.apply(mover, f"m {dd} {h}")
    m.apply(mover, "end")
    m.apply(other, "ignore")  # ignoring is not reacting: it may still react later this turn
    s = state(m)
    assert not reaction.reacted(s, other)
    s.reaction.reacted[board.SEATS[other]] = s.cycle * 3 + s.turn  # it reacted this turn
    s.pending = []
    s.phase = "combat"
    reaction.offer(s)
    assert not any(st.kind == "react" for st in s.pending)
    s.reaction.reacted[board.SEATS[other]] = s.cycle * 3 + s.turn - 1  # last turn's reaction is spent
    reaction.offer(s)
    assert [st.kind for st in s.pending] == ["react"]


def test_the_reaction_step_is_one_secret_safe_decision() -> None:
    m, mover, other, h, dd, _ca = _reaction_position()
    m.apply(mover, f"m {dd} {h}")
    m.apply(mover, "end")
    obs = m.observation(mover)
    assert obs["decision"]["kind"] == "react" and obs["decision"]["seat"] == other
    assert m.legal_actions(mover) == []
    world = m.determinize(mover, 3)
    assert world.observation(mover) == obs


@pytest.mark.parametrize("agent", ["random", "heuristic"])
def test_reaction_movement_plays_to_the_end(agent: str) -> None:
    m = galaxis.new_match(
        "space_empires", players=2, seed=11, options={"reaction_movement": True, "cycles": 5}
    )
    bots_play_to_the_end(m, agent)


# --- Research and Industrial Centers (§10.7) ---------------------------------------------------------------
def _to_econ(m: Match) -> None:
    while state(m).phase != "econ":
        seat = m.to_move[0]
        m.apply(seat, "end")


def _colony(m: Match, seat: int, value: int) -> str:
    s = state(m)
    h, _, _ = _far_hex(m, set())
    s.colonies[h] = Colony(seat, value, False, False)
    touch(m)
    return h


def test_centers_home_world_is_20_cp_and_damaged_on_the_rule_book_track() -> None:
    m = start(2, seed=2, research_centers=True)
    s = state(m)
    assert all(c.value == 20 for c in s.colonies.values() if c.home)
    from galaxis.games.space_empires.base import economy

    assert economy.bombard_home_world(20, centers.hw_edition(s)) == 15
    assert state(start(2, seed=2)).colonies[hw(start(2, seed=2), 0)].value == 30


def test_centers_need_the_option_and_the_ce_edition() -> None:
    with pytest.raises(BadOption, match="Close Encounters"):
        start(2, seed=1, edition="base2011", research_centers=True)
    m = start(2, seed=1)
    c = _colony(m, 0, 5)
    _to_econ(m)
    m.apply(0, "bid 0")
    assert not any(a.kind.endswith("_center") for a in m.legal_actions(0))
    assert "not in play" in str(centers.buy_problem(state(m), 0, "research", c) or "")


def test_buying_a_center_costs_5_cp_once_per_full_colony() -> None:
    m = start(2, seed=2, research_centers=True)
    full = _colony(m, 0, 5)
    _to_econ(m)
    s = state(m)
    small = next(h for h in sorted(board.board_hexes(2)) if h not in s.colonies and h not in s.markers)
    s.colonies[small] = Colony(0, 3, False, True)
    touch(m)
    m.apply(0, "bid 0")
    legal = [a.notation for a in m.legal_actions(0)]
    assert f"industrial_center {full}" in legal and f"research_center {full}" in legal
    assert not any(n.endswith(small) and "_center" in n for n in legal)  # a 3 CP colony: too small
    with pytest.raises(Exception, match="worth 5 CP"):
        m.apply(0, f"research_center {small}")
    assert not any(n.endswith(hw(m, 0)) and "_center" in n for n in legal)  # [DESIGN] not at a home world
    cp = s.players[0].cp
    buy = next(a for a in m.legal_actions(0) if a.kind == "industrial_center")
    assert not GAME.action_is_public(s, 0, buy)  # a secret purchase (§7)
    m.apply(0, buy)
    assert s.players[0].cp == cp - 5
    assert not any("_center" in a.notation for a in m.legal_actions(0))  # one center per colony
    assert m.observation(0)["players"][0]["centers_bought"] == [["industrial", full]]
    assert "centers" not in m.observation(1) or m.observation(1)["centers"] == {}  # secret until placed
    m.apply(0, "done")
    m.apply(1, "bid 0")
    m.apply(1, "done")
    if state(m).pending:
        seat = m.to_move[0]
        m.apply(seat, next(a for a in m.legal_actions(seat) if a.kind == "first"))
    assert state(m).centers.kinds == {full: "industrial"}
    assert m.observation(1)["centers"] == {full: {"kind": "industrial", "owner": 0}}
    assert "Industrial Center" in GAME.render_svg(state(m), 1) and "Ipari központ" in GAME.render_text(
        state(m), 1, "hu"
    )


def _econ_income(m: Match, kind: str | None) -> tuple[int, int]:
    s = state(m)
    h = next(hid for hid, c in s.colonies.items() if c.owner == 0 and not c.home)
    if kind is not None:
        s.centers.kinds[h], s.centers.owners[h] = kind, 0
    before = s.players[0].cp
    GAME._start_econ(s, [])
    return s.players[0].cp - before, s.centers.rp[0]


def test_industrial_center_adds_5_cp_and_research_center_5_research_points() -> None:
    results = {}
    for kind in (None, "industrial", "research"):
        m = start(2, seed=2, research_centers=True)
        _colony(m, 0, 5)
        results[kind] = _econ_income(m, kind)
    assert results["industrial"] == (results[None][0] + 5, 0)
    assert results["research"] == (results[None][0], 5)


def test_research_points_buy_only_technology_first_and_lapse() -> None:
    m = start(2, seed=2, research_centers=True)
    _colony(m, 0, 5)
    _to_econ(m)
    s = state(m)
    s.players[0].cp = 10
    s.players[0].earned = s.players[0].spent + 10 + s.players[0].forfeited
    m.apply(0, "bid 0")
    assert "tech exploration" not in [a.notation for a in m.legal_actions(0)]  # 15 CP > 10 CP
    s.centers.rp[0] = 5
    touch(m)
    assert "tech exploration" in [a.notation for a in m.legal_actions(0)]  # 10 CP + 5 RP
    m.apply(0, "tech exploration")
    assert s.players[0].cp == 0 and s.centers.rp[0] == 0  # RP first, then CP
    assert GAME.invariants(s) == []
    s.centers.rp[0] = 5
    touch(m)
    assert not any(a.kind == "buy" for a in m.legal_actions(0))  # RP never buy units (0 CP left)
    centers.place(s, [])
    assert s.centers.rp[0] == 0  # unspent RP lapse when the phase ends


def test_a_center_is_lost_with_its_colony() -> None:
    for how in ("destroyed", "captured"):
        m = start(2, seed=2, research_centers=True)
        s = state(m)
        h = _colony(m, 0, 5)
        s.centers.kinds[h], s.centers.owners[h] = "research", 0
        if how == "destroyed":
            del s.colonies[h]
        else:
            s.colonies[h].owner = 1  # [DESIGN] the captor does not get it
        events: list = []
        centers.prune(s, events)
        assert s.centers.kinds == {} and events[0]["type"] == "center_lost"
        assert GAME.invariants(s) == []


def test_centers_determinize_returns_other_players_purchases() -> None:
    m = start(2, seed=2, research_centers=True)
    full = _colony(m, 0, 5)
    _to_econ(m)
    m.apply(0, "bid 0")
    m.apply(0, f"research_center {full}")
    world = m.determinize(1, 5)
    ws = world.state
    assert isinstance(ws, SEState)
    assert ws.centers.queue == []
    assert world.observation(1) == m.observation(1)
    assert GAME.invariants(ws) == []


@pytest.mark.parametrize("agent", ["random", "heuristic"])
def test_research_centers_play_to_the_end(agent: str) -> None:
    m = galaxis.new_match(
        "space_empires", players=2, seed=12, options={"research_centers": True, "cycles": 5}
    )
    s = state(m)
    built: list[int] = []
    bots_play_to_the_end(m, agent, on_step=lambda: built.append(len(s.centers.kinds) if s.centers else 0))
    if agent == "heuristic":
        assert max(built) > 0  # the bot builds centers


# --- Alliances (§10.8) ------------------------------------------------------------------------------------
def test_alliance_needs_a_team_game() -> None:
    for kind in ("uneasy", "blood_brothers"):
        with pytest.raises(BadOption, match="team game"):
            start(2, seed=1, alliance=kind)
    assert alliances.kind(state(start(2, seed=1))) == "none"


def test_the_base_four_player_game_with_an_alliance_is_two_against_two() -> None:
    m = start(4, seed=3, alliance="uneasy")
    s = state(m)
    assert s.solo is not None and s.solo.teams == (0, 1, 0, 1)
    assert alliances.kind(s) == "uneasy" and board.allied(s, 0, 2) and not board.allied(s, 0, 1)
    events: list = []
    GAME._eliminate(s, 1, events)
    assert s.phase != "over"
    GAME._eliminate(s, 3, events)
    assert s.phase == "over" and s.winner == 0
    scores = GAME.result(s).scores
    assert scores[0] >= 1000 and scores[2] >= 1000 and scores[1] < 1000 and scores[3] < 1000
    assert state(start(4, seed=3)).solo.teams == ()  # without an alliance: every empire for itself


def test_alliance_kind_is_the_option_or_the_scenario_default() -> None:
    assert alliances.kind(state(start(4, seed=3, scenario="ce_4p_3v1"))) == "blood_brothers"
    assert (
        alliances.kind(
            state(start(4, seed=3, scenario="ce_4p_3v1", scenario_rules=ANY_ALLIANCE, alliance="uneasy"))
        )
        == "uneasy"
    )
    assert alliances.kind(state(start(2, seed=3, scenario="coop_dm_2p"))) == "blood_brothers"


def _team_position(alliance: str) -> tuple[Match, str, str, str]:
    """Seat 0's Destroyer at Y next to hex H, where its ally seat 1 has a Destroyer. Returns (m, H, Y, dd)."""
    m = start(4, seed=3, scenario="ce_4p_3v1", scenario_rules=ANY_ALLIANCE, alliance=alliance)
    s = state(m)
    while s.pending and s.pending[-1].kind in empire_advantages.STEP_KINDS:  # the set-up deal (§10.4)
        seat = mover(m)
        m.apply(seat, m.legal_actions(seat)[0])
    _clear_units(m)
    h, _x, y = _far_hex(m, set())
    add_unit(m, 1, "DD", h)
    dd = add_unit(m, 0, "DD", y)
    s.order = [0, 1, 2, 3]
    s.active = 0
    GAME._start_move(s)
    touch(m)
    return m, h, y, dd.uid


@pytest.mark.parametrize(("alliance", "may_stack"), [("uneasy", False), ("blood_brothers", True)])
def test_uneasy_allies_never_stack(alliance: str, may_stack: bool) -> None:
    m, h, _y, dd = _team_position(alliance)
    assert (f"m {dd} {h}" in [a.notation for a in m.legal_actions(0)]) == may_stack
    if not may_stack:
        with pytest.raises(Exception, match="never stack"):
            m.apply(0, f"m {dd} {h}")


@pytest.mark.parametrize(("alliance", "shared"), [("uneasy", False), ("blood_brothers", True)])
def test_uneasy_allies_do_not_share_pipelines(alliance: str, shared: bool) -> None:
    m, _h, y, _dd = _team_position(alliance)
    add_unit(m, 1, "MSP", y)
    assert (y in GAME._pipelines(state(m), 0)) == shared


@pytest.mark.parametrize(("alliance", "shared"), [("uneasy", False), ("blood_brothers", True)])
def test_uneasy_allies_deliver_no_minerals_to_each_other(alliance: str, shared: bool) -> None:
    m = start(4, seed=3, scenario="ce_4p_3v1", scenario_rules=ANY_ALLIANCE, alliance=alliance)
    s = state(m)
    while s.pending and s.pending[-1].kind in empire_advantages.STEP_KINDS:  # the set-up deal (§10.4)
        seat = mover(m)
        m.apply(seat, m.legal_actions(seat)[0])
    _clear_units(m)
    miner = add_unit(m, 0, "Miner", hw(m, 1))
    miner.cargo = "minerals:10"
    GAME._deliver_cargo(s, 0, [])
    assert (s.players[1].delivered == 10) == shared
    assert (miner.cargo == "") == shared


@pytest.mark.parametrize("alliance", ["uneasy", "blood_brothers"])
def test_no_bombardment_of_a_colony_an_ally_founded(alliance: str) -> None:
    m = start(4, seed=3, scenario="ce_4p_3v1", scenario_rules=ANY_ALLIANCE, alliance=alliance)
    s = state(m)
    while s.pending and s.pending[-1].kind in empire_advantages.STEP_KINDS:  # the set-up deal (§10.4)
        seat = mover(m)
        m.apply(seat, m.legal_actions(seat)[0])
    _clear_units(m)
    h = _colony(m, 0, 3)  # founded by seat 0
    alliances.remember_founders(s)
    s.colonies[h].owner = 3  # the lone player took it
    alliances.remember_founders(s)
    add_unit(m, 1, "DD", h)  # seat 0's ally is there, alone with the enemy colony
    assert not GAME._start_bombardment(s, 1)
    step = Step("bomb", 1, {"hex": h, "left": [u.uid for u in s.units.values() if u.hex == h]})
    s.pending.append(step)
    assert [a.notation for a in GAME.legal_actions(s, 1)] == ["hold"]  # no bomb, no destroy
    s.pending.pop()
    # a colony the lone player founded itself is fair game
    other = _colony(m, 3, 3)
    alliances.remember_founders(s)
    add_unit(m, 1, "DD", other)
    s.handled = [h]
    assert GAME._start_bombardment(s, 1)
    assert any(a.kind == "bomb" for a in GAME.legal_actions(s, 1))


def test_uneasy_allies_do_not_retreat_into_each_other() -> None:
    m, h, y, dd = _team_position("uneasy")
    s = state(m)
    u = s.units[dd]
    assert h not in GAME._retreat_hexes(s, u)
    m2, h2, y2, dd2 = _team_position("blood_brothers")
    assert (h2, y2) == (h, y)
    assert h in GAME._retreat_hexes(state(m2), state(m2).units[dd2])


@pytest.mark.parametrize("agent", ["random", "heuristic"])
@pytest.mark.parametrize(
    ("scenario", "alliance"),
    [("ce_4p_3v1", "uneasy"), ("ce_4p_3v1", "blood_brothers"), ("standard", "uneasy")],
)
def test_alliances_play_to_the_end(scenario: str, alliance: str, agent: str) -> None:
    options = {"scenario": scenario, "alliance": alliance, "cycles": 3, "scenario_rules": ANY_ALLIANCE}
    m = galaxis.new_match("space_empires", players=4, seed=13, options=options)
    bots_play_to_the_end(m, agent)


def test_the_heuristic_bot_reacts_when_the_defenders_are_weaker() -> None:
    m, mover, other, h, dd, ca = _reaction_position()
    m.apply(mover, f"m {dd} {h}")
    m.apply(mover, "end")
    bot = galaxis.agent("heuristic", seed=1)
    assert bot.act(m, other).notation == f"react {ca} {h}"  # 1 Scout against a face-down counter
    for _ in range(3):
        add_unit(m, other, "SC", h)  # now 4 Scouts against it: no need to react
    assert bot.act(m, other).notation == "ignore"


@pytest.mark.parametrize("alliance", ["uneasy", "blood_brothers"])
def test_allies_never_fight_board_or_invade_each_other(alliance: str) -> None:
    m = start(
        4,
        seed=3,
        scenario="ce_4p_3v1",
        scenario_rules=ANY_ALLIANCE,
        alliance=alliance,
        ground_combat=True,
        boarding=True,
    )
    s = state(m)
    _clear_units(m)
    home = hw(m, 1)
    add_unit(m, 0, "BD", home)  # a boarding ship at an ally's home world, with an ally's warship there
    add_unit(m, 1, "DD", home)
    assert not GAME._start_next_battle(s, 0, [])  # no battle, so no boarding (§10.2)
    assert not GAME._start_bombardment(s, 0)  # no bombardment step, so no landing (§10.1)
    add_unit(m, 3, "DD", home)  # the enemy there: the battle is against it only
    assert GAME._start_next_battle(s, 0, [])
    assert s.battle is not None and {s.battle.attacker, s.battle.defender} == {0, 3}


# --- §10.8.1 Blood Brothers take their turns together -----------------------------------------------------


def test_blood_brothers_turn_order_groups_the_allies() -> None:
    m = start(4, seed=3, scenario="standard_4p", alliance="blood_brothers")  # teams A+C against B+D
    s = state(m)
    clockwise = [(s.first + i) % 4 for i in range(4)]
    assert s.order == [
        clockwise[0],
        clockwise[2],
        clockwise[1],
        clockwise[3],
    ]  # the team of the first, then the other
    uneasy = state(start(4, seed=3, scenario="standard_4p", alliance="uneasy"))
    assert uneasy.order == [
        (uneasy.first + i) % 4 for i in range(4)
    ]  # uneasy allies keep the clockwise order


@pytest.mark.parametrize(("alliance", "waits"), [("blood_brothers", True), ("uneasy", False)])
def test_blood_brothers_fight_after_the_last_ally_moved(alliance: str, waits: bool) -> None:
    m, h, _y, dd = _team_position(alliance)  # seats 0, 1, 2 allied; seat 3 alone
    s = state(m)
    add_unit(m, 3, "DD", h)  # the lone player's destroyer waits at H
    if alliance == "uneasy":
        s.units = {uid: u for uid, u in s.units.items() if not (u.owner == 1 and u.hex == h)}  # no stacking
    touch(m)
    m.apply(0, f"m {dd} {h}")

    def battles(events: list[Any]) -> list[str]:
        return [e["hex"] for e in events if e.get("type") == "battle"]

    if waits:
        assert (
            battles(m.apply(0, "end")) == [] and s.phase == "move" and m.to_move == (1,)
        )  # allies move first
        assert battles(m.apply(1, "end")) == [] and m.to_move == (2,)
        assert battles(m.apply(2, "end")) == [h]  # then the battle at H, the allies' ships together
    else:
        assert battles(m.apply(0, "end")) == [h]  # uneasy allies fight on their own turns
