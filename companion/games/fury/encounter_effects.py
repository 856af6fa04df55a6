"""What each of the 18 encounters does when it is revealed on a hunter (the rulebook's own
descriptions, quoted per effect). A group meets an encounter together: each member suffers
it. Fights go to the combat (or are resolved by hand until it exists).

Each effect returns True when its token stays where it was (a New Vampire that escaped),
instead of going back to the pool.
"""

from __future__ import annotations

from typing import Any

from companion.games.base import N_
from companion.games.fury import (
    board,
    cards,
    decks,
    event_cards,
    figures,
    hunters,
    movement,
    time_track,
    trail,
)
from companion.games.fury.choices import ask, question
from companion.games.fury.encounters import start_combat
from companion.games.fury.state import (
    DRACULA,
    Ctx,
    QuestionData,
    State,
    controller,
    hunter_label,
    place_of,
    turn_of,
)


def region(state: State, hunter: str) -> str:
    return board.PLACES[place_of(state, hunter)].region or "west"


def end_turn(ctx: Ctx) -> None:
    """„…ход Охотника тут же завершается (никаких дальнейших засад и боев, в том числе и с
    Дракулой)“."""
    turn = ctx.state["turn"]
    if turn and turn["who"] != "dracula":
        turn["ended"] = True


def has_dogs(state: State, hunter: str) -> bool:
    """Dogs played face up in front of the hunter."""
    return any(cards.kind(c) == "dogs" for c in state["hunters"][hunter]["up"])


def holding(state: State, hunter: str, *kinds: str) -> list[str]:
    return sorted(c for c in state["hunters"][hunter]["items"] if cards.kind(c) in kinds)


def show(ctx: Ctx, hunter: str, card: str) -> None:
    """„…показывает Дракуле…“: Dracula sees the card; the table learns that one was shown."""
    ctx.say("{hunter} shows Dracula a card.", hunter=hunter_label(hunter))
    ctx.tell([DRACULA], "{hunter} shows you {card}.", hunter=hunter_label(hunter),
             card=cards.item_name(card))


# --- the plain ones ---------------------------------------------------------------------


def plague(ctx: Ctx, token: str, group: list[str], ambush: bool) -> bool:
    """„Мор: Охотник теряет 2 Здоровья.“"""
    for hunter in group:
        hunters.lose_health(ctx, hunter, 2, cards.encounter_name(token))
    return False


def wolves(ctx: Ctx, token: str, group: list[str], ambush: bool) -> bool:
    """„Волки: Охотник теряет 2 Здоровья. Охотник теряет 1 Здоровье, если покажет Дракуле
    Пистолет или Винтовку, и не теряет Здоровья, если имеет и Пистолет, и Винтовку.“ A
    hunter always shows what spares him."""
    for hunter in group:
        pistol = holding(ctx.state, hunter, "pistol")
        rifle = holding(ctx.state, hunter, "rifle")
        for card in (pistol[:1] + rifle[:1]):
            show(ctx, hunter, card)
        loss = 2 - bool(pistol) - bool(rifle)
        if loss:
            hunters.lose_health(ctx, hunter, loss, cards.encounter_name(token))
        else:
            ctx.say("{hunter} drives the wolves off.", hunter=hunter_label(hunter))
    return False


def rats(ctx: Ctx, token: str, group: list[str], ambush: bool) -> bool:
    """„Крысы: Если у Охотника есть Псы (лицом вверх), засада сбрасывается без эффекта. В
    противном случае Охотник бросает 4 кубика и теряет по 1 Здоровью за каждый результат от 4
    до 6.“"""
    for hunter in group:
        if has_dogs(ctx.state, hunter):
            ctx.say("{hunter}'s dogs chase the rats away.", hunter=hunter_label(hunter))
            continue
        rolls = [ctx.rng.roll(6) for _ in range(4)]
        ctx.revealed = True
        bites = sum(1 for r in rolls if r >= 4)
        ctx.say("{hunter} rolls {rolls} against the rats.", hunter=hunter_label(hunter),
                rolls=[str(r) for r in rolls])
        if bites:
            hunters.lose_health(ctx, hunter, bites, cards.encounter_name(token))
    return False


