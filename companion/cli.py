"""The ``companion`` command: ``serve`` a table on the LAN, ``export`` a game, ``verify`` one,
``show`` its end as one page, ``selfplay`` Fury of Dracula's app-played Dracula against
simulated hunters."""

from __future__ import annotations

import argparse
import contextlib
import functools
import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from companion.server import logs
from companion.server.addresses import lan_address, loopback
from companion.server.bounds import MAX_CONNECTIONS_PER_CLIENT, THREADS

if TYPE_CHECKING:
    from companion.games.fury.selfplay import Harness

DEFAULT_DB = "instance/companion.db"


def terminal_qr(text: str) -> str:
    import io

    import qrcode

    code = qrcode.QRCode(border=1)
    code.add_data(text)
    out = io.StringIO()
    code.print_ascii(out=out, invert=True)
    return out.getvalue()


def fail(sentence: str) -> int:
    """One sentence on stderr and a non-zero exit: no traceback for a person to read."""
    print(f"error: {sentence}", file=sys.stderr)
    return 1


def serve(args: argparse.Namespace) -> int:
    from companion import create_app, store
    from companion.server import modes

    if not 1 <= args.port <= 65535:
        return fail(f"--port must be between 1 and 65535, not {args.port}.")
    if args.threads is not None and not 1 <= args.threads <= 256:
        return fail(f"--threads must be between 1 and 256, not {args.threads}.")
    if args.max_per_client < 1:
        return fail("--max-per-client must be at least 1.")
    host_shown = lan_address() if args.host in ("0.0.0.0", "::", "") else args.host
    url = (args.public_url or f"http://{host_shown}:{args.port}").rstrip("/")
    database = Path(args.db).resolve()
    logs.quiet_tokens()
    try:
        app = create_app(overrides={"DATABASE": str(database), "PUBLIC_URL": url,
                                    "APP_SEATS_IN_LOOP": modes.FAST,
                                    "APP_SEATS_IN_THREADS": not modes.FAST})
    except (store.DatabaseError, OSError) as error:
        return fail(f"cannot use {args.db} as the database ({error}).")
    try:
        server = modes.make_server(app, args.host, args.port, per_client=args.max_per_client,
                                   threads=args.threads)
    except OSError as error:
        return fail(f"cannot listen on {args.host}:{args.port} ({error.strerror or error}); "
                    "is another server running there? Try another --port.")
    except ValueError as error:
        return fail(f"cannot listen on {args.host}:{args.port} ({error}).")
    print(f"Table Companion is running: {url}")
    print(mode(args.threads))
    if loopback(url):
        print(f"warning: {url} opens only on this computer: no phone can reach it, so the "
              "seat QR codes will not work. For phones, run `make run` (all addresses) or "
              "pass --public-url with this machine's network address.", file=sys.stderr)
    print("Open it on the tablet (same Wi-Fi), or scan:")
    print(terminal_qr(url))
    print("Stop with Ctrl+C.", flush=True)
    store.keep_checkpointed(str(database))
    from companion.web import appseats

    appseats.resume(app)
    server.run()  # returns on Ctrl+C
    return 0


def mode(threads: int | None = None) -> str:
    """Which mode runs, said when the server starts (README, "Two modes")."""
    from companion import fastjson
    from companion.server import modes
    from companion.web import COMPRESSED

    json = "orjson" if fastjson.FAST else "the standard library"
    compressed = "compressed" if COMPRESSED else "not compressed"
    if modes.FAST and fastjson.FAST and COMPRESSED:
        name = "fast mode"
    elif not (modes.FAST or fastjson.FAST or COMPRESSED):
        name = "pure-Python mode"
    else:
        name = "mixed mode (the fast extra is only partly installed)"
    said = (f"Mode: {name} — served by {modes.described(threads)}, JSON written by {json}, "
            f"answers {compressed}.")
    if not modes.FAST:
        said += " For the fast mode: pip install 'table-companion[fast]'."
    return said


