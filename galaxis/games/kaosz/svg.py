"""The Káosz Galaktika table as SVG, drawn for one viewer (docs/games/kaosz.md §2–§8).

Each seat's zones lie as on a real table: the opponents on top (their hand as card
backs), the stack and the combat in the middle, the viewer's own seat below with its
hand. A seat's row holds its hangar (ships with their equipment and crew tucked under
them), canteen and surface; its colony, wreck and trash are piles beside it with the
seat's name plate. Cards are drawn by ``faces.py``: used cards are turned 90°, damaged
ones 180° (§3), with upright markers for their state, upgrades and damage.

Everything comes from the viewer's observation (and public parts of the state: the
shot being fired, the stack's targets), so a card the viewer may not know is a back
with no name anywhere — not in the drawing, its tooltip or its enlargement (§8).
Every card carries ``data-tip`` (its text in words) and ``data-zoom``: the client
shows the enlarged card (its ``zoom-only`` part, the full face) on hover or long
press. Clickable ids (``data-target``) are those of the legal actions.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from html import escape
from typing import TYPE_CHECKING, Any

from galaxis.core.client import PALETTE, seat_ref
from galaxis.core.messages import fmt
from galaxis.core.svgtext import FONT, fit, text, text_width
from galaxis.games.kaosz import in_play
from galaxis.games.kaosz.cards import Card, pool
from galaxis.games.kaosz.cardtext import card_text
from galaxis.games.kaosz.effects import words
from galaxis.games.kaosz.faces import RACE_COLOURS, Live, back, full_face, glyph, table_face
from galaxis.games.kaosz.faces import H as CH
from galaxis.games.kaosz.faces import W as CW
from galaxis.games.kaosz.state import ACTIVE
from galaxis.games.kaosz.views import card_label, card_view

if TYPE_CHECKING:
    from galaxis.core import Game
    from galaxis.games.kaosz.state import KaoszState

WIDTH = 1000
MIN_WIDTH = 760  # CSS px below which a phone scrolls the table sideways (text stays >= 8 px)
PILES = 118  # the piles column on the right
ROW = WIDTH - PILES - 14  # room for a seat's zones
GAP = 8
TAB = 20  # an equipment or crew card tucked under its ship
TABS_AT = CH - 42  # where the first tab lies, from the ship's top
LABEL = 16  # a zone's label above its cards
INK = "#e8eaf6"  # light text on the dark table
DIM = "#b8bedf"
TABLE = "#11163a"
ROTATE = {"active": 0, "used": 90, "damaged": 180}
STATE_COLOURS = {"used": "#8d6e00", "damaged": "#b71c1c"}
ZONES = ("hangar", "canteen", "surface")


def _words(lang: str) -> dict[str, Any]:
    return words(lang)


@dataclass
class Board:
    """The drawing being made: its parts, the full faces it refers to, and the viewer."""

    g: Game
    s: KaoszState
    obs: dict[str, Any]
    viewer: int | None
    lang: str
    parts: list[str] = field(default_factory=list)
    faces: set[str] = field(default_factory=set)  # card ids whose full face is in <defs>
    known: set[str] = field(default_factory=set)  # others' face-down cards the viewer has seen
    combat_ships: dict[str, int] = field(default_factory=dict)  # card id -> side (0 attacker)

    @property
    def w(self) -> dict[str, Any]:
        return _words(self.lang)

    def add(self, svg: str) -> None:
        self.parts.append(svg)

    def label(self, x: float, y: float, content: str, size: float = 13, **kw: Any) -> None:
        self.add(text(x, y, content, size, fill=kw.pop("fill", INK), **kw))


# --- one card ---------------------------------------------------------------------------------


def _card_of(v: dict[str, Any]) -> Card | None:
    """The printed card behind a card view, if the viewer may know it."""
    return pool().get(v["card"]) if "card" in v else None


def _live(v: dict[str, Any]) -> Live:
    stats = dict(v.get("stats", {}))
    if "armour_left" in v and stats:
        stats["armour"] = v["armour_left"]
    return Live(stats=stats, upgrades=v.get("upgrades", 0), harm=v.get("harm", 0), choice=v.get("choice", ""))


def tip(b: Board, v: dict[str, Any]) -> str:
    """A card in words: what its tooltip and accessible name say."""
    w = b.w
    card = _card_of(v)
    if card is None:
        return str(w["face_down_card"])
    name = card.name if b.lang == "hu" else card.name_en
    head = [f"{name} ({v['id']})", f"{w['types'][card.type]}, {w['subtypes'][card.subtype]}"]
    head.append(fmt(b.lang, w["tip_cost"], cost=card.cost))
    if "stats" in v:
        st = v["stats"]
        head.append(
            ", ".join(
                f"{w['stats'][k]} {v['armour_left']}/{st[k]}" if k == "armour" else f"{w['stats'][k]} {st[k]}"
                for k in ("speed", "firepower", "armour", "bombard")
            )
        )
    flags = []
    if not v.get("up") and v.get("zone") != "hand":
        flags.append(w["face_down"])
    if v["state"] != "active":
        flags.append(w["states"][v["state"]])
    if v.get("upgrades"):
        flags.append(fmt(b.lang, w["tip_upgrades"], n=v["upgrades"]))
    if v["id"] in b.known:
        flags.append(w["seen"])
    t = card_text(card, b.lang)
    body = " ".join(([", ".join(t.keywords).capitalize() + "."] if t.keywords else []) + list(t.lines))
    return " · ".join(head + flags) + (f"\n{body}" if body else "")


def card(b: Board, v: dict[str, Any], x: float, y: float, *, zone: str = "") -> float:
    """Draws a card (its slot's top-left corner at x, y); returns the slot's width."""
    c = _card_of(v)
    state = v["state"]
    turn = ROTATE[state]
    slot = CH if turn == 90 else CW
    cx, cy = x + slot / 2, y + CH / 2
    own_down = c is not None and not v.get("up") and zone not in ("hand", "tutor")
    if c is None:
        face, zoom = back(b.lang), back(b.lang)
    else:
        face = table_face(c, b.lang, _live(v))
        b.faces.add(c.id)
        zoom = f'<use href="#kf-{c.id}"/>' + _zoom_state(b, v)
    inner = (
        f'<rect class="outline" width="{CW}" height="{CH}" rx="7" fill="none"/>'  # the highlight's frame
        f'<g class="table-only">{face}{_ribbon(b, v, own_down)}</g>'
        f'<g class="zoom-only" display="none">{zoom}</g>'
    )
    transform = f"translate({cx - CW / 2:g} {cy - CH / 2:g})"
    if turn:
        transform += f" rotate({turn} {CW / 2} {CH / 2})"
    attrs = f'data-target="{escape(v["id"])}" data-tip="{escape(tip(b, v), quote=True)}" data-zoom="0 0 {CW} {CH}"'
    if c is not None:
        attrs += f' data-card="{c.id}"'
    b.add(f'<g {attrs} transform="{transform}">{inner}</g>')
    # upright markers: state, upgrades, combat
    if state != "active":
        b.add(_chip(x + 4, y + 4, str(b.w["states"][state]), STATE_COLOURS[state]))
    if v.get("upgrades"):
        b.add(_token(x + slot - 14, y + CH - 16, v["upgrades"], b.w["tip_upgrades_short"]))
    side = b.combat_ships.get(v["id"])
    if side is not None:
        b.add(_chip(x + slot - 4, y + 4, "⚔", "#c62828", anchor="end"))
    return slot


def _zoom_state(b: Board, v: dict[str, Any]) -> str:
    """What the enlarged card adds for a card in play: damage, pumps, the chosen bonus."""
    w = b.w
    notes = []
    if "stats" in v:
        st = v["stats"]
        notes.append(fmt(b.lang, w["zoom_armour"], left=v["armour_left"], full=st["armour"]))
    if v["state"] != "active":
        notes.append(str(w["states"][v["state"]]))
    if v.get("upgrades"):
        notes.append(fmt(b.lang, w["tip_upgrades"], n=v["upgrades"]))
    if not v.get("up") and v.get("zone") != "hand":
        notes.append(str(w["seen"] if v["id"] in b.known else w["face_down"]))
    if not notes:
        return ""
    line = " · ".join(notes)
    size, lines = fit(line, CW - 8, 6, 2, bold=True, smallest=4.5)
    h = len(lines) * size * 1.2 + 4
    out = f'<rect x="2" y="{CH - 2 - h:g}" width="{CW - 4}" height="{h:g}" rx="3" fill="#263238" opacity="0.92"/>'
    for k, ln in enumerate(lines):
        out += text(CW / 2, CH - h + size * (k + 1) * 1.15, ln, size, fill="#fff", bold=True, anchor="middle")
    return out


def _ribbon(b: Board, v: dict[str, Any], own_down: bool) -> str:
    """A band across a face-down card the viewer knows: only they see its face."""
    if not own_down:
        return ""
    seen = v["id"] in b.known
    label = b.w["seen"] if seen else b.w["face_down"]
    return f'<rect x="0" y="{CH - 20}" width="{CW}" height="20" rx="3" fill="#263238"/>' + text(
        CW / 2, CH - 6, f"▼ {label}", 11, fill="#fff", bold=True, anchor="middle", width=CW - 6
    )


def _chip(x: float, y: float, label: str, colour: str, anchor: str = "start", size: float = 11) -> str:
    width = text_width(label, size, True) + 10
    left = x - width if anchor == "end" else x
    return (
        f'<g class="marker"><rect x="{left:g}" y="{y:g}" width="{width:g}" height="{size + 6:g}" rx="4" '
        f'fill="{colour}" stroke="#fff" stroke-width="1"/>'
        + text(left + width / 2, y + size + 1.5, label, size, fill="#fff", bold=True, anchor="middle")
        + "</g>"
    )


def _token(x: float, y: float, n: int, what: str) -> str:
    """Upgrade beads on a base (§4.4): a gold token with the count."""
    return (
        f'<g class="marker"><circle cx="{x:g}" cy="{y:g}" r="11" fill="#ffd54f" stroke="#5d4000" stroke-width="1.5"/>'
        + text(x, y + 4.5, str(n), 13, fill="#1b1b1b", bold=True, anchor="middle")
        + f"<title>{escape(f'{n} {what}')}</title></g>"
    )


def tab(b: Board, v: dict[str, Any], x: float, y: float) -> None:
    """An equipment or crew card aboard a ship, tucked under it: its name and what it adds."""
    c = _card_of(v)
    own_down = c is not None and not v.get("up")
    if c is None:
        fill, ink, label, extra = "#263069", "#fff", f"▼ {b.w['face_down']}", ""
        zoom = back(b.lang)
    else:
        fill, ink = ("#ece4cf", "#1b1b1b") if not own_down else ("#cfd8dc", "#1b1b1b")
        label = c.name if b.lang == "hu" else c.name_en
        if own_down:
            label = f"▼ {label}"
        bonus = dict(c.bonus)
        if v.get("choice"):
            bonus[v["choice"]] = next((n for e in c.effects for st, n in e.options if st == v["choice"]), 0)
        extra = " ".join(f"+{n}{_STAT_LETTER[b.lang][k]}" for k, n in bonus.items())
        b.faces.add(c.id)
        zoom = f'<use href="#kf-{c.id}"/>' + _zoom_state(b, v)
    colour = RACE_COLOURS[c.race] if c is not None else "#5c6bc0"
    width = CW
    extra_w = text_width(extra, 11, True) + 6 if extra else 0
    body = (
        f'<rect width="{width}" height="{TAB}" rx="3" fill="{fill}" stroke="{colour}" stroke-width="1.5"/>'
        f'<rect width="5" height="{TAB}" rx="2" fill="{colour}"/>'
        + text(8, 14.5, label, 11, fill=ink, bold=True, width=width - 12 - extra_w)
        + (text(width - 4, 14.5, extra, 11, fill="#1b5e20", bold=True, anchor="end") if extra else "")
    )
    attrs = f'data-target="{escape(v["id"])}" data-tip="{escape(tip(b, v), quote=True)}" data-zoom="0 0 {CW} {CH}"'
    if c is not None:
        attrs += f' data-card="{c.id}"'
    b.add(
        f'<g {attrs} transform="translate({x:g} {y:g})">'
        f'<rect class="outline" width="{CW}" height="{TAB}" rx="3" fill="none"/><g class="table-only">{body}</g>'
        f'<g class="zoom-only" display="none">{zoom}</g></g>'
    )


_STAT_LETTER = {
    "en": {"speed": "S", "firepower": "F", "armour": "A", "bombard": "B"},
    "hu": {"speed": "S", "firepower": "T", "armour": "P", "bombard": "B"},
}


# --- a seat's row -------------------------------------------------------------------------------


def _slot(v: dict[str, Any]) -> float:
    return CH if v["state"] == "used" else CW


def zone_row(b: Board, p: dict[str, Any], y: float, x0: float = 10, width: float = ROW) -> float:
    """A seat's hangar, canteen and surface side by side (cards overlap when crowded);
    returns the row's height."""
    w = b.w
    zones = [(z, p[z]) for z in ZONES]
    natural = sum(
        (sum(_slot(v) for v in cards) + GAP * max(0, len(cards) - 1)) if cards else 70 for _, cards in zones
    ) + 22 * (len(zones) - 1)
    squeeze = 1.0
    if natural > width:
        fixed = sum((_slot(cards[-1]) if cards else 70) for _, cards in zones) + 22 * (len(zones) - 1)
        loose = natural - fixed
        squeeze = max(0.3, (width - fixed) / loose) if loose else 1.0
    x = x0
    deepest = 0
    for zone, cards in zones:
        b.label(x, y + 12, str(w[zone]), 13, bold=True)
        if not cards:
            b.add(
                f'<rect x="{x:g}" y="{y + LABEL:g}" width="70" height="{CH:g}" rx="7" fill="none" '
                f'stroke="#5c6794" stroke-width="1.5" stroke-dasharray="5 4"/>'
            )
            x += 70 + 22
            continue
        for k, v in enumerate(cards):
            slot = card(b, v, x, y + LABEL, zone=zone)
            aboard = v.get("aboard", [])
            for j, a in enumerate(aboard):
                tab(b, a, x, y + LABEL + TABS_AT + j * (TAB + 2))
            if aboard:
                deepest = max(deepest, TABS_AT + len(aboard) * (TAB + 2) - CH)
            last = k == len(cards) - 1
            x += slot if last else (slot + GAP) * squeeze
        x += 22
    return LABEL + CH + max(deepest, 0) + 6


def hand_row(b: Board, cards: list[dict[str, Any]], y: float, width: float = ROW) -> float:
    """The viewer's hand, face up (cards overlap when there are many)."""
    b.label(10, y + 12, str(b.w["your_hand"]), 13, bold=True)
    n = len(cards)
    step: float = CW + GAP
    if n > 1 and n * step - GAP > width:
        step = (width - CW) / (n - 1)
    for k, v in enumerate(cards):
        card(b, {**v, "zone": "hand"}, 10 + k * step, y + LABEL, zone="hand")
    return LABEL + CH + 4


def hidden_hand(b: Board, seat: int, count: int, x: float, y: float, width: float, target: str) -> None:
    """Another seat's hand: that many small card backs (clickable to attack it, §6.1)."""
    w = b.w
    small = 0.3
    step = min(CW * small + 4, (width - 160) / max(1, count))
    inner = f'<rect x="-4" y="-4" width="{width:g}" height="{CH * small + 8:g}" rx="6" fill="#1b2150" stroke="#3e4a8c"/>'
    inner += text(6, 16, f"{w['hand_of']}: {count}", 13, fill=INK, bold=True)
    for k in range(count):
        inner += (
            f'<g transform="translate({150 + k * step:g} 0) scale({small})">{back(b.lang, small=True)}</g>'
        )
    tip_text = fmt(b.lang, w["tip_hand"], seat=seat_ref(seat), n=count)
    b.add(
        f'<g data-target="{target}" data-tip="{escape(tip_text, quote=True)}" '
        f'transform="translate({x:g} {y:g})">{inner}</g>'
    )


def piles(b: Board, p: dict[str, Any], x: float, y: float, height: float) -> None:
    """A seat's name plate, credits, colony, wreck and trash (§8: counts are public; the trash is face up)."""
    w = b.w
    seat = p["seat"]
    colour = PALETTE[seat % len(PALETTE)][0]
    me = seat == b.viewer
    two = len(b.obs["players"]) == 2
    active = seat == b.obs["active"]
    plate = (
        f'<rect width="{PILES - 4}" height="44" rx="6" fill="#1b2150" stroke="{colour}" stroke-width="{3 if active else 1.5}"/>'
        f'<rect width="7" height="44" rx="3" fill="{colour}"/>'
        + text(12, 18, seat_ref(seat), 13, fill=INK, bold=True, width=PILES - 20)
        + text(12, 36, fmt(b.lang, w["credits_n"], n=p["credits"]), 13, fill="#ffe082", bold=True)
    )
    tip_text = fmt(b.lang, w["tip_seat"], seat=seat_ref(seat), n=p["credits"])
    if active:
        tip_text += f" · {w['active_player']}"
    b.add(
        f'<g data-target="seat-{seat}" data-tip="{escape(tip_text, quote=True)}" transform="translate({x:g} {y:g})">{plate}</g>'
    )
    marks = []
    if active:
        marks.append((str(w["to_play"]), "#2e7d32"))
    if p.get("out"):
        marks.append((str(w["out"]), "#616161"))
    elif b.viewer is not None and not me and seat in in_play.opponents(b.s, b.viewer) and not two:
        marks.append(("⚔ " + str(w["attackable"]), "#c62828"))
    for k, (label, c) in enumerate(marks):
        b.add(_chip(x, y + 48 + k * 20, label, c, size=10.5))
    yy = y + 50 + 20 * len(marks)
    # colony: click it to draw (your own) or to attack it (an opponent's)
    target = "draw" if me else ("attack-colony" if two else f"colony-{seat}")
    pile = f'<g transform="scale(0.46)">{back(b.lang, small=True)}</g>'
    tip_text = fmt(b.lang, w["tip_colony"], seat=seat_ref(seat), n=p["colony"])
    b.add(
        f'<g data-target="{target}" data-tip="{escape(tip_text, quote=True)}" transform="translate({x:g} {yy:g})">'
        f"{pile}</g>"
    )
    b.label(x + 52, yy + 16, str(w["colony_short"]), 11.5, fill=DIM)
    b.label(x + 52, yy + 38, str(p["colony"]), 18, bold=True)
    if me:
        b.add(_button("tutor", str(w["tutor_short"]), x + 50, yy + 44, PILES - 54, str(w["tip_tutor"])))
    yy += CH * 0.46 + 8
    if yy + 40 > y + height:
        yy = y + height - 40
    # wreck (face down) and trash (face up, its top card shown)
    wreck_tip = fmt(b.lang, w["tip_wreck"], seat=seat_ref(seat), n=p["wreck"])
    b.add(
        f'<g data-target="{"salvage" if me else f"wreck-{seat}"}" data-tip="{escape(wreck_tip, quote=True)}" '
        f'transform="translate({x:g} {yy:g})"><rect width="54" height="38" rx="5" fill="#263069" stroke="#5c6bc0"/>'
        + text(27, 15, str(w["wreck_short"]), 11, fill=INK, anchor="middle", width=50)
        + text(27, 32, str(p["wreck"]), 14, fill=INK, bold=True, anchor="middle")
        + "</g>"
    )
    trash = p["trash"]
    names = [pool()[n].name if b.lang == "hu" else pool()[n].name_en for n in trash]
    trash_tip = fmt(b.lang, w["tip_trash"], seat=seat_ref(seat), n=len(trash))
    if names:
        trash_tip += ": " + ", ".join(names)
    zoom = ""
    if trash:
        b.faces.add(trash[-1])
        zoom = f' data-zoom="0 0 {CW} {CH}"'
    body = (
        '<g class="table-only"><rect width="54" height="38" rx="5" fill="#4e342e" stroke="#a1887f"/>'
        + text(27, 15, str(w["trash_short"]), 11, fill=INK, anchor="middle", width=50)
        + text(27, 32, str(len(trash)), 14, fill=INK, bold=True, anchor="middle")
        + "</g>"
        + (f'<g class="zoom-only" display="none"><use href="#kf-{trash[-1]}"/></g>' if trash else "")
    )
    b.add(
        f'<g data-tip="{escape(trash_tip, quote=True)}"{zoom} transform="translate({x + 58:g} {yy:g})">{body}</g>'
    )


def _button(target: str, label: str, x: float, y: float, width: float, tip_text: str) -> str:
    return (
        f'<g data-target="{target}" data-tip="{escape(tip_text, quote=True)}" transform="translate({x:g} {y:g})">'
        f'<rect width="{width:g}" height="22" rx="5" fill="#2a3166" stroke="#64a6f0"/>'
        + text(width / 2, 15.5, label, 11, fill=INK, bold=True, anchor="middle", width=width - 6)
        + "</g>"
    )


# --- the middle of the table: turn, stack, combat ---------------------------------------------------

MIDDLE = CH + 40


def middle(b: Board, y: float) -> float:
    w = b.w
    obs = b.obs
    b.add(
        f'<rect x="4" y="{y:g}" width="{WIDTH - 8}" height="{MIDDLE:g}" rx="10" fill="#171d48" stroke="#2f3878"/>'
    )
    phase = str(w["phases"].get(obs["phase"], obs["phase"]))
    b.label(16, y + 22, fmt(b.lang, w["round_n"], n=obs["round"]), 13, fill=DIM)
    b.label(16, y + 42, fmt(b.lang, w["turn_of"], seat=seat_ref(obs["active"])), 14, bold=True, width=200)
    cb = obs["combat"]
    step = str(w["stages"].get(_stage_word(cb["stage"]), cb["stage"])) if cb else phase
    b.label(16, y + 62, step, 13, fill="#ffe082", bold=True, width=200)
    decision = str(w["decisions"].get(obs["decision"], obs["decision"])) if obs["decision"] else ""
    if decision and decision != step:  # not "main phase" twice
        b.label(16, y + 82, decision, 12, fill=DIM, width=200)
    x = 232
    if b.s.pending and b.s.pending[-1].kind == "tutor" and b.viewer == b.s.pending[-1].seat:
        tutor_row(b, x, y)
        return MIDDLE
    stack_width = stack(b, x, y) if obs["stack"] else 0
    if cb:
        combat(b, cb, max(x + stack_width + 16, WIDTH - 430), y)
    elif not obs["stack"]:
        b.label(x, y + 22, str(w["stack_empty"]), 12, fill=DIM)
    return MIDDLE


def _stage_word(stage: str) -> str:
    return {"equip_a": "equip", "equip_d": "equip", "pay_a": "pay", "pay_d": "pay", "pay_end": "pay",
            "fire_end": "fire"}.get(stage, stage)  # fmt: skip


def stack(b: Board, x: float, y: float) -> float:
    """§5.4 the stack: the last item played on top (rightmost), resolving first."""
    w = b.w
    items = b.obs["stack"]
    n = len(items)
    room = WIDTH - 440 - x if b.obs["combat"] else WIDTH - 20 - x
    step = min(CW + 12, (room - CW) / max(1, n - 1)) if n > 1 else CW
    b.label(x, y + 15, str(w["stack_title"]), 12.5, bold=True)
    for k, it in enumerate(items):
        v = it["card"]
        cx = x + k * step
        top = y + 20
        card(b, {**v, "zone": "stack", "up": True}, cx, top)
        order = n - k  # 1 = resolves first
        colour = PALETTE[it["seat"] % len(PALETTE)][0]
        b.add(
            f'<g class="marker"><circle cx="{cx + 10:g}" cy="{top + 10:g}" r="10" fill="{colour}" stroke="#fff"/>'
            + text(cx + 10, top + 14.5, str(order), 12, fill="#1b1b1b", bold=True, anchor="middle")
            + f"<title>{escape(fmt(b.lang, w['tip_order'], n=order))}</title></g>"
        )
        kind = str(w["stack_kinds"].get(it["kind"], it["kind"]))
        said = f"{seat_ref(it['seat'])} · {kind} · {fmt(b.lang, w['credits_n'], n=it['cost'])}"
        target = _stack_target(b, it)
        if target:
            said += f" → {target}"
        b.add(
            f'<g data-tip="{escape(said, quote=True)}" class="marker">'
            f'<rect x="{cx:g}" y="{top + CH - 18:g}" width="{CW}" height="18" rx="3" fill="#000" opacity="0.75"/>'
            + text(
                cx + CW / 2,
                top + CH - 5,
                f"{seat_ref(it['seat'])} · {kind}",
                11,
                fill="#fff",
                bold=True,
                anchor="middle",
                width=CW - 4,
            )
            + "</g>"
        )
        if it["neutralized"]:
            b.add(
                f'<g class="marker"><path d="M{cx + 8:g},{top + 30:g} L{cx + CW - 8:g},{top + CH - 30:g} '
                f'M{cx + CW - 8:g},{top + 30:g} L{cx + 8:g},{top + CH - 30:g}" stroke="#ff5252" stroke-width="5"/>'
                + _chip(cx + 4, top + CH / 2 - 8, str(w["neutralised"]), "#b71c1c")
                + "</g>"
            )
    return (n - 1) * step + CW if n else 0


def _stack_target(b: Board, it: dict[str, Any]) -> str:
    """What a stack item will act on, in words: a card (if the viewer knows it) or a seat."""
    t = it["target"]
    if t < 0:
        return ""
    v = it["card"]
    c = _card_of(v)
    kind = "none"
    if c is not None and it["kind"] in ("card", "ability"):
        e = c.ability if it["kind"] == "ability" else next((e for e in c.effects if e.when == "play"), None)
        kind = e.target if e is not None else "none"
    if kind == "opponent":
        return seat_ref(t)
    if kind == "none" or it["kind"] == "pay":
        return ""
    return card_label(b.s, t, b.viewer, b.lang)


def tutor_row(b: Board, x: float, y: float) -> None:
    """§5.2 tutor: the top five cards of the chooser's colony, to take one into hand."""
    b.label(x, y + 15, str(b.w["tutor_title"]), 12.5, bold=True)
    for k, uid in enumerate(b.s.pending[-1].data["cards"]):
        v = card_view(b.g, b.s, uid, b.viewer)
        card(b, {**v, "zone": "tutor", "up": True}, x + k * (CW + GAP), y + 20, zone="tutor")


def combat(b: Board, cb: dict[str, Any], x: float, y: float) -> None:
    """§6 the combat: attackers facing defenders with the numbers that decide it."""
    w = b.w
    width = WIDTH - 14 - x
    b.add(
        f'<rect x="{x:g}" y="{y + 6:g}" width="{width:g}" height="{MIDDLE - 12:g}" rx="8" fill="#3b1520" stroke="#c62828"/>'
    )
    target = cb["target"]
    if cb["target_card"]:
        what = card_label(b.s, int(cb["target_card"][1:]), b.viewer, b.lang)
    else:
        what = str(w["targets_of"][target])
    head = fmt(
        b.lang,
        w["attack_line"],
        attacker=seat_ref(cb["attacker"]),
        defender=seat_ref(cb["defender"]),
        what=what,
    )
    b.label(x + 8, y + 24, "⚔ " + head, 13, bold=True, width=width - 16)
    col = (width - 24) / 2
    for side in (0, 1):
        cx = x + 8 + side * (col + 8)
        who = w["attackers"] if side == 0 else w["defenders"]
        b.label(cx, y + 44, str(who), 12, fill="#ffab91", bold=True)
        ships = cb["ships"][side]
        if not ships:
            b.label(cx, y + 64, str(w["no_defence"] if side == 1 else w["no_ships"]), 12, fill=DIM, width=col)
        for k, uid in enumerate(ships[:4]):
            _combat_ship(b, uid, cx, y + 50 + k * 24, col)
        if len(ships) > 4:
            b.label(cx, y + 50 + 4 * 24 + 14, f"+{len(ships) - 4}", 12, fill=DIM)
    # the numbers that decide it: the shot being fired and the bombard
    foot = _combat_numbers(b, cb)
    if foot:
        b.label(x + 8, y + MIDDLE - 14, foot, 12.5, fill="#ffe082", bold=True, width=width - 16)


def _ship_view(b: Board, uid: int) -> dict[str, Any] | None:
    for p in b.obs["players"]:
        for v in p["hangar"]:
            if v["id"] == f"c{uid}":
                return dict(v)
    return None


def _combat_ship(b: Board, cid: str, x: float, y: float, width: float) -> None:
    v = _ship_view(b, int(cid[1:]))
    if v is None or "stats" not in v:
        return
    c = _card_of(v)
    name = (c.name if b.lang == "hu" else c.name_en) if c else cid
    st = v["stats"]
    active = v["state"] == "active"
    fill = "#263238" if active else "#3e2723"
    body = f'<rect width="{width:g}" height="22" rx="4" fill="{fill}" stroke="#90a4ae"/>'
    stats_w = 3 * 34
    body += text(5, 15.5, name, 12, fill=INK, bold=True, width=width - stats_w - 10)
    for k, (stat, value) in enumerate(
        (("speed", st["speed"]), ("firepower", st["firepower"]), ("armour", v["armour_left"]))
    ):
        sx = width - stats_w + k * 34
        body += glyph(stat, sx + 6, 11, "#ffe082", 0.9)
        body += text(sx + 14, 16, str(value), 12.5, fill=INK, bold=True)
    said = tip(b, v)
    b.add(
        f'<g data-tip="{escape(said, quote=True)}" transform="translate({x:g} {y:g})" '
        f'opacity="{1 if active else 0.75}">{body}</g>'
    )


def _combat_numbers(b: Board, cb: dict[str, Any]) -> str:
    """The current shot (who fires at whom, damage against armour left) or the bombard to come."""
    w = b.w
    real = b.s.combat
    if real is None:
        return ""
    shot = real.shot
    if shot.get("by") is not None and shot.get("volleys"):
        frm, to, fixed = shot["volleys"][0]
        if b.s.cards[frm].zone == "hangar" and b.s.cards[to].zone == "hangar":
            dmg = fixed if fixed >= 0 else in_play.stat(b.s, frm, "firepower")
            return fmt(
                b.lang,
                w["shot_line"],
                by=card_label(b.s, frm, b.viewer, b.lang),
                at=card_label(b.s, to, b.viewer, b.lang),
                dmg=dmg,
                armour=in_play.armour_left(b.s, to),
            )
    if cb["stage"] in ("bombard", "disarm", "fire_end", "fire") or cb["ships"][0]:
        total = (
            sum(in_play.stat(b.s, u, "bombard") for u in real.ships[0] if b.s.cards[u].turn == ACTIVE)
            + real.bombard
        )
        return fmt(b.lang, w["bombard_line"], n=total, need=_bombard_need(b, cb))
    return ""


def _bombard_need(b: Board, cb: dict[str, Any]) -> str:
    """§6.5 what the bombard does to the target, in words."""
    w = b.w
    target = cb["target"]
    if target == "colony":
        return str(w["need_colony"])
    if target == "hand":
        return str(w["need_two"])
    u = int(cb["target_card"][1:])
    c = b.s.cards[u]
    if c.zone == "surface" and c.up:
        return fmt(b.lang, w["need_armour"], n=in_play.armour_left(b.s, u))
    return str(w["need_two"])


# --- the whole table -----------------------------------------------------------------------------


def render_svg(g: Game, s: KaoszState, seat: int | None, lang: str = "en") -> str:
    obs = g.observation(s, seat)
    b = Board(g, s, obs, seat, lang)
    me = obs["players"][seat] if seat is not None else None
    if me is not None:
        b.known = set(me.get("known", {}))
    if obs["combat"]:
        for side, ships in enumerate(obs["combat"]["ships"]):
            for cid in ships:
                b.combat_ships[cid] = side
    n = len(obs["players"])
    bottom = seat if seat is not None else 0
    others = [(bottom + k) % n for k in range(1, n)]
    y = 8.0
    for o in others:
        p = obs["players"][o]
        target = "attack-hand" if n == 2 else f"hand-{o}"
        hidden_hand(b, o, p["hand"], 10, y, ROW, target)
        top = y
        y += CH * 0.3 + 14
        y += zone_row(b, p, y)
        piles(b, p, WIDTH - PILES - 4, top, y - top)
        y += 6
    y += middle(b, y) + 8
    p = obs["players"][bottom]
    top = y
    y += zone_row(b, p, y)
    if "hand_cards" in p:
        y += hand_row(b, p["hand_cards"], y)
    piles(b, p, WIDTH - PILES - 4, top, max(y - top, 260))
    height = max(y, top + 260) + 8
    defs = "".join(f'<g id="kf-{cid}">{full_face(pool()[cid], lang)}</g>' for cid in sorted(b.faces))
    title = escape(str(b.w["title"]))
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {height:g}" width="{WIDTH}" '
        f'height="{height:g}" font-family="{FONT}" class="kaosz-table" data-min-width="{MIN_WIDTH}">'
        f"<title>{title}</title>"
        f'<rect width="{WIDTH}" height="{height:g}" fill="{TABLE}"/>'
        f"<defs>{defs}</defs>" + "".join(b.parts) + "</svg>"
    )
