"""Table Companion: a neutral referee for physical board games."""

from __future__ import annotations

import secrets
from pathlib import Path
from typing import Any

from flask import Flask


def create_app(
    test_config: dict[str, Any] | None = None, *, overrides: dict[str, Any] | None = None
) -> Flask:
    """The app factory: config from ``instance/``, the database, languages, blueprints.

    :param test_config: used instead of ``instance/config.py`` (tests).
    :param overrides: applied on top of either (the command line's ``--db`` and address).
    """
    from companion.web import CompanionFlask

    app = CompanionFlask(__name__, instance_relative_config=True)
    app.config.from_mapping(
        DATABASE=str(Path(app.instance_path) / "companion.db"),
        PUBLIC_URL="",
        POLL_SECONDS=1,
        SESSION_COOKIE_SAMESITE="Lax",
        WTF_CSRF_TIME_LIMIT=None,
        WTF_CSRF_SSL_STRICT=False,
        MAX_CONTENT_LENGTH=64 * 1024,
        JSON_SORT_KEYS=False,
    )
    if test_config is None:
        app.config.from_pyfile("config.py", silent=True)
    else:
        app.config.from_mapping(test_config)
    app.config.update(overrides or {})
    Path(app.instance_path).mkdir(parents=True, exist_ok=True)
    if not app.config.get("SECRET_KEY"):
        app.config["SECRET_KEY"] = _instance_secret(Path(app.instance_path))

    from companion.server import logs
    from companion.web import db, i18n, init_web

    logs.install(app.logger)
    i18n.compile_catalogues()
    db.init_app(app)
    init_web(app)
    return app


def _instance_secret(instance: Path) -> str:
    """A secret key made once per installation and kept in ``instance/`` (never in code)."""
    path = instance / "secret_key"
    if not path.exists():
        tmp = instance / f"secret_key.{secrets.token_hex(4)}"
        tmp.write_text(secrets.token_hex(32))
        tmp.replace(path) if not path.exists() else tmp.unlink()
    return path.read_text().strip()
