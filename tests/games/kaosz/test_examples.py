"""Every worked example of the rulebook (seed 004) as a test."""

from __future__ import annotations

from galaxis.core import new_match
from galaxis.games.kaosz import GAME
from galaxis.games.kaosz.decks import check_deck, starters
from tests.games.kaosz.helpers import add, blank, legal, play

LACI, DANI = 0, 1


def test_main_phase_example_and_chazma_trap() -> None:
    """Main phase: Laci upgrades twice and pays the Aknagyűrű for free; from then on Dani's
    attacks cost 1. Tüzér goes face down into the canteen, Laci attacks Dani's base with
    Marduk Kurios and boards the Tüzér. Dani does not defend; Laci pays the Tüzér and picks
    +3 bombard. Bombard 3 on the unpaid base: it is a Chazma töltet, Dani pays 3, and Laci's
    only ship — with the Tüzér aboard — is destroyed; both go to Laci's trash."""
    m = blank(credits=8)
    s = m.state
    ring = add(m, LACI, "aknagyuru", "surface", up=False, upgrades=2)
    marduk = add(m, LACI, "marduk_kurios", "hangar")
    gunner = add(m, LACI, "tuzer", "hand")
    chazma = add(m, DANI, "chazma_toltet", "surface", up=False)
    add(m, DANI, "holdimado", "hangar")
    s.players[DANI].credits = 3
    assert f"pay c{ring}" not in legal(m, LACI)  # 2 upgrades < limit 4
    play(m, LACI, f"up c{ring}", f"up c{ring}")
    assert f"up c{ring}" not in legal(m, LACI)  # at most two a turn by credits
    play(m, LACI, f"pay c{ring}", "pass")  # Laci still holds a card: his own window to add more
    assert s.cards[ring].up and s.players[LACI].credits == 6  # paid for 0
    assert GAME.attack_tax(s, LACI) == 1
    play(m, LACI, f"down c{gunner}", f"attack c{chazma}")
    play(m, LACI, f"send c{marduk}", f"board c{gunner} c{marduk}", "go")
    play(m, DANI, "go")  # no defence
    play(m, LACI, f"pay c{gunner}", "done")
    assert s.players[LACI].credits == 1
    play(m, DANI, "done")
    play(m, LACI, f"bonus c{gunner} bombard")
    assert GAME.stat(s, marduk, "bombard") == 3
    play(m, LACI, "bomb")
    play(m, DANI, f"pay c{chazma}")  # the trap: 3 credits
    assert s.players[DANI].credits == 0
    play(m, LACI, f"pick c{marduk}")  # Chazma: the opponent chooses which ship
    assert sorted(s.players[LACI].trash) == sorted([marduk, gunner])
    assert chazma in s.players[DANI].trash
    assert s.combat is None and m.to_move == (LACI,)


def test_unpaid_base_needs_bombard_two() -> None:
    m = blank()
    ship = add(m, LACI, "marduk_kurios", "hangar")  # bombard 0
    base = add(m, DANI, "insect_bunker_1", "surface", up=False)
    play(m, LACI, f"attack c{base}", f"send c{ship}", "go")
    play(m, DANI, "go")
    play(m, LACI, "done")
    play(m, DANI, "done")
    play(m, LACI, "bomb")
    assert m.state.cards[base].zone == "surface"


