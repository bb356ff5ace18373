"""Stellium: the rules. Sections (§) refer to docs/games/stellium.md.

A turn is a stack of pending steps on ``state.pending`` (top = last): the
take step at the bottom, the validate step above it and, after round 1, the
board steps on top: draw (§4.1) → place (§4.2) → effect (§4.3) → the effect's
parameters one at a time (§5). Validation (§4.4) pushes match and keep steps;
an emptied galaxy pushes the refill steps (§7), which other seats decide.
When the stack is empty the turn ends (§8).
"""

from __future__ import annotations

import re
from typing import Any

from galaxis.core import (
    Action,
    ActionTable,
    Event,
    Game,
    Result,
    Rng,
    Step,
    rank_by_keys,
)
from galaxis.core.errors import BadOption
from galaxis.games.stellium import patterns, scoring
from galaxis.games.stellium.data import (
    CELL_NAME,
    DIRS,
    DISC_LETTERS,
    MSG,
    TYPES,
    Geometry,
    cards,
    geometry,
    setup_data,
    start_cells_of,
)
from galaxis.games.stellium.info import INFO
from galaxis.games.stellium.state import (
    M_BAG,
    M_CARDS,
    M_DISCS,
    M_PLAYER,
    Player,
    StelliumState,
    board_changed,
)

TOKEN_EFFECT = {"g": "permute", "b": "collide", "y": "rotate", "p": "attract"}


_CARD = re.compile(r"^[Cc]\d\d$")


