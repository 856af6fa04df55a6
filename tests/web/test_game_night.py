"""Issue 13, "Game night": what a first-time host and players tripped over, through the web
layer — join codes, Play again by agreement, finished games kept, the result with its seed
and export, the host's own language, a seat open on two devices, the home-screen icon."""

from __future__ import annotations

import re
import struct

import pytest

from companion import create_app
from companion.referee import joincodes
from tests.web.test_screens import csrf


def host_page(client, created) -> str:
    return client.get(f"/h/{created['host_token']}").get_data(as_text=True)


def join_codes(page: str) -> list[str]:
    return re.findall(r'class="code-big">([A-Z2-9]{4}-[A-Z2-9]{4})<', page)


def join(client, page: str, table: str, seat: str):
    return client.post("/join", data={"csrf_token": csrf(page), "table": table, "seat": seat})


def test_a_seat_opens_by_typing_the_table_code_and_its_seat_code_once(client, tables):
    created = tables.create(deal="join")
    codes = join_codes(host_page(client, created))
    assert len(codes) == 2
    form = client.get("/join").get_data(as_text=True)
    # Typed loosely: lower case, spaces instead of the dash.
    answer = join(client, form, created["code"].lower(), codes[1].lower().replace("-", " "))
    assert answer.status_code == 303
    assert answer.headers["Location"].endswith(f"/s/{created['seats'][1]['token']}")
    # Single use: the same code again opens nothing, and the host no longer shows it.
    again = join(client, form, created["code"], codes[1])
    assert again.status_code == 403
    assert "do not open a seat" in again.get_data(as_text=True)
    assert join_codes(host_page(client, created)) == [codes[0]]


def test_a_join_code_dies_when_its_seat_is_taken_by_the_link_and_new_link_makes_another(
        client, tables):
    created = tables.create(deal="join")
    page = host_page(client, created)
    first = join_codes(page)[0]
    assert client.post(f"/api/s/{created['seats'][0]['token']}/join").status_code == 200
    assert join(client, page, created["code"], first).status_code == 403
    client.post(f"/h/{created['host_token']}/reissue/0", data={"csrf_token": csrf(page)})
    fresh = join_codes(host_page(client, created))
    assert len(fresh) == 2 and first not in fresh
    assert join(client, page, created["code"], fresh[0]).status_code == 303


def test_a_seat_code_opens_only_its_own_table(client, tables):
    one, other = tables.create(deal="join"), tables.create(deal="join")
    code = join_codes(host_page(client, one))[0]
    host_page(client, other)
    page = client.get("/join").get_data(as_text=True)
    assert join(client, page, other["code"], code).status_code == 403
    assert join(client, page, one["code"], code).status_code == 303


def test_wrong_join_codes_are_rationed_like_wrong_links(tmp_path):
    """ARCHITECTURE.md wants 128-bit tokens; a 40-bit code is held to a guess budget."""
    app = create_app({"TESTING": True, "DATABASE": str(tmp_path / "c.db"), "SECRET_KEY": "t",
                      "LOOKUP_MISSES_BURST": 3, "LOOKUP_MISSES_PER_SECOND": 0.001})
    client = app.test_client()
    created = client.post("/api/tables", json={"game": "kit", "seats": [{"name": "A"}]}
                          ).get_json()
    right = join_codes(client.get(f"/h/{created['host_token']}").get_data(as_text=True))[0]
    page = client.get("/join").get_data(as_text=True)
    for _ in range(3):
        assert join(client, page, created["code"], "AAAA-AAAA").status_code == 403
    refused = join(client, page, created["code"], right)
    assert refused.status_code == 429 and "Retry-After" in refused.headers


def test_join_codes_use_the_table_code_alphabet_and_carry_40_bits():
    codes = {joincodes.code_for("host-token-" + str(i), 0, 0) for i in range(2000)}
    assert len(codes) == 2000
    assert all(len(c) == 8 and set(c) <= set(joincodes.ALPHABET) for c in codes)
    assert joincodes.normal("abcd efgh") == "ABCDEFGH"
    assert joincodes.normal("ABCD-EFG0") is None  # 0 is not in the alphabet


def finish_a_duel(tables, created) -> None:
    """Both duellists spend their pistols until the duel has a result (any legal path)."""
    tokens = [s["token"] for s in created["seats"]]
    for _ in range(400):
        seat = tables.seat(tokens[0])
        if seat["table"]["over"]:
            return
        for token in tokens:
            actions = tables.seat(token)["actions"]
            if actions:
                chosen = actions[-1]
                tables.act(token, chosen["action"], chosen["params"])
                break
    raise AssertionError("the duel did not end")


