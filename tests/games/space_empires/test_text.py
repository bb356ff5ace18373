"""Hungarian and English text (data/text.yaml): action descriptions, names in the views, validation."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
import yaml

from galaxis.core import Action
from galaxis.games.space_empires.base import text_data

from .helpers import start, state, touch

RICH_TECHS = {"fighters": 1, "cloaking": 1, "scanners": 1, "mines": 1, "minesweeping": 1, "ship_size": 3}
WARSHIPS = ("CA", "DD", "R", "CV", "F", "Mine", "SW")


def _play_and_collect(players: int, seed: int, steps: int, **options: Any) -> dict[str, Action]:
    """Random play; one legal action of every kind offered, with the state it was legal in described."""
    m = start(players, seed=seed, **options)
    if players == 2:
        for p in state(m).players:
            p.techs.update(RICH_TECHS)
            p.cp += 200
        touch(m)
    rnd = random.Random(seed)
    seen: dict[str, Action] = {}
    for _ in range(steps):
        if m.is_over:
            break
        seat = rnd.choice(m.to_move)
        legal = m.legal_actions(seat)
        for a in legal:
            key = a.kind if a.kind != "buy" else ("buy_join" if len(a.args) > 2 and a.args[2] else "buy")
            if key not in seen:
                seen[key] = a
                en, hu = m.describe(a), m.describe(a, "hu")
                assert hu != en, (a.notation, en)
                assert "{" not in hu and "}" not in hu and "{" not in en, (a.notation, hu)
                assert hu != a.notation and en != a.notation, a.notation  # not the fallback
        # Buy warships and move a lot, so that more kinds (refit, load, peek, ...) come up.
        preferred = [a for a in legal if a.kind == "buy" and a.args[0] in WARSHIPS] or [
            a for a in legal if a.kind == "move"
        ]
        m.apply(seat, rnd.choice(preferred) if preferred and rnd.random() < 0.8 else rnd.choice(legal))
    return seen


@pytest.mark.parametrize(
    ("players", "seed", "options"),
    [
        (2, 1, {"cycles": 3}),
        (2, 2, {"cycles": 3}),
        (1, 1, {"scenario": "solo_dm", "difficulty": "easy"}),
        (1, 2, {"scenario": "solo_ap", "difficulty": "easy"}),
    ],
)
def test_every_offered_action_kind_has_a_hungarian_description(
    players: int, seed: int, options: dict[str, Any]
) -> None:
    seen = _play_and_collect(players, seed, 1500, **options)
    assert {"move", "bid", "tech", "buy", "done"} <= set(seen), sorted(seen)


def test_the_random_games_cover_many_kinds() -> None:
    seen: set[str] = set()
    # Seeds chosen so that random play buys Exploration and peeks (re-picked when Fast BC became buyable).
    for seed in (1, 2, 10):
        seen |= set(_play_and_collect(2, seed, 3000, cycles=6))
    assert {"refit", "load", "peek", "reveal", "conceal", "split", "merge", "scuttle"} <= seen, sorted(seen)


def test_hungarian_descriptions_use_the_hungarian_names() -> None:
    m = start(2, seed=1)
    assert m.describe("tech move", "hu") == "vásárold meg a Mozgás következő szintjét"
    assert m.describe("tech move") == "buy the next Move level"
    assert (
        m.describe("buy SC 1.1", "hu") == "vásárolj egy Felderítő típusú egységet az 1.1 hexában, új jelzőre"
    )
    assert m.describe("buy SC 1.1 a4") == "buy a Scout at 1.1, joining counter a4"
    assert m.describe("first b", "hu") == "⟨1⟩ mozogjon először"  # the client fills in the name
    assert m.describe("m a1 3.4", "hu") == "mozgasd az a1 jelzőt a 3.4 hexába"
    assert m.describe("m b2 5.1", "hu") == "mozgasd a b2 jelzőt az 5.1 hexába"


def test_an_unknown_language_falls_back_to_english() -> None:
    m = start(2, seed=1)
    assert m.describe("m a1 3.4", "xx") == m.describe("m a1 3.4") == "move a1 to hex 3.4"
    assert m.render_text(0, "xx") == m.render_text(0)
    assert m.render_svg(0, "xx") == m.render_svg(0)


def test_bad_notations_are_shown_as_they_are_in_hungarian_too() -> None:
    m = start(2, seed=1)
    assert m.describe("buy XX 1.1", "hu") == "buy XX 1.1"
    assert m.describe("m", "hu") == "m"
    assert m.describe("frobnicate 3", "hu") == "frobnicate 3"


def test_render_text_in_hungarian_names_units_and_technologies() -> None:
    m = start(2, seed=1)
    hu, en = m.render_text(0, "hu"), m.render_text(0)
    assert "Felderítő" in hu and "Hajógyár" in hu and "Kolóniahajó" in hu
    assert "Hajóméret" in hu and "Ciklus" in hu and "kolónia" in hu
    assert "Felderítő" not in en and "Cycle" in en and "SCx" in en


@pytest.mark.parametrize("scenario", ["solo_dm", "solo_ap"])
def test_the_solo_opponents_lines_in_hungarian(scenario: str) -> None:
    m = start(1, seed=1, scenario=scenario, difficulty="easy")
    hu, en = m.render_text(0, "hu"), m.render_text(0)
    names = {
        "solo_dm": ("Egyszemélyes: Világvége Gépek", "Solo, Doomsday Machines"),
        "solo_ap": ("Egyszemélyes: idegen játékosok", "Solo, Alien Players"),
    }
    assert (
        f"forgatókönyv: {names[scenario][0]} (könnyű)" in hu
        and f"scenario: {names[scenario][1]} (easy)" in en
    )
    if scenario == "solo_dm":
        assert "megsemmisített Világvége Gépek" in hu and "Doomsday Machines destroyed" in en
    else:
        assert "idegen" in hu and "flották" in hu and "fleets" in en


def test_render_svg_in_hungarian() -> None:
    m = start(2, seed=1)
    hu, en = m.render_svg(0, "hu"), m.render_svg(0)
    assert "Felderítő" in hu and "Ciklus" in hu and "Hajóméret" in hu
    assert "Felderítő" not in en and "Cycle" in en


def test_every_unit_technology_and_marker_has_a_hungarian_name() -> None:
    t = text_data.text()
    assert t.units["SC"] == "Felderítő" and t.techs["cloaking"] == "Álcázás"
    assert text_data.marker_name("black_hole", "hu") == "Fekete Lyuk"
    assert text_data.unit_name("?", "hu") == "?"


def _broken(tmp_path: Path, change: Any) -> Path:
    raw = yaml.safe_load(text_data.TEXT_FILE.read_text(encoding="utf-8"))
    change(raw)
    path = tmp_path / "text.yaml"
    path.write_text(yaml.safe_dump(raw, allow_unicode=True), encoding="utf-8")
    return path


def test_the_shipped_file_loads(tmp_path: Path) -> None:
    text_data.load(_broken(tmp_path, lambda raw: None))


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda raw: raw["actions"]["move"].pop("hu"), "actions.move has no 'hu' text"),
        (lambda raw: raw["actions"]["bid"].pop("en"), "actions.bid has no 'en' text"),
        (lambda raw: raw["actions"].pop("peek"), "missing ['peek']"),
        (lambda raw: raw["actions"]["move"].update(hu="{counter} mozog"), "actions.move.hu uses ['counter']"),
        (
            lambda raw: raw["actions"]["tech"].update(en="buy {tech"),
            "actions.tech.en is not a valid template",
        ),
        (lambda raw: raw["words"]["cycle"].pop("hu"), "words.cycle has no 'hu' text"),
        (lambda raw: raw["units"].pop("DD"), "units: missing ['DD']"),
        (lambda raw: raw["techs"].update(warp=""), "techs must map ids"),
        (lambda raw: raw["markers"].pop("nebula"), "markers: missing ['nebula']"),
    ],
)
def test_validation_rejects_a_broken_copy(tmp_path: Path, change: Any, message: str) -> None:
    path = _broken(tmp_path, change)
    with pytest.raises(ValueError, match=None) as err:
        text_data.load(path)
    assert message in str(err.value)


# One notation per template (kinds that random play rarely reaches, such as combat, too).
SAMPLES = {
    "move": "m a1 3.4",
    "colonize": "c a2",
    "target": "t b3",
    "retreat": "retreat a1 2.2",
    "bomb": "bomb a1",
    "destroy": "destroy a1",
    "boom": "boom a1",
    "hold": "hold",
    "lost": "lost 3.3",
    "first": "first a",
    "bid": "bid 4",
    "tech": "tech cloaking",
    "buy": "buy CA 1.1",
    "buy_join": "buy CA 1.1 a7",
    "split": "split a1",
    "merge": "merge a1 a2",
    "done": "done",
    "fight": "fight",
    "screen": "screen a4",
    "refit": "refit a4",
    "load": "load a9 a8",
    "unload": "unload a9",
    "end": "end",
    "sling": "sling a1 4.4",
    "scuttle_menu": "scuttle",
    "scuttle": "scuttle a1",
    "keep": "keep",
    "peek": "peek a3 5.5",
    "reveal": "reveal",
    "conceal": "conceal",
    "withdraw": "withdraw a6",
    "engage": "engage",
    "steer": "steer m1 7.1",
    "early": "early 5",
    "expand": "expand x1 7.1",
    "feed": "feed a3",
    "detonate": "detonate a4",
    "spare": "spare",
    "scrap": "scrap a1",
    "ground": "ground Marines 1.1",
    "ground_free": "ground_free Infantry 1.1",
    "embark": "embark a5 GravArmor",
    "disembark": "disembark a5",
    "land": "land",
    "gt": "gt g3",
    "steal": "steal cloaking",
    "ea": "ea industrious_race",
    "ea_bid": "ea_bid 12",
    "ea_pass": "ea_pass",
    "ea_take": "ea_take industrious_race",
    "gates": "gates 3.6",
    "gate": "gate Infantry 3.6",
    "fgate": "fgate a7 3.6",
    "cgate": "cgate a8 3.6",
    "gclose": "gclose",
    "assault": "assault 3.6 Marines",
    "charge": "charge",
    "gretreat": "gretreat g2 3.6",
    "flee": "flee Marines 3.6",
    "stay": "stay",
    "react": "react b3 4.5",  # §10.6
    "ignore": "ignore",
    "research_center": "research_center 4.5",  # §10.7
    "industrial_center": "industrial_center 4.5",
    "alien_keep": "alien_keep 16",
    "alien_pay": "alien_pay 22",
    "alien_decline": "alien_decline 3",
    "head": "head cloaking",
    "head_done": "head done",
    "relic": "relic a4",
    "deliver": "deliver a4",
}


def test_every_template_is_used_in_both_languages() -> None:
    assert set(SAMPLES) == set(text_data.ACTION_FIELDS)
    m = start(2, seed=1)
    for kind, notation in SAMPLES.items():
        en, hu = m.describe(notation), m.describe(notation, "hu")
        assert en != notation and hu != notation and hu != en, (kind, en, hu)
        assert "{" not in hu + en and "}" not in hu + en, (kind, en, hu)
        for word in notation.split()[1:]:
            # ids shown as names or as "player a"; "head done" is the Advanced Start's end (§12.1.5)
            if word not in (
                "CA",
                "cloaking",
                "a",
                "Marines",
                "Infantry",
                "GravArmor",
                "industrious_race",
                "done",
            ):
                assert word in en and word in hu, (kind, word, en, hu)
    assert "Cirkáló" in m.describe(SAMPLES["buy"], "hu") and "Álcázás" in m.describe(SAMPLES["tech"], "hu")
    assert "Szorgalmas faj" in m.describe(SAMPLES["ea"], "hu")  # the seed's name (§10.4)
