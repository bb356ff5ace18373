"""Research interfaces for every registered galaxis game (docs/interop.md).

- ``galaxis.interop.pettingzoo.env(game_id, ...)``: a PettingZoo AEC environment;
- ``galaxis.interop.gymnasium.make(game_id, seat=0, opponents="heuristic", ...)``:
  a single-agent Gymnasium environment against bots;
- ``import galaxis.interop.openspiel``: registers every game with pyspiel as
  ``galaxis_<id>``.

The submodules are imported on demand, so that ``galaxis`` itself never needs
PettingZoo, Gymnasium or OpenSpiel installed (they are the ``interop`` extra).
"""
