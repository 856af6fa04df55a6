"""The ``companion`` command line: ``export CODE`` and ``verify FILE`` (a contract)."""

from __future__ import annotations

import argparse
import json
import socket

import pytest

from companion import referee, store
from companion.cli import command_line, main


def finished_table(path):
    db = store.connect(path)
    store.migrate(db)
    created = referee.create(db, "kit", None, [{"name": "Anna"}, {"name": "Bob"}])
    anna, bob = (s["token"] for s in created["seats"])
    referee.join(db, bob, "5a" * 32)

    def act(token, action, params):
        referee.act(db, token, action, params, referee.version_of(db, created["code"]))

    act(anna, "roll", {"secret": True, "dice": "4dF"})
    act(bob, "draw", {"end": "bottom"})
    act(anna, "ask", {"question": "?", "options": "a, b"})
    act(anna, "pick", {"value": "a"})
    act(bob, "pick", {"value": "b"})
    referee.close(db, created["host_token"])
    return created["code"]


def test_export_then_verify_passes(tmp_path, capsys):
    db_path = tmp_path / "c.db"
    code = finished_table(db_path)
    out = tmp_path / "export.json"
    assert main(["export", code, "--db", str(db_path), "-o", str(out)]) == 0
    assert main(["verify", str(out)]) == 0
    printed = capsys.readouterr().out
    assert "OK: 1 game, 5 actions replayed" in printed


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
    created = referee.create(db, "kit", None, [{"name": "Anna"}])
    assert main(["export", created["code"], "--db", str(tmp_path / "c.db")]) == 1
    assert "seed is revealed when the game ends" in capsys.readouterr().err


def test_verify_reports_an_unreadable_file(tmp_path, capsys):
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    assert main(["verify", str(bad)]) == 2


@pytest.mark.parametrize("content", [
    [],
    {"format": "table-companion-export/2", "game": "kit", "table": "X", "seats": [],
     "games": [{"round": "one"}]},
    {"format": "table-companion-export/2", "game": "kit", "table": "X", "seats": [{}],
     "games": [{"round": 1, "options": {}, "seed": "zz", "commitment": 5}]},
    {"format": "table-companion-export/2", "game": ["kit"], "games": {}},
    {"format": "table-companion-export/2", "game": "kit", "table": "X", "seats": "all",
     "games": []},
], ids=["a-list", "wrong-round", "wrong-seed", "game-a-list", "seats-a-text"])
def test_verify_says_failed_with_a_sentence_on_a_malformed_export(tmp_path, capsys, content):
    """'verify crashes on malformed exports (wrong types, deep nesting) instead of a clear
    FAILED'."""
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(content))
    assert main(["verify", str(bad)]) == 1
    out = capsys.readouterr()
    assert out.out.startswith("FAILED:\n- ") and "Traceback" not in out.out + out.err


def test_verify_says_failed_on_deep_nesting_and_broken_unicode(tmp_path, capsys):
    deep = tmp_path / "deep.json"
    deep.write_text("[" * 100_000 + "]" * 100_000)
    assert main(["verify", str(deep)]) == 1
    surrogate = tmp_path / "surrogate.json"
    surrogate.write_text('{"format": "table-companion-export/2", "game": "kit\\ud800"}')
    assert main(["verify", str(surrogate)]) == 1
    out = capsys.readouterr().out
    assert out.count("FAILED:") == 2 and "nested too deeply" in out
    assert "not valid Unicode" in out


def test_a_finished_table_from_the_cli_verifies_with_its_log_hash(tmp_path, capsys):
    db_path = tmp_path / "c.db"
    code = finished_table(db_path)
    out = tmp_path / "export.json"
    main(["export", code, "--db", str(db_path), "-o", str(out)])
    shown = store.table(store.connect(db_path), code)["log_hash"]
    assert main(["verify", str(out)]) == 0
    printed = capsys.readouterr().out
    assert f"log hash {shown}" in printed
    assert "the phones' randomness: Anna — none" in printed and "Bob " in printed


def test_export_on_a_missing_database_does_not_create_it(tmp_path, capsys):
    missing = tmp_path / "nowhere" / "companion.db"
    assert main(["export", "ABCDEF", "--db", str(missing)]) == 1
    assert "there is no database at" in capsys.readouterr().err
    assert not missing.exists() and not missing.parent.exists()
    junk = tmp_path / "junk.db"
    junk.write_text("not sqlite at all " * 100)
    assert main(["export", "ABCDEF", "--db", str(junk)]) == 1
    assert "is not a Table Companion database" in capsys.readouterr().err


