"""Combat („Бой“): rounds of secret tactics, dice and the result tables.

„Игроки выбирают по 1 карте из своей боевой колоды и кладут их рубашкой вверх. За тем карты
одновременно открываются, и каждый из игроков бросает по кубику, учитывая возможные бонусы.“
Each fighter's phone offers the tactics he may play (``combat_cards``); the choices stay secret
until all are in, then they are revealed together. One die per side (Lord Godalming rolls two
against an agent and keeps the better), every modifier named; the higher total wins, a tie
goes to the higher initiative printed on the card. The winner's card against the loser's
gives the result (``combat_results``). In a group „Каждый из участников выбирает по карте во время
раунда боя, а Дракула выбирает цель своей атаки… В случае победы Охотников, они определяют,
результат какой карты они хотят использовать.“ Dracula names his target with his card, in
secret, and both are revealed together (the option ``target_after_reveal``: he names it
after winning, seeing the round).

Where the data marks a table cell uncertain, or the initiative values are not checked, the
app proposes and the winning player confirms it or picks the printed one.

The game is held by the fight's queue item (``combat_in_progress``) until the combat ends;
cards played before it are in ``before_combat``. ``start`` is the hook
``encounters.start_combat`` calls.
"""

from __future__ import annotations

from typing import Any

from companion.games.base import N_, Action, Random
from companion.games.fury import (
    before_combat,
    board,
    cards,
    combat_cards,
    combat_in_progress,
    combat_results,
)
from companion.games.fury.choices import question
from companion.games.fury.combat_in_progress import ENEMY
from companion.games.fury.state import (
    DRACULA,
    Ctx,
    QuestionData,
    QueueItem,
    State,
    controller,
    lose_blood,
)

GROUP = N_("Choose your tactic in secret")
MAX_REROLLS = 100
"""Ties on the same initiative roll again; a guard against an endless run of them."""


def start(ctx: Ctx, enemy: str, group: list[str], place: str, source: str | None = None) -> bool:
    """A combat between ``group`` and ``enemy`` ("dracula", "vampire" or an agent's token).
    Returns True when the agent's token stays where it was met (until it is killed)."""
    state = ctx.state
    fight_ = combat_in_progress.new(state, enemy, group, place, source)
    state["fought"] = None
    ctx.revealed = True
    ctx.say("Combat in {place}: {hunters} against {enemy}.", place=board.name(place),
            hunters=[cards.hunter_name(h) for h in group],
            enemy=combat_in_progress.enemy_name(fight_))
    state["queue"].append(fight_)
    before_combat.open_window(ctx, fight_)
    return fight_["token"] is not None


def start_vampire(ctx: Ctx, group: list[str], place: str, source: str | None = None) -> None:
    """A fight with one vampire „by the rules of a combat with Dracula“ (Vampire Lair): its
    tactics are ``new_vampire_day`` / ``new_vampire_night``; a Wound or a Kill by the hunters
    ends it and moves the vampire track back 1. List ``source`` in ``registry.FIGHT_ENDS`` to
    learn the outcome."""
    start(ctx, "vampire", group, place, source)



# --- the secret choice ---------------------------------------------------------------------


def targets(state: State, fight_: QueueItem) -> list[str]:
    """The hunters Dracula names with his secret card („а Дракула выбирает цель своей
    атаки“); none one on one, or when the table lets him choose after the reveal."""
    if len(fight_["hunters"]) < 2 or combat_cards.target_after_reveal(state):
        return []
    return list(fight_["hunters"])


