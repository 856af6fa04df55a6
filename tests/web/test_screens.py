"""The screens: lobby, new table, host, table and seat views, their live fragments,
CSRF, security headers and every protected URL with a wrong token."""

from __future__ import annotations

import hashlib
import re
from pathlib import Path

import pytest

from companion import store

HTMX_VERSION = "2.0.11"
HTMX_SHA256 = "d6fdc75f204e6bdefa99b69bf1e6d4ac69b8a364f77929f45c13476b4000f717"


def csrf(page: str) -> str:
    return re.search(r'name="csrf_token" value="([^"]+)"', page).group(1)


def test_vendored_htmx_is_the_pinned_release():
    data = (Path(__file__).parents[2] / "companion" / "static" / "htmx.min.js").read_bytes()
    assert hashlib.sha256(data).hexdigest() == HTMX_SHA256, f"not htmx {HTMX_VERSION}"


def test_pages_load_nothing_from_other_hosts(client, tables):
    created = tables.create()
    for url in ("/", "/new/kit", f"/t/{created['code']}", f"/h/{created['host_token']}",
                f"/s/{created['seats'][0]['token']}"):
        page = client.get(url).get_data(as_text=True)
        assert not re.search(r'src="(https?:)?//', page), url
        assert not re.search(r'<link[^>]+href="(https?:)?//', page), url


def test_lobby_lists_the_games_and_the_form_creates_a_table(client):
    lobby = client.get("/").get_data(as_text=True)
    assert "Referee kit" in lobby
    form = client.get("/new/kit").get_data(as_text=True)
    response = client.post("/new/kit", data={
        "csrf_token": csrf(form), "seat0": "Anna", "seat1": "Bob", "opt_deck": "32",
        "opt_places": "North, South", "opt_cards": "", "lang": "en"})
    assert response.status_code == 303
    host = client.get(response.headers["Location"]).get_data(as_text=True)
    assert "Anna" in host and "Bob" in host and "Waiting for the phones" in host
    # Nobody's phone joined: the host deals now, and the table with its places appears.
    start = response.headers["Location"] + "/start"
    dealt = client.post(start, data={"csrf_token": csrf(host)}, follow_redirects=True)
    assert "North" in dealt.get_data(as_text=True)


def test_new_table_form_shows_the_error_and_keeps_the_names(client):
    form = client.get("/new/kit").get_data(as_text=True)
    response = client.post("/new/kit", data={
        "csrf_token": csrf(form), "seat0": "Anna", "opt_deck": "custom", "opt_cards": "",
        "opt_places": "Centre", "lang": "en"})
    assert response.status_code == 400
    page = response.get_data(as_text=True)
    assert "List at least one card" in page and 'value="Anna"' in page


def test_forms_without_csrf_token_are_refused(client):
    response = client.post("/new/kit", data={"seat0": "Anna", "lang": "en"})
    assert response.status_code == 400
    assert "reload" in response.get_data(as_text=True)


def test_host_view_shows_a_qr_and_url_per_seat_until_it_is_claimed(client, tables):
    created = tables.create()
    host = client.get(f"/h/{created['host_token']}").get_data(as_text=True)
    for seat in created["seats"]:
        assert seat["url"] in host
    assert host.count("/qr/") == 2
    svg = client.get(f"/h/{created['host_token']}/qr/0.svg")
    assert svg.mimetype == "image/svg+xml" and b"<svg" in svg.data
    client.post(f"/api/s/{created['seats'][0]['token']}/join", json={"contribution": "ab" * 32})
    host = client.get(f"/h/{created['host_token']}").get_data(as_text=True)
    assert created["seats"][0]["url"] not in host and created["seats"][1]["url"] in host
    assert host.count("/qr/") == 1


def test_table_view_shows_the_commitment_from_the_first_second(client, tables):
    created = tables.create()
    page = client.get(f"/t/{created['code']}").get_data(as_text=True)
    assert created["commitment"] in page


def test_live_fragment_answers_204_until_the_version_moves(client, tables):
    created = tables.create()
    code, token = created["code"], created["seats"][0]["token"]
    assert client.get(f"/t/{code}/live?v=1").status_code == 204
    assert client.get(f"/s/{token}/live?v=1").status_code == 204
    tables.act(token, "roll", {"secret": False, "dice": "2d6"})
    fragment = client.get(f"/t/{code}/live?v=1")
    assert fragment.status_code == 200
    assert 'id="live"' in fragment.get_data(as_text=True)
    assert "v=2" in fragment.get_data(as_text=True)


def test_seat_acts_through_the_html_form_and_sees_its_card(client, tables):
    created = tables.create(options={"deck": "custom", "cards": "Golden Key"})
    token = created["seats"][0]["token"]
    page = client.get(f"/s/{token}").get_data(as_text=True)
    response = client.post(f"/s/{token}/act", data={
        "csrf_token": csrf(page), "action": "draw", "params": '{"end": "top"}',
        "version": "1", "key": "k1"}, headers={"HX-Request": "true"})
    assert response.status_code == 200
    fragment = response.get_data(as_text=True)
    assert fragment.lstrip().startswith('<div id="live"') and "Golden Key" in fragment
    other = client.get(f"/s/{created['seats'][1]['token']}").get_data(as_text=True)
    assert "Golden Key" not in other


