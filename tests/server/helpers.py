"""Helpers for the server tests: a real server process on a free loopback port,
and the service set-up status (PostgreSQL, Redis, chromium)."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest

ROOT = Path(__file__).resolve().parents[2]
# Written by scripts/services.sh: "ok" once PostgreSQL, Redis and chromium are
# installed and running, "failed" when the set-up could not install them.
SERVICES_STATUS = Path(os.environ.get("GALAXIS_SERVICES_STATUS", "/tmp/galaxis-services.status"))
PG_URL = os.environ.get("GALAXIS_TEST_PG", "postgresql://galaxis:galaxis@127.0.0.1:5432/postgres")
REDIS_URL = os.environ.get("GALAXIS_TEST_REDIS", "redis://127.0.0.1:6379/0")
CHROMIUM = "/usr/bin/chromium"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def require_services(what: str, reachable: bool) -> None:
    """Skips only when the set-up script could not install the services."""
    if reachable:
        return
    status = SERVICES_STATUS.read_text().strip() if SERVICES_STATUS.exists() else "missing"
    if status == "ok":
        pytest.fail(f"{what} is not reachable although scripts/services.sh set it up")
    pytest.skip(f"{what} unavailable (services set-up status: {status}); run scripts/services.sh")


class ServerProcess:
    """``galaxis serve`` (plus the toy test game) in a subprocess."""

    def __init__(
        self,
        db_url: str,
        redis_url: str | None = None,
        log_path: Path | None = None,
        env: dict[str, str] | None = None,
    ) -> None:
        self.extra_env = env or {}
        self.db_url = db_url
        self.redis_url = redis_url
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.log_path = log_path
        self.proc: subprocess.Popen[bytes] | None = None

    def start(self, timeout: float = 120.0) -> ServerProcess:
        """Starts the server and waits until /healthz answers.

        The timeout is generous for a loaded machine (the whole suite in parallel
        next to other jobs): a start took about 6 s at load average 7 on two cores,
        and the 30 s allowed before was once exceeded under parallel load. The wait
        ends as soon as the server answers."""
        args = [sys.executable, "-m", "tests.server.launch", self.db_url, str(self.port)]
        if self.redis_url:
            args.append(self.redis_url)
        env = {**os.environ, "PYTHONPATH": str(ROOT), **self.extra_env}
        out = open(self.log_path, "ab") if self.log_path else subprocess.DEVNULL  # noqa: SIM115
        self.proc = subprocess.Popen(args, cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"server exited with {self.proc.returncode}{self._log_tail()}")
            try:
                if httpx.get(f"{self.url}/healthz", timeout=1.0).status_code == 200:
                    return self
            except httpx.HTTPError:
                pass
            time.sleep(0.1)
        self.stop()
        raise RuntimeError(f"server did not start in {timeout:.0f} s{self._log_tail()}")

    def _log_tail(self) -> str:
        if self.log_path is None or not self.log_path.exists():
            return ""
        return "; its log ends:\n" + self.log_path.read_text(errors="replace")[-2000:]

    def kill9(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGKILL)
            self.proc.wait(10)

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.kill9()

    def __enter__(self) -> ServerProcess:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()
