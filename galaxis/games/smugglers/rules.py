"""Space Smugglers: the rules. Sections (§) refer to docs/games/smugglers.md.

A round is: reveal a galaxy (§3.1), bid with dice and take speed tokens (§3.2),
evaluate the bids (§3.3), pay the won sectors (§3.4), refill from the pool
(§3.5). Bidding is one atomic action at a time: in turn mode one seat acts at
a time, clockwise; in real-time mode every seat still bidding is in
``to_move`` and actions count in arrival order (§7). Payment and refill are
pending steps on ``state.pending``.
"""

from __future__ import annotations

from itertools import combinations_with_replacement
from typing import Any

from galaxis.core import (
    Action,
    ActionTable,
    Event,
    Game,
    IllegalAction,
    Result,
    Rng,
    Step,
    rank_by_keys,
)
from galaxis.core.errors import BadOption
from galaxis.core.messages import fmt
from galaxis.games.smugglers import scoring
from galaxis.games.smugglers.data import COLOURS, MSG, Sector, sectors, setup_table, sheets, terms
from galaxis.games.smugglers.info import INFO
from galaxis.games.smugglers.state import M_BIDS, M_HAND, M_HEAD, M_SEAT, M_SUPPLY, Player, SmugglersState

LETTERS = "ABCDEF"
ITEMS = ("e", *COLOURS)  # refill items: energy or a good of a colour


