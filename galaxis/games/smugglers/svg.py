"""SVG picture of the Space Smugglers table, as one seat sees it.

Clickable elements carry ``data-target`` ids that the actions' ``targets``
refer to: ``card-A``.., ``face-1``..``face-6``, ``token-3``, ``pool-e`` /
``pool-r``.., ``supply-e`` / ``supply-r``.. (the viewer's own supply), and
``wait`` / ``done`` / ``forfeit`` buttons. Every colour also has a letter, so
the picture reads without colour vision.
"""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING, Any

from galaxis.core.client import seat_ref
from galaxis.games.smugglers.data import COLOURS, sectors, terms

if TYPE_CHECKING:
    from galaxis.core import Game
    from galaxis.games.smugglers.state import SmugglersState

GOOD_FILL = {"r": "#d33a2c", "y": "#e8c21a", "g": "#2e9e3e", "b": "#2f62c9", "x": "#888888"}
SEAT_FILL = {
    "orange": "#f28c1e",
    "black": "#222222",
    "white": "#f4f4f4",
    "pink": "#f27ab0",
    "brown": "#8a5a2b",
    "purple": "#8b4fc9",
}
WIDTH = 1000
MIN_FONT = 12  # the board's smallest text, readable at the width a browser gives it


def _text(
    x: float,
    y: float,
    s: str,
    size: int = 14,
    anchor: str = "start",
    fill: str = "#eee",
    weight: str = "normal",
) -> str:
    return (
        f'<text x="{x:.0f}" y="{y:.0f}" font-size="{max(size, MIN_FONT)}" text-anchor="{anchor}" fill="{fill}" '
        f'font-weight="{weight}" font-family="sans-serif">{escape(s)}</text>'
    )


def _die(x: float, y: float, value: int, colour: str, target: str = "") -> str:
    fill = SEAT_FILL.get(colour, "#ccc")
    ink = "#111" if colour in ("white", "orange", "pink") else "#fff"
    attr = f' data-target="{target}" class="clickable"' if target else ""
    return (
        f'<g{attr}><rect x="{x:.0f}" y="{y:.0f}" width="26" height="26" rx="5" fill="{fill}" stroke="#999"/>'
        + _text(x + 13, y + 19, str(value), 16, "middle", ink, "bold")
        + "</g>"
    )


