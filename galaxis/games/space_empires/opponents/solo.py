"""The automated opponents of the solo and cooperative scenarios as one system (docs/games/space_empires.md
§12-§13): their set-up from the scenario, what they do after the live player's turn, what a viewer sees
of them and what stays secret, their invariants and text, and the ``System`` that joins them to the turn.

The opponents are rules-driven participants, not seats: their units are ordinary units with a negative
owner, their dice come from the match generator, and every choice their rules leave open is a decision of
the live player (the ``steer`` step for a route, the target steps of combat). Their rules are split by
concern beside this module: forces.py (their pieces), moves.py (movement, §13.2, §13.4, §13.8),
battles.py (combat details, §13.3, §13.7), sheets.py (the Economic Phase, §13.5), endgame.py (how the
game ends); the variants are in doomsday/, alien_players/ and amoebas/. The rules call, at fixed points
of the turn:

- ``setup``: at set-up (through ``SYSTEM``);
- ``moves.opponents_move``: when the first live player in turn order starts and ends its movement (the
  opponents move, then meetings are prepared: Doomsday weaknesses rolled, alien fleets bought, alien
  home-world defences bought), so the live player's combat phase fights them;
- ``after_turn``: after that player's exploration (opponents destroy or bombard undefended colonies);
- ``sheets.economic_phase``: at the end of every Economic Phase (machines enter, the aliens roll);
- ``battles.combatant``, ``battles.adjust_combatant``, ``battles.filter_targets``,
  ``battles.extra_shots``: combat details.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from galaxis.core import Event, Rng
from galaxis.games.space_empires.base import board, combat, data, economy
from galaxis.games.space_empires.base.hexes import hex_id
from galaxis.games.space_empires.base.state import Marker, Unit
from galaxis.games.space_empires.base.system import System
from galaxis.games.space_empires.base.text_data import lang_of, scenario_name, tech_name, word, word_or
from galaxis.games.space_empires.opponents import endgame, forces, moves
from galaxis.games.space_empires.opponents.alien_players import ce_systems as ap_systems
from galaxis.games.space_empires.opponents.alien_players import solo4, solo4_ground
from galaxis.games.space_empires.opponents.alien_players import vp as alien_vp
from galaxis.games.space_empires.opponents.doomsday import coop
from galaxis.games.space_empires.opponents.solo_state import (
    CAPITOL,
    DOOMSDAY_LETTER,
    Alien,
    SoloState,
)
from galaxis.games.space_empires.opponents.tables import solo_tables

if TYPE_CHECKING:
    from galaxis.games.space_empires.rules import SpaceEmpires
    from galaxis.games.space_empires.scenarios.setups import Scenario
    from galaxis.games.space_empires.state import SEState

ACTION_KINDS = ("steer", "early")


# --- set-up (§12) ---------------------------------------------------------------------------------------
def setup(game: SpaceEmpires, state: SEState, scenario: Scenario, options: dict[str, Any]) -> None:
    """Applies ``scenario`` to the freshly dealt state (before the first movement)."""
    hmap = data.hex_map(scenario.map)
    opp = scenario.opponents
    for seat in range(scenario.seats):
        for kind in scenario.home_markers_removed:
            hid = next(
                (h for h, m in sorted(state.markers.items()) if m.pool == f"home{seat}" and m.kind == kind),
                None,
            )
            if hid is None:
                raise ValueError(f"{scenario.id}: no {kind} in home system {seat}")
            del state.markers[hid]
    clear = set(opp.alien_homes) if opp is not None and opp.type == "alien" else set()
    clear |= {m.hex for m in scenario.markers}
    for hid in sorted(state.markers, key=forces.hex_key):
        m = state.markers[hid]
        if m.pool == "deep" and (scenario.deep_space == "none" or hid in clear):
            state.undrawn.append(f"{m.kind}:{m.value}")
            del state.markers[hid]
    for special in scenario.markers:
        state.markers[special.hex] = Marker(special.kind, special.value, True, "deep")
    for seat in range(scenario.seats):
        hw = hex_id(hmap.home_world("ABCD".index(scenario.homes[seat])))
        if scenario.home_world is not None:
            state.colonies[hw].value = scenario.home_world
        p = state.players[seat]
        for track, tech_level in scenario.techs.items():
            p.techs[track] = max(p.techs.get(track, 0), tech_level)
        p.cp += scenario.cp
        p.earned += scenario.cp
        if scenario.starting_forces is not None:
            for uid in [u.uid for u in state.units.values() if u.owner == seat]:
                del state.units[uid]
            for unit_kind, count in scenario.starting_forces.items():
                for _ in range(count):
                    game._new_unit(state, seat, unit_kind, hw)
    state.cycles = max(state.cycles, scenario.min_cycles)
    difficulty = str(options.get("difficulty", "normal"))
    tables = solo_tables()
    solo = SoloState(
        scenario=scenario.id,
        victory=scenario.victory,
        difficulty=difficulty,
        opponent="none" if opp is None else opp.type,
        schedule=[],
        entry_hexes=list(opp.entry_hexes) if opp is not None else [],
        machines={},
        dm_destroyed=0,
        dm_total=0,
        aliens=[],
        cp_per_roll=0,
        seen={},
        warp_points=bool(options.get("warp_points", False) or scenario.options.get("warp_points", False)),
        doomsday_markers=bool(
            options.get("doomsday_markers", False) or scenario.options.get("doomsday_markers", False)
        ),
        moved_key=0,
        serial=1,
        outcome="",
    )
    state.solo = solo
    if opp is not None and opp.type == "doomsday":
        if opp.schedule in ("coop", "coop_4p"):
            coop_table = (
                tables.doomsday.coop_schedule if opp.schedule == "coop" else tables.doomsday.coop_schedule_4p
            )
            solo.schedule = [list(e) for e in coop_table[difficulty]]
        else:
            sizes = tables.doomsday.solo_schedule
            table = sizes["large"] if opp.schedule == "large" else sizes["small"]
            solo.schedule = [[p, s, 1] for p, s in table[difficulty]]
        solo.dm_total = sum(e[2] for e in solo.schedule)
        if scenario.coop is not None:
            coop.setup(state, scenario, solo, difficulty)  # §13.10: the Galactic Capitol, the VP track
    elif opp is not None and opp.type == "alien" and scenario.alien_vp is not None:
        alien_vp.setup(state, scenario, difficulty)  # §13.12: the victory-point Alien Player
    elif opp is not None and opp.type == "alien":
        row = tables.alien_player.difficulty[difficulty]
        solo.cp_per_roll = row["cp_per_roll"]
        forces.add_aliens(state, solo4.alien_homes(scenario, options, row["empires"]))  # §13.13: 1-3 empires


# --- after the live player's turn: opponents take colonies (§13.2, §13.5) ------------------------------
def after_turn(game: SpaceEmpires, state: SEState, events: list[Event]) -> bool:
    """Machines destroy undefended colonies in their hex (and repair 2), alien fleets bombard them;
    destroyed opponents are counted. True when the game ended."""
    solo = state.solo
    if solo is None or state.phase == "over":
        return state.phase == "over"
    for uid in sorted(solo.machines, key=board.uid_key):
        if uid not in state.units:
            del solo.machines[uid]
            solo.dm_destroyed += 1
            events.append({"type": "doomsday_destroyed", "unit": uid})
            continue
        u = state.units[uid]
        if solo.coop is not None and uid in solo.coop.machines:
            coop.after_combat(state, uid, events)  # §13.10: minerals it stands on
        col = state.colonies.get(u.hex)
        if (
            col is not None
            and (col.owner >= 0 or col.owner == CAPITOL)
            and not moves.meets_player(state, u.hex)
        ):
            u.damage = max(0, u.damage - solo_tables().doomsday.heal_per_planet)
            _destroy_colony(game, state, u.hex, events, by=uid)
            if state.phase == "over":
                return True
    for a in solo.aliens:
        for f in list(a.fleets):
            for uid in list(f.units):
                if uid not in state.units:
                    f.units.remove(uid)
            if f.role == "colony_ship":
                alien_vp.colony_ship_arrives(state, a, f, events)  # §13.12.6
                continue
            for uid in [f.counter, *f.units]:
                if uid not in state.units:
                    continue
                hid = state.units[uid].hex
                col = state.colonies.get(hid)
                if col is None or moves.meets_player(state, hid) or uid == f.counter:
                    continue
                if col.owner < 0 and not alien_vp.attacks_capitol(state, col):
                    continue
                _alien_bombards(game, state, uid, hid, events)
                if state.phase == "over":
                    return True
            if solo.alien_vp is not None:
                alien_vp.after_fleet_moves(state, a, f, events)  # §13.12.6: minerals and wrecks
        a.fleets = [f for f in a.fleets if f.counter in state.units or f.units]
    endgame.check_outcome(state, events)
    return state.phase == "over"


def _alien_bombards(game: SpaceEmpires, state: SEState, uid: str, hid: str, events: list[Event]) -> None:
    u = state.units[uid]
    if u.kind in ("F", "CV") and u.cargo:
        return
    game._show_bombarding_counter(state, u)  # §5.10: the to-hit number is announced
    t = data.unit_table_by_id()[u.kind]
    assert t.cls is not None
    shooter = combat.Combatant(uid, 0, u.kind, t.cls, t.attack_at(u.level), t.defense, t.hull, u.attack_tech)
    colony = combat.Combatant("colony", 1, "colony", "E", 0, 0, 1)
    number = combat.to_hit(shooter, colony, terrain=board.terrain(state, hid))
    roll = combat.roll_d10(state)
    hit = combat.is_hit(roll, number, shooter, colony)
    events.append({"type": "bombard", "unit": uid, "hex": hid, "roll": roll, "need": number, "hit": hit})
    if not hit:
        return
    col = state.colonies[hid]
    after = (
        economy.bombard_home_world(col.value, state.edition)
        if col.home
        else economy.bombard_colony(col.value)
    )
    if after is None:
        _destroy_colony(game, state, hid, events, by=uid)
    else:
        col.value = after


def _destroy_colony(game: SpaceEmpires, state: SEState, hid: str, events: list[Event], by: str) -> None:
    col = state.colonies.pop(hid)
    events.append({"type": "colony_destroyed", "hex": hid, "owner": col.owner, "by": by})
    if state.solo is not None and state.solo.coop is not None and by[0] == DOOMSDAY_LETTER:
        coop.colony_destroyed(state, col, hid, events)  # §13.10: +2 VP
    alien_vp.colony_destroyed(state, col, hid, by, events)  # §13.12.6: a free Colony Ship comes
    if by[0] == DOOMSDAY_LETTER:
        # A destroyed planet leaves an asteroid field (seed, cooperative DM rules).
        state.markers[hid] = Marker("asteroids", 0, True, "deep")
    if col.home:
        game._eliminate(state, col.owner, events)


def colonised(state: SEState, hid: str, events: list[Event]) -> None:
    if state.solo is not None and state.solo.alien_vp is not None:
        alien_vp.colonised(state, hid, events)  # §13.12.6: -2 VP for a Deep Space colony
    elif state.solo is not None and state.solo.coop is not None:
        coop.colonised(state, hid, events)  # §13.10: -2 VP for a Deep Space colony


def may_colonise(state: SEState, u: Unit, m: Marker) -> bool:
    return state.solo is None or state.solo.coop is None or coop.may_colonise(state, u, m)


def observe(state: SEState, obs: dict[str, Any], seat: int | None = None) -> dict[str, Any]:
    """The public part of the scenario and opponents, added to every observation (and, in the
    cooperative scenarios, whether the viewer paid to move early this Economic Phase)."""
    solo = state.solo
    if solo is None:
        return obs
    obs["scenario"] = {
        "id": solo.scenario,
        "victory": solo.victory,
        "difficulty": solo.difficulty,
        "opponent": solo.opponent,
        "outcome": solo.outcome,
        "schedule": [list(e) for e in solo.schedule],
        "machines": {
            uid: {
                "strength": m.strength,
                "weakness": m.weakness,
                "source": m.source,
                "damage": state.units[uid].damage if uid in state.units else 0,
            }
            for uid, m in sorted(solo.machines.items())
        },
        "destroyed": solo.dm_destroyed,
        "aliens": [
            {
                "owner": a.owner,
                "home": a.home,
                "alive": a.alive,
                "techs": dict(a.techs),
                "fleets": [forces.fleet_lead(f) for f in a.fleets],
            }
            for a in solo.aliens
        ],
        "warp_points": solo.warp_points,
        "doomsday_markers": solo.doomsday_markers,
    }
    if solo.coop is not None:
        c = solo.coop
        obs["scenario"]["coop"] = {
            "capitol": c.capitol,
            "warp": list(c.warp),
            "vp": c.vp,
            "vp_needed": c.vp_needed,
            "minerals_taken": c.minerals_taken,
            "early": list(c.early),
            "paid_early": seat is not None and seat in c.early_next,
            "machines": {
                uid: {"role": m.role, "side": m.side, "target": m.target}
                for uid, m in sorted(c.machines.items())
            },
        }
    return alien_vp.observe(state, obs)


def secret(state: SEState, out: dict[str, Any]) -> dict[str, Any]:
    solo = state.solo
    if solo is None or not solo.aliens:
        return out
    out["aliens"] = [
        {
            "fleet": a.fleet_cp,
            "tech": a.tech_cp,
            "defense": a.defense_cp,
            "extra": list(a.extra_rolls),
            "fleets": [f.cp for f in a.fleets],
        }
        for a in solo.aliens
    ]
    if solo.alien_vp is not None:
        out["alien_banks"] = list(solo.alien_vp.banks)
    return out


def determinize(state: SEState, rng: Rng, seat: int | None = None) -> SEState:
    """Re-samples each alien empire's economic sheet by replaying its economic rolls with new dice,
    keeping only replays in which every launch the player watched could happen (enough fleet CP that
    phase) and every launch that had to happen did (a sheet row that launches on any roll); the fleets
    that have not fought receive the replayed CP. Technology is public (§13.9), so it is kept."""
    solo = state.solo
    if solo is not None and solo.coop is not None:
        # Another player's payment to move early is secret until the phase ends (§13.10).
        solo.coop.early_next = [s for s in solo.coop.early_next if s == seat]
    if solo is None or not solo.aliens:
        return state
    ap = solo_tables().alien_player
    phases = state.cycle - 1  # Economic Phases completed
    for a in solo.aliens:
        if not a.alive:
            continue
        for _attempt in range(40):
            if solo.alien_vp is not None:
                sim = alien_vp.replay(state, a, phases, rng)  # §13.12.7: the victory-point sheet
            else:
                sim = _replay(a, phases, solo.cp_per_roll, rng, ap)
            if sim is not None:
                fleet, tech, dfn, extra, launched = sim
                hidden = [f for f in a.fleets if f.counter]
                by_phase = {f.launched: f for f in hidden}
                for ph, cp in launched:
                    if ph in by_phase:
                        by_phase[ph].cp = cp
                a.fleet_cp, a.tech_cp, a.defense_cp, a.extra_rolls = fleet, tech, dfn, extra
                break
    return state


def _replay(
    a: Alien, phases: int, cp_per_roll: int, rng: Rng, ap: Any
) -> tuple[int, int, int, list[int], list[tuple[int, int]]] | None:
    fleet = tech = dfn = 0
    extra: list[int] = []
    launched: list[tuple[int, int]] = []
    raiders = {f.launched: len(f.units) for f in a.fleets if f.raider}
    cost_r = 12
    for phase in range(1, phases + 1):
        row = ap.row(phase)
        for _ in range(row.rolls + sum(1 for s in extra if s <= phase)):
            column = row.column(1 + rng.below(10))
            if column == "econ":
                extra.append(phase + ap.econ_delay)
            elif column == "fleet":
                fleet += cp_per_roll
            elif column == "tech":
                tech += cp_per_roll
            else:
                dfn += ap.defense_multiplier * cp_per_roll
        before = sum(1 for p in a.launches if p < phase)
        if phase in a.launches:
            if fleet < ap.launch_min_cp:
                return None
            if phase in raiders:
                fleet -= raiders[phase] * cost_r
                if fleet < 0:
                    return None
            else:
                launched.append((phase, fleet))
                fleet = 0
        elif fleet >= ap.launch_min_cp and before < ap.max_fleets and row.launch == (1, 10):
            return None
    tech -= a.tech_spent
    dfn -= a.defense_spent
    if tech < 0 or dfn < 0:
        return None
    return fleet, tech, dfn, extra, launched


def invariants(state: SEState) -> list[str]:
    solo = state.solo
    if solo is None:
        return []
    bad = []
    for uid in solo.machines:
        u = state.units.get(uid)
        if u is not None and (u.kind != "DM" or u.damage >= forces.machine_stats(solo, uid).hull):
            bad.append(f"doomsday machine {uid} is inconsistent")
    for a in solo.aliens:
        if min(a.fleet_cp, a.tech_cp, a.defense_cp) < 0:
            bad.append(f"alien {a.owner} has negative CP")
        for f in a.fleets:
            if f.counter and f.counter not in state.units and not f.units:
                bad.append(f"alien fleet {f.counter} lost its counter")
    if solo.dm_destroyed > solo.dm_total + 3 * solo.serial:
        bad.append("more machines destroyed than entered")
    if solo.coop is not None:
        bad += coop.invariants(state, solo.coop)
    return bad + alien_vp.invariants(state)


def text_lines(state: SEState, lang: str = "en") -> list[str]:
    """The scenario and the public state of the solo opponents, for the terminal view."""
    solo = state.solo
    if solo is None or (solo.opponent == "none" and not solo.machines):
        return []
    head = f"{word('scenario', lang)}: {scenario_name(solo.scenario, lang)} ({word_or(f'difficulty_{solo.difficulty}', solo.difficulty, lang)})"
    if solo.outcome:
        head += f": {word_or(f'outcome_{solo.outcome}', solo.outcome, lang)}"
    lines = [head]
    if solo.opponent == "doomsday":
        coming = ", ".join(
            f"{word('phase', lang)} {p}: {word('strength', lang)} {s}" + (f" x{n}" if n > 1 else "")
            for p, s, n in solo.schedule
        )
        lines.append(
            f"  {word('dm_destroyed', lang)} {solo.dm_destroyed}/{solo.dm_total}; "
            f"{word('to_come', lang)}: {coming or '-'}"
        )
    if solo.coop is not None:
        lines += _coop_lines(state, solo.coop, lang)
    lines += alien_vp.text_lines(state, lang)
    for uid, m in sorted(solo.machines.items(), key=lambda kv: board.uid_key(kv[0])):
        u = state.units.get(uid)
        if u is None:
            continue
        s = forces.machine_stats(solo, uid)
        lines.append(
            f"  {uid} {word('at', lang)} {u.hex}: {s.cls}{s.attack}-{s.defense} {word('hull', lang)} {s.hull} "
            f"{word('damage', lang)} {u.damage}, {s.attacks} {word('attacks', lang)}, "
            f"{word('weakness', lang)} {m.weakness or '?'}"
        )
    for a in solo.aliens:
        state_word = word("alive" if a.alive else "destroyed", lang)
        techs = ", ".join(f"{_tech_word(k, lang)} {v}" for k, v in sorted(a.techs.items()) if v)
        fleets = ", ".join(forces.fleet_lead(f) for f in a.fleets) or "-"
        lines.append(
            f"  {word('alien', lang)} {board.opponent_letter(a.owner)} ({a.home}, {state_word}): "
            f"{word('fleets', lang)} {fleets}; {techs}"
        )
    return lines


def _coop_lines(state: SEState, c: Any, lang: str) -> list[str]:
    """The cooperative scenarios' public track (§13.10)."""
    early = ", ".join(board.SEATS[s] for s in c.early) or "-"
    aliens = state.solo is not None and state.solo.alien_vp is not None  # §13.12
    vp_word, early_word = ("ap_vp", "early_movers_ap") if aliens else ("dm_vp", "early_movers")
    lines = [
        f"  {word(vp_word, lang)} {c.vp} ({word('needed', lang)} {c.vp_needed}); {word('capitol', lang)} {c.capitol}; "
        f"{word('warp_one', lang)} {c.warp[0]}-{c.warp[1]}; {word(early_word, lang)}: {early}"
    ]
    for uid, cm in sorted(c.machines.items(), key=lambda kv: board.uid_key(kv[0])):
        if uid in state.units:
            target = f", {word('target', lang)} {cm.target}" if cm.target else ""
            lines.append(f"  {uid}: {word(cm.role, lang)}{target}")
    return lines


