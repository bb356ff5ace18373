"""Káosz Galaktika: the declarative facts of the game (its ``GameInfo``), which ``galaxis list``,
the lobby and option checking read without importing the rules (galaxis/core/registry.py).

This module is the one place they are written (``rules.py`` uses this ``INFO``) and may
import only ``galaxis.core``."""

from galaxis.core.game import GameInfo

INFO = GameInfo(
    id="kaosz",
    name="Káosz Galaktika",
    min_players=2,
    max_players=6,
    name_hu="Káosz Galaktika",
    summary="Collectible card game: ships, crews, bases and interrupts; empty your opponent's colony.",
    setup_keys=("decks", "first", "ordered"),
    summary_hu="Gyűjtögetős kártyajáték: hajók, legénység, bázisok és közbeszólások; ürítsd ki az ellenfeled kolóniáját.",
    minutes=(20, 45),
    options={
        "deck0": {
            "type": "choice",
            "default": "laci",
            "choices": [
                "laci",
                "dani",
                "iron_wall",
                "shadow_crew",
                "swarm",
                "mind_games",
                "invasion",
                "predators",
            ],
            "help": "seat 0's starter deck (other seats, or deck files: setup.decks)",
            "label": "First player's deck",
            "label_hu": "Az első játékos paklija",
            "help_hu": "az első hely kezdőpaklija",
            "choice_labels": {
                "laci": {"en": "Laci's raiders", "hu": "Laci portyázói"},
                "dani": {"en": "Dani's fleet", "hu": "Dani flottája"},
                "iron_wall": {"en": "Iron wall", "hu": "Vasfal"},
                "shadow_crew": {"en": "Shadow crew", "hu": "Árnyéklegénység"},
                "swarm": {"en": "Swarm", "hu": "Raj"},
                "mind_games": {"en": "Mind games", "hu": "Elmejátékok"},
                "invasion": {"en": "Invasion", "hu": "Invázió"},
                "predators": {"en": "Predators", "hu": "Ragadozók"},
            },
        },
        "deck1": {
            "type": "choice",
            "default": "dani",
            "choices": [
                "laci",
                "dani",
                "iron_wall",
                "shadow_crew",
                "swarm",
                "mind_games",
                "invasion",
                "predators",
            ],
            "help": "seat 1's starter deck (other seats, or deck files: setup.decks)",
            "label": "Second player's deck",
            "label_hu": "A második játékos paklija",
            "help_hu": "a második hely kezdőpaklija",
            "choice_labels": {
                "laci": {"en": "Laci's raiders", "hu": "Laci portyázói"},
                "dani": {"en": "Dani's fleet", "hu": "Dani flottája"},
                "iron_wall": {"en": "Iron wall", "hu": "Vasfal"},
                "shadow_crew": {"en": "Shadow crew", "hu": "Árnyéklegénység"},
                "swarm": {"en": "Swarm", "hu": "Raj"},
                "mind_games": {"en": "Mind games", "hu": "Elmejátékok"},
                "invasion": {"en": "Invasion", "hu": "Invázió"},
                "predators": {"en": "Predators", "hu": "Ragadozók"},
            },
        },
        "simple_combat": {
            "type": "bool",
            "default": False,
            "help": "simplified combat: no speed, no return fire (§10.2)",
            "label": "Simple combat",
            "label_hu": "Egyszerűsített harc",
            "help_hu": "egyszerűsített harc: sebesség és visszalövés nélkül (10.2)",
        },
        "races": {
            "type": "choice",
            "default": "standard",
            "choices": ["standard", "four", "free"],
            "help": "race restriction: no opposed races; any four races; anything (§10.3)",
            "label": "Races in a deck",
            "label_hu": "Fajok egy pakliban",
            "help_hu": "fajkorlátozás: ellentétes fajok nélkül; bármely négy faj; bármi (10.3)",
            "advanced": True,
            "choice_labels": {
                "standard": {"en": "no opposed races", "hu": "ellentétes fajok nélkül"},
                "four": {"en": "any four races", "hu": "bármely négy faj"},
                "free": {"en": "anything", "hu": "bármi"},
            },
        },
        "max_rounds": {
            "type": "int",
            "default": 40,
            "min": 5,
            "max": 500,
            "help": "rounds before the game is scored (§D14)",
            "label": "Round limit",
            "label_hu": "Körök száma legfeljebb",
            "help_hu": "ennyi kör után a játszmát kiértékelik (D14)",
            "advanced": True,
        },
    },
)

# The commands galaxis/games/kaosz/cli.py adds to `galaxis`, with their help lines.
COMMANDS = {
    "cards": "List the card pool: name, race, type, subtype, cost, stats, rarity, text.",
    "deck": "Káosz Galaktika decks.",
}
