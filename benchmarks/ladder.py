"""The bot-level benchmark of one game: targets, ladder, multiplayer check, search speed.

    python -m benchmarks.ladder --game G [--parts P,P,...] [--games N] [--workers 2]
                                [--data benchmarks/results/ladder] [--out FILE] [--summary]

Every part plays seeded games into a JSON Lines file under ``--data/G/`` (one
line per game, without the move list, committed with the results) and skips
the games already there, so an interrupted run resumes where it stopped and
several sittings accumulate. The summary is written to
``benchmarks/results/ladder-G.json`` after every part and printed as Markdown
(``--summary`` only prints it, playing nothing).

Parts (default: all, in this order, which is also their priority):

* ``hard_normal`` -- ``hard`` against ``normal``, 2 players (target: hard wins >= 65%;
  Space Empires >= 60%).
* ``easy_random``, ``easy_normal`` -- ``easy`` must beat ``random`` and lose to ``normal``.
* ``normal_randoms`` -- ``normal`` against random seats in each game's own bot benchmark
  (Smugglers 4 players, Pulsar and Stellium 3, Káosz and Space Empires 2; targets 80%,
  Káosz 75%, Space Empires 90%): what ``strength.py``, ``pulsar_strength.py`` and
  ``stellium_strength.py`` measured before.
* ``expert_hard`` -- target: the lower end of the 95% Wilson interval of expert's wins > 50%.
* ``multi3``, ``multi4`` -- one ``hard`` against n-1 ``normal`` (target: hard wins > 1/n).
* ``ladder`` -- round robin of random, easy, normal, hard and expert (2 players); the
  ratings (openskill Plackett-Luce) use every 2-player game of the game's files.
* ``speed`` -- iterations per CPU second of ``hard``'s search on mid-game positions, in
  the same run as OpenSpiel's Python ``MCTSBot`` on the same positions through
  ``galaxis.interop.openspiel``.

Two-player match-ups are seat-rotated pairs: game ``j`` uses seed ``j // 2``, and
the two games of a seed swap the seats, so both sides see the same deals and
dice. In an n-player check game ``j`` uses seed ``j // n`` with the hard seat in
``j % n``. A tie for first among k seats counts 1/k. Each searched decision's
CPU time and iterations are kept per game (``search``), so the time caps are
checked on every game played.
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import os
import platform
import sys
import time
from collections.abc import Iterator
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from pathlib import Path
from typing import Any

LEVELS_ORDER = ("random", "easy", "normal", "hard", "expert")
PARTS = (
    "hard_normal",
    "easy_random",
    "easy_normal",
    "normal_randoms",
    "expert_hard",
    "multi3",
    "multi4",
    "ladder",
    "speed",
)
# the games each part plays by default (the minimum sample sizes)
GAMES = {
    "hard_normal": 100,
    "easy_random": 100,
    "easy_normal": 100,
    "expert_hard": 200,
    "multi3": 60,
    "multi4": 60,
    "ladder": 20,
    "normal_randoms": 200,
}
# options every game of a part is played with (Space Empires: the cycle limit of its benchmark)
OPTIONS: dict[str, dict[str, Any]] = {"space_empires": {"cycles": 8}}
# the bot-against-random setting of each game's own issue: players (one normal, the rest random)
# and the target win rate (the per-game strength scripts this benchmark replaces)
NORMAL_RANDOMS = {
    "smugglers": (4, 0.8),
    "pulsar": (3, 0.8),
    "stellium": (3, 0.8),
    "kaosz": (2, 0.75),
    "space_empires": (2, 0.9),
}
GAMES_PER_GAME = {"kaosz": {"hard_normal": 40}, "space_empires": {"hard_normal": 30}}
HARD_TARGET = {"space_empires": 0.60}
MULTI_GAMES = ("smugglers", "stellium", "pulsar")
EXPERT_GAMES = ("smugglers", "stellium", "pulsar")
HARD_CAP_MS, EXPERT_CAP_MS = 1000.0, 3000.0
RESULTS = Path("benchmarks/results")


def now() -> str:
    return dt.datetime.now(dt.UTC).strftime("%Y-%m-%d %H:%M UTC")


def machine() -> dict[str, Any]:
    cpu = platform.processor() or ""
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return {"cpu": cpu, "cores": os.cpu_count(), "python": platform.python_version()}


# --- playing -------------------------------------------------------------------------
Task = tuple[str, int, tuple[str, ...]]


def play(game: str, seed: int, seats: tuple[str, ...]) -> dict[str, Any]:
    """One game; the record the arena writes (without the move list) plus, per seat,
    its searched decisions, iterations and CPU time."""
    import galaxis
    from galaxis.arena.runner import agent_seed
    from galaxis.core.rng import Rng

    players = len(seats)
    match = galaxis.new_match(game, players, seed, OPTIONS.get(game))
    agents = [galaxis.agent(spec, agent_seed(seed, s)) for s, spec in enumerate(seats)]
    order = Rng(seed ^ 0x0A7E5EA7)
    search: list[dict[str, float]] = [
        {"decisions": 0, "searched": 0, "iterations": 0, "cpu_ms": 0.0, "max_cpu_ms": 0.0, "overrides": 0}
        for _ in seats
    ]
    start = time.process_time()
    while not match.is_over:
        to_move = match.to_move
        seat = to_move[0] if len(to_move) == 1 else to_move[order.below(len(to_move))]
        action = agents[seat].act(match, seat)
        st = search[seat]
        st["decisions"] += 1
        cpu = float(getattr(agents[seat], "last_cpu_ms", 0.0))
        iters = int(getattr(agents[seat], "last_iterations", 0))
        if iters:
            st["searched"] += 1
            st["iterations"] += iters
            st["cpu_ms"] += cpu
            st["max_cpu_ms"] = max(st["max_cpu_ms"], cpu)
            st["overrides"] += bool(getattr(agents[seat], "last_overrode", False))
        match.apply(seat, action)
    result = match.result
    return {
        "game": game,
        "seed": seed,
        "players": players,
        "seats": list(seats),
        "options": dict(match.options),
        "scores": list(result.scores),
        "ranking": [list(g) for g in result.ranking],
        "length": len(match.history),
        "cpu_s": time.process_time() - start,
        "search": search,
    }


def _play_task(task: Task) -> dict[str, Any]:
    return play(*task)


def _key(game: str, seed: int, seats: Any) -> tuple[str, int, tuple[str, ...]]:
    return (game, int(seed), tuple(seats))


def load(path: Path) -> list[dict[str, Any]]:
    if not path.exists():
        return []
    records = []
    for line in path.read_text(encoding="utf-8").splitlines():
        try:
            records.append(json.loads(line))
        except json.JSONDecodeError:
            continue  # a half-written last line of an interrupted run
    return records


def run(tasks: list[Task], path: Path, workers: int, label: str) -> None:
    """Plays the tasks not yet in ``path``, appending each record as it finishes."""
    done = {_key(r["game"], r["seed"], r["seats"]) for r in load(path)}
    todo = [t for t in tasks if _key(*t) not in done]
    if not todo:
        return
    path.parent.mkdir(parents=True, exist_ok=True)
    text = path.read_text(encoding="utf-8") if path.exists() else ""
    if text and not text.endswith("\n"):
        path.write_text(text[: text.rfind("\n") + 1], encoding="utf-8")
    began = time.perf_counter()
    for n, record in enumerate(_results(todo, workers), 1):
        # opened per record: a file replaced meanwhile (a git checkout of committed results)
        # gets the record, not the replaced file's orphaned copy
        with path.open("a", encoding="utf-8") as fh:
            fh.write(json.dumps(record, separators=(",", ":")) + "\n")
        rate = n / (time.perf_counter() - began)
        print(f"  {label}: {n}/{len(todo)} ({3600 * rate:.0f} games/h)", file=sys.stderr, flush=True)


def _results(todo: list[Task], workers: int) -> Iterator[dict[str, Any]]:
    if workers <= 1:
        for t in todo:
            yield _play_task(t)
        return
    with ProcessPoolExecutor(workers) as pool:
        pending: set[Future[dict[str, Any]]] = set()
        queue = list(reversed(todo))
        while queue or pending:
            while queue and len(pending) < workers:
                pending.add(pool.submit(_play_task, queue.pop()))
            finished, pending = wait(pending, return_when=FIRST_COMPLETED)
            for f in finished:
                yield f.result()


def duel_tasks(game: str, a: str, b: str, games: int) -> list[Task]:
    """Seat-rotated pairs: game j on seed j // 2, the seats swapped every other game."""
    return [(game, j // 2, (a, b) if j % 2 == 0 else (b, a)) for j in range(games)]


def multi_tasks(game: str, hero: str, other: str, players: int, games: int) -> list[Task]:
    tasks = []
    for j in range(games):
        seats = [other] * players
        seats[j % players] = hero
        tasks.append((game, j // players, tuple(seats)))
    return tasks


# --- statistics ------------------------------------------------------------------------
def share_of(record: dict[str, Any], spec: str) -> tuple[float, int]:
    """The spec's win share in a game (1/k for a k-way tie for first) and its seat count."""
    first = record["ranking"][0]
    seats = [s for s, x in enumerate(record["seats"]) if x == spec]
    return sum(1.0 / len(first) for s in seats if s in first), len(seats)


def duel_summary(records: list[dict[str, Any]], hero: str, games: int | None = None) -> dict[str, Any]:
    from galaxis.arena.stats import wilson

    wins, n, searched, iters, cpu, peak, overrides = 0.0, 0, 0, 0, 0.0, 0.0, 0
    for r in records:
        w, k = share_of(r, hero)
        wins += w
        n += k
        for s, spec in enumerate(r["seats"]):
            if spec == hero:
                st = r["search"][s]
                searched += st["searched"]
                iters += st["iterations"]
                cpu += st["cpu_ms"]
                peak = max(peak, st["max_cpu_ms"])
                overrides += st.get("overrides", 0)
    lo, hi = wilson(wins, n)
    out: dict[str, Any] = {"games": n, "wins": wins, "win_rate": wins / n if n else None, "ci95": [lo, hi]}
    if searched:
        out["search"] = {
            "searched_decisions": searched,
            "iterations_per_decision": iters / searched,
            "cpu_ms_per_decision": cpu / searched,
            "max_cpu_ms": peak,
            "overrides": overrides,
        }
    if games is not None:
        out["planned"] = games
    return out


def ratings(records: list[dict[str, Any]]) -> dict[str, Any]:
    """openskill Plackett-Luce ratings of the ladder's agents from every 2-player game,
    with mu +- 2 sigma as the interval and each agent's games."""
    from galaxis.arena.stats import _rate

    duels = [r for r in records if r["players"] == 2 and all(s in LEVELS_ORDER for s in r["seats"])]
    duels.sort(key=lambda r: (r["seed"], r["seats"]))
    rated = _rate(duels)
    games = {a: sum(r["seats"].count(a) for r in duels) for a in LEVELS_ORDER}
    return {
        a: {
            **rated[a],
            "interval": [rated[a]["mu"] - 2 * rated[a]["sigma"], rated[a]["mu"] + 2 * rated[a]["sigma"]],
            "games": games[a],
        }
        for a in LEVELS_ORDER
        if a in rated
    }


# --- speed -------------------------------------------------------------------------------
def positions(game: str, count: int) -> list[Any]:
    """Mid-game positions of seeded normal-vs-normal games (a third of the way in)."""
    import galaxis

    found = []
    for seed in range(count * 3):
        m = galaxis.new_match(game, 2, seed=1000 + seed)
        bots = [galaxis.agent("normal", seed=s) for s in range(2)]
        while not m.is_over:
            s = m.to_move[0]
            m.apply(s, bots[s].act(m, s))
        length = len(m.history)
        for at in range(length // 3, length):
            spot = galaxis.replay(game, 1000 + seed, 2, m.options, m.history[:at])
            if len(spot.legal_actions(spot.to_move[0])) > 2:
                found.append(spot)
                break
        if len(found) == count:
            break
    return found


def speed(game: str, count: int = 5, sims: int = 100) -> dict[str, Any]:
    import galaxis
    from galaxis.core import get_game

    spots = positions(game, count)
    iters, cpu = 0, 0.0
    for i, m in enumerate(spots):
        agent = galaxis.agent("hard", seed=i)
        agent.act(m, m.to_move[0])
        iters += agent.last_iterations  # type: ignore[attr-defined]
        cpu += agent.last_cpu_ms / 1000.0  # type: ignore[attr-defined]
    out: dict[str, Any] = {
        "measured": now(),
        "positions": len(spots),
        "hard_spec": get_game(game).agent_levels().get("hard"),
        "hard_iterations_per_cpu_s": iters / cpu if cpu else None,
    }
    try:
        import numpy as np
        from open_spiel.python.algorithms import mcts

        from galaxis.interop import openspiel as gos
    except ImportError as exc:
        out["openspiel"] = f"not available: {exc}"
        return out
    spiel = gos.load(game, players=2)
    total = 0.0
    for i, m in enumerate(spots):
        state = gos.GalaxisSpielState(spiel, m.clone())
        bot = mcts.MCTSBot(
            spiel,
            2.0,
            sims,
            mcts.RandomRolloutEvaluator(1, np.random.RandomState(i)),
            solve=False,
            random_state=np.random.RandomState(i),
        )
        t0 = time.process_time()
        bot.step(state)
        total += time.process_time() - t0
    out["openspiel_simulations"] = sims
    out["openspiel_sims_per_cpu_s"] = sims * len(spots) / total if total else None
    return out


# --- the parts -----------------------------------------------------------------------------
def plan(game: str, part: str, override: int | None) -> int:
    return override or GAMES_PER_GAME.get(game, {}).get(part) or GAMES[part]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--game", required=True)
    ap.add_argument("--parts", default=",".join(PARTS))
    ap.add_argument("--games", type=int, default=None, help="games per part (default: the issue's minimum)")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--data", default=str(RESULTS / "ladder"))
    ap.add_argument("--summary", action="store_true", help="play nothing; summarise what is there")
    ap.add_argument("--out", default=None, help="summary file (default benchmarks/results/ladder-G.json)")
    args = ap.parse_args(argv)

    from galaxis.core import get_game
    from galaxis.core.registry import game_ids

    game = args.game
    if game not in game_ids():
        print(f"error: unknown game {game!r}; games: {', '.join(game_ids())}", file=sys.stderr)
        return 2
    parts = [p.strip() for p in args.parts.split(",") if p.strip()]
    bad = [p for p in parts if p not in PARTS]
    if bad:
        print(f"error: unknown part(s) {', '.join(bad)}; parts: {', '.join(PARTS)}", file=sys.stderr)
        return 2
    data = Path(args.data) / game
    out = Path(args.out) if args.out else RESULTS / f"ladder-{game}.json"
    summary: dict[str, Any] = {}
    summary.update({"game": game, "machine": machine(), "levels": get_game(game).agent_levels()})

    def save() -> None:
        """Writes this run's parts over the file's (another run of the same game may have
        written other parts meanwhile)."""
        out.parent.mkdir(parents=True, exist_ok=True)
        merged = json.loads(out.read_text()) if out.exists() else {}
        merged.update(summary)
        out.write_text(json.dumps(merged, indent=1) + "\n")

    def duel(part: str, hero: str, other: str) -> None:
        n = plan(game, part, args.games)
        path = data / f"{hero}-{other}.jsonl"
        if not args.summary:
            run(duel_tasks(game, hero, other, n), path, args.workers, f"{game} {part}")
        recs = load(path)
        if recs:
            summary[part] = {"measured": now(), **duel_summary(recs, hero, n)}
            save()

    for part in parts:
        if part == "hard_normal":
            duel(part, "hard", "normal")
        elif part in ("easy_random", "easy_normal"):
            duel(part, "easy", part.split("_")[1])
        elif part == "normal_randoms" and game in NORMAL_RANDOMS:
            players, target = NORMAL_RANDOMS[game]
            n = plan(game, part, args.games)
            path = data / f"normal-{players - 1}random.jsonl"
            if not args.summary:
                run(multi_tasks(game, "normal", "random", players, n), path, args.workers, f"{game} {part}")
            recs = load(path)
            if recs:
                summary[part] = {
                    "measured": now(),
                    "players": players,
                    "target": target,
                    **duel_summary(recs, "normal", n),
                }
                save()
        elif part == "expert_hard" and game in EXPERT_GAMES:
            duel(part, "expert", "hard")
        elif part in ("multi3", "multi4") and game in MULTI_GAMES:
            players = int(part[-1])
            n = plan(game, part, args.games)
            path = data / f"hard-{players}p.jsonl"
            if not args.summary:
                run(multi_tasks(game, "hard", "normal", players, n), path, args.workers, f"{game} {part}")
            recs = load(path)
            if recs:
                summary[part] = {"measured": now(), "players": players, **duel_summary(recs, "hard", n)}
                save()
        elif part == "ladder":
            n = plan(game, part, args.games)
            for i, a in enumerate(LEVELS_ORDER):
                for b in LEVELS_ORDER[i + 1 :]:
                    path = data / f"{b}-{a}.jsonl"
                    have = load(path)
                    if not args.summary and len(have) < n:
                        run(duel_tasks(game, b, a, n), path, args.workers, f"{game} ladder {b}-{a}")
            records = [r for f in sorted(data.glob("*.jsonl")) for r in load(f)]
            if records:
                summary["ladder"] = {"measured": now(), "ratings": ratings(records)}
                save()
        elif part == "speed" and not args.summary:
            summary["speed"] = speed(game)
            save()
    print(markdown(json.loads(out.read_text()) if out.exists() else summary))
    return 0


def _pct(part: dict[str, Any] | None) -> str:
    if not part or not part.get("games"):
        return "not run"
    lo, hi = part["ci95"]
    return f"{100 * part['win_rate']:.1f}% [{100 * lo:.0f}–{100 * hi:.0f}] of {part['games']}"


def markdown(s: dict[str, Any]) -> str:
    lines = [
        f"### {s.get('game')}",
        "",
        "| match-up | hero's wins (95% Wilson) | hero's search per decision |",
        "|---|---|---|",
    ]
    for part in PARTS[:-2]:
        p = s.get(part)
        if not p:
            continue
        sr = p.get("search")
        cost = (
            f"{sr['cpu_ms_per_decision']:.0f} ms CPU mean, {sr['max_cpu_ms']:.0f} max, "
            f"{sr['iterations_per_decision']:.0f} rollouts, {sr['searched_decisions']} searched, "
            f"{sr.get('overrides', 0)} overriding the bot"
            if sr
            else "—"
        )
        lines.append(f"| {part} | {_pct(p)} | {cost} |")
    lad = s.get("ladder", {}).get("ratings")
    if lad:
        lines += ["", "| agent | games | openskill mu | mu ± 2 sigma |", "|---|---|---|---|"]
        for a, r in sorted(lad.items(), key=lambda t: -t[1]["mu"]):
            lo, hi = r["interval"]
            lines.append(f"| {a} | {r['games']} | {r['mu']:.1f} | {lo:.1f}–{hi:.1f} |")
    sp = s.get("speed")
    if sp:
        lines += [
            "",
            f"Search speed: hard {sp.get('hard_iterations_per_cpu_s') or 0:.0f} rollouts per CPU s; "
            f"OpenSpiel MCTSBot {sp.get('openspiel_sims_per_cpu_s') or 0:.0f} simulations per CPU s "
            f"({sp.get('positions')} positions).",
        ]
    return "\n".join(lines)


if __name__ == "__main__":
    sys.exit(main())
