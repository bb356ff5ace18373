"""SVG picture of the Space Smugglers table, as one seat sees it (docs/games/smugglers.md).

The round's galaxy is a row of round sector cards drawn as on the table: coloured planets
(their points), the ships a winner pays goods for, a cruiser, a space station; the dice bid
on each card beside it, the leading one marked; once won, the card says who won it and what
its payment needs. Below: the viewer's die faces, the speed tokens and the pool; then each
player's supply, dice, tokens and sector cards (won, paid, unpaid) as small cards, and how
the score so far is made.

Clickable elements carry ``data-target`` ids that the actions' ``targets`` refer to:
``card-A``.., ``face-1``..``face-6``, ``token-3``, ``pool-e`` / ``pool-r``.., and
``supply-e`` / ``supply-r``.. (the viewer's own supply). Every component carries a
``data-tip`` with its rule in words. Every colour also has a letter, so the picture reads
without colour vision. In real-time mode (§7.2) an element ``data-live="countdown"`` shows
the reveal countdown and ``data-live="cooldown"`` the viewer's one-hand wait (the browser
fills them in).
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

from galaxis.core.client import seat_ref
from galaxis.core.messages import fmt
from galaxis.core.svg import group, style, svg_open, text
from galaxis.games.smugglers.client import LETTERS, SEAT_FILL, texts
from galaxis.games.smugglers.data import COLOURS, Sector, sectors, sheets, terms
from galaxis.games.smugglers.scoring import breakdown, sector_points

if TYPE_CHECKING:
    from galaxis.core import Game
    from galaxis.games.smugglers.state import SmugglersState

GOOD_FILL = {"r": "#d33a2c", "y": "#e8c21a", "g": "#2e9e3e", "b": "#2f62c9", "x": "#b8bfd0"}
GOOD_INK = {"r": "#111111", "y": "#111111", "g": "#111111", "b": "#ffffff", "x": "#111111"}
DIE_INK = {"white": "#111111", "orange": "#111111", "pink": "#111111"}
WIDTH = 1000
BG = "#0a0f1f"
DIM = "#aab3d0"
ROW_Y = 58  # top of the sector row
PLAYER_H = 118


def _b(lang: str) -> dict[str, Any]:
    data: dict[str, Any] = texts()["hu" if lang == "hu" else "en"]["board"]
    return data


def _w(lang: str) -> dict[str, Any]:
    data: dict[str, Any] = terms().get(lang, terms()["en"])
    return data


def _say(lang: str, key: str, **values: object) -> str:
    return fmt(lang, str(_b(lang)[key]), **values)


# --- pieces -----------------------------------------------------------------------------------


def planet(x: float, y: float, r: float, colour: str, lang: str) -> str:
    letter = _w(lang)["letters"][colour]
    return group(
        [
            f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{r:.1f}" fill="{GOOD_FILL[colour]}" stroke="#0a0f1f"/>',
            f'<ellipse cx="{x:.1f}" cy="{y:.1f}" rx="{r * 1.45:.1f}" ry="{r * 0.38:.1f}" fill="none" '
            f'stroke="#e8ecff" stroke-opacity=".55" transform="rotate(-18 {x:.1f} {y:.1f})"/>',
            text(x, y + r * 0.42, letter, r * 1.15, anchor="middle", fill=GOOD_INK[colour], weight="bold"),
        ],
        tip=_say(lang, "planet_tip", colour=_w(lang)["colours"][colour]),
    )


def ship(x: float, y: float, s: float, colour: str, lang: str) -> str:
    """A ship (an arrow-shaped hull) in the colour of the goods it wants; a cruiser is silver."""
    pts = [(0, -1.25), (0.75, 0.55), (0.3, 0.35), (0, 0.8), (-0.3, 0.35), (-0.75, 0.55)]
    poly = " ".join(f"{x + px * s:.1f},{y + py * s:.1f}" for px, py in pts)
    if colour == "x":
        mark, tip = "∗", _say(lang, "cruiser_tip")
    else:
        mark = _w(lang)["letters"][colour]
        tip = _say(lang, "ship_tip", colour=_w(lang)["colours"][colour])
    return group(
        [
            f'<polygon points="{poly}" fill="{GOOD_FILL[colour]}" stroke="#e8ecff" stroke-width="1"/>',
            text(x, y + s * 0.35, mark, s * 0.95, anchor="middle", fill=GOOD_INK[colour], weight="bold"),
        ],
        tip=tip,
    )


def die(x: float, y: float, size: float, value: int, colour: str, *, target: str = "", tip: str = "") -> str:
    ink = DIE_INK.get(colour, "#ffffff")
    return group(
        [
            f'<rect x="{x:.1f}" y="{y:.1f}" width="{size:.1f}" height="{size:.1f}" rx="{size / 5:.1f}" '
            f'fill="{SEAT_FILL.get(colour, "#cccccc")}" stroke="#c9d1ea" stroke-width="1.2"/>',
            text(x + size / 2, y + size * 0.72, value, size * 0.62, anchor="middle", fill=ink, weight="bold"),
        ],
        target=target or None,
        tip=tip or None,
    )


def energy_token(x: float, y: float, n: int | str, r: float = 14) -> str:
    hexagon = " ".join(
        f"{x + r * dx:.1f},{y + r * dy:.1f}"
        for dx, dy in ((1, 0), (0.5, 0.87), (-0.5, 0.87), (-1, 0), (-0.5, -0.87), (0.5, -0.87))
    )
    return (
        f'<polygon points="{hexagon}" fill="#1f3a6b" stroke="#ffd84a" stroke-width="1.5"/>'
        + text(x, y + r * 0.4, "⚡", r * 1.1, anchor="middle", fill="#ffd84a")
        + text(x + r + 5, y + r * 0.4, n, r * 1.05, fill="#e8ecff", weight="bold")
    )


def crate(x: float, y: float, colour: str, n: int | str, lang: str, size: float = 30) -> str:
    letter = _w(lang)["letters"][colour]
    return (
        f'<rect x="{x:.1f}" y="{y:.1f}" width="{size:.1f}" height="{size * 0.8:.1f}" rx="3" '
        f'fill="{GOOD_FILL[colour]}" stroke="#0a0f1f"/>'
        + text(
            x + size / 2,
            y + size * 0.58,
            f"{letter}{n}",
            size * 0.46,
            anchor="middle",
            fill=GOOD_INK[colour],
            weight="bold",
        )
    )


# --- the sector row -----------------------------------------------------------------------------


def _card_tip(label: str, sector: Sector, stations: bool, lang: str) -> str:
    w = _w(lang)
    ships = [w["colours"][c] for c in sector.ships]
    points = _say(lang, "points", n=sector.value)
    key = "card_tip_station" if sector.station and stations else "card_tip"
    return _say(lang, key, card=label, id=sector.id, planets=sector.value, ships=ships, points=points)


def sector_card(cx: float, cy: float, r: float, label: str, sector: Sector, stations: bool, lang: str) -> str:
    """One round sector card: planets on top, ships below, the value and a station's ring."""
    station = sector.station and stations
    out = [
        f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="{r:.1f}" fill="#121c3a" stroke="{"#f0c419" if station else "#5a6b9c"}" '
        f'stroke-width="{4 if station else 2}"/>',
        f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="{r - 7:.1f}" fill="none" stroke="#26335e" stroke-dasharray="2,5"/>',
    ]
    # the letter and the value, on tabs at the rim
    out.append(f'<circle cx="{cx - r * 0.72:.1f}" cy="{cy - r * 0.72:.1f}" r="16" fill="#e8ecff"/>')
    out.append(
        text(cx - r * 0.72, cy - r * 0.72 + 7, label, 20, anchor="middle", fill="#0a0f1f", weight="bold")
    )
    value = sum(1 for _ in sector.planets)
    out.append(
        f'<rect x="{cx + r * 0.45:.1f}" y="{cy - r * 0.95:.1f}" width="40" height="24" rx="12" fill="#ffd84a"/>'
    )
    out.append(
        text(
            cx + r * 0.45 + 20,
            cy - r * 0.95 + 17,
            f"{value}★",
            15,
            anchor="middle",
            fill="#111",
            weight="bold",
        )
    )
    pr = min(18.0, r * 0.17)
    n = len(sector.planets)
    for i, pc in enumerate(sector.planets):
        out.append(planet(cx + (i - (n - 1) / 2) * pr * 2.5, cy - r * 0.28, pr, pc, lang))
    ss = min(20.0, r * 0.2)
    n = len(sector.ships)
    for i, sc in enumerate(sector.ships):
        out.append(ship(cx + (i - (n - 1) / 2) * ss * 1.8, cy + r * 0.3, ss, sc, lang))
    if station:
        out.append(
            text(cx, cy + r * 0.72, _say(lang, "station"), 12, anchor="middle", fill="#f0c419", weight="bold")
        )
    out.append(
        text(cx, cy + r * 0.72 + (14 if station else 0), sector.id, 11, anchor="middle", fill="#8f9ac0")
    )
    return group(
        out, target=f"card-{label}", tip=_card_tip(label, sector, stations, lang), key=f"card-{label}"
    )