def desecrated_soil(ctx: Ctx, token: str, group: list[str], ambush: bool) -> bool:
    """„Оскверненная почва: Дракула берет 1 карту События. Если это Событие Охотника, оно
    сбрасывается. В другом случае, Дракула оставляет карту себе.“"""
    card = decks.draw_event(ctx)
    if card is None:
        return False
    if cards.event(card)["side"] == "hunter":
        decks.discard_event(ctx.state, card)
        ctx.say("Dracula draws {card}: a hunters' card, discarded.", card=cards.event_name(card))
    else:
        ctx.say("Dracula draws a bat card.")
        event_cards.dracula_gains(ctx, card)
    return False


# --- the ones that end the turn ---------------------------------------------------------------


def bats(ctx: Ctx, token: str, group: list[str], ambush: bool) -> bool:
    """„Нетопыри: ход Охотника тут же завершается… и он кладет засаду перед собой. На
    следующий его ход он возвращает этот жетон Дракуле, который на этом ходу контролирует
    движение Охотника (он должен вести Охотника по Дорогам…).“"""
    end_turn(ctx)
    holder = group[0]
    ctx.state["hunters"][holder]["held"].append(token)
    for hunter in group:
        ctx.state["hunters"][hunter]["bats"] = True
    ctx.say("Bats: next turn Dracula moves {hunters} by road.",
            hunters=[hunter_label(h) for h in group])
    return True


def fog(ctx: Ctx, token: str, group: list[str], ambush: bool) -> bool:
    """„Туман: ход Охотника тут же завершается… Пока она остается перед Охотником, ни один
    другой Охотник не может ни войти в город, ни выйти из него… В конце следующего хода
    Охотника жетон сбрасывается в пул.“ Met in his own turn, that turn's end does not
    count (also when he met it as a member of another hunter's group); laid on him in
    Dracula's turn (a matured Ambush), his coming turn is the next."""
    end_turn(ctx)
    holder = group[0]
    turn = turn_of(ctx.state)
    ctx.state["hunters"][holder]["held"].append(token)
    this_turn = turn is not None and turn["who"] != "dracula" and holder in turn["group"]
    ctx.state["hunters"][holder]["fog"] = 2 if this_turn else 1
    ctx.say("Fog settles on {place}: no other hunter may enter or leave it until the end of "
            "{hunter}'s next turn.", place=board.name(place_of(ctx.state, holder)),
            hunter=hunter_label(holder))
    return True


def saboteur(ctx: Ctx, token: str, group: list[str], ambush: bool) -> bool:
    """„Саботаж: Если у Охотника есть Псы (лицом вверх), засада сбрасывается без эффекта. В
    противном случае ход Охотника тут же завершается… и он должен сбросить 1 Вещь или 1
    Событие по своему выбору.“"""
    for hunter in group:
        if has_dogs(ctx.state, hunter):
            ctx.say("{hunter}'s dogs catch the saboteur.", hunter=hunter_label(hunter))
            continue
        end_turn(ctx)
        ask(ctx, "discard_one", controller(ctx.state, hunter), hunter=hunter,
            kinds=["items", "events"], why=cards.encounter_name(token))
    return False


# --- cards lost ---------------------------------------------------------------------------------


def hoax(ctx: Ctx, token: str, group: list[str], ambush: bool) -> bool:
    """„Обман: в Западной Европе Охотник тут же сбрасывает все карты Событий. В Восточной
    Европе Охотник немедленно сбрасывает 1 Событие по своему выбору.“"""
    for hunter in group:
        held = list(ctx.state["hunters"][hunter]["events"])
        if region(ctx.state, hunter) == "west":
            for card in held:
                hunters.discard_card(ctx, hunter, card, cards.encounter_name(token))
        elif held:
            ask(ctx, "discard_one", controller(ctx.state, hunter), hunter=hunter,
                kinds=["events"], why=cards.encounter_name(token))
    return False


