"""A real package (#30): ``python -m build`` makes a wheel and an sdist without
setuptools warnings, and the wheel, installed into a fresh virtualenv outside the
checkout, lists the games, plays a bot game, and serves the web pages, static files
and Alembic migrations from the installed package.

Offline: the wheel is built without build isolation (``setuptools`` and ``build`` come
with the ``dev`` extra) and installed without its dependencies; the fresh virtualenv
sees the test environment's packages through a ``.pth`` file (what
``--system-site-packages`` does for a system Python), never this checkout.
"""

from __future__ import annotations

import json
import os
import shutil
import socket
import sqlite3
import subprocess
import sys
import sysconfig
import tarfile
import time
import urllib.request
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
pytestmark = pytest.mark.slow


def _run(
    args: list[str], cwd: Path, env: dict[str, str], timeout: float = 600
) -> subprocess.CompletedProcess[str]:
    proc = subprocess.run(args, cwd=cwd, env=env, capture_output=True, text=True, timeout=timeout)
    assert proc.returncode == 0, (
        f"{args}: exit {proc.returncode}\n{proc.stdout[-3000:]}\n{proc.stderr[-3000:]}"
    )
    return proc


def _source_tree(dest: Path) -> Path:
    """The checkout's tracked files (or, outside git, its package files) in ``dest``."""
    listed = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True)
    names = [n for n in listed.stdout.decode().split("\0") if n] if listed.returncode == 0 else []
    if not names:
        names = [str(p.relative_to(ROOT)) for p in ROOT.rglob("*") if p.is_file() and ".venv" not in p.parts]
    for name in names:
        if (ROOT / name).is_file():
            (dest / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(ROOT / name, dest / name)
    return dest


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path | str]:
    pytest.importorskip("build", reason="the build package comes with the dev extra")
    tmp = tmp_path_factory.mktemp("package")
    src = _source_tree(tmp / "src")
    dist = tmp / "dist"
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    proc = _run([sys.executable, "-m", "build", "--no-isolation", "--outdir", str(dist), str(src)], tmp, env)
    return {"tmp": tmp, "dist": dist, "log": proc.stdout + proc.stderr}


def test_build_makes_a_wheel_and_an_sdist_without_warnings(built: dict[str, Path | str]) -> None:
    dist = Path(built["dist"])
    log = str(built["log"])
    wheels, sdists = list(dist.glob("galaxis-*.whl")), list(dist.glob("galaxis-*.tar.gz"))
    assert len(wheels) == 1 and len(sdists) == 1
    # setuptools warned "project.license as a TOML table is deprecated" three times before #30
    bad = [
        line
        for line in log.splitlines()
        if "Deprecat" in line or ("warn" in line.lower() and "licen" in line.lower())
    ]
    assert not bad, bad
    import galaxis

    assert wheels[0].name.startswith(f"galaxis-{galaxis.__version__}-")
    with zipfile.ZipFile(wheels[0]) as whl:
        names = set(whl.namelist())
        metadata = whl.read(f"galaxis-{galaxis.__version__}.dist-info/METADATA").decode()
    for needed in (
        "galaxis/web/index.html",
        "galaxis/web/style.css",
        "galaxis/server/migrations/env.py",
        "galaxis/server/migrations/script.py.mako",
        "galaxis/games/kaosz/info.py",
        "galaxis/games/smugglers/data/sectors.yaml",
    ):
        assert needed in names
    assert any(n.startswith("galaxis/server/migrations/versions/0001") for n in names)
    assert "License-Expression: MIT" in metadata
    assert "Provides-Extra: reports" in metadata and "matplotlib" not in metadata.split("Provides-Extra")[0]
    with tarfile.open(sdists[0]) as sdist:
        members = {m.name.split("/", 1)[1] for m in sdist.getmembers() if "/" in m.name}
    assert {"CHANGELOG.md", "LICENSE", "docs/architecture.md", "pyproject.toml"} <= members


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _get(url: str) -> tuple[int, str, bytes]:
    with urllib.request.urlopen(url, timeout=30) as answer:
        return answer.status, answer.headers.get("content-type", ""), answer.read()


