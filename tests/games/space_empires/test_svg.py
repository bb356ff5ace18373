"""The Space Empires board (views/svg.py): the map drawn by what the viewer knows, coordinates as the
moves write them, counters as stacks in their owner's colour, the empire sheet; #24."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Iterator
from typing import Any

import pytest

from galaxis.core import Match
from galaxis.games.space_empires import GAME
from galaxis.games.space_empires.base import board
from galaxis.games.space_empires.state import SEState
from galaxis.games.space_empires.views import draw
from tests.games.space_empires.helpers import (
    add_unit,
    hw,
    mover,
    planted_combat_dice,
    put_marker,
    start,
    state,
)

NS = "{http://www.w3.org/2000/svg}"


def parse(svg: str) -> ET.Element:
    return ET.fromstring(svg)  # well-formed XML: the client and a preview can read it


def targets(root: ET.Element) -> dict[str, ET.Element]:
    return {el.get("data-target", ""): el for el in root.iter() if el.get("data-target")}


def part(root: ET.Element, name: str) -> ET.Element:
    (found,) = [el for el in root if el.get("data-part") == name]
    return found


def test_the_board_has_a_zoomable_map_and_a_sheet_each_with_a_viewbox() -> None:
    root = parse(start(2).render_svg(0))
    assert root.get("viewBox") and root.get("data-game") == "space_empires"
    the_map, sheet = part(root, "map"), part(root, "sheet")
    assert the_map.get("data-panzoom") == "1" and the_map.get("viewBox", "").startswith("0 0 ")
    assert sheet.get("viewBox", "").startswith("0 0 ")
    # standalone, the sheet is drawn under the map (a preview shows both)
    assert float(sheet.get("y", "0")) >= float(the_map.get("height", "0"))


def test_every_hex_is_a_target_named_by_its_coordinates() -> None:
    m = start(2)
    root = parse(m.render_svg(0))
    found = targets(root)
    for hid in board.board_hexes(2):
        assert hid in found
        assert found[hid].get("data-tip", "").startswith(f"{hid}: ")
    words = [t.text for t in root.iter(f"{NS}text")]
    assert "5.1" in words  # the home hex's coordinates as `m a9 5.1` writes them
    # the column and row numbers along the edges, on both sides
    assert words.count("10") >= 2 and words.count("11") >= 2


def test_a_face_down_enemy_counter_shows_its_owner_and_nothing_else() -> None:
    m = start(2)
    s = state(m)
    hidden = next(u for u in s.units.values() if u.owner == 1 and not u.revealed)
    el = targets(parse(m.render_svg(0)))[board.counter_of(hidden)]
    tip = el.get("data-tip", "")
    assert "⟨1⟩" in tip and "secret" in tip
    assert draw.unit_word(hidden.kind, "en") not in tip
    assert [t.text for t in el.iter(f"{NS}text")] == ["?"]
    # its owner sees type and count
    own = targets(parse(m.render_svg(1)))[board.counter_of(hidden)]
    assert draw.unit_word(hidden.kind, "en") in own.get("data-tip", "")
    assert "attack 0" in own.get("data-tip", "")


def test_counters_are_in_their_owners_colours_and_alike_counters_stack() -> None:
    m = start(2)
    root = parse(m.render_svg(0))
    found = targets(root)
    s = state(m)
    scouts = sorted(
        (u for u in s.units.values() if u.owner == 0 and u.kind == "SC"), key=lambda u: board.uid_key(u.uid)
    )
    assert len(scouts) >= 2
    rects = [found[board.counter_of(u)].find(f"{NS}rect") for u in scouts]
    assert all(r is not None and r.get("fill") == draw.SEAT_COLOURS[0] for r in rects)
    xs = [float(r.get("x", "0")) for r in rects if r is not None]
    ys = [float(r.get("y", "0")) for r in rects if r is not None]
    # a stack: the first counter on top, each one under it peeking out up and to the right
    assert xs == sorted(xs) and ys == sorted(ys, reverse=True) and len(set(xs)) == len(xs)
    home = found[hw(m, 0)]
    assert "home world" in home.get("data-tip", "")


def test_the_map_shows_what_the_viewer_knows_of_a_system() -> None:
    m = start(2)
    put_marker(m, "3.3", "minerals", 5, face_up=True)
    put_marker(m, "4.4", "nebula", 0, face_up=True)
    root = parse(m.render_svg(0))
    found = targets(root)
    assert found["3.3"].get("data-tip") == "3.3: minerals, worth 5 CP"
    assert found["4.4"].get("data-tip") == "4.4: nebula"
    assert "unexplored" in found["5.5"].get("data-tip", "")
    hu = targets(parse(m.render_svg(0, "hu")))
    assert hu["3.3"].get("data-tip") == "3.3: Ásvány, értéke 5 ÉP"


def test_the_empire_sheet_shows_the_viewers_cp_and_technology_only() -> None:
    m = start(2)
    s = state(m)
    s.players[0].cp, s.players[1].cp = 17, 23
    sheet0 = "".join(part(parse(m.render_svg(0)), "sheet").itertext())
    assert "Construction points (CP): 17" in sheet0 and "23" not in sheet0
    assert "Ship Size" in sheet0 and "Your empire (red)" in sheet0
    hu = "".join(part(parse(m.render_svg(0, "hu")), "sheet").itertext())
    assert "Építési pont (ÉP): 17" in hu and "A birodalmad (piros)" in hu
    spectator = "".join(part(parse(m.render_svg(None)), "sheet").itertext())
    assert "17" not in spectator and "23" not in spectator


def test_the_sheet_shows_income_maintenance_and_technology_tracks() -> None:
    m = start(2)
    root = part(parse(m.render_svg(0)), "sheet")
    words = "".join(root.itertext())
    income = GAME.income(state(m), 0)  # phases/economy.py: the same sum the Economic Phase pays
    assert income.colonies == 30 and income.maintenance > 0
    assert (
        f"+{income.colonies}" in words and f"−{income.maintenance}" in words and f"{income.net} CP" in words
    )
    tips = [el.get("data-tip", "") for el in root.iter() if el.get("data-tip")]
    attack = next(t for t in tips if t.startswith("Attack"))
    assert "level 0 of 3" in attack and "next level 20 CP" in attack and "+1" in attack
    hu_tips = [
        el.get("data-tip", "")
        for el in part(parse(m.render_svg(0, "hu")), "sheet").iter()
        if el.get("data-tip")
    ]
    assert any(t.startswith("Támadás, szint: 0/3") and "20 ÉP" in t for t in hu_tips)


def _fight(seed: int = 2) -> tuple[Match, int, str]:
    """A Destroyer attacks a hex with an enemy Scout and Cruiser; the battle is fought round by round."""
    m = start(2, seed=seed)
    s = state(m)
    seat = mover(m)
    start_hex = "5.5"
    target_hex = sorted(board.adjacent(2, start_hex))[0]
    for h in (start_hex, target_hex):
        s.markers.pop(h, None)
    dd = add_unit(m, seat, "DD", start_hex)
    add_unit(m, 1 - seat, "SC", target_hex)
    add_unit(m, 1 - seat, "CA", target_hex)
    m.apply(seat, f"m {dd.uid} {target_hex}")
    m.apply(seat, "end")
    return m, seat, target_hex


@pytest.fixture
def dice(monkeypatch: Any) -> Iterator[list[int]]:
    yield from planted_combat_dice(monkeypatch)


def test_a_battle_screen_lists_both_sides_in_firing_order_and_every_roll(dice: list[int]) -> None:
    m, seat, hid = _fight()
    s = state(m)
    assert s.battle is not None
    root = parse(m.render_svg(seat))
    assert [p.get("data-part") for p in root] == ["battle", "map", "sheet"]  # the battle comes first
    words = "".join(part(root, "battle").itertext())
    assert f"Battle at {hid}" in words and "Cruiser" in words and "Destroyer" in words
    # class C (the Cruiser) fires before D (the Destroyer) before E (the Scout)
    assert words.index("Cruiser") < words.index("Destroyer") < words.index("Scout")
    assert "No shots yet." in words
    dice += [10, 10, 10]  # round 1: everyone misses, so the battle goes on
    while s.battle is not None and s.battle.round < 2:
        who = m.to_move[0]
        legal = [a.notation for a in m.legal_actions(who)]
        m.apply(who, "fight" if "fight" in legal else legal[0])
    assert s.battle is not None and s.battle.shots and len(s.battle.shots) == 3
    for viewer in (0, 1):
        words = "".join(part(parse(m.render_svg(viewer)), "battle").itertext())
        assert "Round 1" in words
        for shot in s.battle.shots:
            assert f"rolled {shot.roll}, needed {shot.need}" in words
            assert "miss" in words
    hu = "".join(part(parse(m.render_svg(seat, "hu")), "battle").itertext())
    assert f"Csata: {hid}" in hu and "dobás 10" in hu and "mellé" in hu
    # nothing hidden reaches the battle screen: every world the viewer cannot tell apart draws alike
    for viewer in (0, 1):
        for world_seed in range(4):
            world = m.determinize(viewer, world_seed)
            assert world.render_svg(viewer) == m.render_svg(viewer)
            assert world.render_svg(viewer, "hu") == m.render_svg(viewer, "hu")
    # the battle's record is part of the saved state
    assert SEState.from_json(s.to_json()).battle == s.battle
    while s.battle is not None:  # once it is over, the map is first again
        who = m.to_move[0]
        legal = [a.notation for a in m.legal_actions(who)]
        m.apply(who, "fight" if "fight" in legal else legal[0])
    assert [p.get("data-part") for p in parse(m.render_svg(seat))] == ["map", "sheet"]


def test_the_sheet_shows_the_scenarios_automated_opponents() -> None:
    m = start(1, seed=1, scenario="solo_dm", difficulty="easy")
    words = "".join(part(parse(m.render_svg(0)), "sheet").itertext())
    assert "Scenario, opponents and cards" in words and "Doomsday Machines destroyed 0/3" in words
    assert "Other empires" not in words  # alone against the machines
    hu = "".join(part(parse(m.render_svg(0, "hu")), "sheet").itertext())
    assert "Forgatókönyv, ellenfelek és kártyák" in hu and "megsemmisített Világvége Gépek" in hu
