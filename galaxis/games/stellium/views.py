"""What each Stellium seat may know and read: the observation, the hidden part (secret) and
determinization, move descriptions and the reasons for refusals. Sections (§) refer to
docs/games/stellium.md."""

from __future__ import annotations

from typing import Any

from galaxis.core import Action, Game, IllegalAction, Rng, Step
from galaxis.core.messages import fmt
from galaxis.core.record import changed_all
from galaxis.games.stellium.data import (
    CELL_NAME,
    DIRS,
    DISC_LETTERS,
    MSG,
    TYPES,
    Geometry,
    board_data,
    geometry,
    setup_data,
    start_cells_of,
    terms,
)
from galaxis.games.stellium.state import StelliumState


def observation(game: Game, state: StelliumState, seat: int | None) -> dict[str, Any]:
    """Everything but the pile order and, with secret objectives, other seats' cards (§11)."""
    s = state
    geo = geometry(s.layout)
    top = s.pending[-1] if s.pending else None
    players = []
    for i, p in enumerate(s.players):
        open_cards = not s.secret_hands or seat == i
        players.append(
            {
                "seat": i,
                "held": list(p.held) if open_cards else [],
                "held_count": len(p.held),
                "held_turn": list(p.held_turn),
                "won": list(p.won),
                "points": p.points,
                "tokens": list(p.tokens),
                "discarded": list(p.discarded) if open_cards else [],
                "discarded_count": len(p.discarded),
                "reached": p.reached,
            }
        )
    pending = None
    if top is not None:
        data = {k: (geo.labels[v] if k in ("cell", "from", "hole") else v) for k, v in top.data.items()}
        if "disc" in data:
            data["disc"] = DISC_LETTERS[data["disc"]]
        if "cells" in data:
            data["cells"] = [geo.labels[c] for c in data["cells"]]
        pending = {"kind": top.kind, "seat": top.seat, "data": data}
    return {
        "you": seat,
        "turn": s.turn,
        "round": s.turn // len(s.players) + 1,
        "seat": s.seat,
        "to_move": list(game.to_move(s)),
        "layout": s.layout,
        "board": {geo.labels[c]: m for c, m in enumerate(s.board) if m},
        "rotation": list(s.rot),
        "discs": [board_data().discs[k].name for k in s.disc_kind],
        "start_points": {
            DISC_LETTERS[d]: [
                geo.labels[c] for c in start_cells_of(geometry(s.layout), s.disc_kind, s.rot, d)
            ]
            for d in range(6)
        },
        "bag": dict(zip(TYPES, s.bag, strict=True)),
        "in_hand": s.in_hand,
        "placed": geo.labels[s.placed] if s.placed >= 0 else "",
        "refill_pool": list(s.refill_pool),
        "display": list(s.display),
        "deck": len(s.deck),
        "set_aside": list(s.set_aside),
        "players": players,
        "pending": pending,
        "final_turns": s.final_turns,
        "target": s.target,
        "over": s.over,
        "options": {
            "draw": s.draw,
            "mirror": s.mirror,
            "secret_objectives": s.secret_hands,
            "black_hole_galaxy": s.bh_galaxy,
            "attraction_immunity": s.immune,
            "no_winner_below_target": s.strict,
        },
        "scores": game.result(s).scores,
    }


def hidden_from(game: Game, s: StelliumState, viewer: int | None) -> list[int]:
    """Seats whose cards ``viewer`` cannot see (secret objectives only)."""
    if not s.secret_hands:
        return []
    return [i for i in range(len(s.players)) if i != viewer]


def secret(game: Game, state: StelliumState, viewer: int | None) -> Any:
    hidden = hidden_from(game, state, viewer)
    return {
        "deck": list(state.deck),
        "held": {str(i): list(state.players[i].held) for i in hidden},
        "discarded": {str(i): list(state.players[i].discarded) for i in hidden},
    }


def determinize(game: Game, state: StelliumState, seat: int | None, rng: Rng) -> StelliumState:
    """Deals the unseen cards again from a canonical order: the pile and, with secret
    objectives, the other seats' held and discarded cards (same counts)."""
    s = state
    hidden = hidden_from(game, s, seat)
    # a card being validated right now has been shown to everyone
    shown = {st.data["card"] for st in s.pending if isinstance(st.data, dict) and "card" in st.data}
    unseen = list(s.deck)
    for i in hidden:
        unseen += [c for c in s.players[i].held if c not in shown] + s.players[i].discarded
    unseen.sort()
    rng.shuffle(unseen)
    for i in hidden:
        p = s.players[i]
        for k, c in enumerate(p.held):
            if c not in shown:
                p.held[k] = unseen.pop()
        k = len(p.discarded)
        p.discarded, unseen = unseen[:k], unseen[k:]
    s.deck = unseen
    changed_all(s.marks)
    return s


