"""Text views of Space Empires 4X: the board as text, actions in words, and why an action is illegal."""

from __future__ import annotations

from typing import TYPE_CHECKING

from galaxis.core import Action, IllegalAction

from . import board, data, solo
from .board import SEATS
from .state import SEState
from .views import observation

if TYPE_CHECKING:
    from .rules import SpaceEmpires

WORDS = {
    "en": {
        "cycle": "Cycle",
        "turn": "turn",
        "phase": "phase",
        "you": "You",
        "cp": "CP",
        "techs": "Technology",
        "hexes": "Hexes",
        "unexplored": "unexplored",
        "over": "Game over",
        "winner": "winner",
        "move": "move",
        "combat": "combat",
        "econ": "economic phase",
        "spectator": "spectator",
    },
    "hu": {
        "cycle": "Ciklus",
        "turn": "kör",
        "phase": "fázis",
        "you": "Te",
        "cp": "ÉP",
        "techs": "Technológia",
        "hexes": "Hexák",
        "unexplored": "felfedezetlen",
        "over": "Vége a játéknak",
        "winner": "győztes",
        "move": "mozgás",
        "combat": "harc",
        "econ": "gazdasági fázis",
        "spectator": "néző",
    },
}


def _player(seat: int) -> str:
    return "aliens" if seat < 0 else f"player {SEATS[seat]}"


def render_text(game: SpaceEmpires, state: SEState, seat: int | None, lang: str = "en") -> str:
    w = WORDS.get(lang, WORDS["en"])
    obs = observation(game, state, seat)
    lines = [
        f"Space Empires 4X ({state.edition}) - {w['cycle']} {obs['cycle']}/{obs['cycles']}, "
        f"{w['turn']} {obs['turn']}, {w['phase']}: {w.get(obs['phase'], obs['phase'])}",
    ]
    if state.phase == "over":
        lines.append(f"{w['over']}; {w['winner']}: {SEATS[state.winner] if state.winner >= 0 else '-'}")
    if seat is None:
        lines.append(f"({w['spectator']})")
    else:
        me = obs["players"][seat]
        techs = ", ".join(f"{k} {v}" for k, v in me["techs"].items())
        lines.append(f"{w['you']}: {SEATS[seat]}  {w['cp']} {me['cp']}  bid {me['bid']}  queue {me['queue']}")
        lines.append(f"{w['techs']}: {techs}")
    if obs["decision"]:
        d = obs["decision"]
        lines.append(f"decision: {d['kind']} by {SEATS[d['seat']]}")
    lines += solo.text_lines(state)  # scenario and solo opponents (§12-13)
    lines.append(f"{w['hexes']}:")
    for hid, cell in obs["hexes"].items():
        parts = [hid]
        marker = cell.get("marker")
        if marker == "?" and cell.get("peeked"):
            parts.append(
                f"[{w['unexplored']}: {cell['peeked'][0]}{' ' + str(cell['peeked'][1]) if cell['peeked'][1] else ''}]"
            )
        elif marker == "?":
            parts.append(f"[{w['unexplored']}]")
        elif marker:
            parts.append(f"[{marker[0]}{' ' + str(marker[1]) if marker[1] else ''}]")
        col = cell.get("colony")
        if col:
            who = SEATS[col["owner"]] if col["owner"] >= 0 else "alien"  # an alien empire's (§13.5)
            parts.append(f"colony {who}:{col['value']}{' HW' if col['home'] else ''}")
        for u in cell.get("units", []):
            # A counter shows its number of units to its owner (and once face up), "?" to the others (§9).
            parts.append(f"{u['id']}={u['kind']}x{u.get('count', '?')}")
        if len(parts) > 1 and (marker != "?" or len(parts) > 2 or cell.get("peeked")):
            lines.append("  " + " ".join(parts))
    unexplored = sum(1 for c in obs["hexes"].values() if c.get("marker") == "?")
    lines.append(f"  ({unexplored} {w['unexplored']})")
    return "\n".join(lines)


KIND_OF_WORD = {"m": "move", "c": "colonize", "t": "target"}  # the other kinds are their first word


def describe(state: SEState, action: Action, lang: str = "en") -> str:
    kind, args = action.kind, action.args
    if not kind:
        # A bare notation (not from the legal list): read it from its words.
        words = str(action).split()
        if not words:
            return "(empty)"
        kind, args = KIND_OF_WORD.get(words[0], words[0]), tuple(words[1:])
        if kind == "scuttle" and not args:
            kind = "scuttle_menu"
        if kind == "first" and args and args[0] in SEATS:
            args = (SEATS.index(args[0]),)
        if kind in ("tech", "buy") and (not args or args[0] not in data.unit_table_by_id() | data.techs()):
            return str(action)
    try:
        return _words(kind, args)
    except (IndexError, KeyError, ValueError):
        return str(action)