def _card(
    cx: float,
    cy: float,
    label: str,
    sector_id: str,
    dice: list[list[int]],
    colours: list[str],
    w: dict[str, Any],
) -> str:
    sector = sectors()[sector_id]
    parts = [f'<g data-target="card-{label}" class="clickable">']
    ring = "#f0d000" if sector.station else "#5a6b8c"
    parts.append(
        f'<circle cx="{cx:.0f}" cy="{cy:.0f}" r="78" fill="#101830" stroke="{ring}" stroke-width="{4 if sector.station else 2}"/>'
    )
    parts.append(_text(cx, cy - 52, f"{label} · {sector_id}", 15, "middle", "#fff", "bold"))
    if sector.station:
        parts.append(_text(cx, cy - 36, w["station"], 11, "middle", "#f0d000"))
    for i, planet in enumerate(sector.planets):  # planets: circles with their colour letter
        px = cx - (len(sector.planets) - 1) * 15 + i * 30
        parts.append(f'<circle cx="{px:.0f}" cy="{cy - 12:.0f}" r="12" fill="{GOOD_FILL[planet]}"/>')
        parts.append(_text(px, cy - 7, planet.upper(), 12, "middle", "#000", "bold"))
    for i, ship in enumerate(sector.ships):  # ships: triangles with their colour letter
        sx = cx - (len(sector.ships) - 1) * 14 + i * 28
        sy = cy + 18
        parts.append(
            f'<polygon points="{sx - 11:.0f},{sy + 9:.0f} {sx + 11:.0f},{sy + 9:.0f} {sx:.0f},{sy - 11:.0f}" fill="{GOOD_FILL[ship]}"/>'
        )
        parts.append(_text(sx, sy + 6, ship.upper(), 10, "middle", "#000", "bold"))
    for i, (seat, value) in enumerate(dice):
        parts.append(_die(cx - 55 + (i % 4) * 28, cy + 34 + (i // 4) * 28, value, colours[seat]))
    parts.append("</g>")
    return "".join(parts)


def render_svg(game: Game, state: SmugglersState, seat: int | None, lang: str = "en") -> str:
    all_terms = terms()
    w: dict[str, Any] = all_terms.get(lang, all_terms["en"])
    obs = game.observation(state, seat)
    colours = [p["colour"] for p in obs["players"]]
    n = len(obs["players"])
    height = 470 + 64 * n
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {height}" width="{WIDTH}" height="{height}" '
        f'data-game="smugglers">',
        f'<rect width="{WIDTH}" height="{height}" fill="#0a0f1f"/>',
    ]
    to_move = ", ".join(seat_ref(i) for i in obs["to_move"])
    out.append(
        _text(
            20,
            28,
            f"{w['title']} — {w['round']} {obs['round']}/{obs['rounds']} — {w['phase'][obs['phase']]}",
            20,
            weight="bold",
        )
    )
    if to_move:
        out.append(_text(20, 50, f"{w['to_move']}: {to_move}", 14, fill="#9fd"))
    # the sector row
    row = obs["row"]
    spacing = min(170, (WIDTH - 40) / max(1, len(row)))
    for i, card in enumerate(row):
        out.append(
            _card(
                20 + spacing * i + spacing / 2, 150, card["label"], card["sector"], card["dice"], colours, w
            )
        )
    # die faces to choose from (bidding), speed tokens, pool
    y = 275
    out.append(_text(20, y - 6, w["dice"], 13, fill="#aab"))
    viewer_colour = colours[seat] if seat is not None else "white"
    for v in range(1, 7):
        out.append(_die(20 + (v - 1) * 34, y, v, viewer_colour, f"face-{v}"))
    out.append(_text(260, y - 6, w["tokens"], 13, fill="#aab"))
    for i, t in enumerate(obs["free_tokens"]):
        tx = 275 + i * 40
        out.append(
            f'<g data-target="token-{t}" class="clickable"><circle cx="{tx}" cy="{y + 13}" r="16" fill="#ddd" stroke="#555"/>'
            + _text(tx, y + 19, str(t), 15, "middle", "#000", "bold")
            + "</g>"
        )
    pool = obs["pool"]
    out.append(_text(540, y - 6, w["pool"], 13, fill="#aab"))
    out.append(
        f'<g data-target="pool-e" class="clickable"><rect x="540" y="{y}" width="70" height="26" rx="4" fill="#333a55"/>'
        + _text(575, y + 18, f"⚡ {pool['energy']}", 14, "middle")
        + "</g>"
    )
    for i, c in enumerate(COLOURS):
        gx = 620 + i * 56
        out.append(
            f'<g data-target="pool-{c}" class="clickable"><rect x="{gx}" y="{y}" width="50" height="26" rx="4" fill="{GOOD_FILL[c]}"/>'
            + _text(gx + 25, y + 18, f"{w['letters'][c]} {pool['goods'][c]}", 14, "middle", "#000", "bold")
            + "</g>"
        )
    legal = set(game.legal_actions(state, seat)) if seat is not None and seat in obs["to_move"] else set()
    buttons = [name for name in ("wait", "done", "forfeit") if name in legal]
    for i, name in enumerate(buttons):
        bx = 20 + i * 110
        out.append(
            f'<g data-target="{name}" class="clickable"><rect x="{bx}" y="{y + 42}" width="100" height="28" rx="6" fill="#24304f" stroke="#6b7fb0"/>'
            + _text(bx + 50, y + 61, w["buttons"][name], 13, "middle")
            + "</g>"
        )
    # players
    y0 = 370
    for i, p in enumerate(obs["players"]):
        py = y0 + 64 * i
        mine = i == seat
        border = "#9fd" if i in obs["to_move"] else "#334"
        out.append(
            f'<rect x="10" y="{py}" width="{WIDTH - 20}" height="58" rx="6" fill="#121a33" stroke="{border}"/>'
        )
        out.append(
            f'<rect x="18" y="{py + 8}" width="18" height="18" fill="{SEAT_FILL.get(p["colour"], "#ccc")}" stroke="#999"/>'
        )
        colour = w["players"].get(p["colour"], p["colour"])
        label = f"{seat_ref(i)} ({colour}{', ' + w['you'] if mine else ''})"
        out.append(_text(44, py + 22, label, 15, weight="bold"))
        supply = ' data-target="supply-e" class="clickable"' if mine else ""
        out.append(f"<g{supply}>" + _text(250, py + 22, f"⚡ {p['energy']}", 15) + "</g>")
        for k, c in enumerate(COLOURS):
            gx = 310 + k * 46
            attr = f' data-target="supply-{c}" class="clickable"' if mine else ""
            out.append(
                f'<g{attr}><rect x="{gx}" y="{py + 7}" width="40" height="20" rx="3" fill="{GOOD_FILL[c]}"/>'
                + _text(gx + 20, py + 22, f"{w['letters'][c]} {p['goods'][c]}", 12, "middle", "#000", "bold")
                + "</g>"
            )
        tokens = " ".join(str(t) for t in p["tokens"]) or "-"
        out.append(_text(510, py + 22, f"{w['tokens']}: {tokens}   {w['dice']}: {p['dice_in_hand']}", 13))
        out.append(_text(760, py + 22, f"{w['score']}: {obs['scores'][i]:g}", 15, weight="bold"))
        favs = (
            f"{w['favourites']}: "
            + "+".join(c.upper() for c in p["fav_planets"])
            + " / "
            + "+".join(c.upper() for c in p["fav_ships"])
        )
        piles = f"{w['won']}: {' '.join(p['won']) or '-'}   {w['paid']}: {' '.join(p['paid']) or '-'}   {w['unpaid']}: {' '.join(p['unpaid']) or '-'}"
        out.append(_text(44, py + 46, piles, 12, fill="#bbc"))
        out.append(_text(760, py + 46, favs, 12, fill="#bbc"))
    out.append(_text(20, height - 12, f"{w['galaxies_left']}: {obs['galaxies_left']}", 12, fill="#aab"))
    out.append("</svg>")
    return "".join(out)
