"""What a Space Smugglers player reads beside the board (galaxis/core/client.py):
the status-bar prompt of every decision, the log in words, the player panels and
the end table. Everything on the Smugglers table is open (§D8): only the face-down
galaxies are hidden, and nothing here reads them. Texts: data/client.yaml."""

from __future__ import annotations

from functools import cache
from typing import Any

from galaxis.core import Action, Choice, Event, Fact, Game, ScoreBreakdown, ScoreRow, SeatPanel, join_seats
from galaxis.core.client import TieCriterion, load_texts, tie_break_words
from galaxis.core.messages import fmt
from galaxis.games.smugglers import scoring
from galaxis.games.smugglers.data import COLOURS, DATA, sectors, sheets, terms
from galaxis.games.smugglers.state import SmugglersState

LETTERS = "ABCDEF"
SEAT_FILL = {
    "orange": "#f28c1e",
    "black": "#222222",
    "white": "#f4f4f4",
    "pink": "#f27ab0",
    "brown": "#8a5a2b",
    "purple": "#8b4fc9",
}


@cache
def texts() -> dict[str, Any]:
    return load_texts(DATA / "client.yaml")


def _t(lang: str) -> dict[str, Any]:
    data: dict[str, Any] = texts()["hu" if lang == "hu" else "en"]
    return data


def _words(lang: str) -> dict[str, Any]:
    all_terms = terms()
    data: dict[str, Any] = all_terms.get(lang, all_terms["en"])
    return data


def _say(lang: str, group: str, key: str, **values: object) -> str:
    """A client text in ``lang``, with the Hungarian grammar of ``galaxis.core.messages.fmt``."""
    return fmt(lang, str(_t(lang)[group][key]), **values)


# --- the status bar ---------------------------------------------------------------


def prompt(g: Game, s: SmugglersState, seat: int | None, lang: str = "en") -> str:
    """§3.2 bidding, §3.4 payment, §3.5 refill: what the seat decides now, or whom the table waits for."""
    to_move = g.to_move(s)
    if not to_move:
        return _say(lang, "log", "over")
    if seat is None or seat not in to_move:
        return _waiting(s, to_move, lang)
    p = s.players[seat]
    if s.phase == "bid":
        kinds = {a.kind for a in g.legal_actions(s, seat)}
        text = _say(lang, "prompt", "bid" if "bid" in kinds else "bid_token_only")
        if "wait" in kinds:
            text += _say(lang, "prompt", "or_wait")
        return f"{text}."
    if s.phase == "pay":
        cards = [LETTERS[i] for i, _cost in p.won]
        optional = _say(lang, "prompt", "pay_optional") if s.payment_optional else ""
        key = "pay"
        if s.energy_first:  # §3.4 the energy first, then the goods
            key = "pay_energy" if any(a.kind == "energy" for a in g.legal_actions(s, seat)) else "pay_goods"
        return f"{_say(lang, 'prompt', key, cards=cards)}{optional}."
    step = s.pending[-1]
    if step.kind == "dump":
        return f"{_say(lang, 'prompt', 'dump')}."
    key = {"": "refill", "e": "refill_e", "g": "refill_g"}[step.data["kind"]]
    return f"{_say(lang, 'prompt', key, left=step.data['left'])}."


def _waiting(s: SmugglersState, to_move: tuple[int, ...], lang: str) -> str:
    if s.phase == "bid":
        if len(to_move) > 1:
            return _say(lang, "prompt", "others_bid", seats=join_seats(to_move, lang))
        return _say(lang, "prompt", "other_bid", seat=to_move[0])
    if s.phase == "pay":
        return _say(lang, "prompt", "other_pay", seat=to_move[0])
    kind = s.pending[-1].kind if s.pending else "refill"
    return _say(lang, "prompt", "other_dump" if kind == "dump" else "other_refill", seat=to_move[0])


