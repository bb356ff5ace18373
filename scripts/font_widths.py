"""Writes galaxis/core/data/dejavu_widths.json: the advance width of each character of
DejaVu Sans (regular and bold), in thousandths of an em, for galaxis/core/svgtext.py.

Boards name ``DejaVu Sans`` first in their font stacks (Debian's and many Linux
browsers' sans-serif; Verdana, the usual fallback elsewhere, is about as wide), so a
line measured with these widths fits. Run it again only to add characters:
``python scripts/font_widths.py`` (needs matplotlib, which bundles the font)."""

from __future__ import annotations

import json
import os
from pathlib import Path

OUT = Path(__file__).resolve().parents[1] / "galaxis" / "core" / "data" / "dejavu_widths.json"
# Printable ASCII, Latin-1, Latin Extended-A (Hungarian ő ű), and the punctuation and
# symbols the games write.
CHARS = (
    [chr(c) for c in range(32, 127)]
    + [chr(c) for c in range(0xA0, 0x180)]
    + list("–—‘’‚“”„…·•×÷−→←↑↓⇄★☆●○◆◇■□▲▼►◄✓✗✦⚔⌛⟳⟲")
)


def widths(path: str) -> dict[str, int]:
    from matplotlib.ft2font import FT2Font, LoadFlags

    font = FT2Font(path)
    em = font.units_per_EM
    out = {}
    for ch in CHARS:
        if font.get_char_index(ord(ch)) == 0:
            continue  # not in the font: measured as the fallback width
        advance = font.load_char(ord(ch), flags=LoadFlags.NO_SCALE).horiAdvance
        out[ch] = round(1000 * advance / em)
    return out


def main() -> None:
    import matplotlib

    fonts = Path(os.path.dirname(matplotlib.__file__)) / "mpl-data" / "fonts" / "ttf"
    data = {
        "font": "DejaVu Sans",
        "units": "1/1000 em",
        "regular": widths(str(fonts / "DejaVuSans.ttf")),
        "bold": widths(str(fonts / "DejaVuSans-Bold.ttf")),
    }
    OUT.write_text(json.dumps(data, ensure_ascii=False, sort_keys=True) + "\n", encoding="utf-8")
    print(f"{OUT}: {len(data['regular'])} + {len(data['bold'])} characters")


if __name__ == "__main__":
    main()
