"""The full-deal form of the position notation (docs/notation.md, "Full deals"): a position plus
one ``handN: cards`` line per seat giving every hand as it is now, for ``stich solve``. Read and
written by the core (csrc/stich/notation.hpp), like the rest of the notation."""

from __future__ import annotations

from typing import Any

from . import _core
from .games import game_of
from .notation import Position


def has_full_deal(text: str) -> bool:
    """Whether the text gives hands on ``handN:`` lines (a full deal) rather than one seat's view."""
    return _core.is_full_deal(text)


def parse_full(text: str) -> Position:
    """A position with every hand given: the state holds the hands given, the cards left over in
    the other locations (a talon, discards) in some way the view allows. ``ValueError`` naming the
    line at fault: a hand of the wrong size, a card given twice, one the seat cannot hold."""
    if not isinstance(text, str):
        raise TypeError(f"parse_full() takes the full-deal text (str), got {type(text).__name__}")
    seat, state = _core.parse_full_deal(text.encode("utf-8", "surrogatepass"))
    return Position(game_of(state), seat, state)


def full_deal_text(state: Any, seat: int | None = None) -> str:
    """The full deal of ``state``: its notation as ``seat`` (default: the seat to act) sees it, then
    every seat's hand on a ``handN:`` line; ``parse_full`` reads it back. The core checks the
    arguments (a finished deal: ValueError; a seat not at the table: IndexError)."""
    if seat is None:   # a finished deal has no seat to act: the core then says the deal is over
        seat = 0 if state.is_terminal else state.current_player
    return _core.full_deal_text(state, seat)
