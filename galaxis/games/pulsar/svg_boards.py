"""The boards beside Pulsar 2849's star cluster (docs/games/pulsar.md §3, §5-§7): the dice
board with its median marker and both marker tracks, the turn order, the gyrodyne and
modifier boards, the production / final-scoring steps, the technology boards as tiles, the
goals and the transmitter display. Every tile carries its rule in words (``data-tip``).

Targets: ``die-<v>``, ``track-i`` / ``track-e``, ``gyro-s|m|l``, ``buy-pm`` / ``buy-p2``,
``tech-<id>``, ``goal-<id>``, ``tx-<tile>``."""

from __future__ import annotations

import textwrap
from typing import TYPE_CHECKING, Any

from galaxis.core.messages import fmt
from galaxis.core.svg import group, text
from galaxis.games.pulsar import dice as dicemod
from galaxis.games.pulsar.client import texts
from galaxis.games.pulsar.data import components, goals, row_bonus, tech_ids, transmitters, words
from galaxis.games.pulsar.effects import (
    counted,
    gain_words,
    goal_words,
    tech_effect,
    tech_tip,
    tx_prod,
    tx_tip,
)
from galaxis.games.pulsar.effects import say as wsay
from galaxis.games.pulsar.scoring import goal_have
from galaxis.games.pulsar.svg_map import SEAT_FILL, gyro_icon
from galaxis.games.pulsar.views import goal_text

if TYPE_CHECKING:
    from galaxis.games.pulsar.state import PulsarState

DIM = "#aab3d6"
TYPE_FILL = {"once": "#cfe8ff", "perm": "#23498f", "prod": "#2a7d4f", "end": "#6b3fa6"}
TYPE_INK = {"once": "#10233f", "perm": "#ffffff", "prod": "#ffffff", "end": "#ffffff"}
TYPE_MARK = {"once": "✓", "perm": "∞", "prod": "⟳", "end": "★"}


def say(lang: str, key: str, **values: object) -> str:
    return fmt(lang, str(texts()["hu" if lang == "hu" else "en"]["board"][key]), **values)


def board_list(lang: str, key: str) -> list[str]:
    value: list[str] = texts()["hu" if lang == "hu" else "en"]["board"][key]
    return value


def wrap(words_: str, width: float, size: float) -> list[str]:
    """Lines of at most ``width`` units at font ``size`` (an average glyph is ~0.55 em)."""
    limit = max(8, int(width / (size * 0.55)))
    return textwrap.wrap(" ".join(words_.split()), limit, break_long_words=False, break_on_hyphens=False)


def lines(x: float, y: float, words_: str, width: float, size: float, limit: int, **kw: Any) -> str:
    """Wrapped text, at most ``limit`` lines (the last one ends with … when cut)."""
    rows = wrap(words_, width, size)
    if len(rows) > limit:
        rows = rows[:limit]
        rows[-1] = rows[-1].rstrip(".,;") + "…"
    return "".join(text(x, y + i * size * 1.22, row, size, **kw) for i, row in enumerate(rows))


def die_face(x: float, y: float, size: float, value: object, *, red: bool = False, fill: str = "") -> str:
    body = fill or ("#d9302b" if red else "#e6e9f2")
    ink = "#ffffff" if red else "#111111"
    return (
        f'<rect x="{x:.1f}" y="{y:.1f}" width="{size:.1f}" height="{size:.1f}" rx="{size / 5:.1f}" fill="{body}" stroke="#0b1020"/>'
        + text(x + size / 2, y + size * 0.74, value, size * 0.66, anchor="middle", fill=ink, weight="bold")
    )


def cube_icon(x: float, y: float, s: float = 7) -> str:
    """An engineering cube, drawn in isometric view."""
    top = f"{x:.1f},{y - s:.1f} {x + s:.1f},{y - s / 2:.1f} {x:.1f},{y:.1f} {x - s:.1f},{y - s / 2:.1f}"
    left = f"{x - s:.1f},{y - s / 2:.1f} {x:.1f},{y:.1f} {x:.1f},{y + s:.1f} {x - s:.1f},{y + s / 2:.1f}"
    right = f"{x + s:.1f},{y - s / 2:.1f} {x:.1f},{y:.1f} {x:.1f},{y + s:.1f} {x + s:.1f},{y + s / 2:.1f}"
    return (
        f'<polygon points="{top}" fill="#f5d26b"/><polygon points="{left}" fill="#c99a2e"/>'
        f'<polygon points="{right}" fill="#a87b1c"/>'
    )


