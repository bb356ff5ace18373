"""Statistics of a results file: win rates with Wilson intervals, openskill
ratings, win rates by seat (a seat advantage only when the agents rotated
through the seats), game lengths, score distributions and per-option comparisons.

Win share: a seat alone in first place wins 1; a tie for first place among k
seats gives each of them 1/k; everyone else 0. An agent's win rate is its
mean win share over the seats it occupied (an agent in three seats of a game
counts three seat-games).
"""

from __future__ import annotations

import json
import math
import statistics
from collections import defaultdict
from typing import Any

Z95 = 1.959963984540054


def wilson(successes: float, n: int, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval for a proportion (fractional successes allowed)."""
    if n <= 0:
        return (0.0, 1.0)
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(max(p * (1 - p) / n + z * z / (4 * n * n), 0.0)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def win_shares(record: dict[str, Any]) -> list[float]:
    shares = [0.0] * record["players"]
    first = record["ranking"][0]
    for s in first:
        shares[s] = 1.0 / len(first)
    return shares


def _describe(values: list[float]) -> dict[str, float]:
    if not values:
        return {}
    return {
        "mean": statistics.fmean(values),
        "sd": statistics.pstdev(values) if len(values) > 1 else 0.0,
        "min": min(values),
        "median": statistics.median(values),
        "max": max(values),
    }


def _rate(records: list[dict[str, Any]]) -> dict[str, dict[str, float]]:
    """openskill Plackett-Luce ratings, one per agent spec, ties supported.

    An agent sitting in several seats of one game is rated as separate copies
    of its current rating, and its new rating is the mean of the copies'.
    """
    from openskill.models import PlackettLuce

    model = PlackettLuce()
    ratings: dict[str, Any] = {}
    for rec in records:
        seats = rec["seats"]
        ranks: list[float] = [0.0] * rec["players"]
        for pos, group in enumerate(rec["ranking"]):
            for s in group:
                ranks[s] = float(pos)
        teams = []
        for spec in seats:
            r = ratings.get(spec) or model.rating(name=spec)
            ratings[spec] = r
            teams.append([model.rating(mu=r.mu, sigma=r.sigma, name=spec)])
        new = model.rate(teams, ranks=ranks)
        by_spec: dict[str, list[Any]] = defaultdict(list)
        for spec, team in zip(seats, new, strict=True):
            by_spec[spec].append(team[0])
        for spec, copies in by_spec.items():
            mu = statistics.fmean(c.mu for c in copies)
            sigma = statistics.fmean(c.sigma for c in copies)
            ratings[spec] = model.rating(mu=mu, sigma=sigma, name=spec)
    return {
        spec: {"mu": r.mu, "sigma": r.sigma, "ordinal": r.mu - 3 * r.sigma} for spec, r in ratings.items()
    }


def _agent_table(records: list[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    shares: dict[str, list[float]] = defaultdict(list)
    scores: dict[str, list[float]] = defaultdict(list)
    ranks: dict[str, list[int]] = defaultdict(list)
    for rec in records:
        ws = win_shares(rec)
        pos_of = {s: pos for pos, group in enumerate(rec["ranking"]) for s in group}
        for seat, spec in enumerate(rec["seats"]):
            shares[spec].append(ws[seat])
            scores[spec].append(float(rec["scores"][seat]))
            ranks[spec].append(pos_of[seat] + 1)
    table = {}
    for spec in shares:
        n = len(shares[spec])
        wins = sum(shares[spec])
        lo, hi = wilson(wins, n)
        table[spec] = {
            "seat_games": n,
            "wins": wins,
            "win_rate": wins / n,
            "ci95": [lo, hi],
            "mean_place": statistics.fmean(ranks[spec]),
            "score": _describe(scores[spec]),
        }
    return table


def _seat_table(records: list[dict[str, Any]]) -> dict[str, dict[str, dict[str, Any]]]:
    by_count: dict[int, list[dict[str, Any]]] = defaultdict(list)
    for rec in records:
        by_count[rec["players"]].append(rec)
    out: dict[str, dict[str, dict[str, Any]]] = {}
    for players, recs in sorted(by_count.items()):
        seats: dict[str, dict[str, Any]] = {}
        for seat in range(players):
            wins = sum(win_shares(r)[seat] for r in recs)
            lo, hi = wilson(wins, len(recs))
            seats[str(seat)] = {
                "games": len(recs),
                "win_rate": wins / len(recs),
                "ci95": [lo, hi],
                "mean_score": statistics.fmean(float(r["scores"][seat]) for r in recs),
            }
        out[str(players)] = seats
    return out


def seat_rotation(records: list[dict[str, Any]]) -> dict[str, Any]:
    """Whether a win rate by seat of these games (one player count) is a seat advantage.

    ``kind``: ``same agents`` (every seat held the same agent spec), ``rotated`` (every
    agent sat in every seat equally often, give or take one game), or ``not rotated``
    (then the win rate by seat mixes the agents' strength with the seat order).
    ``agents``: the specs seen in each seat.
    """
    players = records[0]["players"] if records else 0
    counts: list[dict[str, int]] = [defaultdict(int) for _ in range(players)]
    for rec in records:
        for seat, spec in enumerate(rec["seats"]):
            counts[seat][spec] += 1
    specs = sorted({spec for seat in counts for spec in seat})
    if len(specs) <= 1:
        kind = "same agents"
    elif all(max(c.get(x, 0) for c in counts) - min(c.get(x, 0) for c in counts) <= 1 for x in specs):
        kind = "rotated"
    else:
        kind = "not rotated"
    return {"kind": kind, "agents": {str(seat): sorted(c) for seat, c in enumerate(counts)}}


def _option_table(records: list[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """For each option that takes several values in the file: results per value."""
    values: dict[str, set[str]] = defaultdict(set)
    for rec in records:
        for k, v in rec["options"].items():
            values[k].add(json.dumps(v, sort_keys=True))
    table: dict[str, dict[str, Any]] = {}
    for name in sorted(k for k, vs in values.items() if len(vs) > 1):
        per: dict[str, Any] = {}
        for value in sorted(values[name]):
            recs = [r for r in records if json.dumps(r["options"].get(name), sort_keys=True) == value]
            per[value] = {
                "games": len(recs),
                "length": _describe([float(r["length"]) for r in recs]),
                "agents": {
                    spec: {k: row[k] for k in ("seat_games", "win_rate", "ci95")}
                    | {"mean_score": row["score"].get("mean")}
                    for spec, row in _agent_table(recs).items()
                },
            }
        table[name] = per
    return table


def summarize(records: list[dict[str, Any]]) -> dict[str, Any]:
    """The report's numbers, per game id in the file."""
    by_game: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for rec in records:
        by_game[rec["game"]].append(rec)
    games: dict[str, Any] = {}
    for game, recs in sorted(by_game.items()):
        agents = _agent_table(recs)
        ratings = _rate(recs)
        for spec, row in agents.items():
            row["rating"] = ratings[spec]
        games[game] = {
            "games": len(recs),
            "players": sorted({r["players"] for r in recs}),
            "expected_win_rate": statistics.fmean(1.0 / r["players"] for r in recs),
            "agents": dict(sorted(agents.items(), key=lambda kv: -kv[1]["rating"]["ordinal"])),
            "seats": _seat_table(recs),
            "seat_rotation": {
                str(n): seat_rotation([r for r in recs if r["players"] == n])
                for n in sorted({r["players"] for r in recs})
            },
            "length": _describe([float(r["length"]) for r in recs]),
            "options": _option_table(recs),
        }
    return {"records": len(records), "games": games}