class Smugglers(Game):
    info = INFO
    state_type = SmugglersState
    hooks = {
        "prompt": ".client:prompt",
        "choices": ".client:choices",
        "log_line": ".client:log_line",
        "log_events": ".client:log_events",
        "seat_panels": ".client:seat_panels",
        "score_breakdown": ".client:score_breakdown",
        "render_text": ".text:render_text",
        "render_svg": ".svg:render_svg",
        "agent_levels": ".agents:LEVELS",
        "heuristic_agent": ".agents:SmugglerBot",
        "observation_encoder": ".encode:SmugglersEncoder",
    }

    def __init__(self) -> None:
        self.table = ActionTable()
        t = self.table
        self.bid = [
            [
                t.get(f"{LETTERS[i]}{v}", (f"card-{LETTERS[i]}", f"face-{v}"), "bid", ("bid", i, v))
                for v in range(7)
            ]
            for i in range(len(LETTERS))
        ]
        self.token = {v: t.get(f"T{v}", (f"token-{v}",), "token", ("token", v)) for v in range(-1, 5)}
        self.wait = t.get("wait", ("wait",), "wait", ("wait",))
        self.forfeit = t.get("forfeit", ("forfeit",), "forfeit", ("forfeit",))
        self.energy_act = [
            t.get(f"energy {LETTERS[i]}", (f"card-{LETTERS[i]}",), "energy", ("energy", i))
            for i in range(len(LETTERS))
        ]
        self.take = {i: t.get(f"+{i}", (f"pool-{i}",), "take", ("take", i)) for i in ITEMS}
        self.give = {i: t.get(f"-{i}", (f"supply-{i}",), "give", ("give", i)) for i in ITEMS}
        self.done = t.get("done", ("done",), "done", ("done",))

    # ------------------------------------------------------------------ setup
    def setup(self, players: int, options: dict[str, Any], rng: Rng) -> SmugglersState:
        """§2: supplies, speed tokens and galaxies by player count."""
        row = setup_table().players[players]
        comp = setup_table().components
        fixed = options.get("setup", {})
        deck = self._setup_deck(fixed, rng)
        colours = self._setup_colours(fixed, players, options["sheets"], rng)
        dealt = row.galaxies * row.cards_per_galaxy
        galaxies = [deck[i : i + row.cards_per_galaxy] for i in range(0, dealt, row.cards_per_galaxy)]
        state = SmugglersState(
            rng=rng,
            players=[
                Player(
                    colour=c,
                    energy=row.energy_value,
                    goods=[row.goods] * 4,
                    dice_in_hand=2,
                    tokens=[],
                    won=[],
                    paid=[],
                    unpaid=[],
                )
                for c in colours
            ],
            galaxies=galaxies,
            box=deck[dealt:],
            discarded=[],
            row=[],
            dice=[],
            free_tokens=[],
            pool_energy=0,
            pool_goods=[0, 0, 0, 0],
            box_energy=comp.energy_value - players * row.energy_value,
            box_goods=[comp.goods_per_colour - players * row.goods] * 4,
            round=0,
            rounds=row.galaxies,
            phase="bid",
            start_seat=0,
            turn=0,
            waits=0,
            pending=[],
            realtime=options["mode"] == "realtime",
            stacked=options["stacked"],
            stations=options["stations"],
            fav_ships=options["favourite_ships"],
            fav_goods=options["favourite_goods"],
            allow_wait=options["wait"],
            payment_optional=options["payment"] == "optional",
            majority_ties_share=options["majority_ties"] == "share",
            majority_scoring_only=options["majority_cards"] == "scoring",
            energy_first=options["energy"] == "first",
            keep_payable=options["keep_payable"],
        )
        self._start_round(state)
        return state

    @staticmethod
    def _setup_deck(fixed: dict[str, Any], rng: Rng) -> list[str]:
        """The shuffled sector deck, or a fixed order from ``setup.deck`` (the rest follow, sorted)."""
        all_ids = sorted(sectors())
        if "deck" not in fixed:
            rng.shuffle(all_ids)
            return all_ids
        order = fixed["deck"]
        if not isinstance(order, list) or not all(isinstance(c, str) for c in order):
            raise BadOption(MSG("setup_deck_type"))
        unknown = sorted(set(order) - set(all_ids))
        if unknown:
            raise BadOption(MSG("setup_deck_unknown", ids=unknown))
        if len(set(order)) != len(order):
            raise BadOption(MSG("setup_deck_repeats"))
        return list(order) + [c for c in all_ids if c not in set(order)]

    @staticmethod
    def _setup_colours(fixed: dict[str, Any], players: int, how: str, rng: Rng) -> list[str]:
        """§D2: colours (and so character sheets) by seat, shuffled, or fixed by ``setup.colours``."""
        all_colours = list(sheets())
        if "colours" in fixed:
            chosen = fixed["colours"]
            if (
                not isinstance(chosen, list)
                or len(chosen) != players
                or len(set(chosen)) != players
                or any(c not in all_colours for c in chosen)
            ):
                raise BadOption(MSG("setup_colours", players=players, colours=", ".join(all_colours)))
            return list(chosen)
        if how == "random":
            rng.shuffle(all_colours)
        return all_colours[:players]

    # ------------------------------------------------------------ round flow
    def _start_round(self, s: SmugglersState) -> None:
        """§3.1: reveal the next galaxy; everyone takes back dice and the tokens return."""
        # The RL encoder's marks (state.M_*) move for what this changes, and only for what
        # exists: the cards that held dice (or are new slots), the hands not already two dice
        # and no token, the seats that still held won cards (none once every payment is made).
        marks = s.marks
        held = s.dice
        s.round += 1
        s.row = s.galaxies.pop(0)
        for i in range(len(s.row)):
            if i >= len(held) or held[i]:
                marks[M_BIDS + i] += 1
        s.dice = [[] for _ in s.row]
        s.free_tokens = list(setup_table().players[len(s.players)].tokens)
        for i, p in enumerate(s.players):
            if p.tokens or p.dice_in_hand != 2:
                marks[M_HAND + i] += 1
            if p.won:
                marks[M_SEAT + i] += 1
            p.dice_in_hand = 2
            p.tokens = []
            p.won = []
        s.phase = "bid"
        s.start_seat = (s.round - 1) % len(s.players)
        s.turn = s.start_seat
        s.waits = 0
        s.changed(head=True, row=True)

    def _can_bid(self, s: SmugglersState, p: Player) -> bool:
        """§3.2: a player places dice until taking a speed token."""
        return not p.tokens and p.dice_in_hand > 0

    def _can_take_token(self, s: SmugglersState, p: Player) -> bool:
        """§3.2: one token each; §5: with two players, up to three, one at a time."""
        return len(p.tokens) < 3 if s.two_player else not p.tokens

    def _active(self, s: SmugglersState) -> list[int]:
        """Seats still taking part in the bidding."""
        return [i for i, p in enumerate(s.players) if self._can_take_token(s, p)]

    def _min_bid(self, s: SmugglersState, card: int) -> int:
        """§3.2: at least the highest die on the card; §6.4 stacked: strictly above the top die."""
        dice = s.dice[card]
        if not dice:
            return 1
        if s.stacked:
            return dice[-1][1] + 1
        return max(v for _, v in dice)

    def _wait_allowed(self, s: SmugglersState, active: int) -> bool:
        """§7.1 anti-stall: a wait is refused once every other active bidder has waited in a row."""
        return s.allow_wait and not s.realtime and s.waits < active - 1

    def _next_turn(self, s: SmugglersState) -> None:
        n = len(s.players)
        for step in range(1, n + 1):
            seat = (s.turn + step) % n
            if self._can_take_token(s, s.players[seat]):
                s.turn = seat
                return

    def _close_bidding(self, s: SmugglersState, events: list[Event]) -> None:
        """§3.2: bidding ends when one token is left; it goes to the player without one
        (§5: with two players, to the one holding fewer)."""
        last = s.free_tokens.pop()
        s.marks[M_HEAD] += 1
        if s.two_player:
            seat = min(range(2), key=lambda i: len(s.players[i].tokens))
        else:
            seat = next(i for i, p in enumerate(s.players) if not p.tokens)
        s.players[seat].tokens.append(last)
        s.marks[M_HAND + seat] += 1
        events.append({"type": "bidding_closed", "last_token": last, "seat": seat})
        self._evaluate_bids(s, events)

    def _token_score(self, p: Player) -> int:
        """§3.3 and §3.5: the token's value (§5: the sum of a player's tokens)."""
        return sum(p.tokens)

    def _evaluate_bids(self, s: SmugglersState, events: list[Event]) -> None:
        """§3.3: the highest die wins each card, ties to the higher speed token; unbid cards leave."""
        unclaimed = False
        for i, dice in enumerate(s.dice):
            if not dice:
                unclaimed = True
                s.discarded.append(s.row[i])
                events.append({"type": "unclaimed", "card": LETTERS[i], "sector": s.row[i]})
                continue
            if s.stacked:
                winner, value = dice[-1]  # §6.4: only the top die counts
            else:
                value = max(v for _, v in dice)
                tied = {seat for seat, v in dice if v == value}
                winner = max(tied, key=lambda seat: self._token_score(s.players[seat]))
            cost = 10 if (s.stacked and value == 6) else value
            s.players[winner].won.append([i, cost])
            events.append(
                {
                    "type": "won",
                    "card": LETTERS[i],
                    "sector": s.row[i],
                    "seat": winner,
                    "die": value,
                    "cost": cost,
                }
            )
        # marks (as in _start_round): the discard pile if a card left, the hands that get dice
        # back, the seats that won and their cards
        marks = s.marks
        if unclaimed:
            marks[M_SUPPLY] += 1
        for i, p in enumerate(s.players):
            if p.dice_in_hand != 2:
                p.dice_in_hand = 2  # losing dice go back now; winning dice mark their cards until paid
                marks[M_HAND + i] += 1
            if p.won:
                marks[M_SEAT + i] += 1
                for card, _cost in p.won:
                    marks[M_BIDS + card] += 1
        self._begin_payment(s, events)

    def _begin_payment(self, s: SmugglersState, events: list[Event]) -> None:
        """§3.4: every winner pays; in turn mode clockwise from the round's first seat."""
        s.phase = "pay"
        s.marks[M_HEAD] += 1
        n = len(s.players)
        order = [(s.start_seat + k) % n for k in range(n)]
        s.pending = [Step("pay", seat) for seat in reversed(order) if s.players[seat].won]
        for step in list(s.pending):
            self._settle_payment(s, step.seat, events)
        self._after_payment(s, events)

    # ---------------------------------------------------------------- payment
    def payment_options(self, p: Player, card: Sector, cost: int) -> list[tuple[str, tuple[int, ...]]]:
        """§3.4: ways to pay a sector: energy equal to the die, then one good per ship in its
        colour, any colour for a cruiser, one good per sector may be skipped.

        Returns (skipped ship colour or "", cruiser goods as colour indexes), one per distinct way.
        """
        return self._ways(p.energy, p.goods, card, cost)

    @staticmethod
    def _ways(energy: int, goods: list[int], card: Sector, cost: int) -> list[tuple[str, tuple[int, ...]]]:
        if energy < cost:
            return []
        need = [0, 0, 0, 0]
        cruisers = 0
        for ship in card.ships:
            if ship == "x":
                cruisers += 1
            else:
                need[COLOURS.index(ship)] += 1
        skips = [""] + [c for c in (*COLOURS, "x") if c in card.ships]
        options: list[tuple[str, tuple[int, ...]]] = []
        for skip in skips:
            want = list(need)
            nx = cruisers
            if skip == "x":
                nx -= 1
            elif skip:
                want[COLOURS.index(skip)] -= 1
            rest = [goods[c] - want[c] for c in range(4)]
            if min(rest) < 0:
                continue
            for combo in combinations_with_replacement(range(4), nx):
                if all(combo.count(c) <= rest[c] for c in set(combo)):
                    options.append((skip, combo))
        return options

    @staticmethod
    def _goods_given(card: Sector, skip: str, combo: tuple[int, ...]) -> list[int]:
        """The goods one way of paying ``card`` takes, per colour."""
        given = [0, 0, 0, 0]
        skipped = False
        for ship in card.ships:
            if ship == "x":
                continue
            if ship == skip and not skipped:
                skipped = True
                continue
            given[COLOURS.index(ship)] += 1
        for c in combo:
            given[c] += 1
        return given

    def _most_payable(self, energy: int, goods: list[int], won: list[tuple[Sector, int]]) -> int:
        """How many of the ``won`` sectors (card, energy still owed) can be paid together."""
        best = 0
        for i, (card, cost) in enumerate(won):
            rest = won[:i] + won[i + 1 :]
            for skip, combo in self._ways(energy, goods, card, cost):
                given = self._goods_given(card, skip, combo)
                after = [goods[c] - given[c] for c in range(4)]
                best = max(best, 1 + self._most_payable(energy - cost, after, rest))
                if best == len(won):
                    return best
        return best

    def _energy_actions(self, s: SmugglersState, seat: int) -> list[Action]:
        """§3.4 energy first: with energy for some won sectors but not all, the player chooses
        which to pay ("eldöntheti, hogy melyikért fizet"); empty when nothing is to choose."""
        p = s.players[seat]
        owed = [(i, c) for i, c in p.won if c > 0]
        if not owed or p.energy >= sum(c for _, c in owed):
            return []
        return [self.energy_act[i] for i, c in owed if c <= p.energy]

    def _pay_actions(self, s: SmugglersState, seat: int) -> list[Action]:
        """§3.4 the ways to pay one won sector now. With energy paid first, the energy choice
        comes before any goods. Every sector that can be paid must stay payable: a way is legal
        only if, after it, as many of the other sectors can still be paid as could be with it
        ("Ha valaki nem tud ... kifizetni ... akkor azt az űrszektort elveszíti")."""
        p = s.players[seat]
        table = sectors()
        if s.energy_first:
            choice = self._energy_actions(s, seat)
            if choice or any(c > 0 for _, c in p.won):
                return choice
        won = [(row_index, table[s.row[row_index]], cost) for row_index, cost in p.won]
        most = (
            self._most_payable(p.energy, p.goods, [(card, cost) for _, card, cost in won])
            if s.keep_payable
            else 0
        )
        acts = []
        for k, (row_index, card, cost) in enumerate(won):
            rest = [(c2, cost2) for j, (_, c2, cost2) in enumerate(won) if j != k]
            for skip, combo in self._ways(p.energy, p.goods, card, cost):
                if s.keep_payable:
                    given = self._goods_given(card, skip, combo)
                    after = [p.goods[c] - given[c] for c in range(4)]
                    if 1 + self._most_payable(p.energy - cost, after, rest) < most:
                        continue
                acts.append(self._pay_action(row_index, cost, skip, combo))
        return acts

    def _pay_action(self, row_index: int, cost: int, skip: str, combo: tuple[int, ...]) -> Action:
        letter = LETTERS[row_index]
        notation = f"pay {letter}"
        if skip:
            notation += f" -{skip}"
        if combo:
            notation += " x=" + "".join(COLOURS[c] for c in combo)
        return self.table.get(notation, (f"card-{letter}",), "pay", ("pay", row_index, skip, combo))

    def _settle_payment(self, s: SmugglersState, seat: int, events: list[Event]) -> None:
        """§3.4: a sector that cannot be paid is lost face down; with nothing left to decide the step ends.

        Energy first (the seed's order): the energy of every won sector is paid at once when it
        suffices for all of them; otherwise the player chooses (``energy A``) and the sectors
        whose energy cannot be paid any more are lost. Then the goods, sector by sector."""
        p = s.players[seat]
        if s.energy_first:
            self._settle_energy(s, seat, events)
        if p.won and not self._pay_actions(s, seat):
            self._lose_sectors(s, p, seat, events)
        if not p.won:
            s.pending = [st for st in s.pending if not (st.kind == "pay" and st.seat == seat)]

    def _settle_energy(self, s: SmugglersState, seat: int, events: list[Event]) -> None:
        """§3.4 "Minden játékosnak ki kell fizetnie a nyertes dobókockáinak értékét": the energy
        owed is paid when it can all be paid; sectors whose energy can no longer be paid are lost."""
        p = s.players[seat]
        owed = [(i, c) for i, c in p.won if c > 0]
        if not owed:
            return
        if p.energy >= sum(c for _, c in owed):
            for row_index, _ in owed:
                self._pay_energy(s, seat, row_index, events)
            return
        lost = [(i, c) for i, c in owed if c > p.energy]
        if lost:
            keep = [w for w in p.won if w[0] not in {i for i, _ in lost}]
            p.won = [w for w in p.won if w[0] in {i for i, _ in lost}]
            self._lose_sectors(s, p, seat, events)
            p.won = keep
            self._settle_energy(s, seat, events)

    def _pay_energy(self, s: SmugglersState, seat: int, row_index: int, events: list[Event]) -> None:
        """Pays a won sector's energy into the pool; its goods are still owed (cost 0 in ``won``)."""
        p = s.players[seat]
        entry = next(w for w in p.won if w[0] == row_index)
        cost = entry[1]
        p.energy -= cost
        s.pool_energy += cost
        entry[1] = 0
        s.changed(supply=True, seats=[seat], bids=[row_index])
        events.append(
            {
                "type": "energy",
                "seat": seat,
                "card": LETTERS[row_index],
                "sector": s.row[row_index],
                "energy": cost,
            }
        )

    def _lose_sectors(self, s: SmugglersState, p: Player, seat: int, events: list[Event]) -> None:
        s.changed(bids=[i for i, _cost in p.won], seats=[seat])
        for row_index, _cost in p.won:
            p.unpaid.append(s.row[row_index])
            events.append(
                {"type": "unpaid", "seat": seat, "card": LETTERS[row_index], "sector": s.row[row_index]}
            )
        p.won = []

    def _pay(
        self,
        s: SmugglersState,
        seat: int,
        row_index: int,
        skip: str,
        combo: tuple[int, ...],
        events: list[Event],
    ) -> None:
        p = s.players[seat]
        cost = next(c for i, c in p.won if i == row_index)
        card = sectors()[s.row[row_index]]
        p.energy -= cost
        s.pool_energy += cost
        given = self._goods_given(card, skip, combo)
        for c in range(4):
            p.goods[c] -= given[c]
            s.pool_goods[c] += given[c]
        p.won = [w for w in p.won if w[0] != row_index]
        p.paid.append(s.row[row_index])
        marks = s.marks
        marks[M_SUPPLY] += 1
        marks[M_SEAT + seat] += 1
        marks[M_BIDS + row_index] += 1  # no longer won-and-unpaid
        events.append(
            {
                "type": "paid",
                "seat": seat,
                "card": LETTERS[row_index],
                "sector": s.row[row_index],
                "energy": cost,
                "goods": given,
            }
        )
        self._settle_payment(s, seat, events)

    def _after_payment(self, s: SmugglersState, events: list[Event]) -> None:
        if not any(st.kind == "pay" for st in s.pending):
            self._begin_refill(s, events)

    # ----------------------------------------------------------------- refill
    def _begin_refill(self, s: SmugglersState, events: list[Event]) -> None:
        """§3.5: from the highest token down, take up to its value of energy OR goods;
        the −1 token lets its holder put one item back (§5: sums with two players)."""
        s.phase = "refill"
        s.marks[M_HEAD] += 1
        order = sorted(range(len(s.players)), key=lambda i: self._token_score(s.players[i]), reverse=True)
        steps = []
        for seat in order:
            score = self._token_score(s.players[seat])
            if score > 0:
                steps.append(Step("refill", seat, {"left": score, "kind": ""}))
            elif score < 0:
                steps.append(Step("dump", seat, {}))
        s.pending = list(reversed(steps))
        self._skip_empty_refills(s, events)

    def _refill_actions(self, s: SmugglersState, step: Step) -> list[Action]:
        p = s.players[step.seat]
        acts = []
        if step.kind == "refill":
            kind = step.data["kind"]
            if kind in ("", "e") and s.pool_energy > 0:
                acts.append(self.take["e"])
            if kind in ("", "g"):
                acts.extend(self.take[c] for i, c in enumerate(COLOURS) if s.pool_goods[i] > 0)
        else:
            if p.energy > 0:
                acts.append(self.give["e"])
            acts.extend(self.give[c] for i, c in enumerate(COLOURS) if p.goods[i] > 0)
        if acts:
            acts.append(self.done)
        return acts

    def _skip_empty_refills(self, s: SmugglersState, events: list[Event]) -> None:
        """A refill with nothing left to take (or to give back) ends by itself."""
        while s.pending and not self._refill_actions(s, s.pending[-1]):
            step = s.pending.pop()
            events.append({"type": "refill_done", "seat": step.seat})
        if not s.pending:
            self._end_round(s, events)

    def _end_round(self, s: SmugglersState, events: list[Event]) -> None:
        """§3.6: the round ends when every token is back; the game after the last galaxy."""
        events.append({"type": "round_end", "round": s.round})
        if s.galaxies:
            self._start_round(s)
            events.append({"type": "reveal", "round": s.round, "sectors": list(s.row)})
        else:
            s.phase = "over"
            s.free_tokens = list(setup_table().players[len(s.players)].tokens)
            for p in s.players:
                p.tokens = []
            s.changed(head=True, hands=range(len(s.players)))
            events.append({"type": "game_over", "scores": self.result(s).scores})

    # ------------------------------------------------------------- interface
    def to_move(self, state: SmugglersState) -> tuple[int, ...]:
        s = state
        if s.phase == "bid":
            return tuple(self._active(s)) if s.realtime else (s.turn,)
        if s.phase == "pay" and s.realtime:
            return tuple(sorted({st.seat for st in s.pending}))
        if s.phase in ("pay", "refill"):
            return (s.pending[-1].seat,)
        return ()

    def legal_actions(self, state: SmugglersState, seat: int) -> list[Action]:
        s = state
        if s.phase == "bid":
            return self._bid_actions(s, seat)
        if s.phase == "pay":
            acts = self._pay_actions(s, seat)
            if s.payment_optional:
                acts.append(self.forfeit)
            return acts
        if s.phase == "refill" and s.pending and s.pending[-1].seat == seat:
            return self._refill_actions(s, s.pending[-1])
        return []

    def _bid_actions(self, s: SmugglersState, seat: int) -> list[Action]:
        p = s.players[seat]
        acts: list[Action] = []
        if self._can_bid(s, p):
            for i in range(len(s.row)):
                acts.extend(self.bid[i][self._min_bid(s, i) : 7])
        if self._can_take_token(s, p):
            acts.extend(self.token[t] for t in sorted(s.free_tokens))
        if self._wait_allowed(s, len(self._active(s))):
            acts.append(self.wait)
        return acts

    def apply(self, state: SmugglersState, seat: int, action: Action) -> list[Event]:
        s = state
        args = action.args
        kind = args[0]
        events: list[Event] = []
        if kind == "bid":
            _, card, value = args
            s.dice[card].append([seat, value])
            s.players[seat].dice_in_hand -= 1
            s.waits = 0
            s.marks[M_BIDS + card] += 1
            s.marks[M_HAND + seat] += 1
            events.append({"type": "die", "seat": seat, "card": LETTERS[card], "value": value})
            self._next_turn(s)
        elif kind == "token":
            s.free_tokens.remove(args[1])
            s.marks[M_HEAD] += 1
            s.players[seat].tokens.append(args[1])
            s.waits = 0
            s.marks[M_HAND + seat] += 1
            events.append({"type": "token", "seat": seat, "value": args[1]})
            if len(s.free_tokens) == 1:
                self._close_bidding(s, events)
            else:
                self._next_turn(s)
        elif kind == "wait":
            s.waits += 1
            events.append({"type": "wait", "seat": seat})
            self._next_turn(s)
        elif kind == "pay":
            self._pay(s, seat, args[1], args[2], args[3], events)
            self._after_payment(s, events)
        elif kind == "energy":
            self._pay_energy(s, seat, args[1], events)
            self._settle_payment(s, seat, events)
            self._after_payment(s, events)
        elif kind == "forfeit":
            self._lose_sectors(s, s.players[seat], seat, events)
            self._settle_payment(s, seat, events)
            self._after_payment(s, events)
        elif kind in ("take", "give", "done"):
            self._refill_step(s, seat, kind, args[1] if len(args) > 1 else "", events)
        return events

    def _refill_step(self, s: SmugglersState, seat: int, kind: str, item: str, events: list[Event]) -> None:
        step = s.pending[-1]
        p = s.players[seat]
        s.marks[M_SUPPLY] += 1
        s.marks[M_SEAT + seat] += 1
        if kind == "done":
            s.pending.pop()
        elif kind == "take":
            if item == "e":
                s.pool_energy -= 1
                p.energy += 1
            else:
                c = COLOURS.index(item)
                s.pool_goods[c] -= 1
                p.goods[c] += 1
            step.data["kind"] = "e" if item == "e" else "g"  # §3.5: energy OR goods, never both
            step.data["left"] -= 1
            if step.data["left"] == 0:
                s.pending.pop()
        else:  # give: the −1 token puts one item back
            if item == "e":
                p.energy -= 1
                s.pool_energy += 1
            else:
                c = COLOURS.index(item)
                p.goods[c] -= 1
                s.pool_goods[c] += 1
            s.pending.pop()
        events.append({"type": kind, "seat": seat, "item": item})
        self._skip_empty_refills(s, events)

    def is_over(self, state: SmugglersState) -> bool:
        return state.phase == "over"

    def result(self, state: SmugglersState) -> Result:
        rows = scoring.breakdown(state)
        return Result(
            scores=[float(r["total"]) for r in rows],
            ranking=rank_by_keys([scoring.ranking_key(r) for r in rows]),
            details={"breakdown": rows},
        )

    # ------------------------------------------------------------------ views
    def observation(self, state: SmugglersState, seat: int | None) -> dict[str, Any]:
        """Everything but the face-down galaxies and the box, which nobody sees (§D8)."""
        s = state
        table = sectors()
        sheet = sheets()
        to_move = self.to_move(s)
        pending = [st.to_json() for st in reversed(s.pending)]  # next decision first
        return {
            "you": seat,
            "round": s.round,
            "rounds": s.rounds,
            "phase": s.phase,
            "mode": "realtime" if s.realtime else "turns",
            "to_move": list(to_move),
            "galaxies_left": len(s.galaxies),
            "row": [
                {
                    "label": LETTERS[i],
                    "sector": cid,
                    "planets": list(table[cid].planets),
                    "ships": list(table[cid].ships),
                    "station": table[cid].station,
                    "dice": [list(d) for d in s.dice[i]] if i < len(s.dice) else [],
                }
                for i, cid in enumerate(s.row)
            ],
            "free_tokens": sorted(s.free_tokens),
            "pool": {"energy": s.pool_energy, "goods": dict(zip(COLOURS, s.pool_goods, strict=True))},
            "discarded": list(s.discarded),
            "players": [
                {
                    "seat": i,
                    "colour": p.colour,
                    "fav_planets": list(sheet[p.colour].fav_planets),
                    "fav_ships": list(sheet[p.colour].fav_ships),
                    "energy": p.energy,
                    "goods": dict(zip(COLOURS, p.goods, strict=True)),
                    "dice_in_hand": p.dice_in_hand,
                    "tokens": list(p.tokens),
                    "won": [LETTERS[w[0]] for w in p.won],
                    **(
                        {"energy_paid": [LETTERS[w[0]] for w in p.won if w[1] == 0]} if s.energy_first else {}
                    ),
                    "paid": list(p.paid),
                    "unpaid": list(p.unpaid),
                }
                for i, p in enumerate(s.players)
            ],
            "pending": pending,
            "waits": s.waits,
            "options": {
                "stacked": s.stacked,
                "stations": s.stations,
                "favourite_ships": s.fav_ships,
                "favourite_goods": s.fav_goods,
            },
            "scores": self.result(s).scores,
        }

    def secret(self, state: SmugglersState, viewer: int | None) -> Any:
        return {"galaxies": state.galaxies, "box": state.box}

    def determinize(self, state: SmugglersState, seat: int | None, rng: Rng) -> SmugglersState:
        """Deals the unseen cards again, from a canonical order, into galaxies of the same sizes."""
        unseen = sorted([c for g in state.galaxies for c in g] + state.box)
        rng.shuffle(unseen)
        sizes = [len(g) for g in state.galaxies]
        galaxies = []
        for size in sizes:
            galaxies.append(unseen[:size])
            unseen = unseen[size:]
        state.galaxies = galaxies
        state.box = unseen
        return state

    def action_is_public(self, state: SmugglersState, seat: int, action: Action) -> bool:
        """Every Smugglers action is made on the open table (§D8)."""
        return True

    def realtime(self, options: dict[str, Any]) -> dict[str, Any] | None:
        """§7.2: one hand, one die at a time; the reveal is a synchronised count of three."""
        if options.get("mode") != "realtime":
            return None
        return {"cooldown_ms": 600, "countdown_ms": 3000, "countdown_events": ["reveal"]}

    def invariants(self, state: SmugglersState) -> list[str]:
        s = state
        bad = []
        comp = setup_table().components
        energy = sum(p.energy for p in s.players) + s.pool_energy + s.box_energy
        if energy != comp.energy_value:
            bad.append(f"energy is not conserved: {energy} != {comp.energy_value}")
        for c in range(4):
            goods = sum(p.goods[c] for p in s.players) + s.pool_goods[c] + s.box_goods[c]
            if goods != comp.goods_per_colour:
                bad.append(f"{COLOURS[c]} goods are not conserved: {goods}")
        if (
            any(p.energy < 0 or min(p.goods) < 0 for p in s.players)
            or s.pool_energy < 0
            or min(s.pool_goods) < 0
        ):
            bad.append("a negative supply")
        if s.phase in ("bid", "pay", "refill"):
            for seat, p in enumerate(s.players):
                on_cards = sum(1 for dice in s.dice for d in dice if d[0] == seat) if s.phase == "bid" else 0
                if p.dice_in_hand + on_cards != 2:
                    bad.append(f"seat {seat} does not have exactly two dice")
            held = sorted([t for p in s.players for t in p.tokens] + s.free_tokens)
            if held != sorted(setup_table().players[len(s.players)].tokens):
                bad.append(f"speed tokens are not conserved: {held}")
        settled = set(s.discarded) | {c for p in s.players for c in p.paid + p.unpaid}
        cards = (
            [c for g in s.galaxies for c in g]
            + s.box
            + [c for c in s.row if c not in settled]
            + sorted(settled)
        )
        all_cards = (
            [c for g in s.galaxies for c in g]
            + s.box
            + s.discarded
            + [c for p in s.players for c in p.paid + p.unpaid]
        )
        if len(all_cards) != len(set(all_cards)):
            bad.append("a sector card is in two places")
        if sorted(cards) != sorted(sectors()):
            bad.append("sector cards are not conserved")
        return bad

    def evaluate(self, state: SmugglersState, seat: int) -> float:
        """Score margin over the best opponent, squashed into [0, 1]."""
        scores = self.result(state).scores
        best_other = max(v for i, v in enumerate(scores) if i != seat)
        margin = scores[seat] - best_other
        return 0.5 + 0.5 * margin / (abs(margin) + 8.0)

    def normalize(self, notation: str) -> str:
        """Accepts any case and spacing: ``c5`` → ``C5``, ``pay c -R x=Y`` → ``pay C -r x=y``,
        ``Energy a`` → ``energy A``."""
        words = notation.split()
        if not words:
            return ""
        head = words[0].lower()
        if head in ("pay", "energy") and len(words) >= 2:
            return " ".join([head, words[1].upper(), *(w.lower() for w in words[2:])])
        if len(words) == 1 and len(head) >= 2 and head[0] in "abcdef" and head[1:].isdigit():
            return head.upper()
        if len(words) == 1 and head[:1] == "t" and head[1:].lstrip("-").isdigit():
            return "T" + head[1:]
        return " ".join(w.lower() for w in words)

    def explain_illegal(self, state: SmugglersState, seat: int, notation: str) -> IllegalAction:
        s = state
        p = s.players[seat]
        text = notation
        if len(text) >= 2 and text[0] in LETTERS and text[1:].isdigit():
            card, value = LETTERS.index(text[0]), int(text[1:])
            if s.phase != "bid":
                return MSG.illegal("dice_only_bidding", "§3.2 Bidding")
            if card >= len(s.row):
                return MSG.illegal("no_sector", "§3.1 Deal and reveal", card=text[0])
            if not 1 <= value <= 6:
                return MSG.illegal("die_faces", "§3.2 Bidding")
            if p.tokens:
                return MSG.illegal("dice_after_token", "§3.2 Bidding")
            if p.dice_in_hand == 0:
                return MSG.illegal("both_dice_placed", "§3.2 Bidding")
            floor = self._min_bid(s, card)
            if s.stacked:
                why = "stacked_six" if floor > 6 else "stacked_higher"
                return MSG.illegal(why, "§6.4 Stacked dice", top=floor - 1, card=text[0])
            return MSG.illegal("die_too_low", "§3.2 Bidding", card=text[0], floor=floor)
        if text.startswith("T"):
            if s.phase != "bid":
                return MSG.illegal("tokens_only_bidding", "§3.2 Bidding")
            if not self._can_take_token(s, p):
                rule = "§5 Two players" if s.two_player else "§3.2 Bidding"
                return MSG.illegal("no_more_tokens", rule)
            return MSG.illegal("token_not_free", "§3.2 Bidding", free=sorted(s.free_tokens))
        if text == "wait":
            return MSG.illegal("no_wait", "§7.1 Turn mode")
        if text.startswith(("pay", "energy")) or text == "forfeit":
            if s.phase != "pay":
                return MSG.illegal("pay_only_after_bidding", "§3.4 Payment")
            if text == "forfeit":
                return MSG.illegal("must_pay", "§D1 Mandatory payment")
            if s.energy_first and self._energy_actions(s, seat):
                return MSG.illegal("energy_first", "§3.4 Payment")
            if text.startswith("energy"):
                return MSG.illegal("no_energy_choice", "§3.4 Payment")
            if (
                s.keep_payable
                and p.won
                and any(self._ways(p.energy, p.goods, sectors()[s.row[i]], c) for i, c in p.won)
            ):
                return MSG.illegal("keep_payable", "§3.4 Payment")
            return MSG.illegal("bad_payment", "§3.4 Payment")
        if text[:1] in "+-" or text == "done":
            if s.phase != "refill":
                return MSG.illegal("pool_only_refill", "§3.5 Refill")
            return MSG.illegal("bad_refill", "§3.5 Refill")
        return super().explain_illegal(state, seat, notation)

    def describe(self, state: SmugglersState, action: Action, lang: str = "en") -> str:
        words = terms().get(lang, terms()["en"])
        act = words["act"]
        kind = action.args[0] if action.args else ""
        if kind == "bid":
            return fmt(lang, act["bid"], value=action.args[2], card=LETTERS[action.args[1]])
        if kind == "token":
            return fmt(lang, act["token"], value=action.args[1])
        if kind == "energy":
            row_index = action.args[1]
            cost = next((c for p in state.players for i, c in p.won if i == row_index), 0)
            return fmt(lang, act["energy"], card=LETTERS[row_index], cost=cost)
        if kind == "pay":
            _, row_index, skip, combo = action.args
            cost = next((c for p in state.players for i, c in p.won if i == row_index), 0)
            key = "feed" if state.energy_first and cost == 0 else "pay"
            text = fmt(lang, act[key], card=LETTERS[row_index], cost=cost)
            if skip:
                text += fmt(lang, act["skip"], colour=words["colours"][skip])
            if combo:
                text += fmt(lang, act["cruiser"], colours=[words["colours"][COLOURS[c]] for c in combo])
            return text
        if kind in ("take", "give"):
            return fmt(lang, act[kind], item=words["items"][action.args[1]])
        if kind in ("wait", "forfeit", "done"):
            return str(act[kind])
        return action.notation

    def action_space(self, players: int, options: dict[str, Any]) -> list[str] | None:
        """Every notation that can be legal, in a fixed order (for flat RL action spaces)."""
        n_cards = setup_table().players[players].cards_per_galaxy
        space = [f"{LETTERS[i]}{v}" for i in range(n_cards) for v in range(1, 7)]
        space += [f"T{t}" for t in setup_table().players[players].tokens]
        space += ["wait", "forfeit", "done"]
        if options.get("energy") == "first":
            space += [f"energy {LETTERS[i]}" for i in range(n_cards)]
        space += [f"+{i}" for i in ITEMS] + [f"-{i}" for i in ITEMS]
        for i in range(n_cards):
            for skip in ("", *COLOURS, "x"):
                for nx in (0, 1):
                    for combo in combinations_with_replacement(range(4), nx):
                        space.append(
                            f"pay {LETTERS[i]}"
                            + (f" -{skip}" if skip else "")
                            + (" x=" + "".join(COLOURS[c] for c in combo) if combo else "")
                        )
        return space

    def max_legal_actions(self, players: int, options: dict[str, Any]) -> int:
        return len(self.action_space(players, options) or [])
