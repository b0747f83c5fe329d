"""The position notation: a decision point as one seat sees it, as text, and back.

``position_text(state, seat)`` writes what ``seat`` knows (its view) as lines ``key: value``;
``parse(text)`` builds a :class:`Position` with a full game state consistent with every line. This
module only reads and writes the text: the core rebuilds the state (its hidden cards drawn
exactly as ``state.resample(seat, seed)`` draws them) and names the history entry that cannot
happen. See docs/notation.md.
"""

from __future__ import annotations

from typing import Any

from . import _core
from .games import GAMES, Game, _check_seed, game_of

HEADER = "stich position 1"
COMMON_KEYS = ("game", "dealer", "seat", "hand", "history")
# The lines a game adds (Mucken's bock, Mistigri's turned card, ...), as the core defines them.
GAME_KEYS = tuple(dict.fromkeys(k for g in GAMES.values() for k in _core.position_keys(g()._rules)))
KEYS = COMMON_KEYS + GAME_KEYS
MAX_TRIES = 4000   # parse(tries=...) is accepted for compatibility; the rebuild is exact and needs no tries


# ----------------------------------------------------------------------------------------- writing

def _cards(cards: Any) -> str:
    text = str(_core.CardSet(cards)) if not isinstance(cards, _core.CardSet) else str(cards)
    return text or "-"


def _value_text(value: Any) -> str:
    if isinstance(value, tuple):  # a one-item tuple keeps a trailing comma; an empty one is "()"
        return ",".join(str(v) for v in value) + ("," if len(value) == 1 else "") if value else "()"
    return str(value)


def _game_line(game: Game) -> str:
    parts = [game.name]
    for key, option in game.OPTIONS.items():
        value = game.options[key]
        if value == option.default:
            continue
        parts.append(f"{key}={_value_text(value)}")
    return " ".join(parts)


def position_text(state: Any, seat: int | None = None) -> str:
    """The notation of ``state`` as ``seat`` (default: the seat to act) sees it."""
    if state.is_terminal:
        raise ValueError("the deal is over: a position is a decision point")
    if seat is None:
        seat = state.current_player
    if isinstance(seat, bool) or not isinstance(seat, int):
        raise TypeError(f"seat must be an int 0..{state.num_players - 1}, got {seat!r}")
    if not 0 <= seat < state.num_players:
        raise IndexError(f"seat {seat} out of range 0..{state.num_players - 1}")
    history, own_lines = _core.write_position(state, seat)
    lines = [HEADER, f"game: {_game_line(game_of(state))}", f"dealer: {state.dealer}", f"seat: {seat}",
             f"hand: {_cards(state.view(seat).hand)}",
             "history: " + ("; ".join(f"{who} {text}" for who, text in history) if history else "-")]
    lines += [f"{key}: {value}" for key, value in own_lines]
    return "\n".join(lines) + "\n"


# ----------------------------------------------------------------------------------------- reading

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


def _err(line_no: int, key: str, msg: str) -> ValueError:
    return ValueError(f"line {line_no} ({key if key.isidentifier() else repr(key)}): {msg}")


def _is_number(text: str) -> bool:
    """ASCII digits only: str.isdigit() also takes '²' and '٣', which int() refuses or reads."""
    return text.isascii() and text.isdigit()


def _parse_value(text: str) -> Any:
    if text in ("True", "False"):
        return text == "True"
    if text == "None":
        return None
    if _is_number(text.removeprefix("-")):
        return int(text)
    if text == "()":
        return ()
    if "," in text:
        return tuple(t for t in text.split(",") if t)
    return text


