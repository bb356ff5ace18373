"""SVG view: every zone, rotation for used/damaged, card backs for hidden cards,
the stack of interrupts, credits; clickable ``data-target`` ids for actions."""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING, Any

from galaxis.core.client import seat_ref
from galaxis.games.kaosz.cards import pool
from galaxis.games.kaosz.client import say
from galaxis.games.kaosz.effects import words
from galaxis.games.kaosz.views import describe

if TYPE_CHECKING:
    from galaxis.core import Game
    from galaxis.games.kaosz.state import KaoszState

W, H = 96, 128
ROTATE = {"active": 0, "used": 90, "damaged": 180}
INK = "#e8eaf6"  # labels on the dark page
CARD_INK = "#1b1b1b"  # text on a card face


def _lines(text: str, width: int = 13, most: int = 3) -> list[str]:
    """A card name broken into short lines (at most ``most``, the last cut with "…")."""
    lines: list[str] = []
    for word in text.split():
        if lines and len(lines[-1]) + 1 + len(word) <= width:
            lines[-1] += " " + word
        else:
            lines.append(word)
    if len(lines) > most:
        lines = [*lines[: most - 1], lines[most - 1][: width - 1] + "…"]
    return [line if len(line) <= width + 2 else line[: width + 1] + "…" for line in lines]


def _tip(v: dict[str, Any], name: str | None, lang: str) -> str:
    """What a card's tooltip says: its name, type, cost and text, and its values in play."""
    w = words(lang)
    if not name:
        return say(lang, "tips", "face_down")
    parts = [name]
    if v.get("type"):
        kind = w["types"].get(v["type"], v["type"])
        sub = w["subtypes"].get(v.get("subtype") or "", v.get("subtype") or "")
        parts.append(f"{kind}{' / ' + sub if sub else ''}")
    if "cost" in v:
        parts.append(say(lang, "tips", "cost", cost=v["cost"]))
    if "stats" in v:
        st = v["stats"]
        parts.append(f"{st['speed']}-{st['firepower']}-{v['armour_left']}-{st['bombard']}")
    card = pool().get(v.get("card", ""))
    text = card.summary_text(lang) if card is not None else ""
    return " · ".join(parts) + (f"\n{text}" if text else "")


def _card(v: dict[str, Any], x: int, y: int, lang: str) -> str:
    cx, cy = x + W // 2, y + H // 2
    name = v.get("name") if lang == "hu" else v.get("name_en")
    fill = "#f4ecd0" if name else "#345"
    ink = CARD_INK if name else INK
    body = (
        f'<rect x="{x}" y="{y}" width="{W}" height="{H}" rx="6" fill="{fill}" stroke="#222"/>'
        f'<text x="{x + 6}" y="{y + 16}" font-size="13" fill="{ink}">{escape(v["id"])}</text>'
    )
    if "cost" in v:
        body += (
            f'<text x="{x + W - 6}" y="{y + 16}" font-size="13" font-weight="bold" '
            f'text-anchor="end" fill="{ink}">{v["cost"]}</text>'
        )
    for k, line in enumerate(_lines(name or "?")):
        body += (
            f'<text x="{cx}" y="{y + 40 + 15 * k}" font-size="13" font-weight="bold" '
            f'text-anchor="middle" fill="{ink}">{escape(line)}</text>'
        )
    if "stats" in v:
        st = v["stats"]
        body += (
            f'<text x="{cx}" y="{y + H - 26}" font-size="13" text-anchor="middle" fill="{ink}">'
            f"{st['speed']}-{st['firepower']}-{v['armour_left']}-{st['bombard']}</text>"
        )
    if v.get("upgrades"):
        body += (
            f'<text x="{cx}" y="{y + H - 10}" font-size="13" text-anchor="middle" fill="{ink}">'
            f"+{v['upgrades']}</text>"
        )
    turn = ROTATE[v["state"]]
    tip = escape(_tip(v, name, lang), quote=True)
    out = (
        f'<g data-target="{escape(v["id"])}" data-tip="{tip}" transform="rotate({turn} {cx} {cy})">{body}</g>'
    )
    for k, a in enumerate(v.get("aboard", [])):
        out += _card(a, x + 8 + 10 * k, y + H - 10 + 6 * k, lang)
    return out


