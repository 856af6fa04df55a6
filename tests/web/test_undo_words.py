"""An undo says what it undid (issue 32): the mover reads the button he tapped, everyone
else the action's first line he saw; the host's undo asks first, naming the action."""

from __future__ import annotations

import re


def _fury_at_godalmings_action_phase(tables):
    created = tables.create("fury", names=("Vlad", "Boris"))
    vlad, boris = (s["token"] for s in created["seats"])
    for place in ("paris", "london", "rome", "vienna"):
        assert tables.act(boris, "start_at", {"place": place}).status_code == 200
    assert tables.act(vlad, "start_at", {"place": "munich"}).status_code == 200
    assert tables.act(boris, "stay", {}).status_code == 200
    return created, vlad, boris


def test_a_take_back_names_the_button_for_the_mover_and_the_line_for_the_others(tables, client):
    """Boris ends Lord Godalming's turn by mistake and takes it back: his phone says
    “Boris took back “End the turn””, not the next turn's line; Vlad and the tablet read the
    line the tap wrote."""
    created, vlad, boris = _fury_at_godalmings_action_phase(tables)
    assert tables.act(boris, "end_turn", {}).status_code == 200
    assert client.post(f"/api/s/{boris}/undo").status_code == 200
    assert tables.seat(boris)["log"][0]["text"] == "Boris took back “End the turn”."
    others = (tables.seat(vlad)["log"][0]["text"],
              client.get(f"/api/t/{created['code']}").get_json()["log"][0]["text"])
    assert others == ("Boris took back “Lord Godalming ends the turn”.",) * 2
    assert tables.seat(boris)["view"]["turn"]["who"] == "godalming"


def test_the_hosts_undo_asks_first_naming_the_action(tables, client):
    """The host's *Undo the last action* runs only after a question that names what it
    takes back and whose it was (as *End the table* already asked)."""
    created, _vlad, boris = _fury_at_godalmings_action_phase(tables)
    assert tables.act(boris, "end_turn", {}).status_code == 200
    page = client.get(f"/h/{created['host_token']}").get_data(as_text=True)
    form = re.search(r'<form[^>]*/undo"[^>]*>', page)
    assert form is not None
    assert 'hx-confirm="Undo “Lord Godalming ends the turn” (Boris)?"' in form.group(0)
