"""Counters holding 1-6 units (§4.9, §7.5, §9) and scuttling one unit of a counter (§4.7)."""

from __future__ import annotations

from galaxis.core import IllegalAction, Match, Rng
from galaxis.games.space_empires import GAME
from galaxis.games.space_empires.base import board, data
from galaxis.games.space_empires.base.state import Unit
from galaxis.games.space_empires.views import observation as views

from .helpers import add_unit, hw, mover, put_marker, start, state, touch, units_of


def grow(m: Match, unit: Unit, extra: int) -> list[Unit]:
    """Put ``extra`` more units of the same type and technology into ``unit``'s counter."""
    touch(m)
    cid = board.counter_of(unit)
    return [GAME._new_unit(state(m), unit.owner, unit.kind, unit.hex, cid) for _ in range(extra)]


def members(m: Match, cid: str) -> list[str]:
    return [u.uid for u in board.counter_units(state(m), cid)]


def to_econ(m: Match, cp: int = 60) -> None:
    s = state(m)
    for p in s.players:
        p.cp, p.earned = cp, cp
    GAME._start_econ(s, [])
    touch(m)


def finish_econ(m: Match) -> None:
    for seat in m.to_move:
        if state(m).players[seat].bid < 0:
            m.apply(seat, "bid 0")
        m.apply(seat, "done")
    while state(m).phase == "econ":
        m.apply(m.to_move[0], m.legal_actions(m.to_move[0])[0])


def test_unit_data_groups() -> None:
    units = data.units("ce")
    assert units["DD"].group == 6 and units["CA"].group == 6 and units["SC"].group == 6
    # Colony Ships, Miners and MS Pipelines are always single [MRB 2.3-2.6].
    assert units["CO"].group == units["Miner"].group == units["MSP"].group == 1


def test_a_bought_unit_joins_a_face_down_counter_or_starts_a_new_one() -> None:
    m = start(2)
    s = state(m)
    to_econ(m)
    home = hw(m, 0)
    scout = units_of(m, 0, "SC")[0]
    m.apply(0, "bid 0")
    notations = {a.notation for a in m.legal_actions(0)}
    assert f"buy SC {home}" in notations and f"buy SC {home} {scout.uid}" in notations
    m.apply(0, f"buy SC {home} {scout.uid}")
    assert s.players[0].queue == [["SC", home, scout.uid]]
    m.apply(0, f"buy SC {home}")
    m.apply(1, "bid 0")
    finish_econ(m)
    assert members(m, scout.uid) == [scout.uid, f"{scout.uid}.2"]
    # The joined unit took no counter; the other purchase founded a new one.
    assert board.counters_in_use(s, 0, "SC") == 4
    assert GAME.invariants(s) == []


def test_counter_limits_count_counters_not_units() -> None:
    m = start(2)
    s = state(m)
    home = hw(m, 0)
    scouts = units_of(m, 0, "SC")
    for _ in range(3):
        add_unit(m, 0, "SC", home)
    grow(m, scouts[0], 4)  # 6 counters in use (the limit), one of them holding 5 scouts
    to_econ(m, 90)
    m.apply(0, "bid 0")
    notations = {a.notation for a in m.legal_actions(0)}
    assert f"buy SC {home}" not in notations
    assert f"buy SC {home} {scouts[0].uid}" in notations
    with_reason = GAME.explain_illegal(s, 0, f"buy SC {home}")
    assert "counters are in use" in with_reason.reason
    m.apply(0, f"buy SC {home} {scouts[0].uid}")  # the sixth unit fills the counter
    assert f"buy SC {home} {scouts[0].uid}" not in {a.notation for a in m.legal_actions(0)}
    assert "at most 6" in GAME.explain_illegal(s, 0, f"buy SC {home} {scouts[0].uid}").reason


def test_a_joining_unit_must_share_the_counter_technology() -> None:
    m = start(2)
    s = state(m)
    to_econ(m, 90)
    home = hw(m, 0)
    scout = units_of(m, 0, "SC")[0]
    m.apply(0, "bid 0")
    m.apply(0, f"buy SC {home} {scout.uid}")
    # Buying Attack now would give the joining scout another technology than its counter.
    assert "tech attack" not in {a.notation for a in m.legal_actions(0)}
    assert "buy technology before" in GAME.explain_illegal(s, 0, "tech attack").reason
    m2 = start(2)
    to_econ(m2, 90)
    m2.apply(0, "bid 0")
    m2.apply(0, "tech attack")
    scout2 = units_of(m2, 0, "SC")[0]
    assert f"buy SC {hw(m2, 0)} {scout2.uid}" not in {a.notation for a in m2.legal_actions(0)}
    assert f"buy SC {hw(m2, 0)}" in {a.notation for a in m2.legal_actions(0)}


