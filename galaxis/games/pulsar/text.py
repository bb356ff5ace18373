"""Terminal view of Pulsar 2849, in English or Hungarian."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from galaxis.core.messages import fmt, num
from galaxis.games.pulsar.data import MSG, board, tech_ids, words
from galaxis.games.pulsar.views import WHAT, goal_text

if TYPE_CHECKING:
    from galaxis.core import Game
    from galaxis.games.pulsar.state import PulsarState


def _track_line(track: list[list[int]], names: list[str]) -> str:
    cells = []
    for i, stack in enumerate(track):
        inside = ",".join(names[m // 2] + (str(m % 2 + 1) if len(names) == 2 else "") for m in stack)
        mark = {13: "-1", 14: "-2"}.get(i, "")
        cells.append(f"[{inside}{'|' + mark if mark else ''}]")
    return " ".join(cells)


def render_text(game: Game, s: PulsarState, seat: int | None, lang: str = "en") -> str:
    w = words(lang)
    obs = game.observation(s, seat)
    names = [str(x) for x in w["players"][: s.n]]
    bd = board(s.board)
    lines = [
        f"{w['title']} — {w['round']} {s.round}/8 — {w['phase'][s.phase]}"
        + (
            f" — {w['to_move']}: " + ", ".join(f"{i} ({names[i]})" for i in obs["to_move"])
            if obs["to_move"]
            else ""
        ),
        f"{w['dice']}: {' '.join(map(str, s.pool)) or '-'}   {w['median']}: {s.median} (= {obs['median_value']})",
        f"{w['initiative']}:  {_track_line(s.tracks[0], names)}",
        f"{w['engineering']}: {_track_line(s.tracks[1], names)}",
        f"{w['order']}: " + " ".join(names[x] for x in s.order),
        f"{w['display']}: {' '.join(s.display) or '-'}   {w['stack']} A/B/C: {obs['tx_stack']['A']}/{obs['tx_stack']['B']}/{obs['tx_stack']['C']}",
        f"{w['gyros']}: " + " ".join(f"{w['sizes'][k]} {v}" for k, v in s.gyro_supply.items()),
        f"{w['goals']}: " + "; ".join(goal_text(g, lang, s.goal4_any) for g in s.goals),
        f"{w['techs']} ({'/'.join(s.tech_boards)}): "
        + " ".join(
            f"{tid}[{t.cost}{'L' if t.mode == 'lock' else ''}:{','.join(names[x] for x in s.patents[tid])}]"
            for tid, t in tech_ids(s.tech_boards).items()
        ),
        f"{w['systems']}: "
        + " ".join(
            f"{n}:"
            + (
                f"T{s.tiles[n]}("
                + "".join("." if o == -1 else "x" if o == -2 else names[o][0] for o in s.planets[n])
                + ")"
                if n in s.planets
                else "?"
            )
            for n in bd.systems
        ),
        f"{w['pulsars']}: "
        + " ".join(
            f"{n}:{names[o]}" + (f"/{s.gyros[n][0]}{'*' if s.gyros[n][1] else ''}" if n in s.gyros else "")
            for n, o in sorted(s.owner.items())
        ),
    ]

    def listed(items: Sequence[object]) -> str:
        return ", ".join(str(x) for x in items) or "-"

    for i, p in enumerate(s.players):
        hq = (
            f"; {w['hq']} {p.hq_side or p.hq or '-'}, {w['done']}: {listed(p.hq_done)}, {w['races']}: {listed(p.races)}"
            if p.hq
            else ""
        )
        red = f" ({fmt(lang, w['board']['red'], value=p.red)})" if p.red >= 0 else ""
        tx = listed([f"{tid} ({w['online']})" if tid in p.online else tid for tid in sorted(p.tx)])
        lines.append(
            f"{'>' if i in obs['to_move'] else ' '} {i} {names[i]}: {w['score']} {num(p.score, lang)}; "
            f"{w['cubes']} {p.cubes}; ±1×{p.pm} +2×{p.p2}; {w['ship']} @{p.ship}; {w['dice']}: {listed(p.dice)}{red}; "
            f"{w['held']}: {listed([w['sizes'].get(h, h) for h in p.held])}; {w['transmitters']}: {tx}; "
            f"{w['patents']}: {listed(p.patents)}{hq}"
        )
    if s.pending:
        top = s.pending[-1]
        what = MSG(WHAT[top.kind]).render(lang) if top.kind in WHAT else top.kind
        lines.append(f"{w['pending']} ({top.seat}): {what}")
    if seat is not None and seat in obs["to_move"]:
        legal = game.legal_actions(s, seat)
        lines.append(
            f"{w['legal']}: " + " ".join(a.notation for a in legal[:40]) + (" ..." if len(legal) > 40 else "")
        )
    if s.phase == "over":
        lines.append(f"{w['final']}: " + ", ".join(f"{names[i]} {p.score}" for i, p in enumerate(s.players)))
    return "\n".join(lines)
