"""Game records (docs/records.md): a played deal as the game and its options, the dealer, the cards
as dealt, the actions, and optionally the seed, the seats' names and free tags.

Two forms, read and written by the core (csrc/stich/records.hpp, beside the position notation,
whose grammar they share): a text form of tag pairs (as PBN has them) and the actions in the
position notation's history form, several records a file separated by blank lines, ``#``
comments; and JSON Lines, one record an object. ``read_records`` checks every record as the game
would: the game line and options, the deal (every card once, where the game deals it), and every
action in turn; a ``ValueError`` names the source, the record, its line and the action at fault.
This module holds the files and the ``Record`` values.

    returns, records = stich.play(game, bots, deals=10, seed=1, records=True)
    stich.write_records(records, "games.txt")
    again = stich.read_records("games.txt")     # == records
    state = again[0].state(at=5)                # the state before the record's action 5
"""

from __future__ import annotations

import dataclasses
import json
import os
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import IO, Any

from . import _core
from ._textfile import open_text as _open_text, write_atomically
from .games import GAMES, Game

__all__ = ["Record", "read_records", "write_records", "FORMATS"]

#: The forms a file of records can have: "text" (tag pairs and the history) and "jsonl".
FORMATS = ("text", "jsonl")


@dataclass(frozen=True)
class Record:
    """One deal as played. ``options`` holds every option of the game (defaults too); ``deal`` the
    card texts of every place of the deal in deal order (``seat0``.. then the game's
    ``DEAL_LOCATIONS``); ``deal_args`` the deal's extra arguments (``Game.DEAL_PARAMS``);
    ``actions`` (seat, action text) pairs. Records are equal when every field is."""

    game: str
    options: dict[str, Any]
    dealer: int
    deal: dict[str, list[str]]
    actions: tuple[tuple[int, str], ...] = ()
    deal_args: dict[str, Any] = field(default_factory=dict)
    seed: int | None = None
    names: tuple[str, ...] | None = None
    tags: dict[str, str] = field(default_factory=dict)

    # --- made from play -------------------------------------------------------------------------
    @classmethod
    def dealt(cls, state: Any, seed: int | None = None, names: Iterable[str] | None = None,
              tags: dict[str, str] | None = None) -> Record:
        """The record of a state before its first action (``ValueError`` after one), its actions to
        come added with :meth:`with_action`."""
        _game_class(state)
        game, options, dealer, deal, actions, deal_args, seed, _, _ = _core.dealt_record(state, seed)
        return cls(game, options, dealer, deal, actions, deal_args, seed, tuple(names) if names is not None else None,
                   dict(tags or {}))

    def with_action(self, seat: int, text: str) -> Record:
        return _replace(self, actions=self.actions + ((int(seat), str(text)),))

    # --- what it holds ----------------------------------------------------------------------------
    @property
    def game_class(self) -> type[Game]:
        if self.game not in GAMES:
            raise ValueError(f"unknown game {self.game!r}; accepted: {', '.join(GAMES)}")
        return GAMES[self.game]

    def state(self, at: int | None = None) -> Any:
        """The state before the record's action ``at`` (0: the deal as dealt; None: after the last
        action). Every action is applied through the rules (by the core: csrc/stich/records.hpp)."""
        return _core.record_state(self, at)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Record):
            return NotImplemented
        return _key(self) == _key(other)

    def __hash__(self) -> int:
        return hash(_key(self))


def _replace(r: Record, **changes: Any) -> Record:
    fields = {f: getattr(r, f) for f in ("game", "options", "dealer", "deal", "actions", "deal_args", "seed", "names", "tags")}
    fields.update(changes)
    return Record(**fields)


def _key(r: Record) -> str:
    """Records are equal when every field is: their fields as JSON, keys sorted (a tuple as a list)."""
    return json.dumps(dataclasses.asdict(r), sort_keys=True)


def _game_class(state: Any) -> type[Game]:
    for game in GAMES.values():
        if isinstance(state, game.State):
            return game
    raise TypeError(f"not a state of a stich game: {type(state).__name__}")


# --- files -----------------------------------------------------------------------------------------

def read_records(source: str | os.PathLike[str] | IO[str], format: str | None = None) -> list[Record]:
    """The records of a file (a path or an open text file), in either form (``format``: "text" or
    "jsonl"; None: JSON Lines when the first non-blank character is ``{``). Every record is checked
    as it is read (its game, options, deal and every action); a ``ValueError`` names the source,
    the record (1-based), its line and what is wrong."""
    text, name = _open_text(source)
    # surrogatepass: a lone surrogate reaches the core, which names its line as not UTF-8.
    return [Record(*fields) for fields in _core.read_records(text.encode("utf-8", "surrogatepass"), name, format)]


def write_records(records: Iterable[Record], target: str | os.PathLike[str] | IO[str], format: str | None = None) -> None:
    """Writes the records to a path or an open text file: ``format`` "text" or "jsonl" (None: by the
    path's extension, .jsonl or .json for JSON Lines, else text)."""
    if format is None:
        format = "jsonl" if isinstance(target, (str, os.PathLike)) and str(target).endswith((".jsonl", ".json")) else "text"
    records = list(records)
    for r in records:
        if not isinstance(r, Record):
            raise TypeError(f"write_records writes Records, got {type(r).__name__}")
    text = _core.write_records(records, format)
    if isinstance(target, (str, os.PathLike)):
        write_atomically(target, text)
    else:
        target.write(text)
