"""`galaxis list` and `galaxis rules`."""

from __future__ import annotations

import json

import pytest

from galaxis.cli import app


def test_list_shows_every_game_with_players_and_options(runner, toy):
    result = runner.invoke(app, ["list"])
    assert result.exit_code == 0, result.output
    assert "smugglers" in result.stdout
    assert "toy_gops" in result.stdout
    assert "2-3" in result.stdout  # the toy's player range
    assert "cards=5" in result.stdout  # the toy's option with its default


def test_list_json_is_the_game_info_list(runner, toy):
    result = runner.invoke(app, ["list", "--json"])
    assert result.exit_code == 0, result.output
    games = {g["id"]: g for g in json.loads(result.stdout)}
    assert {"smugglers", "toy_gops"} <= set(games)
    toy_info = games["toy_gops"]
    assert (toy_info["min_players"], toy_info["max_players"]) == (2, 3)
    assert toy_info["options"]["cards"]["default"] == 5
    assert games["smugglers"]["options"]["mode"]["choices"] == ["turns", "realtime"]


def test_list_without_the_toy_does_not_show_it(runner, monkeypatch):
    # other suites in the same xdist worker may have registered the toy for good
    from galaxis.core import registry

    monkeypatch.setattr(registry, "_loaded", {k: v for k, v in registry._loaded.items() if k != "toy_gops"})
    result = runner.invoke(app, ["list", "--json"])
    assert "toy_gops" not in {g["id"] for g in json.loads(result.stdout)}


def test_rules_print_the_games_text_in_each_language(runner, toy, monkeypatch):
    texts = {"en": "Bid your cards for the prizes.", "hu": "Licitálj a kártyáiddal a díjakra."}
    monkeypatch.setattr(toy.GAME, "rules_text", lambda lang="en": texts[lang])
    for lang, text in texts.items():
        result = runner.invoke(app, ["rules", "toy_gops", "--lang", lang])
        assert result.exit_code == 0, result.output
        assert result.stdout.strip() == text
    default = runner.invoke(app, ["rules", "toy_gops"])
    assert default.stdout.strip() == texts["en"]


@pytest.mark.parametrize("lang", ["en", "hu"])
def test_smugglers_rules_exist_in_both_languages(runner, lang):
    result = runner.invoke(app, ["rules", "smugglers", "--lang", lang])
    assert result.exit_code == 0, result.output
    assert len(result.stdout) > 500


def test_smugglers_rules_differ_between_languages(runner):
    en = runner.invoke(app, ["rules", "smugglers", "--lang", "en"]).stdout
    hu = runner.invoke(app, ["rules", "smugglers", "--lang", "hu"]).stdout
    assert en != hu
