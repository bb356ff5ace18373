"""Text views of Space Empires 4X: the board as text, actions in words, and why an action is illegal."""

from __future__ import annotations

from typing import TYPE_CHECKING

from galaxis.core import Action, Game
from galaxis.core.client import seat_ref
from galaxis.core.hu import article
from galaxis.core.messages import fmt
from galaxis.games.space_empires.base import data
from galaxis.games.space_empires.base.board import SEATS
from galaxis.games.space_empires.base.text_data import (
    ACTION_FIELDS,
    lang_of,
    marker_name,
    tech_name,
    text,
    unit_name,
    word,
)
from galaxis.games.space_empires.opponents import solo
from galaxis.games.space_empires.opponents.amoebas import amoeba
from galaxis.games.space_empires.opponents.solo_state import CAPITOL
from galaxis.games.space_empires.state import SEState
from galaxis.games.space_empires.systems import (
    alien_tech,
    centers,
    empire_advantages,
    experience,
    gates,
    ground,
    victory,
)
from galaxis.games.space_empires.views.observation import observation

if TYPE_CHECKING:
    pass


def _player(seat: int, lang: str) -> str:
    if seat < 0:
        return word("aliens", lang)
    if lang_of(lang) == "hu":  # „az A játékos”: the seat's letter as a name, capitalised
        return f"{article(SEATS[seat].upper())} {SEATS[seat].upper()} {word('player', lang).lower()}"
    return f"{word('player', lang).lower()} {SEATS[seat]}"


def _queue(queue: list[list[object]], lang: str) -> str:
    """The purchases waiting for the end of the phase: "Romboló 5.1, Felderítő 5.1 (a3)"."""
    items = []
    for q in queue:
        kind, rest = str(q[0]), [str(x) for x in q[1:] if x]
        items.append(" ".join([_unit(kind, lang), *rest[:1]]) + (f" ({rest[1]})" if len(rest) > 1 else ""))
    return ", ".join(items) or "-"


def _tech(key: str, lang: str) -> str:
    """A technology as the views show it: its id in English (as before), its name in Hungarian."""
    return tech_name(key, lang) if lang_of(lang) == "hu" else key


def _marker(kind: str, lang: str) -> str:
    return marker_name(kind, lang) if lang_of(lang) == "hu" else kind


def _unit(kind: str, lang: str) -> str:
    return unit_name(kind, lang) if lang_of(lang) == "hu" else kind


def render_text(game: Game, state: SEState, seat: int | None, lang: str = "en") -> str:
    w = {key: entry[lang_of(lang)] for key, entry in text().words.items()}
    obs = observation(game, state, seat)
    lines = [
        f"Space Empires 4X ({state.edition}) - {w['cycle']} {obs['cycle']}/{obs['cycles']}, "
        f"{w['turn']} {obs['turn']}, {w['phase']}: {w.get('over_phase' if obs['phase'] == 'over' else obs['phase'], obs['phase'])}",
    ]
    if state.phase == "over":
        lines.append(f"{w['over']}; {w['winner']}: {SEATS[state.winner] if state.winner >= 0 else '-'}")
    if seat is None:
        lines.append(f"({w['spectator']})")
    else:
        me = obs["players"][seat]
        techs = ", ".join(f"{_tech(k, lang)} {v}" for k, v in me["techs"].items())
        lines.append(
            f"{w['you']}: {SEATS[seat]}  {w['cp']} {me['cp']}  {w['bid']} {me['bid']}  {w['queue']} {_queue(me['queue'], lang)}"
        )
        lines.append(f"{w['techs']}: {techs}")
    if obs["decision"]:
        d = obs["decision"]
        step = w.get(f"step_{d['kind']}", d["kind"])
        lines.append(f"{w['decision']}: {step} ({w['by']}: {SEATS[d['seat']]})")
    lines += solo.text_lines(state, lang) + amoeba.text_lines(
        state, lang
    )  # scenario and solo opponents (§12-13)
    lines += ground.text_lines(state, seat, lang)  # the viewer's own garrisons (§10.1)
    lines += empire_advantages.text_lines(
        state, seat, lang
    )  # the Empire Advantages the viewer may see (§10.4)
    lines += centers.text_lines(state, seat, lang)  # Research and Industrial Centers (§10.7)
    lines += alien_tech.text_lines(state, seat, lang)  # own and revealed Alien Technology cards (§10.5)
    lines += victory.text_lines(state, lang)  # the public victory-point track (§12.2)
    lines.append(f"{w['hexes']}:")
    for hid, cell in obs["hexes"].items():
        parts = [hid]
        marker = cell.get("marker")
        if marker == "?" and cell.get("peeked"):
            parts.append(
                f"[{w['unexplored']}: {_marker(cell['peeked'][0], lang)}{' ' + str(cell['peeked'][1]) if cell['peeked'][1] else ''}]"
            )
        elif marker == "?":
            parts.append(f"[{w['unexplored']}]")
        elif marker:
            parts.append(f"[{_marker(marker[0], lang)}{' ' + str(marker[1]) if marker[1] else ''}]")
        col = cell.get("colony")
        if col:
            # an alien empire's (§13.5) or the cooperative scenarios' Galactic Capitol (§13.10)
            who = (
                SEATS[col["owner"]]
                if col["owner"] >= 0
                else w["capitol" if col["owner"] == CAPITOL else "alien"]
            )
            parts.append(
                f"{w['colony']} {who}:{col['value']}{' ' + w['home_world_short'] if col['home'] else ''}"
            )
        for u in cell.get("units", []):
            # A counter shows its number of units to its owner (and once face up), "?" to the others (§9).
            times = " x" if lang_of(lang) == "hu" else "x"  # a space after a Hungarian name: "Felderítő x3"
            parts.append(f"{u['id']}={_unit(u['kind'], lang)}{times}{u.get('count', '?')}")
            if u.get("xp") or u.get("captured"):  # on the ship tech sheet (§10.2)
                level = w[f"xp_{experience.level_name(u['xp'])}"]
                parts[-1] += f"({level}{', ' + w['captured'] if u['captured'] else ''})"
        if len(parts) > 1 and (marker != "?" or len(parts) > 2 or cell.get("peeked")):
            lines.append("  " + " ".join(parts))
    unexplored = sum(1 for c in obs["hexes"].values() if c.get("marker") == "?")
    lines.append(f"  ({unexplored} {w['unexplored']})")
    return "\n".join(lines)


