"""Where bots think: search agents in worker processes (never holding the
event loop's GIL), quick rule-based agents in threads; the choice does not
change the move a bot makes in a position."""

from __future__ import annotations

import asyncio
from pathlib import Path

import galaxis
from galaxis.server.service import Service


async def _moves(db: Path, processes: int | None, spec: str) -> tuple[list[str], bool]:
    svc = Service(f"sqlite:///{db}", bot_processes=processes)
    await svc.start()
    try:
        m = galaxis.new_match("smugglers", 2, 5, {})
        seat = m.to_move[0]
        moves = [await svc._think(m, seat, spec, 5, seq) for seq in range(3)]
        legal = {a.notation for a in m.legal_actions(seat)}
        assert set(moves) <= legal
        return moves, svc.search_pool is not None
    finally:
        await svc.stop()


def test_search_agents_think_in_worker_processes_with_the_same_moves(tmp_path: Path) -> None:
    in_processes, used_pool = asyncio.run(_moves(tmp_path / "a.db", 1, "mcts:iters=20"))
    in_threads, used_pool_off = asyncio.run(_moves(tmp_path / "b.db", 0, "mcts:iters=20"))
    assert used_pool and not used_pool_off
    assert in_processes == in_threads


def test_quick_agents_stay_in_threads(tmp_path: Path) -> None:
    _, used_pool = asyncio.run(_moves(tmp_path / "c.db", 1, "heuristic"))
    assert not used_pool


async def _bot_match(db: Path) -> tuple[int, bool]:
    svc = Service(f"sqlite:///{db}", bot_processes=1)
    await svc.start()
    try:
        mid, _ = await svc.create("smugglers", 2, 9, {}, ["bot:mcts:iters=5", "bot:random"], None)
        live = await svc.get(mid)
        for _ in range(600):  # both bots keep moving until the match has a few moves
            if live.seq >= 4:
                break
            await asyncio.sleep(0.05)
        return live.seq, svc.search_pool is not None
    finally:
        await svc.stop()


def test_a_match_of_search_and_quick_bots_plays_on(tmp_path: Path) -> None:
    seq, used_pool = asyncio.run(_bot_match(tmp_path / "d.db"))
    assert seq >= 4 and used_pool