def _tech_word(tech: str, lang: str) -> str:
    """A technology id in English (as the views show it), its name in Hungarian."""
    return tech_name(tech, lang) if lang_of(lang) == "hu" else tech


# --- the automated opponents as a system (base/system.py) --------------------------------------------------
def _apply(
    game: SpaceEmpires, state: SEState, seat: int, kind: str, args: tuple[Any, ...], events: list[Event]
) -> None:
    if kind == "steer":
        moves.apply_steer(game, state, args[0], events)  # §13.2: the live player picks a tied route
    else:
        coop.pay_early(state, seat)  # §13.10: pay to move before the Doomsday Machines


def _colony_captured(
    state: SEState, hid: str, captor: int, loser: int, thefts: int, events: list[Event]
) -> None:
    """Ground combat took a colony (§10.1): a non-player alien planet moves the cooperative machines'
    track (§13.10); an alien captor steals technology and scores (§13.13, §13.12.6)."""
    if loser == board.NPA:
        coop.npa_colony_captured(state, hid, events)
    elif captor < 0:
        solo4_ground.alien_captures(state, captor, loser, hid, thefts, events)


SYSTEM = System(
    "solo_opponents",
    "§13",
    setup=setup,
    action_kinds=ACTION_KINDS,
    apply=_apply,
    step_kinds=moves.STEP_KINDS,
    step_actions=moves.step_actions,
    observe=observe,
    secret=lambda state, out, viewer: secret(state, out),
    determinize=lambda state, viewer, rng: determinize(state, rng, viewer),
    invariants=invariants,
    secret_kinds=("early",),
    ships_gain_experience=ap_systems.gains_experience,
    uses_alien_technology=lambda scenario_id: bool(alien_vp.mode_of(scenario_id)),
    colony_lost=alien_vp.player_captures,
    colony_captured=_colony_captured,
    colonised=colonised,
)
