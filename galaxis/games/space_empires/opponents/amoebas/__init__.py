"""The Space Amoebas (docs/games/space_empires.md §13.11): their state, moves and tables."""