KIND_OF_WORD = {"m": "move", "c": "colonize", "t": "target"}  # the other kinds are their first word


def describe(game: Game, state: SEState, action: Action, lang: str = "en") -> str:
    kind, args = action.kind, action.args
    if not kind:
        # A bare notation (not from the legal list): read it from its words.
        words = str(action).split()
        if not words:
            return "(empty)"
        kind, args = KIND_OF_WORD.get(words[0], words[0]), tuple(words[1:])
        if kind == "scuttle" and not args:
            kind = "scuttle_menu"
        if kind == "head" and args == ("done",):
            kind, args = "head_done", ()
        if kind == "first" and args and args[0] in SEATS:
            args = (SEATS.index(args[0]),)
        if kind in ("tech", "buy") and (not args or args[0] not in data.unit_table_by_id() | data.techs()):
            return str(action)
    if kind == "steer":
        args = tuple(str(action).split()[1:3])  # the steered unit is in the notation only (§13)
    try:
        return _words(kind, args, lang)
    except (IndexError, KeyError, ValueError):
        return str(action)


def _fields(kind: str, args: tuple[object, ...], lang: str) -> tuple[str, dict[str, str]]:
    """The template key (data/text.yaml, "actions") and the values for its placeholders."""
    a = [str(x) for x in args]
    if kind == "first":
        seat = int(a[0])  # named by the client ("Anna moves first"); the aliens have no seat
        return kind, {"player": seat_ref(seat) if seat >= 0 else _player(seat, lang)}
    if kind in ("bid", "early", "ea_bid"):
        return kind, {"cp": a[0]}
    if kind in ("tech", "head"):
        data.techs()[a[0]]  # an unknown technology is a KeyError: the notation is shown as it is
        return kind, {"tech": tech_name(a[0], lang)}
    if kind == "buy":
        data.unit_table_by_id()[a[0]]
        values = {"unit": unit_name(a[0], lang), "hex": a[1]}
        if len(a) > 2 and a[2]:
            return "buy_join", values | {"join": a[2]}
        return kind, values
    if kind == "embark":
        return kind, {"counter": a[0], "unit": ground.unit_word(a[1], lang)}
    if kind in alien_tech.ACTION_KINDS:
        return alien_tech.action_fields(kind, tuple(a), lang)  # ValueError for an unknown card (§10.5)
    if kind == "steal":
        return kind, {"tech": tech_name(a[0], lang)}  # KeyError for an unknown technology
    if kind in gates.UNIT_TEXT_KINDS:
        return gates.text_fields(kind, a, lang)  # §12.3: the ground unit type in words
    if kind in ("ground", "ground_free"):
        return kind, {"unit": ground.unit_word(a[0], lang), "hex": a[1]}  # KeyError for an unknown unit
    if kind in ("ea", "ea_take"):
        return kind, {"card": empire_advantages.card_name(a[0], lang)}  # KeyError for an unknown card (§10.4)
    if kind == "merge":
        return kind, {"counter": a[0], "into": a[1]}
    if kind == "load":
        return kind, {"counter": a[0], "carrier": a[1]}
    fields = sorted(ACTION_FIELDS[kind])  # KeyError for a kind without a template
    if "hex" in fields:
        return kind, {"counter": a[0], "hex": a[1]} if "counter" in fields else {"hex": a[0]}
    return kind, {"counter": a[0]} if fields else {}


def _words(kind: str, args: tuple[object, ...], lang: str) -> str:
    key, values = _fields(kind, args, lang)
    lang = lang_of(lang)
    return fmt(lang, text().actions[key][lang], **values)
