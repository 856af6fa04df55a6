"""The app's Dracula at the moments issues 31 and 32 added (issue 33, item 1: every decision
the rules give Dracula): the confirmations by both sides of a tied roll and of a correction
by hand, and the "on the board" instruction for his figure, which nobody's phone but the
hunters' can carry when the app plays him."""

from __future__ import annotations

from companion.games.fury import registry, rules
from companion.games.fury.automa import dracula
from companion.games.fury.automa.play import decide, remember
from companion.web.i18n import extract
from tests.games.fury.fury_fights import fight as start_fight
from tests.games.fury.fury_positions import Table
from tests.playing import rng_for


def app_answer(table: Table) -> dict:
    """What the app's Dracula does now, from his own screen only."""
    memory = remember(None, *rules.app_moment(table.state, [], rules.DRACULA))
    offered = [a.to_json() for a in rules.actions(table.state, rules.DRACULA)]
    return decide(memory, offered, rng_for(table.step + 1, table.seed), "cunning")


def test_the_headings_the_app_answers_are_the_rules_own():
    """The confirmations the app's Dracula recognises are the questions the rules ask (a
    reworded heading would leave it answering at random)."""
    headings = {heading for heading, _options, _answer in registry.QUESTIONS.values()}
    assert set(dracula.FIRST_READING) | set(dracula.OTHER_SIDE) <= headings
    labels = {label for label in extract("fury") if label.startswith("As the app reads it")}
    assert labels == set(dracula.AS_THE_APP_READS)


def test_the_apps_dracula_agrees_with_the_hunters_reading_of_a_tie():
    """Issue 32: a tie read from unchecked initiative values stands once the other side
    agrees. The hunter's player reads the printed cards; the app's Dracula, who holds no
    card, agrees — and the log names both."""
    table = start_fight(hunters=("seward",), initiative="claws=2 escape=5",
                        dracula_by_app="cunning")
    table.round("claws", dice=(3, 3), seward="escape")
    table.answer("hunters")
    assert table.question()["question"] == "combat_tie_check"
    answer = app_answer(table)
    assert answer == {"action": "choose", "params": {"key": "agree"}}
    table.act(0, answer["action"], **answer["params"])
    assert "The tie-break is agreed by {a} and {b}: {what}." in table.texts()


def test_the_apps_dracula_reads_a_tie_in_his_favour_as_its_data_does():
    """When the app's values favour Dracula his side reads first: the app reads the cards
    as its data says, and the hunter's player then agrees or disputes."""
    table = start_fight(hunters=("seward",), initiative="claws=6 escape=5",
                        dracula_by_app="cunning")
    table.round("claws", dice=(3, 3), seward="escape")
    ask = table.question()
    assert (ask["question"], ask["seat"]) == ("combat_tie", 0)
    answer = app_answer(table)
    assert answer["params"] == {"key": ask["data"]["proposal"]} == {"key": "enemy"}
    table.act(0, answer["action"], **answer["params"])
    assert table.question()["question"] == "combat_tie_check"
    assert table.question()["seat"] == table.seat_of("seward")


def test_the_apps_dracula_agrees_with_a_hunter_players_correction_by_hand():
    """Issue 32: a hunter player's own correction waits for Dracula's side; the app cannot
    see the board, so it agrees, and the log says who agreed to it."""
    table = Table(dracula_by_app="cunning").start("munich")
    seat = table.seat_of("van_helsing")
    table.state["hunters"]["van_helsing"]["health"] = 5
    table.act(seat, "hand_open")
    table.act(seat, "hand_health", hunter="van_helsing", by=1)
    table.act(seat, "hand_done")
    assert table.state["queue"][0]["question"] == "correction_check"
    answer = app_answer(table)
    assert answer == {"action": "choose", "params": {"key": "agree"}}
    table.act(0, answer["action"], **answer["params"])
    assert {"text": "Correction by hand agreed by {who} and {check}.",
            "args": {"who": {"seat": seat}, "check": {"seat": 0}}} in table.log
    assert table.state["hunters"]["van_helsing"]["health"] == 6


def test_the_hunters_phones_say_where_the_apps_draculas_figure_goes():
    """Issue 33: "the 'on the board' prompts tell the table where to put Dracula's figure
    when he is revealed". With a player as Dracula only his phone (and the tablet) says so;
    when the app plays him nobody holds that phone, so every hunter player's phone does."""
    table = Table(dracula_by_app="cunning").start("munich")
    prompt = {"piece": "dracula", "to": "munich", "why": "he is revealed", "args": {},
              "at": 0}
    table.state["board"] = [prompt]
    table.state["round"], table.state["turn"] = 0, None
    hunters = sorted(set(table.state["control"].values()))
    for seat in (None, *hunters):
        shown = rules.view(table.state, seat)["board"]
        assert [p["text"] for p in shown] == ["Put Dracula's figure on {place}: {why}."]
        assert shown[0]["args"]["place"] == "Munich"
    table.state["options"]["dracula_by_app"] = "no"
    assert all(rules.view(table.state, seat)["board"] == [] for seat in hunters)
    assert rules.view(table.state, 0)["board"] != []


def test_the_set_up_list_says_who_keeps_draculas_cards_when_the_app_plays_him():
    """Issue 31's set-up list names his phone for Dracula's trail; at a table whose Dracula
    the app plays, nobody holds that phone: the list says the app keeps them, and that the
    hunters' phones tell when his figure goes on the map."""
    player = {item["what"]: item["where"] for item in rules.box({"dracula_by_app": "no"})[
        "keep_in_box"] + rules.box({})["take_out"]}
    app = rules.box({"dracula_by_app": "cunning"})
    app_says = {item["what"]: item["where"] for item in app["keep_in_box"] + app["take_out"]}
    cards = "Dracula's location cards and power cards"
    assert "on his phone" in player[cards] and "The app plays Dracula" in app_says[cards]
    assert "hunters' phones" in app_says["Dracula's figure"]
    assert set(app_says) == set(player)
