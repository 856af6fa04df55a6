"""The service worker's route and the offline page (companion/web/offline.py; issue 30, item
4): what a phone's worker is told to keep, with which headers, and what it shows for a
screen it never kept. The worker's behaviour in a browser is tests/e2e/test_offline_browser.py.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
from pathlib import Path

from companion.web.offline import worker_text

STATIC = Path(__file__).parents[2] / "companion" / "static"


def config(text: str) -> dict:
    first = text.split("\n", 1)[0]
    assert first.startswith("var CONFIG = ") and first.endswith(";")
    return json.loads(first[len("var CONFIG = "):-1])


def test_the_worker_is_served_from_the_root_so_its_scope_covers_every_screen(client):
    response = client.get("/sw.js")
    assert response.status_code == 200
    assert response.mimetype == "text/javascript"
    # A phone asks again on each visit (browsers skip the HTTP cache for a worker anyway).
    assert response.headers["Cache-Control"] == "no-cache"
    assert "script-src 'self'" in response.headers["Content-Security-Policy"]
    assert response.headers["X-Content-Type-Options"] == "nosniff"
    again = client.get("/sw.js", headers={"If-None-Match": response.headers["ETag"]})
    assert again.status_code == 304
    assert response.get_data(as_text=True).endswith((STATIC / "sw.js").read_text())


def test_the_worker_keeps_the_shell_by_its_hashed_urls(client):
    kept = config(client.get("/sw.js").get_data(as_text=True))
    shell = {url.split("?")[0]: url for url in kept["shell"]}
    games = Path(__file__).parents[2] / "companion" / "games"
    for name, path in [*((n, STATIC / n) for n in (
            "htmx.min.js", "companion.js", "site.css", "icon.svg")),
            # Each game's own styles and images, from its folder.
            ("games/kit/game.css", games / "kit" / "static" / "game.css"),
            ("games/fury/map-ru.svg", games / "fury" / "static" / "map-ru.svg")]:
        url = shell[f"/static/{name}"]
        digest = hashlib.sha256(path.read_bytes()).hexdigest()[:16]
        assert url.endswith(f"?v={digest}"), url
    assert "/static/sw.js" not in shell
    assert not any(url.endswith(".png") for url in shell)
    assert kept["offline"] == "/offline" and kept["static"] == "/static/"
    assert kept["pages"] == ["/", "/me"]
    for url in kept["shell"]:
        assert client.get(url).status_code == 200, url


def test_a_changed_static_file_changes_the_worker(app, tmp_path):
    folder = tmp_path / "static"
    folder.mkdir()
    (folder / "sw.js").write_text((STATIC / "sw.js").read_text())
    (folder / "site.css").write_text("body { color: red; }")
    app.static_folder = str(folder)
    with app.test_request_context("/sw.js"):
        before = worker_text()
        (folder / "site.css").write_text("body { color: blue; }")
        # A later modification time, as an edit on disk would give.
        stat = (folder / "site.css").stat()
        os.utime(folder / "site.css", ns=(stat.st_atime_ns, stat.st_mtime_ns + 1_000_000_000))
        after = worker_text()
    assert before[1] != after[1]
    assert config(before[0].decode())["shell"] != config(after[0].decode())["shell"]


def test_every_page_names_the_worker(client, tables):
    created = tables.create()
    for path in ("/", "/me", f"/t/{created['code']}", f"/s/{created['seats'][0]['token']}",
                 f"/h/{created['host_token']}", "/offline"):
        page = client.get(path).get_data(as_text=True)
        assert '<meta name="tc-worker" content="/sw.js">' in page, path


def test_the_offline_page_shows_no_screen_and_speaks_the_phones_language(client):
    response = client.get("/offline", headers={"Accept-Language": "cs"})
    assert response.status_code == 200
    page = response.get_data(as_text=True)
    assert "Bez spojení" in page
    assert 'id="live"' not in page      # no screen: companion.js finds nothing to update
    assert "error-box" not in page      # nor an error: the seat stays in the device's list
    assert re.search(r'<body class="offline-page"', page)