@pytest.fixture
def finished(client, tables):
    created = tables.create("duel", names=("Anna", "Boris"))
    finish_a_duel(tables, created)
    return created


def test_one_phone_cannot_wipe_a_finished_game_the_table_must_agree(client, tables, finished):
    anna, boris = (s["token"] for s in finished["seats"])
    asked = client.post(f"/api/s/{anna}/again").get_json()
    assert asked["table"]["round"] == 1 and asked["table"]["over"]
    assert asked["table"]["again"] == ["Anna"]
    result = client.get(f"/t/{finished['code']}").get_data(as_text=True)
    assert "Asked to play again: Anna" in result
    started = client.post(f"/api/s/{boris}/again").get_json()
    assert started["table"]["round"] == 2 and started["table"]["again"] == []


def test_the_host_starts_a_new_game_alone_and_the_old_one_stays_listed(client, tables,
                                                                      finished):
    table = client.get(f"/api/t/{finished['code']}").get_json()["table"]
    seed, log_hash = table["seed"], table["log_hash"]
    assert seed and table["finished"][0]["seed"] == seed
    again = client.post(f"/api/h/{finished['host_token']}/again").get_json()
    assert again["table"]["round"] == 2 and again["table"]["seed"] is None
    earlier = again["table"]["finished"]
    assert [g["round"] for g in earlier] == [1] and earlier[0]["seed"] == seed
    assert earlier[0]["log_hash"] == log_hash and earlier[0]["result"]["text"]
    for page in (f"/t/{finished['code']}", f"/h/{finished['host_token']}",
                 f"/s/{finished['seats'][0]['token']}"):
        html = client.get(page).get_data(as_text=True)
        assert "1 earlier game at this table" in html and seed in html
        assert "round=1" in html  # that game's export
    one = client.get(f"/api/h/{finished['host_token']}/export?round=1").get_json()
    assert [g["round"] for g in one["games"]] == [1]
    assert client.get(f"/api/t/{finished['code']}/export?round=x").status_code == 400


def test_after_the_host_ends_a_table_play_again_is_offered_and_opens_it(client, tables):
    """Issue 41: once the host ended a table nobody could play again at it. The host's
    screen and every phone offer it; the host starts a new game at once, the abandoned one
    listed under the earlier games."""
    created = tables.create("drakula", names=("Anna", "Boris"))
    anna, boris = (s["token"] for s in created["seats"])
    host = f"/h/{created['host_token']}"
    assert client.post(f"/api/{host[1:]}/end").status_code == 200
    for page in (host, f"/s/{anna}", f"/s/{boris}"):
        html = client.get(page).get_data(as_text=True)
        assert "Abandoned" in html and f"{page}/again" in html, page
    asked = client.post(f"/api/s/{anna}/again")
    assert asked.status_code == 200 and asked.get_json()["table"]["again"] == ["Anna"]
    again = client.post(f"/api/{host[1:]}/again").get_json()["table"]
    assert again["round"] == 2 and not again["closed"] and again["seed"] is None
    assert [g["round"] for g in again["finished"]] == [1]
    assert again["finished"][0]["result"] is None
    joined = client.post(f"/api/s/{anna}/join", json={"commitment": "ab" * 32})
    assert joined.status_code == 200 and joined.get_json()["table"]["deal"]["phase"] == \
        "gathering"


def test_the_kit_has_no_play_again_after_the_host_ends_it(client, tables):
    created = tables.create()
    assert client.post(f"/api/h/{created['host_token']}/end").status_code == 200
    html = client.get(f"/h/{created['host_token']}").get_data(as_text=True)
    assert "/again" not in html
    refused = client.post(f"/api/h/{created['host_token']}/again")
    assert refused.status_code == 422 and "no rematch" in refused.get_json()["error"]


def test_the_result_shows_the_seed_and_the_export_outside_fair_play(client, finished):
    html = client.get(f"/s/{finished['seats'][0]['token']}").get_data(as_text=True)
    result = html[html.index('<section class="result"'):]
    result = result[:result.index("</section>")]
    seed = client.get(f"/api/t/{finished['code']}").get_json()["table"]["seed"]
    assert seed in result and "Download the export" in result
    assert "Log fingerprint" in result


def test_the_kit_says_its_seed_waits_for_the_host_to_end_the_table(client, tables):
    created = tables.create()
    for page in (f"/h/{created['host_token']}", f"/s/{created['seats'][0]['token']}"):
        assert "its seed and export appear only when the host ends the table" in client.get(
            page).get_data(as_text=True)