def actions(state: State, seat: int, fight_: QueueItem) -> list[Action]:
    """The tactics this seat's fighters may still choose this round; Dracula's, against
    several hunters, one per card and target, so that one tap makes his whole choice."""
    if fight_["stage"] != "choose":
        return []
    out = []
    for fighter in combat_in_progress.fighters_of(state, fight_, seat):
        if fight_["pending"][fighter] is not None:
            continue
        if fighter == ENEMY:
            aims = targets(state, fight_)
            for card in combat_cards.enemy_options(state, fight_):
                paid = combat_cards.costs_blood(state, fight_, card)
                hint = (N_("Sister Agatha: this card costs you 2 blood.") if paid
                        else combat_cards.tactic_hint(card))
                if not aims:
                    out.append(Action("tactic", {"fighter": ENEMY, "card": card},
                                      N_("{card}"), {"card": combat_cards.name(card)},
                                      group=GROUP, hint=hint))
                for hunter in aims:
                    out.append(Action("tactic", {"fighter": ENEMY, "card": card,
                                                 "target": hunter},
                                      N_("{card} against {hunter}"),
                                      {"card": combat_cards.name(card),
                                       "hunter": cards.hunter_name(hunter)},
                                      group=GROUP, hint=hint))
            continue
        for kind, card in combat_cards.hunter_options(state, fight_, fighter):
            out.append(Action("tactic", {"fighter": fighter, "card": kind},
                              N_("{fighter}: {card}"),
                              {"fighter": cards.hunter_name(fighter),
                               "card": combat_cards.name(card)},
                              group=GROUP, hint=combat_cards.tactic_hint(kind)))
    return out


def do_tactic(ctx: Ctx, seat: int, params: dict[str, Any]) -> None:
    state = ctx.state
    fight_ = combat_in_progress.current(state)
    fighter, kind = params["fighter"], params["card"]
    card = kind if fighter == ENEMY \
        else dict(combat_cards.hunter_options(state, fight_, fighter))[kind]
    fight_["pending"][fighter] = card
    name = combat_in_progress.fighter_name(fight_, fighter)
    if params.get("target"):
        fight_["aim"] = params["target"]
        ctx.tell([seat], "In secret, {fighter} will play {card} against {hunter}.",
                 fighter=name, card=combat_cards.name(card),
                 hunter=cards.hunter_name(params["target"]))
    else:
        ctx.tell([seat], "In secret, {fighter} will play {card}.", fighter=name,
                 card=combat_cards.name(card))
    ctx.say("{fighter} has chosen a tactic.", fighter=name)
    if all(c is not None for c in fight_["pending"].values()):
        _reveal(ctx, fight_)


# --- the round -----------------------------------------------------------------------------


def _reveal(ctx: Ctx, fight_: QueueItem) -> None:
    """„Карты одновременно открываются“, and with Dracula's card the hunter it strikes;
    Sister Agatha takes her price at once."""
    state = ctx.state
    ctx.revealed = True
    fight_["round"] += 1
    played = {f: card for f, card in fight_["pending"].items() if card is not None}
    assert len(played) == len(fight_["pending"]), "every fighter has chosen"
    fight_["last"] = dict(played)
    fight_["pending"] = {f: None for f in played}
    fight_["stage"] = "resolve"
    aim = fight_.get("aim") if fight_.get("aim") in fight_["hunters"] else None
    fight_["aim"] = None
    fight_["now"] = {"n": fight_["round"], "cards": played, "aim": aim}
    for fighter, card in played.items():
        ctx.say("Round {n}: {fighter} plays {card}.", n=fight_["round"],
                fighter=combat_in_progress.fighter_name(fight_, fighter),
                card=combat_cards.name(card))
    if aim is not None:
        ctx.say("{enemy} aims at {hunter}.", enemy=combat_in_progress.enemy_name(fight_),
                hunter=cards.hunter_name(aim))
    cost = combat_cards.costs_blood(state, fight_, played[ENEMY])
    if cost:
        lose_blood(ctx, cost, N_("Sister Agatha"))
    _roll(ctx, fight_)
    _settle(ctx, fight_)


def modifiers(state: State, fight_: QueueItem, played: dict[str, str]
              ) -> dict[str, list[str]]:
    """The rulebook's +1s in force this round, by side („Модификаторы Охотников / Агентов /
    Дракулы“)."""
    ours = []
    if fight_["planning"]:
        ours.append("advance_planning")
    if any(cards.kind(played[h]) == "pistol" for h in fight_["hunters"]):
        ours.append("pistol")
    if fight_["dodge"] == "hunters":
        ours.append("dodge_won")
    if fight_["plus"] == "hunters":
        ours.append(combat_cards.PLUS["hunters"])
    theirs = []
    place = fight_["place"]
    if fight_["enemy"] == "agent":
        if (fight_["agent"] or "").startswith("minion") and board.PLACES[place].region == "east":
            theirs.append("minion_east")
    else:
        bitten = [h for h in fight_["hunters"] if state["hunters"][h]["bites"] > 0]
        if bitten and fight_["hunters"] != ["mina"]:
            theirs.append("bitten_hunter")
        if place == board.CASTLE:
            theirs.append("castle_dracula")
    if fight_["trap"]:
        theirs.append("trap")
    if played[ENEMY] == "pistol_agent":
        theirs.append("pistol")
    if fight_["dodge"] == "enemy":
        theirs.append("dodge_won")
    if fight_["plus"] == "enemy":
        theirs.append(combat_cards.PLUS["enemy"])
    return {"hunters": ours, "enemy": theirs}