def _words(kind: str, args: tuple[object, ...]) -> str:
    if kind == "move":
        return f"move {args[0]} to hex {args[1]}"
    if kind == "colonize":
        return f"colony ship {args[0]} colonizes its planet"
    if kind == "target":
        return f"fire at {args[0]}"
    if kind == "retreat":
        return f"{args[0]} retreats to {args[1]}"
    if kind == "bomb":
        return f"{args[0]} bombards the colony"
    if kind == "boom":
        return f"a mine destroys a unit of {args[0]}"
    if kind == "hold":
        return "stop bombarding"
    if kind == "lost":
        return f"the lost stack drifts to {args[0]}"
    if kind == "first":
        return f"{_player(int(str(args[0])))} moves first"
    if kind == "bid":
        return f"bid {args[0]} CP for the turn order"
    if kind == "tech":
        return f"buy the next {data.techs()[str(args[0])].name} level"
    if kind == "buy":
        join = f", joining counter {args[2]}" if len(args) > 2 and args[2] else ", in a new counter"
        return f"buy a {data.unit_table_by_id()[str(args[0])].name} at {args[1]}{join}"
    if kind == "split":
        return f"move one unit of counter {args[0]} into a free counter"
    if kind == "merge":
        return f"put the units of counter {args[0]} into counter {args[1]}"
    if kind == "done":
        return "finish the economic phase"
    if kind == "fight":
        return "fight on"
    if kind == "screen":
        return f"screen {args[0]} this round"
    if kind == "refit":
        return f"refit {args[0]} to current technology"
    if kind == "load":
        return f"fighter {args[0]} boards carrier {args[1]}"
    if kind == "unload":
        return f"fighter {args[0]} leaves its carrier"
    if kind == "end":
        return "end movement"
    if kind == "sling":
        return f"{args[0]} slingshots through the Black Hole at {args[1]}"
    if kind == "scuttle_menu":
        return "choose a unit to scuttle"
    if kind == "scuttle":
        return f"scuttle a unit of {args[0]}"
    if kind == "keep":
        return "scuttle nothing"
    if kind == "peek":
        return f"cruiser {args[0]} looks at the marker in hex {args[1]}"
    if kind == "reveal":
        return "turn the marker face up"
    if kind == "conceal":
        return "put the marker back face down"
    if kind == "withdraw":
        return f"raider {args[0]} stays cloaked, out of the battle"
    if kind == "engage":
        return "the cloaked raiders fight"
    return kind


def explain_illegal(game: SpaceEmpires, state: SEState, seat: int, notation: str) -> IllegalAction:
    """A reason citing the rule section (docs/games/space_empires.md)."""
    if state.phase == "over":
        return IllegalAction("the game is over", "§8")
    if seat not in game.to_move(state):
        return IllegalAction(f"it is not seat {seat}'s decision now", "§3")
    words = notation.split()
    legal = game.legal_actions(state, seat)
    sample = ", ".join(a.notation for a in legal[:10]) + (" ..." if len(legal) > 10 else "")
    if words and words[0] == "m" and len(words) == 3 and not state.pending and state.phase == "move":
        members = board.counter_units(state, words[1])
        if not members or members[0].owner != seat:
            return IllegalAction(f"{words[1]} is not one of your counters", "§4")
        u = members[0]
        if words[2] not in board.adjacent(len(state.players), u.hex):
            return IllegalAction(f"{words[2]} is not a hex next to {u.hex}", "§4.1")
        for v in members:
            problem = game._move_problem(state, v, words[2])
            if problem:
                return IllegalAction(problem, "§4")
    if words and words[0] == "buy" and len(words) in (3, 4) and state.phase == "econ" and not state.pending:
        if state.players[seat].bid < 0:
            return IllegalAction("bid for the turn order first (§7.3)", "§7.3")
        problem = game._buy_problem(state, seat, words[1], words[2], words[3] if len(words) == 4 else "")
        if problem:
            return IllegalAction(problem, "§7.5")
        return IllegalAction(f"you have no shipyard or colony at {words[2]}", "§7.6")
    if words and words[0] == "tech" and len(words) == 2 and state.phase == "econ" and not state.pending:
        problem = game._tech_problem(state, seat, words[1])
        if problem:
            return IllegalAction(problem, "§7.5")
    return IllegalAction(f"{notation!r} is not a legal action now; legal: {sample}", "§3")
