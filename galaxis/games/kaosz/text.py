"""Terminal view of a Káosz Galaktika match."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from galaxis.core import Game
    from galaxis.games.kaosz.state import KaoszState

ROT = {"active": "", "used": " [used]", "damaged": " [damaged]"}
ROT_HU = {"active": "", "used": " [használt]", "damaged": " [sérült]"}
LABELS = {
    "en": {
        "seat": "Seat",
        "credits": "credits",
        "colony": "colony",
        "hand": "hand",
        "wreck": "wreck",
        "trash": "trash",
        "hangar": "Hangar",
        "canteen": "Canteen",
        "surface": "Surface",
        "stack": "Stack",
        "combat": "Combat",
        "round": "Round",
        "down": "face down",
        "you": "Your hand",
        "decides": "to decide",
    },
    "hu": {
        "seat": "Játékos",
        "credits": "credit",
        "colony": "kolónia",
        "hand": "központ",
        "wreck": "pusztulat",
        "trash": "szemét",
        "hangar": "Hangár",
        "canteen": "Kantin",
        "surface": "Felszín",
        "stack": "Megszakítások",
        "combat": "Harc",
        "round": "Kör",
        "down": "képpel lefelé",
        "you": "Kezed",
        "decides": "dönt",
    },
}


def _card(v: dict[str, Any], lang: str, in_play: bool = True) -> str:
    rot = (ROT_HU if lang == "hu" else ROT)[v["state"]]
    name = v.get("name") if lang == "hu" else v.get("name_en")
    label = f"{v['id']} {name}" if name else f"{v['id']} ({LABELS[lang]['down']})"
    if name and not v["up"] and in_play:
        label += f" ({LABELS[lang]['down']})"
    if "stats" in v:
        st = v["stats"]
        label += f" {st['speed']}-{st['firepower']}-{v['armour_left']}/{st['armour']}-{st['bombard']}"
    if v.get("upgrades"):
        label += f" +{v['upgrades']}"
    if v.get("choice"):
        label += f" ({v['choice']})"
    if v.get("aboard"):
        label += " {" + ", ".join(_card(a, lang) for a in v["aboard"]) + "}"
    return label + rot


def render_text(g: Game, s: KaoszState, seat: int | None, lang: str = "en") -> str:
    obs = g.observation(s, seat)
    t = LABELS.get(lang, LABELS["en"])
    lang = lang if lang in LABELS else "en"
    lines = [
        f"Káosz Galaktika — {t['round']} {obs['round']}, {obs['phase']}; {t['decides']}: {obs['to_move']} ({obs['decision']})"
    ]
    for p in obs["players"]:
        lines.append(
            f"{t['seat']} {p['seat']}{' *' if p['seat'] == obs['active'] else ''}: {p['credits']} {t['credits']}, "
            f"{t['colony']} {p['colony']}, {t['hand']} {p['hand']}, {t['wreck']} {p['wreck']}, {t['trash']} {len(p['trash'])}"
            + (" OUT" if p["out"] else "")
        )
        for zone in ("hangar", "canteen", "surface"):
            if p[zone]:
                lines.append(f"  {t[zone]}: " + "; ".join(_card(v, lang) for v in p[zone]))
        if "hand_cards" in p:
            lines.append(f"  {t['you']}: " + "; ".join(_card(v, lang, False) for v in p["hand_cards"]))
    if obs["stack"]:
        kinds = {"pay": " (payment)", "ability": " (ability)", "card": ""}
        lines.append(
            f"{t['stack']}: "
            + " <- ".join(
                _card(it["card"], lang)
                + kinds.get(it["kind"], "")
                + (" (neutralised)" if it["neutralized"] else "")
                for it in obs["stack"]
            )
        )
    cb = obs["combat"]
    if cb:
        lines.append(
            f"{t['combat']}: {cb['attacker']} -> {cb['defender']} ({cb['target']} {cb['target_card'] or ''}), "
            f"{cb['stage']}; ships {cb['ships']}"
        )
    return "\n".join(lines)
