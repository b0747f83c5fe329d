"""Game records (docs/records.md): a played deal as the game and its options, the dealer, the cards
as dealt, the actions, and optionally the seed, the seats' names and free tags.

Two forms, both read and written here: a text form of tag pairs (as PBN has them) and the actions
in the position notation's history form, several records a file separated by blank lines, ``#``
comments; and JSON Lines, one record an object. ``read_records`` checks every record as the game
would: the game line and options, the deal (every card once, where the game deals it), and every
action in turn through ``apply``; a ``ValueError`` names the source, the record, its line and the
action at fault.

    returns, records = stich.play(game, bots, deals=10, seed=1, records=True)
    stich.write_records(records, "games.txt")
    again = stich.read_records("games.txt")     # == records
    state = again[0].state(at=5)                # the state before the record's action 5
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import IO, Any

from . import _core
from ._textfile import open_text as _open_text, short as _short, unique_keys as _unique_keys, write_atomically
from .games import GAMES, Game

__all__ = ["Record", "read_records", "write_records", "FORMATS"]

#: The forms a file of records can have: "text" (tag pairs and the history) and "jsonl".
FORMATS = ("text", "jsonl")
_KNOWN_TAGS = ("Game", "Dealer", "Seed", "Deal", "DealArgs", "Names")


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
        game = _game_class(state)
        cards, extras = state._initial_deal()
        places = _places(game, state.num_players)
        deal = {place: [str(c) for c in held] for place, held in zip(places, cards)}
        return cls(game.name, dict(state.rules.options), state.dealer, deal, (), _plain_args(game, extras), seed,
                   tuple(names) if names is not None else None, dict(tags or {}))

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
        action). Every action is applied through the rules."""
        n = len(self.actions)
        if at is None:
            at = n
        if isinstance(at, bool) or not isinstance(at, int) or not 0 <= at <= n:
            raise ValueError(f"at must be an int in 0..{n} (the record has {n} actions) or None, got {at!r}")
        state = self._deal()
        for k, (seat, text) in enumerate(self.actions[:at]):
            _apply(state, k, seat, text)
        return state

    def _deal(self) -> Any:
        game = self.game_class(**self.options)
        deck = game.deck
        places = _places(game, game.num_players)
        unknown = sorted(set(self.deal) - set(places))
        if unknown:
            raise ValueError(f"the deal names places this game does not have: {', '.join(unknown)}; its places: {', '.join(places)}")
        cards = []
        for place in places:
            try:
                cards.append([_core.Card(c, deck).id for c in self.deal.get(place, [])])
            except (ValueError, TypeError) as e:
                raise ValueError(f"the deal's {place}: {e}") from None
        return game.rules._deal_cards(self.seed or 0, self.dealer, cards, **self.deal_args)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Record):
            return NotImplemented
        return _key(self) == _key(other)

    def __hash__(self) -> int:
        return hash(json.dumps(_as_json(self), sort_keys=True))


def _replace(r: Record, **changes: Any) -> Record:
    fields = {f: getattr(r, f) for f in ("game", "options", "dealer", "deal", "actions", "deal_args", "seed", "names", "tags")}
    fields.update(changes)
    return Record(**fields)


def _key(r: Record) -> str:
    return json.dumps(_as_json(r), sort_keys=True)


def _game_class(state: Any) -> type[Game]:
    for game in GAMES.values():
        if isinstance(state, game.State):
            return game
    raise TypeError(f"not a state of a stich game: {type(state).__name__}")


def _places(game: type[Game] | Game, players: int) -> list[str]:
    return [f"seat{i}" for i in range(players)] + list(game.DEAL_LOCATIONS)


def _plain_args(game: type[Game], extras: dict[str, Any]) -> dict[str, Any]:
    """The deal's extra arguments as plain values (cards as texts), the defaults left out."""
    out: dict[str, Any] = {}
    for name, value in extras.items():
        if value is None or value == game.DEAL_PARAMS[name].default or value == []:
            continue
        out[name] = [str(c) for c in value] if isinstance(value, list) else str(value) if isinstance(value, _core.Card) else value
    return out


def _apply(state: Any, k: int, seat: int, text: str) -> None:
    if state.is_terminal:
        raise ValueError(f"action {k} ({seat} {text}): the deal is already over")
    if seat != state.current_player:
        raise ValueError(f"action {k} ({seat} {text}): seat {state.current_player} is to act, not seat {seat}")
    try:
        state.apply(text)
    except ValueError as e:
        raise ValueError(f"action {k} ({seat} {text}): {e}") from None


