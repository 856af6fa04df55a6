"""Blitz und Donner's hand-built phone forms through the real seat endpoint (Flask's test
client): the first row's column buttons, and "tap a card, then a +" — a radio for the card
and the tapped + for the place in one form, posted exactly as the page renders them. A +
tapped without a card is refused with a sentence (400) and changes nothing."""

from __future__ import annotations

from html.parser import HTMLParser

from companion import store
from companion.web.db import get_db


class Forms(HTMLParser):
    """Every form of a page: its id and class, hidden fields, radios and submit buttons."""

    def __init__(self) -> None:
        super().__init__()
        self.forms: list[dict] = []

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "form":
            self.forms.append({"id": a.get("id", ""), "class": a.get("class", ""),
                               "hidden": {}, "radios": [], "buttons": []})
        elif self.forms and tag == "input" and a.get("type") == "hidden":
            self.forms[-1]["hidden"][a["name"]] = a.get("value", "")
        elif self.forms and tag == "input" and a.get("type") == "radio":
            self.forms[-1]["radios"].append((a["name"], a["value"]))
        elif self.forms and tag == "button" and a.get("name"):
            self.forms[-1]["buttons"].append((a["name"], a["value"]))


def forms(client, token):
    parser = Forms()
    parser.feed(client.get(f"/s/{token}").get_data(as_text=True))
    return parser.forms


def post(client, token, data):
    return client.post(f"/s/{token}/act", data=data, headers={"HX-Request": "true"})


def field_counts(app, code, seat):
    with app.app_context():
        state = store.loads(store.table(get_db(), code)["state"])
    return [len(col) for col in state["fields"][seat]]


def lay_first_rows(client, tokens):
    for _ in range(3):
        for token in tokens:
            lay = next(f for f in forms(client, token) if "hz-lay" in f["class"])
            assert lay["hidden"]["action"] == "lay" and lay["hidden"]["in_place"].endswith("-0")
            assert post(client, token, lay["hidden"]).status_code == 200


def test_the_first_rows_are_laid_with_the_column_buttons(app, client, tables):
    created = tables.create("hera_zeus", names=("Helena", "Zenon"))
    tokens = [s["token"] for s in created["seats"]]
    lay_first_rows(client, tokens)
    assert field_counts(app, created["code"], 0) == [1, 1, 1]
    assert field_counts(app, created["code"], 1) == [1, 1, 1]
    assert not any("hz-lay" in f["class"] for f in forms(client, tokens[0]))


def test_a_card_and_a_place_make_one_play(app, client, tables):
    created = tables.create("hera_zeus", names=("Helena", "Zenon"))
    tokens = [s["token"] for s in created["seats"]]
    lay_first_rows(client, tokens)
    put = next(f for f in forms(client, tokens[0]) if f["id"] == "hz-put")
    assert put["hidden"]["action"] == "play" and put["radios"] and put["buttons"]
    name, card = put["radios"][0]
    button, place = next(b for b in put["buttons"] if b[1] == "2-1")
    assert post(client, tokens[0], {**put["hidden"], name: card, button: place}).status_code == 200
    assert field_counts(app, created["code"], 0) == [1, 2, 1]


def test_a_place_without_a_card_is_refused_and_changes_nothing(app, client, tables):
    created = tables.create("hera_zeus", names=("Helena", "Zenon"))
    tokens = [s["token"] for s in created["seats"]]
    lay_first_rows(client, tokens)
    put = next(f for f in forms(client, tokens[0]) if f["id"] == "hz-put")
    answer = post(client, tokens[0], {**put["hidden"], "in_place": "1-0"})
    assert answer.status_code == 400
    assert "needs the parameter" in answer.get_data(as_text=True)
    assert field_counts(app, created["code"], 0) == [1, 1, 1]
    answer = post(client, tokens[0], {**put["hidden"], "in_card": put["radios"][0][1],
                                      "in_place": "2-3"})
    assert answer.status_code == 400, "a place the form never offered is malformed"
    assert field_counts(app, created["code"], 0) == [1, 1, 1]
