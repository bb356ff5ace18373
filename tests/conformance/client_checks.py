"""Conformance of the client views (galaxis/core/client.py): every string a viewer
receives beside the board, and whether every legal action can be reached.

Information safety: a prompt, a seat panel, a score breakdown, the status-bar
buttons and the log text a viewer reads are unchanged when everything that viewer
cannot see is re-sampled (``determinize``). A log line depends on the action,
which may itself reveal something (a card played face up names itself), so it is
compared between the real match and a determinized one only where the viewer
still cannot tell the two apart after the action; and two different actions of
a seat that leave another viewer's observation the same (a secret bid, a hidden
discard) and are not public (``action_is_public``) must give that viewer the same
log text.
"""

from __future__ import annotations

import json
import random
from typing import Any

from galaxis.core import Action, Match, Result
from galaxis.core.client import STYLES, ScoreBreakdown, SeatPanel, piece_refs, seat_refs

LANGS = ("en", "hu")
# Legal actions per mover whose log lines are compared (a sample: some games offer hundreds).
LOG_SAMPLE = 4
# Legal actions per mover compared with each other for a viewer who cannot tell them apart.
ALIKE_SAMPLE = 8
DETERMINIZE_SEED = 11


def _texts(match: Match, viewer: int | None, lang: str) -> dict[str, Any]:
    """Everything beside the board that ``viewer`` reads now, as JSON-safe data."""
    out: dict[str, Any] = {
        "prompt": match.prompt(viewer, lang),
        "panels": [p.to_json() for p in match.seat_panels(viewer, lang)],
    }
    if viewer is not None and viewer in match.to_move:
        out["choices"] = [c.to_json() for c in match.choices(viewer, lang)]
        out["describe"] = [match.describe(a, lang) for a in match.legal_actions(viewer)]
    return out


def _sample(actions: list[Action], rnd: random.Random) -> list[Action]:
    return actions if len(actions) <= LOG_SAMPLE else rnd.sample(actions, LOG_SAMPLE)


def _after(match: Match, seat: int, action: Action) -> tuple[Match, list[dict[str, Any]]]:
    copy = match.clone()
    events = copy.apply(seat, action.notation)
    return copy, events


def check_client_shapes(match: Match, where: Any) -> None:
    """Types and completeness: a prompt always, panels for every seat, the breakdown's
    totals equal the result, buttons name legal actions, seat references are real seats."""
    n = match.num_players
    result = match.result
    for viewer in [None, *range(n)]:
        for lang in LANGS:
            prompt = match.prompt(viewer, lang)
            assert isinstance(prompt, str) and prompt.strip(), f"prompt({viewer}, {lang}) is empty{where}"
            panels = match.seat_panels(viewer, lang)
            assert len(panels) == n and all(isinstance(p, SeatPanel) for p in panels), (
                f"seat_panels({viewer}) must give one SeatPanel per seat{where}"
            )
            for p in panels:
                assert p.colour.startswith("#") and p.colour_name.strip(), f"panel colour {p}{where}"
            if not match.is_over:
                texts = [prompt]
            else:
                bd = match.score_breakdown(viewer, lang)
                texts = _check_breakdown(bd, prompt, result, n, where)
            if viewer is not None and viewer in match.to_move:
                legal = {a.notation for a in match.legal_actions(viewer)}
                for c in match.choices(viewer, lang):
                    assert c.label.strip() and c.style in STYLES, f"choice {c}{where}"
                    unknown = [a for a in c.actions if a not in legal]
                    assert not unknown, f"choice {c.label!r} names illegal actions {unknown}{where}"
                    texts.append(c.label)
            json.dumps([p.to_json() for p in panels], allow_nan=False)  # JSON-safe, no NaN
            for text in texts:
                bad = [s for s in seat_refs(text) if not 0 <= s < n]
                assert not bad, f"{text!r} refers to seats {bad} of a {n}-player match{where}"


def _check_breakdown(bd: ScoreBreakdown, prompt: str, result: Result, n: int, where: Any) -> list[str]:
    """The end table agrees with the result; returns the texts it holds."""
    assert list(bd.totals) == list(result.scores), (
        f"score_breakdown totals {bd.totals} != result scores {result.scores}{where}"
    )
    assert [list(g) for g in bd.ranking] == result.ranking, f"breakdown ranking{where}"
    assert all(len(r.values) == n for r in bd.rows), f"a breakdown row lacks seats{where}"
    json.dumps(bd.to_json(), allow_nan=False)
    return [prompt, bd.tie_break, *(r.label for r in bd.rows), *bd.notes]