# --- JSON ------------------------------------------------------------------------------------------

def _as_json(r: Record) -> dict[str, Any]:
    out: dict[str, Any] = {"game": r.game, "options": r.options, "dealer": r.dealer, "deal": r.deal,
                           "actions": [[s, t] for s, t in r.actions]}
    if r.deal_args:
        out["deal_args"] = r.deal_args
    if r.seed is not None:
        out["seed"] = r.seed
    if r.names is not None:
        out["names"] = list(r.names)
    if r.tags:
        out["tags"] = r.tags
    return out


def _from_json(obj: Any) -> Record:
    if not isinstance(obj, dict):
        raise ValueError(f"a record is a JSON object, got {type(obj).__name__}")
    missing = [k for k in ("game", "dealer", "deal") if k not in obj]
    if missing:
        raise ValueError(f"a record needs {', '.join(missing)}")
    unknown = sorted(set(obj) - {"game", "options", "dealer", "deal", "actions", "deal_args", "seed", "names", "tags"})
    if unknown:
        raise ValueError(f"unknown fields {', '.join(unknown)}")
    game = obj["game"]
    if game not in GAMES:
        raise ValueError(f"unknown game {game!r}; accepted: {', '.join(GAMES)}")
    options = dict(GAMES[game](**(obj.get("options") or {})).options)   # every option, checked
    deal = obj["deal"]
    if not isinstance(deal, dict) or not all(isinstance(v, list) and all(isinstance(c, str) for c in v) for v in deal.values()):
        raise ValueError("deal must map each place to a list of card texts")
    actions = obj.get("actions", [])
    if not isinstance(actions, list) or not all(isinstance(a, list) and len(a) == 2 and isinstance(a[0], int)
                                                and isinstance(a[1], str) for a in actions):
        raise ValueError("actions must be a list of [seat, text] pairs")
    dealer, seed = obj["dealer"], obj.get("seed")
    if isinstance(dealer, bool) or not isinstance(dealer, int):
        raise ValueError(f"dealer must be an int, got {dealer!r}")
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2**64):
        raise ValueError(f"seed must be an int in 0..2**64-1, got {seed!r}")
    names = obj.get("names")
    if names is not None and not (isinstance(names, list) and all(isinstance(n, str) for n in names)):
        raise ValueError("names must be a list of str")
    tags = obj.get("tags") or {}
    if not isinstance(tags, dict) or not all(isinstance(k, str) and isinstance(v, str) for k, v in tags.items()):
        raise ValueError("tags must map str to str")
    deal_args = obj.get("deal_args") or {}
    if not isinstance(deal_args, dict):
        raise ValueError("deal_args must be an object")
    return Record(game, options, dealer, {k: list(v) for k, v in deal.items()}, tuple((s, t) for s, t in actions),
                  dict(deal_args), seed, tuple(names) if names is not None else None, dict(tags))


# --- text ------------------------------------------------------------------------------------------

def _tag(name: str, value: str) -> str:
    if '"' in value or "\n" in value:
        raise ValueError(f"the tag {name}'s value cannot hold a double quote or a line break: {value!r}")
    return f'[{name} "{value}"]'


def _record_text(r: Record) -> str:
    game = r.game_class(**r.options)
    lines = [_tag("Game", game.rules._game_line), _tag("Dealer", str(r.dealer))]
    if r.seed is not None:
        lines.append(_tag("Seed", str(r.seed)))
    lines.append(_tag("Deal", "; ".join(f"{place}: {' '.join(cards) or '-'}" for place, cards in r.deal.items())))
    if r.deal_args:
        lines.append(_tag("DealArgs", "; ".join(f"{k}: {' '.join(v) if isinstance(v, list) else v}" for k, v in r.deal_args.items())))
    if r.names is not None:
        if any(";" in n for n in r.names):
            raise ValueError(f"a seat's name cannot hold ';': {r.names!r}")
        lines.append(_tag("Names", "; ".join(r.names)))
    for k, v in r.tags.items():
        if k in _KNOWN_TAGS or not k.isidentifier():
            raise ValueError(f"a free tag is a name (letters, digits, _) other than {', '.join(_KNOWN_TAGS)}, got {k!r}")
        lines.append(_tag(k, v))
    history = "; ".join(f"{s} {t}" for s, t in r.actions)
    # The actions, wrapped at about 100 columns between entries.
    out, line = [], ""
    for entry in history.split("; ") if history else []:
        piece = entry if not line else f"; {entry}"
        if line and len(line) + len(piece) > 100:
            out.append(line + ";")
            line = entry
        else:
            line += piece
    if line:
        out.append(line)
    return "\n".join(lines + out) + "\n"


