"""What a Káosz Galaktika player reads beside the table (galaxis/core/client.py):
the prompt of every decision, the log in words with a card named only to a reader
who may know it (§8), the player panels and the end table (§5.6, §10.1).
Texts: data/client.yaml."""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

from galaxis.core import Action, Choice, Event, Fact, Game, ScoreBreakdown, ScoreRow, SeatPanel, piece_ref
from galaxis.core.client import PALETTE, TieCriterion, load_texts, tie_break_words
from galaxis.core.messages import fmt
from galaxis.games.kaosz.cards import pool
from galaxis.games.kaosz.state import KaoszState
from galaxis.games.kaosz.views import visible

DATA = Path(__file__).parent / "data"
# Decisions with no card to click: status-bar buttons (pass, end and the like).
BUTTONS = (
    "keep",
    "mulligan",
    "pass",
    "end",
    "draw",
    "tutor",
    "salvage",
    "go",
    "done",
    "back",
    "hold",
    "stop",
    "bomb",
    "demo",
    "boost",
    "let",
)
SECONDARY = ("pass", "end", "go", "done", "hold", "stop", "let", "keep")
# Moves that turn their card face up, so every reader learns it (§4.1 play, §4.3 pay).
REVEALING = ("play", "pay")


@cache
def texts() -> dict[str, Any]:
    return load_texts(DATA / "client.yaml")


def _t(lang: str) -> dict[str, Any]:
    data: dict[str, Any] = texts()["hu" if lang == "hu" else "en"]
    return data


def say(lang: str, group: str, key: str, **values: object) -> str:
    return fmt(lang, str(_t(lang)[group][key]), **values)


def card_name(s: KaoszState, uid: int, viewer: int | None, lang: str, reveal: bool = False) -> str:
    """A card as ``viewer`` may name it: its name if known (§8) or revealed by the move, else face down."""
    if 0 <= uid < len(s.cards) and (reveal or visible(s, uid, viewer)):
        card = pool()[s.cards[uid].name]
        return piece_ref(card.id, card.name if lang == "hu" else card.name_en)  # its picture on hover
    return str(_t(lang)["unknown"])


def _uids(action: Action) -> list[int]:
    return [int(w[1:]) for w in action.notation.split()[1:] if w.startswith("c") and w[1:].isdigit()]


def _seats(action: Action) -> list[int]:
    return [int(w[1:]) for w in action.notation.split()[1:] if w.startswith("p") and w[1:].isdigit()]


# --- the status bar -----------------------------------------------------------------------


def prompt(g: Game, s: KaoszState, seat: int | None, lang: str = "en") -> str:
    to_move = g.to_move(s)
    if not to_move or not s.pending:
        return say(lang, "log", "over")
    step = s.pending[-1]
    kind = step.kind
    texts_now = _t(lang)["prompt"]
    if seat not in to_move:
        what = texts_now["what"].get(kind, kind)
        return say(lang, "prompt", "other", seat=step.seat, what=what)
    if kind not in texts_now:
        return Game.default_of("prompt")(g, s, seat, lang)  # type: ignore[no-any-return]
    values: dict[str, object] = {}
    if kind == "discard":
        values["count"] = step.data.get("count", 1)
    if kind == "choose":
        values["card"] = card_name(s, step.data["card"], seat, lang)
    return f"{say(lang, 'prompt', kind, **values)}."


def choices(g: Game, s: KaoszState, seat: int, lang: str = "en") -> list[Choice]:
    """Keep, pass, end, draw, ready, done and the bombard choices as buttons (cards are on the table)."""
    out = []
    for a in g.legal_actions(s, seat):
        kind = a.args[0] if a.args else a.notation
        if kind in BUTTONS and a.notation == kind:
            style = "secondary" if kind in SECONDARY else "primary"
            out.append(Choice(say(lang, "buttons", kind), (a.notation,), style))
        elif kind == "sneak_back":  # §7 stealth: bombard instead of returning fire
            out.append(Choice(say(lang, "buttons", "sneak"), (a.notation,)))
        elif kind == "bonus":  # §6.3 the end-of-payment choice (Tüzér): one button per bonus
            uid, stat = a.args[1], a.args[2]
            n = next((k for e in pool()[s.cards[uid].name].effects for st, k in e.options if st == stat), 0)
            label = say(lang, "buttons", "bonus", n=n, stat=_t(lang)["stats"][stat])
            out.append(Choice(label, (a.notation,)))
    return out


# --- the log ------------------------------------------------------------------------------------


