"""What a Pulsar 2849 player reads beside the board (galaxis/core/client.py): the
prompt of every phase and step, the log in words, the player panels and the end
table (§7). Texts: data/client.yaml; game words: data/terms.yaml."""

from __future__ import annotations

from functools import cache
from typing import Any

from galaxis.core import Action, Choice, Event, Fact, Game, ScoreBreakdown, ScoreRow, SeatPanel
from galaxis.core.client import TieCriterion, load_texts, tie_break_words
from galaxis.core.messages import fmt
from galaxis.games.pulsar import dice as dicemod
from galaxis.games.pulsar.conditions import spec_value
from galaxis.games.pulsar.data import DATA, terms
from galaxis.games.pulsar.scoring import final_parts, final_turn_order
from galaxis.games.pulsar.state import PulsarState

# The players' colours on the map (svg.py) and their names.
SEAT_COLOURS = (
    ("#d33a2c", "red", "piros"),
    ("#2f62c9", "blue", "kék"),
    ("#e8c21a", "yellow", "sárga"),
    ("#2e9e3e", "green", "zöld"),
)
BUTTONS = ("end", "done", "norace", "skip", "found", "claim", "noclaim", "new", "bonus", "explore", "drop")
SECONDARY = ("end", "done", "norace", "skip", "noclaim", "drop")


@cache
def texts() -> dict[str, Any]:
    return load_texts(DATA / "client.yaml")


def _say(lang: str, group: str, key: str, **values: object) -> str:
    return fmt(lang, str(texts()["hu" if lang == "hu" else "en"][group][key]), **values)


def _w(lang: str) -> dict[str, Any]:
    data: dict[str, Any] = terms().get(lang, terms()["en"])
    return data


# --- the status bar ---------------------------------------------------------------------------


def prompt(g: Game, s: PulsarState, seat: int | None, lang: str = "en") -> str:
    """§2 set-up choices, §3 the dice phase, §4–§6 actions and their steps, §7 final scoring."""
    to_move = g.to_move(s)
    if not to_move:
        return _say(lang, "log", "over")
    mover = to_move[0]
    step = s.pending[-1] if s.pending else None
    if seat != mover:
        if step is not None:
            return _say(lang, "prompt", "other", seat=mover, what=_step_text(s, step, lang))
        return _say(lang, "prompt", "other_dice" if s.phase == "dice" else "other_action", seat=mover)
    if step is None:
        if s.phase == "dice":
            return f"{_say(lang, 'prompt', 'dice')}."
        return f"{_say(lang, 'prompt', 'action_link' if s.players[seat].red_now else 'action')}."
    return f"{_step_text(s, step, lang)}."


def _step_text(s: PulsarState, step: Any, lang: str) -> str:
    if step.kind == "fly":
        return _say(lang, "prompt", "fly", left=step.data["left"])
    if step.kind == "final" and step.data.get("pick"):
        return _say(lang, "prompt", "final_pick")
    return _say(lang, "prompt", str(step.kind))


def choices(g: Game, s: PulsarState, seat: int, lang: str = "en") -> list[Choice]:
    """Ending the turn, declining, and the choices with no place on the map, as buttons."""
    out = []
    for a in g.legal_actions(s, seat):
        kind = a.args[0] if a.args else a.notation
        if kind in BUTTONS:
            style = "secondary" if kind in SECONDARY else "primary"
            out.append(Choice(_say(lang, "choices", kind), (a.notation,), style))
        elif not a.targets:
            out.append(Choice(g.describe(s, a, lang), (a.notation,)))
    return out


# --- the log --------------------------------------------------------------------------------------


def log_line(
    g: Game, s: PulsarState, seat: int, action: Action, lang: str = "en", viewer: int | None = None
) -> str:
    """The sentence every viewer reads: a Pulsar move is made on the open table."""
    w = _w(lang)
    a = action.args
    kind = a[0] if a else action.notation
    sizes = w["sizes"]
    if kind == "pick":
        _, v, t, _mk = a
        move = ""
        if t >= 0:
            move = _say(lang, "log", "move", track=w["tracks_on"]["ie"[t]], d=dicemod.distance(v, s.median))
        return _say(lang, "log", "pick", seat=seat, v=v, move=move)
    values: dict[str, object] = {}
    if kind == "fly":
        values = {"v": spec_value(a[1])}
    elif kind in ("gyro", "take"):
        values = {"size": sizes[a[1]]}
    elif kind in ("flip", "hop", "target", "gate"):
        values = {"node": a[1]}
    elif kind == "start":
        values = {"size": sizes[a[1]], "node": a[2]}
    elif kind in ("tx", "pay", "attach"):
        values = {"tile": a[1]}
    elif kind == "tech":
        values = {"tech": a[1]}
    elif kind == "hq":
        values = {"slot": a[1]}
    elif kind == "buy" and len(a) == 3:
        values = {"token": "±1" if a[1] == "pm" else "+2"}
    elif kind == "buy":
        kind, values = "buy_goal", {"v": a[1]}
    elif kind in ("copy", "link", "side", "count"):
        values = {"v": a[1]}
    elif kind == "race":
        values = {"colour": w["colours"][a[2]]}
    elif kind == "join":
        values = {"where": action.notation.split()[1]}
    elif kind == "convert" and a[1] not in _transmitter_ids():
        kind, values = "convert_tech", {"v": a[1]}
    elif kind == "convert":
        values = {"tile": a[1]}
    if kind not in texts()["en"]["log"]:
        return f"⟨{seat}⟩: {g.describe(s, action, lang)}"
    return _say(lang, "log", kind, seat=seat, **values)