def _check_pieces(match: Match, text: str, where: Any) -> None:
    """Every piece a text names (``⟦id|label⟧``) has a drawing (``Game.piece_svg``)."""
    for piece in piece_refs(text):
        svg = match.game.piece_svg(piece, "en")
        assert svg is not None and svg.lstrip().startswith("<svg"), (
            f"{text!r} names piece {piece!r}, which has no drawing{where}"
        )


def check_client_information(match: Match, where: Any, salt: int) -> None:
    """No client view names what its viewer may not see (see the module docstring).

    Once the game is over nothing is hidden any more (the result is published, and
    the server's export then holds the whole match), so only running games are checked."""
    if match.is_over:
        return
    rnd = random.Random(salt)
    for viewer in [None, *range(match.num_players)]:
        world = match.determinize(viewer, DETERMINIZE_SEED)
        ctx = f" (viewer {viewer}, determinize seed {DETERMINIZE_SEED}){where}"
        for lang in LANGS:
            mine, theirs = _texts(match, viewer, lang), _texts(world, viewer, lang)
            for key, value in mine.items():
                assert theirs.get(key) == value, (
                    f"{key} reveals hidden information to viewer {viewer}: {value!r} != {theirs.get(key)!r}{ctx}"
                )
        for seat in match.to_move:
            world_legal = {a.notation for a in world.legal_actions(seat)}
            for action in _sample(match.legal_actions(seat), rnd):
                if action.notation not in world_legal:
                    continue  # the re-sampled world does not allow it: nothing to compare
                real_after, real_events = _after(match, seat, action)
                world.state.rng = match.state.rng.clone()  # the same dice in both worlds
                world_after, world_events = _after(world, seat, action)
                if real_after.observation(viewer) != world_after.observation(viewer):
                    continue  # the action tells the viewer which world it is in
                for lang in LANGS:
                    line = match.log_line(seat, action, lang, viewer)
                    assert isinstance(line, str) and line.strip(), f"empty log line for {action!r}{ctx}"
                    _check_pieces(match, line, where)
                    other = world.log_line(seat, action, lang, viewer)
                    assert other == line, (
                        f"the log line of seat {seat} playing {action.notation!r} reveals hidden "
                        f"information to viewer {viewer}: {line!r} vs {other!r}{ctx}"
                    )
                    said = real_after.log_events(real_events, lang, viewer)
                    other_said = world_after.log_events(world_events, lang, viewer)
                    assert said == other_said, (
                        f"the log of what {action.notation!r} caused reveals hidden information to "
                        f"viewer {viewer}: {said!r} vs {other_said!r}{ctx}"
                    )


def check_log_hides_the_choice(match: Match, where: Any, salt: int) -> None:
    """A viewer who cannot tell two of a seat's actions apart afterwards reads the same log text."""
    rnd = random.Random(salt ^ 0xA11CE)
    for seat in match.to_move:
        actions = match.legal_actions(seat)
        sample = actions if len(actions) <= ALIKE_SAMPLE else rnd.sample(actions, ALIKE_SAMPLE)
        afters = [_after(match, seat, a) for a in sample]
        for viewer in [None, *range(match.num_players)]:
            if viewer == seat:
                continue
            seen: dict[str, tuple[Action, list[str]]] = {}
            for action, (after, events) in zip(sample, afters, strict=True):
                # A public action's notation reaches every viewer (the server's rule), so it tells apart too.
                public = match.game.action_is_public(match.state, seat, action)
                key = json.dumps(
                    [after.observation(viewer), action.notation if public else None], sort_keys=True
                )
                texts = [match.log_line(seat, action, lang, viewer) for lang in LANGS]
                texts += [t for lang in LANGS for t in after.log_events(events, lang, viewer)]
                if key in seen:
                    first, first_texts = seen[key]
                    assert first_texts == texts, (
                        f"viewer {viewer} cannot tell seat {seat}'s {first.notation!r} from "
                        f"{action.notation!r}, but the log tells them apart: {first_texts!r} vs {texts!r}{where}"
                    )
                else:
                    seen[key] = (action, texts)
