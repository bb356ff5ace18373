"""The optional systems of Close Encounters, one module each (docs/games/space_empires.md §10, §12):
ground combat (ground.py, §10.1), experience and boarding (experience.py, boarding.py, §10.2), Titans,
the Flagship and Fast BC (titans.py, §10.3), Empire Advantages (empire_advantages.py, §10.4), Alien
Technology (alien_tech.py, §10.5), reaction movement (reaction.py, §10.6), research and industrial
centres (centers.py, §10.7), alliances (alliances.py, §10.8), victory tracks and Quick Conquest
(victory.py, §12.1.5, §12.2) and the planetary gates (gates.py, §12.3). Each declares its part of the
turn as a ``System`` (base/system.py), listed in registry.py."""
