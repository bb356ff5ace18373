"""The Káosz table as SVG (issue #23): zones with labels, face-down backs that carry nothing
of the card for a viewer who may not see it, looked-at marks, used/damaged/upgraded states
on the card, enlargements, the stack in resolution order and the combat."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest

from galaxis.games.kaosz.effects import words
from galaxis.games.kaosz.state import DAMAGED, USED
from tests.games.kaosz.helpers import add, blank

SVG = "{http://www.w3.org/2000/svg}"


def _svg(m, viewer, lang="en"):  # type: ignore[no-untyped-def]
    return m.game.render_svg(m.state, viewer, lang)


def _card_group(svg: str, cid: str) -> ET.Element:
    root = ET.fromstring(svg)
    for el in root.iter(f"{SVG}g"):
        if el.get("data-target") == cid and el.get("data-zoom"):
            return el
    raise AssertionError(f"no card {cid}")


@pytest.mark.parametrize("lang", ["en", "hu"])
def test_a_face_down_card_shows_its_back_and_nothing_of_it_to_others(lang: str) -> None:
    m = blank()
    uid = add(m, 1, "aknagyuru", "surface", up=False)
    theirs = _svg(m, 0, lang)
    for leak in ("aknagyuru", "Aknagyűrű", "Minefield", "bunker", "ellenfeled", "opponent must"):
        assert leak not in theirs, leak
    group = _card_group(theirs, f"c{uid}")
    assert group.get("data-card") is None
    assert group.get("data-tip") == words(lang)["face_down_card"]
    assert "KÁOSZ" in ET.tostring(group, encoding="unicode")  # the back
    assert "aknagyuru" not in _svg(m, None, lang)  # nor to a spectator
    # its owner sees the face, marked as lying face down
    mine = _svg(m, 1, lang)
    group = _card_group(mine, f"c{uid}")
    assert group.get("data-card") == "aknagyuru"
    assert f"▼ {words(lang)['face_down']}" in ET.tostring(group, encoding="unicode")


def test_a_card_the_viewer_has_looked_at_is_marked_as_seen() -> None:
    m = blank()
    uid = add(m, 1, "tuzer", "canteen", up=False)
    m.state.players[0].known.append(uid)
    svg = _svg(m, 0)
    group = _card_group(svg, f"c{uid}")
    assert group.get("data-card") == "tuzer"
    assert words("en")["seen"] in (group.get("data-tip") or "")
    assert f"▼ {words('en')['seen']}" in ET.tostring(group, encoding="unicode")


@pytest.mark.parametrize(("turn", "angle", "state"), [(USED, 90, "used"), (DAMAGED, 180, "damaged")])
def test_used_and_damaged_cards_are_turned_and_marked(turn: int, angle: int, state: str) -> None:
    m = blank()
    uid = add(m, 0, "marduk_kurios", "hangar")
    m.state.cards[uid].turn = turn
    svg = _svg(m, 1)
    group = _card_group(svg, f"c{uid}")
    assert f"rotate({angle} " in (group.get("transform") or "")
    assert words("en")["states"][state] in (group.get("data-tip") or "")
    chips = [el.text for el in ET.fromstring(svg).iter(f"{SVG}text")]
    assert words("en")["states"][state] in chips  # an upright marker names the state


def test_damage_and_upgrades_are_counted_on_the_card() -> None:
    m = blank()
    ship = add(m, 0, "crx", "hangar")
    m.state.cards[ship].harm = 2
    base = add(m, 0, "aknagyuru", "surface", upgrades=3)
    svg = _svg(m, 1)
    ship_face = ET.tostring(_card_group(svg, f"c{ship}"), encoding="unicode")
    assert "−2" in ship_face  # a damage marker by the armour
    armour = [
        el.text for el in _card_group(svg, f"c{ship}").iter(f"{SVG}text") if el.get("class") == "v-armour"
    ]
    assert armour[0] == "3"  # 5 printed, 2 damage: what is left
    assert re.search(r"<circle[^>]*#ffd54f[^>]*/>\s*<text[^>]*>3</text>", svg), "no upgrade token with 3"
    assert "3" in (_card_group(svg, f"c{base}").get("data-tip") or "")


def test_every_card_has_a_tip_and_an_enlargement_with_its_full_face() -> None:
    m = blank()
    add(m, 0, "crx", "hangar")
    add(m, 0, "tuzer", "canteen")
    add(m, 1, "aknagyuru", "surface")
    for _ in range(3):
        add(m, 0, "extra_talalat", "hand")
    svg = _svg(m, 0, "hu")
    root = ET.fromstring(svg)
    cards = [el for el in root.iter(f"{SVG}g") if el.get("data-card")]
    assert len(cards) == 6
    defs = {el.get("id") for el in root.iter(f"{SVG}g") if (el.get("id") or "").startswith("kf-")}
    for el in cards:
        assert el.get("data-tip") and el.get("data-zoom") == "0 0 100 140"
        zoom = [g for g in el.iter(f"{SVG}g") if g.get("class") == "zoom-only"]
        assert zoom and zoom[0].get("display") == "none"
        use = next(zoom[0].iter(f"{SVG}use"))
        assert use.get("href") == f"#kf-{el.get('data-card')}" and f"kf-{el.get('data-card')}" in defs


@pytest.mark.parametrize("lang", ["en", "hu"])
def test_the_table_labels_every_zone_in_the_readers_language(lang: str) -> None:
    m = blank()
    svg = _svg(m, 0, lang)
    w = words(lang)
    said = [el.text for el in ET.fromstring(svg).iter(f"{SVG}text")]
    for zone in ("hangar", "canteen", "surface", "your_hand", "colony_short", "wreck_short", "trash_short"):
        assert w[zone] in said, zone


def test_in_three_players_the_neighbours_that_may_be_attacked_are_marked() -> None:
    m = blank(players=4)
    svg = _svg(m, 0)
    marked = svg.count("⚔ " + words("en")["attackable"])
    from galaxis.games.kaosz import in_play

    assert marked == len(in_play.opponents(m.state, 0)) < 3


@pytest.mark.parametrize("lang", ["en", "hu"])
def test_every_phase_decision_and_combat_step_the_rules_use_has_words(lang: str) -> None:
    """The middle of the table names the phase, the decision awaited and the combat step:
    never a raw code word (the Hungarian walk found "mulligan")."""
    from pathlib import Path

    from galaxis.games.kaosz import svg

    src = "".join(p.read_text(encoding="utf-8") for p in Path(svg.__file__).parent.glob("*.py"))
    w = words(lang)
    phases = set(re.findall(r'phase ?= ?"([a-z_]+)"', src))
    kinds = set(re.findall(r'Step\("([a-z_]+)"', src))
    stages = {svg._stage_word(st) for st in re.findall(r'stage ?= ?"([a-z_]+)"', src)}
    assert phases and kinds and stages
    assert phases <= set(w["phases"]), phases - set(w["phases"])
    assert kinds <= set(w["decisions"]), kinds - set(w["decisions"])
    assert stages <= set(w["stages"]), stages - set(w["stages"])


def test_the_combat_shows_attackers_facing_defenders_with_the_numbers_that_decide_it() -> None:
    from tests.games.kaosz.test_rules import _combat

    m = blank()
    crx = add(m, 0, "crx", "hangar")  # 0-5-5-5
    cobra = add(m, 1, "cobra_flash", "hangar")  # 5-2-3-0
    _combat(m, [crx], [cobra])
    svg = _svg(m, 0)
    w = words("en")
    said = [el.text or "" for el in ET.fromstring(svg).iter(f"{SVG}text")]
    assert w["attackers"] in said and w["defenders"] in said
    assert any(t.startswith("⚔ ") and w["targets_of"]["colony"] in t for t in said)  # who attacks what
    tips = [el.get("data-tip") or "" for el in ET.fromstring(svg).iter(f"{SVG}g")]
    assert any(t.startswith("CRX (c") for t in tips) and any(t.startswith("Cobra Flash (c") for t in tips)
    # each fighting ship's row shows its speed, firepower and armour left
    assert {"0", "5"} <= set(said) and {"2", "3"} <= set(said)
    # a damaged defender shows what armour it has left
    m.state.cards[cobra].harm = 2
    said = [el.text or "" for el in ET.fromstring(_svg(m, 0)).iter(f"{SVG}text")]
    assert "1" in said


def test_the_stack_shows_who_played_what_in_resolution_order() -> None:
    m = blank()
    ship = add(m, 0, "crx", "hangar")
    hit = add(m, 0, "extra_talalat", "hand")
    add(m, 1, "cobra_flash", "hangar")
    add(m, 1, "durmacel_celterelo", "hand")  # so that seat 1 may answer: the stack waits
    m.apply(0, "attack colony")  # the declaration opens an interrupt window
    while 0 not in m.to_move:
        m.apply(m.to_move[0], "pass")
    m.apply(0, f"play c{hit} c{ship}")
    assert m.state.pending[-1].kind == "priority" and 1 in m.to_move  # seat 1 may answer it
    root = ET.fromstring(_svg(m, 1, "hu"))
    stacked = [el for el in root.iter(f"{SVG}g") if el.get("data-card") == "extra_talalat"]
    assert stacked, "the interrupt is drawn on the stack, face up"
    assert any((el.text or "").endswith("1.") or el.text == "1" for el in root.iter(f"{SVG}text"))
    plays = [el.get("data-tip") or "" for el in root.iter(f"{SVG}g") if "CRX" in (el.get("data-tip") or "")]
    assert any("⟨0⟩" in t and "→ CRX" in t for t in plays), plays  # who played it and what it aims at
    assert words("hu")["stack_title"] in [el.text for el in root.iter(f"{SVG}text")]