def choices(g: Game, s: SmugglersState, seat: int, lang: str = "en") -> list[Choice]:
    """Wait, Done and giving sectors up as buttons (the board has the dice, tokens and goods)."""
    legal = {a.notation for a in g.legal_actions(s, seat)}
    style = {"wait": "secondary", "done": "secondary", "forfeit": "alert"}
    return [Choice(_say(lang, "buttons", name), (name,), style[name]) for name in style if name in legal]


# --- the log -------------------------------------------------------------------------


def log_line(
    g: Game, s: SmugglersState, seat: int, action: Action, lang: str = "en", viewer: int | None = None
) -> str:
    """The sentence every viewer reads (every Smugglers action is public, §D8)."""
    kind = action.args[0]
    if kind == "bid":
        _, card, value = action.args
        return _say(lang, "log", "bid", seat=seat, value=value, card=LETTERS[card])
    if kind == "token":
        return _say(lang, "log", "token", seat=seat, value=action.args[1])
    if kind == "pay":
        return _pay_line(s, seat, action, lang)
    if kind == "energy":
        row_index = action.args[1]
        cost = next(c for i, c in s.players[seat].won if i == row_index)
        return _say(lang, "log", "energy", seat=seat, card=LETTERS[row_index], cost=cost)
    if kind in ("take", "give"):
        return _say(lang, "log", kind, seat=seat, item=_t(lang)["items"][action.args[1]])
    return _say(lang, "log", kind, seat=seat)


def _pay_line(s: SmugglersState, seat: int, action: Action, lang: str) -> str:
    """§3.4: the energy (the die's cost) and the goods given for the ships, as _pay gives them."""
    colours = _words(lang)["colours"]
    _, row_index, skip, combo = action.args
    cost = next(c for i, c in s.players[seat].won if i == row_index)
    given = [0, 0, 0, 0]
    skipped = False
    for ship in sectors()[s.row[row_index]].ships:
        if ship == "x":
            continue
        if ship == skip and not skipped:
            skipped = True
            continue
        given[COLOURS.index(ship)] += 1
    for c in combo:
        given[c] += 1
    feed = s.energy_first and cost == 0  # the energy was paid first: only goods now
    parts = [] if feed else [_say(lang, "log", "energy_n", n=cost)]
    goods = [_say(lang, "log", "goods_n", n=n, colour=colours[COLOURS[c]]) for c, n in enumerate(given) if n]
    if goods:
        parts.append(_say(lang, "log", "goods", list=goods))
    if skip:
        parts.append(
            _say(lang, "log", "skip_x") if skip == "x" else _say(lang, "log", "skip", colour=colours[skip])
        )
    if feed and not parts:
        return _say(lang, "log", "feed_none", seat=seat, card=LETTERS[row_index])
    return _say(
        lang, "log", "feed" if feed else "pay", seat=seat, what=", ".join(parts), card=LETTERS[row_index]
    )


def log_events(
    g: Game, s: SmugglersState, events: list[Event], lang: str = "en", viewer: int | None = None
) -> list[str]:
    """The outcomes: the end of the bidding, who won which sector, unpaid sectors, a new galaxy."""
    out = []
    for e in events:
        kind = e.get("type")
        if kind == "bidding_closed":
            out.append(_say(lang, "log", "closed", seat=e["seat"], value=e["last_token"]))
        elif kind == "won":
            out.append(_say(lang, "log", "won", seat=e["seat"], die=e["die"], cost=e["cost"], card=e["card"]))
        elif kind == "energy":
            out.append(_say(lang, "log", "energy_paid", seat=e["seat"], cost=e["energy"], card=e["card"]))
        elif kind in ("unclaimed", "unpaid"):
            out.append(_say(lang, "log", kind, seat=e.get("seat", 0), card=e["card"]))
        elif kind == "reveal":
            out.append(_say(lang, "log", "reveal", round=e["round"]))
        elif kind == "game_over":
            out.append(_say(lang, "log", "over"))
    return out


# --- the panels and the end table -----------------------------------------------------