def test_refused_html_action_shows_the_reason_in_the_fragment(client, tables):
    created = tables.create()
    token = created["seats"][0]["token"]
    page = client.get(f"/s/{token}").get_data(as_text=True)
    response = client.post(f"/s/{token}/act", data={
        "csrf_token": csrf(page), "action": "discard", "params": '{"card": 0}',
        "version": "1"}, headers={"HX-Request": "true"})
    assert response.status_code == 422
    assert "You do not hold that card." in response.get_data(as_text=True)


def test_html_form_without_scripts_redirects_after_post(client, tables):
    created = tables.create()
    token = created["seats"][0]["token"]
    page = client.get(f"/s/{token}").get_data(as_text=True)
    response = client.post(f"/s/{token}/act", data={
        "csrf_token": csrf(page), "action": "roll", "params": '{"secret": false}',
        "in_dice": "3d6", "kind_dice": "text", "version": "1"})
    assert response.status_code == 303


def test_typed_number_input_is_parsed_and_checked(client, tables):
    created = tables.create()
    anna = created["seats"][0]["token"]
    tables.act(anna, "ask", {"question": "How many?", "options": ""})
    page = client.get(f"/s/{anna}").get_data(as_text=True)
    bad = client.post(f"/s/{anna}/act", data={
        "csrf_token": csrf(page), "action": "pick", "params": "{}", "in_value": "seven",
        "kind_value": "int", "version": "2"}, headers={"HX-Request": "true"})
    assert bad.status_code == 400 and "whole number" in bad.get_data(as_text=True)


def test_security_headers_on_every_screen(client, tables):
    created = tables.create()
    response = client.get(f"/s/{created['seats'][0]['token']}")
    headers = response.headers
    assert "default-src 'self'" in headers["Content-Security-Policy"]
    assert headers["Referrer-Policy"] == "no-referrer"
    assert headers["X-Content-Type-Options"] == "nosniff"
    assert headers["X-Frame-Options"] == "DENY"
    assert headers["Cache-Control"] == "no-store"


def test_manifest_lets_a_seat_be_added_to_the_home_screen(client, tables):
    created = tables.create()
    token = created["seats"][0]["token"]
    page = client.get(f"/s/{token}").get_data(as_text=True)
    href = re.search(r'rel="manifest" href="([^"]+)"', page).group(1).replace("&amp;", "&")
    manifest = client.get(href).get_json()
    # The home-screen icon opens this device's seats: it still leads somewhere after *New link*.
    assert manifest["start_url"] == "/me" and manifest["display"] == "standalone"
    # Another site is no start, protocol-relative included (issue 30: "the manifest's
    # `start` accepts `//evil`").
    for start in ("https://evil.test/", "//evil.test/s", "/\\evil.test", "///evil"):
        assert client.get("/manifest.webmanifest", query_string={"start": start}).get_json()[
            "start_url"] == "/", start


def test_seat_language_choice_changes_the_seat_view(client, tables):
    created = tables.create()
    token = created["seats"][0]["token"]
    page = client.get(f"/s/{token}").get_data(as_text=True)
    client.post(f"/s/{token}/lang", data={"csrf_token": csrf(page), "lang": "cs"})
    assert 'lang="cs"' in client.get(f"/s/{token}").get_data(as_text=True)
    assert 'lang="en"' in client.get(f"/s/{created['seats'][1]['token']}").get_data(
        as_text=True)


WRONG = "W" * 32
PROTECTED = [
    ("get", f"/h/{WRONG}"), ("get", f"/h/{WRONG}/live"), ("get", f"/h/{WRONG}/qr/0.svg"),
    ("post", f"/h/{WRONG}/undo"), ("post", f"/h/{WRONG}/end"), ("post", f"/h/{WRONG}/again"),
    ("post", f"/h/{WRONG}/reissue/0"), ("post", f"/h/{WRONG}/public-url"),
    ("post", f"/h/{WRONG}/lang"),
    ("get", f"/s/{WRONG}"), ("get", f"/s/{WRONG}/live"), ("post", f"/s/{WRONG}/act"),
    ("post", f"/s/{WRONG}/undo"), ("post", f"/s/{WRONG}/again"), ("post", f"/s/{WRONG}/join"),
    ("post", f"/s/{WRONG}/lang"),
    ("get", f"/api/s/{WRONG}"), ("post", f"/api/s/{WRONG}/act"),
    ("post", f"/api/s/{WRONG}/undo"), ("post", f"/api/s/{WRONG}/join"),
    ("post", f"/api/s/{WRONG}/again"), ("post", f"/api/h/{WRONG}/undo"),
    ("post", f"/api/h/{WRONG}/end"), ("post", f"/api/h/{WRONG}/again"),
    ("post", f"/api/h/{WRONG}/reissue/0"),
]


