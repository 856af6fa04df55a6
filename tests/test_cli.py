"""The ``companion`` command line: ``export CODE`` and ``verify FILE`` (a contract)."""

from __future__ import annotations

import json

from companion import store, tables
from companion.cli import main


def finished_table(path):
    db = store.connect(path)
    store.migrate(db)
    created = tables.create(db, "kit", None, [{"name": "Anna"}, {"name": "Bob"}])
    anna, bob = (s["token"] for s in created["seats"])
    tables.join(db, bob, "5a" * 32)
    tables.act(db, anna, "roll", {"secret": True, "dice": "4dF"}, None)
    tables.act(db, bob, "draw", {"end": "bottom"}, None)
    tables.act(db, anna, "ask", {"question": "?", "options": "a, b"}, None)
    tables.act(db, anna, "pick", {"value": "a"}, None)
    tables.act(db, bob, "pick", {"value": "b"}, None)
    tables.close(db, created["host_token"])
    return created["code"]


def test_export_then_verify_passes(tmp_path, capsys):
    db_path = tmp_path / "c.db"
    code = finished_table(db_path)
    out = tmp_path / "export.json"
    assert main(["export", code, "--db", str(db_path), "-o", str(out)]) == 0
    assert main(["verify", str(out)]) == 0
    printed = capsys.readouterr().out
    assert "OK: 1 game(s), 5 action(s) replayed" in printed


def test_verify_fails_on_a_tampered_export(tmp_path, capsys):
    db_path = tmp_path / "c.db"
    code = finished_table(db_path)
    out = tmp_path / "export.json"
    main(["export", code, "--db", str(db_path), "-o", str(out)])
    data = json.loads(out.read_text())
    data["games"][0]["contributions"][0]["value"] = "00" * 32
    out.write_text(json.dumps(data))
    assert main(["verify", str(out)]) == 1
    assert "FAILED" in capsys.readouterr().out


def test_export_of_a_running_table_explains_why_not(tmp_path, capsys):
    db = store.connect(tmp_path / "c.db")
    store.migrate(db)
    created = tables.create(db, "kit", None, [{"name": "Anna"}])
    assert main(["export", created["code"], "--db", str(tmp_path / "c.db")]) == 1
    assert "seed is revealed when the game ends" in capsys.readouterr().err


def test_verify_reports_an_unreadable_file(tmp_path, capsys):
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    assert main(["verify", str(bad)]) == 2
