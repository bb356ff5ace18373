"""The arena: simulations, tournaments, ratings, reports; local process pool or Ray.

from galaxis.arena import simulate, tournament, load_results, summarize, write_html
"""

from galaxis.arena.report import write_html
from galaxis.arena.results import load_results
from galaxis.arena.runner import Task, parse_agents, play_game
from galaxis.arena.schedule import simulate, simulate_tasks, tournament, tournament_tasks
from galaxis.arena.stats import summarize, wilson

__all__ = [
    "Task",
    "load_results",
    "parse_agents",
    "play_game",
    "simulate",
    "simulate_tasks",
    "summarize",
    "tournament",
    "tournament_tasks",
    "wilson",
    "write_html",
]
