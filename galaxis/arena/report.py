"""The HTML report: tables of the summary and matplotlib plots.

The HTML file is self-contained (each PNG is embedded as base64); the same
PNGs are also written beside it as ``<stem>-<game>-<plot>.png``. matplotlib is
in the ``reports`` extra (``pip install 'galaxis[reports]'``); without it the
report says so in one line instead of failing.
"""

from __future__ import annotations

import base64
import html
import io
import json
from pathlib import Path
from typing import Any

from galaxis.core.errors import GalaxisError
from galaxis.core.messages import Catalogue

MSG = Catalogue.for_package(__name__)  # galaxis/arena/data/messages.yaml

MISSING_MATPLOTLIB = (
    "the HTML report draws its plots with matplotlib, which is not installed; "
    "install the reports extra: pip install 'galaxis[reports]'"
)


def _figure() -> Any:
    try:
        import matplotlib
    except ImportError:
        raise GalaxisError(MISSING_MATPLOTLIB) from None

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


def _png(fig: Any) -> bytes:
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=100, bbox_inches="tight")
    _figure().close(fig)
    return buf.getvalue()


def _plots(game: str, summary: dict[str, Any], records: list[dict[str, Any]]) -> dict[str, bytes]:
    plt = _figure()
    plots: dict[str, bytes] = {}
    agents = summary["agents"]
    names = list(agents)

    fig, ax = plt.subplots(figsize=(7, 0.5 + 0.5 * len(names)))
    rates = [agents[a]["win_rate"] for a in names]
    # Rounding can put a bound a hair past the rate (1.0 vs 0.9999...): error bars are never negative.
    lo = [max(0.0, agents[a]["win_rate"] - agents[a]["ci95"][0]) for a in names]
    hi = [max(0.0, agents[a]["ci95"][1] - agents[a]["win_rate"]) for a in names]
    ax.barh(names, rates, xerr=[lo, hi], color="#4c78a8", capsize=4)
    ax.axvline(summary["expected_win_rate"], color="grey", linestyle="--", label="equal chances")
    ax.set_xlim(0, 1)
    ax.invert_yaxis()
    ax.set_xlabel("win rate (95% Wilson interval)")
    ax.legend(loc="lower right")
    ax.set_title(f"{game}: win rates")
    plots["winrates"] = _png(fig)

    for players, seats in summary["seats"].items():
        fig, ax = plt.subplots(figsize=(6, 3))
        idx = list(seats)
        rates = [seats[s]["win_rate"] for s in idx]
        lo = [max(0.0, seats[s]["win_rate"] - seats[s]["ci95"][0]) for s in idx]
        hi = [max(0.0, seats[s]["ci95"][1] - seats[s]["win_rate"]) for s in idx]
        ax.bar([f"seat {s}" for s in idx], rates, yerr=[lo, hi], color="#f58518", capsize=4)
        ax.axhline(1 / int(players), color="grey", linestyle="--")
        ax.set_ylim(0, 1)
        ax.set_ylabel("win rate")
        ax.set_title(f"{game}: {_seat_title(summary['seat_rotation'][players])} ({players} players)")
        plots[f"seats{players}"] = _png(fig)

    fig, ax = plt.subplots(figsize=(6, 3))
    ax.hist([r["length"] for r in records], bins=min(30, max(5, len(records) // 5)), color="#54a24b")
    ax.set_xlabel("actions per game")
    ax.set_ylabel("games")
    ax.set_title(f"{game}: game length")
    plots["length"] = _png(fig)

    fig, ax = plt.subplots(figsize=(7, 0.5 + 0.5 * len(names)))
    data = [
        [float(r["scores"][s]) for r in records for s, spec in enumerate(r["seats"]) if spec == a]
        for a in names
    ]
    try:
        ax.boxplot(data, orientation="horizontal")
    except TypeError:  # matplotlib < 3.10
        ax.boxplot(data, vert=False)
    ax.set_yticks(range(1, len(names) + 1), names)
    ax.invert_yaxis()
    ax.set_xlabel("final score")
    ax.set_title(f"{game}: score distributions")
    plots["scores"] = _png(fig)

    for name, per in summary["options"].items():
        fig, ax = plt.subplots(figsize=(7, 3.5))
        values = list(per)
        width = 0.8 / max(1, len(names))
        for i, a in enumerate(names):
            ys = [per[v]["agents"].get(a, {}).get("win_rate", 0.0) for v in values]
            ax.bar([x + i * width for x in range(len(values))], ys, width=width, label=a)
        ax.set_xticks(
            [x + width * (len(names) - 1) / 2 for x in range(len(values))], [f"{name}={v}" for v in values]
        )
        ax.set_ylim(0, 1)
        ax.set_ylabel("win rate")
        ax.legend(fontsize="small")
        ax.set_title(f"{game}: option {name}")
        plots[f"option-{name}"] = _png(fig)
    return plots


def _seat_title(rotation: dict[str, Any]) -> str:
    if rotation["kind"] in ("rotated", "same agents"):
        return "seat advantage"
    return "win rate by seat (seats not rotated)"


NOT_ROTATED = (
    "The seats were not rotated (simulate --no-rotate): each seat held the agents named in "
    "its row, so these win rates measure those agents, not an advantage of the seat."
)


def _fmt(x: Any) -> str:
    if isinstance(x, float):
        return f"{x:.3f}"
    return html.escape(str(x))


def _table(headers: list[str], rows: list[list[Any]]) -> str:
    head = "".join(f"<th>{html.escape(h)}</th>" for h in headers)
    body = "".join("<tr>" + "".join(f"<td>{_fmt(c)}</td>" for c in row) + "</tr>" for row in rows)
    return f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


def _game_section(game: str, s: dict[str, Any], images: dict[str, str]) -> str:
    parts = [f"<h2>{html.escape(game)}</h2>", f"<p>{s['games']} games; players: {s['players']}</p>"]
    rows = [
        [
            a,
            r["seat_games"],
            r["win_rate"],
            f"{r['ci95'][0]:.3f}–{r['ci95'][1]:.3f}",
            r["mean_place"],
            r["score"].get("mean", 0.0),
            r["rating"]["mu"],
            r["rating"]["sigma"],
            r["rating"]["ordinal"],
        ]
        for a, r in s["agents"].items()
    ]
    parts.append("<h3>Agents</h3>")
    parts.append(
        _table(
            ["agent", "seat-games", "win rate", "95% CI", "mean place", "mean score", "μ", "σ", "μ−3σ"], rows
        )
    )
    for players, seats in s["seats"].items():
        rotation = s["seat_rotation"][players]
        parts.append(f"<h3>{html.escape(_seat_title(rotation).capitalize())} ({players} players)</h3>")
        if rotation["kind"] not in ("rotated", "same agents"):
            parts.append(f"<p><strong>{html.escape(NOT_ROTATED)}</strong></p>")
        rows = [
            [
                f"{players}p seat {k} ({'/'.join(rotation['agents'][k])})",
                v["games"],
                v["win_rate"],
                f"{v['ci95'][0]:.3f}–{v['ci95'][1]:.3f}",
                v["mean_score"],
            ]
            for k, v in seats.items()
        ]
        parts.append(_table(["seat", "games", "win rate", "95% CI", "mean score"], rows))
    ln = s["length"]
    parts.append("<h3>Game length (actions)</h3>")
    parts.append(
        _table(
            ["mean", "sd", "min", "median", "max"],
            [[ln["mean"], ln["sd"], ln["min"], ln["median"], ln["max"]]],
        )
    )
    if s["options"]:
        parts.append("<h3>Per-option comparison</h3>")
        for name, per in s["options"].items():
            rows = []
            for value, v in per.items():
                for a, r in v["agents"].items():
                    rows.append(
                        [
                            f"{name}={value}",
                            v["games"],
                            a,
                            r["win_rate"],
                            r["mean_score"],
                            v["length"]["mean"],
                        ]
                    )
            parts.append(_table(["option", "games", "agent", "win rate", "mean score", "mean length"], rows))
    for name, uri in images.items():
        parts.append(f'<figure><img alt="{html.escape(name)}" src="{uri}"></figure>')
    return "\n".join(parts)


STYLE = """body{font-family:sans-serif;max-width:960px;margin:2em auto;color:#222}
table{border-collapse:collapse;margin:.5em 0}td,th{border:1px solid #ccc;padding:3px 8px;text-align:right}
td:first-child,th:first-child{text-align:left}img{max-width:100%}"""


def write_html(summary: dict[str, Any], records: list[dict[str, Any]], out: str | Path) -> list[Path]:
    """Writes the report and its PNGs; returns the PNG paths."""
    path = Path(out)
    if path.is_dir():
        raise GalaxisError(MSG("html_is_dir", path=str(path)))
    _figure()  # matplotlib missing: one line before anything is written
    written: list[Path] = []
    sections = []
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        for game, s in summary["games"].items():
            recs = [r for r in records if r["game"] == game]
            images = {}
            for name, png in _plots(game, s, recs).items():
                png_path = path.with_name(f"{path.stem}-{game}-{name}.png")
                png_path.write_bytes(png)
                written.append(png_path)
                images[name] = "data:image/png;base64," + base64.b64encode(png).decode("ascii")
            sections.append(_game_section(game, s, images))
        embedded = json.dumps(summary).replace("</", "<\\/")  # keep "</script>" out of the data
        doc = (
            "<!DOCTYPE html><html><head><meta charset='utf-8'><title>galaxis arena report</title>"
            f"<style>{STYLE}</style></head><body><h1>galaxis arena report</h1>"
            f"<p>{summary['records']} games.</p>{''.join(sections)}"
            f"<script type='application/json' id='summary'>{embedded}</script>"
            "</body></html>"
        )
        path.write_text(doc, encoding="utf-8")
    except OSError as exc:
        raise GalaxisError(MSG("cannot_write_report", path=str(path), reason=exc.strerror)) from None
    return written
