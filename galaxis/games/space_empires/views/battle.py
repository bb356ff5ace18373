"""The battle screen of Space Empires (§5), for one viewer: both sides' counters in firing order with
their class, attack, defence and hull (and their technology where the viewer knows it), and every
shot of the battle by round, its roll and the number it needed.

Drawn from ``observation(viewer)`` (the counters as the viewer sees them) and the battle's public
record (``Battle.shots``: the dice are rolled on the table and the log says them too), while the
battle goes on; the log keeps the rolls afterwards. The decisions (targets, retreat, screening,
scuttling) are the status bar's buttons and the counters on the map."""

from __future__ import annotations

from typing import Any

from galaxis.games.space_empires.base import data
from galaxis.games.space_empires.base.board import SEATS
from galaxis.games.space_empires.base.combat import CLASS_ORDER
from galaxis.games.space_empires.base.state import Shot
from galaxis.games.space_empires.base.text_data import lang_of
from galaxis.games.space_empires.state import SEState
from galaxis.games.space_empires.views import draw
from galaxis.games.space_empires.views.draw import ACCENT, DIM, say, text

WIDTH = 520.0
SHOTS_SHOWN = 14  # the latest shots; the earlier ones are in the log
COLUMNS = (16.0, 250.0, 320.0, 390.0, 460.0)  # unit, class, attack, defence, hull


def owner_of(uid: str) -> int:
    """A unit id's owner as far as its colour goes: the seat whose letter it starts with."""
    return SEATS.index(uid[0]) if uid[:1] in SEATS else -1


def stats(view: dict[str, Any], edition: str) -> tuple[str, str, str, str]:
    """Class, attack, defence and hull of a counter as the viewer knows it: printed values, plus the
    technology when known ("5+1")."""
    kind = view.get("kind", "?")
    table = data.units(edition)
    if kind not in table:
        return "?", "?", "?", "?"
    t = table[kind]
    attack, defense = str(t.attack), str(t.defense)
    if "attack_tech" in view:
        attack += f"+{min(view['attack_tech'], t.hull)}" if view["attack_tech"] else ""
        defense += f"+{min(view['defense_tech'], t.hull)}" if view["defense_tech"] else ""
    return t.cls or "-", attack, defense, str(t.hull)


def firing_order(views: list[dict[str, Any]], edition: str, defender: int) -> list[dict[str, Any]]:
    """Class A first (§5.2); in a class, higher Tactics where known, then the defender's units."""
    table = data.units(edition)

    def key(v: dict[str, Any]) -> tuple[int, int, int]:
        cls = str(table[v["kind"]].cls or "") if v.get("kind") in table else ""
        return (
            CLASS_ORDER.index(cls) if cls and cls in CLASS_ORDER else len(CLASS_ORDER),
            -v.get("tactics", 0),
            v["owner"] != defender,
        )

    return sorted(views, key=key)


def shot_line(shot: Shot, lang: str) -> tuple[str, str, str]:
    shooter = f"{shot.shooter} {draw.unit_word(shot.shooter_kind, lang)}"
    target = f"{shot.target} {draw.unit_word(shot.target_kind, lang)}"
    words = say(lang, "battle.shot", shooter=shooter, target=target, roll=shot.roll, need=shot.need)
    if shot.destroyed:
        return words, say(lang, "battle.destroyed"), "#ff8a80"
    if shot.hit:
        return words, say(lang, "battle.hit"), ACCENT
    return words, say(lang, "battle.miss"), DIM


def draw_battle(
    state: SEState, viewer: int | None, obs: dict[str, Any], lang: str
) -> tuple[str, float] | None:
    """The battle part's body and height, or None when there is no battle to show."""
    b = state.battle
    if b is None:
        return None
    out: list[str] = []
    y = 54.0
    out.append(
        text(
            16,
            y,
            say(
                lang,
                "battle.sides",
                attacker=draw.owner_name(b.attacker, lang),
                defender=draw.owner_name(b.defender, lang),
            ),
            14,
        )
    )
    y += 28
    out.append(text(16, y, say(lang, "battle.order"), 14, weight="700"))
    y += 22
    head = draw.texts()[lang_of(lang)]["battle"]["head"]
    for x, word in zip(COLUMNS, head, strict=True):
        out.append(text(x, y, word, 12, fill=DIM, anchor="start" if x == COLUMNS[0] else "middle"))
    y += 20
    views = obs["hexes"].get(b.hex, {}).get("units", [])
    for view in firing_order(views, state.edition, b.defender):
        kind = view.get("kind", "?")
        colour = draw.owner_colour(view["owner"], kind)
        name = draw.unit_word(kind, lang) if kind != "?" else "?"
        count = view.get("count")
        label = f"{view['id']} {name}" + (f" ×{count}" if count and count > 1 else "")
        if view.get("damage"):
            label += f" ({say(lang, 'battle.damaged', damage=view['damage'])})"
        out.append(f'<rect x="16" y="{y - 12:.0f}" width="12" height="14" rx="2" fill="{colour}"/>')
        out.append(text(34, y, label, 13))
        for x, value in zip(COLUMNS[1:], stats(view, state.edition), strict=True):
            out.append(text(x, y, value, 13, anchor="middle", weight="700"))
        y += 20
    y += 10
    out.append(text(16, y, say(lang, "battle.shots"), 14, weight="700"))
    y += 22
    shots = list(b.shots or [])
    if not shots:
        out.append(text(28, y, say(lang, "battle.none"), 13, fill=DIM))
        y += 20
    if len(shots) > SHOTS_SHOWN:
        out.append(text(28, y, say(lang, "battle.more", n=len(shots) - SHOTS_SHOWN), 12, fill=DIM))
        y += 20
        shots = shots[-SHOTS_SHOWN:]
    last_round = None
    for shot in shots:
        if shot.round != last_round:
            out.append(text(16, y, say(lang, "battle.round", round=shot.round), 13, fill=DIM, weight="700"))
            y += 19
            last_round = shot.round
        words, result, colour = shot_line(shot, lang)
        out.append(
            f'<rect x="28" y="{y - 11:.0f}" width="8" height="10" rx="1" fill="{draw.owner_colour(owner_of(shot.shooter))}"/>'
        )
        out.append(text(42, y, words, 12.5))
        out.append(text(WIDTH - 16, y, result, 13, anchor="end", fill=colour, weight="700"))
        y += 19
    height = y + 8
    title = say(lang, "battle.title", hex=b.hex, round=max(b.round, 1))
    frame = draw.panel_frame(WIDTH, height, title, colour=ACCENT)
    return frame + "".join(out), height