def _bonus(found: list[str]) -> int:
    return sum(combat_cards.MODIFIERS[m]["value"] for m in found)


def _roll(ctx: Ctx, fight_: QueueItem) -> None:
    """A die per side; „когда Лорд Годалминг вступает в бой с Агентом, он бросает два кубика
    Охотника вместо одного и выбирает наилучший результат.“"""
    now = combat_in_progress.resolving(fight_)
    twice = fight_["enemy"] == "agent" and "godalming" in fight_["hunters"]
    ours = [ctx.rng.roll(6) for _ in range(2 if twice else 1)]
    theirs = [ctx.rng.roll(6)]
    mods = modifiers(ctx.state, fight_, now["cards"])
    totals = {"hunters": max(ours) + _bonus(mods["hunters"]),
              "enemy": theirs[0] + _bonus(mods["enemy"])}
    now.update(dice={"hunters": ours, "enemy": theirs}, mods=mods, totals=totals, tie=None)
    for side, dice, who in (("hunters", ours, [cards.hunter_name(h) for h in fight_["hunters"]]),
                            ("enemy", theirs, combat_in_progress.enemy_name(fight_))):
        # Marked apart: Babel drops the messages of a say() with a marked call inside it.
        names = [cards.en(combat_cards.MODIFIERS[m]["names"]) for m in mods[side]] or [
            N_("no modifier")]
        ctx.say("{who}: die {dice}, total {total} ({mods}).", who=who,
                dice=[str(d) for d in dice], total=totals[side], mods=names)


def _settle(ctx: Ctx, fight_: QueueItem) -> None:
    """The higher total wins; „Если игроки на боевом броске получают равные результаты,
    каждый смотрит на инициативу своей карты… Выигрывает раунд игрок с наибольшей
    инициативой.“ The same initiative: both roll again (the rulebook is silent)."""
    state = ctx.state
    now = combat_in_progress.resolving(fight_)
    for _ in range(MAX_REROLLS):
        totals = now["totals"]
        if totals["hunters"] != totals["enemy"]:
            _won(ctx, fight_, "hunters" if totals["hunters"] > totals["enemy"] else "enemy")
            return
        proposal = _initiative(ctx, fight_)
        if not combat_cards.initiative_known(state):
            seat = _tie_seat(state, fight_, proposal)
            combat_in_progress.ask(ctx, fight_, "combat_tie", seat, proposal=proposal, by=seat)
            return
        now["tie"]["how"] = "values"
        if proposal != "again":
            _won(ctx, fight_, proposal)
            return
        ctx.say("The same initiative: both sides roll again.")
        _roll(ctx, fight_)
    _won(ctx, fight_, "hunters")


def _initiative(ctx: Ctx, fight_: QueueItem) -> str:
    state = ctx.state
    now = combat_in_progress.resolving(fight_)
    ours = max(combat_cards.initiative(state, now["cards"][h]) for h in fight_["hunters"])
    theirs = combat_cards.initiative(state, now["cards"][ENEMY])
    now["tie"] = {"hunters": ours, "enemy": theirs, "how": None}
    ctx.say("A tie at {total}: initiative {ours} against {theirs}.",
            total=now["totals"]["hunters"], ours=ours, theirs=theirs)
    if ours == theirs:
        return "again"
    return "hunters" if ours > theirs else "enemy"


