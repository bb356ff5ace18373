"""Small helpers for the games' SVG boards (docs/architecture.md, "The client contract").

A board is one ``<svg>`` with a ``viewBox``; an element that legal actions refer to carries
``data-target``; a component a player may want to read carries ``data-tip`` (its rule in
words), which the browser client shows on hover, focus and long press; ``data-key`` names an
element whose change the client marks after an update. These helpers write those
attributes escaped, so a game's drawing code stays a list of strings.
"""

from __future__ import annotations

from collections.abc import Iterable
from html import escape

FONT = "sans-serif"


def attrs(**values: object) -> str:
    """``key="value"`` pairs (``data_tip`` is written ``data-tip``; None and False are left out)."""
    out = []
    for key, value in values.items():
        if value is None or value is False:
            continue
        name = key.rstrip("_").replace("_", "-")
        if isinstance(value, float):
            value = f"{value:.1f}".rstrip("0").rstrip(".")
        out.append(f' {name}="{escape(str(value), quote=True)}"')
    return "".join(out)


def text(
    x: float,
    y: float,
    words: object,
    size: float = 13,
    *,
    anchor: str = "start",
    fill: str = "#e8ecff",
    weight: str = "normal",
    **extra: object,
) -> str:
    """One line of text; ``extra`` are further attributes (``font_style="italic"``...)."""
    return (
        f"<text{attrs(x=float(x), y=float(y), font_size=float(size), text_anchor=anchor, fill=fill)}"
        f"{attrs(font_weight=None if weight == 'normal' else weight, font_family=FONT, **extra)}>"
        f"{escape(str(words), quote=False)}</text>"
    )


def group(
    children: Iterable[str] | str,
    *,
    target: str | None = None,
    tip: str | None = None,
    key: str | None = None,
    **extra: object,
) -> str:
    """A ``<g>``: a board target (``data-target``) and/or a component with a tip (``data-tip``)."""
    body = children if isinstance(children, str) else "".join(children)
    return f"<g{attrs(data_target=target, data_key=key, data_tip=tip or None, **extra)}>{body}</g>"


def svg_open(width: float, height: float, game: str, *, background: str = "") -> str:
    """The root element (with its ``viewBox``) and an optional full-size background."""
    w, h = f"{width:.0f}", f"{height:.0f}"
    head = (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {w} {h}" width="{w}" height="{h}"'
        f"{attrs(data_game=game)}>"
    )
    return head + (f'<rect width="{w}" height="{h}" fill="{background}"/>' if background else "")


def style(game: str, rules: Iterable[str]) -> str:
    """A ``<style>`` for one game's board; each rule is scoped to ``svg[data-game=<game>]``
    (the style applies to the whole page once the board is in it)."""
    scope = f'svg[data-game="{game}"]'
    body = " ".join(rule.replace("&", scope) for rule in rules)
    return f"<style>{escape(body, quote=False)}</style>"
