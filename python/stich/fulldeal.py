"""The full-deal form of the position notation (docs/notation.md, "Full deals"): a position plus
one ``handN: cards`` line per seat giving every hand as it is now, for ``stich solve``.

Kept apart from ``stich.notation``: the position lines are parsed by ``stich.parse`` unchanged,
then the hands are put in place of what the observer cannot see (``state.with_world``)."""

from __future__ import annotations

import re
from typing import Any

from . import _core
from .notation import Position, parse

_HAND_LINE = re.compile(r"^\s*hand(\d+)\s*:(.*)$")


def split_hands(text: str) -> tuple[str, dict[int, tuple[int, str]]]:
    """The text without its ``handN:`` lines, and those lines' cards by seat (with line numbers)."""
    rest, hands = [], {}
    for no, line in enumerate(text.splitlines(), start=1):
        m = _HAND_LINE.match(line.split("#", 1)[0])
        if m is None:
            rest.append(line)
            continue
        seat = int(m.group(1))
        if seat in hands:
            raise ValueError(f"line {no} (hand{seat}): seat {seat}'s hand is given twice")
        hands[seat] = (no, m.group(2).strip())
    return "\n".join(rest) + "\n", hands


def has_full_deal(text: str) -> bool:
    return any(_HAND_LINE.match(line.split("#", 1)[0]) for line in text.splitlines())


def _fill(view: _core.InfoSet, leftover: list, extra: list[int]) -> dict[int, list] | None:
    """Deals the leftover cards to the other locations (talon, discards) within their sizes and
    what the view forbids there; None when no way exists. Which way is chosen does not change the
    card play."""
    need = {loc: view.size(loc) - len(view.known(loc)) for loc in extra}
    out: dict[int, list] = {loc: [] for loc in extra}

    def place(i: int) -> bool:
        if i == len(leftover):
            return all(len(out[loc]) == need[loc] for loc in extra)
        card = leftover[i]
        for loc in extra:
            if len(out[loc]) < need[loc] and card not in view.forbidden(loc):
                out[loc].append(card)
                if place(i + 1):
                    return True
                out[loc].pop()
        return False

    return out if place(0) else None


def parse_full(text: str) -> Position:
    """A position with every hand given: ``stich.parse`` for the position lines, then the hands."""
    position_text, hands = split_hands(text)
    position = parse(position_text)
    state, seat = position.state, position.seat
    view = state.view(seat)
    n = state.num_players
    if not hands:
        raise ValueError("a full deal gives every seat's hand on 'handN: cards' lines (hand0: ... hand{n-1}: ...)")
    for s, (no, _) in hands.items():
        if not 0 <= s < n:
            raise ValueError(f"line {no} (hand{s}): no seat {s} in this game (seats 0..{n - 1})")
    deck = position.game.deck
    world: list[Any] = []
    given: set[Any] = set()
    for s in range(n):
        if s not in hands:
            if view.size(s) == len(view.known(s)):
                world.append(view.known(s))
                continue
            raise ValueError(f"seat {s}'s hand is missing: give it on a 'hand{s}:' line ({view.size(s)} cards)")
        no, cards_text = hands[s]
        try:
            cards = _core.CardSet(cards_text if cards_text != "-" else "", deck)
        except (ValueError, TypeError) as e:
            raise ValueError(f"line {no} (hand{s}): {e}") from None
        if len(cards) != view.size(s):
            raise ValueError(f"line {no} (hand{s}): seat {s} holds {view.size(s)} cards now, got {len(cards)}")
        clash = [str(c) for c in cards if c in given]
        if clash:
            raise ValueError(f"line {no} (hand{s}): {' '.join(clash)} given to two seats")
        bad = [str(c) for c in cards if c in view.forbidden(s)]
        if bad:
            raise ValueError(f"line {no} (hand{s}): seat {s} cannot hold {' '.join(bad)} in this position "
                             "(played already, known elsewhere, or a void the history shows)")
        given.update(cards)
        world.append(cards)
    extra = list(range(n, len(view.location_names)))
    leftover = [c for c in view.unknown if c not in given]
    filled = _fill(view, leftover, extra)
    if filled is None:
        raise ValueError("the hands given leave cards that fit nowhere else (" + " ".join(str(c) for c in leftover) + ")")
    for loc in extra:
        world.append(_core.CardSet(list(view.known(loc)) + filled[loc], deck))
    try:
        full = state.with_world(seat, world)
    except ValueError as e:
        raise ValueError(f"the hands do not fit the position: {e}") from None
    return Position(position.game, seat, full)