class _Spec:
    """The lines of a position text, checked one by one."""

    def __init__(self, text: str) -> None:
        if not isinstance(text, str):
            raise TypeError(f"parse() takes the position text (str), got {type(text).__name__}")
        lines = [(i + 1, ln.split("#", 1)[0].strip()) for i, ln in enumerate(text.splitlines())]
        lines = [(i, ln) for i, ln in lines if ln]
        if not lines or lines[0][1] != HEADER:
            raise ValueError(f"a position text starts with the line {HEADER!r}")
        raw: dict[str, tuple[int, str]] = {}
        for no, ln in lines[1:]:
            key, sep, value = ln.partition(":")
            key = key.strip()
            try:
                ln.encode("utf-8")
            except UnicodeEncodeError:
                raise _err(no, key, f"the line {ln!r} cannot be encoded as UTF-8") from None
            if not sep:
                raise _err(no, key, f"expected 'key: value', got {ln!r}")
            if key not in KEYS:
                raise _err(no, key, f"unknown key {key!r}; keys: {', '.join(KEYS)}")
            if key in raw:
                raise _err(no, key, "given twice")
            raw[key] = (no, value.strip())
        for key in ("game", "dealer", "seat", "hand", "history"):
            if key not in raw:
                raise ValueError(f"the position has no {key!r} line")
        self.raw = raw
        self.game = self._game()
        n = self.game.num_players
        self.dealer = self._seat("dealer", n)
        self.seat = self._seat("seat", n)
        self.deck = self.game.deck
        self.hand = self._cardlist("hand")
        self.history = self._history()
        # The game's own lines, for the core to read (it names a line the game does not have).
        self.lines = [(key, value) for key, (_, value) in raw.items() if key not in COMMON_KEYS]

    def _game(self) -> Game:
        no, value = self.raw["game"]
        parts = value.split()
        if not parts or parts[0] not in GAMES:
            raise _err(no, "game", f"unknown game {parts[0] if parts else ''!r}; games: {', '.join(GAMES)}")
        options: dict[str, Any] = {}
        for part in parts[1:]:
            key, sep, v = part.partition("=")
            if not sep or not key:
                raise _err(no, "game", f"options are written key=value, got {part!r}")
            if key in options:
                raise _err(no, "game", f"option {key} given twice")
            options[key] = _parse_value(v)
        try:
            return GAMES[parts[0]](**options)
        except (ValueError, TypeError) as e:
            raise _err(no, "game", str(e)) from None

    def _seat(self, key: str, n: int) -> int:
        no, v = self.raw[key]
        if not _is_number(v) or not 0 <= int(v) < n:
            raise _err(no, key, f"must be a seat 0..{n - 1}, got {v!r}")
        return int(v)

    def _cards_of(self, no: int, key: str, text: str) -> list[_core.Card]:
        if text in ("-", ""):
            return []
        out = []
        for word in text.split():
            try:
                out.append(self.deck.card(word))
            except (ValueError, TypeError) as e:
                raise _err(no, key, str(e)) from None   # the message quotes the card and names the deck
        if len(set(out)) != len(out):
            dup = next(c for c in out if out.count(c) > 1)
            raise _err(no, key, f"the card {dup} is given twice")
        return out

    def _cardlist(self, key: str) -> list[_core.Card]:
        no, v = self.raw[key]
        return self._cards_of(no, key, v)

    def _history(self) -> list[tuple[int, str]]:
        no, v = self.raw["history"]
        if v in ("-", ""):
            return []
        out = []
        n = self.game.num_players
        for item in v.split(";"):
            item = item.strip()
            who, _, text = item.partition(" ")
            if not _is_number(who) or not 0 <= int(who) < n or not text.strip():
                raise _err(no, "history", f"each action is 'SEAT TEXT' with a seat 0..{n - 1}, got {item!r}")
            out.append((int(who), " ".join(text.split())))
        return out


def parse(text: str, seed: int = 0, tries: int = MAX_TRIES) -> Position:
    """Reads a position text into a :class:`Position`: a ``ValueError`` names the line when the text
    is malformed, and the history entry (its index and text) and why when it cannot happen. The
    hidden cards are drawn from ``seed`` uniformly among the deals consistent with the text, exactly
    as ``state.resample(seat, seed)`` draws them. ``tries`` is accepted for compatibility and not
    used: the rebuild is exact and never retries."""
    if isinstance(tries, bool) or not isinstance(tries, int) or tries < 1:
        raise ValueError(f"tries must be an int >= 1, got {tries!r}")
    seed = _check_seed(seed)
    spec = _Spec(text)
    try:
        state = _core.read_position(spec.game._rules, spec.dealer, spec.seat, [c.id for c in spec.hand], spec.history,
                                    spec.lines, seed)
    except _core.PositionError as e:
        if e.key in spec.raw:
            raise _err(spec.raw[e.key][0], e.key, str(e)) from None
        raise ValueError(str(e)) from None
    return Position(spec.game, spec.seat, state)