def lightning(ctx: Ctx, token: str, group: list[str], ambush: bool) -> bool:
    """„Молния: если Охотник показывает Дракуле, что имеет Распятие или Облатки Причастия,
    эта засада сбрасывается без эффекта. В противном случае Охотник теряет 2 Здоровья и
    должен сбросить 1 Вещь по своему выбору.“"""
    for hunter in group:
        ward = holding(ctx.state, hunter, "crucifix", "heavenly_host")
        if ward:
            show(ctx, hunter, ward[0])
            continue
        hunters.lose_health(ctx, hunter, 2, cards.encounter_name(token))
        if ctx.state["hunters"][hunter]["items"]:
            ask(ctx, "discard_one", controller(ctx.state, hunter), hunter=hunter,
                kinds=["items"], why=cards.encounter_name(token))
    return False


def peasants(ctx: Ctx, token: str, group: list[str], ambush: bool) -> bool:
    """„Крестьяне: в Западной Европе Охотник сбрасывает 1 карту Вещи по-своему выбору и берет
    новую. В Восточной Европе Охотник сбрасывает все Вещи и берет равное число новых.“"""
    for hunter in group:
        held = list(ctx.state["hunters"][hunter]["items"])
        if not held:
            continue
        if region(ctx.state, hunter) == "west":
            ask(ctx, "discard_one", controller(ctx.state, hunter), hunter=hunter,
                kinds=["items"], why=cards.encounter_name(token), redraw=True)
            continue
        for card in held:
            hunters.discard_card(ctx, hunter, card, cards.encounter_name(token))
        for _ in held:
            draw_item(ctx, hunter)
    return False


def draw_item(ctx: Ctx, hunter: str) -> None:
    card = decks.draw_item(ctx)
    if card is not None:
        ctx.say("{hunter} draws an item.", hunter=hunter_label(hunter))
        hunters.take_item(ctx, hunter, card)


def _discard_options(state: State, data: QuestionData) -> list[Any]:
    h = state["hunters"][data["hunter"]]
    out = []
    if "items" in data["kinds"]:
        out += [(c, N_("Discard {card}"), {"card": cards.item_name(c)}, "") for c in h["items"]]
    if "events" in data["kinds"]:
        out += [(c, N_("Discard {card}"), {"card": cards.event_name(c)}, "") for c in h["events"]]
    return sorted(out)


@question(N_("Discard a card of your choice"), _discard_options)
def _discard_one(ctx: Ctx, data: QuestionData, card: str) -> None:
    hunters.discard_card(ctx, data["hunter"], card, data["why"])
    if data.get("redraw"):
        draw_item(ctx, data["hunter"])


# --- Dracula's gains ------------------------------------------------------------------------


def spy(ctx: Ctx, token: str, group: list[str], ambush: bool) -> bool:
    """„Шпион: Дракула может посмотреть все карты Вещей и Событий Охотника, а Охотник должен
    сказать, куда будет двигаться следующим ходом.“"""
    state = ctx.state
    ctx.revealed = True
    for hunter in group:
        h = state["hunters"][hunter]
        held = [cards.item_name(c) for c in sorted(h["items"])] + [
            cards.event_name(c) for c in sorted(h["events"])] or [N_("nothing")]
        ctx.tell([DRACULA], "Spy: {hunter} holds {cards}.", hunter=hunter_label(hunter),
                 cards=held)
        ctx.say("The spy shows Dracula {hunter}'s cards.", hunter=hunter_label(hunter))
        ask(ctx, "declare", controller(state, hunter), hunter=hunter, always_ask=True)
    return False


def _declare_options(state: State, data: QuestionData) -> list[Any]:
    here = place_of(state, data["hunter"])
    out = [("stay", N_("I will stay in {place}"), {"place": board.name(here)}, "")]
    for to in movement.hunter_road(state, here):
        out.append((f"road:{to}", N_("By road to {place}"), {"place": board.name(to)}, ""))
    for to in movement.hunter_sea(here, state["storms"]):
        out.append((f"sea:{to}", N_("By sea to {place}"), {"place": board.name(to)}, ""))
    if board.RAIL.get(here):
        out.append(("rail", N_("By train"), {}, ""))
    return out