def test_four_interrupt_chain() -> None:
    """Cobra Flash fires at the Holdimádó, which returns fire; Laci plays Extra találat, Dani
    Durmacél célterelő, Laci Felsőbb parancs on it, Dani Felülbírálás on that for 2. They
    resolve last-in first-out: Felülbírálás cancels Felsőbb parancs, Durmacél gives +1 armour,
    Extra találat +1 firepower — paid in play order."""
    m = blank(credits=3)
    s = m.state
    cobra = add(m, LACI, "cobra_flash", "hangar")
    hold = add(m, DANI, "holdimado", "hangar")
    extra = add(m, LACI, "extra_talalat", "hand")
    felsobb = add(m, LACI, "felsobb_parancs", "hand")
    durma = add(m, DANI, "durmacel_celterelo", "hand")
    felul = add(m, DANI, "felulbiralas", "hand")
    play(m, LACI, "attack colony")
    play(m, DANI, "pass")
    play(m, LACI, "pass")  # the declaration window
    play(m, LACI, f"send c{cobra}", "go")
    play(m, DANI, f"send c{hold}", "go")
    play(m, LACI, "done")
    play(m, DANI, "done")
    play(m, LACI, f"fire c{cobra} c{hold}")
    play(m, DANI, "back")
    play(m, DANI, "pass")
    play(m, LACI, f"play c{extra} c{cobra}")
    assert s.players[LACI].credits == 2  # "from his remaining 2 credits"
    play(m, DANI, f"play c{durma} c{hold}")
    play(m, LACI, f"play c{felsobb} c{durma}")
    s.players[LACI].hand.append(
        add(m, LACI, "zarg_resource_1", "box")
    )  # a card kept back: Laci may still answer
    s.cards[-1].zone = "hand"
    play(m, DANI, f"play c{felul} c{felsobb}")
    assert s.players[DANI].credits == 0  # Felülbírálás cost 2 = what Felsőbb parancs cost
    assert [it.uid for it in s.stack] == [extra, durma, felsobb, felul]
    events = play(m, LACI, "pass")  # Dani has no card left: the chain resolves
    order = [
        (e["type"], e.get("card")) for e in events if e["type"] in ("neutralized", "neutralized_out", "pump")
    ]
    assert order == [
        ("neutralized", f"c{felsobb}"),
        ("neutralized_out", f"c{felsobb}"),
        ("pump", f"c{hold}"),
        ("pump", f"c{cobra}"),
    ]
    # damage: Cobra 2+1 = 3 against Holdimádó 3+1 = 4; Holdimádó 2 against Cobra 3: both survive
    assert s.cards[hold].zone == "hangar" and s.cards[hold].harm == 3
    assert s.cards[cobra].zone == "hangar" and s.cards[cobra].harm == 2
    assert {s.cards[u].zone for u in (extra, durma, felsobb, felul)} == {"trash"}


def test_mamut_crx_salvo_example() -> None:
    """Dani attacks Laci's colony with Mamut I. and CRX; Laci defends with Cobra Flash and
    Halálszárny, fires first (faster). Halálszárny hits Mamut I. (3 → 2). Cobra Flash fires at
    the CRX, which returns fire with salvo: 3 on Cobra Flash, 1 on Halálszárny, 1 unassigned.
    Both of Laci's ships die; CRX and Mamut I. turn damaged and cannot bombard."""
    m = blank(active=DANI)
    s = m.state
    mamut = add(m, DANI, "mamut_1", "hangar")
    crx = add(m, DANI, "crx", "hangar")
    cobra = add(m, LACI, "cobra_flash", "hangar")
    hal = add(m, LACI, "halalszarny", "hangar")
    play(m, DANI, "attack colony", f"send c{mamut}", f"send c{crx}", "go")
    play(m, LACI, f"send c{cobra}", f"send c{hal}", "go")
    play(m, DANI, "done")
    play(m, LACI, "done")
    assert m.to_move == (LACI,)  # every one of Laci's ships is faster
    play(m, LACI, f"fire c{hal} c{mamut}")
    play(m, DANI, "hold")
    assert GAME.armour_left(s, mamut) == 2
    play(m, LACI, f"fire c{cobra} c{crx}")
    play(m, DANI, "back")
    play(m, DANI, f"hit c{cobra}", f"hit c{cobra}", f"hit c{cobra}", f"hit c{hal}", "stop")
    assert s.cards[cobra].zone == "trash" and s.cards[hal].zone == "trash"
    assert s.cards[crx].harm == 2
    assert s.combat is None  # no bombard: both attackers are damaged
    assert s.cards[crx].turn == 2 and s.cards[mamut].turn == 2
    assert len(s.players[LACI].colony) == 10


def test_two_deck_start_example() -> None:
    """Both build legal 45-card decks (Laci: Xeno, Insectoid, Zarg, Space-shark; Dani: Human,
    Carnoplantus, Cerebrite, Space-shark). Dani starts and reshuffles once; Laci keeps. Dani's
    first turn brings 1 credit and no attack; Laci's brings 2, then 3, 4 and 5."""
    assert check_deck(starters()["laci"]) == [] and check_deck(starters()["dani"]) == []
    m = new_match("kaosz", 2, 3, {"deck0": "laci", "deck1": "dani", "setup": {"first": DANI}})
    s = m.state
    assert [len(p.hand) for p in s.players] == [5, 5] and [p.credits for p in s.players] == [5, 5]
    assert m.to_move == (DANI,)
    play(m, DANI, "mulligan")
    assert len(s.players[DANI].hand) == 5 and len(s.players[DANI].colony) == 40
    assert "mulligan" not in legal(m, LACI) or m.to_move == (LACI,)
    play(m, LACI, "keep")
    assert s.players[DANI].credits == 6  # 5 + the first turn's 1
    assert not any(a.notation.startswith("attack") for a in m.legal_actions(DANI))
    while s.active == DANI:  # Dani ends the turn; both pass in the start windows
        seat = m.to_move[0]
        play(m, seat, "end" if "end" in legal(m, seat) else "pass")
    assert s.active == LACI and s.players[LACI].credits == 7
