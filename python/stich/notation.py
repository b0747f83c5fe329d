"""The position notation: a decision point as one seat sees it, as text, and back.

``position_text(state, seat)`` writes what ``seat`` knows (its view) as lines ``key: value``;
``parse(text)`` builds a :class:`Position` with a full game state consistent with every line. The
text is read and written by the core (csrc/stich/notation.hpp, the same parser C++ programs use),
which rebuilds the state (its hidden cards drawn exactly as ``state.resample(seat, seed)`` draws
them) and names the line and history entry that cannot be; this module checks the arguments.
See docs/notation.md.
"""

from __future__ import annotations

from typing import Any

from . import _core
from .games import Game, _seed, game_of

HEADER = "stich position 1"
MAX_TRIES = 4000   # parse(tries=...) is accepted for compatibility; the rebuild is exact and needs no tries


def position_text(state: Any, seat: int | None = None) -> str:
    """The notation of ``state`` as ``seat`` (default: the seat to act) sees it."""
    if seat is None:   # a finished deal has no seat to act: the core then says the deal is over
        seat = 0 if state.is_terminal else state.current_player
    if isinstance(seat, bool) or not isinstance(seat, int):
        raise TypeError(f"seat must be an int 0..{state.num_players - 1}, got {seat!r}")
    return _core.position_text(state, seat)


class Position:
    """A parsed position: ``game``, ``seat``, ``state`` (a full state consistent with the text),
    ``view`` (``state.view(seat)``); ``str(position)`` is the notation."""

    def __init__(self, game: Game, seat: int, state: Any) -> None:
        self.game = game
        self.seat = seat
        self.state = state

    @property
    def view(self) -> _core.InfoSet:
        return self.state.view(self.seat)

    @property
    def to_act(self) -> bool:
        return self.state.current_player == self.seat

    def __str__(self) -> str:
        return position_text(self.state, self.seat)

    def __repr__(self) -> str:
        return f"<Position {self.game!r} seat {self.seat}>"


def parse(text: str, seed: int = 0, tries: int = MAX_TRIES) -> Position:
    """Reads a position text into a :class:`Position`: a ``ValueError`` names the line when the text
    is malformed, and the history entry (its index and text) and why when it cannot happen. The
    hidden cards are drawn from ``seed`` uniformly among the deals consistent with the text, exactly
    as ``state.resample(seat, seed)`` draws them. ``tries`` is accepted for compatibility and not
    used: the rebuild is exact and never retries."""
    if isinstance(tries, bool) or not isinstance(tries, int) or tries < 1:
        raise ValueError(f"tries must be an int >= 1, got {tries!r}")
    seed = _seed(seed)
    if not isinstance(text, str):
        raise TypeError(f"parse() takes the position text (str), got {type(text).__name__}")
    # surrogatepass: a lone surrogate reaches the core, which names its line as not UTF-8.
    seat, state = _core.parse_position(text.encode("utf-8", "surrogatepass"), seed)
    return Position(game_of(state), seat, state)