@question(N_("Spy: say where you will move next turn"), _declare_options)
def _declare(ctx: Ctx, data: QuestionData, key: str) -> None:
    hunter = data["hunter"]
    ctx.state["hunters"][hunter]["declared"] = key
    by, _, to = key.partition(":")
    if key == "stay":
        ctx.say("{hunter} will stay next turn.", hunter=hunter_label(hunter))
    elif key == "rail":
        ctx.say("{hunter} will take a train next turn.", hunter=hunter_label(hunter))
    else:
        ctx.say("{hunter} will go by {by} to {place} next turn.", hunter=hunter_label(hunter),
                by=by, place=board.name(to))


def thief(ctx: Ctx, token: str, group: list[str], ambush: bool) -> bool:
    """„Вор: Если у Охотника есть Псы (лицом вверх), засада сбрасывается без эффекта. В
    противном случае Дракула забирает у Охотника случайную карту Вещи или События (Дракула
    выбирает, карту какого типа забрать), смотрит ее и сбрасывает.“"""
    for hunter in group:
        if has_dogs(ctx.state, hunter):
            ctx.say("{hunter}'s dogs catch the thief.", hunter=hunter_label(hunter))
            continue
        ask(ctx, "steal", DRACULA, hunter=hunter)
    return False


def _steal_options(state: State, data: QuestionData) -> list[Any]:
    h = state["hunters"][data["hunter"]]
    name = cards.hunter_name(data["hunter"])
    out = []
    if h["items"]:
        out.append(("items", N_("Steal one of {hunter}'s items"), {"hunter": name}, ""))
    if h["events"]:
        out.append(("events", N_("Steal one of {hunter}'s events"), {"hunter": name}, ""))
    return out


@question(N_("Thief: which kind of card?"), _steal_options)
def _steal(ctx: Ctx, data: QuestionData, kind: str) -> None:
    hunter = data["hunter"]
    held = sorted(ctx.state["hunters"][hunter]["items" if kind == "items" else "events"])
    card = held[ctx.rng.randbelow(len(held))]
    ctx.revealed = True
    hunters.discard_card(ctx, hunter, card, N_("the thief"))


# --- the fights and the New Vampire ----------------------------------------------------------


def agent(ctx: Ctx, token: str, group: list[str], ambush: bool) -> bool:
    """„Ассасин: Охотник атакован Агентом со всеми 5 Приемами Агента…“; „Миньон: Охотник
    атакован Агентом с Ударом, Уклонением и Приемами, которые изображены на жетоне.“ The
    token stays on its card until the agent is killed („Жетон агента остается в локации“)."""
    return start_combat(ctx, token, group, place_of(ctx.state, group[0]))


def new_vampire(ctx: Ctx, token: str, group: list[str], ambush: bool) -> bool:
    """„Новый Вампир: Днем Охотник убивает вампира, и эта засада сбрасывается без эффекта.
    Ночью киньте кубик. На 1-3 Охотник Укушен, если он не покажет Дракуле, что имеет Распятие
    или Облатки Причастия. На 4-6 Вампир убегает, если Охотник не сбросит Нож или Кол. Если
    Вампир не сбежал, засада возвращается в пул… Если Вампир сбежал, засада остается в
    локации, а ход Охотника тут же завершается.“"""
    state = ctx.state
    if time_track.is_day(state):
        ctx.say("By day the hunters destroy the New Vampire.")
        return False
    escaped = False
    for hunter in group:
        roll = ctx.rng.roll(6)
        ctx.revealed = True
        ctx.say("Night: {hunter} rolls {roll} against the New Vampire.",
                hunter=hunter_label(hunter), roll=roll)
        if roll <= 3:
            ward = holding(state, hunter, "crucifix", "heavenly_host")
            if ward:
                show(ctx, hunter, ward[0])
            else:
                hunters.bite(ctx, hunter, cards.encounter_name(token))
        else:
            weapons = holding(state, hunter, "knife", "stake")
            if weapons:
                ask(ctx, "stop_vampire", controller(state, hunter), hunter=hunter,
                    token=token, always_ask=True)
                continue
            escaped = True
    if escaped:
        ctx.say("The New Vampire escapes and stays here.")
        end_turn(ctx)
    return escaped


