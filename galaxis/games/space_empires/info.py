"""Space Empires 4X: the declarative facts of the game (its ``GameInfo``), which ``galaxis list``,
the lobby and option checking read without importing the rules (galaxis/core/registry.py).

This module is the one place they are written (``rules.py`` uses this ``INFO``) and may
import only ``galaxis.core``."""

from typing import Any

from galaxis.core.game import GameInfo

# issue 29: the options a scenario's rules decide (data/scenarios.yaml `rules`, docs §12.4), which the lobby
# shows greyed out with the seed's sentence (option spec `fixed_by`). A copy for this module, which may not
# read the game's data; tests/games/space_empires/test_scenario_rules.py checks it against the data and
# data/messages.yaml.
_SEED_SENTENCES: dict[str, tuple[str, str, str]] = {
    "seed_solo4_new_features": (
        "§13.13.2",
        "„Az AP azonban már Felszíni harcot is folytathat, használhat Hajó-tapasztalatot, Átszállóhajót, Biztonsági erőket és Titánokat is. […] A Birodalmak Előnyeit nem használjuk.” (the Alien Player may now fight ground combat and use ship experience, Boarding Ships, Security Forces and Titans; the Empire Advantages are not used)",
        "„Az AP azonban már Felszíni harcot is folytathat, használhat Hajó-tapasztalatot, Átszállóhajót, Biztonsági erőket és Titánokat is. […] A Birodalmak Előnyeit nem használjuk.”",
    ),
    "seed_coop_dm": (
        "§13.10",
        "„Ebben a forgatókönyvben használjuk az Idegen Technológiai kártyákat és a Földi egységeket. A hajó-tapasztalatot-, Birodalmi előny kártyákat és a Kutatási/Ipari központokat nem használjuk.” (this scenario uses the Alien Technology cards and the ground units; ship experience, the Empire Advantage cards and the Research/Industrial Centers are not used)",
        "„Ebben a forgatókönyvben használjuk az Idegen Technológiai kártyákat és a Földi egységeket. A hajó-tapasztalatot-, Birodalmi előny kártyákat és a Kutatási/Ipari központokat nem használjuk.”",
    ),
    "seed_solo_amoeba": (
        "§13.11.1",
        "„A következő szabályok nincsenek használatban: Titánok, Felszíni harc, Hajó-tapasztalat, Kutatás/Ipari központok és Átszállóhajók.” (the following rules are not in use: Titans, ground combat, ship experience, Research/Industrial Centers and Boarding Ships)",
        "„A következő szabályok nincsenek használatban: Titánok, Felszíni harc, Hajó-tapasztalat, Kutatás/Ipari központok és Átszállóhajók.”",
    ),
    "seed_coop_ap": (
        "§13.12",
        "„Tiltott szabályok: A Birodalom Előnye kártyákat és a Kutatási/ipari központokat nem használjuk. A Hajó-tapasztalat, a nem játékos idegenek és a Földi csapatok azonban játékban vannak.” (forbidden rules: the Empire Advantage cards and the Research/Industrial Centers are not used; ship experience, the non-player aliens and the ground troops are in play)",
        "„Tiltott szabályok: A Birodalom Előnye kártyákat és a Kutatási/ipari központokat nem használjuk. A Hajó-tapasztalat, a nem játékos idegenek és a Földi csapatok azonban játékban vannak.”",
    ),
    "seed_blood_3v1": (
        "§12.1.2",
        "„A három, egy csapatban lévő játékos az alapjáték forgatókönyve szerinti VÉRTESTVÉREK szabályai szerint működik együtt.” (the three players of one team work together under the base game's Blood Brothers rules)",
        "„A három, egy csapatban lévő játékos az alapjáték forgatókönyve szerinti VÉRTESTVÉREK szabályai szerint működik együtt.”",
    ),
    "seed_uneasy_2v1": (
        "§12.1.4",
        "„A két csapatot alkotó játékos […] az alapjáték forgatókönyve szerinti KÉNYELMETLEN szövetség szabályai szerint működnek együtt.” (the two team players work together under the base game's Uneasy Alliance)",
        "„A két csapatot alkotó játékos […] az alapjáték forgatókönyve szerinti KÉNYELMETLEN szövetség szabályai szerint működnek együtt.”",
    ),
    "seed_quick_conquest": (
        "§12.1.5",
        "„A 30 ÉP-s Anyabolygó jelzőket használjuk.” (the 30 CP home world markers are used; Research/Industrial Centers would make them 20 CP)",
        "„A 30 ÉP-s Anyabolygó jelzőket használjuk.” (a Kutatási/Ipari központokkal 20 ÉP-sek lennének)",
    ),
}
_SCENARIO_RULES: dict[str, list[tuple[str, dict[str, Any]]]] = {
    "solo_ap_new_features": [
        (
            "seed_solo4_new_features",
            {"ground_combat": True, "boarding": True, "experience": True, "empire_advantages": "none"},
        )
    ],
    "coop_dm_2p": [
        (
            "seed_coop_dm",
            {
                "ground_combat": True,
                "alien_technology": True,
                "experience": False,
                "empire_advantages": "none",
                "research_centers": False,
            },
        )
    ],
    "coop_dm_3p": [
        (
            "seed_coop_dm",
            {
                "ground_combat": True,
                "alien_technology": True,
                "experience": False,
                "empire_advantages": "none",
                "research_centers": False,
            },
        )
    ],
    "coop_dm_4p": [
        (
            "seed_coop_dm",
            {
                "ground_combat": True,
                "alien_technology": True,
                "experience": False,
                "empire_advantages": "none",
                "research_centers": False,
            },
        )
    ],
    "solo_amoeba": [
        (
            "seed_solo_amoeba",
            {"ground_combat": False, "experience": False, "research_centers": False, "boarding": False},
        )
    ],
    "coop_ap_2p": [
        (
            "seed_coop_ap",
            {
                "experience": True,
                "ground_combat": True,
                "empire_advantages": "none",
                "research_centers": False,
            },
        )
    ],
    "coop_ap_3p": [
        (
            "seed_coop_ap",
            {
                "experience": True,
                "ground_combat": True,
                "empire_advantages": "none",
                "research_centers": False,
            },
        )
    ],
    "solo_ap_vp": [
        (
            "seed_coop_ap",
            {
                "experience": True,
                "ground_combat": True,
                "empire_advantages": "none",
                "research_centers": False,
            },
        )
    ],
    "ce_4p_3v1": [("seed_blood_3v1", {"alliance": "none"})],
    "ce_3p_2v1": [("seed_uneasy_2v1", {"alliance": "none"})],
    "quick_conquest_3p": [("seed_quick_conquest", {"research_centers": False})],
    "quick_conquest_4p": [("seed_quick_conquest", {"research_centers": False})],
    "quick_conquest_4p_teams": [("seed_quick_conquest", {"research_centers": False})],
}