def _button(tid: str, label: str, x: int, y: int) -> tuple[str, int]:
    """A button on the table; returns its drawing and its width."""
    width = max(80, int(7.4 * len(label)) + 20)
    return (
        f'<g data-target="{escape(tid)}"><rect x="{x}" y="{y}" width="{width}" height="26" rx="5" fill="#dde"/>'
        f'<text x="{x + width // 2}" y="{y + 18}" font-size="13" text-anchor="middle" fill="{CARD_INK}">'
        f"{escape(label)}</text></g>",
        width,
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
            f"{seat_ref(i)}{' (' + w['active_player'] + ')' if i == obs['active'] else ''}: "
            f"{w['credits']} {p['credits']}, {w['colony']} {p['colony']}, "
            f"{w['hand']} {p['hand']}, {w['wreck']} {p['wreck']}, {w['trash']} {len(p['trash'])}"
        )
        parts.append(f'<text x="10" y="{y + 16}" font-size="14" fill="{INK}">{escape(head)}</text>')
        y += 24
        bx = 10
        buttons = [(f"colony-{i}", w["buttons"]["colony"]), (f"hand-{i}", w["buttons"]["hand"])]
        buttons += [
            (f"wreck-{i}", w["buttons"]["wreck"]),
            (f"seat-{i}", seat_ref(i)),  # the player's name (filled by the client)
        ]
        if len(obs["players"]) == 2 and i != seat:
            buttons = [
                ("attack-colony", w["buttons"]["colony"]),
                ("attack-hand", w["buttons"]["hand"]),
                *buttons,
            ]
        for tid, label in buttons:
            drawn, bw = _button(tid, label, bx, y)
            parts.append(drawn)
            bx += bw + 8
        y += 36
        x = 10
        for zone in ("hangar", "canteen", "surface"):
            cards = p[zone]
            if x > 10 and x + 70 + len(cards) * (W + 14) > width:  # the zone on a row of its own
                x, y = 10, y + H + 30
            parts.append(f'<text x="{x}" y="{y + 14}" font-size="13" fill="{INK}">{escape(w[zone])}</text>')
            x += 70
            for v in cards:
                if x + W > width - 10:
                    x, y = 80, y + H + 30
                parts.append(_card(v, x, y, lang))
                x += W + 14
            x += 20
        y += H + 30
        if "hand_cards" in p:
            x = 10
            parts.append(f'<text x="{x}" y="{y + 14}" font-size="13" fill="{INK}">{escape(w["hand"])}</text>')
            x = 60
            for v in p["hand_cards"]:
                if x + W > width - 10:
                    x, y = 60, y + H + 16
                parts.append(_card(v, x, y, lang))
                x += W + 8
            y += H + 16
    parts.append(f'<text x="10" y="{y + 16}" font-size="13" fill="{INK}">{escape(w["stack_order"])}</text>')
    y += 24
    x = 10
    for it in obs["stack"]:
        parts.append(_card(it["card"], x, y, lang))
        if it["kind"] != "card":  # a payment or an ability (§4.3, §9.5) rather than an interrupt card
            label = w["stack_kinds"].get(it["kind"], it["kind"])
            parts.append(f'<text x="{x}" y="{y + H + 14}" font-size="13" fill="{INK}">{escape(label)}</text>')
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
                    drawn, bw = _button(tid, describe(g, s, a, lang), x, y)
                    if x + bw > width - 10 and x > 10:  # a new row of buttons
                        x, y = 10, y + 34
                        drawn, bw = _button(tid, describe(g, s, a, lang), x, y)
                    parts.append(drawn)
                    shown.add(tid)
                    x += bw + 8
    y += 40
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{y}" viewBox="0 0 {width} {y}">'
        + "".join(parts)
        + "</svg>"
    )
