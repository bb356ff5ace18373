"""Observation, action descriptions and reasons for refusals (rules: docs/games/pulsar.md)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from galaxis.core import Action, IllegalAction
from galaxis.games.pulsar import dice as dicemod
from galaxis.games.pulsar.data import board, hq_boards, row_bonus, system_tiles, tech_ids, transmitters
from galaxis.games.pulsar.flight import can_complete
from galaxis.games.pulsar.scoring import stations
from galaxis.games.pulsar.state import PulsarState

if TYPE_CHECKING:
    from galaxis.games.pulsar.rules import Pulsar


def observation(game: Pulsar, s: PulsarState, seat: int | None) -> dict[str, Any]:
    """Everything except the face-down system tiles (and the one in the box), the order of
    the exploration pile and the transmitter stack (only its letters are public)."""
    bd = board(s.board)
    top = s.pending[-1] if s.pending else None
    return {
        "you": seat,
        "round": s.round,
        "phase": s.phase,
        "to_move": list(game.to_move(s)),
        "board": s.board,
        "median": s.median,
        "median_value": dicemod.median_value(s.median),
        "pool": list(s.pool),
        "tracks": {
            "initiative": [list(st) for st in s.tracks[0]],
            "engineering": [list(st) for st in s.tracks[1]],
        },
        "order": list(s.order),
        "queue": list(s.queue),
        "actor": s.actor,
        "display": list(s.display),
        "tx_stack": {letter: sum(1 for t in s.tx_stack if t[0] == letter) for letter in "ABC"},
        "tx_discard": list(s.tx_discard),
        "explore_pile": len(s.explore_pile),
        "explore_discard": list(s.explore_discard),
        "gyro_supply": dict(s.gyro_supply),
        "awards": {k: list(v) for k, v in s.award_holders.items()},
        "tech_boards": list(s.tech_boards),
        "row_bonus": row_bonus(s.tech_boards, s.round),
        "patents": {k: list(v) for k, v in s.patents.items()},
        "locked": list(s.locked),
        "goals": list(s.goals),
        "systems": {
            str(n): {"tile": s.tiles[n], "planets": list(s.planets[n])} if n in s.planets else {"tile": None}
            for n in bd.systems
        },
        "pulsars": {str(n): s.owner[n] for n in sorted(s.owner)},
        "gyros": {str(n): list(g) for n, g in sorted(s.gyros.items())},
        "players": [
            {
                "seat": i,
                "score": p.score,
                "cubes": p.cubes,
                "pm": p.pm,
                "p2": p.p2,
                "ship": p.ship,
                "start_gate": p.start_gate,
                "dice": list(p.dice),
                "red": p.red,
                "red_used": p.red_used,
                "red_now": p.red_now,
                "held": list(p.held),
                "stations": stations(s, i),
                "markers_left": game._markers_left(p),
                "patents": list(p.patents),
                "hq": p.hq,
                "hq_side": p.hq_side,
                "hq_done": list(p.hq_done),
                "races": list(p.races),
                "races_used": list(p.races_used),
                "tx": {k: list(v) for k, v in p.tx.items()},
                "online": list(p.online),
                "arrays": [[list(e) for e in arr] for arr in p.arrays],
                "links": list(p.links_used),
                "awards": list(p.awards),
                "kept": list(p.kept),
            }
            for i, p in enumerate(s.players)
        ],
        "pending": None
        if top is None
        else {"kind": top.kind, "seat": top.seat, "data": top.to_json()["data"]},
    }


# --------------------------------------------------------------------- describe
WORDS = {
    "en": {
        "pick": "take the die {v}{move}",
        "move": ", move {track} marker {d:+d}",
        "no_move": " (no move)",
        "fly": "fly {v} segments with die {spec}",
        "gyro": "take a {size} gyrodyne with die {spec}",
        "flip": "complete the gyrodyne on pulsar {node} with die {spec}",
        "start": "start a {size} gyrodyne on pulsar {node}",
        "tx": "take transmitter {tile} with die {spec}",
        "pay": "pay a cost of transmitter {tile} with die {spec}",
        "tech": "patent technology {tech} with die {spec}",
        "hq": "complete HQ project {slot} with die {spec}",
        "buy": "buy a {token} token with die {spec}",
        "copy": "copy the leftover die {v} for 4 cubes",
        "drop": "give up the bonus die",
        "end": "end the turn",
        "hop": "fly to {node}",
        "race": "race: {colour} gates",
        "norace": "fly without a gate race",
        "take": "take a {size} gyrodyne",
        "target": "choose location {node}",
        "bonus": "take the discovery bonus",
        "explore": "draw an exploration tile instead",
        "new": "start a new array",
        "join": "link to array {where}",
        "link": "take the link die {v}",
        "convert": "pay 1 cube to transmitter {tile} for VP",
        "done": "done",
        "side": "play HQ side {v}",
        "gate": "start at gate {node}",
        "count": "score goal {v}",
        "buy_goal": "buy the next bonus of goal {v}",
        "found": "found a station here",
        "skip": "decline the station",
        "attach": "link the loose transmitter {tile} to another array",
        "convert_tech": "pay cubes to technology {v} for VP",
    },
    "hu": {
        "pick": "a(z) {v} kocka elvétele{move}",
        "move": ", {track} jelölő {d:+d}",
        "no_move": " (nincs mozgás)",
        "fly": "repülés {v} szegmenst a(z) {spec} kockával",
        "gyro": "{size} forgáslapka elvétele ({spec})",
        "flip": "a(z) {node} pulzár forgóerőművének befejezése ({spec})",
        "start": "{size} forgóerőmű építése a(z) {node} pulzáron",
        "tx": "{tile} adóállomás megszerzése ({spec})",
        "pay": "{tile} adóállomás költségének fizetése ({spec})",
        "tech": "{tech} technológia szabadalmaztatása ({spec})",
        "hq": "{slot}. HQ-projekt befejezése ({spec})",
        "buy": "{token} jelző vásárlása ({spec})",
        "copy": "a megmaradt {v} kocka lemásolása 4 mérnökkockáért",
        "drop": "a bónuszkocka eldobása",
        "end": "kör vége",
        "hop": "repülés ide: {node}",
        "race": "ugrókapu verseny: {colour}",
        "norace": "repülés verseny nélkül",
        "take": "{size} forgáslapka elvétele",
        "target": "helyszín: {node}",
        "bonus": "felfedezés bónusz",
        "explore": "felfedezéslapka húzása helyette",
        "new": "új adóállomás-sor",
        "join": "kapcsolás a(z) {where} sorhoz",
        "link": "a(z) {v} kapcsolati kocka",
        "convert": "1 mérnökkocka a(z) {tile} adóállomásra pontért",
        "done": "kész",
        "side": "HQ {v}. oldal",
        "gate": "kezdőkapu: {node}",
        "count": "a(z) {v}. cél pontozása",
        "buy_goal": "a(z) {v}. cél következő bónusza",
        "found": "állomás létesítése",
        "skip": "nincs állomás",
        "attach": "a különálló {tile} adóállomás hozzákapcsolása egy sorhoz",
        "convert_tech": "mérnökkockák a(z) {v} technológiára pontért",
    },
}
SIZE_WORDS = {
    "en": {"s": "small", "m": "medium", "l": "large"},
    "hu": {"s": "kis", "m": "közepes", "l": "nagy"},
}
TRACK_WORDS = {"en": {"i": "initiative", "e": "engineering"}, "hu": {"i": "kezdeményezés", "e": "mérnök"}}
COLOUR_WORDS = {
    "en": {"o": "orange", "p": "pink", "g": "green"},
    "hu": {"o": "narancs", "p": "rózsaszín", "g": "zöld"},
}


def describe(game: Pulsar, s: PulsarState, action: Action, lang: str = "en") -> str:
    w = WORDS.get(lang, WORDS["en"])
    sizes = SIZE_WORDS.get(lang, SIZE_WORDS["en"])
    a = action.args
    kind = a[0] if a else ""
    if kind == "pick":
        _, v, t, _mk = a
        move = (
            w["no_move"]
            if t < 0
            else w["move"].format(
                track=TRACK_WORDS.get(lang, TRACK_WORDS["en"])["ie"[t]], d=dicemod.distance(v, s.median)
            )
        )
        return w["pick"].format(v=v, move=move)
    if kind == "fly":
        return w["fly"].format(v=game.spec_value(a[1]), spec=a[1])
    if kind == "gyro":
        return w["gyro"].format(size=sizes[a[1]], spec=a[2])
    if kind == "flip":
        return w["flip"].format(node=a[1], spec=a[2])
    if kind == "start":
        return w["start"].format(size=sizes[a[1]], node=a[2])
    if kind in ("tx", "pay"):
        return w[kind].format(tile=a[1], spec=a[2])
    if kind == "tech":
        return w["tech"].format(tech=a[1], spec=a[2])
    if kind == "hq":
        return w["hq"].format(slot=a[1], spec=a[2])
    if kind == "buy" and len(a) == 3:
        return w["buy"].format(token="±1" if a[1] == "pm" else "+2", spec=a[2])
    if kind == "buy":
        return w["buy_goal"].format(v=a[1])
    if kind in ("copy", "link", "side", "count"):
        return w[kind].format(v=a[1])
    if kind == "hop":
        return w["hop"].format(node=a[1])
    if kind == "race":
        return w["race"].format(colour=COLOUR_WORDS.get(lang, COLOUR_WORDS["en"])[a[2]])
    if kind == "take":
        return w["take"].format(size=sizes[a[1]])
    if kind == "target":
        return w["target"].format(node=a[1])
    if kind == "attach":
        return w["attach"].format(tile=a[1])
    if kind == "join":
        return w["join"].format(where=action.notation.split()[1])
    if kind == "gate":
        return w["gate"].format(node=a[1])
    if kind == "convert":
        return w["convert"].format(tile=a[1]) if a[1] in transmitters() else w["convert_tech"].format(v=a[1])
    if kind in w:
        return str(w[kind])
    return action.notation


# ---------------------------------------------------------------------- explain
def explain(game: Pulsar, s: PulsarState, seat: int, notation: str) -> IllegalAction:
    words = notation.split()
    head = words[0] if words else ""
    top = s.pending[-1] if s.pending else None
    if top is not None:
        what = {
            "side": "choose your HQ side: side 1 or side 2",
            "gate": "choose an empty start gate: gate N",
            "fly": "continue the flight: >N to a neighbour from which the flight can still end after exactly the die's distance, never reusing a segment",
            "race": "choose a gate race for this flight (race <project><colour>) or norace",
            "gyro": "choose the gyrodyne to take: take s|m|l",
            "iso": "choose an unclaimed isolated pulsar: @N",
            "teleport": "choose where to teleport: @N (never an isolated pulsar)",
            "station": "choose a system for the station: @N",
            "discovery": "take the discovery bonus (bonus) or draw an exploration tile (explore)",
            "join": "link the new transmitter to an array end (join <array><l|r><connector>) or start a new array (new)",
            "link": "choose one of the link dice: link N",
            "convert": "pay 1 cube to a converting transmitter (convert <tile>) or done",
            "found": "found a station in this system (found) or decline (skip)",
            "final": "score one of your gyrodyne goals (count G), buy goal bonuses (buy G), pay cubes to a technology (convert T) or done",
        }[top.kind]
        rules = {
            "fly": "§4.2 Flight",
            "race": "§5.6 Gate races",
            "discovery": "§4.3 Systems",
            "join": "§5.3 Transmitters",
            "convert": "§6.4 Transmitters",
            "found": "§4.3 Systems (A5)",
            "final": "§7 Final scoring",
            "side": "§2 Setup",
            "gate": "§2 Setup",
        }
        if top.seat != seat:
            return IllegalAction(f"seat {top.seat} decides first", "core: turn order")
        return IllegalAction(
            f"{notation!r} does not answer the pending decision: {what}", rules.get(top.kind, "§5.7 Rewards")
        )
    if s.phase == "dice":
        if head[:1].isdigit():
            v = int(head[0])
            if v not in s.pool:
                return IllegalAction(
                    f"no die showing {head[0]} is left on the dice board", "§3.3 Picking dice"
                )
            return IllegalAction(
                "pick a die and one of your markers that stays on the track (a track end is reached only when nothing else is possible); "
                "a die in the median's box moves nothing and is written without a track",
                "§3.4 Track ends (A1)",
            )
        return IllegalAction(
            "in the dice phase you pick a die: e.g. 3i or 3e (two players: 3i1, 3e2)", "§3.3 Picking dice"
        )
    if s.phase != "action":
        return IllegalAction("nothing can be done now", "core: legal actions")
    p = s.players[seat]
    vals = game.die_options(p)
    spec = words[-1] if len(words) >= 2 else ""
    spec_ok = any(spec in specs for specs in vals.values())
    needs_die = head in ("fly", "gyro", "flip", "tx", "pay", "tech", "hq", "buy")
    if needs_die and not spec_ok:
        if p.red_now:
            return IllegalAction("the link die must be used at once", "§4.5 Bonus dice")
        return IllegalAction(
            f"{spec!r} is not one of your dice: write the face (3), with a token (3+1, 3-1, 3+2) or the red die (r3); "
            "one token per die, never down to 0",
            "§4.1 Dice and modifiers",
        )
    if head == "fly":
        v = game.spec_value(spec)
        if not can_complete(board(s.board), p.ship, set(), v):
            return IllegalAction(
                f"no flight of exactly {v} segments starts at {p.ship} (no segment twice, no start gate)",
                "§4.2 Flight",
            )
    if head == "tech" and len(words) == 3:
        problem = game.patent_problem(s, seat, words[1])
        if problem:
            return IllegalAction(*problem)
        tech = tech_ids(s.tech_boards)[words[1]]
        return IllegalAction(f"technology {words[1]} costs exactly {tech.cost}", "§4.1 Exact values")
    if head == "hq" and len(words) == 3 and words[1].isdigit() and 1 <= int(words[1]) <= 8:
        problem = game.project_problem(s, seat, int(words[1]))
        if problem:
            return IllegalAction(*problem)
        return IllegalAction(
            f"project {words[1]} costs exactly {hq_boards()[p.hq_side].projects[int(words[1])].cost}",
            "§4.1 Exact values",
        )
    reasons = {
        "fly": ("a flight needs a die of at least 1", "§4.2 Flight"),
        "gyro": (
            "gyrodyne tiles cost exactly 1 (small), 2 (medium) or 4 (large), while the supply lasts",
            "§5.1 Gyrodynes",
        ),
        "flip": (
            "complete a gyrodyne under construction on your pulsar with exactly 3 (small), 5 (medium) or 6 (large)",
            "§5.2 Gyrodynes",
        ),
        "start": (
            "start a gyrodyne tile you hold on your own claimed pulsar that has none",
            "§5.2 Gyrodynes",
        ),
        "tx": (
            "take a displayed transmitter with a die equal to one of its printed costs",
            "§5.3 Transmitters",
        ),
        "pay": (
            "pay an uncovered cost of your transmitter with a die of exactly that value",
            "§5.3 Transmitters",
        ),
        "tech": ("patent an open technology with a die of exactly its cost", "§5.5 Technologies"),
        "hq": ("complete an open HQ project with a die of exactly its cost", "§5.6 HQ"),
        "buy": ("a ±1 token costs a die of 1 or 2, a +2 token a die of 2", "§5.4 Modifier tokens"),
        "copy": (
            "copy a leftover die for 4 cubes, once per round (one bonus die per round)",
            "§4.5 Bonus dice",
        ),
        "drop": ("you hold no bonus die", "§4.5 Bonus dice"),
        "end": ("use the link die first (or drop it)", "§4.5 Bonus dice"),
    }
    if head in reasons:
        return IllegalAction(*reasons[head])
    legal = game.legal_actions(s, seat)
    sample = ", ".join(a.notation for a in legal[:10]) + (" ..." if len(legal) > 10 else "")
    return IllegalAction(f"{notation!r} is not an action of Pulsar 2849 now; legal: {sample}", "§9 Notation")


def system_label(s: PulsarState, node: int) -> str:
    if node in s.planets:
        return f"T{system_tiles()[s.tiles[node]].id}"
    return "?"
