"""A real ``companion serve`` process: a table survives a restart, and a killed server
loses no acknowledged action (WAL, one transaction per action)."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow  # a real server killed and restarted: left to `make test`


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def call(base: str, method: str, path: str, body: dict | None = None) -> tuple[int, dict]:
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(base + path, data=data, method=method,
                                     headers={"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read())


class Server:
    def __init__(self, db: Path) -> None:
        self.db = db
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.process: subprocess.Popen | None = None
        self.log = db.with_suffix(f".{self.port}.log")

    @property
    def output(self) -> str:
        return self.log.read_text(encoding="utf-8")

    def start(self) -> Server:
        with self.log.open("w") as log:
            self.process = subprocess.Popen(
                [sys.executable, "-m", "tests.compiled", "serve", "--host", "127.0.0.1",
                 "--port", str(self.port), "--db", str(self.db)],
                stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            try:
                with urllib.request.urlopen(self.base + "/api/games", timeout=1):
                    return self
            except OSError:
                time.sleep(0.1)
        self.kill()
        raise AssertionError("the server did not start: " + self.output)

    def kill(self) -> None:
        if self.process and self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait(timeout=10)


def roll(server: Server, token: str, times: int) -> list[int]:
    """Roll ``times`` times, each acknowledged; the versions the answers named."""
    versions = [1]
    for i in range(times):
        status, answer = call(server.base, "POST", f"/api/s/{token}/act",
                              {"action": "roll", "params": {"secret": False, "dice": "2d6"},
                               "version": versions[-1], "key": f"k{i}"})
        assert status == 200
        versions.append(answer["version"])
    return versions[1:]


@pytest.fixture
def server_db(tmp_path):
    return tmp_path / "companion.db"


def test_serve_prints_the_url_and_a_qr_code(server_db):
    server = Server(server_db).start()
    server.kill()
    output = server.output
    assert "Table Companion is running: http://127.0.0.1:" in output
    assert "█" in output


def test_table_survives_a_restart(server_db):
    server = Server(server_db).start()
    try:
        status, created = call(server.base, "POST", "/api/tables",
                               {"game": "kit", "seats": [{"name": "Anna"}, {"name": "Bob"}]})
        assert status == 201
        token = created["seats"][0]["token"]
        status, acted = call(server.base, "POST", f"/api/s/{token}/act",
                             {"action": "draw", "params": {"end": "top"}, "version": 1})
        assert status == 200
        hand = acted["view"]["hand"]
    finally:
        server.kill()
    again = Server(server_db).start()
    try:
        status, seat = call(again.base, "GET", f"/api/s/{token}")
        assert status == 200 and seat["view"]["hand"] == hand and seat["version"] == 2
    finally:
        again.kill()


def test_killed_server_loses_no_acknowledged_action(server_db):
    """SIGKILL right after a burst of acknowledged actions: all of them are there."""
    server = Server(server_db).start()
    try:
        _, created = call(server.base, "POST", "/api/tables",
                          {"game": "kit", "seats": [{"name": "Anna"}]})
        token = created["seats"][0]["token"]
        acknowledged = len(roll(server, token, 30))
    finally:
        server.kill()
    again = Server(server_db).start()
    try:
        _, seat = call(again.base, "GET", f"/api/s/{token}")
        assert seat["version"] == 1 + acknowledged
    finally:
        again.kill()


def test_a_running_server_copies_its_log_into_the_database_by_itself(server_db):
    """Checkpoints run beside the requests (``db.keep_checkpointed``), not inside the
    action whose commit happens to fill SQLite's log: within seconds of the last action the
    database file itself holds it, not only the write-ahead log beside it."""
    import sqlite3

    server = Server(server_db).start()
    try:
        _, created = call(server.base, "POST", "/api/tables",
                          {"game": "kit", "seats": [{"name": "Anna"}]})
        version = roll(server, created["seats"][0]["token"], 10)[-1]
        in_file = None
        deadline = time.monotonic() + 30
        while in_file != version and time.monotonic() < deadline:
            time.sleep(0.2)
            # immutable: the database file alone, as if there were no write-ahead log
            reader = sqlite3.connect(f"file:{server_db}?immutable=1", uri=True)
            try:
                found = reader.execute("select version from tables where code = ?",
                                       [created["code"]]).fetchone()
            except sqlite3.DatabaseError:
                found = None
            finally:
                reader.close()
            in_file = found[0] if found else None
        assert in_file == version
    finally:
        server.kill()
