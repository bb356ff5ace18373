"""The base game of Space Empires 4X (docs/games/space_empires.md §2-§9): the hex map (hexes.py),
the component data (data.py), the records of units, markers, colonies and players (state.py), queries
on a position (board.py), movement allowances (movement.py), space combat (combat.py), the economy
(economy.py), the words players read (text_data.py) and the ``System`` protocol every optional system
follows (system.py). Nothing here imports a system, an opponent or a scenario."""