def token_icon(x: float, y: float, label: str, r: float = 12) -> str:
    return (
        f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{r:.1f}" fill="#2f3b66" stroke="#9fb0ff" stroke-width="2"/>'
        + text(x, y + r * 0.42, label, r * 1.0, anchor="middle", fill="#ffffff", weight="bold")
    )


# --- the dice board ---------------------------------------------------------------------------


def dice_board(s: PulsarState, seat: int | None, x0: float, y0: float, lang: str) -> tuple[list[str], float]:
    """§3: the six boxes with the silver dice, the median marker, the tracks, the turn order."""
    out = [text(x0, y0 + 14, say(lang, "dice_board"), 15, fill=DIM, weight="bold")]
    bw, top = 48.0, y0 + 24
    out.append(
        f'<rect x="{x0:.1f}" y="{top:.1f}" width="{bw * 6:.1f}" height="62" rx="6" fill="#141c38" stroke="#3b4a7a"/>'
    )
    leftover = s.phase == "action"
    for v in range(1, 7):
        bx = x0 + (v - 1) * bw
        if v > 1:
            out.append(
                f'<line x1="{bx:.1f}" y1="{top:.1f}" x2="{bx:.1f}" y2="{top + 62:.1f}" stroke="#3b4a7a"/>'
            )
        out.append(text(bx + 5, top + 14, v, 12, fill="#7d8bb8"))
        n = s.pool.count(v)
        size = 22 if n == 1 else 18 if n <= 4 else 12  # side by side, never overlapping
        cols = 1 if n == 1 else 2 if n <= 4 else 3
        for i in range(n):
            dx = bx + (13 if n == 1 else 4) + (i % cols) * (size + 3)
            dy = top + (22 if n == 1 else 18) + (i // cols) * (size + 3)
            d = dicemod.distance(v, s.median)
            if leftover:
                tip = say(lang, "leftover_tip", v=v)
            elif d == 0:
                tip = say(lang, "die_tip_zero", v=v)
            else:
                tip = say(lang, "die_tip", v=v, d=d)
            out.append(group(die_face(dx, dy, size, v), target=f"die-{v}", tip=tip, key=f"die-{v}-{i}"))
    mv = dicemod.median_value(s.median)
    mx = x0 + s.median * bw / 2
    out.append(
        group(
            [
                f'<polygon points="{mx:.1f},{top + 60:.1f} {mx - 9:.1f},{top + 76:.1f} {mx + 9:.1f},{top + 76:.1f}" fill="#ffd84a" stroke="#0b1020"/>',
                text(mx, top + 92, say(lang, "median", v=mv), 13, anchor="middle", fill="#ffd84a"),
            ],
            tip=say(lang, "median_tip", v=mv),
        )
    )
    y = top + 102
    rewards = components().engineering[s.n]
    reward_words = ", ".join(counted(lang, "cubes", c) if c else counted(lang, "vp", vp) for c, vp in rewards)
    for t, (name, key) in enumerate((("i", "initiative"), ("e", "engineering"))):
        out += _track(s, t, name, x0, y, lang, say(lang, f"{key}_tip", rewards=reward_words))
        y += 56
    out += _turn_order(s, x0, y, lang)
    return out, y + 40


def _track(s: PulsarState, t: int, name: str, x0: float, y: float, lang: str, tip: str) -> list[str]:
    comp = components()
    sw = 19.5
    label = say(lang, "initiative" if name == "i" else "engineering")
    out = [text(x0, y + 12, label, 13, fill=DIM)]  # outside the track, so its glow never hides it
    for space, cost in comp.track_penalties.items():
        out.append(text(x0 + space * sw + sw / 2, y + 12, cost, 12, anchor="middle", fill="#ff9b9b"))
    top, h_cell = y + 16, 32
    parts = []
    for space, stack in enumerate(s.tracks[t]):
        sx = x0 + space * sw
        pen = comp.track_penalties.get(space)
        fill = "#4a1c22" if pen else "#1a2444"
        parts.append(
            f'<rect x="{sx:.1f}" y="{top:.1f}" width="{sw - 1:.1f}" height="{h_cell}" rx="2" fill="{fill}" stroke="#3b4a7a"/>'
        )
        if space == comp.track_start:
            parts.append(
                f'<line x1="{sx + sw / 2:.1f}" y1="{top + h_cell:.1f}" x2="{sx + sw / 2:.1f}" y2="{top + h_cell + 5:.1f}" stroke="#dfe5ff" stroke-width="2"/>'
            )
        # a stack of markers in the players' colours, the top one ahead (§3.3)
        for h, marker in enumerate(stack):
            parts.append(
                f'<circle cx="{sx + (sw - 1) / 2:.1f}" cy="{top + h_cell - 6.5 - h * 6.5:.1f}" r="5.8" '
                f'fill="{SEAT_FILL[marker // 2]}" stroke="#ffffff" stroke-width="1"/>'
            )
    out.append(group(parts, target=f"track-{name}", tip=tip, key=f"track-{name}"))
    return out


def _turn_order(s: PulsarState, x0: float, y: float, lang: str) -> list[str]:
    parts = [text(x0, y + 14, say(lang, "order"), 13, fill=DIM)]
    for pos, seat in enumerate(s.order):
        x = x0 + 92 + pos * 50
        parts.append(
            f'<polygon points="{x:.1f},{y:.1f} {x + 40:.1f},{y:.1f} {x + 20:.1f},{y + 26:.1f}" fill="#1a2444" stroke="#3b4a7a"/>'
        )
        parts.append(text(x + 6, y + 12, f"{pos + 1}.", 12, fill="#7d8bb8"))
        rx, ry = x + 24, y + 4
        parts.append(
            f'<polygon points="{rx:.1f},{ry:.1f} {rx + 5:.1f},{ry + 13:.1f} {rx:.1f},{ry + 10:.1f} {rx - 5:.1f},{ry + 13:.1f}" '
            f'fill="{SEAT_FILL[seat]}" stroke="#fff"/>'
        )
    return [group(parts, tip=say(lang, "order_tip"), key="order")]


# --- gyrodynes, modifiers, piles, the phase steps ------------------------------------------------


def gyro_board(s: PulsarState, x0: float, y0: float, lang: str) -> tuple[list[str], float]:
    """§5.1-5.2: take and complete costs, points, supply and the construction awards."""
    comp = components()
    w = words(lang)
    out = [text(x0, y0 + 14, say(lang, "gyro_board"), 15, fill=DIM, weight="bold")]
    for i, size in enumerate(("s", "m", "l")):
        g = comp.gyrodynes[size]
        bx, by = x0 + i * 98, y0 + 22
        holders = s.award_holders[size]
        parts = [
            f'<rect x="{bx:.1f}" y="{by:.1f}" width="92" height="94" rx="8" fill="#141c38" stroke="#3b4a7a"/>',
            gyro_icon(bx + 20, by + 22, 14, size, "#e8ecff", True),
            text(
                bx + 38,
                by + 20,
                w["sizes"][size],
                13 if len(w["sizes"][size]) < 7 else 11.5,
                fill="#e8ecff",
                weight="bold",
            ),
            text(bx + 40, by + 36, f"×{s.gyro_supply[size]}", 13, fill=DIM),
            die_face(bx + 6, by + 46, 20, g.take),
            text(bx + 30, by + 61, "→", 13, fill=DIM),
            die_face(bx + 44, by + 46, 20, g.flip),
            text(bx + 68, by + 61, f"+{g.vp}", 13, fill="#ffd84a", weight="bold"),
        ]
        for k, vp in enumerate(comp.construction_awards):
            ax = bx + 8 + k * 42
            taken = k < len(holders)
            fill = SEAT_FILL[holders[k]] if taken else "#2b3558"
            parts.append(
                f'<rect x="{ax:.1f}" y="{by + 71:.1f}" width="36" height="18" rx="4" fill="{fill}" stroke="#ffd84a"/>'
            )
            parts.append(
                text(
                    ax + 18,
                    by + 85,
                    vp,
                    13,
                    anchor="middle",
                    fill="#111" if taken else "#ffd84a",
                    weight="bold",
                )
            )
        tip = say(
            lang,
            "gyro_tip",
            size=w["sizes"][size],
            take=g.take,
            flip=g.flip,
            vp=g.vp,
            left=s.gyro_supply[size],
        )
        who = [fmt(lang, "⟨{seat}⟩", seat=h) for h in holders]
        tip += ". " + "; ".join(
            say(lang, "award_tip", vp=vp, who=who[k] if k < len(who) else say(lang, "award_free"))
            for k, vp in enumerate(comp.construction_awards)
        )
        out.append(group(parts, target=f"gyro-{size}", tip=tip, key=f"gyro-{size}"))
    return out, y0 + 122


def modifiers(s: PulsarState, x0: float, y0: float, lang: str) -> tuple[list[str], float]:
    """§5.4: the die-modifier board."""
    comp = components()
    out = [text(x0, y0 + 14, say(lang, "modifiers"), 15, fill=DIM, weight="bold")]
    for i, (kind, label) in enumerate((("pm", "±1"), ("p2", "+2"))):
        bx = x0 + i * 148
        parts = [
            f'<rect x="{bx:.1f}" y="{y0 + 22:.1f}" width="140" height="40" rx="8" fill="#141c38" stroke="#3b4a7a"/>',
            token_icon(bx + 22, y0 + 42, label, 14),
            text(bx + 44, y0 + 47, "←", 14, fill=DIM),
        ]
        for k, v in enumerate(comp.modifiers[kind]):
            parts.append(die_face(bx + 62 + k * 30, y0 + 31, 22, v))
        out.append(group(parts, target=f"buy-{kind}", tip=say(lang, f"buy_{kind}_tip"), key=f"buy-{kind}"))
    return out, y0 + 70


def phase_steps(s: PulsarState, x0: float, y0: float, width: float, lang: str) -> tuple[list[str], float]:
    """§6 and §7 as the rules summary lists them, the step under way lit."""
    final = s.phase in ("final", "over")
    steps = board_list(lang, "final_steps" if final else "production_steps")
    lit = -1
    if s.phase == "production":
        lit = 3  # the conversions of step 4 are the only decisions
    elif s.phase == "final":
        lit = 1 if s.pending else 6
    out = [text(x0, y0 + 14, say(lang, "final" if final else "production"), 15, fill=DIM, weight="bold")]
    for i, step in enumerate(steps):
        y = y0 + 22 + i * 19
        on = i == lit
        out.append(
            f'<rect x="{x0:.1f}" y="{y:.1f}" width="{width:.1f}" height="17" rx="4" fill="{"#3a3210" if on else "#141c38"}" '
            f'stroke="{"#ffd84a" if on else "#2b3558"}"/>'
        )
        out.append(text(x0 + 6, y + 13, f"{i + 1}. {step}", 12, fill="#ffd84a" if on else DIM))
    return out, y0 + 22 + len(steps) * 19


# --- technologies ------------------------------------------------------------------------------------


def techs(s: PulsarState, x0: float, y0: float, width: float, lang: str) -> tuple[list[str], float]:
    """§5.5: three boards, eight rows (row 1 next to the star cluster); the time marker's row and
    those inside it are open; each tile's cost, patent spaces, effect and owners."""
    table = tech_ids(s.tech_boards)
    out = [
        text(x0, y0 + 16, f"{say(lang, 'techs')} · {' · '.join(s.tech_boards)}", 16, fill=DIM, weight="bold")
    ]
    rh, med = 64.0, 64.0
    tw = (width - med - 8) / 3
    y = y0 + 26
    for row in range(1, 9):
        bonus = row_bonus(s.tech_boards, row)
        here = row == s.round
        parts = [
            f'<circle cx="{x0 + 28:.1f}" cy="{y + rh / 2 - 2:.1f}" r="24" fill="{"#3a3210" if here else "#141c38"}" '
            f'stroke="{"#ffd84a" if here else "#3b4a7a"}" stroke-width="{3 if here else 1.5}"/>',
            text(x0 + 28, y + rh / 2 - 8, row, 13, anchor="middle", fill=DIM),
            text(
                x0 + 28,
                y + rh / 2 + 11,
                f"+{bonus}" if bonus != "?" else "?",
                16,
                anchor="middle",
                fill="#ffd84a",
                weight="bold",
            ),
        ]
        if here:
            parts.append(
                f'<polygon points="{x0 + 56:.1f},{y + rh / 2 - 2:.1f} {x0 + 64:.1f},{y + rh / 2 - 9:.1f} {x0 + 64:.1f},{y + rh / 2 + 5:.1f}" fill="#ffd84a"/>'
            )
        out.append(
            group(
                parts,
                tip=say(lang, "row_tip", row=row, bonus=bonus)
                + (f" — {say(lang, 'time_marker')}" if here else ""),
            )
        )
        ids = [tid for tid in table if int(tid[0]) == row]
        for j, tid in enumerate(ids):
            out.append(_tech(s, tid, x0 + med + j * tw, y, tw - 8, rh - 8, row, lang))
        y += rh
        if row in (2, 5):  # the three boards: I (rows 1-2), II (3-5), III (6-8)
            out.append(
                f'<line x1="{x0 + med:.1f}" y1="{y - 4:.1f}" x2="{x0 + width:.1f}" y2="{y - 4:.1f}" stroke="#3b4a7a" stroke-dasharray="4,4"/>'
            )
    return out, y + 4


def _tech(s: PulsarState, tid: str, x: float, y: float, w: float, h: float, row: int, lang: str) -> str:
    tech = tech_ids(s.tech_boards)[tid]
    fill, ink = TYPE_FILL[tech.type], TYPE_INK[tech.type]
    owners = s.patents.get(tid, [])
    parts = [
        f'<rect x="{x:.1f}" y="{y:.1f}" width="{w:.1f}" height="{h:.1f}" rx="7" fill="{fill}" stroke="#0b1020" stroke-width="1.5"/>',
        die_face(x + 6, y + 6, 24, tech.cost),
        text(x + 18, y + h - 8, TYPE_MARK[tech.type], 15, anchor="middle", fill=ink, weight="bold"),
    ]
    # patent spaces: two dice icons (two players may patent) or one space and a lock
    for k in range(2):
        sx = x + 36 + k * 20
        lock = tech.mode == "lock" and k == 1
        owner = owners[k] if k < len(owners) else None
        parts.append(
            f'<rect x="{sx:.1f}" y="{y + 8:.1f}" width="16" height="16" rx="3" fill="{SEAT_FILL[owner] if owner is not None else "#0b1020"}" '
            f'fill-opacity="{1 if owner is not None else 0.35}" stroke="{ink}" stroke-width="1"/>'
        )
        if lock and owner is None:
            parts.append(
                text(sx + 8, y + 21, "🔒" if tid in s.locked else "⌂", 11, anchor="middle", fill=ink)
            )
    parts.append(text(x + 80, y + 21, tid, 13, fill=ink, weight="bold"))
    parts.append(lines(x + 36, y + 40, tech_effect(tech, lang), w - 42, 12.5, 2, fill=ink))
    tip = tech_tip(tid, tech, lang)
    if owners:
        tip += " " + wsay(lang, "tech_owners", seats=[fmt(lang, "⟨{s}⟩", s=o) for o in owners]) + "."
    if row > s.round:
        tip += " " + wsay(lang, "tech_closed", row=row) + "."
    body = group(parts, opacity=0.7 if row > s.round else None)  # a closed row: dimmed, still readable
    return group(body, target=f"tech-{tid}", tip=tip, key=f"tech-{tid}")


# --- goals and transmitters ----------------------------------------------------------------------------


def goal_tiles(s: PulsarState, x0: float, y0: float, width: float, lang: str) -> tuple[list[str], float]:
    """§7 step 2: the three goal tiles, their conditions and bonuses, every player's progress."""
    out = [text(x0, y0 + 16, say(lang, "goals"), 16, fill=DIM, weight="bold")]
    tw = (width - 16) / 3
    for i, gid in enumerate(s.goals):
        g = goals()[gid]
        x, y = x0 + i * (tw + 8), y0 + 26
        parts = [
            f'<rect x="{x:.1f}" y="{y:.1f}" width="{tw:.1f}" height="112" rx="8" fill="#2d2714" stroke="#c9a640" stroke-width="1.5"/>',
            text(x + 10, y + 20, f"#{gid}", 14, fill="#ffd84a", weight="bold"),
            text(x + tw - 10, y + 20, f"{g.vp}★", 16, anchor="end", fill="#ffd84a", weight="bold"),
            lines(x + 42, y + 20, goal_cond(gid, s, lang), tw - 90, 13, 2, fill="#fff3d0"),
            text(
                x + 10,
                y + 58,
                f"{g.bonus1[0]}▣ → +{g.bonus1[1]} · {g.bonus2[0]}▣ → +{g.bonus2[1]}",
                13,
                fill="#e8d9a8",
            ),
        ]
        for seat in range(s.n):
            have = goal_have(s, seat, gid)
            px = x + 10 + seat * ((tw - 20) / 4)
            met = have >= g.count
            parts.append(
                f'<circle cx="{px + 7:.1f}" cy="{y + 88:.1f}" r="7" fill="{SEAT_FILL[seat]}" stroke="{"#fff" if met else "#0b1020"}" stroke-width="2"/>'
            )
            parts.append(
                text(
                    px + 19,
                    y + 93,
                    f"{min(have, 99)}/{g.count}{' ✓' if met else ''}",
                    13,
                    fill="#fff3d0" if met else "#c9b98a",
                )
            )
        tip = (
            goal_words(gid, lang, s.goal4_any)
            + ". "
            + "; ".join(
                say(lang, "goal_progress", seat=seat, have=goal_have(s, seat, gid), need=g.count)
                for seat in range(s.n)
            )
        )
        out.append(group(parts, target=f"goal-{gid}", tip=tip, key=f"goal-{gid}"))
    return out, y0 + 146


def goal_cond(gid: int, s: PulsarState, lang: str) -> str:
    """The goal's condition alone (its points are drawn apart)."""
    full = goal_text(gid, lang, s.goal4_any)
    body = full.split(":", 1)[1] if ":" in full else full
    return body.split("→")[0].strip()


def tx_tile(
    tid: str,
    x: float,
    y: float,
    w: float,
    lang: str,
    *,
    covered: list[int] | None = None,
    online: bool = False,
) -> list[str]:
    """A transmitter tile: its costs (covered ones marked), link pips on its edges, its one-time
    reward and, online, its production."""
    tile = transmitters()[tid]
    h = 92.0
    fill = "#16402c" if online else "#281f44"
    parts = [
        f'<rect x="{x:.1f}" y="{y:.1f}" width="{w:.1f}" height="{h:.1f}" rx="8" fill="{fill}" stroke="{"#5fe39a" if online else "#8f7fd6"}" stroke-width="1.5"/>',
        text(x + 10, y + 19, tid, 15, fill="#ffffff", weight="bold"),
    ]
    for k, cost in enumerate(tile.costs):
        cx = x + 38 + k * 26
        parts.append(die_face(cx, y + 5, 20, cost))
        if covered is not None and k < len(covered) and covered[k]:
            parts.append(f'<circle cx="{cx + 10:.1f}" cy="{y + 15:.1f}" r="6" fill="#ffffff" stroke="#111"/>')
    # link pips: half-die connection points on the left and right edges
    for k, pips in enumerate(tile.links):
        ex = x + (w - 6 if k == 0 else 6)
        parts.append(
            f'<rect x="{ex - 6:.1f}" y="{y + 34:.1f}" width="12" height="24" rx="3" fill="#e6e9f2"/>'
        )
        for p_ in range(pips):
            parts.append(f'<circle cx="{ex:.1f}" cy="{y + 39 + p_ * 7:.1f}" r="2.2" fill="#111"/>')
    parts.append(lines(x + 16, y + 44, gain_words(tile.once, lang), w - 34, 12.5, 2, fill="#e8ecff"))
    parts.append(
        text(x + 16, y + h - 10, f"⟳ {tx_prod(tile, lang)}", 12.5, fill="#9ff0c0" if online else "#c7bff0")
    )
    return parts


def tx_display(s: PulsarState, x0: float, y0: float, width: float, lang: str) -> tuple[list[str], float]:
    """§5.3: the three transmitters on display, and the face-down stack's letters."""
    out = [text(x0, y0 + 16, say(lang, "display"), 16, fill=DIM, weight="bold")]
    stack = {letter: sum(1 for t in s.tx_stack if t[0] == letter) for letter in "ABC"}
    out.append(
        group(
            text(
                x0 + width,
                y0 + 16,
                f"A {stack['A']} · B {stack['B']} · C {stack['C']} · ⌂ {len(s.explore_pile)}",
                13,
                anchor="end",
                fill=DIM,
            ),
            tip=say(lang, "stack_tip", a=stack["A"], b=stack["B"], c=stack["C"])
            + ". "
            + say(lang, "explore_tip", n=len(s.explore_pile)),
        )
    )
    tw = (width - 16) / 3
    for i, tid in enumerate(s.display):
        x = x0 + i * (tw + 8)
        out.append(
            group(
                tx_tile(tid, x, y0 + 26, tw, lang),
                target=f"tx-{tid}",
                tip=tx_tip(transmitters()[tid], lang),
                key=f"tx-{tid}",
            )
        )
    return out, y0 + 126