def test_a_counter_moves_as_one() -> None:
    m = start(2)
    seat = mover(m)
    s = state(m)
    scout = units_of(m, seat, "SC")[0]
    extra = grow(m, scout, 2)
    h = board.adjacent(2, scout.hex)[0]
    put_marker(m, h, "planet", face_up=True)
    notations = [a.notation for a in m.legal_actions(seat)]
    assert f"m {scout.uid} {h}" in notations
    assert not any(n.startswith(f"m {extra[0].uid} ") for n in notations)  # units are not addressed
    events = m.apply(seat, f"m {scout.uid} {h}")
    assert all(s.units[uid].hex == h for uid in members(m, scout.uid))
    moves = [e for e in events if e["type"] == "move"]
    assert moves == [{"type": "move", "unit": scout.uid, "hex": h}]


def test_split_and_merge() -> None:
    m = start(2)
    seat = mover(m)
    s = state(m)
    scouts = units_of(m, seat, "SC")
    grow(m, scouts[0], 2)
    notations = {a.notation for a in m.legal_actions(seat)}
    assert f"split {scouts[0].uid}" in notations and f"split {scouts[1].uid}" not in notations
    serial = s.players[seat].serial
    events = m.apply(seat, f"split {scouts[0].uid}")
    new = f"{board.SEATS[seat]}{serial}"
    assert events == [{"type": "split", "counter": scouts[0].uid, "new": new}]
    assert len(members(m, scouts[0].uid)) == 2 and len(members(m, new)) == 1
    # Same type, technology and hex: counters merge (the later id into the earlier one).
    notations = {a.notation for a in m.legal_actions(seat)}
    assert (
        f"merge {new} {scouts[0].uid}" in notations and f"merge {scouts[1].uid} {scouts[0].uid}" in notations
    )
    m.apply(seat, f"merge {scouts[1].uid} {scouts[0].uid}")
    assert len(members(m, scouts[0].uid)) == 3 and not members(m, scouts[1].uid)
    # Another technology never shares a counter.
    scouts[2].attack_tech = 1
    touch(m)
    assert f"merge {new} {scouts[2].uid}" not in {a.notation for a in m.legal_actions(seat)}
    assert f"merge {scouts[2].uid} {scouts[0].uid}" not in {a.notation for a in m.legal_actions(seat)}
    m.apply(seat, f"merge {new} {scouts[0].uid}")
    assert len(members(m, scouts[0].uid)) == 4
    assert GAME.invariants(s) == []


def test_a_full_counter_does_not_merge_and_splitting_needs_a_free_counter() -> None:
    m = start(2)
    seat = mover(m)
    scouts = units_of(m, seat, "SC")
    grow(m, scouts[0], 4)
    grow(m, scouts[1], 1)
    assert f"merge {scouts[1].uid} {scouts[0].uid}" not in {a.notation for a in m.legal_actions(seat)}
    for _ in range(3):
        add_unit(m, seat, "SC", scouts[0].hex)
    assert not any(a.notation.startswith("split") for a in m.legal_actions(seat))


def test_others_see_counters_never_their_count() -> None:
    m = start(2)
    seat = mover(m)
    enemy = 1 - seat
    s = state(m)
    scout = units_of(m, seat, "SC")[0]
    grow(m, scout, 2)
    mine = next(v for v in GAME.observation(s, seat)["hexes"][scout.hex]["units"] if v["id"] == scout.uid)
    assert mine["count"] == 3 and [u["id"] for u in mine["units"]] == members(m, scout.uid)
    for viewer in (enemy, None):
        theirs = next(
            v for v in GAME.observation(s, viewer)["hexes"][scout.hex]["units"] if v["id"] == scout.uid
        )
        assert theirs == {"id": scout.uid, "owner": seat, "kind": "?"}
    assert f"{scout.uid}=SCx3" in m.render_text(seat)
    assert f"{scout.uid}=?x?" in m.render_text(enemy)
    assert f"{scout.uid}.2" not in m.render_text(enemy) + m.render_svg(enemy)


def _planted(extra: int) -> Match:
    m = start(2, seed=4)
    seat = mover(m)
    scout = units_of(m, seat, "SC")[0]
    grow(m, scout, extra)
    return m


