"""Terminal view of Space Smugglers, in English or Hungarian."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from galaxis.core.messages import num
from galaxis.games.smugglers.data import COLOURS, sectors, terms

if TYPE_CHECKING:
    from galaxis.core import Game
    from galaxis.games.smugglers.state import SmugglersState

LETTERS = "ABCDEF"


def _words(lang: str) -> dict[str, Any]:
    all_terms = terms()
    words: dict[str, Any] = all_terms.get(lang, all_terms["en"])
    return words


def _goods(words: dict[str, Any], counts: list[int] | dict[str, int]) -> str:
    values = counts if isinstance(counts, list) else [counts[c] for c in COLOURS]
    return ", ".join(f"{words['colours'][c]} {n}" for c, n in zip(COLOURS, values, strict=True))


def _numbers(values: list[int], lang: str) -> str:
    return ", ".join(num(v, lang) for v in values) or "-"


def render_text(game: Game, state: SmugglersState, seat: int | None, lang: str = "en") -> str:
    w = _words(lang)
    obs = game.observation(state, seat)
    table = sectors()

    def name(i: int) -> str:
        colour: str = obs["players"][i]["colour"]
        return str(w["players"].get(colour, colour))

    lines = [
        f"{w['title']} — {w['round']} {obs['round']}/{obs['rounds']} — {w['phase'][obs['phase']]}"
        + (
            f" — {w['to_move']}: " + ", ".join(f"{i} ({name(i)})" for i in obs["to_move"])
            if obs["to_move"]
            else ""
        ),
        "",
        f"{w['sectors']}:",
    ]
    for card in obs["row"]:
        sector = table[card["sector"]]
        planets = " ".join(w["colours"][p] for p in sector.planets)
        ships = " ".join(w["colours"][s] for s in sector.ships)
        station = f" [{w['station']}]" if sector.station else ""
        dice = ", ".join(f"{name(d[0])} {d[1]}" for d in card["dice"]) or "-"
        lines.append(
            f"  {card['label']} {card['sector']}{station}  {w['planets']}: {planets} ({sector.value})  "
            f"{w['ships']}: {ships}  {w['dice']}: {dice}"
        )
    lines.append("")
    lines.append(f"{w['tokens']}: {_numbers(obs['free_tokens'], lang)}")
    pool = obs["pool"]
    lines.append(f"{w['pool']}: {w['energy']} {pool['energy']}; {w['goods']}: {_goods(w, pool['goods'])}")
    lines.append("")
    for i, p in enumerate(obs["players"]):
        you = f" ({w['you']})" if i == seat else ""
        marker = "*" if i in obs["to_move"] else " "
        favs = (
            f"  {w['favourites']}: {w['planets']} {'+'.join(w['colours'][c] for c in p['fav_planets'])}, "
            f"{w['ships']} {'+'.join(w['colours'][c] for c in p['fav_ships'])}"
        )
        lines.append(
            f"{marker} {i} {name(i)}{you}: {w['energy']} {p['energy']}; {w['goods']}: {_goods(w, p['goods'])}; "
            f"{w['dice']}: {p['dice_in_hand']}; {w['tokens']}: {_numbers(p['tokens'], lang)}; "
            f"{w['won']}: {' '.join(p['won']) or '-'}; {w['paid']}: {len(p['paid'])}; "
            f"{w['unpaid']}: {len(p['unpaid'])}; {w['score']}: {num(obs['scores'][i], lang)}"
        )
        if any(obs["options"][k] for k in ("stations", "favourite_ships", "favourite_goods")):
            lines.append(favs)
    lines.append(f"{w['galaxies_left']}: {obs['galaxies_left']}")
    return "\n".join(lines)
