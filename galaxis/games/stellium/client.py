"""What a Stellium player reads beside the board (galaxis/core/client.py): the
prompt of every step of a turn (§4–§7), the log in words, the player panels and
the end table (§8). Texts: data/client.yaml; game words: data/terms.yaml."""

from __future__ import annotations

from functools import cache
from typing import Any

from galaxis.core import Action, Choice, Event, Fact, Game, ScoreBreakdown, ScoreRow, SeatPanel
from galaxis.core.client import PALETTE, TieCriterion, load_texts, tie_break_words
from galaxis.core.messages import fmt
from galaxis.games.stellium import scoring
from galaxis.games.stellium.data import DATA, TYPES, geometry, terms
from galaxis.games.stellium.scoring import won_points
from galaxis.games.stellium.state import StelliumState

DIRS = ("E", "NE", "NW", "W", "SW", "SE")


@cache
def texts() -> dict[str, Any]:
    return load_texts(DATA / "client.yaml")


def _say(lang: str, group: str, key: str, **values: object) -> str:
    return fmt(lang, str(texts()["hu" if lang == "hu" else "en"][group][key]), **values)


def _w(lang: str) -> dict[str, Any]:
    data: dict[str, Any] = terms().get(lang, terms()["en"])
    return data


# --- the status bar ---------------------------------------------------------------------


def prompt(g: Game, s: StelliumState, seat: int | None, lang: str = "en") -> str:
    """The pending step of the turn (§4 take, validate, draw, place, effect; §5 effects; §7 refill)."""
    to_move = g.to_move(s)
    if not to_move:
        return _say(lang, "log", "over")
    step = s.pending[-1]
    w = _w(lang)
    if seat not in to_move:
        return _say(lang, "prompt", "other", seat=step.seat, step=w["steps"].get(step.kind, step.kind))
    kind = step.kind
    if kind == "take":
        full = any(a.args[0] == "discard" for a in g.legal_actions(s, step.seat))
        key = "take_full" if full else "take"
    elif kind == "match":
        return f"{_say(lang, 'prompt', 'match', card=step.data['card'])}."
    elif kind == "draw":
        key = {"choose": "draw", "random": "draw_random", "touch": "draw_touch"}[s.draw]
    elif kind == "place":
        if s.in_hand == "b":
            key = "place_comet"
        else:
            return f"{_say(lang, 'prompt', 'place', type=w['types'].get(s.in_hand, '?'))}."
    elif kind == "effect":
        if step.data["forced"]:
            key = "effect_forced"
        else:
            marble = s.board[step.data["cell"]]
            text = _say(lang, "prompt", "effect", effect=w["effects"][marble], type=w["types"][marble])
            return f"{text}."
    elif kind == "permute":
        return f"{_say(lang, 'prompt', 'permute', type=w['types'][step.data['kind']])}."
    elif kind == "refill_cell":
        return f"{_say(lang, 'prompt', 'refill_cell', type=w['types'][step.data['type']])}."
    else:
        key = kind
    return f"{_say(lang, 'prompt', key)}."


def choices(g: Game, s: StelliumState, seat: int, lang: str = "en") -> list[Choice]:
    """Everything that is not a hole, a marble or a card: passing, effects and tokens,
    directions, rotations and marble types, as labelled buttons."""
    w = _w(lang)
    out = []
    step = s.pending[-1] if s.pending else None
    for a in g.legal_actions(s, seat):
        what = a.args[0]
        if what in ("pass", "stop", "none"):
            out.append(Choice(_say(lang, "buttons", what), (a.notation,), "secondary"))
        elif what == "effect" and step is not None:
            effect = w["effects"][s.board[step.data["cell"]]]
            out.append(Choice(_say(lang, "buttons", "effect", effect=effect), (a.notation,)))
        elif what == "token":
            out.append(Choice(_say(lang, "buttons", "token", effect=w["effects"][a.args[1]]), (a.notation,)))
        elif what == "dir":
            out.append(
                Choice(_say(lang, "buttons", "dir", dir=w["dir_names"][DIRS[a.args[1]]]), (a.notation,))
            )
        elif what == "turn":
            k = a.args[1]
            out.append(Choice(_say(lang, "buttons", "turn", k=k, deg=60 * k), (a.notation,)))
        elif what == "draw":
            key = {"choose": "draw", "random": "draw_random", "touch": "touch"}[s.draw]
            out.append(Choice(_say(lang, "buttons", key, type=w["types"][a.args[1]]), (a.notation,)))
        elif what == "pick":
            out.append(Choice(_say(lang, "buttons", "pick", type=w["types"][a.args[1]]), (a.notation,)))
    if s.draw == "random":  # a blind draw: one button, whatever type comes out
        draws = tuple(c.actions[0] for c in out if c.actions[0].startswith("draw "))
        if draws:
            out = [c for c in out if not c.actions[0].startswith("draw ")]
            out.append(Choice(_say(lang, "buttons", "draw_random"), draws[:1]))
    return out


# --- the log --------------------------------------------------------------------------------