class Stellium(Game):
    info = INFO
    state_type = StelliumState
    hooks = {
        "observation": ".views:observation",
        "secret": ".views:secret",
        "determinize": ".views:determinize",
        "describe": ".views:describe",
        "explain_illegal": ".views:explain_illegal",
        "prompt": ".client:prompt",
        "choices": ".client:choices",
        "log_line": ".client:log_line",
        "log_events": ".client:log_events",
        "seat_panels": ".client:seat_panels",
        "score_breakdown": ".client:score_breakdown",
        "render_text": ".text:render_text",
        "render_svg": ".svg:render_svg",
        "evaluate": ".agents:evaluate",
        "agent_levels": ".agents:LEVELS",
        "heuristic_agent": ".agents:StelliumBot",
        "rollout_agent": ".agents:rollout_bot",
        "observation_encoder": ".encode:StelliumEncoder",
    }

    def __init__(self) -> None:
        self.table = t = ActionTable()
        geo = geometry("triangle")
        self.cell = [
            t.get(label, (f"cell-{label}",), "cell", ("cell", i)) for i, label in enumerate(geo.labels)
        ]
        self.draw_act = {m: t.get(f"draw {m}", (f"bag-{m}",), "draw", ("draw", m)) for m in TYPES}
        self.pick_act = {m: t.get(f"pick {m}", (f"pool-{m}",), "pick", ("pick", m)) for m in TYPES}
        self.token_act = {m: t.get(f"token {m}", (f"token-{m}",), "token", ("token", m)) for m in TYPES}
        self.none_act = t.get("none", ("none",), "none", ("none",))
        self.effect_act = t.get("effect", ("effect",), "effect", ("effect",))
        self.stop_act = t.get("stop", ("stop",), "stop", ("stop",))
        self.pass_act = t.get("pass", ("pass",), "pass", ("pass",))
        self.dir_act = [t.get(d, (f"dir-{d}",), "dir", ("dir", i)) for i, d in enumerate(DIRS)]
        self.turn_act = {k: t.get(f"turn {k}", (f"turn-{k}",), "turn", ("turn", k)) for k in range(1, 6)}
        ids = sorted(cards())
        self.take_act = {c: t.get(f"take {c}", (f"card-{c}",), "take", ("take", c)) for c in ids}
        self.discard_act = {c: t.get(f"discard {c}", (f"card-{c}",), "discard", ("discard", c)) for c in ids}
        self.validate_act = {
            c: t.get(f"validate {c}", (f"card-{c}",), "validate", ("validate", c)) for c in ids
        }

    # ------------------------------------------------------------------ setup
    def setup(self, players: int, options: dict[str, Any], rng: Rng) -> StelliumState:
        """§3: discs at random, one marble of each type on each disc's starting points, the display."""
        data = setup_data()
        fixed = options.get("setup", {})
        layout = options["layout"]
        geo = geometry(layout)
        kinds = list(range(6))
        rng.shuffle(kinds)
        rot = [rng.below(6) for _ in range(6)]
        if "discs" in fixed:
            kinds = self._fixed_int_list(fixed["discs"], "setup.discs", 0, 5, distinct=True)
        if "rotation" in fixed:
            rot = self._fixed_int_list(fixed["rotation"], "setup.rotation", 0, 5, distinct=False)
        board = [""] * geo.size
        if "board" in fixed:
            board = self._fixed_board(fixed["board"], geo)
        else:
            for d in range(6):
                marbles = list(TYPES)
                rng.shuffle(marbles)
                for cell, m in zip(start_cells_of(geo, kinds, rot, d), marbles, strict=True):
                    board[cell] = m
        bag = [data.marbles[m] - board.count(m) for m in TYPES]
        deck = self._setup_deck(fixed, rng)
        shown = data.display[players]
        display = deck[:shown]
        pile = list(reversed(deck[shown:]))  # next card last
        target = options["target"] or data.targets[players]
        if options["first_game"]:
            target = max(1, target - data.first_game_reduction)
        state = StelliumState(
            rng=rng,
            board=board,
            rot=rot,
            disc_kind=kinds,
            bag=bag,
            deck=pile,
            display=display,
            set_aside=[],
            players=[
                Player(held=[], held_turn=[], won=[], points=0, tokens=list(TYPES), discarded=[], reached=-1)
                for _ in range(players)
            ],
            turn=0,
            in_hand="",
            placed=-1,
            refill_pool=[],
            pending=[],
            final_turns=-1,
            over=False,
            layout=layout,
            draw=options["draw"],
            mirror=options["mirror"],
            secret_hands=options["secret_objectives"],
            target=target,
            strict=options["no_winner_below_target"],
            bh_galaxy=options["black_hole_galaxy"],
            immune=options["attraction_immunity"],
            comet_collides=options["comet"] == "collide",
        )
        events: list[Event] = []
        self._start_turn(state, events)
        return state

    @staticmethod
    def _fixed_int_list(value: Any, name: str, lo: int, hi: int, distinct: bool) -> list[int]:
        if (
            not isinstance(value, list)
            or len(value) != 6
            or not all(isinstance(v, int) and not isinstance(v, bool) and lo <= v <= hi for v in value)
            or (distinct and len(set(value)) != 6)
        ):
            raise BadOption(MSG("setup_permutation" if distinct else "setup_six", name=name))
        return list(value)

    @staticmethod
    def _fixed_board(value: Any, geo: Geometry) -> list[str]:
        """``setup.board``: one character per cell in label order (g b y p, or . for empty)."""
        if not isinstance(value, str) or len(value) != geo.size or any(ch not in "gbyp." for ch in value):
            raise BadOption(MSG("setup_board", size=geo.size))
        board = ["" if ch == "." else ch for ch in value]
        supply = setup_data().marbles
        for m in TYPES:
            if board.count(m) > supply[m]:
                raise BadOption(MSG("setup_board_count", count=board.count(m), type=m, supply=supply[m]))
        return board

    @staticmethod
    def _setup_deck(fixed: dict[str, Any], rng: Rng) -> list[str]:
        """The shuffled objective deck, or ``setup.deck`` first (display first), the rest sorted."""
        all_ids = sorted(cards())
        if "deck" not in fixed:
            rng.shuffle(all_ids)
            return all_ids
        order = fixed["deck"]
        if not isinstance(order, list) or not all(isinstance(c, str) for c in order):
            raise BadOption(MSG("setup_deck_type"))
        if len(set(order)) != len(order) or set(order) - set(all_ids):
            raise BadOption(MSG("setup_deck_ids"))
        return list(order) + [c for c in all_ids if c not in set(order)]

    # -------------------------------------------------------------- geometry
    def start_cells(self, s: StelliumState, d: int) -> list[int]:
        """§2.3: the starting points of the disc at position ``d`` now."""
        return start_cells_of(geometry(s.layout), s.disc_kind, s.rot, d)

    # --------------------------------------------------------------- turn flow
    def _start_turn(self, s: StelliumState, events: list[Event]) -> None:
        """§4: round 1 only takes a card (§4.6); later turns draw, place, act, validate, take."""
        seat = s.seat
        s.in_hand = ""
        s.placed = -1
        s.pending = [Step("take", seat)]
        events.append({"type": "turn", "seat": seat, "turn": s.turn, "round": s.turn // len(s.players) + 1})
        if s.turn < len(s.players):
            return
        s.pending.append(Step("validate", seat))
        if sum(s.bag) == 0:
            events.append({"type": "bag_empty", "seat": seat})  # §D4: no marble to play this turn
            return
        if s.draw == "random":
            self._draw(s, seat, self._random_marble(s), events)
        else:
            s.pending.append(Step("draw", seat))

    def _random_marble(self, s: StelliumState) -> str:
        k = s.rng.below(sum(s.bag))
        for i, n in enumerate(s.bag):
            if k < n:
                return TYPES[i]
            k -= n
        raise AssertionError("the bag count is inconsistent")

    def _draw(self, s: StelliumState, seat: int, marble: str, events: list[Event]) -> None:
        s.bag[TYPES.index(marble)] -= 1
        s.marks[M_BAG] += 1
        s.in_hand = marble
        events.append({"type": "draw", "seat": seat, "marble": marble})
        s.pending.append(Step("place", seat))

    def _advance(self, s: StelliumState, events: list[Event]) -> None:
        """Runs what needs no decision: refill draws, empty steps, turn ends."""
        while not s.over:
            if not s.pending:
                self._end_turn(s, events)
                continue
            top = s.pending[-1]
            if top.kind == "refill_start":
                self._refill_draw(s, top, events)
                continue
            if top.kind == "take" and not s.display:
                s.pending.pop()
                continue
            return

    def _end_turn(self, s: StelliumState, events: list[Event]) -> None:
        """§8: the game ends after the last turn owed by an end trigger."""
        if s.final_turns == 0:
            s.over = True
            events.append({"type": "game_over", "scores": self.result(s).scores})
            return
        if s.final_turns > 0:
            s.final_turns -= 1
        s.marks[M_PLAYER + s.seat] += 1  # a card it took this turn is no longer new
        s.turn += 1
        self._start_turn(s, events)

    def _trigger_end(self, s: StelliumState, turns_left: int, why: str, events: list[Event]) -> None:
        if s.final_turns < 0 or turns_left < s.final_turns:
            s.final_turns = turns_left
            events.append({"type": "last_round", "reason": why, "turns_left": turns_left})

    # ------------------------------------------------------------ board helpers
    def _victim_ok(self, s: StelliumState, cell: int) -> bool:
        """§5.4: an attraction never takes a supernova (option: only the one just placed is exempt)."""
        m = s.board[cell]
        if not m:
            return False
        if s.immune == "all":
            return m != "p"
        return cell != s.placed

    def _attract_holes(self, s: StelliumState, geo: Geometry) -> list[int]:
        board = s.board
        return [
            h
            for h in geo.black_holes
            if not board[h] and any(n >= 0 and self._victim_ok(s, n) for n in geo.neighbours[h])
        ]

    def _movers(self, s: StelliumState, geo: Geometry, kind: str) -> list[int]:
        """§5.1: another marble of ``kind`` (not the one just placed) next to a marble of another kind."""
        board = s.board
        out = []
        for c, m in enumerate(board):
            if (
                m == kind
                and c != s.placed
                and any(n >= 0 and board[n] and board[n] != kind for n in geo.neighbours[c])
            ):
                out.append(c)
        return out

    def _effect_usable(self, s: StelliumState, geo: Geometry, effect: str, kind: str) -> bool:
        if effect == "y":
            return True
        if effect == "g":
            return bool(self._movers(s, geo, kind))
        if effect == "p":
            return bool(self._attract_holes(s, geo))
        return False

    def _galaxy_cells(self, s: StelliumState, geo: Geometry) -> tuple[list[int], list[int]]:
        empty: list[int] = []
        full: list[int] = []
        for d in geo.discs:
            for c in d:
                (full if s.board[c] else empty).append(c)
        return sorted(empty), sorted(full)

    def _comet_on_empty(self, s: StelliumState, geo: Geometry, seat: int, cell: int) -> bool:
        """§5.2 / §D1: a comet goes on an empty hole only when it will use another token's effect."""
        tokens = s.players[seat].tokens
        if "y" in tokens:
            return True
        if "g" in tokens and self._movers(s, geo, "b"):
            return True
        if "p" in tokens:
            if self._attract_holes(s, geo):
                return True
            if s.immune == "all":  # the comet itself, once placed, may be pulled
                return any(h >= 0 and not s.board[h] and geo.disc_of[h] < 0 for h in geo.neighbours[cell])
        return False

    def _place_cells(self, s: StelliumState, seat: int) -> list[int]:
        """§4.2: an empty galaxy hole; an occupied one for a collision (§5.2); never a black hole."""
        geo = geometry(s.layout)
        empty, full = self._galaxy_cells(s, geo)
        if s.in_hand == "b":
            if not full:
                return empty  # §D1 fallback: nothing to collide with
            if s.comet_collides:  # "Az üstökös nem kerülhet üres helyre."
                return full
            return sorted(full + [c for c in empty if self._comet_on_empty(s, geo, seat, c)])
        if "b" in s.players[seat].tokens:
            return sorted(empty + full)
        return empty

    def _check_empty_galaxies(self, s: StelliumState, events: list[Event]) -> None:
        """§7: an emptied galaxy is refilled at once (if the bag has marbles)."""
        geo = geometry(s.layout)
        busy = {st.data["disc"] for st in s.pending if st.kind.startswith("refill")}
        empty = [
            d for d, cells in enumerate(geo.discs) if d not in busy and not any(s.board[c] for c in cells)
        ]
        for d in reversed(empty):
            events.append({"type": "galaxy_empty", "disc": DISC_LETTERS[d]})
            if sum(s.bag) > 0:
                s.pending.append(Step("refill_start", s.seat, {"disc": d}))

    def _refill_draw(self, s: StelliumState, step: Step, events: list[Event]) -> None:
        """§7: the emptier draws 5; the previous player, then counter-clockwise, each place one."""
        data = setup_data()
        drawn = []
        for _ in range(min(data.refill_draw, sum(s.bag))):
            m = self._random_marble(s)
            s.bag[TYPES.index(m)] -= 1
            drawn.append(m)
        s.marks[M_BAG] += 1
        s.refill_pool = sorted(drawn, key=TYPES.index)
        d = step.data["disc"]
        left = min(data.refill_place, len(drawn), len(self.start_cells(s, d)))
        events.append(
            {
                "type": "refill_draw",
                "seat": step.seat,
                "disc": DISC_LETTERS[d],
                "marbles": list(s.refill_pool),
            }
        )
        s.pending.pop()
        if left == 0:
            self._refill_done(s, events)
            return
        info = {"disc": d, "left": left, "i": 0, "emptier": step.seat}
        s.pending.append(Step("refill_pick", self._refill_seat(s, info), info))

    def _refill_seat(self, s: StelliumState, info: dict[str, Any]) -> int:
        n = len(s.players)
        return int((info["emptier"] - 1 - info["i"]) % n)

    def _refill_done(self, s: StelliumState, events: list[Event]) -> None:
        for m in s.refill_pool:
            s.bag[TYPES.index(m)] += 1
        s.marks[M_BAG] += 1
        if s.refill_pool:
            events.append({"type": "refill_return", "marbles": list(s.refill_pool)})
        s.refill_pool = []

    # ------------------------------------------------------------------ moves
    def to_move(self, state: StelliumState) -> tuple[int, ...]:
        if state.over or not state.pending:
            return ()
        return (state.pending[-1].seat,)

    def legal_actions(self, state: StelliumState, seat: int) -> list[Action]:
        s = state
        if s.over or not s.pending or s.pending[-1].seat != seat:
            return []
        step = s.pending[-1]
        kind = step.kind
        geo = geometry(s.layout)
        cell = self.cell
        p = s.players[seat]
        if kind == "take":
            if len(p.held) >= setup_data().hand_limit:
                return [self.discard_act[c] for c in p.held] + [self.pass_act]
            return [self.take_act[c] for c in s.display]
        if kind == "validate":
            ok = [
                c for c, t in zip(p.held, p.held_turn, strict=True) if t != s.turn and self._has_match(s, c)
            ]
            return [self.validate_act[c] for c in ok] + [self.stop_act]
        if kind == "match":
            return [self._match_action(m) for m in self._matches(s, step.data["card"])]
        if kind == "keep":
            return [cell[c] for c in step.data["cells"]]
        if kind == "draw":
            return [self.draw_act[m] for i, m in enumerate(TYPES) if s.bag[i] > 0]
        if kind == "place":
            return [cell[c] for c in self._place_cells(s, seat)]
        if kind == "effect":
            return self._effect_actions(s, geo, seat, step)
        if kind == "permute":
            return [cell[c] for c in self._movers(s, geo, step.data["kind"])]
        if kind == "swap":
            mover = step.data["kind"]
            return [
                cell[n]
                for n in sorted(
                    n
                    for n in geo.neighbours[step.data["from"]]
                    if n >= 0 and s.board[n] and s.board[n] != mover
                )
            ]
        if kind == "collide":
            return list(self.dir_act)
        if kind == "rotate":
            return list(self.turn_act.values())
        if kind == "attract":
            return [cell[h] for h in self._attract_holes(s, geo)]
        if kind == "pull":
            return [
                cell[n]
                for n in sorted(
                    n for n in geo.neighbours[step.data["hole"]] if n >= 0 and self._victim_ok(s, n)
                )
            ]
        if kind == "refill_pick":
            return [self.pick_act[m] for m in TYPES if m in s.refill_pool]
        if kind == "refill_cell":
            return [cell[c] for c in sorted(self.start_cells(s, step.data["disc"])) if not s.board[c]]
        return []

    def _effect_actions(self, s: StelliumState, geo: Geometry, seat: int, step: Step) -> list[Action]:
        """§4.3 / §5.5: no effect, the marble's own effect, or one unused token of another effect."""
        marble = s.board[step.data["cell"]]
        out = [] if step.data["forced"] else [self.none_act]
        if marble != "b" and self._effect_usable(s, geo, marble, marble):
            out.append(self.effect_act)
        for tok in TYPES:
            if (
                tok != marble
                and tok != "b"
                and tok in s.players[seat].tokens
                and self._effect_usable(s, geo, tok, marble)
            ):
                out.append(self.token_act[tok])
        return out

    def _matches(self, s: StelliumState, card: str) -> list[tuple[int, ...]]:
        return patterns.matches(card, s.board, s.layout, s.mirror, s.bh_galaxy)

    def _has_match(self, s: StelliumState, card: str) -> bool:
        return patterns.has_match(card, s.board, s.layout, s.mirror, s.bh_galaxy)

    def _match_action(self, cells: tuple[int, ...]) -> Action:
        labels = geometry("triangle").labels
        notation = "use " + "+".join(labels[c] for c in cells)
        return self.table.get(notation, tuple(f"cell-{labels[c]}" for c in cells), "match", ("match", cells))

    def apply(self, state: StelliumState, seat: int, action: Action) -> list[Event]:
        s = state
        events: list[Event] = []
        step = s.pending[-1]
        kind = step.kind
        args = action.args
        geo = geometry(s.layout)
        if kind == "take":
            self._apply_take(s, seat, args, events)
        elif kind == "validate":
            if args[0] == "stop":
                s.pending.pop()
            else:
                s.pending.append(Step("match", seat, {"card": args[1]}))
        elif kind == "match":
            s.pending[-1] = Step("keep", seat, {"card": step.data["card"], "cells": list(args[1])})
        elif kind == "keep":
            self._validate(s, seat, step.data["card"], step.data["cells"], args[1], events)
        elif kind == "draw":
            s.pending.pop()
            marble = args[1]
            if s.draw == "touch":
                chance = setup_data().touch_success[marble]
                if s.rng.random() >= chance:
                    marble = self._random_marble(s)
                events.append({"type": "touch", "seat": seat, "wanted": args[1]})
            self._draw(s, seat, marble, events)
        elif kind == "place":
            self._apply_place(s, geo, seat, args[1], events)
        elif kind == "effect":
            self._apply_effect(s, geo, seat, step, action, events)
        elif kind == "permute":
            s.pending[-1] = Step("swap", seat, {"kind": step.data["kind"], "from": args[1]})
        elif kind == "swap":
            a, b = step.data["from"], args[1]
            s.board[a], s.board[b] = s.board[b], s.board[a]
            board_changed(s, a, b)
            s.pending.pop()
            events.append({"type": "swap", "cells": [geo.labels[a], geo.labels[b]]})
        elif kind == "collide":
            self._collide(s, geo, step.data["cell"], args[1], events)
            s.pending.pop()
        elif kind == "rotate":
            self._rotate(s, geo, step.data["disc"], args[1])
            s.pending.pop()
            events.append({"type": "rotate", "disc": DISC_LETTERS[step.data["disc"]], "k": args[1]})
        elif kind == "attract":
            s.pending[-1] = Step("pull", seat, {"hole": args[1]})
        elif kind == "pull":
            hole, victim = step.data["hole"], args[1]
            s.board[hole], s.board[victim] = s.board[victim], ""
            board_changed(s, hole, victim)
            s.pending.pop()
            events.append({"type": "attract", "hole": geo.labels[hole], "from": geo.labels[victim]})
            self._check_empty_galaxies(s, events)
        elif kind == "refill_pick":
            s.pending[-1] = Step("refill_cell", seat, {**step.data, "type": args[1]})
        elif kind == "refill_cell":
            self._apply_refill_cell(s, geo, seat, step, args[1], events)
        self._advance(s, events)
        return events

    def _apply_take(self, s: StelliumState, seat: int, args: tuple[Any, ...], events: list[Event]) -> None:
        """§4.5: take a display card (refilled from the pile); with 3 held, discard one first or pass."""
        p = s.players[seat]
        if args[0] == "pass":
            s.pending.pop()
            events.append({"type": "pass", "seat": seat})
            return
        card = args[1]
        if args[0] == "discard":
            i = p.held.index(card)
            del p.held[i], p.held_turn[i]
            p.discarded.append(card)
            s.marks[M_PLAYER + seat] += 1
            events.append({"type": "discard", "seat": seat, **({} if s.secret_hands else {"card": card})})
            return
        s.display.remove(card)
        p.held.append(card)
        p.held_turn.append(s.turn)
        s.marks[M_CARDS] += 1  # also the pile and the set-aside card below
        s.marks[M_PLAYER + seat] += 1
        s.pending.pop()
        events.append({"type": "take", "seat": seat, "card": card})
        if s.deck:
            s.display.append(s.deck.pop())
        elif s.final_turns < 0:
            # §8: the pile ran out before anyone reached the target: the last display card is set
            # aside and everyone plays one last turn.
            if s.display:
                s.set_aside.append(s.display.pop())
            self._trigger_end(s, len(s.players), "deck", events)

    def _validate(
        self, s: StelliumState, seat: int, card: str, cells: list[int], keep: int, events: list[Event]
    ) -> None:
        """§4.4: score the card; every marble used except the chosen one goes back to the bag."""
        p = s.players[seat]
        i = p.held.index(card)
        del p.held[i], p.held_turn[i]
        p.won.append(card)
        value = cards()[card].value(len(cells))
        p.points += value
        s.marks[M_PLAYER + seat] += 1  # also reached, below
        s.marks[M_BAG] += 1
        board_changed(s, *cells)
        geo = geometry(s.layout)
        removed = []
        for c in cells:
            if c != keep:
                s.bag[TYPES.index(s.board[c])] += 1
                s.board[c] = ""
                removed.append(geo.labels[c])
        s.pending.pop()
        events.append(
            {
                "type": "validate",
                "seat": seat,
                "card": card,
                "points": value,
                "kept": geo.labels[keep],
                "removed": removed,
            }
        )
        if p.points >= s.target and p.reached < 0:
            p.reached = s.turn
            n = len(s.players)
            self._trigger_end(s, n - 1 - seat, "target", events)
        self._check_empty_galaxies(s, events)

    def _apply_place(
        self, s: StelliumState, geo: Geometry, seat: int, cell: int, events: list[Event]
    ) -> None:
        """§4.2: on an occupied hole the marble collides (a comet, or any marble with the Collision token)."""
        s.pending.pop()
        marble = s.in_hand
        if s.board[cell]:
            if marble != "b":
                s.players[seat].tokens.remove("b")
                s.marks[M_PLAYER + seat] += 1
                events.append({"type": "token", "seat": seat, "token": "b"})
            s.pending.append(Step("collide", seat, {"cell": cell}))
            return
        s.board[cell] = marble
        board_changed(s, cell)
        s.in_hand = ""
        s.placed = cell
        events.append({"type": "place", "seat": seat, "marble": marble, "cell": geo.labels[cell]})
        _, full = self._galaxy_cells(s, geo)
        forced = marble == "b" and len(full) > 1  # §D1: the comet on an empty hole must use a token
        s.pending.append(Step("effect", seat, {"cell": cell, "forced": forced}))

    def _apply_effect(
        self, s: StelliumState, geo: Geometry, seat: int, step: Step, action: Action, events: list[Event]
    ) -> None:
        s.pending.pop()
        what = action.args[0]
        if what == "none":
            return
        marble = s.board[step.data["cell"]]
        effect = marble
        if what == "token":
            effect = action.args[1]
            s.players[seat].tokens.remove(effect)
            s.marks[M_PLAYER + seat] += 1
            events.append({"type": "token", "seat": seat, "token": effect})
        if effect == "g":
            s.pending.append(Step("permute", seat, {"kind": marble}))
        elif effect == "y":
            s.pending.append(Step("rotate", seat, {"disc": geo.disc_of[step.data["cell"]]}))
        else:
            s.pending.append(Step("attract", seat))

    def _collide(self, s: StelliumState, geo: Geometry, target: int, d: int, events: list[Event]) -> None:
        """§5.2: push the straight line from the target one step; off the board the last one goes to the bag."""
        chain = [target]
        nxt = geo.neighbours[target][d]
        while nxt >= 0 and s.board[nxt]:
            chain.append(nxt)
            nxt = geo.neighbours[nxt][d]
        board_changed(s, *chain, *([nxt] if nxt >= 0 else []))
        s.marks[M_BAG] += 1  # when the last marble leaves the board
        if nxt < 0:
            out = chain[-1]
            s.bag[TYPES.index(s.board[out])] += 1
            events.append({"type": "ejected", "marble": s.board[out], "from": geo.labels[out]})
            s.board[out] = ""
            chain.pop()
            dest = out
        else:
            dest = nxt
        for c in reversed(chain):
            s.board[dest] = s.board[c]
            dest = c
        s.board[target] = s.in_hand
        events.append(
            {
                "type": "collide",
                "marble": s.in_hand,
                "cell": geo.labels[target],
                "dir": DIRS[d],
                "pushed": len(chain),
            }
        )
        s.in_hand = ""
        s.placed = target

    @staticmethod
    def _rotate(s: StelliumState, geo: Geometry, d: int, k: int) -> None:
        """§5.3: turn disc d by k sixth-turns counter-clockwise; its marbles travel with it."""
        ring = geo.discs[d][1:]
        board_changed(s, *ring)
        s.marks[M_DISCS] += 1
        old = [s.board[c] for c in ring]
        for i, c in enumerate(ring):
            s.board[c] = old[(i - k) % 6]
        s.rot[d] = (s.rot[d] + k) % 6
        if s.placed in ring:
            s.placed = ring[(ring.index(s.placed) + k) % 6]

    def _apply_refill_cell(
        self, s: StelliumState, geo: Geometry, seat: int, step: Step, cell: int, events: list[Event]
    ) -> None:
        marble = step.data["type"]
        s.board[cell] = marble
        board_changed(s, cell)
        s.refill_pool.remove(marble)
        events.append({"type": "refill_place", "seat": seat, "marble": marble, "cell": geo.labels[cell]})
        info = {k: v for k, v in step.data.items() if k != "type"}
        info["left"] -= 1
        info["i"] += 1
        s.pending.pop()
        if info["left"] > 0 and s.refill_pool:
            s.pending.append(Step("refill_pick", self._refill_seat(s, info), info))
        else:
            self._refill_done(s, events)

    # ----------------------------------------------------------------- ending
    def is_over(self, state: StelliumState) -> bool:
        return state.over

    def result(self, state: StelliumState) -> Result:
        rows = scoring.breakdown(state)
        ranking = rank_by_keys([scoring.ranking_key(r) for r in rows])
        details: dict[str, Any] = {"breakdown": rows, "target": state.target}
        if state.over and state.strict and all(p.reached < 0 for p in state.players):
            ranking = [list(range(len(rows)))]  # §8.1: nobody reached the target, nobody wins
            details["no_winner"] = True
        return Result(scores=[float(r["total"]) for r in rows], ranking=ranking, details=details)

    def action_is_public(self, state: StelliumState, seat: int, action: Action) -> bool:
        """With secret objectives a discard names a hidden card; everything else is public."""
        return not (state.secret_hands and action.kind == "discard")

    def invariants(self, state: StelliumState) -> list[str]:
        s = state
        bad = []
        supply = setup_data().marbles
        pool = s.refill_pool + ([s.in_hand] if s.in_hand else [])
        for i, m in enumerate(TYPES):
            total = s.board.count(m) + s.bag[i] + pool.count(m)
            if total != supply[m] or s.bag[i] < 0:
                bad.append(f"{m} marbles are not conserved: {total} != {supply[m]}")
        all_cards = (
            s.deck + s.display + s.set_aside + [c for p in s.players for c in p.held + p.won + p.discarded]
        )
        if sorted(all_cards) != sorted(cards()):
            bad.append("objective cards are not conserved")
        limit = setup_data().hand_limit
        for i, p in enumerate(s.players):
            if len(p.held) > limit or len(p.held) != len(p.held_turn):
                bad.append(f"seat {i} holds too many cards")
            if len(set(p.tokens)) != len(p.tokens) or not set(p.tokens) <= set(TYPES):
                bad.append(f"seat {i} has a repeated or unknown token")
        if len(s.display) > setup_data().display[len(s.players)]:
            bad.append("the display is too large")
        return bad

    # --------------------------------------------------------------- notation
    def normalize(self, notation: str) -> str:
        """Any case and spacing: ``a3`` → ``A3``, ``Draw Y`` → ``draw y``, ``ne`` → ``NE``,
        ``a1+b4`` → ``A1+B4``, ``take c05`` → ``take C05``."""
        words = notation.split()
        out = []
        for w in words:
            low = w.lower()
            if (
                ("+" in w and all(CELL_NAME.match(part) for part in w.split("+")))
                or CELL_NAME.match(w)
                or _CARD.match(w)
                or w.upper() in DIRS
            ):
                out.append(w.upper())
            else:
                out.append(low)
        return " ".join(out)

    def action_space(self, players: int, options: dict[str, Any]) -> list[str] | None:
        """Formation choices name sets of cells, too many to enumerate: index into the legal list."""
        return None

    def max_legal_actions(self, players: int, options: dict[str, Any]) -> int:
        return 4096
