"""Terminal view of a Káosz Galaktika match, in English or Hungarian."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from galaxis.core.messages import fmt
from galaxis.games.kaosz.effects import words

if TYPE_CHECKING:
    from galaxis.core import Game
    from galaxis.games.kaosz.state import KaoszState


def _card(v: dict[str, Any], w: dict[str, Any], lang: str, in_play: bool = True) -> str:
    name = v.get("name") if lang == "hu" else v.get("name_en")
    label = f"{v['id']} {name}" if name else f"{v['id']} ({w['face_down']})"
    if name and not v["up"] and in_play:
        label += f" ({w['face_down']})"
    if "stats" in v:
        st = v["stats"]
        label += f" {st['speed']}-{st['firepower']}-{v['armour_left']}/{st['armour']}-{st['bombard']}"
    if v.get("upgrades"):
        label += f" +{v['upgrades']}"
    if v.get("choice"):
        label += f" ({w['stats'].get(v['choice'], v['choice'])})"
    if v.get("aboard"):
        label += " {" + ", ".join(_card(a, w, lang) for a in v["aboard"]) + "}"
    if v["state"] != "active":
        label += f" [{w['states'][v['state']]}]"
    return label


def render_text(g: Game, s: KaoszState, seat: int | None, lang: str = "en") -> str:
    obs = g.observation(s, seat)
    lang = lang if lang in ("en", "hu") else "en"
    w = words(lang)
    decision = w["decisions"].get(obs["decision"], obs["decision"]) if obs["decision"] else "-"
    to_move = ", ".join(str(x) for x in obs["to_move"]) or "-"
    lines = [
        f"{w['title']} — {w['round']} {obs['round']}, {w['phases'].get(obs['phase'], obs['phase'])}; "
        f"{w['decides']}: {to_move} ({decision})"
    ]
    for p in obs["players"]:
        lines.append(
            f"{w['seat']} {p['seat']}{' *' if p['seat'] == obs['active'] else ''}: {w['credits']} {p['credits']}, "
            f"{w['colony']} {p['colony']}, {w['hand']} {p['hand']}, {w['wreck']} {p['wreck']}, "
            f"{w['trash']} {len(p['trash'])}" + (f" ({w['out']})" if p["out"] else "")
        )
        for zone in ("hangar", "canteen", "surface"):
            if p[zone]:
                lines.append(f"  {w[zone]}: " + "; ".join(_card(v, w, lang) for v in p[zone]))
        if "hand_cards" in p:
            lines.append(
                f"  {w['your_hand']}: " + "; ".join(_card(v, w, lang, False) for v in p["hand_cards"])
            )
    if obs["stack"]:
        lines.append(
            f"{w['stack']}: "
            + " <- ".join(
                _card(it["card"], w, lang)
                + (f" ({w['stack_kinds'][it['kind']]})" if it["kind"] != "card" else "")
                + (f" ({w['neutralised']})" if it["neutralized"] else "")
                for it in obs["stack"]
            )
        )
    cb = obs["combat"]
    if cb:
        target = w["targets"].get(cb["target"], cb["target"]) + (
            f" {cb['target_card']}" if cb["target_card"] else ""
        )
        stage = w["stages"].get(cb["stage"].split("_")[0], cb["stage"])
        ships = " | ".join(", ".join(side) or "-" for side in cb["ships"])
        lines.append(
            f"{w['combat']}: "
            + fmt(
                lang,
                w["combat_line"],
                attacker=cb["attacker"],
                defender=cb["defender"],
                target=target,
                stage=stage,
                ships=ships,
            )
        )
    return "\n".join(lines)
