"""Every card in Fury's data is accounted for by the registry (issue 34): each event,
encounter, item, power and combat card of ``data/*.json`` — whatever its confidence mark —
has a handler in ``registry.py``, or is an ally read where it acts, or is left to the players
by hand with the reason, or is read by a named function elsewhere. A card added to the data
without any of these fails here, before a table meets it."""

from __future__ import annotations

import ast
import inspect
from collections.abc import Iterable
from pathlib import Path

import pytest

from companion.games.fury import cards, combat_cards, event_cards, registry
from companion.games.fury.state import Ctx
from tests.games.fury.fury_positions import Table
from tests.playing import rng_for

PACKAGE = Path(registry.__file__).parent


def unaccounted(ids: Iterable[str], *lists: Iterable[str]) -> set[str]:
    """The ids no list accounts for."""
    known = {card for listed in lists for card in listed}
    return set(ids) - known


def listed_twice(*lists: Iterable[str]) -> set[str]:
    seen: set[str] = set()
    twice: set[str] = set()
    for listed in lists:
        twice |= seen & set(listed)
        seen |= set(listed)
    return twice


def test_a_card_missing_from_the_registry_is_found():
    """The check itself can fail: an event taken out of a copy of the registry is named."""
    events_ = dict(registry.EVENTS)
    del events_["newspaper_reports"]
    assert unaccounted(cards.EVENTS, events_, registry.ALLIES, registry.BY_HAND) == {
        "newspaper_reports"}
    assert unaccounted(cards.EVENTS, registry.EVENTS, registry.ALLIES, registry.BY_HAND) == set()


def test_every_event_card_is_handled_an_ally_or_by_hand_and_only_one_of_them():
    lists = (registry.EVENTS, registry.ALLIES, registry.BY_HAND)
    assert unaccounted(cards.EVENTS, *lists) == set()
    assert listed_twice(*lists) == set()
    assert set(registry.ALLIES) == {k for k, e in cards.EVENTS.items() if e["kind"] == "ally"}


def test_the_figures_of_the_event_cards():
    """45 printed events: 39 with a handler, 6 allies, none left by hand (issue 41: Great
    Strength is played from its card at its own window)."""
    assert (len(cards.EVENTS), len(registry.EVENTS), len(registry.ALLIES),
            len(registry.BY_HAND)) == (45, 39, 6, 0)


def test_every_encounter_has_its_effect():
    assert unaccounted(cards.ENCOUNTERS, registry.ENCOUNTERS) == set()


def test_every_item_is_used_in_its_turn_before_a_combat_or_in_one():
    lists = (registry.ITEMS, registry.BEFORE_COMBAT, registry.COMBAT_CARDS)
    assert unaccounted(cards.ITEMS, *lists) == set()
    for kind, item in cards.ITEMS.items():
        if item["combat"]:
            assert kind in registry.COMBAT_CARDS or kind in registry.BEFORE_COMBAT, kind


def test_every_power_is_handled():
    assert unaccounted(cards.POWERS, registry.POWERS) == set()


def test_every_combat_card_is_a_row_or_a_column_of_both_result_tables():
    """The tactic cards and the items played as tactics (``combat.json``)."""
    data = [*combat_cards.TACTICS, *combat_cards.HUNTER_ITEMS]
    assert unaccounted(data, registry.COMBAT_CARDS) == set()
    for card in registry.COMBAT_CARDS:
        hunters_card = card in combat_cards.HUNTER_BASIC or card in combat_cards.HUNTER_ITEMS
        for table in combat_cards.TABLES.values():
            if hunters_card:
                assert card in table, card
            else:
                assert all(card in row for row in table.values()), card


@pytest.mark.parametrize("listing", ["EVENTS", "ALLIES", "BY_HAND", "ENCOUNTERS", "ITEMS",
                                     "POWERS", "BEFORE_COMBAT", "COMBAT_CARDS"])
def test_the_registry_names_no_card_the_data_lacks(listing):
    printed = {*cards.EVENTS, *cards.ENCOUNTERS, *cards.ITEMS, *cards.POWERS,
               *combat_cards.TACTICS}
    assert set(getattr(registry, listing)) - printed == set()


@pytest.mark.parametrize("card, where", [
    *registry.ALLIES.items(), *registry.ITEMS.items(), *registry.POWERS.items()])
def test_a_card_handled_elsewhere_is_named_by_the_function_said(card, where):
    reader = getattr(where.module, where.name)
    assert f'"{card}"' in inspect.getsource(reader), (card, where.name)


def test_every_window_a_card_names_exists():
    for kind, card in registry.EVENTS.items():
        assert set(card.windows) <= set(event_cards.WINDOWS), kind


def test_the_dispatcher_plays_from_the_registry(monkeypatch):
    """The registry is the table the game plays from, not a copy of it: Newspaper Reports
    reveals a trail card; taken out of the registry, it is resolved by hand."""
    def play(table: Table) -> Ctx:
        ctx = Ctx(table.state, rng=rng_for(1, table.seed))
        event_cards.resolve_effect(ctx, {"kind": "effect", "card": "newspaper_reports:1",
                                    "hunter": "mina", "data": {}})
        return ctx

    played = play(Table().start())
    assert not any(item["kind"] == "by_hand" for item in played.state["queue"])
    monkeypatch.delitem(registry.EVENTS, "newspaper_reports")
    by_hand = play(Table().start())
    assert by_hand.state["queue"][-1]["kind"] == "by_hand"
    assert by_hand.log[0]["text"] == "Resolve {card} by hand."


def asked(calls: tuple[str, ...] = ("ask", "ask_front"), key: str = "question") -> set[str]:
    """The question names the code puts in the queue: ``ask(ctx, "name", …)`` (and the
    fight's and combat_results' ``ask``), or a queued ``{"question": "name"}``; with ``later`` and
    ``do``, the steps left for after a question."""
    names: set[str] = set()
    for path in PACKAGE.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call):
                func = node.func
                called = func.id if isinstance(func, ast.Name) else getattr(func, "attr", "")
                if called in calls:
                    names |= {arg.value for arg in node.args
                              if isinstance(arg, ast.Constant) and isinstance(arg.value, str)}
            elif isinstance(node, ast.Dict):
                names |= {value.value for k, value in zip(node.keys, node.values, strict=True)
                          if isinstance(k, ast.Constant) and k.value == key
                          and isinstance(value, ast.Constant)}
    return names


def test_every_question_asked_is_listed_and_every_listed_one_is_asked():
    assert asked() - set(registry.QUESTIONS) == set()
    assert set(registry.QUESTIONS) - asked() == set()


def test_a_question_asked_but_not_listed_is_found():
    """The walk finds the names asked: taken out of a copy of the list, one is named."""
    listed = dict(registry.QUESTIONS)
    del listed["rumors"]
    assert asked() - set(listed) == {"rumors"}


def test_every_step_left_for_later_is_listed_and_every_listed_one_is_left():
    steps = asked(("later",), "do")
    assert steps == set(registry.LATER)