def one_sentence_and_no_url(capsys) -> str:
    out = capsys.readouterr()
    assert "running" not in out.out and "Traceback" not in out.err
    lines = [line for line in out.err.splitlines() if line.startswith("error:")]
    assert len(lines) == 1, out.err
    return lines[0]


def test_serve_refuses_a_port_out_of_range(tmp_path, capsys):
    """'--port 83753 (wraps silently)'."""
    assert main(["serve", "--port", "83753", "--db", str(tmp_path / "c.db")]) == 1
    assert "between 1 and 65535" in one_sentence_and_no_url(capsys)


def test_serve_refuses_a_busy_port(tmp_path, capsys):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        assert main(["serve", "--host", "127.0.0.1", "--port", str(port),
                     "--db", str(tmp_path / "c.db")]) == 1
    assert "cannot listen on 127.0.0.1" in one_sentence_and_no_url(capsys)


def test_serve_refuses_a_database_it_cannot_use(tmp_path, capsys):
    folder = tmp_path / "a-folder.db"
    folder.mkdir()
    assert main(["serve", "--port", "5999", "--db", str(folder)]) == 1
    assert "cannot use" in one_sentence_and_no_url(capsys)
    junk = tmp_path / "junk.db"
    junk.write_text("not sqlite at all " * 100)
    assert main(["serve", "--port", "5999", "--db", str(junk)]) == 1
    assert "cannot use" in one_sentence_and_no_url(capsys)


def test_serve_on_127_0_0_1_warns_that_no_phone_can_open_its_qr_codes(tmp_path, capsys,
                                                                        monkeypatch):
    """Issue 13: `make run HOST=127.0.0.1` drew a QR code no phone can reach, silently."""
    from companion.server import modes

    class Idle:
        def run(self) -> None:
            return None

    monkeypatch.setattr(modes, "make_server", lambda *a, **k: Idle())
    assert main(["serve", "--host", "127.0.0.1", "--port", "5998",
                 "--db", str(tmp_path / "c.db")]) == 0
    err = capsys.readouterr().err
    assert "warning: http://127.0.0.1:5998 opens only on this computer" in err
    assert main(["serve", "--host", "127.0.0.1", "--port", "5998", "--db",
                 str(tmp_path / "c.db"), "--public-url", "http://192.168.1.20:5998"]) == 0
    assert "warning" not in capsys.readouterr().err


def test_serve_help_names_the_bounds_as_numbers(capsys):
    """Issue 41: ``companion serve --help`` showed
    ``companion.server.serving.MAX_CONNECTIONS_PER_CLIENT`` where the number belongs."""
    from companion.server import bounds

    with pytest.raises(SystemExit) as done:
        main(["serve", "--help"])
    assert done.value.code == 0
    shown = " ".join(capsys.readouterr().out.split())
    assert "companion.server" not in shown
    assert f"(default: {bounds.MAX_CONNECTIONS_PER_CLIENT})" in shown
    assert f"(default: {bounds.THREADS})" in shown


def test_serve_says_which_mode_runs():
    """Issue 43: the server says at its start which mode it is in, and what the other would
    take (here, the mode of the environment the tests run in)."""
    from companion import cli, fastjson
    from companion.server import bounds, modes

    said = cli.mode()
    if modes.FAST and fastjson.FAST:
        assert said.startswith("Mode: fast mode — served by gevent's event loop, JSON written "
                               "by orjson, answers compressed.")
    else:
        assert said.startswith(f"Mode: pure-Python mode — served by waitress, {bounds.THREADS} "
                               "threads, JSON written by the standard library, answers not "
                               "compressed.")
        assert "pip install 'table-companion[fast]'" in said


def _subcommands() -> list[str]:
    parser = command_line()
    chosen = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return sorted(chosen.choices)


@pytest.mark.parametrize("argv", [[]] + [[name] for name in _subcommands()],
                         ids=lambda argv: " ".join(["companion", *argv, "--help"]))
def test_every_help_prints_its_usage(capsys, argv):
    """Issue 41: `companion --help` crashed with a TypeError (argparse read the "95 %" of
    the self-play help as a format); every subcommand's help is read here too."""
    with pytest.raises(SystemExit) as leaving:
        main([*argv, "--help"])
    assert leaving.value.code == 0
    out = capsys.readouterr()
    assert out.out.startswith(f"usage: {' '.join(['companion', *argv])}") and out.err == ""
    if not argv:
        assert all(name in out.out for name in _subcommands())
        assert "95 % intervals" in out.out
