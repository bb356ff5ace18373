"""The automated opponents of the solo and cooperative scenarios (docs/games/space_empires.md §13):
the scenario framework with the Doomsday Machines and the base Alien Player (solo.py, the system; forces.py,
moves.py, battles.py, sheets.py, endgame.py, its rules by concern; solo_state.py, tables.py),
the cooperative Doomsday Machines (doomsday/), the Alien Players of Close Encounters (alien_players/)
and the Space Amoebas (amoebas/)."""
