"""The Alien Players of the Close Encounters scenario book (docs/games/space_empires.md §13.12-§13.13):
solo #4 and its new features (solo4.py, solo4_ground.py), the victory-point Alien Players (vp*.py), their
flowchart branches for ground combat (flowchart_ground.py) and their use of the other Close Encounters
systems (ce_systems.py)."""
