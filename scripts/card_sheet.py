"""Renders every card of a game's pool to one contact sheet image (issue #23):
``docs/screenshots/<game>-cards-<lang>.png``, each card's whole face as ``Game.piece_svg``
draws it, in pool order, drawn by Debian's Chromium (Playwright).

    python scripts/card_sheet.py [--game kaosz] [--lang en] [--columns 18] [--scale 1.2]

A look at the sheet shows at once a face whose text overflows or a race colour that is off;
tests/games/kaosz/test_faces.py checks each face's values against the card data."""

from __future__ import annotations

import argparse
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CHROMIUM = "/usr/bin/chromium"


def sheet_html(game_id: str, lang: str, columns: int, scale: float) -> str:
    from galaxis.core import get_game

    game = get_game(game_id)
    pool = game.card_pool(lang)
    if pool is None:
        raise SystemExit(f"{game_id} has no card pool")
    width, height = 100 * scale, 140 * scale
    cells = []
    for card in pool["cards"]:
        svg = game.piece_svg(card["id"], lang) or ""
        svg = svg.replace("<svg ", f'<svg width="{width:g}" height="{height:g}" ', 1)
        cells.append(f"<div>{svg}</div>")
    return (
        "<!doctype html><html><head><meta charset='utf-8'><style>"
        f"body{{margin:0;background:#0d1021}}main{{display:grid;grid-template-columns:repeat({columns},{width:g}px);"
        f"gap:6px;padding:8px}}main div{{width:{width:g}px;height:{height:g}px}}"
        "</style></head><body><main>" + "".join(cells) + "</main></body></html>"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="kaosz")
    parser.add_argument("--lang", default="en", choices=["en", "hu"])
    parser.add_argument("--columns", type=int, default=18)
    parser.add_argument("--scale", type=float, default=1.2)
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    html = sheet_html(args.game, args.lang, args.columns, args.scale)
    out = ROOT / "docs" / "screenshots" / f"{args.game}-cards-{args.lang}.png"
    width = int(args.columns * (100 * args.scale + 6) + 16)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM)
        page = browser.new_page(viewport={"width": width, "height": 900})
        page.set_content(html)
        page.screenshot(path=str(out), full_page=True)
        browser.close()
    print(out)


if __name__ == "__main__":
    main()
