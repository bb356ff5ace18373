"""Space Empires 4X: the declarative facts of the game (its ``GameInfo``), which ``galaxis list``,
the lobby and option checking read without importing the rules (galaxis/core/registry.py).

This module is the one place they are written (``rules.py`` uses this ``INFO``) and may
import only ``galaxis.core``."""

from galaxis.core.game import GameInfo

INFO = GameInfo(
    id="space_empires",
    name="Space Empires 4X",
    min_players=1,
    max_players=4,
    name_hu="Space Empires 4X",
    summary="Explore, expand, exploit and exterminate on a hex map; destroy the enemy home world.",
    simultaneous=True,
    options={
        "edition": {
            "type": "choice",
            "default": "ce",
            "choices": ["base2011", "ce"],
            "help": "rule numbers: ce (Close Encounters, 30 CP home world) or base2011 (Rule Book 1.x)",
        },
        "cycles": {
            "type": "int",
            "default": 8,
            "min": 1,
            "max": 20,
            "help": "economic cycles before the game ends on empire value (§8, designed limit)",
        },
        "slingshot": {
            "type": "bool",
            "default": False,
            "help": "optional rule: a ship may slingshot through a Black Hole for +1 hex at +2 to its roll (§4.8)",
        },
        # systems/ground.py
        "ground_combat": {
            "type": "bool",
            "default": False,
            "help": "Close Encounters ground units: buy them at colonies, they defend against bombardment (§10.1)",
        },
        # systems/gates.py
        "gate_barren": {
            "type": "choice",
            "default": "placed",
            "choices": ["placed", "placed_only", "dealt", "removed"],
            "help": "Planetary Gates barren planets (§12.3.2): placed on the B hexes, placed_only (the other barren planets leave the deep-space mix), dealt (no pre-placed ones) or removed (none at all); ignored in other scenarios",
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
        },
        "difficulty": {
            "type": "choice",
            "default": "normal",
            "choices": ["easy", "normal", "hard", "harder", "really_tough", "good_luck"],
            "help": "solo opponents' difficulty (Doomsday schedule; aliens: empires x CP per roll)",
        },
        # opponents/solo.py
        "warp_points": {
            "type": "bool",
            "default": False,
            "help": "optional rule: flipped warp points stay, and those of one number are adjacent",
        },
        "doomsday_markers": {
            "type": "bool",
            "default": False,
            "help": "optional rule: a flipped Doomsday marker releases a Doomsday Machine",
        },
        # opponents/alien_players/solo4.py
        "aliens": {
            "type": "choice",
            "default": "difficulty",
            "choices": ["difficulty", "1", "2", "3"],
            "help": "solo Alien Player games (solo_ap, solo_ap_new_features): the number of alien empires (difficulty = the difficulty table's count)",
        },
        # systems/experience.py
        "experience": {
            "type": "bool",
            "default": False,
            "help": "Close Encounters: ship experience levels and the Military Academy (§10.2)",
        },
        # systems/boarding.py
        "boarding": {
            "type": "bool",
            "default": False,
            "help": "Close Encounters: Boarding Ships capture enemy ships; Security Forces defend them (§10.2)",
        },
        # systems/titans.py
        "flagship": {
            "type": "bool",
            "default": False,
            "help": "Close Encounters: every player starts with a free Flagship at its home world (§10.3)",
        },
        # systems/empire_advantages.py
        "empire_advantages": {
            "type": "choice",
            "choices": ["none", "deal", "balanced"],
            "default": "none",
            "help": "Close Encounters Empire Advantages (§10.4): none; deal (each player is dealt 2 cards and keeps 1 in secret); balanced (players+1 cards face up, every player starts with 75 CP and bids openly for them)",
        },
        # systems/reaction.py, §10.6
        "reaction_movement": {
            "type": "bool",
            "default": False,
            "help": "Close Encounters: Exploration 2 lets a Cruiser or Flagship react one hex into a battle (§10.6)",
        },
        # systems/centers.py, §10.7
        "research_centers": {
            "type": "bool",
            "default": False,
            "help": "Close Encounters: Research and Industrial Centers at colonies, with the 20 CP home world (§10.7)",
        },
        # systems/alliances.py, §10.8
        "alliance": {
            "type": "choice",
            "default": "none",
            "choices": ["none", "uneasy", "blood_brothers"],
            "help": "team games: the alliance between team members, uneasy or blood_brothers; none keeps the scenario's own (§10.8)",
        },
        # systems/alien_tech.py, §10.5
        "alien_technology": {
            "type": "bool",
            "default": False,
            "help": "Close Encounters Alien Technology cards: drawn when a Deep Space barren planet is colonized or captured (§10.5; always on in the cooperative Doomsday scenarios)",
        },
        # systems/victory.py, §12.1.5, §12.2
        "victory_points": {
            "type": "choice",
            "default": "none",
            "choices": ["none", "king_of_warp_points", "relics"],
            "help": "optional victory condition (§12.2): king_of_warp_points or relics; a first destroyed home world still wins",
        },
        "warp_point_count": {
            "type": "int",
            "default": 1,
            "min": 1,
            "max": 5,
            "help": "King of the Warp Points: warp points placed (1, players - 1 or players + 1; §12.2)",
        },
        "vp_per_vessel": {
            "type": "bool",
            "default": False,
            "help": "King of the Warp Points: 1 VP per science vessel at a warp point, not per warp point",
        },
        "vp_phases": {
            "type": "int",
            "default": 10,
            "min": 1,
            "max": 20,
            "help": "victory-point games: Economic Phases played (seed: 10-12 short, 15-20 long; §12.2)",
        },
    },
)
