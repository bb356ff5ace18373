"""The layout of Pulsar 2849's numeric observation (docs/interop.md): every field's name and width,
the per-seat block, the cached pieces and the change-mark segments of the fast path (encode.py)."""

from __future__ import annotations

import numpy as np

from galaxis.core.blocks import layout_offsets, layout_width, seat_layout
from galaxis.games.pulsar.data import SIZES, board, components, goals, tech_boards, transmitters

MAX_PLAYERS = 4
BOARDS = ("normal", "deadend")
PHASES = ("setup", "dice", "action", "production", "final", "over")
PENDING = (
    "fly", "gate", "gyro", "race", "discovery", "station", "found", "iso",
    "join", "link", "convert", "side", "teleport", "final", "claim",
)  # fmt: skip
TECH_SLOTS = (
    "1a",
    "1b",
    "1c",
    "2a",
    "2b",
    "2c",
    "3a",
    "3b",
    "4a",
    "4b",
    "5a",
    "5b",
    "6a",
    "6b",
    "7a",
    "7b",
    "8a",
)
TRACK_SPACES = 15
ORDER_SPACES = 4
ROUNDS = 8


def _maps() -> dict[str, tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]]:
    """Per map side: its (nodes, systems, pulsars) in a fixed order."""
    out = {}
    for name in BOARDS:
        bd = board(name)
        out[name] = (tuple(sorted(bd.nodes)), tuple(sorted(bd.systems)), tuple(sorted(bd.pulsars)))
    return out


MAPS = _maps()
NODES = max(len(m[0]) for m in MAPS.values())
SYSTEMS = max(len(m[1]) for m in MAPS.values())
PULSARS = max(len(m[2]) for m in MAPS.values())
TECH_BOARDS = tuple(sorted(tech_boards()))
GOALS = tuple(sorted(goals()))
TRANSMITTERS = tuple(sorted(transmitters()))

# (name, width) of every field, in order, grouped into segments.
OPTIONS = (("board", len(BOARDS)), ("tech_boards", len(TECH_BOARDS)), ("goals", len(GOALS)))
MISC = (
    ("round", 1),
    ("phase", len(PHASES)),
    ("my_turn", 1),
    ("i_act", 1),
    ("queue_next_mine", 1),
    ("queue_mine", 1),
    ("median", 1),
    ("median_value", 1),
    ("pool", 6),
    ("row_bonus", 1),
    ("order_mine", ORDER_SPACES),
)
TRACKS = (
    ("initiative_mine", TRACK_SPACES),
    ("initiative_others", TRACK_SPACES),
    ("engineering_mine", TRACK_SPACES),
    ("engineering_others", TRACK_SPACES),
)
SUPPLY = (
    ("tx_stack", 3),
    ("tx_discard", 1),
    ("display", len(TRANSMITTERS)),
    ("explore_pile", 1),
    ("explore_discard", 1),
    ("gyro_supply", len(SIZES)),
    ("awards_taken", len(SIZES)),
    ("awards_mine", len(SIZES)),
    ("patents_mine", len(TECH_SLOTS)),
    ("patents_others", len(TECH_SLOTS)),
    ("locked", len(TECH_SLOTS)),
)
MAP = (
    ("system_revealed", SYSTEMS),
    ("system_mine", SYSTEMS),
    ("system_others", SYSTEMS),
    ("system_free", SYSTEMS),
    ("system_blocked", SYSTEMS),
    ("pulsar_mine", PULSARS),
    ("pulsar_others", PULSARS),
    ("gyro_size", PULSARS * len(SIZES)),
    ("gyro_spinning", PULSARS),
    ("my_ship", NODES),
    ("other_ships", NODES),
)
PENDING_STEP = (("pending_kind", len(PENDING)), ("pending_mine", 1), ("pending_left", 1))
GLOBAL = (*OPTIONS, *MISC, *TRACKS, *SUPPLY, *MAP, *PENDING_STEP)
PLAYER = (
    ("present", 1),
    ("score", 1),
    ("cubes", 1),
    ("pm", 1),
    ("p2", 1),
    ("dice", 6),
    ("red", 7),
    ("red_used", 1),
    ("red_now", 1),
    ("held", len(SIZES)),
    ("stations", 1),
    ("markers_left", 1),
    ("patents", 1),
    ("hq", 1),
    ("hq_done", 1),
    ("races", 1),
    ("races_used", 1),
    ("transmitters", 1),
    ("online", 1),
    ("arrays", 1),
    ("links", 1),
    ("awards", 1),
    ("kept", 1),
    ("ship_placed", 1),
)


