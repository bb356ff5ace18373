"""What a Space Empires player reads beside the map (galaxis/core/client.py): the prompt
of every phase and of the base game's decisions, status-bar buttons (the economic
choices grouped), player panels and the end table (the empire's value, §8).
Texts: data/client.yaml. Log sentences are the core's: ``describe`` for public moves,
"made a hidden move" for the secret economic choices (§7)."""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

from galaxis.core import Choice, Fact, Game, ScoreBreakdown, ScoreRow, SeatPanel
from galaxis.core.client import load_texts
from galaxis.core.messages import fmt
from galaxis.games.space_empires.base import board
from galaxis.games.space_empires.state import SEState
from galaxis.games.space_empires.views.draw import SEAT_COLOURS

DATA = Path(__file__).resolve().parent.parent / "data"
COLOURS = SEAT_COLOURS  # the map's counters and colonies (views/draw.py)
# Choices with many options behind one button (a chooser names them).
GROUPED = {"bid": "bid", "tech": "research", "first": "first"}
SECONDARY = ("end", "keep", "done", "hold", "conceal", "fight", "engage")
ALERT = ("scuttle_menu", "scuttle")
# Decisions whose targets are not drawn on the map: the ground battle's troopers (§10.1) are chosen on
# buttons.
OFF_MAP = ("gt",)


@cache
def texts() -> dict[str, Any]:
    return load_texts(DATA / "client.yaml")


def _t(lang: str) -> dict[str, Any]:
    data: dict[str, Any] = texts()["hu" if lang == "hu" else "en"]
    return data


def say(lang: str, group: str, key: str, **values: object) -> str:
    return fmt(lang, str(_t(lang)[group][key]), **values)


def prompt(g: Game, s: SEState, seat: int | None, lang: str = "en") -> str:
    """§4 movement, §7 the economic phase, §5 battle decisions; a system's own decision
    without a sentence here gets the core's."""
    to_move = g.to_move(s)
    if not to_move:
        return Game.default_of("prompt")(g, s, seat, lang)  # type: ignore[no-any-return]
    step = s.pending[-1] if s.pending else None
    texts_now = _t(lang)["prompt"]
    if seat not in to_move:
        kind = "step" if step is not None else (s.phase if s.phase in ("move", "econ", "combat") else "step")
        return say(lang, "prompt", "other", seat=to_move[0], what=_t(lang)["prompt"]["what"][kind])
    if step is not None:
        if step.kind in texts_now:
            return f"{say(lang, 'prompt', step.kind)}."
        return Game.default_of("prompt")(g, s, seat, lang)  # type: ignore[no-any-return]
    if s.phase == "econ":
        bidding = any(a.kind == "bid" for a in g.legal_actions(s, seat))
        return f"{say(lang, 'prompt', 'econ_bid' if bidding else 'econ')}."
    if s.phase == "move":
        return f"{say(lang, 'prompt', 'move')}."
    return Game.default_of("prompt")(g, s, seat, lang)  # type: ignore[no-any-return]


def choices(g: Game, s: SEState, seat: int, lang: str = "en") -> list[Choice]:
    """The decisions with no place on the map as buttons; bids, research and the first
    player each behind one button that opens a chooser."""
    out: list[Choice] = []
    grouped: dict[str, list[str]] = {}
    for a in g.legal_actions(s, seat):
        if a.kind in GROUPED:
            grouped.setdefault(GROUPED[a.kind], []).append(a.notation)
        elif not a.targets or a.kind in OFF_MAP:
            text = g.describe(s, a, lang)
            style = "secondary" if a.kind in SECONDARY else "alert" if a.kind in ALERT else "primary"
            out.append(Choice(text[:1].upper() + text[1:], (a.notation,), style))
    for key, notations in grouped.items():
        out.insert(0, Choice(say(lang, "buttons", key), tuple(notations)))
    return sorted(out, key=lambda c: c.style == "alert")  # rare, irreversible choices last (scuttling)


def seat_panels(g: Game, s: SEState, viewer: int | None, lang: str = "en") -> list[SeatPanel]:
    """Public facts of every empire (colonies, whether it is still in the game); the
    viewer's own construction points (§7: the others' are secret)."""
    t = _t(lang)["panel"]
    names = _t(lang)["colours"]
    over = g.is_over(s)
    scores = g.result(s).scores
    out = []
    for seat, p in enumerate(s.players):
        facts = [Fact(t["colonies"], str(sum(1 for c in s.colonies.values() if c.owner == seat)))]
        if seat == viewer:
            facts.append(Fact(t["cp"], str(p.cp)))
        if not p.alive:
            facts.append(Fact(t["out"], "✗"))
        if s.phase == "econ" and p.done:
            facts.append(Fact(t["done"], "✓"))
        out.append(
            SeatPanel(
                COLOURS[seat % len(COLOURS)],
                str(names[seat % len(names)]),
                scores[seat] if over else None,
                tuple(facts),
            )
        )
    return out


def score_breakdown(g: Game, s: SEState, viewer: int | None, lang: str = "en") -> ScoreBreakdown:
    """§8: the empire's value (colonies, the units alive at their CP cost, technology) and 1000
    for the winning side; the ranking is by that total."""
    result = g.result(s)
    n = len(s.players)
    colonies = tuple(
        sum(c.value for c in s.colonies.values() if c.owner == seat) if s.players[seat].alive else 0
        for seat in range(n)
    )
    fleet = tuple(
        sum(board.unit_cost(u.kind) for u in s.units.values() if u.owner == seat)
        if s.players[seat].alive
        else 0
        for seat in range(n)
    )
    tech = tuple(board.tech_value(s, seat) if s.players[seat].alive else 0 for seat in range(n))
    won = tuple(result.scores[seat] - (colonies[seat] + fleet[seat] + tech[seat]) for seat in range(n))
    rows = (
        ScoreRow(say(lang, "score", "won"), won),
        ScoreRow(say(lang, "score", "colonies"), colonies),
        ScoreRow(say(lang, "score", "fleet"), fleet),
        ScoreRow(say(lang, "score", "tech"), tech),
    )
    totals = tuple(result.scores)
    ranking = tuple(tuple(grp) for grp in result.ranking)
    tie = Game.default_of("score_breakdown")(g, s, viewer, lang).tie_break
    return ScoreBreakdown(rows, totals, ranking, tie, (say(lang, "score", "note_won"),))
