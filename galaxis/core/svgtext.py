"""Text on SVG boards: measured, wrapped and fitted on the server, without a browser.

A board drawn as SVG cannot ask the browser how wide a line will be, so the widths of
DejaVu Sans (``data/dejavu_widths.json``, written by ``scripts/font_widths.py``) stand
in for it. Drawings name ``FONT`` as their font stack: DejaVu Sans is Debian's and most
Linux browsers' sans-serif, and the fallbacks are no wider, so a measured line fits.
``text`` also squeezes a line that would still overflow its box (``textLength``), so
nothing ever runs over the edge of a card or a tile.
"""

from __future__ import annotations

import json
from functools import cache
from html import escape
from pathlib import Path

FONT = "DejaVu Sans, Verdana, sans-serif"
FALLBACK = 620  # thousandths of an em for a character the table lacks


@cache
def _widths() -> dict[str, dict[str, int]]:
    path = Path(__file__).parent / "data" / "dejavu_widths.json"
    data: dict[str, dict[str, int]] = json.loads(path.read_text(encoding="utf-8"))
    return data


def text_width(text: str, size: float, bold: bool = False) -> float:
    """The width of ``text`` at font size ``size`` (in the drawing's units)."""
    table = _widths()["bold" if bold else "regular"]
    return sum(table.get(ch, FALLBACK) for ch in text) * size / 1000


def wrap(text: str, width: float, size: float, bold: bool = False) -> list[str]:
    """``text`` broken into lines no wider than ``width`` at ``size``: at spaces, and
    inside a word only when the word alone is wider than a line."""
    lines: list[str] = []
    for paragraph in text.split("\n"):
        line = ""
        for word in paragraph.split():
            candidate = f"{line} {word}" if line else word
            if text_width(candidate, size, bold) <= width:
                line = candidate
                continue
            if line:
                lines.append(line)
            while text_width(word, size, bold) > width and len(word) > 1:
                cut = len(word) - 1
                while cut > 1 and text_width(word[:cut] + "-", size, bold) > width:
                    cut -= 1
                lines.append(word[:cut] + "-")
                word = word[cut:]
            line = word
        lines.append(line)
    return [line for line in lines if line] or [""]


def fit(
    text: str, width: float, size: float, lines: int, bold: bool = False, smallest: float | None = None
) -> tuple[float, list[str]]:
    """The largest font size from ``size`` down to ``smallest`` (default 80 % of it) at
    which ``text`` wraps into at most ``lines`` lines of ``width``; at the smallest size
    the lines beyond ``lines`` are dropped and the last one ends with "…"."""
    low = smallest if smallest is not None else size * 0.8
    current = size
    while True:
        wrapped = wrap(text, width, current, bold)
        if len(wrapped) <= lines:
            return current, wrapped
        if current - 0.5 < low:
            break
        current -= 0.5
    kept = wrapped[:lines]
    last = kept[-1]
    while last and text_width(last + "…", current, bold) > width:
        last = last[:-1].rstrip()
    kept[-1] = last + "…"
    return current, kept


def text(
    x: float,
    y: float,
    content: str,
    size: float,
    *,
    fill: str,
    bold: bool = False,
    anchor: str = "start",
    width: float | None = None,
    extra: str = "",
) -> str:
    """One ``<text>`` element; squeezed to ``width`` if it would be wider."""
    attrs = f'x="{x:g}" y="{y:g}" font-size="{size:g}" fill="{fill}"'
    if bold:
        attrs += ' font-weight="bold"'
    if anchor != "start":
        attrs += f' text-anchor="{anchor}"'
    if width is not None and text_width(content, size, bold) > width:
        attrs += f' textLength="{width:g}" lengthAdjust="spacingAndGlyphs"'
    if extra:
        attrs += f" {extra}"
    return f"<text {attrs}>{escape(content, quote=False)}</text>"
