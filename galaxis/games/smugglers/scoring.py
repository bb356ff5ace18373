"""Final scoring (docs/games/smugglers.md §4 and §6.1–§6.3)."""

from __future__ import annotations

from typing import Any

from galaxis.games.smugglers.data import COLOURS, Sector, sectors, sheets
from galaxis.games.smugglers.state import Player, SmugglersState


def sector_points(card: Sector, fav_planets: tuple[str, ...] | None) -> int:
    """§3.4 / §6.1: a sector scores its planets; with stations in play, a station sector
    scores only the planets in the holder's favourite colours."""
    if fav_planets is None or not card.station:
        return card.value
    return sum(1 for planet in card.planets if planet in fav_planets)


def ship_counts(
    player: Player, scoring_only: bool = False, fav_planets: tuple[str, ...] | None = None
) -> list[int]:
    """Coloured ships (cruisers excluded) on the player's face-up sectors, by colour (§D4);
    with ``scoring_only``, only on sectors worth at least one point to the player."""
    table = sectors()
    counts = [0, 0, 0, 0]
    for cid in player.paid:
        if scoring_only and sector_points(table[cid], fav_planets) == 0:
            continue
        for ship in table[cid].ships:
            if ship != "x":
                counts[COLOURS.index(ship)] += 1
    return counts


def favourite_ship_bonus(state: SmugglersState) -> list[int]:
    """§6.2: +3 for each favourite ship colour in which the player holds the most ships,
    plus 1 for every other player who shares that favourite colour."""
    sheet = sheets()
    counts = [
        ship_counts(p, state.majority_scoring_only, sheet[p.colour].fav_planets if state.stations else None)
        for p in state.players
    ]
    favs = [sheet[p.colour].fav_ships for p in state.players]
    bonus = [0] * len(state.players)
    for seat, player_favs in enumerate(favs):
        for colour in player_favs:
            c = COLOURS.index(colour)
            mine = counts[seat][c]
            if mine == 0:
                continue
            best_other = max((counts[o][c] for o in range(len(counts)) if o != seat), default=0)
            if mine > best_other or (state.majority_ties_share and mine == best_other):
                sharers = sum(1 for o, f in enumerate(favs) if o != seat and colour in f)
                bonus[seat] += 3 + sharers
    return bonus


def forgiven_goods(state: SmugglersState, player: Player) -> int:
    """§6.3: one leftover good of each favourite-ship colour costs nothing."""
    if not state.fav_goods:
        return 0
    favs = sheets()[player.colour].fav_ships
    return sum(1 for colour in favs if player.goods[COLOURS.index(colour)] > 0)


def breakdown(state: SmugglersState) -> list[dict[str, Any]]:
    """Every player's score, item by item (§4)."""
    table, sheet = sectors(), sheets()
    majority = favourite_ship_bonus(state) if state.fav_ships else [0] * len(state.players)
    rows = []
    for seat, p in enumerate(state.players):
        favs = sheet[p.colour].fav_planets if state.stations else None
        planets = sum(sector_points(table[cid], favs) for cid in p.paid)
        unpaid = sum(table[cid].value for cid in p.unpaid)  # all planets, whatever their colour
        goods_left = sum(p.goods)
        forgiven = forgiven_goods(state, p)
        total = planets - unpaid - p.energy - (goods_left - forgiven) + majority[seat]
        rows.append(
            {
                "planets": planets,
                "unpaid": -unpaid,
                "energy": -p.energy,
                "goods": -(goods_left - forgiven),
                "forgiven_goods": forgiven,
                "ship_majorities": majority[seat],
                "total": total,
                "paid_sectors": len(p.paid),
                "goods_left": goods_left,
                "energy_left": p.energy,
            }
        )
    return rows


def ranking_key(row: dict[str, Any]) -> tuple[int, int, int, int]:
    """§4.1: most points; then fewer goods left; then less energy; then more paid sectors."""
    return (row["total"], -row["goods_left"], -row["energy_left"], row["paid_sectors"])
