"""What each seat may know and read: observation, the hidden part (secret) and determinization
(§9), action descriptions and reasons for refusals (rules: docs/games/pulsar.md)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from galaxis.core import Action, IllegalAction, Rng
from galaxis.core.messages import fmt
from galaxis.games.pulsar import dice as dicemod
from galaxis.games.pulsar.conditions import (
    die_options,
    markers_left,
    patent_problem,
    project_problem,
    spec_value,
)
from galaxis.games.pulsar.data import (
    MSG,
    board,
    goals,
    hq_boards,
    row_bonus,
    system_tiles,
    tech_ids,
    terms,
    transmitters,
    words,
)
from galaxis.games.pulsar.flight import can_complete
from galaxis.games.pulsar.scoring import stations
from galaxis.games.pulsar.state import M_STOCK, PulsarState, changed

if TYPE_CHECKING:
    from galaxis.core import Game


def observation(game: Game, s: PulsarState, seat: int | None) -> dict[str, Any]:
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
                "markers_left": markers_left(p),
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
def _die(w: dict[str, Any], lang: str, spec: str, value: int) -> str:
    """The die spec (``3``, ``3+1``, ``r3``) in words: „a 3-as kockával”, "with the red die 3"."""
    red = spec.startswith("r")
    body = spec[1:] if red else spec
    face = int(body[0]) if body[:1].isdigit() else value
    mod = int(body[1:]) if len(body) > 1 else 0
    key = ("red_mod" if mod else "red") if red else ("mod" if mod else "plain")
    return fmt(lang, w["die"][key], v=face, mod=mod)


def describe(game: Game, s: PulsarState, action: Action, lang: str = "en") -> str:
    w = words(lang)
    act = w["act"]
    sizes = w["sizes"]
    a = action.args
    kind = a[0] if a else ""

    def die(spec: str) -> str:
        return _die(w, lang, spec, spec_value(spec))

    if kind == "pick":
        _, v, t, _mk = a
        move = (
            act["no_move"]
            if t < 0
            else fmt(lang, act["move"], track=w["tracks_on"]["ie"[t]], d=dicemod.distance(v, s.median))
        )
        return fmt(lang, act["pick"], v=v, move=move)
    if kind == "fly":
        return fmt(lang, act["fly"], v=spec_value(a[1]), die=die(a[1]))
    if kind == "gyro":
        return fmt(lang, act["gyro"], size=sizes[a[1]], die=die(a[2]))
    if kind == "flip":
        return fmt(lang, act["flip"], node=a[1], die=die(a[2]))
    if kind == "start":
        return fmt(lang, act["start"], size=sizes[a[1]], node=a[2])
    if kind in ("tx", "pay"):
        return fmt(lang, act[kind], tile=a[1], die=die(a[2]))
    if kind == "tech":
        return fmt(lang, act["tech"], tech=a[1], die=die(a[2]))
    if kind == "hq":
        return fmt(lang, act["hq"], slot=a[1], die=die(a[2]))
    if kind == "buy" and len(a) == 3:
        return fmt(lang, act["buy"], token="±1" if a[1] == "pm" else "+2", die=die(a[2]))
    if kind == "buy":
        return fmt(lang, act["buy_goal"], v=a[1])
    if kind == "copy" and s.copy_after and 0 <= s.actor < len(s.players) and s.players[s.actor].dice:
        return fmt(lang, act["copy_give_up"], v=a[1], dice=sorted(s.players[s.actor].dice))
    if kind in ("copy", "link", "side", "count"):
        return fmt(lang, act[kind], v=a[1])
    if kind == "hop":
        return fmt(lang, act["hop"], node=a[1])
    if kind == "race":
        return fmt(lang, act["race"], colour=w["colours"][a[2]])
    if kind == "take":
        return fmt(lang, act["take"], size=sizes[a[1]])
    if kind == "target":
        return fmt(lang, act["target"], node=a[1])
    if kind == "attach":
        return fmt(lang, act["attach"], tile=a[1])
    if kind == "join":
        return fmt(lang, act["join"], where=action.notation.split()[1])
    if kind == "gate":
        return fmt(lang, act["gate"], node=a[1])
    if kind == "convert":
        if a[1] in transmitters():
            return fmt(lang, act["convert"], tile=a[1])
        return fmt(lang, act["convert_tech"], v=a[1])
    if kind in act:
        return fmt(lang, act[kind])
    return action.notation


def goal_text(gid: int, lang: str, goal4_any: bool = False) -> str:
    """A goal in words: "goal 5: 3 transmitters online → 4 points"."""
    w = terms().get(lang, terms()["en"])
    g = goals()[gid]
    kind = "any_size_any" if g.kind == "any_size" and goal4_any else g.kind
    condition = fmt(lang, w["goal_kinds"][kind], count=g.count)
    return fmt(lang, w["goal"], id=gid, condition=condition, vp=g.vp)


# ---------------------------------------------------------------------- explain
WHAT = {
    "side": "what_side",
    "gate": "what_gate",
    "fly": "what_fly",
    "race": "what_race",
    "gyro": "what_gyro",
    "iso": "what_iso",
    "teleport": "what_teleport",
    "station": "what_station",
    "discovery": "what_discovery",
    "join": "what_join",
    "link": "what_link",
    "convert": "what_convert",
    "found": "what_found",
    "claim": "what_claim",
    "final": "what_final",
}
WHAT_RULES = {
    "fly": "§4.2 Flight",
    "race": "§5.6 Gate races",
    "discovery": "§4.3 Systems",
    "join": "§5.3 Transmitters",
    "convert": "§6.4 Transmitters",
    "found": "§4.3 Systems (A5)",
    "claim": "§4.4 Pulsars",
    "final": "§7 Final scoring",
    "side": "§2 Setup",
    "gate": "§2 Setup",
}
REASONS = {
    "fly": ("flight_die", "§4.2 Flight"),
    "gyro": ("gyro_cost", "§5.1 Gyrodynes"),
    "flip": ("flip_cost", "§5.2 Gyrodynes"),
    "start": ("start_where", "§5.2 Gyrodynes"),
    "tx": ("tx_cost", "§5.3 Transmitters"),
    "pay": ("tx_pay", "§5.3 Transmitters"),
    "tech": ("tech_open", "§5.5 Technologies"),
    "hq": ("hq_open", "§5.6 HQ"),
    "buy": ("token_cost", "§5.4 Modifier tokens"),
    "copy": ("copy_once", "§4.5 Bonus dice"),
    "drop": ("no_bonus_die", "§4.5 Bonus dice"),
    "end": ("link_first", "§4.5 Bonus dice"),
}


def explain(game: Game, s: PulsarState, seat: int, notation: str) -> IllegalAction:
    words = notation.split()
    head = words[0] if words else ""
    top = s.pending[-1] if s.pending else None
    if top is not None:
        if top.seat != seat:
            return MSG.illegal("decides_first", "core: turn order", seat=top.seat)
        return MSG.illegal(
            "not_the_answer",
            WHAT_RULES.get(top.kind, "§5.7 Rewards"),
            notation=notation,
            what=MSG(WHAT[top.kind]),
        )
    if s.phase == "dice":
        if head[:1].isdigit():
            if int(head[0]) not in s.pool:
                return MSG.illegal("no_such_die", "§3.3 Picking dice", value=int(head[0]))
            return MSG.illegal("pick_marker", "§3.4 Track ends (A1)")
        return MSG.illegal("pick_a_die", "§3.3 Picking dice")
    if s.phase != "action":
        return MSG.illegal("nothing_now", "core: legal actions")
    p = s.players[seat]
    vals = die_options(p)
    spec = words[-1] if len(words) >= 2 else ""
    spec_ok = any(spec in specs for specs in vals.values())
    needs_die = head in ("fly", "gyro", "flip", "tx", "pay", "tech", "hq", "buy")
    if needs_die and not spec_ok:
        if p.red_now:
            return MSG.illegal("link_die_first", "§4.5 Bonus dice")
        return MSG.illegal("not_your_die", "§4.1 Dice and modifiers", spec=spec)
    if head == "fly":
        v = spec_value(spec)
        if not can_complete(board(s.board), p.ship, set(), v):
            return MSG.illegal("no_flight", "§4.2 Flight", value=v, start=p.ship)
    if head == "tech" and len(words) == 3:
        problem = patent_problem(s, seat, words[1])
        if problem:
            return IllegalAction(problem[0], MSG.rule(problem[1]))
        tech = tech_ids(s.tech_boards)[words[1]]
        return MSG.illegal("tech_cost", "§4.1 Exact values", tech=words[1], cost=tech.cost)
    if head == "hq" and len(words) == 3 and words[1].isdigit() and 1 <= int(words[1]) <= 8:
        problem = project_problem(s, seat, int(words[1]))
        if problem:
            return IllegalAction(problem[0], MSG.rule(problem[1]))
        cost = hq_boards()[p.hq_side].projects[int(words[1])].cost
        return MSG.illegal("project_cost", "§4.1 Exact values", slot=int(words[1]), cost=cost)
    if head in REASONS:
        msg_id, rule = REASONS[head]
        return MSG.illegal(msg_id, rule)
    legal = game.legal_actions(s, seat)
    sample = ", ".join(a.notation for a in legal[:10]) + (" …" if len(legal) > 10 else "")
    return MSG.illegal("not_an_action", "§9 Notation", notation=notation, sample=sample)


def system_label(s: PulsarState, node: int) -> str:
    if node in s.planets:
        return f"T{system_tiles()[s.tiles[node]].id}"
    return "?"


def secret(game: Game, state: PulsarState, viewer: int | None) -> Any:
    s = state
    return {
        "tiles": {str(n): t for n, t in sorted(s.tiles.items()) if n not in s.planets},
        "box": s.box_tile,
        "explore_pile": list(s.explore_pile),
        "tx_stack": list(s.tx_stack),
    }


def determinize(game: Game, state: PulsarState, seat: int | None, rng: Rng) -> PulsarState:
    """Re-deals the face-down system tiles (with the box tile), the exploration pile and
    the transmitter stack within each letter; what has been seen stays."""
    s = state
    changed(s, M_STOCK)  # the piles' order (their counts, all that is encoded, stay)
    hidden = sorted(n for n in s.tiles if n not in s.planets)
    unseen = sorted([s.tiles[n] for n in hidden] + [s.box_tile])
    rng.shuffle(unseen)
    for n, t in zip(hidden, unseen, strict=False):
        s.tiles[n] = t
    s.box_tile = unseen[-1]
    pile = sorted(s.explore_pile)
    rng.shuffle(pile)
    s.explore_pile = pile
    for letter in "ABC":
        where = [i for i, tid in enumerate(s.tx_stack) if tid[0] == letter]
        group = sorted(s.tx_stack[i] for i in where)
        rng.shuffle(group)
        for i, tid in zip(where, group, strict=True):
            s.tx_stack[i] = tid
    return s
