"""The heuristic bot of Space Empires 4X (agent spec ``heuristic``): agents.py, with its Close
Encounters decisions (ce.py) and invasions (ground.py). It reads only its own observation."""