def explain_illegal(game: Game, state: StelliumState, seat: int, notation: str) -> IllegalAction:
    s = state
    step = s.pending[-1] if s.pending else None
    if step is None:
        return MSG.illegal("game_over", "§8 End of the game")
    geo = geometry(s.layout)
    kind = step.kind
    words = notation.split()
    head = words[0] if words else ""
    p = s.players[seat]
    if head == "turn":
        if kind != "rotate":
            return MSG.illegal("rotate_when", "§5.3 Rotation")
        return MSG.illegal("rotate_amount", "§5.3 Rotation")
    if head in ("take", "discard", "pass"):
        if kind != "take":
            return MSG.illegal("take_when", "§4.5 Taking a card")
        if head == "take" and len(p.held) >= setup_data().hand_limit:
            return MSG.illegal("hand_full", "§4.5 Taking a card")
        if head == "pass":
            return MSG.illegal("must_take", "§4.5 Taking a card")
        return MSG.illegal("card_not_there", "§4.5 Taking a card")
    if head in ("validate", "stop"):
        if kind != "validate":
            return MSG.illegal("validate_when", "§4.4 Validation")
        card = words[1] if len(words) > 1 else ""
        if card not in p.held:
            if not card:
                return MSG.illegal("not_held_blank", "§4.4 Validation")
            return MSG.illegal("not_held", "§4.4 Validation", card=card)
        if p.held_turn[p.held.index(card)] == s.turn:
            return MSG.illegal("taken_this_turn", "§4.4 Validation")
        return MSG.illegal("formation_missing", "§6 Objectives", card=card)
    if head in ("draw", "pick"):
        if kind == "refill_pick" and head == "pick":
            return MSG.illegal("refill_pick", "§7 Empty galaxy")
        if kind != "draw":
            return MSG.illegal("draw_when", "§4.1 Drawing")
        return MSG.illegal("bag_lacks", "§4.1 Drawing")
    if head in ("none", "effect", "token"):
        if kind != "effect":
            return MSG.illegal("effect_when", "§4.3 Effect")
        if head == "token":
            tok = words[1] if len(words) > 1 else ""
            if tok not in p.tokens:
                return MSG.illegal("token_spent", "§5.5 Influence tokens")
            if tok == s.board[step.data["cell"]] or tok == "b":
                return MSG.illegal("token_replaces", "§5.5 Influence tokens")
            return MSG.illegal("effect_idle", "§5 Effects")
        if head == "none":
            return MSG.illegal("comet_needs_token", "§5.2 Collision")
        return MSG.illegal("own_effect_idle", "§5 Effects")
    if notation.upper() in DIRS and kind != "collide":
        return MSG.illegal("direction_when", "§5.2 Collision")
    if head == "use" and kind != "match":
        return MSG.illegal("formation_when", "§4.4 Validation")
    if CELL_NAME.match(notation) or head == "use":
        cell = geo.index.get(notation, -1)
        return _explain_cell(game, s, geo, seat, step, cell, notation)
    return MSG.illegal("not_an_action", "§10 Notation", notation=notation, step=MSG.term(f"steps.{kind}"))


def _explain_cell(
    game: Game, s: StelliumState, geo: Geometry, seat: int, step: Step, cell: int, notation: str
) -> IllegalAction:
    kind = step.kind
    if kind == "place":
        if cell >= 0 and geo.disc_of[cell] < 0:
            return MSG.illegal("black_hole", "§4.2 Placing")
        if cell >= 0 and s.board[cell] and s.in_hand != "b":
            return MSG.illegal("occupied", "§5.2 Collision")
        if cell >= 0 and not s.board[cell] and s.in_hand == "b":
            return MSG.illegal("comet_never_empty" if s.comet_collides else "comet_empty", "§5.2 Collision")
    if kind == "permute":
        return MSG.illegal("permute_choice", "§5.1 Permutation")
    if kind == "swap":
        return MSG.illegal("swap_choice", "§5.1 Permutation")
    if kind == "attract":
        return MSG.illegal("attract_choice", "§5.4 Attraction")
    if kind == "pull":
        if cell >= 0 and s.board[cell] == "p":
            return MSG.illegal("supernova_immune", "§5.4 Attraction")
        return MSG.illegal("pull_choice", "§5.4 Attraction")
    if kind == "match":
        return MSG.illegal("match_choice", "§6 Objectives")
    if kind == "keep":
        return MSG.illegal("keep_choice", "§4.4 Validation")
    if kind == "refill_cell":
        return MSG.illegal("refill_cell", "§7 Empty galaxy")
    return MSG.illegal("not_a_choice", "§10 Notation", notation=notation, step=MSG.term(f"steps.{kind}"))


def describe(game: Game, state: StelliumState, action: Action, lang: str = "en") -> str:
    w = terms().get(lang, terms()["en"])
    act = w["act"]
    args = action.args
    what = args[0] if args else ""
    step = state.pending[-1] if state.pending else None
    geo = geometry(state.layout)
    if what in ("take", "discard", "validate"):
        return fmt(lang, act[what], card=args[1])
    if what in ("pass", "stop", "none"):
        return fmt(lang, act[what])
    if what == "draw":
        return fmt(lang, act["touch" if state.draw == "touch" else "draw"], type=w["types"][args[1]])
    if what == "pick":
        return fmt(lang, act["pick"], type=w["types"][args[1]])
    if what == "token":
        return fmt(lang, act["token"], effect=w["effects"][args[1]])
    if what == "effect" and step is not None and step.kind == "effect":
        return fmt(lang, act["effect"], effect=w["effects"][state.board[step.data["cell"]]])
    if what == "dir":
        return fmt(lang, act["dir"], dir=w["dir_names"][DIRS[args[1]]])
    if what == "turn":
        return fmt(lang, act["rotate"], k=args[1], deg=60 * args[1])
    if what == "match":
        return fmt(lang, act["match"], cells=[geo.labels[c] for c in args[1]])
    if what == "cell" and step is not None:
        label = geo.labels[args[1]]
        kind = step.kind
        if kind == "place":
            key = "collide" if state.board[args[1]] else "place"
            return fmt(lang, act[key], type=w["types"].get(state.in_hand, "?"), cell=label)
        if kind == "permute":
            return fmt(lang, act["permute"], type=w["types"][step.data["kind"]], cell=label)
        simple = {
            "swap": "swap",
            "attract": "attract",
            "pull": "pull",
            "keep": "keep",
            "refill_cell": "refill",
        }
        if kind in simple:
            return fmt(lang, act[simple[kind]], cell=label)
    return action.notation
