"""``galaxis cards kaosz [--json]`` and ``galaxis deck check FILE | --all-starters``.

Registered into the main CLI by ``register(app)``. User errors print one line on
stderr and exit with code 2; a rejected deck exits with code 1.
"""

from __future__ import annotations

import json
from pathlib import Path

import typer

from galaxis.games.kaosz.cards import pool, race_profiles
from galaxis.games.kaosz.decks import check_deck, load_deck_file, starter_titles, starters

RACE_CHOICES = ("standard", "four", "free")


def _fail(message: str) -> None:
    typer.echo(f"galaxis: error: {message}", err=True)
    raise typer.Exit(2)


def cards_command(
    game: str = typer.Argument("kaosz", help="The card game (only kaosz has cards)."),
    as_json: bool = typer.Option(False, "--json", help="Print the pool as JSON."),
    race: str = typer.Option(
        "", "--race", help="Only one race (human, xeno, insect, carno, cerebrite, zarg, triciplite, shark)."
    ),
) -> None:
    """List the card pool: name, race, type, subtype, cost, stats, rarity, text."""
    if game != "kaosz":
        _fail(f"{game!r} has no card pool; only kaosz does")
    cards = [c for c in pool().values() if not race or c.race == race]
    if race and not cards:
        _fail(f"unknown race {race!r}; races: {', '.join(race_profiles())}")
    if as_json:
        typer.echo(json.dumps([c.to_json() for c in cards], ensure_ascii=False, indent=1))
        return
    for c in cards:
        stats = (
            "-".join(str(c.stat(k)) for k in ("speed", "firepower", "armour", "bombard"))
            if c.type == "ship"
            else ""
        )
        if c.type == "base":
            stats = f"limit {c.limit}, armour {c.stat('armour')}"
        tag = " [rulebook]" if c.named else ""
        typer.echo(
            f"{c.name} ({c.name_en}){tag} | {c.race} | {c.type}/{c.subtype} | {c.cost} CR | {stats} | "
            f"{c.rarity} | {c.summary_text()}"
        )
    typer.echo(f"{len(cards)} cards")


deck_app = typer.Typer(help="Káosz Galaktika decks.", no_args_is_help=True)


@deck_app.command("check")
def deck_check(
    file: Path | None = typer.Argument(None, help="A deck file: lines like '3 Cobra Flash' or card ids."),
    all_starters: bool = typer.Option(False, "--all-starters", help="Check every starter deck."),
    races: str = typer.Option("standard", "--races", help="standard, four or free (§10.3)."),
    simple_combat: bool = typer.Option(
        False, "--simple-combat", help="Apply the simplified combat ban (§10.2)."
    ),
) -> None:
    """Validate a deck file or every starter; exit code 1 when a deck is illegal."""
    if races not in RACE_CHOICES:
        _fail(f"--races must be one of {', '.join(RACE_CHOICES)}, not {races!r}")
    decks: dict[str, list[str]] = {}
    if all_starters:
        decks = {f"{name} ({starter_titles()[name]})": ids for name, ids in starters().items()}
    elif file is None:
        _fail("give a deck FILE or --all-starters")
    else:
        try:
            decks = {str(file): load_deck_file(file)}
        except ValueError as exc:
            _fail(str(exc))
    bad = 0
    for name, ids in decks.items():
        errors = check_deck(ids, races, simple_combat)
        if errors:
            bad += 1
            typer.echo(f"{name}: ILLEGAL")
            for e in errors:
                typer.echo(f"  - {e}")
        else:
            typer.echo(
                f"{name}: legal ({len(ids)} cards, races {', '.join(sorted({pool()[c].race for c in ids}))})"
            )
    if bad:
        raise typer.Exit(1)


def register(app: typer.Typer) -> None:
    app.command("cards")(cards_command)
    app.add_typer(deck_app, name="deck")
