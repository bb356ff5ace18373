"""Terminal view of Stellium, in English or Hungarian.

The board is drawn on its lattice: every cell shows its label and its
content (g b y p, or · when empty), so the notation can be read off it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from galaxis.core.messages import fmt
from galaxis.games.stellium.data import Card, cards, geometry, terms

if TYPE_CHECKING:
    from galaxis.core import Game
    from galaxis.games.stellium.state import StelliumState


def words(lang: str) -> dict[str, Any]:
    all_terms = terms()
    w: dict[str, Any] = all_terms.get(lang, all_terms["en"])
    return w


def card_text(card: Card, lang: str = "en") -> str:
    """A one-line summary of an objective card: its colour, pattern and value, in words."""
    w = words(lang)
    c = w["card"]
    head = f"{card.id} ({w['colours'][card.colour]})"
    if card.kind in ("centres", "chain"):
        tiers = ", ".join(f"{k}→{v}" for k, v in sorted(card.tiers.items()))
        assert card.marble is not None
        text = fmt(lang, c[card.kind], type=w["types"][card.marble], types=w["types_pl"][card.marble])
        return f"{head}: {text} ({tiers} {w['points']})"
    names = [w["types"].get(m, c["any"]) for m in card.marbles]
    shape = w["shapes"].get(card.shape or "", "")
    text = fmt(lang, c["shape"], shape=shape, marbles=" – ".join(names)) if shape else " – ".join(names)
    extras = [
        c[key]
        for key, on in (
            ("different", card.different_galaxies),
            ("centre", card.centres),
            ("empty", card.empty),
        )
        if on
    ]
    return f"{head}: {text}{''.join(', ' + e for e in extras)} → {card.points} {w['points']}"


def board_lines(state: StelliumState) -> list[str]:
    geo = geometry(state.layout)
    xs = [2 * q + r for q, r in geo.coords]
    rs = [r for _, r in geo.coords]
    lo = min(xs)
    lines = []
    for r in range(max(rs), min(rs) - 1, -1):
        row = [" "] * ((max(xs) - lo) * 2 + 4)
        for i, (q, rr) in enumerate(geo.coords):
            if rr != r:
                continue
            x = (2 * q + r - lo) * 2
            text = geo.labels[i] + (state.board[i] or "·")
            row[x : x + 3] = list(text)
        lines.append("  " + "".join(row).rstrip())
    return lines


def render_text(game: Game, state: StelliumState, seat: int | None, lang: str = "en") -> str:
    w = words(lang)
    obs = game.observation(state, seat)
    table = cards()
    header = f"{w['title']} — {w['round']} {obs['round']}, {w['turn']} {obs['turn'] + 1} — {w['target']} {obs['target']}"
    if obs["over"]:
        header += f" — {w['over']}"
    elif obs["final_turns"] >= 0:
        header += f" — {w['final']}: {obs['final_turns'] + 1}"
    lines = [header]
    pending = obs["pending"]
    if pending:
        you = f" ({w['you']})" if pending["seat"] == seat else ""
        lines.append(
            f"{w['to_move']}: {pending['seat']}{you} — {w['steps'].get(pending['kind'], pending['kind'])}"
        )
    lines.append("")
    lines += board_lines(state)
    lines.append("")
    bag = ", ".join(f"{w['types'][m]} ({m}) {n}" for m, n in obs["bag"].items())
    lines.append(f"{w['bag']}: {bag}")
    if obs["in_hand"]:
        lines.append(f"{w['in_hand']}: {w['types'][obs['in_hand']]} ({obs['in_hand']})")
    if obs["refill_pool"]:
        lines.append(f"{w['refill']}: {' '.join(obs['refill_pool'])}")
    lines.append(f"{w['display']} ({w['deck']}: {obs['deck']}):")
    for cid in obs["display"]:
        lines.append("  " + card_text(table[cid], lang))
    lines.append("")
    for p in obs["players"]:
        marker = "*" if p["seat"] in obs["to_move"] else " "
        you = f" ({w['you']})" if p["seat"] == seat else ""
        tokens = ", ".join(w["effects"][t] for t in p["tokens"]) or "-"
        lines.append(
            f"{marker} {p['seat']}{you}: {w['score']} {obs['scores'][p['seat']]:g}, {w['points']} {p['points']}, "
            f"{w['tokens']}: {tokens}, {w['won']}: {' '.join(p['won']) or '-'}"
        )
        if p["held"]:
            for cid in p["held"]:
                lines.append("    " + card_text(table[cid], lang))
        elif p["held_count"]:
            lines.append(f"    {w['held']}: {p['held_count']} ({w['hidden']})")
    return "\n".join(lines)
