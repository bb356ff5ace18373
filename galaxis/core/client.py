"""What a game tells a client beyond the board picture (the browser, the terminal).

A ``Game`` fills in these views through its client hooks (``prompt``,
``log_line``, ``log_events``, ``choices``, ``seat_panels``,
``score_breakdown``; see ``Game``). They are plain data in words, already in
the requested language, and each is made for one viewer: it must never name
what that viewer may not see (the conformance suite checks every one of them
under ``determinize``).

Players' names are not known to a game (the lobby gives them), so texts name
seats by reference: ``seat_ref(2)`` is ``"⟨2⟩"``, which a client replaces by
the seat's name (``fill_names``), in the seat's colour where it can. Write
templates so that a name is the subject or stands alone: a Hungarian name
then needs no suffix.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from galaxis.core.messages import fmt

STYLES = ("primary", "secondary", "alert")

# Seat colours for games that have none of their own: distinct, readable on the
# dark page (contrast > 4.5:1 on #0d1021) and named, since colour is never the only cue.
PALETTE: tuple[tuple[str, str, str], ...] = (
    ("#4fc3f7", "blue", "kék"),
    ("#ffb74d", "orange", "narancs"),
    ("#81c784", "green", "zöld"),
    ("#f48fb1", "pink", "rózsaszín"),
    ("#fff176", "yellow", "sárga"),
    ("#ce93d8", "purple", "lila"),
    ("#e0e0e0", "white", "fehér"),
    ("#ff8a65", "red", "piros"),
)

_REF = re.compile(r"⟨(\d+)⟩")
_PIECE = re.compile(r"⟦([^|⟧]+)\|([^⟧]*)⟧")


def seat_ref(seat: int) -> str:
    """How a text names a seat: replaced by the seat's name on the way to a person."""
    return f"⟨{seat}⟩"


def default_name(seat: int, lang: str = "en") -> str:
    """A seat's name when the lobby gave none: numbered from 1 for people."""
    return f"{seat + 1}. játékos" if lang == "hu" else f"Player {seat + 1}"


def piece_ref(piece: str, label: str) -> str:
    """How a text names a game piece the reader may look at (a card by its id): the client
    shows ``label`` and, on hover or long press, the game's drawing of ``piece``
    (``Game.piece_svg``); plain text keeps the label (``fill_names``)."""
    return f"⟦{piece}|{label}⟧"


def fill_names(text: str, names: Sequence[str] | None = None, lang: str = "en") -> str:
    """``text`` with every seat reference replaced by the seat's name, and every piece
    reference by its label."""

    def name(m: re.Match[str]) -> str:
        seat = int(m.group(1))
        if names is not None and 0 <= seat < len(names) and names[seat]:
            return names[seat]
        return default_name(seat, lang)

    return _PIECE.sub(r"\2", _REF.sub(name, text))


def piece_refs(text: str) -> list[str]:
    """The ids of the pieces ``text`` names (``piece_ref``), in order."""
    return [m.group(1) for m in _PIECE.finditer(text)]


def seat_refs(text: str) -> list[int]:
    """The seats a text refers to, in order."""
    return [int(m) for m in _REF.findall(text)]


def join_seats(seats: Sequence[int], lang: str = "en") -> str:
    """ "⟨0⟩, ⟨1⟩ and ⟨3⟩" (Hungarian "és")."""
    refs = [seat_ref(s) for s in seats]
    if len(refs) <= 1:
        return "".join(refs)
    word = " és " if lang == "hu" else " and "
    return ", ".join(refs[:-1]) + word + refs[-1]


def ordinal(place: int, lang: str = "en") -> str:
    """1 -> "1st" / "1."."""
    if lang == "hu":
        return f"{place}."
    if 10 <= place % 100 <= 20:
        suffix = "th"
    else:
        suffix = {1: "st", 2: "nd", 3: "rd"}.get(place % 10, "th")
    return f"{place}{suffix}"


@dataclass(frozen=True)
class Choice:
    """A status-bar button: words, and the legal actions it stands for.

    One action: a click sends it. Several: a click opens a small chooser that
    names each of them (with the game's ``describe``). ``style``: ``primary``;
    ``secondary`` for declining (pass, wait, done, keep); ``alert`` for what
    cannot be taken back.
    """

    label: str
    actions: tuple[str, ...]
    style: str = "primary"
    tip: str = ""

    def __post_init__(self) -> None:
        if self.style not in STYLES:
            raise ValueError(f"choice style {self.style!r} is not one of {', '.join(STYLES)}")
        if not self.actions:
            raise ValueError(f"choice {self.label!r} stands for no action")

    def to_json(self) -> dict[str, Any]:
        return {"label": self.label, "actions": list(self.actions), "style": self.style, "tip": self.tip}


@dataclass(frozen=True)
class Fact:
    """One public fact shown in a seat's panel: "Energy 3", "Cards in hand 5"."""

    label: str
    value: str
    tip: str = ""

    def to_json(self) -> dict[str, Any]:
        return {"label": self.label, "value": self.value, "tip": self.tip}


@dataclass(frozen=True)
class SeatPanel:
    """A seat's player panel: colour (CSS and in words), live score, facts.

    ``score`` is None where a game shows no running score. ``active_note``
    says what the seat is doing when it is to move ("bidding", "paying"), if
    the game wants more than the shell's "to move"."""

    colour: str
    colour_name: str
    score: float | None = None
    facts: tuple[Fact, ...] = ()
    note: str = ""

    def to_json(self) -> dict[str, Any]:
        return {
            "colour": self.colour,
            "colour_name": self.colour_name,
            "score": self.score,
            "facts": [f.to_json() for f in self.facts],
            "note": self.note,
        }


