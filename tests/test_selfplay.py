"""``companion selfplay fury`` (issue 33, item 4): whole games between the app's Dracula and
simulated hunters, through the real rules engine, reported with intervals and paired
comparisons."""

from __future__ import annotations

import pytest

from companion.cli import main, selfplay_harness
from companion.fairplay import fairness
from companion.games.fury import rules, selfplay
from companion.games.fury.automa import hunters
from companion.games.fury.automa.play import LEVELS, decide, remember

HARNESS = selfplay_harness()


@pytest.mark.parametrize("level", LEVELS)
def test_a_game_against_random_hunters_ends_with_a_winner(level):
    """Each level plays every decision the rules give Dracula to the end of the game: the
    rules engine accepts each (an illegal action would raise), nothing gets stuck."""
    outcome = selfplay.play(HARNESS, 3, level, "random")
    assert outcome.winner in ("dracula", "hunters")
    assert outcome.times and outcome.rounds > 0


def test_the_same_seed_plays_the_same_game():
    """Paired comparisons rest on it: a seed fixes the deal, the dice and every choice."""
    first = selfplay.play(HARNESS, 4, "cautious", "searching")
    again = selfplay.play(HARNESS, 4, "cautious", "searching")
    assert (first.winner, first.steps, first.rounds, first.combats) == (
        again.winner, again.steps, again.rounds, again.combats)


def test_the_automa_picks_only_offered_actions_from_its_own_screen():
    """The first decisions of a game: each one is among the actions the rules offer
    Dracula, decided from his screen and the log lines he may read."""
    key = selfplay.seed_hex(9)
    options = {o.name: o.default for o in rules.OPTIONS}
    options["players"] = 2
    state = rules.setup(options, fairness.random_for(key, [], 0))
    memory = remember(None, *rules.app_moment(state, [], 0))
    theirs = remember(None, *rules.app_moment(state, [], 1))
    decided = 0
    for step in range(1, 200):
        seat = min(selfplay.waiting_for(state))
        offered = [a.to_json() for a in rules.actions(state, seat) if a.action != "hand_open"]
        rng = fairness.seat_random_for(key, [], step, seat)
        if seat == rules.DRACULA:
            action = decide(memory, offered, rng, "cunning")
            assert {"action": action["action"], "params": action["params"]} in [
                {"action": o["action"], "params": o["params"]} for o in offered]
            decided += 1
        else:
            action = hunters.decide(theirs, offered, rng, "tracking")
        applied = rules.apply(state, seat, action, fairness.random_for(key, [], step))
        state = applied.state
        memory = remember(memory, *rules.app_moment(state, applied.log, 0))
        theirs = remember(theirs, *rules.app_moment(state, applied.log, 1))
    assert decided > 5


@pytest.mark.parametrize("players", [3, 4, 5])
def test_self_play_never_sticks_with_several_hunter_players(players):
    """Issue 42, item 5: with more than one hunter player a player offered Hypnosis to
    another, who declined, for ever (`--players 5 --games 8 --seed 1` never ended). A card
    for another player's hunter is optional: offered once a round at most, and the seat the
    game waits for acts last."""
    for seed, policy in ((1, "tracking"), (2, "tracking"), (1, "searching"), (1, "random")):
        outcome = selfplay.play(HARNESS, seed, "cunning", policy, players=players)
        assert outcome.winner in ("dracula", "hunters"), (seed, policy, outcome.steps)


def test_the_profile_counts_what_ends_a_game_and_the_fights():
    """The level's profile: every game ended by one cause; fights with Dracula himself
    counted with the blood each cost him; his strikes, on a lone hunter among them."""
    done = [selfplay.play(HARNESS, seed, "cunning", "tracking") for seed in (1, 2, 3)]
    found = selfplay.profile(done)
    assert sum(found["causes"].values()) == 3
    for o in done:
        assert o.cause in ("dawn", "matured", "defeat", "blood")
        assert o.combats == len(o.fights)
        assert 0 <= o.lone <= o.strikes
        assert sum(o.track.values()) >= o.vampires
    assert found["fights_mean"] == sum(o.combats for o in done) / 3


def test_wilson_interval_and_sign_test():
    lo, hi = selfplay.wilson(70, 100)
    assert lo == pytest.approx(0.6041, abs=1e-3) and hi == pytest.approx(0.7810, abs=1e-3)
    assert selfplay.wilson(0, 10)[0] == 0.0
    assert selfplay.sign_test(10, 0) == pytest.approx(2 / 1024)
    assert selfplay.sign_test(5, 5) == 1.0


def test_paired_gain_counts_only_the_games_that_differ():
    def o(seed, winner, level):
        return selfplay.Outcome(seed, level, "random", winner, 1, 1, False, 0)
    a = [o(1, "dracula", "a"), o(2, "hunters", "a"), o(3, "hunters", "a")]
    b = [o(1, "dracula", "b"), o(2, "dracula", "b"), o(3, "dracula", "b")]
    c = selfplay.paired(a, b)
    assert (c["better"], c["worse"], c["games"]) == (2, 0, 3)
    assert c["gain"] == pytest.approx(2 / 3)


def test_the_command_prints_the_table(capsys):
    assert main(["selfplay", "fury", "--dracula", "wandering,cautious", "--hunters", "random",
                 "--games", "1", "--seed", "2"]) == 0
    printed = capsys.readouterr().out
    assert "| wandering | " in printed and "| cautious | " in printed
    assert "cautious over wandering" in printed
    assert "| by time | by the track | by defeats | hunters, by blood" in printed


def test_the_command_refuses_an_unknown_level(capsys):
    assert main(["selfplay", "fury", "--dracula", "ruthless", "--games", "1"]) == 1
    assert "unknown level" in capsys.readouterr().err


def test_his_strike_is_counted_though_the_attack_follows_the_move_by_itself():
    """Issue 42: the profile counts the fights Dracula begins ("a level that hunts lone
    hunters shows it"). Since issue 41 his move into a hunter's city brings the attack with
    no action of its own, so a strike is read from the attack's log line; counting the
    "attack" action found none in 120 games."""
    from tests.games.fury.test_fury import Table, to_dracula_move

    table = to_dracula_move(Table().start("munich"))
    table.act(0, "move", to="vienna", power="")
    assert selfplay.struck(table.log)
    calm = to_dracula_move(Table().start("munich"))
    calm.act(0, "move", to="zurich", power="")
    assert not selfplay.struck(calm.log)
