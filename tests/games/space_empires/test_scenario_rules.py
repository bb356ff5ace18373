"""Scenario rules as the seed lists them (issue 29, docs §12.4): each scenario declares, next to its
set-up in data/scenarios.yaml, the options its rules force on, keep out (refused with a BadOption that
quotes the seed's sentence in both languages) and the choices they refuse. Option
``scenario_rules=lenient`` (the legacy value) keeps the earlier behaviour for saved matches."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from galaxis.core import BadOption
from galaxis.games.space_empires import GAME
from galaxis.games.space_empires.info import INFO
from galaxis.games.space_empires.opponents.amoebas.amoeba import state_of
from galaxis.games.space_empires.scenarios import setups

from .helpers import start, state

DOC = Path(__file__).resolve().parents[3] / "docs" / "games" / "space_empires.md"
HU_DOC = Path(__file__).resolve().parents[3] / "galaxis" / "games" / "space_empires" / "data" / "rules.hu.md"


def _players(sid: str) -> int:
    return setups.scenarios()[sid].seats


def _refusal(sid: str, **options: Any) -> BadOption:
    with pytest.raises(BadOption) as err:
        start(_players(sid), scenario=sid, **options)
    return err.value


def _asked(name: str) -> Any:
    return {"empire_advantages": "deal", "alliance": "uneasy"}.get(name, True)


@pytest.mark.parametrize(
    ("sid", "option", "seed"),
    [
        # „A hajó-tapasztalatot-, Birodalmi előny kártyákat és a Kutatási/Ipari központokat nem használjuk.”
        ("coop_dm_2p", "experience", "hajó-tapasztalatot-, Birodalmi előny kártyákat"),
        ("coop_dm_3p", "research_centers", "Kutatási/Ipari központokat nem használjuk"),
        ("coop_dm_4p", "empire_advantages", "Birodalmi előny kártyákat"),
        # „A következő szabályok nincsenek használatban: Titánok, Felszíni harc, Hajó-tapasztalat,
        # Kutatás/Ipari központok és Átszállóhajók.”
        ("solo_amoeba", "ground_combat", "nincsenek használatban: Titánok, Felszíni harc"),
        ("solo_amoeba", "experience", "Hajó-tapasztalat"),
        ("solo_amoeba", "research_centers", "Kutatás/Ipari központok"),
        ("solo_amoeba", "boarding", "Átszállóhajók"),
        # „Tiltott szabályok: A Birodalom Előnye kártyákat és a Kutatási/ipari központokat nem használjuk.”
        ("coop_ap_2p", "research_centers", "Tiltott szabályok"),
        ("coop_ap_3p", "empire_advantages", "Birodalom Előnye kártyákat"),
        ("solo_ap_vp", "research_centers", "Kutatási/ipari központokat nem használjuk"),
        # „A Birodalmak Előnyeit nem használjuk.”
        ("solo_ap_new_features", "empire_advantages", "A Birodalmak Előnyeit nem használjuk"),
        # „A 30 ÉP-s Anyabolygó jelzőket használjuk.” (Research Centers make the home world 20 CP)
        ("quick_conquest_3p", "research_centers", "A 30 ÉP-s Anyabolygó jelzőket használjuk"),
        ("quick_conquest_4p_teams", "research_centers", "A 30 ÉP-s Anyabolygó"),
    ],
)
def test_an_option_a_scenario_keeps_out_is_refused_quoting_the_seed(sid: str, option: str, seed: str) -> None:
    err = _refusal(sid, **{option: _asked(option)})
    en, hu = err.localized("en"), err.localized("hu")
    assert sid in en and option in en and seed in en and "the rulebook says" in en
    assert seed in hu and "a szabálykönyv szerint" in hu and "forgatókönyvben nem lehet" in hu
    if option != "empire_advantages":  # accepted before issue 29 (Empire Advantages were refused already)
        start(_players(sid), scenario=sid, scenario_rules="lenient", **{option: _asked(option)})


@pytest.mark.parametrize(
    ("sid", "alliance", "seed"),
    [
        ("ce_3p_2v1", "blood_brothers", "KÉNYELMETLEN szövetség"),  # the 2 v 1 team: Uneasy Alliance
        ("ce_4p_3v1", "uneasy", "VÉRTESTVÉREK szabályai"),  # the 3 v 1 team: Blood Brothers
    ],
)
def test_a_team_scenario_refuses_the_other_alliance(sid: str, alliance: str, seed: str) -> None:
    err = _refusal(sid, alliance=alliance)
    assert seed in err.localized("en") and seed in err.localized("hu")


@pytest.mark.parametrize("sid", ["coop_ap_2p", "coop_ap_3p", "solo_ap_vp"])
def test_the_alien_player_vp_games_play_experience_and_ground_troops(sid: str) -> None:
    """ "A Hajó-tapasztalat, a nem játékos idegenek és a Földi csapatok azonban játékban vannak": with the
    scenario's defaults ground combat and experience are in play, so the Military Academy and ground
    units are offered."""
    s = state(start(_players(sid), scenario=sid))
    s.players[0].cp = 100
    assert s.experience and s.ground is not None
    assert GAME._tech_problem(s, 0, "military_academy") is None
    assert GAME._tech_problem(s, 0, "ground_combat") is None
    old = state(start(_players(sid), scenario=sid, scenario_rules="lenient"))
    old.players[0].cp = 100
    assert not old.experience and old.ground is None  # the legacy reading, for saved matches
    problem = GAME._tech_problem(old, 0, "military_academy")
    assert problem is not None and problem.id == "tech_not_buyable"


@pytest.mark.parametrize("sid", ["coop_dm_2p", "coop_dm_3p", "coop_dm_4p"])
def test_the_cooperative_doomsday_games_play_ground_units_and_alien_technology(sid: str) -> None:
    """ "Ebben a forgatókönyvben használjuk az Idegen Technológiai kártyákat és a Földi egységeket." """
    s = state(start(_players(sid), scenario=sid))
    assert s.ground is not None and s.alien_tech is not None and not s.experience


def test_the_solo_amoeba_game_keeps_its_30_cp_home_world() -> None:
    """ "A 30 ÉP-s Anyabolygót kell használni." — research_centers (20 CP home worlds) is refused."""
    s = state(start(1, scenario="solo_amoeba"))
    assert [c.value for c in s.colonies.values() if c.home and c.owner == 0] == [30]
    _refusal("solo_amoeba", research_centers=True)


def test_multiplayer_amoebas_expand_from_the_seventh_economic_phase() -> None:
    """ "Az Űr-Amőbák a 7. (vagy más, a játékosok megállapodása szerinti) Gazdasági fázisig nem
    terjeszkednek" — the default is phase 7 whatever the difficulty; the players may agree on another;
    0 (the legacy value) takes the solo difficulty table's phase (normal: 6)."""
    assert state_of(state(start(3, scenario="amoebas"))).start_phase == 7
    assert state_of(state(start(2, scenario="amoebas", amoeba_phase=9))).start_phase == 9
    assert state_of(state(start(3, scenario="amoebas", amoeba_phase=0))).start_phase == 6
    assert state_of(state(start(1, scenario="solo_amoeba"))).start_phase == 6  # solo #5: its own table
    with pytest.raises(BadOption):
        start(3, scenario="amoebas", amoeba_phase=1)  # „NEM terjeszkednek az első Gazdasági fázisban”


