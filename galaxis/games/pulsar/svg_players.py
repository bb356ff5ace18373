"""Each Pulsar 2849 player's board (docs/games/pulsar.md §4-§7), drawn like the player board
on the table: points, engineering cubes, modifier tokens, this turn's dice, pulsars and
stations; the HQ board with its eight projects (cost, reward, done, still locked, races
ready); gyrodyne tiles held; transmitters and their arrays with their link pips; patents.

Targets (the viewer's own board): ``hq-<slot>``, ``hq-side-1|2``, ``tx-<tile>``."""

from __future__ import annotations

from typing import TYPE_CHECKING

from galaxis.core.messages import fmt
from galaxis.core.svg import group, text
from galaxis.games.pulsar.conditions import markers_left, project_unlocked
from galaxis.games.pulsar.data import hq, hq_boards, tech_ids, transmitters, words
from galaxis.games.pulsar.effects import gain_words, tech_tip, tx_tip
from galaxis.games.pulsar.scoring import stations
from galaxis.games.pulsar.svg_boards import (
    DIM,
    TYPE_FILL,
    TYPE_INK,
    TYPE_MARK,
    cube_icon,
    die_face,
    lines,
    say,
    token_icon,
)
from galaxis.games.pulsar.svg_map import SEAT_FILL, gyro_icon

if TYPE_CHECKING:
    from galaxis.games.pulsar.state import PulsarState

PW, PH = 150.0, 50.0  # an HQ project's box
SLOTS = {1: (0, 3), 2: (1, 3), 3: (2, 3), 4: (0.5, 2), 5: (1.5, 2), 6: (0.5, 1), 7: (1.5, 1), 8: (1, 0)}


def _header(
    s: PulsarState, i: int, viewer: int | None, x0: float, y0: float, width: float, lang: str
) -> list[str]:
    p = s.players[i]
    colour = SEAT_FILL[i]
    out = [f'<rect x="{x0:.1f}" y="{y0:.1f}" width="{width:.1f}" height="44" rx="8" fill="#1a2444"/>']
    name = fmt(lang, "⟨{seat}⟩", seat=i) + (f" ({say(lang, 'you')})" if i == viewer else "")
    out.append(f'<circle cx="{x0 + 20:.1f}" cy="{y0 + 22:.1f}" r="9" fill="{colour}" stroke="#fff"/>')
    out.append(text(x0 + 36, y0 + 28, name, 17, weight="bold"))
    x = x0 + 230
    out.append(text(x, y0 + 29, say(lang, "points", n=p.score), 18, fill="#ffd84a", weight="bold"))
    x += 110
    out.append(
        group(
            [cube_icon(x, y0 + 22, 8), text(x + 14, y0 + 28, p.cubes, 16, weight="bold")],
            tip=say(lang, "cubes_tip", n=p.cubes),
        )
    )
    x += 56
    out.append(
        group(
            [token_icon(x, y0 + 22, "±1", 12), text(x + 16, y0 + 28, f"×{p.pm}", 15)],
            tip=say(lang, "pm_tip", n=p.pm),
        )
    )
    x += 62
    out.append(
        group(
            [token_icon(x, y0 + 22, "+2", 12), text(x + 16, y0 + 28, f"×{p.p2}", 15)],
            tip=say(lang, "p2_tip", n=p.p2),
        )
    )
    x += 66
    dice = [str(d) for d in p.dice]
    if dice or p.red >= 0:
        parts = [die_face(x + k * 26, y0 + 11, 22, d) for k, d in enumerate(dice)]
        if p.red >= 0:
            parts.append(die_face(x + len(dice) * 26, y0 + 11, 22, p.red, red=True))
            tip = say(lang, "red_tip", v=p.red, now=say(lang, "red_now") if p.red_now else "")
        else:
            tip = ""
        out.append(
            group(
                parts, tip=(say(lang, "dice_tip", dice=", ".join(dice) or "–") + (f"; {tip}" if tip else ""))
            )
        )
    x = x0 + width - 250
    pulsars = sum(1 for o in s.owner.values() if o == i)
    out.append(
        group(
            [
                f'<circle cx="{x:.1f}" cy="{y0 + 22:.1f}" r="8" fill="#fff6c8" stroke="{colour}" stroke-width="3"/>',
                text(x + 14, y0 + 28, f"{pulsars}/6", 15),
            ],
            tip=say(lang, "pulsars_tip", n=pulsars),
        )
    )
    x += 70
    techs = tech_ids(s.tech_boards)
    extra = len(p.kept) + sum(int((techs[t].end or {}).get("extra_stations", 0)) for t in p.patents)
    out.append(
        group(
            [
                f'<rect x="{x - 6:.1f}" y="{y0 + 16:.1f}" width="12" height="12" fill="{colour}" stroke="#fff"/>',
                text(x + 12, y0 + 28, stations(s, i) + extra, 15),
            ],
            tip=say(lang, "stations_tip", n=stations(s, i), extra=extra, left=markers_left(p)),
        )
    )
    x += 60
    if p.awards:
        out.append(
            group(
                [
                    f'<rect x="{x - 4 + k * 30:.1f}" y="{y0 + 12:.1f}" width="26" height="20" rx="4" fill="{colour}" stroke="#ffd84a"/>'
                    + text(x + 9 + k * 30, y0 + 27, vp, 13, anchor="middle", fill="#111", weight="bold")
                    for k, vp in enumerate(p.awards)
                ],
                tip=say(lang, "awards_tip", vps=", ".join(str(v) for v in p.awards)),
            )
        )
    return out


