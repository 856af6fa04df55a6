"""The app's Dracula at the moments issues 31 and 32 added (issue 33, item 1: every decision
the rules give Dracula): the confirmations by both sides of a tied roll and of a correction
by hand, and the "on the board" instruction for his figure, which nobody's phone but the
hunters' can carry when the app plays him."""

from __future__ import annotations

from companion.games.fury import combat_rounds, registry, rules
from companion.games.fury.automa import partner
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
    assert set(partner.FIRST_READING) | set(partner.OTHER_SIDE) <= headings
    labels = {label for label in extract("fury") if label.startswith("As the app reads it")}
    assert labels == set(partner.AS_THE_APP_READS)
    assert set(partner.TIE) == set(combat_rounds._TIE.values())
    assert set(partner.FAVOURS) <= set(extract("fury"))


def test_the_apps_dracula_agrees_with_a_reading_of_a_tie_its_values_share():
    """Issue 32: a tie read from unchecked initiative values stands once the other side
    agrees. The hunter's player reads the printed cards as the table's values say (Escape 5
    over Claws 2); the app's Dracula agrees — and the log names both."""
    table = start_fight(hunters=("seward",), initiative="claws=2 escape=5",
                        dracula_by_app="cunning")
    table.round("claws", dice=(3, 3), seward="escape")
    table.answer("hunters")
    assert table.question()["question"] == "combat_tie_check"
    answer = app_answer(table)
    assert answer == {"action": "choose", "params": {"key": "agree"}}
    table.act(0, answer["action"], **answer["params"])
    assert "The tie-break is agreed by {a} and {b}: {what}." in table.texts()


def test_the_apps_dracula_disputes_a_reading_of_a_tie_its_values_do_not_share():
    """Issue 42, item 6: a fair partner, not a pushover. The hunter's player reads the tie
    against the values checked at set-up (Claws 6 over Escape 5, read as the hunters'); the
    app disputes, and the tie is rolled again as between people."""
    table = start_fight(hunters=("seward",), initiative="claws=2 escape=5",
                        dracula_by_app="cunning")
    table.round("claws", dice=(3, 3), seward="escape")
    table.answer("again")
    answer = app_answer(table)
    assert answer == {"action": "choose", "params": {"key": "dispute"}}
    table.act(0, answer["action"], dice=(5, 2), **answer["params"])
    assert "{b} disputes the reading of {a}: both sides roll again." in table.texts()


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


class Watched(Table):
    """A table whose app seat folds every step's moment, as the referee does."""

    def __init__(self, seat: int = 0, **options) -> None:
        super().__init__(**options)
        self.watcher = seat
        self.memory = remember(None, *rules.app_moment(self.state, [], seat))

    def act(self, seat: int, action: str, **params) -> Watched:
        super().act(seat, action, **params)
        self.memory = remember(self.memory, *rules.app_moment(self.state, self.log,
                                                              self.watcher))
        return self

    def app(self, level: str = "cunning") -> dict:
        offered = [a.to_json() for a in rules.actions(self.state, self.watcher)]
        return decide(self.memory, offered, rng_for(self.step + 1, self.seed), level)


def _correct(table: Watched, seat: int, *changes: tuple[str, dict]) -> Watched:
    table.act(seat, "hand_open")
    for action, params in changes:
        table.act(seat, action, **params)
    table.act(seat, "hand_done")
    assert table.state["queue"][0]["question"] == "correction_check"
    return table


def test_the_apps_dracula_disputes_a_correction_in_the_hunters_favour_it_cannot_check():
    """Issue 42, item 6: a hunter player gives his own hunter health the app never saw him
    lose: the app disputes; the correction stands, marked disputed, as between people."""
    table = Watched(dracula_by_app="cunning").start("munich")
    seat = table.seat_of("van_helsing")
    table.state["hunters"]["van_helsing"]["health"] = 5
    _correct(table, seat, ("hand_health", {"hunter": "van_helsing", "by": 1}))
    answer = table.app()
    assert answer == {"action": "choose", "params": {"key": "dispute"}}
    table.act(0, answer["action"], **answer["params"])
    assert table.state["disputed"] == [{"round": table.state["round"], "who": seat, "by": 0}]
    assert table.state["hunters"]["van_helsing"]["health"] == 6


def test_the_apps_dracula_agrees_to_a_correction_against_the_side_that_made_it():
    """A player who takes health from his own hunter gains nothing by it: agreed, and the
    log names who agreed."""
    table = Watched(dracula_by_app="cunning").start("munich")
    seat = table.seat_of("van_helsing")
    _correct(table, seat, ("hand_health", {"hunter": "van_helsing", "by": -1}))
    answer = table.app()
    assert answer == {"action": "choose", "params": {"key": "agree"}}
    table.act(0, answer["action"], **answer["params"])
    assert {"text": "Correction by hand agreed by {who} and {check}.",
            "args": {"who": {"seat": seat}, "check": {"seat": 0}}} in table.log


def test_the_apps_dracula_agrees_to_great_strength_cancelling_the_last_loss():
    """Great Strength is played by hand (registry.BY_HAND): „That bite, or that loss of
    health, is cancelled“. Its hunter discards it and takes back what he just lost: the
    printed card shows it true, so the app agrees; taking back more than that it disputes."""
    for healed, agreed in ((2, "agree"), (3, "dispute")):
        table = Watched(dracula_by_app="cunning").start("munich")
        seat = table.seat_of("mina")
        mina = table.state["hunters"]["mina"]
        mina["events"].append("great_strength:1")
        mina["health"] = 3
        # the public line the rules say when a hunter loses health (Wolves, say)
        lost = {"text": "{hunter} loses {n} health ({why}): {now} left.",
                "args": {"hunter": "Mina Harker", "n": 2, "why": "Wolves", "now": 3}}
        table.memory = remember(table.memory, *rules.app_moment(table.state, [lost], 0))
        _correct(table, seat, ("hand_discard", {"hunter": "mina", "card": "great_strength:1"}),
                 *[("hand_health", {"hunter": "mina", "by": 1})] * healed)
        assert table.app()["params"] == {"key": agreed}, healed


def test_the_apps_hunters_dispute_draculas_blood_given_back_by_hand():
    """The same partner in a hunter seat the app plays: Dracula's player gives himself
    blood — disputed; takes it from himself — agreed."""
    for by, agreed in ((1, "dispute"), (-1, "agree")):
        table = Watched(seat=1, players=2, seat2_by_app="tracking").start("munich")
        table.state["blood"] = 12
        _correct(table, 0, ("hand_blood", {"by": by}))
        assert table.state["queue"][0]["seat"] == 1
        assert table.app("tracking")["params"] == {"key": agreed}


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
