"""A new table's options and seats, checked against what the game declares.

Every value is coerced to its option's kind and range, or refused with a sentence that
names the option (400): a table is never created from options its game cannot set up.
"""

from __future__ import annotations

from typing import Any

from companion.fairplay import inputs
from companion.fairplay.errors import BadRequest
from companion.games.base import N_, Game, RuleError

MAX_NAME = 24
MAX_OPTION_TEXT = 4000


def validate_options(game: Game, raw: Any) -> dict[str, Any]:
    """The game's options with defaults filled in, each value checked and coerced.

    :raises BadRequest: an unknown option or a value of the wrong kind or range.
    """
    if raw is None:
        raw = {}
    if not isinstance(raw, dict):
        raise BadRequest(N_("Options must be an object."))
    known = {option.name: option for option in game.OPTIONS}
    unknown = sorted(set(raw) - set(known))
    if unknown:
        raise BadRequest(N_("This game has no option “{name}”."), name=str(unknown[0])[:40])
    options: dict[str, Any] = {}
    for name, option in known.items():
        value = raw.get(name, option.default)
        options[name] = _coerce(option, value)
    return options


def _coerce(option: Any, value: Any) -> Any:
    label = option.label
    if option.kind == "bool":
        if isinstance(value, str) and value.lower() in ("on", "true", "1", "yes"):
            return True
        if isinstance(value, str) and value.lower() in ("", "off", "false", "0", "no"):
            return False
        if isinstance(value, bool):
            return value
        raise BadRequest(N_("“{option}” must be yes or no."), option=label)
    if option.kind == "int":
        try:
            number = inputs.whole_number(value) if isinstance(value, str) else int(value)
        except (TypeError, ValueError, OverflowError, BadRequest):
            raise BadRequest(N_("“{option}” must be a whole number."), option=label) from None
        if isinstance(value, bool) or isinstance(value, float) and value != number:
            raise BadRequest(N_("“{option}” must be a whole number."), option=label)
        low = option.min if option.min is not None else number
        high = option.max if option.max is not None else number
        if not low <= number <= high:
            raise BadRequest(N_("“{option}” must be between {min} and {max}."),
                             option=label, min=low, max=high)
        return number
    if option.kind == "choice":
        values = [v for v, _ in option.choices]
        if value not in values:
            raise BadRequest(N_("“{option}” has no choice “{value}”."), option=label,
                             value=str(value)[:40])
        return value
    if not isinstance(value, str) or len(value) > MAX_OPTION_TEXT:
        raise BadRequest(N_("“{option}” must be a text of at most 4000 characters."),
                         option=label)
    return inputs.check_text(value, MAX_OPTION_TEXT, label, newlines=True)


def seat_plan(game: Game, options: dict[str, Any], raw: Any) -> list[dict[str, str]]:
    """Roles and names for the seats, checked against the game's seat rules."""
    spec = game.seats(options)
    if raw is None:
        raw = [{} for _ in range(max(spec.min, len(spec.roles)))]
    if not isinstance(raw, list) or not all(isinstance(s, dict) and isinstance(
            s.get("role", ""), str) for s in raw):
        raise BadRequest(N_("Seats must be a list of objects with a name."))
    if spec.roles and len(raw) != len(spec.roles):
        raise BadRequest(N_("This game has exactly {count} seats."), count=len(spec.roles))
    if not spec.min <= len(raw) <= spec.max:
        raise BadRequest(N_("This game needs between {min} and {max} players."),
                         min=spec.min, max=spec.max)
    roles = spec.roles or _named(game, options, len(raw))
    plan = []
    seen: set[str] = set()
    for i, entry in enumerate(raw):
        role = roles[i] if roles else ""
        default = role if len(role) <= MAX_NAME else ""
        given = entry.get("name")
        name = inputs.clean_name("" if given is None else given, MAX_NAME) or default \
            or f"#{i + 1}"
        if "role" in entry and roles and entry["role"] not in ("", role):
            raise BadRequest(N_("Seat {n} is the role “{role}”."), n=i + 1, role=role)
        if inputs.name_key(name) in seen:
            raise BadRequest(N_("Two seats cannot both be called “{name}”: the log would "
                                "not tell them apart."), name=name)
        seen.add(inputs.name_key(name))
        plan.append({"role": role, "name": name})
    return plan


def _named(game: Game, options: dict[str, Any], players: int) -> tuple[str, ...]:
    """What each of ``players`` seats plays, when the game names it by the count and the
    options (SeatSpec.named); a sharing the game refuses is a 400 naming why."""
    try:
        return game.seats({**options, "players": players}).named
    except RuleError as error:
        raise BadRequest(error.message, **error.args_) from None