def _hq(
    s: PulsarState, i: int, viewer: int | None, x0: float, y0: float, lang: str
) -> tuple[list[str], float]:
    """§5.6: the HQ board, projects in a pyramid (1-3 at the bottom, 8 at the top)."""
    p = s.players[i]
    mine = i == viewer
    out: list[str] = [text(x0, y0 + 14, f"HQ {p.hq_side or p.hq}", 14, fill=DIM, weight="bold")]
    if not p.hq:
        return [], y0
    if not p.hq_side:
        if mine:
            for k in (1, 2):
                bx = x0 + (k - 1) * 170
                out.append(
                    group(
                        [
                            f'<rect x="{bx:.1f}" y="{y0 + 24:.1f}" width="160" height="44" rx="8" fill="#2a2040" stroke="#b9a4ff" stroke-width="2"/>',
                            text(
                                bx + 80,
                                y0 + 52,
                                say(lang, "hq_side", v=k),
                                15,
                                anchor="middle",
                                weight="bold",
                            ),
                        ],
                        target=f"hq-side-{k}",
                        tip=say(lang, "hq_side_tip", board=p.hq, v=k),
                    )
                )
        return out, y0 + 76
    projects = hq_boards()[p.hq_side].projects
    top = y0 + 22
    pos = {slot: (x0 + cx * (PW + 10), top + row * (PH + 10)) for slot, (cx, row) in SLOTS.items()}
    for upper, below in hq().below.items():  # the printed connector bars
        ux, uy = pos[upper]
        for b in below:
            bx, by = pos[b]
            out.append(
                f'<line x1="{ux + PW / 2:.1f}" y1="{uy + PH:.1f}" x2="{bx + PW / 2:.1f}" y2="{by:.1f}" stroke="#5b4b99" stroke-width="3"/>'
            )
    for slot in range(1, 9):
        x, y = pos[slot]
        proj = projects[slot]
        done = slot in p.hq_done
        open_ = project_unlocked(s, i, slot)
        race = any("race" in item for item in proj.gain)
        parts = [
            f'<rect x="{x:.1f}" y="{y:.1f}" width="{PW:.1f}" height="{PH:.1f}" rx="7" fill="{"#24422f" if done else "#231c3d"}" '
            f'stroke="{SEAT_FILL[i] if done else "#8f7fd6"}" stroke-width="{2.5 if done else 1.2}" '
            f'stroke-dasharray="{"none" if open_ or done else "5,3"}"/>',
            die_face(x + 5, y + 5, 20, proj.cost),
            text(x + 8, y + PH - 8, slot, 12, fill=DIM),
            lines(x + 30, y + 18, gain_words(proj.gain, lang), PW - 34, 12, 3, fill="#e8ecff"),
        ]
        if done:
            parts.append(
                f'<rect x="{x + PW - 16:.1f}" y="{y + 4:.1f}" width="12" height="12" fill="{SEAT_FILL[i]}" stroke="#fff"/>'
            )
            if race and slot in p.races:
                parts.append(text(x + PW - 6, y + PH - 6, "⚑", 14, anchor="end", fill="#ffd84a"))
        state = say(lang, "hq_done") if done else ("" if open_ else say(lang, "hq_locked"))
        tip = say(lang, "hq_tip", slot=slot, cost=proj.cost, gain=gain_words(proj.gain, lang), state=state)
        out.append(group(parts, target=f"hq-{slot}" if mine else None, tip=tip, key=f"hq-{i}-{slot}"))
    return out, top + 4 * (PH + 10)


