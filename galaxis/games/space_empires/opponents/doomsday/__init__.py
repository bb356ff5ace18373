"""The Doomsday Machines of the cooperative scenarios (docs/games/space_empires.md §13.10)."""