def _tie_seat(state: State, fight_: QueueItem, proposal: str) -> int:
    """The player the app's reading favours checks it; Dracula's when it reads a draw."""
    if proposal != "hunters":
        return DRACULA
    now = combat_in_progress.resolving(fight_)
    best = max(fight_["hunters"], key=lambda h: combat_cards.initiative(state, now["cards"][h]))
    return controller(state, best)


_TIE = {"hunters": N_("the hunters' card has the higher initiative"),
        "enemy": N_("the enemy's card has the higher initiative"),
        "again": N_("both cards have the same initiative: roll again")}


def _tie_options(state: State, data: QuestionData) -> list[Any]:
    proposal = data["proposal"]
    hint = N_("Read the number in the upper-left corner of each revealed card.")
    out = [(proposal, N_("As the app reads it: {what}"), {"what": _TIE[proposal]}, hint)]
    return out + [(k, N_("The printed cards say: {what}"), {"what": text}, hint)
                  for k, text in _TIE.items() if k != proposal]


def other_side(state: State, fight_: QueueItem, seat: int) -> int:
    """Who checks a reading for the other side: Dracula's player against a hunter's, the
    player of the fighting hunter with the best card against Dracula's."""
    if seat != DRACULA:
        return DRACULA
    return _tie_seat(state, fight_, "hunters")


@question(N_("A tied roll: which card has the higher initiative?"),
          _tie_options)
def _tie(ctx: Ctx, data: QuestionData, key: str) -> None:
    """The first reading of the printed cards; it stands once the other side agrees."""
    fight_ = combat_in_progress.current(ctx.state)
    by = data.get("by", _tie_seat(ctx.state, fight_, data["proposal"]))
    ctx.say("{who} reads the printed cards: {what}.", who={"seat": by}, what=_TIE[key])
    check = other_side(ctx.state, fight_, by)
    combat_in_progress.ask(ctx, fight_, "combat_tie_check", check, reading=key, by=by,
                           check=check, always_ask=True)


def _tie_reading(data: QuestionData) -> str:
    reading = data["reading"]
    assert isinstance(reading, str), reading
    return reading


def _card_reading(data: QuestionData) -> list[str]:
    reading = data["reading"]
    assert isinstance(reading, list), reading
    return reading


def _tie_check_options(state: State, data: QuestionData) -> list[Any]:
    hint = N_("Read the number in the upper-left corner of each revealed card.")
    return [("agree", N_("Agreed: {what}"), {"what": _TIE[_tie_reading(data)]}, hint),
            ("dispute", N_("The printed cards say otherwise"), {},
             N_("A disputed tie is rolled again."))]


@question(N_("A tied roll: do you read the initiative the same way?"),
          _tie_check_options)
def _tie_check(ctx: Ctx, data: QuestionData, key: str) -> None:
    """Both sides looked: the reading stands when the other side agrees; a dispute is rolled
    again (the rulebook's own way out of a tie neither side can settle)."""
    fight_ = combat_in_progress.current(ctx.state)
    now = combat_in_progress.resolving(fight_)
    reading, by, check = _tie_reading(data), {"seat": data["by"]}, {"seat": data["check"]}
    if key == "agree":
        now["tie"].update(how="agreed", by=[data["by"], data["check"]])
        ctx.say("The tie-break is agreed by {a} and {b}: {what}.", a=by, b=check,
                what=_TIE[reading])
        if reading != "again":
            _won(ctx, fight_, reading)
            return
        ctx.say("The same initiative: both sides roll again.")
    else:
        now["tie"].update(how="disputed", by=[data["by"], data["check"]])
        ctx.say("{b} disputes the reading of {a}: both sides roll again.", a=by, b=check)
    _roll(ctx, fight_)
    _settle(ctx, fight_)


def _won(ctx: Ctx, fight_: QueueItem, winner: str) -> None:
    now = combat_in_progress.resolving(fight_)
    now["winner"] = winner
    if winner == "hunters":
        ctx.say("The hunters win the round.")
    else:
        ctx.say("{enemy} wins the round.", enemy=combat_in_progress.enemy_name(fight_))
    group = fight_["hunters"]
    if len(group) == 1:
        _applied(ctx, fight_, group[0])
    elif winner == "hunters":
        combat_in_progress.ask(ctx, fight_, "combat_apply",
                               combat_in_progress.lead_seat(ctx.state, fight_))
    elif now.get("aim") in group:
        ctx.say("The result strikes {hunter}, Dracula's target.",
                hunter=cards.hunter_name(now["aim"]))
        _applied(ctx, fight_, now["aim"])
    else:
        combat_in_progress.ask(ctx, fight_, "combat_target", DRACULA)


