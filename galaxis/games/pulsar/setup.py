"""Pulsar 2849, §2 Setup: the state a match starts from. Sections (§) refer to docs/games/pulsar.md."""

from __future__ import annotations

from typing import Any

from galaxis.core import Rng, Step
from galaxis.core.errors import BadOption
from galaxis.games.pulsar.data import (
    MSG,
    SIZES,
    board,
    components,
    exploration,
    goals,
    system_tiles,
    tech_boards,
    tech_ids,
    transmitters,
)
from galaxis.games.pulsar.state import Player, PulsarState

TRACKS = "ie"  # initiative, engineering


def initial_state(players: int, options: dict[str, Any], rng: Rng) -> PulsarState:
    """§2: the board, system tiles, technology boards, goals, HQ boards, transmitter stack,
    exploration pile, both tracks and the players; the HQ sides and start gates are the first
    decisions (a fixed arrangement from ``options["setup"]`` replaces any random part)."""
    comp = components()
    fixed = options.get("setup", {})
    bd = board(options["board"])
    order = _fixed_list(fixed, "order", list(range(players)), rng)
    tile_ids = sorted(system_tiles())
    if "tiles" in fixed:
        chosen = fixed["tiles"]
        if (
            not isinstance(chosen, list)
            or len(chosen) != 16
            or len(set(chosen)) != 16
            or not set(chosen) <= set(tile_ids)
        ):
            raise BadOption(MSG("setup_tiles"))
        tiles = list(chosen) + [t for t in tile_ids if t not in chosen]
    else:
        tiles = list(tile_ids)
        rng.shuffle(tiles)
    first = options["first_game"]
    if "techs" in fixed:
        techs = fixed["techs"]
        cats = ["I", "II", "III"]
        if (
            not isinstance(techs, list)
            or len(techs) != 3
            or any(
                t not in tech_boards() or tech_boards()[t].category != c
                for t, c in zip(techs, cats, strict=False)
            )
        ):
            raise BadOption(MSG("setup_techs"))
    elif first:
        techs = ["AI", "AII", "AIII"]
    else:
        techs = [rng.choice("ABCD") + c for c in ("I", "II", "III")]
    all_goals = goals()
    if "goals" in fixed:
        chosen_goals = fixed["goals"]
        if (
            not isinstance(chosen_goals, list)
            or len(chosen_goals) != 3
            or any(g not in all_goals for g in chosen_goals)
            or len({all_goals[g].tile for g in chosen_goals}) != 3
        ):
            raise BadOption(MSG("setup_goals"))
        goal_list = list(chosen_goals)
    elif first:
        goal_list = sorted(g.id for g in all_goals.values() if g.first_game)
    else:
        tile_nums = sorted({g.tile for g in all_goals.values()})
        rng.shuffle(tile_nums)
        goal_list = []
        for tile_num in sorted(tile_nums[:3]):
            sides = sorted(g.id for g in all_goals.values() if g.tile == tile_num)
            goal_list.append(sides[0] if options["goal_sides"] == "easy" else rng.choice(sides))
    letters = ["A", "B", "C", "D"]
    if first:
        hq_letters = [""] * players
    elif "hq" in fixed:
        hq_letters = fixed["hq"]
        if (
            not isinstance(hq_letters, list)
            or len(hq_letters) != players
            or len(set(hq_letters)) != players
            or not set(hq_letters) <= set(letters)
        ):
            raise BadOption(MSG("setup_hq"))
    else:
        rng.shuffle(letters)
        hq_letters = letters[:players]
    stack: list[str] = []
    for letter in "CBA":  # C at the bottom, A on top; the list's end is the top
        group = sorted(t for t in transmitters() if t[0] == letter)
        rng.shuffle(group)
        stack.extend(group)
    pile = sorted(exploration())
    rng.shuffle(pile)
    start_space = comp.track_start
    track_stack: list[int] = []
    # reverse initiative order: the first rocket's marker at the bottom (§2)
    rockets = [order[0], order[1], order[0], order[1]] if players == 2 else list(order)
    used_k = [0] * players
    for seat in rockets:
        track_stack.append(seat * 2 + used_k[seat])
        used_k[seat] += 1
    tracks: list[list[list[int]]] = []
    for _ in TRACKS:
        spaces: list[list[int]] = [[] for _ in range(comp.track_length)]
        spaces[start_space] = list(track_stack)
        tracks.append(spaces)
    ps = []
    for seat in range(players):
        pos = order.index(seat)
        ps.append(
            Player(
                score=comp.start_scores[pos],
                cubes=0,
                pm=1,
                p2=0,
                ship=-1,
                start_gate=-1,
                dice=[],
                red=-1,
                red_used=False,
                red_now=False,
                held=[],
                markers_used=0,
                patents=[],
                hq=hq_letters[seat],
                hq_side="",
                hq_done=[],
                races=[],
                races_used=[],
                tx={},
                online=[],
                arrays=[],
                links_used=[],
                converted=[],
                awards=[],
                kept=[],
            )
        )
    s = PulsarState(
        rng=rng,
        board=bd.name,
        players=ps,
        round=1,
        phase="setup",
        tiles=dict(zip(bd.systems, tiles[:16], strict=True)),
        box_tile=tiles[16],
        revealed=[],
        planets={},
        owner={},
        gyros={},
        pool=[],
        median=6,
        tracks=tracks,
        order=rockets,
        queue=[],
        actor=-1,
        tx_stack=stack,
        display=[],
        explore_pile=pile,
        explore_discard=[],
        gyro_supply={k: comp.gyrodynes[k].tiles for k in SIZES},
        award_holders={k: [] for k in SIZES},
        tech_boards=techs,
        patents={t: [] for t in tech_ids(techs)},
        locked=[],
        goals=goal_list,
        balanced=options["balanced_start"],
        lenient_left=options["track_ends"] == "lenient_left",
        unlock_rows=options["hq_unlock"] == "row_complete",
        tie_ahead=options["tie_break"] == "ahead",
        pair_one=options["discovery_pair"] == "one",
        eng4_rulebook=options["engineering_4p"] == "rulebook",
        goal4_any=options["goal4"] == "any",
        optional_stations=options["stations"] == "optional",
        late_linking=options["late_linking"],
        copy_after=options["copy_leftover"] == "after_dice",
        optional_claims=options["claims"] == "optional",
    )
    # every HQ side is chosen first (in turn order), then the start gates in reverse turn order (§2)
    first_to_last = [Step("side", seat) for seat in order if s.players[seat].hq]
    first_to_last += [Step("gate", seat) for seat in reversed(order)]
    s.pending = list(reversed(first_to_last))
    if "rolls" in fixed:
        rolls = fixed["rolls"]
        n_dice = comp.silver_dice[players]
        if not isinstance(rolls, list) or any(
            not isinstance(r, list) or len(r) != n_dice or any(v not in range(1, 7) for v in r) for r in rolls
        ):
            raise BadOption(MSG("setup_rolls", dice=n_dice))
        s.fixed_rolls = [list(r) for r in rolls]
    return s


def _fixed_list(fixed: dict[str, Any], key: str, default: list[int], rng: Rng) -> list[int]:
    """A permutation of ``default``: the fixed one under ``key``, or a shuffle."""
    if key in fixed:
        value = fixed[key]
        if not isinstance(value, list) or sorted(value) != sorted(default):
            raise BadOption(MSG("setup_permutation", key=key, default=", ".join(map(str, default))))
        return list(value)
    out = list(default)
    rng.shuffle(out)
    return out