def _stop_options(state: State, data: QuestionData) -> list[Any]:
    weapons = holding(state, data["hunter"], "knife", "stake")
    out = [(c, N_("Discard {card}: the vampire does not escape"), {"card": cards.item_name(c)},
            "") for c in weapons]
    return out + [("let", N_("Let it escape"), {}, N_("It stays here and your turn ends."))]


@question(N_("The New Vampire flees: discard a Knife or a Stake?"),
          _stop_options)
def _stop_vampire(ctx: Ctx, data: QuestionData, key: str) -> None:
    if key != "let":
        hunters.discard_card(ctx, data["hunter"], key, N_("the New Vampire"))
        for slot in trail.slots(ctx.state):
            if data["token"] in slot["tokens"]:
                slot["tokens"].remove(data["token"])
                slot["shown"].remove(data["token"])
                trail.return_tokens(ctx.state, [data["token"]])
        return
    ctx.say("The New Vampire escapes and stays here.")
    end_turn(ctx)


# --- Ambush -----------------------------------------------------------------------------------


def ambush_plain(ctx: Ctx, token: str, group: list[str], ambush: bool) -> bool:
    """„Западня: Дракула может взять 1 засаду из резерва, а потом должен сбросить в резерв
    жетоны, если их число в его запасе больше нормы.“"""
    ask(ctx, "ambush_draw", DRACULA, always_ask=True)
    return False


def _ambush_options(state: State, data: QuestionData) -> list[Any]:
    return [("draw", N_("Draw an encounter from the pool"), {}, ""),
            ("no", N_("Draw nothing"), {}, "")]


@question(N_("Ambush: draw an encounter?"), _ambush_options)
def _ambush_draw(ctx: Ctx, data: QuestionData, key: str) -> None:
    state = ctx.state
    if key == "no":
        ctx.say("Dracula draws no encounter.")
        return
    token = decks.draw_token(ctx)
    if token is None:
        return
    state["encounters"].append(token)
    state["encounters"].sort()
    ctx.say("Dracula draws an encounter.")
    if len(state["encounters"]) > decks.encounter_hand_size(state):
        ask(ctx, "return_token", DRACULA, front=True, always_ask=True)


def _return_options(state: State, data: QuestionData) -> list[Any]:
    seen: dict[str, str] = {}
    for token in sorted(state["encounters"]):
        seen.setdefault(cards.kind(token), token)
    return [(t, N_("Return {encounter}"), {"encounter": cards.encounter_name(t)}, "")
            for t in seen.values()]


@question(N_("Too many encounters: return one to the pool"), _return_options)
def _return_token(ctx: Ctx, data: QuestionData, token: str) -> None:
    ctx.state["encounters"].remove(token)
    ctx.state["pool"].append(token)
    ctx.say("Dracula returns an encounter to the pool.")


# --- Bats: Dracula moves the hunter ----------------------------------------------------------


def _bats_options(state: State, data: QuestionData) -> list[Any]:
    hunter = data["hunter"]
    here = place_of(state, hunter)
    name = cards.hunter_name(hunter)
    roads = [to for to in movement.hunter_road(state, here)]
    if not roads:
        return [("stay", N_("{hunter} cannot be moved: no road"), {"hunter": name}, "")]
    return [(to, N_("Send {hunter} to {place}"), {"hunter": name, "place": board.name(to)},
             N_("Bats: you move the hunter one road.")) for to in roads]


@question(N_("Bats: move the hunter by road"), _bats_options)
def _bats_move(ctx: Ctx, data: QuestionData, to: str) -> None:
    state = ctx.state
    hunter = data["hunter"]
    h = state["hunters"][hunter]
    h["bats"] = False
    if to != "stay":
        figures.move_hunter(ctx, hunter, to, N_("Bats"))
        ctx.say("The bats drive {hunter} to {place}.", hunter=hunter_label(hunter),
                place=board.name(to))
    if not any(other["bats"] for other in state["hunters"].values()):
        for other in state["hunters"].values():
            for token in [t for t in other["held"] if cards.kind(t) == "bats"]:
                other["held"].remove(token)
                state["pool"].append(token)
    turn = state["turn"]
    if turn and turn["who"] == hunter:
        turn["moved"] = True
        turn["stage"] = "search"
