"""Pulsar 2849's components in words (docs/games/pulsar.md §5, §6, §7), for the board's
tiles and tooltips: rewards (§5.7), technologies (§5.5), transmitters (§5.3), goals (§7),
HQ projects (§5.6) and system tiles (§4.3). Texts: data/client.yaml ``words``."""

from __future__ import annotations

from typing import Any

from galaxis.core.messages import fmt
from galaxis.games.pulsar.client import texts
from galaxis.games.pulsar.data import Tech, Transmitter, goals, system_tiles, words
from galaxis.games.pulsar.views import goal_text


def _w(lang: str) -> dict[str, Any]:
    data: dict[str, Any] = texts()["hu" if lang == "hu" else "en"]["words"]
    return data


def say(lang: str, key: str, **values: object) -> str:
    return fmt(lang, str(_w(lang)[key]), **values)


def counted(lang: str, key: str, n: int) -> str:
    """ "1 point" / "3 points" (Hungarian keeps the singular after a number)."""
    return say(lang, f"{key}_pl" if n != 1 else key, n=n)


def either(items: list[str], lang: str) -> str:
    """ "orange, pink or green" / „narancs, rózsaszín vagy zöld”."""
    if len(items) < 2:
        return "".join(items)
    return f"{', '.join(items[:-1])} {_w(lang)['or']} {items[-1]}"


def sizes_words(sizes: list[str] | tuple[str, ...], lang: str) -> str:
    return either([_w(lang)["sizes"][z] for z in sizes], lang)


def gain_item(item: dict[str, Any], lang: str) -> str:
    """One reward item (§5.7) in words."""
    ((key, value),) = item.items()
    w = _w(lang)
    if key in ("vp", "cubes", "pm", "p2", "explore"):
        return counted(lang, key, int(value))
    if key == "gyro":
        return say(lang, "gyro", sizes=sizes_words(value, lang))
    if key in ("red", "red_for_cube"):
        return say(lang, key, v=value)
    if key == "doubler":
        return say(lang, "doubler", silver=value[0], red=value[1])
    if key == "teleport":
        return str(w["teleport"][value])
    if key == "race":
        colours = [words(lang)["colours"][c] for c in value["colours"]]
        return say(lang, "race", colours=either(colours, lang), vp=counted(lang, "vp", value["vp"]))
    return say(lang, key)


def gain_words(items: list[dict[str, Any]] | tuple[dict[str, Any], ...], lang: str) -> str:
    """A reward list in words: "2 points, a ±1 token"."""
    return ", ".join(gain_item(item, lang) for item in items)


def tech_effect(tech: Tech, lang: str) -> str:
    """What a technology does, by its type (§5.5)."""
    w = _w(lang)
    if tech.type == "once":
        return say(lang, "once", gain=gain_words(tech.gain, lang))
    if tech.type == "perm" and tech.when:
        return say(
            lang, "perm", event=w["events"][tech.when["event"]], vp=counted(lang, "vp", tech.when["vp"])
        )
    if tech.type == "prod" and tech.prod:
        return say(lang, "prod", vp=counted(lang, "vp", tech.prod["vp"]), per=w["per"][tech.prod["per"]])
    end = tech.end or {}
    if "per" in end:
        return say(lang, "end", vp=counted(lang, "vp", end["vp"]), per=w["per"][end["per"]])
    if "extra_stations" in end:
        return say(lang, "end_extra", n=end["extra_stations"])
    if "cubes_for_vp" in end:
        cubes, vp = end["cubes_for_vp"]
        return say(lang, "end_cubes", cubes=cubes, vp=vp)
    a, b, c = end["gyro_set"]
    return say(lang, "end_set", a=a, b=b, c=c)


def tech_tip(tid: str, tech: Tech, lang: str) -> str:
    mode = say(lang, "mode_two" if tech.mode == "two" else "mode_lock")
    return say(
        lang, "tech_tip", id=tid, row=int(tid[0]), cost=tech.cost, effect=tech_effect(tech, lang), mode=mode
    )


def tx_prod(tile: Transmitter, lang: str) -> str:
    ((key, n),) = tile.prod.items()
    return fmt(lang, str(_w(lang)["tx_prod"][key]), n=n)


def tx_tip(tile: Transmitter, lang: str) -> str:
    return say(
        lang,
        "tx_tip",
        id=tile.id,
        costs=", ".join(str(c) for c in tile.costs),
        links=", ".join(str(p) for p in tile.links),
        once=gain_words(tile.once, lang),
        prod=tx_prod(tile, lang),
    )


def goal_words(gid: int, lang: str, goal4_any: bool = False) -> str:
    """The goal's condition and points, then its two bonuses bought with cubes (§7 step 2)."""
    g = goals()[gid]
    c1, c2 = counted(lang, "cubes", g.bonus1[0]), counted(lang, "cubes", g.bonus2[0])
    bonus = say(lang, "goal_bonus", c1=c1, v1=g.bonus1[1], c2=c2, v2=g.bonus2[1])
    return f"{goal_text(gid, lang, goal4_any)}; {bonus}"


def system_tip(node: int, tile_id: int, occupants: list[int], lang: str) -> str:
    """A revealed system: its free planets of each kind and its discovery bonus (§4.3)."""
    tile = system_tiles()[tile_id]
    parts = []
    for kind in ("blue", "lifeless"):
        idx = [i for i, (_slot, k, _label) in enumerate(tile.planets) if k == kind and occupants[i] != -2]
        if idx:
            free = sum(1 for i in idx if occupants[i] == -1)
            parts.append(say(lang, f"planets_{kind}", free=free, n=len(idx)))
    return say(
        lang,
        "tile_tip",
        node=node,
        tile=tile_id,
        planets="; ".join(parts),
        bonus=gain_words(tile.bonus, lang),
    )
