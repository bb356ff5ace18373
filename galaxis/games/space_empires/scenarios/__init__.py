"""The scenarios of Space Empires 4X (docs/games/space_empires.md §12): their set-ups as data
(setups.py, data/scenarios.yaml), the home-set deal of the Deep Space scenario (home_sets.py) and the
team games (teams.py)."""