def export(args: argparse.Namespace) -> int:
    from companion import referee, store
    from companion.fairplay.errors import TableError
    from companion.referee import export as exports

    try:
        database = store.open_existing(args.db)
        data = exports.export(database, referee.open_table(database, args.code))
    except LookupError as error:
        return fail(f"{error}.")
    except TableError as error:
        return fail(str(error))
    text = json.dumps(data, ensure_ascii=False, indent=1)
    if args.output:
        try:
            Path(args.output).write_text(text + "\n", encoding="utf-8")
        except OSError as error:
            return fail(f"cannot write {args.output} ({error.strerror or error}).")
        print(f"wrote {args.output}")
    else:
        print(text)
    return 0


def verify(args: argparse.Namespace) -> int:
    from companion.fairplay import inputs
    from companion.fairplay.errors import TableError
    from companion.fairplay.verify import EXPORT_DEPTH
    from companion.fairplay.verify import verify as check

    try:
        text = Path(args.file).read_text(encoding="utf-8")
    except OSError as error:
        return fail(f"cannot read {args.file}: {error.strerror or error}") + 1
    except UnicodeDecodeError as error:
        return fail(f"{args.file} is not JSON: {error}") + 1
    if inputs.nesting(text) > EXPORT_DEPTH:
        print(f"FAILED:\n- {args.file}: it is nested too deeply to be an export.")
        return 1
    try:
        data = json.loads(text)
    except ValueError as error:
        return fail(f"{args.file} is not JSON: {error}") + 1
    try:
        inputs.check_structure(data, max_depth=EXPORT_DEPTH)
    except TableError as error:
        print(f"FAILED:\n- {args.file}: {error}")
        return 1
    report = check(data)
    print(report.summary())
    return 0 if report.ok else 1


def show(args: argparse.Namespace) -> int:
    """A finished game's export as one HTML file: its end as the tablet showed it (the page
    the app's *Open a saved game* shows), replayed as ``verify`` replays it."""
    from companion import create_app
    from companion.fairplay.errors import TableError
    from companion.referee import saved
    from companion.server.bounds import SAVED_GAME_BYTES
    from companion.web import standalone

    try:
        with Path(args.file).open("rb") as file:
            data = file.read(SAVED_GAME_BYTES + 1)
    except OSError as error:
        return fail(f"cannot read {args.file}: {error.strerror or error}")
    app = create_app({"SECRET_KEY": "show", "DATABASE": ":memory:"})
    with app.app_context():
        try:
            opened = saved.open_export(saved.read(data, SAVED_GAME_BYTES))
        except TableError as error:
            for problem in getattr(error, "problems", [])[:5]:
                print(f"- {problem}", file=sys.stderr)
            return fail(str(error))
        page = standalone.saved_page(opened, args.lang)
    try:
        Path(args.html).write_text(page, encoding="utf-8")
    except OSError as error:
        return fail(f"cannot write {args.html} ({error.strerror or error}).")
    print(f"wrote {args.html}")
    return 0


def selfplay_harness() -> Harness:
    """What the self-play takes from above the rules: the referee's step-tied randomness,
    the clock that times the decisions."""
    import time

    from companion.fairplay import fairness
    from companion.games.fury.selfplay import Harness

    return Harness(fairness.random_for, fairness.seat_random_for, time.perf_counter)


def selfplay(args: argparse.Namespace) -> int:
    from multiprocessing import get_context

    from companion.games.fury import selfplay as games

    if args.game != "fury":
        return fail(f"self-play knows only fury, not {args.game!r}.")
    if args.games < 1:
        return fail("--games must be at least 1.")
    if not 2 <= args.players <= 5:
        return fail("--players must be between 2 and 5.")
    harness = selfplay_harness()
    with contextlib.ExitStack() as processes:
        starmap: Callable[..., Any] = games.in_turn
        if args.jobs > 1:
            pool = processes.enter_context(get_context("fork").Pool(args.jobs))
            starmap = functools.partial(pool.starmap, chunksize=1)
        if args.fit:
            from companion.games.fury.automa import dracula

            values = games.fit(harness, args.fit, args.seed, args.hunters, starmap=starmap)
            dracula.VALUES_FILE.write_text(json.dumps(values, indent=1) + "\n",
                                           encoding="utf-8")
            print(f"wrote {dracula.VALUES_FILE}:")
            print(json.dumps(values, indent=1))
            return 0
        levels = [level.strip() for level in args.dracula.split(",") if level.strip()]
        try:
            by_level = games.run(harness, levels, args.hunters, args.games, args.seed,
                                 players=args.players, starmap=starmap)
        except ValueError as error:
            return fail(f"{error}.")
    print(games.table(by_level, args.hunters))
    return 0