def test_the_new_options_keep_saved_matches_as_they_were_played() -> None:
    assert INFO.options["scenario_rules"]["legacy"] == "lenient"
    assert INFO.options["amoeba_phase"]["legacy"] == 0


def test_every_scenario_is_audited_in_the_docs_in_both_languages() -> None:
    """§12.4 lists every scenario of data/scenarios.yaml (and every scenario option value) with what its
    rules switch, in English and in Hungarian."""
    for doc in (DOC, HU_DOC):
        text = doc.read_text(encoding="utf-8")
        section = re.split(r"\n### 12\.4 ", text, maxsplit=1)[1].split("\n## ", 1)[0]
        for sid, sc in setups.scenarios().items():
            assert f"`{sc.family or sid}`" in section, (doc.name, sid)
        for rule in {r.seed for sc in setups.scenarios().values() for r in sc.rules}:
            quote = setups.MSG.template(rule, "hu").split("„", 1)[1].split("”", 1)[0]
            assert quote[:40] in section.replace("\n", " "), (doc.name, rule)


def test_the_lobby_greys_out_what_each_scenario_decides_with_the_seed_s_sentence() -> None:
    """info.py's copy (it may not read the game's data) mirrors every scenario's rules: the option
    spec's ``fixed_by`` gives the lobby, per scenario, the value and the seed's sentence."""
    expected: dict[str, dict[str, Any]] = {}
    for sid, sc in setups.scenarios().items():
        for rule in sc.rules:
            fixed = {k: True for k in rule.force_on}
            fixed |= {k: setups.OFF_VALUES.get(k, False) for k in (*rule.force_off, *rule.refuse)}
            for name, value in fixed.items():
                spec = INFO.options[name]["fixed_by"]
                assert spec["option"] == "scenario" and spec["unless"] == {"scenario_rules": "lenient"}
                entry = spec["values"][sid]
                expected.setdefault(name, {})[sid] = entry
                assert entry["value"] == value
                assert entry["reason"]["en"].endswith(setups.MSG.template(rule.seed, "en"))
                assert entry["reason"]["hu"].endswith(setups.MSG.template(rule.seed, "hu"))
                assert rule.section in entry["reason"]["en"]
    for name, spec in INFO.options.items():
        if "fixed_by" in spec:
            assert set(spec["fixed_by"]["values"]) == set(expected[name]), name