def test_planted_secret_the_number_of_units_in_a_face_down_counter() -> None:
    """Two matches that differ only in how many units an enemy face-down counter holds look the same."""
    a, b = _planted(1), _planted(4)
    seat = mover(a)
    enemy = 1 - seat
    assert a.observation(seat) != b.observation(seat)  # the owner knows
    for viewer in (enemy, None):
        assert a.observation(viewer) == b.observation(viewer)
        assert a.render_text(viewer) == b.render_text(viewer)
        assert a.render_svg(viewer) == b.render_svg(viewer)
    # The owner's moves are public: they still look the same.
    scout = units_of(a, seat, "SC")[0]
    h = board.adjacent(2, scout.hex)[0]
    put_marker(a, h, "planet", face_up=True)
    put_marker(b, h, "planet", face_up=True)
    for m in (a, b):
        move = m.find_action(seat, f"m {scout.uid} {h}")
        assert GAME.action_is_public(state(m), seat, move)
        m.apply(seat, move)
    assert a.observation(enemy) == b.observation(enemy)


def test_determinize_resamples_counts_and_keeps_what_the_viewer_saw() -> None:
    m = _planted(2)
    seat = mover(m)
    enemy = 1 - seat
    s = state(m)
    s.cycle = 2  # in the first cycle nothing bought is on the map: counters keep their set-up size (§9)
    scout = units_of(m, seat, "SC")[0]
    seen = m.observation(enemy)
    sizes = set()
    for k in range(30):
        w = m.determinize(enemy, k)
        ws = state(w)
        assert w.observation(enemy) == seen and GAME.invariants(ws) == []
        counter = board.counter_units(ws, scout.uid)
        assert counter and all(u.hex == scout.hex for u in counter)
        sizes.add(len(counter))
        # Same counters (ids, hexes), each within its group size.
        before = {c: (v[0].hex, v[0].owner) for c, v in board.counters(s.units.values()).items()}
        after = {c: (v[0].hex, v[0].owner) for c, v in board.counters(ws.units.values()).items()}
        assert before == after
    assert len(sizes) > 1
    # The owner's own world keeps its counts.
    assert all(len(board.counter_units(state(m.determinize(seat, k)), scout.uid)) == 3 for k in range(5))


def test_a_battle_reveals_the_counters_that_fight() -> None:
    m = start(2)
    seat = mover(m)
    enemy = 1 - seat
    s = state(m)
    sc = units_of(m, seat, "SC")
    h = board.adjacent(2, sc[0].hex)[0]
    put_marker(m, h, "planet", face_up=True)
    dd = add_unit(m, enemy, "DD", h)
    grow(m, dd, 2)
    far = add_unit(m, enemy, "DD", hw(m, enemy))
    grow(m, far, 3)
    assert "count" not in next(v for v in m.observation(seat)["hexes"][h]["units"] if v["id"] == dd.uid)
    for u in sc:
        m.apply(seat, f"m {u.uid} {h}")
    m.apply(seat, "end")
    view = next(v for v in m.observation(seat)["hexes"][h]["units"] if v["id"] == dd.uid)
    assert view["kind"] == "DD" and view["count"] == 3
    assert len({u["id"] for u in view["units"]}) == 3
    # Each unit of the counter is its own target.
    while s.battle is not None:
        who = m.to_move[0]
        legal = m.legal_actions(who)
        if legal[0].kind == "target":
            assert {a.args[0] for a in legal} <= set(s.units)
        m.apply(who, legal[0])
    # The counter that did not fight stays hidden.
    hidden = next(v for v in m.observation(seat)["hexes"][far.hex]["units"] if v["id"] == far.uid)
    assert hidden["kind"] == "?" and "count" not in hidden


def test_scuttle_and_mines_take_one_unit_of_a_counter() -> None:
    m = start(2)
    seat = mover(m)
    enemy = 1 - seat
    s = state(m)
    sc = units_of(m, seat, "SC")
    grow(m, sc[0], 2)
    m.apply(seat, "scuttle")
    assert f"scuttle {sc[0].uid}" in {a.notation for a in m.legal_actions(seat)}
    events = m.apply(seat, f"scuttle {sc[0].uid}")
    assert events[0] == {"type": "scuttle", "unit": sc[0].uid, "hex": sc[0].hex}
    assert len(members(m, sc[0].uid)) == 2
    h = board.adjacent(2, sc[0].hex)[0]
    put_marker(m, h, "planet", face_up=True)
    add_unit(m, enemy, "Mine", h)
    m.apply(seat, f"m {sc[0].uid} {h}")
    m.apply(seat, "end")
    assert {a.notation for a in m.legal_actions(enemy)} == {f"boom {sc[0].uid}"}
    m.apply(enemy, f"boom {sc[0].uid}")
    assert len(members(m, sc[0].uid)) == 1
    assert GAME.invariants(s) == []