def _fixed_by(option: str) -> dict[str, Any]:
    """The lobby's ``fixed_by`` of ``option``: per scenario whose rules decide it, the value and the reason."""
    values: dict[str, Any] = {}
    for sid, rules in _SCENARIO_RULES.items():
        for seed, fixed in rules:
            if option in fixed and sid not in values:
                section, en, hu = _SEED_SENTENCES[seed]
                reason = {
                    "en": f"set by the scenario's rules ({section}): {en}",
                    "hu": f"a forgatókönyv szabálya dönt róla ({section}): {hu}",
                }
                values[sid] = {"value": fixed[option], "reason": reason}
    return {"option": "scenario", "unless": {"scenario_rules": "lenient"}, "values": values}


INFO = GameInfo(
    id="space_empires",
    name="Space Empires 4X",
    min_players=1,
    max_players=4,
    name_hu="Space Empires 4X",
    summary="Explore, expand, exploit and exterminate on a hex map; destroy the enemy home world.",
    summary_hu="Fedezd fel, terjeszkedj, termelj és hódíts egy hexatérképen; pusztítsd el az ellenség Anyabolygóját.",
    minutes=(90, 240),
    simultaneous=True,
    options={
        "edition": {
            "type": "choice",
            "default": "ce",
            "choices": ["base2011", "ce"],
            "help": "rule numbers: ce (Close Encounters, 30 CP home world) or base2011 (Rule Book 1.x)",
            "label": "Rule edition",
            "label_hu": "Szabálykiadás",
            "help_hu": "szabályszámok: a Közelharc kiegészítő (30 ÉP-s Anyabolygó) vagy az 1.x szabálykönyv",
            "advanced": True,
            "choice_labels": {
                "base2011": {"en": "Rule Book 1.x (2011)", "hu": "1.x szabálykönyv (2011)"},
                "ce": {"en": "Close Encounters", "hu": "Közelharc kiegészítő"},
            },
        },
        "cycles": {
            "type": "int",
            "default": 8,
            "min": 1,
            "max": 20,
            "help": "economic cycles before the game ends on empire value (§8, designed limit)",
            "label": "Economic cycles",
            "label_hu": "Gazdasági ciklusok",
            "help_hu": "ennyi gazdasági ciklus után a játék a birodalmak értékével ér véget (8., tervezett határ)",
        },
        "slingshot": {
            "type": "bool",
            "default": False,
            "help": "optional rule: a ship may slingshot through a Black Hole for +1 hex at +2 to its roll (§4.8)",
            "label": "Black hole slingshot",
            "label_hu": "Továbblövés a Fekete Lyukon át",
            "help_hu": "választható szabály: egy hajó a Fekete Lyukon át +1 hexát léphet, a dobására +2-vel (4.8)",
            "advanced": True,
        },
        # systems/ground.py
        "ground_combat": {
            "type": "bool",
            "default": False,
            "help": "Close Encounters ground units: buy them at colonies, they defend against bombardment (§10.1)",
            "label": "Ground combat",
            "label_hu": "Felszíni harc",
            "help_hu": "Közelharc: földi egységek, amelyek a kolóniákon vásárolhatók, és a bombázás ellen védenek (10.1)",
            "advanced": True,
        },
        # systems/gates.py
        "gate_barren": {
            "type": "choice",
            "default": "placed",
            "choices": ["placed", "placed_only", "dealt", "removed"],
            "help": "Planetary Gates barren planets (§12.3.2): placed on the B hexes, placed_only (the other barren planets leave the deep-space mix), dealt (no pre-placed ones) or removed (none at all); ignored in other scenarios",
            "label": "Gate barren planets",
            "label_hu": "Sivár bolygók a kapuknál",
            "help_hu": "a Bolygóközi Kapuk sivár bolygói (12.3.2): a B hexákra téve, csak ott, kiosztva vagy elhagyva; más forgatókönyvben nincs hatása",
            "advanced": True,
            "choice_labels": {
                "placed": {"en": "placed on B hexes", "hu": "a B hexákon"},
                "placed_only": {"en": "placed only", "hu": "csak lerakva"},
                "dealt": {"en": "dealt", "hu": "kiosztva"},
                "removed": {"en": "removed", "hu": "elhagyva"},
            },
        },
        # scenarios/setups.py
        "scenario": {
            "type": "choice",
            "default": "standard",
            "choices": [
                "standard",
                "standard_2p",
                "standard_3p",
                "standard_4p",
                "solo_dm",
                "solo_ap",
                "solo_ap_new_features",
                "coop_dm_2p",
                "coop_dm_3p",
                "coop_dm_4p",
                "solo_amoeba",
                "coop_ap_2p",
                "coop_ap_3p",
                "solo_ap_vp",
                "ce_2p",
                "ce_4p_3v1",
                "ce_3p_2v1",
                "ce_4p_deep_space",
                "quick_conquest_3p",
                "quick_conquest_4p",
                "quick_conquest_4p_teams",
                "amoebas",
                "planetary_gates",
            ],
            "help": "set-up (data/scenarios.yaml): standard = the base game for the player count (1 player: the Doomsday Machine solo game), or a scenario id",
            "label": "Scenario",
            "label_hu": "Forgatókönyv",
            "help_hu": "a kezdés (data/scenarios.yaml): standard = az alapjáték a játékosszámhoz; egyedül játszva a Világvége Gép",
            "choice_labels": {
                "standard": {"en": "Standard game", "hu": "Alapjáték"},
                "standard_2p": {"en": "Standard, 2 players", "hu": "Alapjáték, 2 fő"},
                "standard_3p": {"en": "Standard, 3 players", "hu": "Alapjáték, 3 fő"},
                "standard_4p": {"en": "Standard, 4 players", "hu": "Alapjáték, 4 fő"},
                "solo_dm": {"en": "Solo: Doomsday Machines", "hu": "Egyszemélyes: Világvége Gépek"},
                "solo_ap": {"en": "Solo: Alien Players", "hu": "Egyszemélyes: idegen játékosok"},
                "solo_ap_new_features": {
                    "en": "Solo: Alien Players, new features",
                    "hu": "Egyszemélyes: idegen játékosok, új elemekkel",
                },
                "coop_dm_2p": {
                    "en": "Co-op: Doomsday Machines, 2 players",
                    "hu": "Kooperatív: Világvége Gépek, 2 fő",
                },
                "coop_dm_3p": {
                    "en": "Co-op: Doomsday Machines, 3 players",
                    "hu": "Kooperatív: Világvége Gépek, 3 fő",
                },
                "coop_dm_4p": {
                    "en": "Co-op: Doomsday Machines, 4 players",
                    "hu": "Kooperatív: Világvége Gépek, 4 fő",
                },
                "solo_amoeba": {"en": "Solo: Space Amoebas", "hu": "Egyszemélyes: Űr-Amőbák"},
                "coop_ap_2p": {
                    "en": "Co-op: Alien Players, 2 players",
                    "hu": "Kooperatív: idegen játékosok, 2 fő",
                },
                "coop_ap_3p": {
                    "en": "Co-op: Alien Players, 3 players",
                    "hu": "Kooperatív: idegen játékosok, 3 fő",
                },
                "solo_ap_vp": {
                    "en": "Solo: Alien Players, victory points",
                    "hu": "Egyszemélyes: idegen játékosok, győzelmi pontok",
                },
                "ce_2p": {"en": "Close Encounters, 2 players", "hu": "Közelharc, 2 fő"},
                "ce_4p_3v1": {"en": "Close Encounters, 3 against 1", "hu": "Közelharc, 3 az 1 ellen"},
                "ce_3p_2v1": {"en": "Close Encounters, 2 against 1", "hu": "Közelharc, 2 az 1 ellen"},
                "ce_4p_deep_space": {
                    "en": "Close Encounters, deep space (4)",
                    "hu": "Közelharc, mélyűr (4 fő)",
                },
                "quick_conquest_3p": {"en": "Quick conquest, 3 players", "hu": "Gyors hódítás, 3 fő"},
                "quick_conquest_4p": {"en": "Quick conquest, 4 players", "hu": "Gyors hódítás, 4 fő"},
                "quick_conquest_4p_teams": {
                    "en": "Quick conquest, teams of 2",
                    "hu": "Gyors hódítás, kétfős csapatok",
                },
                "amoebas": {"en": "Space Amoebas", "hu": "Űr-Amőbák"},
                "planetary_gates": {"en": "Planetary Gates", "hu": "Bolygóközi Kapuk"},
            },
        },
        "difficulty": {
            "type": "choice",
            "default": "normal",
            "choices": ["easy", "normal", "hard", "harder", "really_tough", "good_luck"],
            "help": "solo opponents' difficulty (Doomsday schedule; aliens: empires x CP per roll)",
            "label": "Solo difficulty",
            "label_hu": "Nehézség (egyszemélyes)",
            "help_hu": "az automatikus ellenfelek nehézsége (Világvége menetrend; idegenek: birodalmak × ÉP dobásonként)",
            "choice_labels": {
                "easy": {"en": "easy", "hu": "könnyű"},
                "normal": {"en": "normal", "hu": "normál"},
                "hard": {"en": "hard", "hu": "nehéz"},
                "harder": {"en": "harder", "hu": "nehezebb"},
                "really_tough": {"en": "really tough", "hu": "nagyon nehéz"},
                "good_luck": {"en": "good luck!", "hu": "sok szerencsét!"},
            },
        },
        # issue 29: the scenario rules as the seed lists them (data/scenarios.yaml `rules`; docs §12.4)
        "scenario_rules": {
            "type": "choice",
            "default": "rulebook",
            "legacy": "lenient",
            "choices": ["rulebook", "lenient"],
            "label": "Scenario rules",
            "label_hu": "A forgatókönyv szabályai",
            "help": "rulebook: each scenario switches on the options its rules put in play and refuses those they keep out (§12.4); lenient: only ground combat is forced where a scenario needs it, the rest is your choice",
            "help_hu": "szabálykönyv szerint: minden forgatókönyv bekapcsolja a szabályai szerint játékban lévő opciókat, és elutasítja azokat, amelyeket nem használ (§12.4); engedékeny: csak a Felszíni harc kötelező, ahol a forgatókönyv igényli, a többit te választod",
            "advanced": True,
            "choice_labels": {
                "rulebook": {"en": "as the rulebook lists them", "hu": "a szabálykönyv szerint"},
                "lenient": {"en": "lenient", "hu": "engedékeny"},
            },
        },
        # issue 29: "Az Űr-Amőbák a 7. (vagy más, a játékosok megállapodása szerinti) Gazdasági fázisig nem terjeszkednek"
        "amoeba_phase": {
            "type": "int",
            "default": 7,
            "legacy": 0,
            "min": 0,
            "max": 20,
            "label": "Amoebas expand from Economic Phase",
            "label_hu": "Az amőbák ettől a Gazdasági fázistól terjeszkednek",
            "help": "multiplayer Space Amoebas: the Economic Phase in which they start expanding (the rulebook: the 7th, or another the players agree on); 0: the solo difficulty table's phase (§13.11.5)",
            "help_hu": "többszemélyes Űr-Amőba játék: a Gazdasági fázis, amelyben terjeszkedni kezdenek (a szabálykönyv: a 7., vagy más, a játékosok megállapodása szerint); 0: az egyszemélyes nehézségi táblázat szerinti fázis (§13.11.5)",
            "advanced": True,
        },
        # opponents/solo.py
        "warp_points": {
            "type": "bool",
            "default": False,
            "help": "optional rule: flipped warp points stay, and those of one number are adjacent",
            "label": "Warp points stay",
            "label_hu": "Maradó Csatlakozási Pontok",
            "help_hu": "választható szabály: a felfordított Csatlakozási Pontok a helyükön maradnak, az azonos számúak szomszédosak",
            "advanced": True,
        },
        "doomsday_markers": {
            "type": "bool",
            "default": False,
            "help": "optional rule: a flipped Doomsday marker releases a Doomsday Machine",
            "label": "Doomsday markers",
            "label_hu": "Világvége jelzők",
            "help_hu": "választható szabály: egy felfordított Világvége jelző Világvége Gépet szabadít ki",
            "advanced": True,
        },
        # opponents/alien_players/solo4.py
        "aliens": {
            "type": "choice",
            "default": "difficulty",
            "choices": ["difficulty", "1", "2", "3"],
            "help": "solo Alien Player games (solo_ap, solo_ap_new_features): the number of alien empires (difficulty = the difficulty table's count)",
            "label": "Alien empires",
            "label_hu": "Idegen birodalmak",
            "help_hu": "egyszemélyes idegen játékosos játékban az idegen birodalmak száma (a nehézség szerint, vagy 1–3)",
            "advanced": True,
            "choice_labels": {
                "difficulty": {"en": "by difficulty", "hu": "a nehézség szerint"},
                "1": {"en": "1", "hu": "1"},
                "2": {"en": "2", "hu": "2"},
                "3": {"en": "3", "hu": "3"},
            },
        },
        # systems/experience.py
        "experience": {
            "type": "bool",
            "default": False,
            "help": "Close Encounters: ship experience levels and the Military Academy (§10.2)",
            "label": "Experience",
            "label_hu": "Tapasztalat",
            "help_hu": "Közelharc: hajók tapasztalati szintjei és a Katonai Akadémia (10.2)",
            "advanced": True,
        },
        # systems/boarding.py
        "boarding": {
            "type": "bool",
            "default": False,
            "help": "Close Encounters: Boarding Ships capture enemy ships; Security Forces defend them (§10.2)",
            "label": "Boarding",
            "label_hu": "Hajófoglalás",
            "help_hu": "Közelharc: az Átszállóhajók ellenséges hajókat foglalnak el, a Biztonsági erők védik őket (10.2)",
            "advanced": True,
        },
        # systems/titans.py
        "flagship": {
            "type": "bool",
            "default": False,
            "help": "Close Encounters: every player starts with a free Flagship at its home world (§10.3)",
            "label": "Flagship",
            "label_hu": "Zászlóshajó",
            "help_hu": "Közelharc: minden játékos ingyen Zászlóshajóval kezd az Anyabolygóján (10.3)",
            "advanced": True,
        },
        # systems/empire_advantages.py
        "empire_advantages": {
            "type": "choice",
            "choices": ["none", "deal", "balanced"],
            "default": "none",
            "help": "Close Encounters Empire Advantages (§10.4): none; deal (each player is dealt 2 cards and keeps 1 in secret); balanced (players+1 cards face up, every player starts with 75 CP and bids openly for them)",
            "label": "Empire Advantages",
            "label_hu": "Birodalmi Előnyök",
            "help_hu": "Közelharc: Birodalmi Előnyök (10.4): nincs; kiosztva (mindenki 2 kártyát kap, 1-et titokban megtart); kiegyensúlyozott (játékosszám+1 felfordított kártya, mindenki 75 ÉP-vel kezd, és nyíltan licitál rájuk)",
            "advanced": True,
            "choice_labels": {
                "none": {"en": "none", "hu": "nincs"},
                "deal": {"en": "dealt", "hu": "kiosztva"},
                "balanced": {"en": "balanced", "hu": "kiegyensúlyozott"},
            },
        },
        # systems/reaction.py, §10.6
        "reaction_movement": {
            "type": "bool",
            "default": False,
            "help": "Close Encounters: Exploration 2 lets a Cruiser or Flagship react one hex into a battle (§10.6)",
            "label": "Reaction movement",
            "label_hu": "Reakciómozgás",
            "help_hu": "Közelharc: a 2-es szintű Felfedezéssel egy Cirkáló vagy Zászlóshajó egy hexát léphet egy csatába (10.6)",
            "advanced": True,
        },
        # systems/centers.py, §10.7
        "research_centers": {
            "type": "bool",
            "default": False,
            "help": "Close Encounters: Research and Industrial Centers at colonies, with the 20 CP home world (§10.7)",
            "label": "Research and Industrial Centers",
            "label_hu": "Kutatási és Ipari központok",
            "help_hu": "Közelharc: Kutatási és Ipari központok a kolóniákon, 20 ÉP-s Anyabolygóval (10.7)",
            "advanced": True,
        },
        # systems/alliances.py, §10.8
        "alliance": {
            "type": "choice",
            "default": "none",
            "choices": ["none", "uneasy", "blood_brothers"],
            "help": "team games: the alliance between team members, uneasy or blood_brothers; none keeps the scenario's own (§10.8)",
            "label": "Alliance",
            "label_hu": "Szövetség",
            "help_hu": "csapatjátékban a csapattagok szövetsége: Kényelmetlen szövetség vagy Vértestvérek; „a forgatókönyv szerint”: a forgatókönyv sajátja marad (10.8)",
            "advanced": True,
            "choice_labels": {
                "none": {"en": "as the scenario says", "hu": "a forgatókönyv szerint"},
                "uneasy": {"en": "uneasy", "hu": "Kényelmetlen szövetség"},
                "blood_brothers": {"en": "blood brothers", "hu": "Vértestvérek"},
            },
        },
        # systems/alien_tech.py, §10.5
        "alien_technology": {
            "type": "bool",
            "default": False,
            "help": "Close Encounters Alien Technology cards: drawn when a Deep Space barren planet is colonized or captured (§10.5; always on in the cooperative Doomsday scenarios)",
            "label": "Alien Technology",
            "label_hu": "Idegen Technológia",
            "help_hu": "Közelharc: Idegen Technológiai kártyák, amelyeket egy Mélyűrbeli sivár bolygó kolonizálásakor vagy elfoglalásakor kell húzni (10.5; a kooperatív Világvége Gép-forgatókönyvekben mindig játékban)",
            "advanced": True,
        },
        # systems/victory.py, §12.1.5, §12.2
        "victory_points": {
            "type": "choice",
            "default": "none",
            "choices": ["none", "king_of_warp_points", "relics"],
            "help": "optional victory condition (§12.2): king_of_warp_points or relics; a first destroyed home world still wins",
            "label": "Victory points",
            "label_hu": "Győzelmi pontok",
            "help_hu": "választható győzelmi feltétel (12.2): a Csatlakozási Pontok királya vagy az Ereklyék",
            "advanced": True,
            "choice_labels": {
                "none": {"en": "none", "hu": "nincs"},
                "king_of_warp_points": {
                    "en": "King of the Warp Points",
                    "hu": "A Csatlakozási Pontok királya",
                },
                "relics": {"en": "relics", "hu": "Ereklyék"},
            },
        },
        "warp_point_count": {
            "type": "int",
            "default": 1,
            "min": 1,
            "max": 5,
            "help": "King of the Warp Points: warp points placed (1, players - 1 or players + 1; §12.2)",
            "label": "Warp points placed",
            "label_hu": "Lerakott Csatlakozási Pontok",
            "help_hu": "A Csatlakozási Pontok királya: a lerakott pontok száma (12.2)",
            "advanced": True,
        },
        "vp_per_vessel": {
            "type": "bool",
            "default": False,
            "help": "King of the Warp Points: 1 VP per science vessel at a warp point, not per warp point",
            "label": "VP per science vessel",
            "label_hu": "GYP tudományos hajónként",
            "help_hu": "A Csatlakozási Pontok királya: 1 GYP Csatlakozási Ponton álló tudományos hajónként, nem pontonként",
            "advanced": True,
        },
        "vp_phases": {
            "type": "int",
            "default": 10,
            "min": 1,
            "max": 20,
            "help": "victory-point games: Economic Phases played (seed: 10-12 short, 15-20 long; §12.2)",
            "label": "Economic phases (VP games)",
            "label_hu": "Gazdasági fázisok (GYP-játék)",
            "help_hu": "győzelmi pontos játékban a lejátszott Gazdasági fázisok száma (rövid 10–12, hosszú 15–20; 12.2)",
            "advanced": True,
        },
    },
)

# The lobby greys out what a scenario's rules decide (issue 29).
for _name in sorted({k for rules in _SCENARIO_RULES.values() for _, fixed in rules for k in fixed}):
    INFO.options[_name]["fixed_by"] = _fixed_by(_name)