def test_the_host_screen_has_its_own_language(client, tables):
    created = tables.create()
    page = host_page(client, created)
    answer = client.post(f"/h/{created['host_token']}/screen-lang",
                         data={"csrf_token": csrf(page), "lang": "cs"})
    assert answer.status_code == 303
    assert 'lang="cs"' in host_page(client, created)
    assert 'lang="en"' in client.get(f"/t/{created['code']}").get_data(as_text=True)


def test_the_host_is_told_to_keep_the_host_link(client, tables):
    created = tables.create()
    page = host_page(client, created)
    assert "Keep this host link" in page and f"/h/{created['host_token']}" in page
    qr = client.get(f"/h/{created['host_token']}/qr.svg")
    assert qr.status_code == 200 and qr.mimetype == "image/svg+xml"


def test_a_host_screen_on_127_0_0_1_warns_that_no_phone_reaches_its_qr_codes(tmp_path):
    for url, warned in (("http://127.0.0.1:5000", True), ("http://192.168.1.20:5000", False)):
        app = create_app({"TESTING": True, "DATABASE": str(tmp_path / f"{warned}.db"),
                          "SECRET_KEY": "t", "PUBLIC_URL": url})
        client = app.test_client()
        created = client.post("/api/tables", json={"game": "kit"}).get_json()
        page = client.get(f"/h/{created['host_token']}").get_data(as_text=True)
        assert ("which only this computer can open" in page) is warned


def test_a_seat_open_on_two_devices_is_told_on_both_and_the_host_sees_it(client, tables):
    created = tables.create()
    token = created["seats"][0]["token"]
    version = tables.seat(token)["version"]
    phone, other = {"X-Device": "a" * 32}, {"X-Device": "b" * 32}
    quiet = client.get(f"/s/{token}/live?v={version}&n=0", headers=phone)
    assert quiet.status_code == 200  # it now counts one device, not the 0 it showed
    assert "open on" not in quiet.get_data(as_text=True)
    assert client.get(f"/s/{token}/live?v={version}&n=1", headers=phone).status_code == 204
    told = client.get(f"/s/{token}/live?v={version}&n=1", headers=other)
    assert "This seat is open on 2 devices" in told.get_data(as_text=True)
    again = client.get(f"/s/{token}/live?v={version}&n=1", headers=phone)
    assert again.status_code == 200 and "open on 2 devices" in again.get_data(as_text=True)
    assert "open on 2 devices" in host_page(client, created)


def test_the_manifest_has_large_and_apple_icons_that_exist(client, tables):
    created = tables.create()
    page = client.get(f"/s/{created['seats'][0]['token']}").get_data(as_text=True)
    apple = re.search(r'rel="apple-touch-icon" href="([^"]+)"', page).group(1)
    manifest = client.get("/manifest.webmanifest").get_json()
    sizes = {icon["sizes"]: icon["src"] for icon in manifest["icons"]}
    for src, size in ((sizes["512x512"], 512), (sizes["192x192"], 192), (apple, 180)):
        png = client.get(src).get_data()
        assert png[:8] == b"\x89PNG\r\n\x1a\n" and struct.unpack(">II", png[16:24]) == (
            size, size), src
    assert client.get("/me").status_code == 200


def test_a_dead_seat_link_offers_the_join_form_and_this_devices_seats(client, tables):
    created = tables.create()
    page = host_page(client, created)
    client.post(f"/h/{created['host_token']}/reissue/0", data={"csrf_token": csrf(page)})
    dead = client.get(f"/s/{created['seats'][0]['token']}")
    html = dead.get_data(as_text=True)
    assert dead.status_code == 403
    assert 'name="seat"' in html and "Opened on this device" in html


def test_new_link_answer_shows_the_new_seat_code_without_a_reload(client, tables):
    """Right after *New link* the host screen showed the new QR code and address but not the
    typeable seat code until a reload (issue 32): the htmx answer to the tap names it."""
    created = tables.create(deal="join")
    page = host_page(client, created)
    assert client.post(f"/api/s/{created['seats'][0]['token']}/join").status_code == 200
    answer = client.post(f"/h/{created['host_token']}/reissue/0",
                         data={"csrf_token": csrf(page)}, headers={"HX-Request": "true"})
    assert answer.status_code == 200
    shown = join_codes(answer.get_data(as_text=True))
    assert len(shown) == 2 and shown == join_codes(host_page(client, created))
    assert join(client, page, created["code"], shown[0]).status_code == 303