def _pairs(state: State, label: str) -> list[Any]:
    fight_ = combat_in_progress.current(state)
    now = combat_in_progress.resolving(fight_)
    out = []
    for hunter in fight_["hunters"]:
        card = now["cards"][hunter]
        result = combat_cards.cell(now["winner"], card, now["cards"][ENEMY])
        out.append((hunter, label, {"hunter": cards.hunter_name(hunter),
                                    "card": combat_cards.name(card),
                                    "result": [combat_cards.result_name(c) for c in result]}, ""))
    return out


@question(N_("You won the round: whose card's result applies?"),
          lambda state, data: _pairs(state, N_("{hunter}'s {card}: {result}")))
def _apply_card(ctx: Ctx, data: QuestionData, hunter: str) -> None:
    ctx.say("The hunters take the result of {hunter}'s card.", hunter=cards.hunter_name(hunter))
    _applied(ctx, combat_in_progress.current(ctx.state), hunter)


@question(N_("You won the round: which hunter does it strike?"),
          lambda state, data: _pairs(state, N_("{hunter} ({card}): {result}")))
def _target(ctx: Ctx, data: QuestionData, hunter: str) -> None:
    ctx.say("Dracula turns the result on {hunter}.", hunter=cards.hunter_name(hunter))
    _applied(ctx, combat_in_progress.current(ctx.state), hunter)


def _applied(ctx: Ctx, fight_: QueueItem, hunter: str) -> None:
    """The winner's card against the loser's card; an uncertain cell goes to the winning
    player first."""
    now = combat_in_progress.resolving(fight_)
    now["applied"] = hunter
    winner = now["winner"]
    hunter_card, enemy_card = now["cards"][hunter], now["cards"][ENEMY]
    now["result"] = combat_cards.cell(winner, hunter_card, enemy_card)
    now["how"] = "data"
    if combat_cards.uncertain(winner, hunter_card, enemy_card):
        seat = DRACULA if winner == "enemy" else controller(ctx.state, hunter)
        combat_in_progress.ask(ctx, fight_, "combat_confirm", seat, by=seat)
        return
    _finish_round(ctx, fight_)


def _alternatives(fight_: QueueItem) -> list[list[str]]:
    now = combat_in_progress.resolving(fight_)
    hunter = now["applied"]
    return combat_cards.printed_alternatives(fight_["enemy"], now["winner"], now["cards"][hunter],
                                        now["cards"][ENEMY])


def _confirm_options(state: State, data: QuestionData) -> list[Any]:
    fight_ = combat_in_progress.current(state)
    now = combat_in_progress.resolving(fight_)
    hint = N_("The data marks this result uncertain: read it on the winning card.")

    def names(result: list[str]) -> list[str]:
        return [combat_cards.result_name(c) for c in result]

    out = [("data", N_("As the app reads it: {result}"), {"result": names(now["result"])},
            hint)]
    for i, result in enumerate(_alternatives(fight_)):
        if result != now["result"]:
            out.append((str(i), N_("The card says: {result}"), {"result": names(result)},
                        hint))
    return out


@question(N_("Check the result on the winning card"), _confirm_options)
def _confirm(ctx: Ctx, data: QuestionData, key: str) -> None:
    """The winner's reading of the printed card; it stands once the other side agrees."""
    fight_ = combat_in_progress.current(ctx.state)
    now = combat_in_progress.resolving(fight_)
    by = data.get("by", DRACULA if now["winner"] == "enemy"
                  else controller(ctx.state, now["applied"]))
    reading = now["result"] if key == "data" else _alternatives(fight_)[int(key)]
    ctx.say("{who} reads the winning card: {result}.", who={"seat": by},
            result=[combat_cards.result_name(c) for c in reading])
    check = other_side(ctx.state, fight_, by)
    combat_in_progress.ask(ctx, fight_, "combat_confirm_check", check, reading=reading, by=by,
                           check=check, always_ask=True)