@pytest.mark.parametrize("method, url", PROTECTED)
def test_every_protected_url_refuses_a_wrong_token(app, client, tables, method, url):
    """403 with a sentence, and the real table is unchanged."""
    app.config["WTF_CSRF_ENABLED"] = False
    created = tables.create()
    before = client.get(f"/api/t/{created['code']}").get_json()
    data = {"lang": "cs", "url": "http://x.test", "contribution": "ab" * 32,
            "action": "draw", "params": "{}", "version": "1"}
    if url.startswith("/api/"):
        response = getattr(client, method)(url, json={"action": "draw", "params": {},
                                                      "version": 1,
                                                      "contribution": "ab" * 32})
    else:
        response = getattr(client, method)(url, data=data)
    assert response.status_code == 403
    text = response.get_data(as_text=True)
    assert "not valid" in text
    assert client.get(f"/api/t/{created['code']}").get_json() == before


def test_a_reissued_seat_link_stops_working(client, tables):
    created = tables.create()
    old = created["seats"][0]["token"]
    answer = client.post(f"/api/h/{created['host_token']}/reissue/0").get_json()
    assert client.get(f"/s/{old}").status_code == 403
    assert client.get(f"/s/{answer['seat']['token']}").status_code == 200
    host = client.get(f"/h/{created['host_token']}").get_data(as_text=True)
    assert answer["seat"]["url"] in host


def test_static_files_are_compressed_and_cached_by_content_hash(client, tables):
    """The seat page's scripts and styles arrive gzipped, and a phone keeps them."""
    import gzip

    created = tables.create()
    page = client.get(f"/s/{created['seats'][0]['token']}").get_data(as_text=True)
    src = re.search(r'src="(/static/htmx\.min\.js\?v=[0-9a-f]+)"', page).group(1)
    response = client.get(src, headers={"Accept-Encoding": "gzip, deflate"})
    original = (Path(__file__).parents[2] / "companion" / "static" / "htmx.min.js").read_bytes()
    assert response.headers["Content-Encoding"] == "gzip"
    assert gzip.decompress(response.data) == original
    assert len(response.data) < len(original) / 2
    assert "immutable" in response.headers["Cache-Control"]
    plain = client.get("/static/htmx.min.js")
    assert plain.data == original and plain.headers["Cache-Control"] == "no-cache"
    again = client.get(src, headers={"If-None-Match": plain.headers["ETag"]})
    assert again.status_code == 304
    assert client.get("/static/../companion/db.py").status_code == 404


def test_each_qr_code_encodes_its_seat_link(client, tables):
    """The QR a phone scans is the link written beside it (both from the same URL)."""
    from companion.web.screens import qr_svg

    created = tables.create()
    for i, seat in enumerate(created["seats"]):
        svg = client.get(f"/h/{created['host_token']}/qr/{i}.svg").data
        assert svg == qr_svg(seat["url"])
        assert svg != qr_svg(created["seats"][1 - i]["url"])


@pytest.mark.parametrize("lang", ["cs", "ru"])
def test_a_set_up_form_shows_option_words_in_its_language_and_reads_them_back(app, client,
                                                                             lang):
    """Issue 32: a Czech or Russian form showed raw values (`4/3/red`, `auto`, `punch=3 …`);
    it shows them in its language, and the table is made with the game's own words. Issue
    41: the initiative is a field per card, named (`dodge_dracula=4` in English)."""
    page = client.get(f"/new/fury?lang={lang}&players=2").get_data(as_text=True)
    cards = dict(re.findall(r'<label><span>([^<]*)</span><input type="number" '
                            r'name="opt_initiative\.(\w+)"', page))
    assert cards[{"cs": "Drápy", "ru": "Когти"}[lang]] == "claws"
    # Who plays which hunter is named by the seats' roles, in the form's language.
    roles = re.findall(r'<span class="seat-role"[^>]*>([^<]*)</span>', page)
    assert roles[0] == {"cs": "Drákula", "ru": "Дракула"}[lang] and " and " not in roles[1]
    hunters = re.search(r'<input type="hidden" name="opt_hunters" value="([^"]*)">',
                        page).group(1)
    form = {"csrf_token": csrf(page), "lang": lang, "seat0": "Vlad", "seat1": "Anna",
            "players": "2",
            **{f"opt_initiative.{key}": "" for key in cards.values()},
            "opt_initiative.punch": "6", "opt_initiative.claws": "7", "opt_hunters": hunters,
            "opt_train_die": "0,1,1,2,2,3", "opt_first_turn": "hunters",
            "opt_resolve_limit": "turn", "opt_mina_bite": "permanent"}
    made = client.post("/new/fury", data=form)
    assert made.status_code == 303, made.get_data(as_text=True)[-800:]
    host_token = made.headers["Location"].rsplit("/", 1)[-1]
    code = re.search(r'/t/([A-Z0-9]+)', client.get(f"/h/{host_token}").get_data(as_text=True))
    options = store.loads(store.table(store.connect(app.config["DATABASE"]),
                                      code.group(1))["options"])
    assert options["hunters"] == "auto"
    assert sorted(options["initiative"].split()) == ["claws=7", "punch=6"]
