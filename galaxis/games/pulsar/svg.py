"""SVG picture of a Pulsar 2849 table, as one seat sees it (docs/games/pulsar.md).

Laid out as on the table: the star cluster with the score track around its rim (top left;
``svg_map``), the dice board, both marker tracks, the turn order, the gyrodyne and modifier
boards and the production / final-scoring steps beside it, the three technology boards as
rows of tiles, the goals and the transmitter display (``svg_boards``), then every player's
board (``svg_players``). Every component carries its rule in words (``data-tip``); face-down
system tiles show only a "?". A flight being flown is drawn as a path with its possible ends.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from galaxis.core.svg import style, svg_open, text
from galaxis.games.pulsar.client import texts
from galaxis.games.pulsar.svg_boards import (
    dice_board,
    goal_tiles,
    gyro_board,
    modifiers,
    phase_steps,
    say,
    techs,
    tx_display,
)
from galaxis.games.pulsar.svg_map import draw_map
from galaxis.games.pulsar.svg_players import player_board

if TYPE_CHECKING:
    from galaxis.core import Game
    from galaxis.games.pulsar.state import PulsarState

WIDTH = 1000
MAP = 660.0
COLUMN_X = 690.0


def render_svg(game: Game, s: PulsarState, seat: int | None, lang: str = "en") -> str:
    body: list[str] = []
    body.append(text(14, 30, f"{say(lang, 'round', round=s.round)} · {_phase(s, lang)}", 20, weight="bold"))
    map_parts, rules = draw_map(s, seat, 10, 44, MAP, lang)
    body += map_parts
    column, y = dice_board(s, seat, COLUMN_X, 40, lang)
    body += column
    parts, y = gyro_board(s, COLUMN_X, y, lang)
    body += parts
    parts, y = modifiers(s, COLUMN_X, y, lang)
    body += parts
    parts, y = phase_steps(s, COLUMN_X, y + 4, 294, lang)
    body += parts
    y = max(y, 44 + MAP) + 14
    parts, y = techs(s, 10, y, WIDTH - 20, lang)
    body += parts
    parts, y = goal_tiles(s, 10, y + 6, WIDTH - 20, lang)
    body += parts
    parts, y = tx_display(s, 10, y + 4, WIDTH - 20, lang)
    body += parts
    y += 16
    for i in range(s.n):
        parts, y = player_board(s, i, seat, 16, y, WIDTH - 32, lang)
        body += parts
    height = y + 10
    out = [svg_open(WIDTH, height, "pulsar", background="#0b0f1e"), style("pulsar", rules), *body, "</svg>"]
    return "".join(out)


def _phase(s: PulsarState, lang: str) -> str:
    phases: dict[str, str] = texts()["hu" if lang == "hu" else "en"]["board"]["phase"]
    return phases.get(s.phase, s.phase)