def _dice_on_card(
    x: float, y: float, dice: list[list[int]], colours: list[str], stacked: bool, lang: str
) -> list[str]:
    """The dice bid on a card in placement order; the leading die is marked (§3.3, §6.4)."""
    if not dice:
        return []
    out = []
    size = 26.0
    lead = len(dice) - 1 if stacked else max(range(len(dice)), key=lambda i: (dice[i][1], -i))
    if stacked:  # a tower: the top die is the one that counts
        for i, (seat, value) in enumerate(dice):
            dy = y - i * 9
            out.append(
                die(
                    x,
                    dy,
                    size,
                    value,
                    colours[seat],
                    tip=_say(lang, "die_tip", seat=seat, value=value),
                )
            )
        out.append(
            group(
                text(x + size + 6, y + 18 - (len(dice) - 1) * 9, "▲", 12, fill="#ffd84a"),
                tip=_say(lang, "stack_tip"),
            )
        )
        return out
    per_row = 5
    for i, (seat, value) in enumerate(dice):
        dx = x + (i % per_row) * (size + 4)
        dy = y + (i // per_row) * (size + 4)
        out.append(
            die(
                dx,
                dy,
                size,
                value,
                colours[seat],
                tip=_say(lang, "die_tip", seat=seat, value=value),
            )
        )
        if i == lead:
            out.append(
                group(
                    f'<rect x="{dx - 3:.1f}" y="{dy - 3:.1f}" width="{size + 6:.1f}" height="{size + 6:.1f}" rx="7" '
                    f'fill="none" stroke="#ffd84a" stroke-width="2.5"/>',
                    tip=_say(lang, "leading_tip"),
                )
            )
    return out


def _needs(
    s: SmugglersState, seat: int, row_index: int, cost: int, sector: Sector, x: float, y: float, lang: str
) -> list[str]:
    """§3.4 on the card being paid: the energy (the winning die) and the goods for its ships,
    each against what the payer has."""
    w = _w(lang)
    p = s.players[seat]
    ok_e = p.energy >= cost
    lines: list[tuple[str, bool | None]] = [
        (f"{_say(lang, 'energy_need', cost=cost)} ({_say(lang, 'has', n=p.energy)})", ok_e)
    ]
    for c in COLOURS:
        k = sector.ships.count(c)
        if k:
            have = p.goods[COLOURS.index(c)]
            lines.append(
                (
                    f"{_say(lang, 'goods_need', n=k, colour=w['colours'][c])} ({_say(lang, 'has', n=have)})",
                    have >= k,
                )
            )
    cruisers = sector.ships.count("x")
    if cruisers:
        lines.append((_say(lang, "cruiser_need", n=cruisers), None))
    lines.append((_say(lang, "skip_one"), None))
    out = [text(x, y, f"{_say(lang, 'needs')}:", 12, fill="#ffd84a", weight="bold")]
    for i, (line, ok) in enumerate(lines):
        mark = "" if ok is None else ("✓ " if ok else "✗ ")
        colour = DIM if ok is None else ("#8fe39a" if ok else "#ff8f8f")
        out.append(text(x, y + 15 * (i + 1), mark + line, 12, fill=colour))
    return out


def _row(game: Game, s: SmugglersState, seat: int | None, lang: str) -> tuple[list[str], float]:
    colours = [p.colour for p in s.players]
    table = sectors()
    n = max(1, len(s.row))
    spacing = (WIDTH - 20) / n
    r = min(105.0, spacing / 2 - 14)
    cy = ROW_Y + r + 8
    out: list[str] = []
    owners = {i: (q, cost) for q, p in enumerate(s.players) for i, cost in p.won}
    settled = {cid: q for q, p in enumerate(s.players) for cid in p.paid}
    lost = {cid: q for q, p in enumerate(s.players) for cid in p.unpaid}
    bottom = cy + r
    for i, cid in enumerate(s.row):
        cx = 10 + spacing * (i + 0.5)
        sector = table[cid]
        label = LETTERS[i]
        card = sector_card(cx, cy, r, label, sector, s.stations, lang)
        status = ""
        colour = DIM
        if cid in settled:
            status, colour = _say(lang, "paid_by", seat=settled[cid]), "#8fe39a"
            card = f'<g opacity=".45">{card}</g>'
        elif cid in lost:
            status = _say(lang, "lost_by", seat=lost[cid], n=sector.value)
            colour = "#ff8f8f"
            card = f'<g opacity=".45">{card}</g>'
        elif cid in s.discarded:
            status = _say(lang, "left_game")
            card = f'<g opacity=".35">{card}</g>'
        elif i in owners:
            winner = owners[i][0]
            out.append(
                f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="{r + 5:.1f}" fill="none" '
                f'stroke="{SEAT_FILL.get(colours[winner], "#ccc")}" stroke-width="4"/>'
            )
            status, colour = _say(lang, "won_by", seat=winner), "#ffd84a"
        out.append(card)
        y = cy + r + 10
        dice = s.dice[i] if i < len(s.dice) else []
        if s.phase == "bid" or i in owners:
            out += _dice_on_card(cx - r * 0.85, y, dice, colours, s.stacked, lang)
            if dice:
                y += 30 * ((len(dice) - 1) // 5 + 1) + 4 if not s.stacked else 34
        if status:
            out.append(text(cx - r * 0.85, y + 12, status, 13, fill=colour, weight="bold"))
            y += 18
        if i in owners and s.phase == "pay" and cid not in settled and cid not in lost:
            payer, cost = owners[i]
            out += _needs(s, payer, i, cost, sector, cx - r * 0.85, y + 12, lang)
            y += 15 * (3 + len(set(sector.ships))) + 6
        bottom = max(bottom, y)
    return out, bottom + 8


# --- the middle of the table ----------------------------------------------------------------------


def _middle(game: Game, s: SmugglersState, seat: int | None, y: float, lang: str) -> tuple[list[str], float]:
    out: list[str] = []
    w = _w(lang)
    colour = s.players[seat].colour if seat is not None else "white"
    # the viewer's die faces (§3.2: a die is set to any value, not rolled)
    out.append(text(20, y + 14, _say(lang, "your_dice"), 14, fill=DIM, weight="bold"))
    if seat is not None:
        n = s.players[seat].dice_in_hand if s.phase == "bid" else 0
        hint = _say(lang, "your_dice_n", n=n) if n else _say(lang, "no_dice")
        out.append(text(20, y + 66, hint, 12, fill=DIM))
        for v in range(1, 7):
            out.append(
                die(
                    20 + (v - 1) * 40,
                    y + 22,
                    32,
                    v,
                    colour,
                    target=f"face-{v}",
                    tip=_say(lang, "face_tip", v=v),
                )
            )
    # the speed tokens in the middle
    tx0 = 290
    out.append(text(tx0, y + 14, _say(lang, "tokens"), 14, fill=DIM, weight="bold"))
    for i, t in enumerate(sorted(s.free_tokens)):
        x = tx0 + 20 + i * 44
        key = "token_tip_neg" if t < 0 else "token_tip_zero" if t == 0 else "token_tip"
        out.append(
            group(
                [
                    f'<circle cx="{x}" cy="{y + 40}" r="18" fill="#e9e4d4" stroke="#7b7460" stroke-width="2"/>',
                    text(x, y + 46, f"{t}", 17, anchor="middle", fill="#111", weight="bold"),
                ],
                target=f"token-{t}",
                tip=_say(lang, key, v=t),
            )
        )
    # the pool (§3.5: only what players paid)
    px0 = 600
    out.append(text(px0, y + 14, _say(lang, "pool"), 14, fill=DIM, weight="bold"))
    out.append(
        group(
            [
                f'<rect x="{px0}" y="{y + 22}" width="66" height="36" rx="6" fill="#16213f"/>',
                energy_token(px0 + 18, y + 40, s.pool_energy),
            ],
            target="pool-e",
            tip=_say(lang, "pool_tip_e", n=s.pool_energy),
        )
    )
    for k, c in enumerate(COLOURS):
        gx = px0 + 78 + k * 50
        out.append(
            group(
                crate(gx, y + 26, c, s.pool_goods[k], lang, 44),
                target=f"pool-{c}",
                tip=_say(lang, "pool_tip_g", colour=w["colours"][c], n=s.pool_goods[k]),
            )
        )
    if s.realtime:
        out.append(
            group(
                [
                    f'<rect x="{px0 + 290}" y="{y - 2}" width="90" height="24" rx="12" fill="#3b2a0a" stroke="#ffd84a"/>',
                    text(
                        px0 + 335,
                        y + 15,
                        "",
                        12,
                        anchor="middle",
                        fill="#ffd84a",
                        data_live="cooldown",
                        data_label=_say(lang, "cooldown"),
                    ),
                ],
                tip=_say(lang, "cooldown_tip"),
            )
        )
    return out, y + 78


# --- the players ---------------------------------------------------------------------------------


def mini_card(
    x: float, y: float, cid: str, kind: str, s: SmugglersState, seat: int, lang: str, label: str = ""
) -> str:
    """A small sector card in a player's pile: face up (paid, or won and to be paid) or face down."""
    sector = sectors()[cid]
    r = 23.0
    cx, cy = x + r, y + r
    if kind == "unpaid":
        return group(
            [
                f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="{r:.1f}" fill="#3a2430" stroke="#ff8f8f" stroke-width="1.5"/>',
                text(cx, cy + 5, f"−{sector.value}", 14, anchor="middle", fill="#ffb3b3", weight="bold"),
            ],
            tip=_say(lang, "mini_tip_unpaid", id=cid, n=sector.value),
        )
    favs = sheets()[s.players[seat].colour].fav_planets if s.stations else None
    points = sector_points(sector, favs)
    ring = "#f0c419" if sector.station and s.stations else "#8f9ac0"
    dash = ' stroke-dasharray="3,2"' if kind == "won" else ""
    parts = [
        f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="{r:.1f}" fill="#121c3a" stroke="{ring}" stroke-width="1.5"{dash}/>'
    ]
    n = len(sector.planets)
    for i, c in enumerate(sector.planets):
        a = i / max(1, n) * 6.283 - 1.57
        px = cx + (0 if n == 1 else 10.5 * math.cos(a))
        py = cy - 3 + (0 if n == 1 else 10.5 * math.sin(a))
        parts.append(f'<circle cx="{px:.1f}" cy="{py:.1f}" r="5.5" fill="{GOOD_FILL[c]}"/>')
    if kind == "won":
        parts.append(text(cx, cy + r + 13, label, 12, anchor="middle", fill="#ffd84a", weight="bold"))
        tip = _say(lang, "mini_tip_won", card=label)
    else:
        parts.append(text(cx, cy + r + 13, f"+{points}", 12, anchor="middle", fill="#8fe39a", weight="bold"))
        tip = _say(lang, "mini_tip_paid", id=cid, planets=n, points=_say(lang, "points", n=points))
    return group(parts, tip=tip)


def _player(
    s: SmugglersState, i: int, seat: int | None, y: float, score_row: dict[str, Any], lang: str
) -> list[str]:
    w = _w(lang)
    p = s.players[i]
    fill = SEAT_FILL.get(p.colour, "#cccccc")
    mine = i == seat
    out = [
        f'<rect x="10" y="{y:.0f}" width="{WIDTH - 20}" height="{PLAYER_H - 8}" rx="8" fill="#111a33" '
        f'stroke="{fill}" stroke-width="{3 if mine else 1.5}"/>',
        f'<rect x="10" y="{y:.0f}" width="10" height="{PLAYER_H - 8}" rx="4" fill="{fill}"/>',
    ]
    name = seat_ref(i) + (f" ({_say(lang, 'you')})" if mine else "")
    out.append(text(30, y + 24, name, 16, weight="bold"))
    out.append(text(30, y + 42, w["players"].get(p.colour, p.colour), 12, fill=DIM))
    # dice in hand and speed tokens taken
    dice_x = 30
    for k in range(2):
        here = k < p.dice_in_hand
        out.append(
            group(
                f'<rect x="{dice_x + k * 24}" y="{y + 52}" width="20" height="20" rx="4" fill="{fill if here else "none"}" '
                f'stroke="#c9d1ea" stroke-dasharray="{"none" if here else "3,2"}"/>',
                tip=_say(lang, "dice_tip", n=p.dice_in_hand),
            )
        )
    for k, t in enumerate(p.tokens):
        tx = dice_x + 64 + k * 30
        out.append(
            group(
                [
                    f'<circle cx="{tx}" cy="{y + 62}" r="12" fill="#e9e4d4" stroke="#7b7460"/>',
                    text(tx, y + 67, t, 13, anchor="middle", fill="#111", weight="bold"),
                ],
                tip=_say(
                    lang, "token_tip_neg" if t < 0 else "token_tip_zero" if t == 0 else "token_tip", v=t
                ),
            )
        )
    if s.stations or s.fav_ships or s.fav_goods:
        sheet = sheets()[p.colour]
        tip = _say(
            lang,
            "sheet_tip",
            planets=[w["colours"][c] for c in sheet.fav_planets],
            ships=[w["colours"][c] for c in sheet.fav_ships],
        )
        fav = [text(30, y + 96, "♥", 14, fill="#ff8fb0")]
        for k, fp in enumerate(sheet.fav_planets):
            fav.append(f'<circle cx="{52 + k * 18}" cy="{y + 91}" r="7" fill="{GOOD_FILL[fp]}"/>')
        for k, fs in enumerate(sheet.fav_ships):
            fav.append(ship(96 + k * 20, y + 92, 8, fs, lang))
        out.append(group(fav, tip=tip))
    # supply: energy and goods (the viewer's own are targets for the −1 token's give-back)
    sx = 160
    attr_e = "supply-e" if mine else None
    out.append(
        group(
            [
                f'<rect x="{sx}" y="{y + 10}" width="76" height="36" rx="6" fill="#16213f"/>',
                energy_token(sx + 18, y + 28, p.energy),
            ],
            target=attr_e,
            tip=_say(lang, "energy_tip", seat=i, n=p.energy),
        )
    )
    for k, c in enumerate(COLOURS):
        out.append(
            group(
                crate(sx + 86 + k * 46, y + 12, c, p.goods[k], lang, 40),
                target=f"supply-{c}" if mine else None,
                tip=_say(lang, "goods_tip", seat=i, colour=w["colours"][c], n=p.goods[k]),
            )
        )
    # the score so far, and how it is made (§4)
    total = score_row["total"]
    out.append(
        text(
            sx,
            y + 70,
            f"{_say(lang, 'score')}: {total:g}",
            16,
            fill="#ffffff" if total >= 0 else "#ff9f9f",
            weight="bold",
        )
    )
    how = _say(
        lang,
        "score_parts",
        planets=score_row["planets"],
        unpaid=-score_row["unpaid"],
        energy=-score_row["energy"],
        goods=-score_row["goods"],
    )
    if score_row["ship_majorities"]:
        how += _say(lang, "score_extra", bonus=score_row["ship_majorities"])
    out.append(text(sx, y + 90, f"= {how}", 12, fill=DIM))
    # the sector cards: won this round, paid, unpaid
    cx0 = 470
    piles = _b(lang)["piles"]
    x: float = cx0
    for kind, cards in (
        ("won", [s.row[r] for r, _c in p.won]),
        ("paid", list(p.paid)),
        ("unpaid", list(p.unpaid)),
    ):
        if not cards:
            continue
        out.append(text(x, y + 18, piles[kind], 12, fill=DIM))
        per_row = max(1, min(len(cards), 12))
        step = 54 if x + 54 * per_row < WIDTH - 20 else max(24.0, (WIDTH - 30 - x) / per_row)
        for k, cid in enumerate(cards):
            label = LETTERS[p.won[k][0]] if kind == "won" else ""
            out.append(mini_card(x + k * step, y + 26, cid, kind, s, i, lang, label))
        x += step * len(cards) + 24
    return out


def render_svg(game: Game, state: SmugglersState, seat: int | None, lang: str = "en") -> str:
    s = state
    rows = breakdown(s)
    row_parts, y = _row(game, s, seat, lang)
    middle, y = _middle(game, s, seat, y + 4, lang)
    y0 = y + 6
    height = y0 + PLAYER_H * len(s.players) + 4
    out = [svg_open(WIDTH, height, "smugglers", background=BG)]
    out.append(style("smugglers", ["& g:has(> [data-live]:empty) { display: none; }"]))
    # header: round, phase, the galaxies still to come
    head = f"{_say(lang, 'round', round=s.round, rounds=s.rounds)} · {_b(lang)['phase'][s.phase]}"
    out.append(text(20, 32, head, 22, weight="bold"))
    left = len(s.galaxies)
    stack = [
        f'<circle cx="{WIDTH - 40 - 4 * k}" cy="{28 - 2 * k}" r="18" fill="#2a2f6a" stroke="#8f9ac0"/>'
        for k in range(min(left, 4))
    ]
    out.append(
        group(
            [*stack, text(WIDTH - 70, 34, _say(lang, "galaxies_left", n=left), 14, anchor="end", fill=DIM)],
            tip=_say(lang, "galaxies_tip"),
        )
    )
    if s.realtime:
        out.append(
            group(
                [
                    '<rect x="420" y="10" width="180" height="32" rx="16" fill="#3b2a0a" stroke="#ffd84a" stroke-width="2"/>',
                    text(
                        510,
                        32,
                        "",
                        17,
                        anchor="middle",
                        fill="#ffd84a",
                        weight="bold",
                        data_live="countdown",
                        data_label=_say(lang, "countdown"),
                    ),
                ],
                tip=_say(lang, "countdown_tip"),
            )
        )
    out += row_parts
    out += middle
    for i in range(len(s.players)):
        out += _player(s, i, seat, y0 + PLAYER_H * i, rows[i], lang)
    out.append("</svg>")
    return "".join(out)