G = layout_offsets(GLOBAL)
P = layout_offsets(PLAYER)
G_SIZE = layout_width(GLOBAL)
P_SIZE = layout_width(PLAYER)
SIZE = G_SIZE + MAX_PLAYERS * P_SIZE


def _span(blocks: tuple[tuple[str, int], ...]) -> tuple[int, int]:
    start = G[blocks[0][0]]
    return start, start + layout_width(blocks)


S_OPTIONS = _span(OPTIONS)
S_MISC = _span(MISC)
S_TRACKS = _span(TRACKS)
S_SUPPLY = _span(SUPPLY)
S_MAP = _span(MAP)
S_PENDING = _span(PENDING_STEP)
_SHIPS_AT = G["my_ship"]

# The pieces of the global segment, in the order they are joined: (name, start, end).
# They tile [0, G_SIZE) (tests/interop/test_pulsar_encoder_speedpath.py); the seats follow.
PIECES = (
    ("head", S_OPTIONS[0], G["my_turn"]),  # set-up, round, phase
    ("flags", G["my_turn"], G["pool"]),  # to move, acting, queue, median and its value
    ("pool", G["pool"], G["row_bonus"]),
    ("row_bonus", G["row_bonus"], G["order_mine"]),
    ("order", G["order_mine"], S_MISC[1]),
    ("initiative", S_TRACKS[0], S_TRACKS[0] + 2 * TRACK_SPACES),
    ("engineering", S_TRACKS[0] + 2 * TRACK_SPACES, S_TRACKS[1]),
    ("supply_and_map", S_SUPPLY[0], _SHIPS_AT),  # stock, patents, systems, pulsars
    ("ships", _SHIPS_AT, S_MAP[1]),
    ("pending", S_PENDING[0], S_PENDING[1]),
)
NO_PENDING = bytes(4 * (S_PENDING[1] - S_PENDING[0]))
ZERO_PLAYER = bytes(4 * P_SIZE)
SYSTEM_INDEX = {name: {node: k for k, node in enumerate(m[1])} for name, m in MAPS.items()}
PULSAR_INDEX = {name: {node: k for k, node in enumerate(m[2])} for name, m in MAPS.items()}
NODE_INDEX = {name: {node: k for k, node in enumerate(m[0])} for name, m in MAPS.items()}
PHASE_INDEX = {p: i for i, p in enumerate(PHASES)}
PENDING_INDEX = {k: i for i, k in enumerate(PENDING)}
SIZE_INDEX = {s: i for i, s in enumerate(SIZES)}
TECH_INDEX = {t: i for i, t in enumerate(TECH_SLOTS)}
TRANSMITTER_INDEX = {t: i for i, t in enumerate(TRANSMITTERS)}
DIE_INDEX = {d: d - 1 for d in range(1, 7)}
MARKERS = components().markers
F32 = np.dtype(np.float32)

# The segments of a view (``encode_match``), in vector order, and the marks they follow.
V_OPTIONS = 0  # M_ROUND (a fresh view: all marks -1)
V_ROUND_PHASE = 1  # M_PHASE
V_FLAGS = 2  # every call
V_POOL = 3  # M_POOL
V_BONUS = 4  # M_ROUND
V_ORDER = 5  # M_ORDER
V_TRACKS = 6  # + track: M_INITIATIVE + track
V_STOCK = 8  # M_STOCK: transmitters, display, exploration
V_GYRODYNES = 9  # M_GYRODYNES
V_PATENTS = 10  # M_PATENTS
V_SYSTEMS = 11  # M_SYSTEMS
V_PULSARS = 12  # M_PULSARS
V_SHIPS = 13  # M_SHIPS
V_PENDING = 14  # every call
# + 3 k, the k-th block from the observer: its status, its dice, the rest (bonus die to
# ship placed); all three follow M_PLAYER + its seat, the dice also M_DICE + its seat
V_PLAYERS = 15
V_ABSENT = V_PLAYERS + 3 * MAX_PLAYERS  # the all-zero blocks of missing seats: M_ROUND
V_PARTS = V_ABSENT + 1


def layout() -> list[tuple[str, int, int]]:
    """(name, offset, width) of every field, for the documentation and tests."""
    return seat_layout(GLOBAL, PLAYER, MAX_PLAYERS)