def log_line(
    g: Game, s: KaoszState, seat: int, action: Action, lang: str = "en", viewer: int | None = None
) -> str:
    """The sentence ``viewer`` reads (``s`` is the position before the move): a card is named only
    if the viewer knows it or the move turns it face up; a hidden choice names no card."""
    kind = action.args[0] if action.args else action.notation
    hidden = viewer != seat and not g.action_is_public(s, seat, action)
    if kind in ("take", "discard") and hidden:
        return say(lang, "log", f"{kind}_hidden", seat=seat)
    uids = _uids(action)
    names = [card_name(s, u, viewer, lang, reveal=(i == 0 and kind in REVEALING)) for i, u in enumerate(uids)]
    card = names[0] if names else ""
    if kind in ("down", "up") and uids and not visible(s, uids[0], viewer):
        kind = f"{kind}_hidden"  # "puts a card face down": no name to give
    other = names[1] if len(names) > 1 else ""
    extra = ""
    if kind in ("play", "down", "down_hidden", "use"):
        if other:
            extra = say(lang, "log", "on_card", card=other)
        elif _seats(action):
            extra = say(lang, "log", "at_seat", seat=_seats(action)[0])
    what = ""
    if kind == "attack":
        words = action.notation.split()[1:]
        targets = _t(lang)["targets"]
        what = ", ".join(
            targets.get(w)
            or (
                card_name(s, int(w[1:]), viewer, lang)
                if w.startswith("c") and w[1:].isdigit()
                else f"⟨{w[1:]}⟩"
            )
            for w in words
        )
    elif kind == "bonus":
        what = str(_t(lang)["stats"].get(action.notation.split()[-1], action.notation.split()[-1]))
    elif kind == "aim":
        what = card or (f"⟨{_seats(action)[0]}⟩" if _seats(action) else "")
    if kind not in _t(lang)["log"]:
        return f"⟨{seat}⟩: {action.notation if not hidden else '…'}"
    return say(lang, "log", kind, seat=seat, card=card, other=other, extra=extra, what=what)


def log_events(
    g: Game, s: KaoszState, events: list[Event], lang: str = "en", viewer: int | None = None
) -> list[str]:
    """Outcomes: eliminations, neutralised or fizzled cards (on the stack, so public), the end of a combat."""
    out = []
    for e in events:
        kind = e.get("type")
        if kind == "eliminated" and "seat" in e:
            out.append(say(lang, "log", "eliminated", seat=e["seat"]))
        elif kind in ("neutralized", "fizzle") and isinstance(e.get("card"), int):
            out.append(say(lang, "log", kind, card=card_name(s, e["card"], viewer, lang)))
        elif kind == "combat_end":
            out.append(say(lang, "log", "combat_end"))
        elif kind == "game_over":
            out.append(say(lang, "log", "over"))
    return out


# --- panels and the end table -----------------------------------------------------------------------


def seat_panels(g: Game, s: KaoszState, viewer: int | None, lang: str = "en") -> list[SeatPanel]:
    """Each player's credits and the sizes of hand, colony and wreck (public counts, §8)."""
    t = _t(lang)["panel"]
    over = s.phase == "over"
    scores = g.result(s).scores
    out = []
    for seat, p in enumerate(s.players):
        facts = [
            Fact(t["credits"], str(p.credits)),
            Fact(t["hand"], str(len(p.hand))),
            Fact(t["colony"], str(len(p.colony))),
            Fact(t["wreck"], str(len(p.wreck))),
        ]
        if p.kills:
            facts.append(Fact(t["kills"], str(p.kills)))
        if p.out:
            facts.append(Fact(t["out"], "✗"))
        colour, en, hu = PALETTE[seat % len(PALETTE)]
        out.append(
            SeatPanel(colour, hu if lang == "hu" else en, scores[seat] if over else None, tuple(facts))
        )
    return out


def score_breakdown(g: Game, s: KaoszState, viewer: int | None, lang: str = "en") -> ScoreBreakdown:
    """§5.6 / §10.1: survivors first, then eliminations, then who lasted longer, then colony size."""
    result = g.result(s)
    alive = tuple(0 if p.out else 1 for p in s.players)
    kills = tuple(p.kills for p in s.players)
    colony = tuple(len(p.colony) if not p.out else 0 for p in s.players)
    rows = (
        ScoreRow(say(lang, "score", "alive"), alive),
        ScoreRow(say(lang, "score", "kills"), kills),
        ScoreRow(say(lang, "score", "colony"), colony),
    )
    tie = texts()["tie"]
    criteria = [TieCriterion(tie[k][0], tie[k][1], v) for k, v in (("kills", kills), ("colony", colony))]
    totals = tuple(result.scores)
    ranking = tuple(tuple(grp) for grp in result.ranking)
    return ScoreBreakdown(rows, totals, ranking, tie_break_words(totals, ranking, criteria, lang))
