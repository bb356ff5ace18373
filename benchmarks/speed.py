"""Speed budgets and the speed suite behind ``galaxis bench``.

A budget is the random self-play speed a game must reach, as a multiple of
OpenSpiel's pure-Python tic-tac-toe played at random in the same run (CPU
time, interleaved, the median of the repeats; see ``galaxis/bench.py``). A game
without an entry is measured but not judged. Each game is judged at its entry
in ``PLAYERS``, or else at four players (or the nearest count it allows).

Run the suite with ``galaxis bench [GAME ...] [--json OUT] [--check]`` or
``python benchmarks/speed.py [same arguments]``; the table of every game at
every player count is ``benchmarks/performance.py`` (docs/performance.md).
"""

from __future__ import annotations

import sys

# game id -> minimum steps_per_s / calibration steps_per_s
BUDGETS: dict[str, float] = {
    "smugglers": 1.0,
    "stellium": 0.5,
    "pulsar": 0.5,
    "space_empires": 0.2,
    # issue #32's target at two players; measured 1.05 and 1.15 (medians of three repeats, CPU time,
    # load average about 35 on 2 cores) with the #29 rules of 2026-11-28 (docs/performance.md)
    "kaosz": 1.0,
}

# game id -> the player count its budget is judged at (default: four, or the nearest allowed);
# Káosz Galaktika is a two-player card game first (its rulebook's multiplayer is a variant, §10.1)
PLAYERS: dict[str, int] = {"kaosz": 2}


def main(argv: list[str] | None = None) -> int:
    from galaxis.cli import main as cli_main

    cli_main(["bench", *(sys.argv[1:] if argv is None else argv)])  # (Typer exits with the command's status)
    return 0


if __name__ == "__main__":
    sys.exit(main())