@cache
def _transmitter_ids() -> frozenset[str]:
    from galaxis.games.pulsar.data import transmitters

    return frozenset(transmitters())


def log_events(
    g: Game, s: PulsarState, events: list[Event], lang: str = "en", viewer: int | None = None
) -> list[str]:
    """Outcomes: the dice roll of a round, every point scored and why, the final scoring."""
    out = []
    parts = texts()["hu" if lang == "hu" else "en"]["log"]["parts"]
    for e in events:
        kind = e.get("type")
        if kind == "roll":
            median = dicemod.median_value(e["median"]) if isinstance(e["median"], int) else e["median"]
            out.append(
                _say(
                    lang, "log", "roll", round=e["round"], dice=", ".join(map(str, e["dice"])), median=median
                )
            )
        elif kind == "final_scoring":
            out.append(_say(lang, "log", "final_scoring"))
        elif kind == "game_over":
            out.append(_say(lang, "log", "over"))
        elif e.get("vp") and "seat" in e:
            why = _why(e, lang, parts)
            if why:
                out.append(_say(lang, "log", "vp", seat=e["seat"], vp=e["vp"], why=why))
    return out


def _why(e: Event, lang: str, parts: dict[str, str]) -> str:
    kind = e["type"]
    if kind == "engineering":
        return _say(lang, "log", "why_engineering")
    if kind == "penalty":
        return _say(lang, "log", "why_penalty")
    if kind == "spin":
        return _say(lang, "log", "why_spin")
    if kind == "tech_vp":
        return _say(lang, "log", "why_tech", tech=e["tech"])
    if kind == "goal":
        return _say(lang, "log", "why_goal", goal=e["goal"])
    if kind == "goal_bonus":
        return _say(lang, "log", "why_goal_bonus", goal=e["goal"])
    if kind == "convert":
        return _say(lang, "log", "why_convert", tile=e["tile"])
    if kind == "award":
        return _say(lang, "log", "why_award")
    if kind == "final":
        return _say(lang, "log", "why_final", part=parts.get(e["part"], e["part"]))
    return ""


# --- panels and the end table ---------------------------------------------------------------------


def seat_panels(g: Game, s: PulsarState, viewer: int | None, lang: str = "en") -> list[SeatPanel]:
    """Each player's points, cubes, dice, tokens and what they have built (all public)."""
    t = texts()["hu" if lang == "hu" else "en"]["panel"]
    w = _w(lang)
    out = []
    for seat, p in enumerate(s.players):
        dice = [str(d) for d in p.dice] + ([f"{p.red}*"] if p.red >= 0 else [])
        facts = [
            Fact(t["cubes"], str(p.cubes)),
            Fact(t["dice"], " ".join(dice) or "–"),
            Fact(t["tokens"], f"±1×{p.pm}, +2×{p.p2}"),
            Fact(t["pulsars"], str(sum(1 for o in s.owner.values() if o == seat))),
            Fact(t["held"], " ".join(w["sizes"][x] for x in p.held) or "–"),
            Fact(t["online"], str(len(p.online))),
            Fact(t["patents"], ", ".join(p.patents) or "–"),
        ]
        if p.hq:
            facts.append(Fact(t["hq"], ", ".join(str(x) for x in p.hq_done) or "–"))
        colour, en, hu = SEAT_COLOURS[seat % len(SEAT_COLOURS)]
        out.append(SeatPanel(colour, hu if lang == "hu" else en, float(p.score), tuple(facts)))
    return out


def score_breakdown(g: Game, s: PulsarState, viewer: int | None, lang: str = "en") -> ScoreBreakdown:
    """§7 step by step: end-game technologies, goals and their bonuses (recorded as they
    scored), lone pulsars, unfinished gyrodynes, cube pairs, the final turn order and stations
    (recomputed from the final position), and the points gathered before; ties by the turn
    order (A3)."""
    result = g.result(s)
    totals = tuple(result.scores)
    n = s.n
    parts = [final_parts(s, seat) for seat in range(n)]
    order_vp = final_turn_order(s)
    players = s.players
    final_sum = [
        sum(parts[seat].values()) + order_vp[seat] + players[seat].end_techs + players[seat].end_goals
        for seat in range(n)
    ]

    def row(key: str, values: tuple[float | str, ...]) -> ScoreRow:
        return ScoreRow(_say(lang, "score", key), values, _say(lang, "score_tips", key))

    rows = [
        row("during", tuple(totals[seat] - final_sum[seat] for seat in range(n))),
        row("techs", tuple(p.end_techs for p in players)),
        row("goals", tuple(p.end_goals for p in players)),
    ]
    rows += [
        row(key, tuple(parts[seat][key] for seat in range(n))) for key in ("pulsars", "gyrodynes", "cubes")
    ]
    rows.append(row("turn_order", tuple(order_vp)))
    rows.append(row("stations", tuple(parts[seat]["stations"] for seat in range(n))))
    ranking = tuple(tuple(grp) for grp in result.ranking)
    tie = texts()["tie"]["order"]
    place = tuple(s.order.index(seat) + 1 for seat in range(n))
    words = tie_break_words(totals, ranking, [TieCriterion(tie[0], tie[1], place)], lang)
    return ScoreBreakdown(tuple(rows), totals, ranking, words)
