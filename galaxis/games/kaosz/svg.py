"""SVG view: every zone, rotation for used/damaged, card backs for hidden cards,
the stack of interrupts, credits; clickable ``data-target`` ids for actions."""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING, Any

from galaxis.core.messages import fmt
from galaxis.games.kaosz.effects import words
from galaxis.games.kaosz.views import describe

if TYPE_CHECKING:
    from galaxis.core import Game
    from galaxis.games.kaosz.state import KaoszState

W, H = 56, 78
ROTATE = {"active": 0, "used": 90, "damaged": 180}


def _card(v: dict[str, Any], x: int, y: int, lang: str) -> str:
    cx, cy = x + W // 2, y + H // 2
    name = v.get("name") if lang == "hu" else v.get("name_en")
    fill = "#f4ecd0" if name else "#345"
    label = escape((name or "?")[:12])
    body = (
        f'<rect x="{x}" y="{y}" width="{W}" height="{H}" rx="4" fill="{fill}" stroke="#222"/>'
        f'<text x="{cx}" y="{y + 14}" font-size="8" text-anchor="middle">{escape(v["id"])}</text>'
        f'<text x="{cx}" y="{y + 28}" font-size="7" text-anchor="middle">{label}</text>'
    )
    if "stats" in v:
        st = v["stats"]
        body += (
            f'<text x="{cx}" y="{y + 44}" font-size="8" text-anchor="middle">'
            f"{st['speed']}-{st['firepower']}-{v['armour_left']}-{st['bombard']}</text>"
        )
    if v.get("upgrades"):
        body += f'<text x="{cx}" y="{y + 60}" font-size="8" text-anchor="middle">+{v["upgrades"]}</text>'
    turn = ROTATE[v["state"]]
    out = f'<g data-target="{escape(v["id"])}" transform="rotate({turn} {cx} {cy})">{body}</g>'
    for k, a in enumerate(v.get("aboard", [])):
        out += _card(a, x + 8 + 10 * k, y + H - 10 + 6 * k, lang)
    return out


def _button(tid: str, label: str, x: int, y: int) -> str:
    return (
        f'<g data-target="{escape(tid)}"><rect x="{x}" y="{y}" width="70" height="20" rx="4" fill="#dde"/>'
        f'<text x="{x + 35}" y="{y + 14}" font-size="10" text-anchor="middle">{escape(label)}</text></g>'
    )


def render_svg(g: Game, s: KaoszState, seat: int | None, lang: str = "en") -> str:
    obs = g.observation(s, seat)
    w = words(lang)
    parts: list[str] = []
    y = 10
    width = 1200
    for p in obs["players"]:
        i = p["seat"]
        head = (
            f"{w['seat']} {i}{' (' + w['active_player'] + ')' if i == obs['active'] else ''}: "
            f"{w['credits']} {p['credits']}, {w['colony']} {p['colony']}, "
            f"{w['hand']} {p['hand']}, {w['wreck']} {p['wreck']}, {w['trash']} {len(p['trash'])}"
        )
        parts.append(f'<text x="10" y="{y + 12}" font-size="12">{escape(head)}</text>')
        if len(obs["players"]) == 2 and i != seat:
            parts.append(_button("attack-colony", w["buttons"]["colony"], 520, y))
            parts.append(_button("attack-hand", w["buttons"]["hand"], 440, y))
        parts.append(_button(f"colony-{i}", w["buttons"]["colony"], 600, y))
        parts.append(_button(f"hand-{i}", w["buttons"]["hand"], 680, y))
        parts.append(_button(f"wreck-{i}", w["buttons"]["wreck"], 760, y))
        parts.append(_button(f"seat-{i}", fmt(lang, w["buttons"]["seat"], seat=i), 840, y))
        y += 26
        x = 10
        for zone in ("hangar", "canteen", "surface"):
            parts.append(f'<text x="{x}" y="{y + 10}" font-size="9">{escape(w[zone])}</text>')
            x += 44
            for v in p[zone]:
                parts.append(_card(v, x, y, lang))
                x += W + 14
            x += 20
        y += H + 30
        if "hand_cards" in p:
            x = 10
            parts.append(f'<text x="{x}" y="{y + 10}" font-size="9">{escape(w["hand"])}</text>')
            for v in p["hand_cards"]:
                x += W + 6
                parts.append(_card(v, x, y, lang))
            y += H + 16
    parts.append(f'<text x="10" y="{y + 12}" font-size="11">{escape(w["stack_order"])}</text>')
    x = 180
    for it in obs["stack"]:
        parts.append(_card(it["card"], x, y, lang))
        if it["kind"] != "card":  # a payment or an ability (§4.3, §9.5) rather than an interrupt card
            label = w["stack_kinds"].get(it["kind"], it["kind"])
            parts.append(f'<text x="{x}" y="{y + H + 10}" font-size="9">{label}</text>')
        x += W + 10
    y += H + 16
    x = 10
    step = s.pending[-1] if s.pending else None
    if step is not None and seat == step.seat:
        shown = set()
        for part in parts:
            for chunk in part.split('data-target="')[1:]:
                shown.add(chunk.split('"', 1)[0])
        for a in g.legal_actions(s, step.seat):
            for tid in a.targets:
                if (
                    tid not in shown
                ):  # buttons (pass, go, bomb...) and cards shown nowhere else (a tutor's five)
                    parts.append(_button(tid, describe(g, s, a, lang), x, y))
                    shown.add(tid)
                    x += 76
    y += 30
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{y}" viewBox="0 0 {width} {y}">'
        + "".join(parts)
        + "</svg>"
    )