def command_line() -> argparse.ArgumentParser:
    """Every subcommand with its options (argparse reads "%" in a help text as a format)."""
    parser = argparse.ArgumentParser(prog="companion", description=__doc__)
    commands = parser.add_subparsers(dest="command", required=True)
    run = commands.add_parser("serve", help="serve the app on the LAN")
    run.add_argument("--host", default="0.0.0.0", help="interface (default: all)")
    run.add_argument("--port", type=int, default=5000)
    run.add_argument("--db", default=DEFAULT_DB, help=f"database file (default: {DEFAULT_DB})")
    run.add_argument("--public-url", default="",
                     help="the address phones should use, when this machine's own is wrong")
    run.add_argument("--threads", type=int, default=None,
                     help="the pure-Python mode's threads, each open event stream holding "
                     f"one (default: {THREADS}); the fast mode's one event loop has none")
    run.add_argument("--max-per-client", type=int, default=MAX_CONNECTIONS_PER_CLIENT,
                     help="open connections per client address (default: "
                     f"{MAX_CONNECTIONS_PER_CLIENT})")
    run.set_defaults(func=serve)
    out = commands.add_parser("export", help="print a finished table's export as JSON")
    out.add_argument("code")
    out.add_argument("--db", default=DEFAULT_DB)
    out.add_argument("-o", "--output", help="write to this file")
    out.set_defaults(func=export)
    check = commands.add_parser("verify", help="replay an export and check every outcome")
    check.add_argument("file")
    check.set_defaults(func=verify)
    page = commands.add_parser("show", help="write a finished game's export as one HTML "
                               "page: its end as the tablet showed it, replayed as verify does")
    page.add_argument("file")
    page.add_argument("--html", required=True, metavar="OUT", help="the page to write")
    page.add_argument("--lang", default="en", choices=("en", "cs", "ru"),
                      help="the page's language (default: en)")
    page.set_defaults(func=show)
    sim = commands.add_parser("selfplay", help="play whole games between the app's Dracula "
                              "and simulated hunters; print win rates with 95 %% intervals")
    sim.add_argument("game", help="the game (fury)")
    sim.add_argument("--dracula", default="cunning",
                     help="a level, or several separated by commas to compare them on the same "
                     "seeds: wandering, cautious, cunning (default: cunning)")
    sim.add_argument("--hunters", default="searching",
                     help="random, searching (default) or tracking (the strongest: the "
                     "belief, their cards, fights that pay)")
    sim.add_argument("--games", type=int, default=100, help="games per level (default 100)")
    sim.add_argument("--seed", type=int, default=1, help="the first game's seed (default 1)")
    sim.add_argument("--players", type=int, default=2,
                     help="players at the table, Dracula's seat included (default 2)")
    sim.add_argument("--jobs", type=int, default=1, help="processes to play in (default 1)")
    sim.add_argument("--fit", type=int, default=0, metavar="GAMES",
                     help="instead: play GAMES games of Cunning against --hunters and write "
                     "the costs it weighs a move by, as measured "
                     "(companion/games/fury/automa/values.json)")
    sim.set_defaults(func=selfplay)
    return parser


def main(argv: list[str] | None = None) -> int:
    args = command_line().parse_args(argv)
    code: int = args.func(args)
    return code


if __name__ == "__main__":
    sys.exit(main())
