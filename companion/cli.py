"""The ``companion`` command: ``serve`` a table on the LAN, ``export`` a game, ``verify`` one."""

from __future__ import annotations

import argparse
import json
import socket
import sys
from pathlib import Path

DEFAULT_DB = "instance/companion.db"


def lan_address() -> str:
    """This machine's address on the local network (no packet is sent)."""
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("10.255.255.255", 1))
        return probe.getsockname()[0]
    except OSError:
        return "127.0.0.1"
    finally:
        probe.close()


def terminal_qr(text: str) -> str:
    import io

    import qrcode

    code = qrcode.QRCode(border=1)
    code.add_data(text)
    out = io.StringIO()
    code.print_ascii(out=out, invert=True)
    return out.getvalue()


def serve(args: argparse.Namespace) -> int:
    from waitress import serve as waitress_serve

    from companion import create_app

    host_shown = lan_address() if args.host in ("0.0.0.0", "::", "") else args.host
    url = (args.public_url or f"http://{host_shown}:{args.port}").rstrip("/")
    config = {"DATABASE": str(Path(args.db).resolve()), "PUBLIC_URL": url}
    app = create_app(overrides=config)
    print(f"Table Companion is running: {url}")
    print("Open it on the tablet (same Wi-Fi), or scan:")
    print(terminal_qr(url))
    print("Stop with Ctrl+C.", flush=True)
    # Shorter GIL turns keep a poll from waiting behind a long render (bench: p99 with
    # 500 devices fell from ~80 ms to under 30 ms); poll() instead of select() because
    # select() ends the whole process once a socket's number passes 1023.
    sys.setswitchinterval(0.001)
    waitress_serve(app, host=args.host, port=args.port, threads=args.threads,
                   connection_limit=1000, channel_timeout=30, asyncore_use_poll=True,
                   ident="companion")
    return 0


def export(args: argparse.Namespace) -> int:
    from companion import store, tables

    database = store.connect(args.db)
    try:
        data = tables.export(database, args.code)
    except tables.TableError as error:
        print(f"error: {error}", file=sys.stderr)
        return 1
    text = json.dumps(data, ensure_ascii=False, indent=1)
    if args.output:
        Path(args.output).write_text(text + "\n", encoding="utf-8")
        print(f"wrote {args.output}")
    else:
        print(text)
    return 0


def verify(args: argparse.Namespace) -> int:
    from companion.verify import verify as check

    try:
        data = json.loads(Path(args.file).read_text(encoding="utf-8"))
    except (OSError, ValueError) as error:
        print(f"error: cannot read {args.file}: {error}", file=sys.stderr)
        return 2
    report = check(data)
    print(report.summary())
    return 0 if report.ok else 1


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="companion", description=__doc__)
    commands = parser.add_subparsers(dest="command", required=True)
    run = commands.add_parser("serve", help="serve the app on the LAN")
    run.add_argument("--host", default="0.0.0.0", help="interface (default: all)")
    run.add_argument("--port", type=int, default=5000)
    run.add_argument("--db", default=DEFAULT_DB, help=f"database file (default: {DEFAULT_DB})")
    run.add_argument("--public-url", default="",
                     help="the address phones should use, when this machine's own is wrong")
    run.add_argument("--threads", type=int, default=8)
    run.set_defaults(func=serve)
    out = commands.add_parser("export", help="print a finished table's export as JSON")
    out.add_argument("code")
    out.add_argument("--db", default=DEFAULT_DB)
    out.add_argument("-o", "--output", help="write to this file")
    out.set_defaults(func=export)
    check = commands.add_parser("verify", help="replay an export and check every outcome")
    check.add_argument("file")
    check.set_defaults(func=verify)
    args = parser.parse_args(argv)
    return args.func(args)


if __name__ == "__main__":
    sys.exit(main())