def _parse_value(game: type[Game], name: str, text: str) -> Any:
    option = game.DEAL_PARAMS.get(name)
    if option is None:
        raise ValueError(f"unknown deal argument {name!r}; accepted: {', '.join(game.DEAL_PARAMS) or 'none'}")
    if option.kind == "bool":
        if text not in ("True", "False"):
            raise ValueError(f"deal argument {name} is True or False, got {text!r}")
        return text == "True"
    if option.kind == "int":
        try:
            return int(text)
        except ValueError:
            raise ValueError(f"deal argument {name} is an int, got {text!r}") from None
    if option.kind == "cards":
        return text.split()
    return text


def _text_records(lines: list[tuple[int, str]]) -> Iterator[list[tuple[int, str]]]:
    """The (line number, text) of each record's lines, comments gone: blocks separated by blank lines."""
    block: list[tuple[int, str]] = []
    for no, raw in lines + [(len(lines) + 1, "")]:
        text = raw.split("#", 1)[0].strip()
        if not text:
            if block:
                yield block
                block = []
            continue
        block.append((no, text))


def _split_block(block: list[tuple[int, str]]) -> tuple[int, dict[str, str], list[tuple[int, str]]]:
    tags: dict[str, str] = {}
    history: list[tuple[int, str]] = []
    for no, text in block:
        if text.startswith("["):
            if history:
                raise _LineError(no, "a tag after the actions (tags come first, then the actions)")
            if not (text.endswith('"]') and ' "' in text):
                raise _LineError(no, f'a tag is [Name "value"], got {text!r}')
            name, value = text[1:-2].split(' "', 1)
            if not name.isidentifier():
                raise _LineError(no, f"a tag's name is letters, digits and _, got {name!r}")
            if name in tags:
                raise _LineError(no, f"the tag {name} is given twice")
            tags[name] = value
        else:
            history.append((no, text))
    return block[0][0], tags, history


class _LineError(ValueError):
    def __init__(self, line: int, message: str) -> None:
        super().__init__(message)
        self.line = line


def _from_text(first: int, tags: dict[str, str], history: list[tuple[int, str]]) -> tuple[Record, list[int]]:
    """The record of a block and the line of each of its actions (for messages)."""
    for needed in ("Game", "Dealer", "Deal"):
        if needed not in tags:
            raise _LineError(first, f"the record has no {needed} tag")
    try:
        game = Game.from_rules(_core.parse_game(tags["Game"]))
    except ValueError as e:
        raise _LineError(first, f"the Game tag: {e}") from None
    try:
        dealer = int(tags["Dealer"])
    except ValueError:
        raise _LineError(first, f"the Dealer tag is a seat number, got {tags['Dealer']!r}") from None
    seed = None
    if "Seed" in tags:
        try:
            seed = int(tags["Seed"])
        except ValueError:
            raise _LineError(first, f"the Seed tag is an int, got {tags['Seed']!r}") from None
    deal: dict[str, list[str]] = {}
    for part in tags["Deal"].split(";"):
        place, sep, cards = part.partition(":")
        if not sep:
            raise _LineError(first, f"the Deal tag lists 'place: cards' separated by ';', got {part.strip()!r}")
        cards = cards.strip()
        deal[place.strip()] = [] if cards == "-" else cards.split()
    deal_args = {}
    for part in tags.get("DealArgs", "").split(";") if tags.get("DealArgs") else []:
        name, sep, value = part.partition(":")
        if not sep:
            raise _LineError(first, f"the DealArgs tag lists 'name: value' separated by ';', got {part.strip()!r}")
        try:
            deal_args[name.strip()] = _parse_value(type(game), name.strip(), value.strip())
        except ValueError as e:
            raise _LineError(first, f"the DealArgs tag: {e}") from None
    names = tuple(n.strip() for n in tags["Names"].split(";")) if "Names" in tags else None
    actions: list[tuple[int, str]] = []
    action_lines: list[int] = []
    for no, text in history:
        for entry in text.split(";"):
            entry = entry.strip()
            if not entry:
                continue
            seat, sep, action = entry.partition(" ")
            if not sep or not seat.isdigit():
                raise _LineError(no, f"an action is 'seat text' (e.g. '1 pass'), got {entry!r}")
            actions.append((int(seat), action.strip()))
            action_lines.append(no)
    free = {k: v for k, v in tags.items() if k not in _KNOWN_TAGS}
    return Record(game.name, dict(game.options), dealer, deal, tuple(actions), deal_args, seed, names, free), action_lines