def _tx_mini(s: PulsarState, i: int, entry: list[object], x: float, y: float, mine: bool, lang: str) -> str:
    p = s.players[i]
    tid = str(entry[0])
    tile = transmitters()[tid]
    online = tid in p.online
    covered = p.tx.get(tid, [])
    parts = [
        f'<rect x="{x:.1f}" y="{y:.1f}" width="96" height="48" rx="6" fill="{"#16402c" if online else "#281f44"}" '
        f'stroke="{"#5fe39a" if online else "#8f7fd6"}" stroke-width="1.5"/>',
        text(x + 8, y + 18, tid, 14, fill="#ffffff", weight="bold"),
    ]
    if online:
        parts.append(text(x + 36, y + 18, say(lang, "online"), 12, fill="#9ff0c0"))
    else:
        for k, cost in enumerate(tile.costs):
            cx = x + 34 + k * 20
            parts.append(die_face(cx, y + 5, 17, cost))
            if k < len(covered) and covered[k]:
                parts.append(
                    f'<circle cx="{cx + 8.5:.1f}" cy="{y + 13.5:.1f}" r="5" fill="{SEAT_FILL[i]}" stroke="#fff"/>'
                )
    for side, pips in ((0, entry[1]), (1, entry[2])):  # the connectors at the array's left and right
        if pips is None:
            continue
        ex = x + (4 if side == 0 else 92)
        parts.append(f'<rect x="{ex - 4:.1f}" y="{y + 24:.1f}" width="8" height="20" rx="2" fill="#e6e9f2"/>')
        for k in range(int(str(pips))):
            parts.append(f'<circle cx="{ex:.1f}" cy="{y + 28 + k * 6:.1f}" r="1.8" fill="#111"/>')
    n_cov = sum(1 for c in covered if c)
    tip = say(
        lang,
        "tx_mine_tip",
        id=tid,
        covered=n_cov,
        n=len(tile.costs),
        online=f" — {say(lang, 'online')}" if online else "",
    )
    tip += ". " + tx_tip(tile, lang)
    return group(parts, target=f"tx-{tid}" if mine else None, tip=tip, key=f"tx-{i}-{tid}")


def _right(
    s: PulsarState, i: int, viewer: int | None, x0: float, y0: float, width: float, lang: str
) -> tuple[list[str], float]:
    p = s.players[i]
    w = words(lang)
    out: list[str] = []
    y = y0
    # gyrodyne tiles in the play area (§5.2: start one on a claimed pulsar for free)
    if p.held:
        out.append(text(x0, y + 14, w["gyros"], 13, fill=DIM))
        parts = [
            gyro_icon(x0 + 100 + k * 30, y + 9, 11, size, "#e8ecff", False) for k, size in enumerate(p.held)
        ]
        out.append(group(parts, tip=say(lang, "held_tip", tiles=", ".join(w["sizes"][z] for z in p.held))))
        y += 28
    if p.arrays:
        out.append(text(x0, y + 14, say(lang, "arrays"), 13, fill=DIM))
        y += 20
        for arr in p.arrays:
            for k, entry in enumerate(arr):
                if k:  # the link between two tiles
                    lx = x0 + k * 104 - 8
                    out.append(f'<rect x="{lx:.1f}" y="{y + 20:.1f}" width="8" height="8" fill="#e6e9f2"/>')
                out.append(_tx_mini(s, i, entry, x0 + k * 104, y, i == viewer, lang))
            y += 54
    if p.patents:
        out.append(text(x0, y + 14, w["patents"], 13, fill=DIM))
        techs = tech_ids(s.tech_boards)
        for k, tid in enumerate(p.patents):
            tech = techs[tid]
            cx = x0 + 100 + (k % 8) * 48
            cy = y + (k // 8) * 26
            out.append(
                group(
                    [
                        f'<rect x="{cx:.1f}" y="{cy:.1f}" width="44" height="22" rx="5" fill="{TYPE_FILL[tech.type]}" stroke="#0b1020"/>',
                        text(
                            cx + 22,
                            cy + 16,
                            f"{tid} {TYPE_MARK[tech.type]}",
                            12.5,
                            anchor="middle",
                            fill=TYPE_INK[tech.type],
                            weight="bold",
                        ),
                    ],
                    tip=tech_tip(tid, tech, lang),
                )
            )
        y += 26 * ((len(p.patents) - 1) // 8 + 1)
    if p.races:
        out.append(
            group(
                text(x0, y + 16, f"⚑ × {len(p.races)}", 14, fill="#ffd84a"),
                tip=say(lang, "races_tip", n=len(p.races)),
            )
        )
        y += 22
    if p.kept:
        out.append(
            group(
                text(x0 + 80, y + 16, f"⌂ × {len(p.kept)}", 14, fill=DIM),
                tip=say(lang, "kept_tip", n=len(p.kept)),
            )
        )
        y += 22
    return out, y


def player_board(
    s: PulsarState, i: int, viewer: int | None, x0: float, y0: float, width: float, lang: str
) -> tuple[list[str], float]:
    colour = SEAT_FILL[i]
    body: list[str] = []
    body += _header(s, i, viewer, x0, y0, width, lang)
    hq_parts, hq_bottom = _hq(s, i, viewer, x0 + 10, y0 + 50, lang)
    body += hq_parts
    right, right_bottom = _right(s, i, viewer, x0 + 500, y0 + 54, width - 510, lang)
    body += right
    bottom = max(hq_bottom, right_bottom, y0 + 70) + 10
    frame = (
        f'<rect x="{x0 - 6:.1f}" y="{y0 - 6:.1f}" width="{width + 12:.1f}" height="{bottom - y0 + 6:.1f}" rx="10" '
        f'fill="#0f1530" stroke="{colour}" stroke-width="{3 if i == viewer else 1.5}"/>'
    )
    return [frame, *body], bottom + 10