def seat_panels(g: Game, s: SmugglersState, viewer: int | None, lang: str = "en") -> list[SeatPanel]:
    """Each player's colour, running score (§4: public, everything is on the table) and supplies."""
    t = _t(lang)["panel"]
    w = _words(lang)
    scores = g.result(s).scores
    rows = scoring.breakdown(s)
    to_move = g.to_move(s)
    out = []
    for seat, p in enumerate(s.players):
        sheet = sheets()[p.colour]
        goods = " ".join(f"{w['letters'][c]}{n}" for c, n in zip(COLOURS, p.goods, strict=True))
        goods_tip = ", ".join(f"{n} {w['colours'][c]}" for c, n in zip(COLOURS, p.goods, strict=True))
        facts = [
            Fact(t["score"], _score_words(rows[seat], lang), t["score_tip"]),
            Fact(t["energy"], str(p.energy)),
            Fact(t["goods"], goods, goods_tip),
            Fact(t["dice"], str(p.dice_in_hand)),
            Fact(t["tokens"], " ".join(str(v) for v in p.tokens) or "–"),
            Fact(t["sectors"], _say(lang, "panel", "sectors_v", paid=len(p.paid), unpaid=len(p.unpaid))),
        ]
        if p.won:
            facts.append(Fact(t["won"], ", ".join(LETTERS[i] for i, _c in p.won)))
        planets = [w["colours"][c] for c in sheet.fav_planets]
        ships = [w["colours"][c] for c in sheet.fav_ships]
        facts.append(Fact(t["favourites"], _say(lang, "panel", "favourites_v", planets=planets, ships=ships)))
        note = ""
        if seat in to_move:
            kind = s.phase if s.phase != "refill" else (s.pending[-1].kind if s.pending else "refill")
            note = str(t["note"].get(kind, ""))
        out.append(
            SeatPanel(
                SEAT_FILL.get(p.colour, "#cccccc"),
                str(w["players"].get(p.colour, p.colour)),
                scores[seat],
                tuple(facts),
                note,
            )
        )
    return out


def _score_words(row: dict[str, Any], lang: str) -> str:
    """§4: the running score in words, so a negative one says why (leftover energy and goods)."""
    text = _say(
        lang,
        "panel",
        "score_v",
        planets=row["planets"],
        unpaid=-row["unpaid"],
        energy=-row["energy"],
        goods=-row["goods"],
    )
    if row["ship_majorities"]:
        text += _say(lang, "panel", "score_bonus", bonus=row["ship_majorities"])
    return text


def score_breakdown(g: Game, s: SmugglersState, viewer: int | None, lang: str = "en") -> ScoreBreakdown:
    """§4 item by item, and the §4.1 tie-break in words."""
    t = _t(lang)["score"]
    tips = _t(lang)["score_tips"]
    rows = scoring.breakdown(s)
    result = g.result(s)
    parts = [
        ScoreRow(t["planets"], tuple(r["planets"] for r in rows), tips["planets"]),
        ScoreRow(t["unpaid"], tuple(r["unpaid"] for r in rows), tips["unpaid"]),
        ScoreRow(t["energy"], tuple(r["energy"] for r in rows), tips["energy"]),
        ScoreRow(t["goods"], tuple(r["goods"] - r["forgiven_goods"] for r in rows), tips["goods"]),
    ]
    if s.fav_goods:
        parts.append(ScoreRow(t["forgiven"], tuple(r["forgiven_goods"] for r in rows), tips["forgiven"]))
    if s.fav_ships:
        parts.append(ScoreRow(t["majorities"], tuple(r["ship_majorities"] for r in rows), tips["majorities"]))
    tie = texts()["tie"]
    criteria = [
        TieCriterion(tie[key][0], tie[key][1], tuple(r[field] for r in rows))
        for key, field in (("goods", "goods_left"), ("energy", "energy_left"), ("sectors", "paid_sectors"))
    ]
    ranking = tuple(tuple(grp) for grp in result.ranking)
    totals = tuple(result.scores)
    return ScoreBreakdown(tuple(parts), totals, ranking, tie_break_words(totals, ranking, criteria, lang))