# --- files -----------------------------------------------------------------------------------------

def read_records(source: str | os.PathLike[str] | IO[str], format: str | None = None) -> list[Record]:
    """The records of a file (a path or an open text file), in either form (``format``: "text" or
    "jsonl"; None: JSON Lines when the first non-blank character is ``{``). Every record is checked
    as it is read (its game, options, deal and every action); a ``ValueError`` names the source,
    the record (1-based), its line and what is wrong."""
    text, name = _open_text(source)
    if format is None:
        format = "jsonl" if text.lstrip().startswith("{") else "text"
    if format not in FORMATS:
        raise ValueError(f"format must be one of {', '.join(FORMATS)} or None, got {format!r}")
    out: list[Record] = []
    if format == "jsonl":
        for no, line in enumerate(text.splitlines(), 1):
            if not line.strip():
                continue
            where = f"{name}, record {len(out) + 1} (line {no})"
            try:
                record = _from_json(json.loads(line, object_pairs_hook=_unique_keys))
                _check(record, lambda k: no)
            except json.JSONDecodeError as e:
                raise ValueError(f"{where}: not JSON: {e.msg} at column {e.colno}") from None
            except RecursionError:
                raise ValueError(f"{where}: not a record: its JSON nests too deep") from None
            except ValueError as e:
                raise ValueError(_short(f"{where}: {e}")) from None
            out.append(record)
        return out
    for block in _text_records(list(enumerate(text.splitlines(), 1))):
        try:
            first, tags, history = _split_block(block)
            record, lines = _from_text(first, tags, history)
            _check(record, lambda k: lines[k] if k < len(lines) else first)
        except _LineError as e:
            raise ValueError(_short(f"{name}, record {len(out) + 1} (line {e.line}): {e}")) from None
        out.append(record)
    return out


def _check(record: Record, line_of: Any) -> None:
    """Deals the record and applies every action: the first that fails raises with its line."""
    try:
        state = record._deal()
    except (ValueError, IndexError) as e:
        raise _LineError(line_of(0), f"the deal: {e}") from None
    except (TypeError, OverflowError):   # a number beyond the core's ints
        raise _LineError(line_of(0), f"the deal: the dealer must be a seat and the seed an int in 0..2**64-1, got dealer "
                                     f"{record.dealer} and seed {record.seed}") from None
    if record.names is not None and len(record.names) != state.num_players:
        raise _LineError(line_of(0), f"{len(record.names):,} names for {state.num_players} seats: one name a seat")
    for k, (seat, text) in enumerate(record.actions):
        try:
            _apply(state, k, seat, text)
        except ValueError as e:
            raise _LineError(line_of(k), str(e)) from None


def write_records(records: Iterable[Record], target: str | os.PathLike[str] | IO[str], format: str | None = None) -> None:
    """Writes the records to a path or an open text file: ``format`` "text" or "jsonl" (None: by the
    path's extension, .jsonl or .json for JSON Lines, else text)."""
    if format is None:
        format = "jsonl" if isinstance(target, (str, os.PathLike)) and str(target).endswith((".jsonl", ".json")) else "text"
    if format not in FORMATS:
        raise ValueError(f"format must be one of {', '.join(FORMATS)} or None, got {format!r}")
    records = list(records)
    for r in records:
        if not isinstance(r, Record):
            raise TypeError(f"write_records writes Records, got {type(r).__name__}")
    if format == "jsonl":
        text = "".join(json.dumps(_as_json(r), ensure_ascii=False) + "\n" for r in records)
    else:
        text = "\n".join(_record_text(r) for r in records)
    if isinstance(target, (str, os.PathLike)):
        write_atomically(target, text)
    else:
        target.write(text)