def log_line(
    g: Game, s: StelliumState, seat: int, action: Action, lang: str = "en", viewer: int | None = None
) -> str:
    """The sentence every viewer reads; with secret objectives a discard names no card (§11)."""
    w = _w(lang)
    what = action.args[0] if action.args else ""
    step = s.pending[-1] if s.pending else None
    labels = geometry(s.layout).labels
    if what == "discard" and not g.action_is_public(s, seat, action) and viewer != seat:
        return _say(lang, "log", "discard_hidden", seat=seat)
    if what in ("take", "discard", "validate"):
        return _say(lang, "log", what, seat=seat, card=action.args[1])
    if what in ("pass", "stop", "none"):
        return _say(lang, "log", what, seat=seat)
    if what == "draw":
        return _say(
            lang, "log", "touch" if s.draw == "touch" else "draw", seat=seat, type=w["types"][action.args[1]]
        )
    if what == "pick":
        return _say(lang, "log", "pick", seat=seat, type=w["types"][action.args[1]])
    if what == "token":
        return _say(lang, "log", "token", seat=seat, effect=w["effects"][action.args[1]])
    if what == "effect" and step is not None:
        return _say(lang, "log", "effect", seat=seat, effect=w["effects"][s.board[step.data["cell"]]])
    if what == "dir":
        return _say(lang, "log", "dir", seat=seat, dir=w["dir_names"][DIRS[action.args[1]]])
    if what == "turn":
        return _say(lang, "log", "turn", seat=seat, deg=60 * action.args[1])
    if what == "match":
        return _say(lang, "log", "match", seat=seat, cells=[labels[c] for c in action.args[1]])
    if what == "cell" and step is not None:
        cell = labels[action.args[1]]
        if step.kind == "place":
            key = "collide" if s.board[action.args[1]] else "place"
            return _say(lang, "log", key, seat=seat, type=w["types"].get(s.in_hand, "?"), cell=cell)
        if step.kind == "permute":
            return _say(lang, "log", "permute", seat=seat, type=w["types"][step.data["kind"]], cell=cell)
        key = {"refill_cell": "refill"}.get(step.kind, step.kind)
        return _say(lang, "log", key, seat=seat, cell=cell)
    return f"⟨{seat}⟩: {g.describe(s, action, lang)}"


def log_events(
    g: Game, s: StelliumState, events: list[Event], lang: str = "en", viewer: int | None = None
) -> list[str]:
    """Outcomes: a blind draw's marble, points scored, marbles pushed off, the last round, refills."""
    w = _w(lang)
    out = []
    for e in events:
        kind = e.get("type")
        if kind == "draw" and s.draw != "choose":
            out.append(_say(lang, "log", "drawn", seat=e["seat"], type=w["types"][e["marble"]]))
        elif kind == "validate":
            out.append(_say(lang, "log", "scored", seat=e["seat"], points=e["points"], card=e["card"]))
        elif kind == "ejected":
            out.append(_say(lang, "log", "ejected", type=w["types"][e["marble"]], cell=e["from"]))
        elif kind == "last_round":
            out.append(_say(lang, "log", "last_round", n=e["turns_left"]))
        elif kind == "galaxy_empty":
            out.append(_say(lang, "log", "galaxy_empty", disc=e["disc"]))
        elif kind == "game_over":
            out.append(_say(lang, "log", "over"))
    return out


# --- panels and the end table -------------------------------------------------------------


def seat_panels(g: Game, s: StelliumState, viewer: int | None, lang: str = "en") -> list[SeatPanel]:
    """Each player's held and validated objectives, card points and influence tokens (all public,
    except held cards' names with secret objectives)."""
    w = _w(lang)
    t = texts()["hu" if lang == "hu" else "en"]["panel"]
    scores = g.result(s).scores
    out = []
    for seat, p in enumerate(s.players):
        open_cards = not s.secret_hands or viewer == seat
        held = ", ".join(p.held) if open_cards and p.held else str(len(p.held))
        facts = [
            Fact(t["held"], held),
            Fact(t["won"], ", ".join(p.won) or "–"),
            Fact(t["points"], str(p.points)),
            Fact(t["tokens"], ", ".join(w["effects"][m] for m in TYPES if m in p.tokens) or "–"),
        ]
        if p.reached >= 0:
            facts.append(Fact(t["target_reached"], "✓"))
        colour, en, hu = PALETTE[seat % len(PALETTE)]
        out.append(SeatPanel(colour, hu if lang == "hu" else en, scores[seat], tuple(facts)))
    return out


def _won_cards(s: StelliumState, seat: int) -> str:
    """A seat's validated cards with their points: "C05 +3, C13 +5" (§8)."""
    points = won_points(s, seat)
    return ", ".join(f"{c} +{points[c]}" if c in points else c for c in s.players[seat].won) or "–"


def score_breakdown(g: Game, s: StelliumState, viewer: int | None, lang: str = "en") -> ScoreBreakdown:
    """§8: validated cards, unused tokens, the colour bonus; ties to whoever reached the target first."""
    rows = scoring.breakdown(s)
    result = g.result(s)
    parts = (
        ScoreRow(
            _say(lang, "score", "which_cards"),
            tuple(_won_cards(s, seat) for seat in range(len(s.players))),
            _say(lang, "score", "cards_tip"),
        ),
        ScoreRow(
            _say(lang, "score", "cards"), tuple(r["cards"] for r in rows), _say(lang, "score", "cards_tip")
        ),
        ScoreRow(
            _say(lang, "score", "tokens"), tuple(r["tokens"] for r in rows), _say(lang, "score", "tokens_tip")
        ),
        ScoreRow(
            _say(lang, "score", "colour_bonus"),
            tuple(r["colour_bonus"] for r in rows),
            _say(lang, "score", "colour_bonus_tip"),
        ),
    )
    tie = texts()["tie"]["reached"]
    reached = tuple(r["reached"] + 1 if r["reached"] >= 0 else "–" for r in rows)
    totals = tuple(result.scores)
    ranking = tuple(tuple(grp) for grp in result.ranking)
    notes = (_say(lang, "score", "no_winner"),) if result.details.get("no_winner") else ()
    words = tie_break_words(totals, ranking, [TieCriterion(tie[0], tie[1], reached)], lang)
    return ScoreBreakdown(parts, totals, ranking, words, notes)