@pytest.fixture(scope="module")
def installed(built: dict[str, Path | str]) -> dict[str, Path | dict[str, str]]:
    tmp = Path(built["tmp"])
    venv = tmp / "venv"
    _run([sys.executable, "-m", "venv", "--without-pip", str(venv)], tmp, dict(os.environ))
    python = venv / "bin" / "python"
    site = Path(
        subprocess.run(
            [str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
            capture_output=True,
            text=True,
            check=True,
        ).stdout.strip()
    )
    # The dependencies, from the test environment (as --system-site-packages would).
    here = {sysconfig.get_paths()["purelib"], sysconfig.get_paths()["platlib"]}
    (site / "test_environment.pth").write_text("\n".join(sorted(here)) + "\n", encoding="utf-8")
    wheel = next(Path(built["dist"]).glob("galaxis-*.whl"))
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    _run(
        [
            sys.executable,
            "-m",
            "pip",
            "--python",
            str(python),
            "install",
            "--no-deps",
            "--no-index",
            str(wheel),
        ],
        tmp,
        env,
    )
    work = tmp / "work"
    work.mkdir()
    return {"venv": venv, "work": work, "env": env}


def test_the_installed_package_is_used_not_the_checkout(installed: dict) -> None:
    venv, work, env = installed["venv"], installed["work"], installed["env"]
    proc = _run([str(venv / "bin" / "python"), "-c", "import galaxis; print(galaxis.__file__)"], work, env)
    location = Path(proc.stdout.strip())
    assert venv in location.parents and ROOT not in location.parents


def test_installed_galaxis_lists_and_plays(installed: dict) -> None:
    venv, work, env = installed["venv"], installed["work"], installed["env"]
    galaxis = str(venv / "bin" / "galaxis")
    listed = json.loads(_run([galaxis, "list", "--json"], work, env).stdout)
    assert {g["id"] for g in listed} == {"smugglers", "pulsar", "space_empires", "stellium", "kaosz"}
    played = _run(
        [galaxis, "play", "stellium", "--seats", "heuristic,random", "--seed", "3", "-q", "--save", "m.json"],
        work,
        env,
    )
    assert "Game over." in played.stdout
    final = _run([galaxis, "replay", "m.json", "--final"], work, env)
    assert "Result" in final.stdout


def test_installed_galaxis_serves_pages_static_files_and_migrations(installed: dict) -> None:
    venv, work, env = installed["venv"], installed["work"], installed["env"]
    serve_dir = work / "serve"
    serve_dir.mkdir()
    port = _free_port()
    server = subprocess.Popen(
        [str(venv / "bin" / "galaxis"), "serve", "--port", str(port), "--bot-processes", "0"],
        cwd=serve_dir,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 120
        while True:
            try:
                assert _get(f"{base}/healthz")[0] == 200
                break
            except OSError:
                assert server.poll() is None, server.communicate()[0][-3000:]
                assert time.monotonic() < deadline, "galaxis serve did not answer in 120 s"
                time.sleep(0.5)
        status, kind, page = _get(f"{base}/index.html")
        assert status == 200 and "text/html" in kind and b"<html" in page.lower()
        status, kind, _ = _get(f"{base}/style.css")
        assert status == 200 and "text/css" in kind
        games = json.loads(_get(f"{base}/api/games")[2])
        assert len(games) == 5
        body = json.dumps({"game": "stellium", "players": 2, "seats": ["bot:random", "bot:random"]}).encode()
        request = urllib.request.Request(
            f"{base}/api/matches", data=body, headers={"Content-Type": "application/json"}, method="POST"
        )
        with urllib.request.urlopen(request, timeout=30) as answer:
            assert answer.status == 201 and json.loads(answer.read())["id"]
    finally:
        server.terminate()
        server.wait(timeout=60)
    # The schema came from the installed package's Alembic migrations.
    with sqlite3.connect(serve_dir / "galaxis.db") as db:
        tables = {row[0] for row in db.execute("select name from sqlite_master where type='table'")}
        version = db.execute("select version_num from alembic_version").fetchall()
    assert {"matches", "actions", "alembic_version"} <= tables and version
    _check_ignored(sorted(p.name for p in serve_dir.iterdir()) + sorted(p.name for p in work.iterdir()))


def _check_ignored(names: list[str]) -> None:
    """Every file the programs wrote in their working directory is ignored by git in a checkout."""
    if subprocess.run(["git", "rev-parse"], cwd=ROOT, capture_output=True).returncode != 0:
        return
    names = [n for n in names if n not in ("serve",)]
    assert "galaxis.db" in names and "m.json" in names
    for name in [*names, "galaxis.db-wal", "galaxis.db-shm"]:
        ignored = subprocess.run(["git", "check-ignore", "-q", "--no-index", name], cwd=ROOT)
        assert ignored.returncode == 0, (
            f"{name}, written by galaxis in the working directory, is not in .gitignore"
        )