def _confirm_check_options(state: State, data: QuestionData) -> list[Any]:
    names = [combat_cards.result_name(c) for c in _card_reading(data)]
    return [("agree", N_("Agreed: {result}"), {"result": names},
             N_("Read it on the winning card.")),
            ("dispute", N_("The card says otherwise"), {},
             N_("A disputed result stands as the app reads it, marked disputed."))]


@question(N_("Do you read the winning card the same way?"),
          _confirm_check_options)
def _confirm_check(ctx: Ctx, data: QuestionData, key: str) -> None:
    """Both sides looked: the winner's reading stands when the loser agrees; disputed, the
    app's reading (the one source) stands and the round is marked disputed."""
    fight_ = combat_in_progress.current(ctx.state)
    now = combat_in_progress.resolving(fight_)
    by, check = {"seat": data["by"]}, {"seat": data["check"]}
    if key == "agree":
        reading = _card_reading(data)
        now["how"] = "agreed" if reading == now["result"] else "corrected"
        now["result"] = reading
        ctx.say("The result is agreed by {a} and {b}: {result}.", a=by, b=check,
                result=[combat_cards.result_name(c) for c in now["result"]])
    else:
        now["how"] = "disputed"
        ctx.say("{b} disputes the reading of {a}: the result stands as the app reads it, "
                "marked disputed: {result}.", a=by, b=check,
                result=[combat_cards.result_name(c) for c in now["result"]])
    _finish_round(ctx, fight_)


def _finish_round(ctx: Ctx, fight_: QueueItem) -> None:
    """Apply the result, then set up the next round: a Repel limits Dracula's next card,
    Garlic and Rage count down, a win with Dodge gives +1 next round (and so does a result
    printed "+1 next round", once)."""
    now = combat_in_progress.resolving(fight_)
    outcome = combat_results.apply(ctx, fight_)
    played, winner = now["cards"], now["winner"]
    fight_["repel"] = "repel" in now["result"]
    fight_["no_escape"] = max(0, fight_["no_escape"] - 1)
    if winner == "enemy":
        dodged = played[ENEMY] in combat_cards.DODGES
    else:
        dodged = any(cards.kind(played[h]) == "dodge" for h in fight_["hunters"])
    fight_["dodge"] = winner if dodged else None
    fight_["plus"] = winner if combat_cards.PLUS[winner] in now["result"] and not dodged else None
    fight_["shown"], fight_["now"] = now, None
    if outcome == "dracula":
        combat_in_progress.against_dracula(ctx, fight_)
        outcome = None
    if outcome is None:
        fight_["stage"] = "choose"
        return
    combat_in_progress.end(ctx, fight_, outcome)


# --- screens and the leak tests ------------------------------------------------------------


def view(state: State, seat: int | None) -> dict[str, Any] | None:
    return combat_in_progress.view(state, seat)


def public_cards(state: State, seat: int | None) -> set[str]:
    """Item cards ``seat`` knows where they are: last round's cards lie face up; Rage shows
    Dracula a hunter's items."""
    fight_ = combat_in_progress.find(state)
    known: set[str] = set()
    if fight_ is not None:
        for source in (fight_["last"], (fight_["now"] or {}).get("cards", {})):
            known |= {c for f, c in source.items() if c and f != ENEMY}
    if seat == DRACULA:
        known |= set(before_combat.seen_by_dracula(state))
    return known


def redeal(state: State, seat: int | None, rng: Random) -> None:
    """Deal anew every secret choice ``seat`` has not made: a random legal tactic for each
    fighter who has chosen (whether he has chosen is public), and Dracula's target."""
    fight_ = combat_in_progress.find(state)
    if fight_ is None:
        return
    for fighter, card in fight_["pending"].items():
        if card is None or combat_in_progress.seat_of(state, fighter) == seat:
            continue
        if fighter == ENEMY:
            fight_["pending"][fighter] = rng.choice(combat_cards.enemy_options(state, fight_))
            aims = targets(state, fight_)
            fight_["aim"] = rng.choice(aims) if aims else None
        else:
            fight_["pending"][fighter] = rng.choice(
                combat_cards.hunter_options(state, fight_, fighter))[1]