@dataclass(frozen=True)
class ScoreRow:
    """One part of the score: its label and each seat's value (a number or words)."""

    label: str
    values: tuple[float | str, ...]
    tip: str = ""

    def to_json(self) -> dict[str, Any]:
        return {"label": self.label, "values": list(self.values), "tip": self.tip}


@dataclass(frozen=True)
class ScoreBreakdown:
    """How every seat's score is made: parts, totals, ranking and the tie-break in words.

    ``totals`` equal ``Result.scores`` and ``ranking`` is ``Result.ranking``;
    ``tie_break`` says in words what decided between seats with equal totals
    (empty when no totals are equal)."""

    rows: tuple[ScoreRow, ...]
    totals: tuple[float, ...]
    ranking: tuple[tuple[int, ...], ...]
    tie_break: str = ""
    notes: tuple[str, ...] = field(default=())

    def to_json(self) -> dict[str, Any]:
        return {
            "rows": [r.to_json() for r in self.rows],
            "totals": list(self.totals),
            "ranking": [list(g) for g in self.ranking],
            "tie_break": self.tie_break,
            "notes": list(self.notes),
        }


def tied_groups(totals: Sequence[float], ranking: Sequence[Sequence[int]]) -> list[list[int]]:
    """Seats with equal totals, in ranking order, for every total more than one seat has."""
    order = [s for g in ranking for s in g]
    by_total: dict[float, list[int]] = {}
    for s in order:
        by_total.setdefault(totals[s], []).append(s)
    return [seats for seats in by_total.values() if len(seats) > 1]


def default_tie_break(totals: Sequence[float], ranking: Sequence[Sequence[int]], lang: str = "en") -> str:
    """Words for ties: shared places, or that the rules' tie-break ordered equal totals."""
    place = {s: i for i, g in enumerate(ranking) for s in g}
    out = []
    for seats in tied_groups(totals, ranking):
        places = sorted({place[s] for s in seats})
        names = join_seats(seats, lang)
        if len(places) == 1:
            # the rank of a group is 1 + the number of seats ranked above it
            rank = 1 + sum(len(g) for g in ranking[: places[0]])
            out.append(
                fmt("hu", "{names} holtversenyben {place:az} helyen.", names=names, place=ordinal(rank, lang))
                if lang == "hu"
                else f"{names} share {ordinal(rank, lang)} place."
            )
        else:
            out.append(
                f"{names} pontszáma egyenlő; a sorrendjükről a szabály holtverseny-feloldása döntött."
                if lang == "hu"
                else f"{names} have equal scores; the rules' tie-break decided their order."
            )
    return " ".join(out)


@dataclass(frozen=True)
class TieCriterion:
    """One step of a game's tie-break, in words, with each seat's value:
    ``TieCriterion("fewer goods left", "a kevesebb maradék áru", (1, 3, 0))`` (the
    Hungarian phrase carries its own article)."""

    en: str
    hu: str
    values: tuple[float | int | str, ...]


def _number(value: float | int | str) -> str:
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def _all(seats: Sequence[int]) -> str:
    return "both" if len(seats) == 2 else "all"


def tie_break_words(
    totals: Sequence[float],
    ranking: Sequence[Sequence[int]],
    criteria: Sequence[TieCriterion],
    lang: str = "en",
) -> str:
    """Words for every group of equal totals: which tie-break criterion ordered them
    (the first one on which they differ), or that they share a place."""
    out = []
    for seats in tied_groups(totals, ranking):
        names = join_seats(seats, lang)
        score = _number(totals[seats[0]])
        decider = next((c for c in criteria if len({c.values[s] for s in seats}) > 1), None)
        if decider is None:
            place = {s: i for i, g in enumerate(ranking) for s in g}
            rank = 1 + sum(len(g) for g in ranking[: place[seats[0]]])
            out.append(
                fmt(
                    "hu",
                    "{names} egyaránt {score} pontot szerzett, és a holtversenyt semmi sem döntötte el: "
                    "osztoznak {place:az} helyen.",
                    names=names,
                    score=score,
                    place=ordinal(rank, lang),
                )
                if lang == "hu"
                else f"{names} {_all(seats)} scored {score} and nothing broke the tie: "
                f"they share {ordinal(rank, lang)} place."
            )
            continue
        values = ", ".join(f"{seat_ref(s)}: {_number(decider.values[s])}" for s in seats)
        out.append(
            f"{names} egyaránt {score} pontot szerzett; a holtversenyt {decider.hu} döntötte el ({values})."
            if lang == "hu"
            else f"{names} {_all(seats)} scored {score}; the tie was broken by {decider.en} ({values})."
        )
    return " ".join(out)


def _key_paths(tree: Any, prefix: str = "") -> set[str]:
    if not isinstance(tree, dict):
        return {prefix}
    out: set[str] = set()
    for k, v in tree.items():
        out |= _key_paths(v, f"{prefix}.{k}" if prefix else str(k))
    return out


def load_texts(path: Path) -> dict[str, Any]:
    """A game's client texts (``data/client.yaml``): ``en`` and ``hu`` trees with the
    same keys (checked on load, so no Hungarian text can be missing), plus any
    language-neutral tables beside them."""
    with open(path, encoding="utf-8") as fh:
        import yaml  # on first use: `galaxis --help` and `galaxis list` import this module, read no texts

        data = yaml.safe_load(fh)
    if (
        not isinstance(data, dict)
        or not isinstance(data.get("en"), dict)
        or not isinstance(data.get("hu"), dict)
    ):
        raise ValueError(f"{path}: needs 'en' and 'hu' sections")
    en, hu = _key_paths(data["en"]), _key_paths(data["hu"])
    if en != hu:
        raise ValueError(
            f"{path}: English and Hungarian texts differ: only en {sorted(en - hu)}, only hu {sorted(hu - en)}"
        )
    return data