def test_retreat_moves_the_whole_counter() -> None:
    m = start(2)
    seat = mover(m)
    enemy = 1 - seat
    s = state(m)
    sc = units_of(m, seat, "SC")
    grow(m, sc[0], 2)
    h = board.adjacent(2, sc[0].hex)[0]
    put_marker(m, h, "planet", face_up=True)
    for _ in range(3):
        dn = add_unit(m, enemy, "DN", h)
        dn.defense_tech = 3
    m.apply(seat, f"m {sc[0].uid} {h}")
    m.apply(seat, "end")
    guard = 0
    while s.battle is not None and guard < 100:
        guard += 1
        who = m.to_move[0]
        retreats = [a for a in m.legal_actions(who) if a.kind == "retreat"]
        if retreats:
            assert all(a.args[0] == sc[0].uid for a in retreats)
            m.apply(who, retreats[0])
            assert {s.units[uid].hex for uid in members(m, sc[0].uid)} == {retreats[0].args[1]}
            break
        m.apply(who, m.legal_actions(who)[0])
    assert GAME.invariants(s) == []


def test_invariants_catch_a_mixed_or_overfull_counter() -> None:
    m = start(2)
    s = state(m)
    sc = units_of(m, 0, "SC")
    extra = grow(m, sc[0], 1)
    extra[0].attack_tech = 2
    assert any("mixes" in b for b in GAME.invariants(s))
    extra[0].attack_tech = sc[0].attack_tech
    grow(m, sc[0], 5)
    assert any("too many units" in b for b in GAME.invariants(s))


def test_resampled_wealth_pays_for_the_units() -> None:
    m = _planted(3)
    seat = mover(m)
    enemy = 1 - seat
    s = state(m)
    for k in range(10):
        ws = views.determinize(s.clone(), enemy, Rng(k))
        p = ws.players[seat]
        assert p.cp >= 0 and p.cp == p.earned - p.spent - p.forfeited


def test_explain_names_counters() -> None:
    m = start(2)
    seat = mover(m)
    err = GAME.explain_illegal(state(m), seat, "m zz 1.1")
    assert isinstance(err, IllegalAction) and "not one of your counters" in err.reason


def test_scuttling_in_the_economic_phase_frees_a_counter() -> None:
    m = start(2)
    s = state(m)
    home = hw(m, 0)
    for _ in range(3):
        add_unit(m, 0, "SC", home)
    to_econ(m, 60)
    m.apply(0, "bid 0")
    assert f"buy SC {home}" not in {a.notation for a in m.legal_actions(0)}
    scout = units_of(m, 0, "SC")[0]
    events = m.apply(0, f"scuttle {scout.uid}")
    assert events[0]["type"] == "scuttle" and scout.uid not in s.units
    assert GAME.action_is_public(s, 0, m.find_action(0, f"buy SC {home}")) is False
    m.apply(0, f"buy SC {home}")
    # A counter that a purchase joins keeps its last unit.
    other = units_of(m, 0, "SC")[0]
    m.apply(0, f"buy SC {home} {other.uid}")
    assert f"scuttle {other.uid}" not in {a.notation for a in m.legal_actions(0)}
    finish_econ(m)
    assert board.counters_in_use(s, 0, "SC") == 6 and GAME.invariants(s) == []


def test_scuttling_in_combat() -> None:
    m = start(2)
    seat = mover(m)
    enemy = 1 - seat
    s = state(m)
    sc = units_of(m, seat, "SC")
    h = board.adjacent(2, sc[0].hex)[0]
    put_marker(m, h, "planet", face_up=True)
    add_unit(m, enemy, "DD", h)
    for u in sc:
        m.apply(seat, f"m {u.uid} {h}")
    m.apply(seat, "end")
    # Three scouts against one destroyer: the attacker may screen, so it has a round decision.
    assert s.battle is not None and m.to_move == (seat,)
    legal = {a.notation for a in m.legal_actions(seat)}
    assert f"scuttle {sc[2].uid}" in legal
    m.apply(seat, f"scuttle {sc[2].uid}")
    assert sc[2].uid not in s.units and s.battle is not None
    assert GAME.invariants(s) == []


def test_a_merged_counter_is_sent_back_by_a_super_nova_as_one() -> None:
    m = start(2)
    seat = mover(m)
    s = state(m)
    a, b = units_of(m, seat, "SC")[:2]
    home = a.hex
    x = board.adjacent(2, home)[0]
    y = next(h for h in board.adjacent(2, x) if h != home)
    put_marker(m, x, "supernova")
    put_marker(m, y, "planet", face_up=True)
    b.hex = y
    touch(m)
    m.apply(seat, f"m {a.uid} {x}")
    m.apply(seat, f"m {b.uid} {x}")
    m.apply(seat, f"merge {b.uid} {a.uid}")
    m.apply(seat, "end")
    assert {u.hex for u in board.counter_units(s, a.uid)} == {home}
    assert GAME.invariants(s) == []
