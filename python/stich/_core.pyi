"""Type stubs for the C++ core (stich._core).

Above the generated line: written by hand, checked against the built module by
``python -m mypy.stubtest stich._core --allowlist tools/stubtest-allowlist.txt``. Below it: each
registered game's classes, written by ``tools/stubs.py`` from ``_core.games()`` (docs/api.md, "Types").
"""

from collections.abc import Callable, Iterable, Iterator
from typing import Any, ClassVar, Literal, overload

import numpy as np
import numpy.typing as npt
from typing_extensions import Self

# pybind11's metaclass (pybind11_builtins.pybind11_type): every class below has it.
class _Pybind11Type(type): ...

_CardLike = Card | str
_CardsLike = str | CardSet | Iterable[Card | str]
_Location = int | str

class Alphabet(metaclass=_Pybind11Type):
    """The card notation of a deck (G-1): a pybind11 enum, not an enum.Enum."""

    GERMAN: ClassVar[Alphabet]
    FRENCH: ClassVar[Alphabet]
    __members__: ClassVar[dict[str, Alphabet]]
    def __init__(self, value: int) -> None: ...
    @property
    def name(self) -> str: ...
    @property
    def value(self) -> int: ...
    def __int__(self) -> int: ...
    def __index__(self) -> int: ...
    def __eq__(self, other: object) -> bool: ...
    def __hash__(self) -> int: ...
    def __getstate__(self) -> int: ...
    def __setstate__(self, state: int) -> None: ...

class Card(metaclass=_Pybind11Type):
    def __init__(self, text: _CardLike, deck: str | Deck | None = None) -> None: ...
    @property
    def id(self) -> int: ...
    @property
    def suit(self) -> int: ...
    @property
    def rank(self) -> int: ...
    @property
    def alphabet(self) -> Alphabet: ...
    def __eq__(self, other: object) -> bool: ...
    def __hash__(self) -> int: ...
    def __lt__(self, other: Card) -> bool: ...
    def __getstate__(self) -> tuple[int, int]: ...
    def __setstate__(self, state: tuple[int, int]) -> None: ...

class CardSet(metaclass=_Pybind11Type):
    def __init__(self, cards: _CardsLike | None = None, deck: str | Deck | None = None) -> None: ...
    @staticmethod
    def from_bits(bits: int, alphabet: Alphabet = ...) -> CardSet: ...
    @property
    def bits(self) -> int: ...
    @property
    def alphabet(self) -> Alphabet: ...
    def __len__(self) -> int: ...
    def __bool__(self) -> bool: ...
    def __contains__(self, card: object) -> bool: ...
    def __iter__(self) -> Iterator[Card]: ...
    def __or__(self, other: _CardsLike) -> CardSet: ...
    def __and__(self, other: _CardsLike) -> CardSet: ...
    def __sub__(self, other: _CardsLike) -> CardSet: ...
    def __xor__(self, other: _CardsLike) -> CardSet: ...
    def __le__(self, other: CardSet) -> bool: ...
    def __ge__(self, other: CardSet) -> bool: ...
    def __eq__(self, other: object) -> bool: ...
    def __hash__(self) -> int: ...
    def __getstate__(self) -> tuple[int, int]: ...
    def __setstate__(self, state: tuple[int, int]) -> None: ...

class Deck(metaclass=_Pybind11Type):
    def __init__(self, name: str | Deck) -> None: ...
    @property
    def name(self) -> str: ...
    @property
    def alphabet(self) -> Alphabet: ...
    @property
    def cards(self) -> CardSet: ...
    def __len__(self) -> int: ...
    def __iter__(self) -> Iterator[Card]: ...
    def __contains__(self, card: object) -> bool: ...
    def card(self, text: _CardLike) -> Card: ...
    def parse(self, cards: _CardsLike) -> list[Card]: ...
    def cards_of(self, cards: _CardsLike) -> CardSet: ...
    def flush_value(self, card: _CardLike) -> int: ...
    def __eq__(self, other: object) -> bool: ...
    def __hash__(self) -> int: ...
    def __getstate__(self) -> str: ...
    def __setstate__(self, state: str) -> None: ...

# The core's error kinds (docs/api.md, "Errors"), each also the built-in class Python expects.
class StichError(Exception): ...
class InvalidArgumentError(StichError, ValueError): ...
class OutOfRangeError(StichError, IndexError, ValueError): ...
class IllegalActionError(StichError, ValueError): ...
class UnknownNameError(StichError, ValueError): ...
class BadTextError(StichError, ValueError): ...

class PositionError(BadTextError):
    key: str            # the position line at fault ("hand", "history", "turned", ...; "" for a missing line)
    entry: int | None   # the history entry at fault

class Action(metaclass=_Pybind11Type):
    @property
    def id(self) -> int: ...
    @property
    def text(self) -> str: ...
    @property
    def game(self) -> str: ...
    @property
    def phase(self) -> str: ...
    def __eq__(self, other: object) -> bool: ...
    def __hash__(self) -> int: ...
    def __lt__(self, other: Action) -> bool: ...
    def __getstate__(self) -> tuple[str, str, int, str]: ...
    def __setstate__(self, state: tuple[str, str, int, str]) -> None: ...

class InfoSet(metaclass=_Pybind11Type):
    def observation_tensor(self) -> npt.NDArray[np.float32]: ...
    @property
    def observer(self) -> int: ...
    @property
    def num_players(self) -> int: ...
    @property
    def location_names(self) -> list[str]: ...
    @property
    def hand(self) -> CardSet: ...
    @property
    def played(self) -> CardSet: ...
    @property
    def unknown(self) -> CardSet: ...
    @property
    def history(self) -> list[tuple[int, str]]: ...
    def known(self, location: _Location) -> CardSet: ...
    def forbidden(self, location: _Location) -> CardSet: ...
    def size(self, location: _Location) -> int: ...
    def count_worlds(self) -> int: ...
    def sample_worlds(self, n: int, seed: int) -> list[tuple[CardSet, ...]]: ...
    @property
    def _origin(self) -> _StateBase: ...
    def display_lines(self) -> list[str]: ...
    def __eq__(self, other: object) -> bool: ...
    def __hash__(self) -> int: ...
    def __getstate__(self) -> tuple[_StateBase, int]: ...
    def __setstate__(self, state: tuple[_StateBase, int]) -> None: ...

# What every game's Rules, State and Match class has (not classes at runtime: each game's classes
# are made from one C++ template, bindings/bind_game.hpp and bind_registry.hpp).
class _RulesBase(metaclass=_Pybind11Type):
    def __init__(self, **options: Any) -> None: ...
    @property
    def observation_shape(self) -> tuple[int]: ...
    # Records (docs/records.md).
    @property
    def _game_line(self) -> str: ...
    def _deal_cards(self, seed: int, dealer: int, cards: list[list[int]], **deal_args: Any) -> _StateBase: ...
    @property
    def options(self) -> dict[str, Any]: ...
    @property
    def num_players(self) -> int: ...
    @property
    def deck_info(self) -> Deck: ...
    def __eq__(self, other: object) -> bool: ...
    def __hash__(self) -> int: ...
    def __getstate__(self) -> bytes: ...
    def __setstate__(self, state: bytes) -> None: ...
    # Each game's class names its extra keyword arguments (the generated part below).
    def deal(self, seed: int, dealer: int, hands: list[list[int]], **extras: Any) -> _StateBase: ...
    def random_playouts(self, n: int, seed: int, **extras: Any) -> npt.NDArray[np.int32]: ...

class _StateBase(metaclass=_Pybind11Type):
    # The learning interface (docs/rl.md).
    def legal_actions_mask(self, pending: int = 0) -> npt.NDArray[np.bool_]: ...
    def apply_fixed(self, id: int, pending: int = 0) -> int: ...
    def observation_tensor(self, seat: int, pending: int = 0, out: npt.NDArray[np.float32] | None = None) -> npt.NDArray[np.float32]: ...
    def tally(self, seat: int) -> int: ...
    def _initial_deal(self) -> tuple[list[list[Card]], dict[str, Any]]: ...
    @property
    def current_player(self) -> int | None: ...
    @property
    def num_players(self) -> int: ...
    @property
    def is_terminal(self) -> bool: ...
    @property
    def phase(self) -> str: ...
    @property
    def rules(self) -> _RulesBase: ...
    def legal_actions(self) -> list[Action]: ...
    def apply(self, action: Action | str | int) -> None: ...
    def returns(self) -> list[int]: ...
    def hand(self, seat: int) -> CardSet: ...
    @property
    def trick_plays(self) -> list[tuple[int, Card]]: ...
    @property
    def trick_taker(self) -> int | None: ...
    def clone(self) -> Self: ...
    def __copy__(self) -> Self: ...
    def __deepcopy__(self, memo: object) -> Self: ...
    def view(self, seat: int) -> InfoSet: ...
    def is_consistent_with(self, view: InfoSet) -> bool: ...
    def action_text(self, action_id: int) -> str: ...
    def _random_action(self, seed: int) -> Action: ...
    def _legal_keys_consistent(self, seed: int) -> bool: ...
    def _action_with_key(self, key: int, seed: int) -> Action: ...
    def heuristic_action(self, seed: int = 0) -> Action: ...
    def resample(self, seat: int, seed: int) -> Self: ...
    def with_world(self, seat: int, world: list[CardSet] | tuple[CardSet, ...]) -> Self: ...
    def _locations(self) -> list[CardSet]: ...
    def __eq__(self, other: object) -> bool: ...
    __hash__: ClassVar[None]  # type: ignore[assignment]
    def __getstate__(self) -> bytes: ...
    def __setstate__(self, state: bytes) -> None: ...

class _MatchBase(metaclass=_Pybind11Type):
    def __init__(self, rules: _RulesBase, seed: int, dealer: int = 0) -> None: ...
    @property
    def rules(self) -> _RulesBase: ...
    @property
    def seed(self) -> int: ...
    @property
    def is_over(self) -> bool: ...
    def next_deal(self) -> _StateBase: ...
    def __eq__(self, other: object) -> bool: ...
    __hash__: ClassVar[None]  # type: ignore[assignment]
    def __getstate__(self) -> bytes: ...
    def __setstate__(self, state: bytes) -> None: ...

SEARCH_MAX_SECONDS: float
SEARCH_MAX_C: float
def check_seconds(seconds: float, name: str = "seconds") -> None: ...
def check_search_args(
    iterations: int | None, seconds: float | None, threads: int, c: float | None, playout: str, runs: int | None,
    others_before_play: str = "heuristic",
) -> None: ...

def games() -> list[dict[str, Any]]: ...
def build_info() -> dict[str, Any]: ...
def parse_position(text: bytes, seed: int) -> tuple[int, Any]: ...
def parse_game(text: str) -> _RulesBase: ...
def game_rules(name: str, options: str) -> _RulesBase: ...
def parse_full_deal(text: bytes) -> tuple[int, Any]: ...
def is_full_deal(text: str) -> bool: ...
def position_text(state: _StateBase, seat: int) -> str: ...
def full_deal_text(state: _StateBase, seat: int) -> str: ...

# Game records (csrc/stich/records.hpp): a record crosses as Record's fields (game, options, dealer,
# deal, actions, deal_args, seed, names, tags).
_RecordFields = tuple[str, dict[str, Any], int, dict[str, list[str]], tuple[tuple[int, str], ...], dict[str, Any], int | None,
                     tuple[str, ...] | None, dict[str, str]]
RECORD_MAX_LINE: int
RECORD_MAX_ACTIONS: int
def read_records(text: bytes, source: str, format: str | None = None) -> list[_RecordFields]: ...
def write_records(records: Iterable[Any], format: str | None) -> str: ...
def record_state(record: Any, at: int | None = None) -> Any: ...
def dealt_record(state: _StateBase, seed: int | None = None) -> _RecordFields: ...
@overload
def perft(state: _StateBase, depth: int, divide: Literal[False] = False) -> int: ...
@overload
def perft(state: _StateBase, depth: int, divide: Literal[True]) -> dict[str, int]: ...
@overload
def perft(state: _StateBase, depth: int, divide: bool) -> int | dict[str, int]: ...
class ActionStats(metaclass=_Pybind11Type):
    @property
    def action(self) -> Action: ...
    @property
    def visits(self) -> int: ...
    @property
    def reward(self) -> float: ...
    @property
    def reward_sq(self) -> float: ...
    @property
    def tally(self) -> float: ...
    @property
    def wins(self) -> int: ...
    @property
    def schneider(self) -> int | None: ...
    def __eq__(self, other: object) -> bool: ...
    def __getstate__(self) -> tuple[Action, int, float, float, float, int, int | None]: ...
    def __setstate__(self, state: tuple[Action, int, float, float, float, int, int | None]) -> None: ...

class SearchLineStep(metaclass=_Pybind11Type):
    @property
    def action(self) -> str: ...
    @property
    def seat(self) -> int: ...
    @property
    def visits(self) -> int: ...
    @property
    def mean(self) -> float: ...
    def __eq__(self, other: object) -> bool: ...
    def __getstate__(self) -> tuple[str, int, int, float]: ...
    def __setstate__(self, state: tuple[str, int, int, float]) -> None: ...

class SearchStats(metaclass=_Pybind11Type):
    @property
    def observer(self) -> int: ...
    @property
    def rows(self) -> list[ActionStats]: ...
    @property
    def runs(self) -> list[list[ActionStats]]: ...
    @property
    def line(self) -> list[SearchLineStep]: ...
    @property
    def iterations(self) -> int: ...
    @property
    def nodes(self) -> int: ...
    @property
    def arena_bytes(self) -> int: ...
    @property
    def seconds(self) -> float: ...
    def __eq__(self, other: object) -> bool: ...
    def __getstate__(self) -> tuple[int, list[ActionStats], list[list[ActionStats]], list[SearchLineStep], int, int, int, float]: ...
    def __setstate__(
        self, state: tuple[int, list[ActionStats], list[list[ActionStats]], list[SearchLineStep], int, int, int, float]
    ) -> None: ...

def ismcts(
    state: _StateBase,
    iterations: int | None = None,
    seconds: float | None = None,
    threads: int = 1,
    seed: int = 0,
    c: float | None = None,
    playout: str = "heuristic",
    max_nodes: int = ...,
    report: Callable[[SearchStats], Any] | None = None,
    every: float = 1.0,
    runs: int | None = None,
    wide_root: bool = True,
    others_before_play: str = "heuristic",
) -> SearchStats: ...

# SolveStats's pickled state (__getstate__, __setstate__).
_SolveStatsState = tuple[int, bool, list[Action], list[int], Action, int, list[int], list[str], list[int | None], list[list[int]], bool,
                         int, float, _StateBase]

# The open-hand solver (bindings/solve.cpp; stich.solve / stich.analyse_deal make their results).
class SolveStats(metaclass=_Pybind11Type):
    @property
    def root(self) -> int: ...
    @property
    def two_sided(self) -> bool: ...
    @property
    def actions(self) -> list[Action]: ...
    @property
    def values(self) -> list[int]: ...
    @property
    def best(self) -> Action: ...
    @property
    def value(self) -> int: ...
    @property
    def line_seats(self) -> list[int]: ...
    @property
    def line_actions(self) -> list[str]: ...
    @property
    def line_took(self) -> list[int | None]: ...
    @property
    def line_tallies(self) -> list[tuple[int, ...]]: ...
    @property
    def continued(self) -> bool: ...
    @property
    def nodes(self) -> int: ...
    @property
    def seconds(self) -> float: ...
    @property
    def state(self) -> _StateBase: ...
    def __eq__(self, other: object) -> bool: ...
    def __getstate__(self) -> _SolveStatsState: ...
    def __setstate__(self, state: _SolveStatsState) -> None: ...

# Every argument is checked by the core (ValueError or TypeError saying what is accepted).
def solve(state: _StateBase, table_bits: int = 0, transpositions: bool = True, merge_equivalent: bool = True) -> SolveStats: ...
def analyse_deal(state: _StateBase, moves: Iterable[Any] | None = None, table_bits: int = 0, lines: bool = True) -> list[SolveStats]: ...
def review_open(state: _StateBase, actions: Iterable[Any]) -> list[tuple[int, int, str, str, int, int]]: ...
def review_view(state: _StateBase, actions: Iterable[Any], worlds: int = 100, iterations: int = 4000, seed: int = 0, record: int = 0,
                progress: Callable[[int, int], Any] | None = None) -> list[
                    tuple[int, int, str, str, float | None, float, float | None, float | None, float | None, bool]]: ...
def exact_deals(state: _StateBase) -> int: ...
def _max_table_bits(state: _StateBase) -> int: ...
def solvable(state: _StateBase) -> bool: ...
OBSERVATION_MAX: int
def enumerate_worlds(view: InfoSet, limit: int) -> list[list[CardSet]]: ...

# The analyses (bindings/analyse.cpp, csrc/stich/analyse.hpp; stich.analyse / stich.pimc /
# stich.exact_cost make their results). Rows: tuples of ActionRow's fields (the search) or of
# PimcRow's (PIMC); a cost: ExactCost's fields.
class AnalysisStats(metaclass=_Pybind11Type):
    @property
    def method(self) -> str: ...
    @property
    def why(self) -> str: ...
    @property
    def observer(self) -> int: ...
    @property
    def rows(self) -> list[tuple[Any, ...]]: ...
    @property
    def cost(self) -> tuple[int, float, int, int, float] | None: ...
    @property
    def search(self) -> SearchStats | None: ...
    @property
    def exact(self) -> bool: ...
    @property
    def stopped(self) -> bool: ...
    @property
    def worlds(self) -> int: ...
    @property
    def weight(self) -> float: ...
    @property
    def world_count(self) -> int: ...
    @property
    def population(self) -> int: ...
    @property
    def nodes(self) -> int: ...
    @property
    def seconds(self) -> float: ...

def analyse(
    state: _StateBase,
    method: str = "auto",
    seconds: float = 2.0,
    iterations: int | None = None,
    seed: int = 0,
    threads: int = 1,
    worlds: int = 200,
    playout: str = "heuristic",
    callback: Callable[[str, Any], Any] | None = None,
) -> AnalysisStats: ...
def check_analyse_args(
    state: _StateBase,
    method: str = "auto",
    seconds: float = 2.0,
    iterations: int | None = None,
    seed: int = 0,
    threads: int = 1,
    worlds: int = 200,
    playout: str = "heuristic",
) -> None: ...
def exact_cost(state: _StateBase, threads: int = 1, seed: int = 0) -> tuple[int, float, int, int, float]: ...
def pimc(
    state: _StateBase,
    worlds: int = 100,
    threads: int = 1,
    seed: int = 0,
    seconds: float | None = None,
    callback: Callable[[int, int, float], Any] | None = None,
    every: float = 0.1,
) -> AnalysisStats: ...
ANALYSE_SEARCH_RUNS: int
PIMC_Z: float
PIMC_LIST_LIMIT: int
PIMC_MAX_WORLDS: int
def check_pimc_args(worlds: int, threads: int, seconds: float | None) -> None: ...
def search_rows(rows: Iterable[Any], runs: Iterable[Iterable[Any]]) -> list[tuple[Any, ...]]: ...
def is_tie(diff: float, low: float | None, high: float | None, threshold: float) -> bool: ...
def verdict(moves: int, best: str, second: str, diff: float, diff_low: float | None, diff_high: float | None, tied: bool,
            threshold: float, unit: str, exact: bool) -> str: ...
def tie_reason(diff: float, diff_low: float | None, threshold: float, unit: str) -> str: ...
def exact_cost_text(deals: int, seconds: float, threads: int, sampled: int, sample_seconds: float) -> str: ...

# ---- generated by tools/stubs.py from _core.games(): do not edit below this line ----

class Contract(metaclass=_Pybind11Type):
    @staticmethod
    def couillon(trump: str, mit: bool = False) -> Contract:
        """The order of Couillon with `trump` (C, S, H or D); mit: the Mit declared (C-3)."""
    @staticmethod
    def mucken(game: str, long_deck: bool = False, stichzwang: bool = False) -> Contract:
        """The order of a Mucken game (Muck, Geier, Wenz or Ramsch), on the short or long deck; stichzwang: Ramsch with the duty to win
        the trick (U-10)."""
    @staticmethod
    def mistigri(trump: str, deck: str | Deck = 'german32') -> Contract:
        """The order of Mistigri with `trump` (a suit letter of the deck) on `deck` (M-8)."""
    @staticmethod
    def euchre(trump: str) -> Contract:
        """The order of Euchre with `trump` (C, S, H or D): both bowers on top (E-9)."""
    @property
    def deck(self) -> Deck: ...
    @property
    def trumps(self) -> CardSet: ...
    def legal(self, hand: _CardsLike, trick: _CardsLike = ...) -> CardSet: ...
    def winner(self, trick: _CardsLike) -> int: ...
    def points(self, cards: _CardLike | _CardsLike) -> int: ...
    def forbidden(self, trick: _CardsLike, card: _CardLike) -> CardSet: ...
    def __eq__(self, other: object) -> bool: ...
    def __hash__(self) -> int: ...
    def __reduce__(self) -> tuple[Any, ...]: ...

class _CouillonVectorEnv(metaclass=_Pybind11Type):
    def __init__(self, rules: CouillonRules, num_envs: int, threads: int, seat: int | None, heuristic: bool,
                 byte_observations: bool = False) -> None: ...
    @staticmethod
    def max_num_envs(rules: CouillonRules, byte_observations: bool = False) -> int: ...
    @property
    def num_envs(self) -> int: ...
    @property
    def players(self) -> int: ...
    @property
    def observation_size(self) -> int: ...
    @property
    def byte_observations(self) -> bool: ...
    def state(self, i: int) -> CouillonState: ...
    def pending(self, i: int) -> int: ...
    def reset(self, seed: int, observations: npt.NDArray[np.float32] | npt.NDArray[np.uint8], masks: npt.NDArray[np.bool_],
              rewards: npt.NDArray[np.float32], terminated: npt.NDArray[np.bool_], seats: npt.NDArray[np.int32]) -> None: ...
    def step(self, actions: npt.ArrayLike, observations: npt.NDArray[np.float32] | npt.NDArray[np.uint8], masks: npt.NDArray[np.bool_],
             rewards: npt.NDArray[np.float32], terminated: npt.NDArray[np.bool_], seats: npt.NDArray[np.int32]) -> None: ...

class _MuckenVectorEnv(metaclass=_Pybind11Type):
    def __init__(self, rules: MuckenRules, num_envs: int, threads: int, seat: int | None, heuristic: bool,
                 byte_observations: bool = False) -> None: ...
    @staticmethod
    def max_num_envs(rules: MuckenRules, byte_observations: bool = False) -> int: ...
    @property
    def num_envs(self) -> int: ...
    @property
    def players(self) -> int: ...
    @property
    def observation_size(self) -> int: ...
    @property
    def byte_observations(self) -> bool: ...
    def state(self, i: int) -> MuckenState: ...
    def pending(self, i: int) -> int: ...
    def reset(self, seed: int, observations: npt.NDArray[np.float32] | npt.NDArray[np.uint8], masks: npt.NDArray[np.bool_],
              rewards: npt.NDArray[np.float32], terminated: npt.NDArray[np.bool_], seats: npt.NDArray[np.int32]) -> None: ...
    def step(self, actions: npt.ArrayLike, observations: npt.NDArray[np.float32] | npt.NDArray[np.uint8], masks: npt.NDArray[np.bool_],
             rewards: npt.NDArray[np.float32], terminated: npt.NDArray[np.bool_], seats: npt.NDArray[np.int32]) -> None: ...

class _MistigriVectorEnv(metaclass=_Pybind11Type):
    def __init__(self, rules: MistigriRules, num_envs: int, threads: int, seat: int | None, heuristic: bool,
                 byte_observations: bool = False) -> None: ...
    @staticmethod
    def max_num_envs(rules: MistigriRules, byte_observations: bool = False) -> int: ...
    @property
    def num_envs(self) -> int: ...
    @property
    def players(self) -> int: ...
    @property
    def observation_size(self) -> int: ...
    @property
    def byte_observations(self) -> bool: ...
    def state(self, i: int) -> MistigriState: ...
    def pending(self, i: int) -> int: ...
    def reset(self, seed: int, observations: npt.NDArray[np.float32] | npt.NDArray[np.uint8], masks: npt.NDArray[np.bool_],
              rewards: npt.NDArray[np.float32], terminated: npt.NDArray[np.bool_], seats: npt.NDArray[np.int32]) -> None: ...
    def step(self, actions: npt.ArrayLike, observations: npt.NDArray[np.float32] | npt.NDArray[np.uint8], masks: npt.NDArray[np.bool_],
             rewards: npt.NDArray[np.float32], terminated: npt.NDArray[np.bool_], seats: npt.NDArray[np.int32]) -> None: ...

class _EuchreVectorEnv(metaclass=_Pybind11Type):
    def __init__(self, rules: EuchreRules, num_envs: int, threads: int, seat: int | None, heuristic: bool,
                 byte_observations: bool = False) -> None: ...
    @staticmethod
    def max_num_envs(rules: EuchreRules, byte_observations: bool = False) -> int: ...
    @property
    def num_envs(self) -> int: ...
    @property
    def players(self) -> int: ...
    @property
    def observation_size(self) -> int: ...
    @property
    def byte_observations(self) -> bool: ...
    def state(self, i: int) -> EuchreState: ...
    def pending(self, i: int) -> int: ...
    def reset(self, seed: int, observations: npt.NDArray[np.float32] | npt.NDArray[np.uint8], masks: npt.NDArray[np.bool_],
              rewards: npt.NDArray[np.float32], terminated: npt.NDArray[np.bool_], seats: npt.NDArray[np.int32]) -> None: ...
    def step(self, actions: npt.ArrayLike, observations: npt.NDArray[np.float32] | npt.NDArray[np.uint8], masks: npt.NDArray[np.bool_],
             rewards: npt.NDArray[np.float32], terminated: npt.NDArray[np.bool_], seats: npt.NDArray[np.int32]) -> None: ...

class _HeartsVectorEnv(metaclass=_Pybind11Type):
    def __init__(self, rules: HeartsRules, num_envs: int, threads: int, seat: int | None, heuristic: bool,
                 byte_observations: bool = False) -> None: ...
    @staticmethod
    def max_num_envs(rules: HeartsRules, byte_observations: bool = False) -> int: ...
    @property
    def num_envs(self) -> int: ...
    @property
    def players(self) -> int: ...
    @property
    def observation_size(self) -> int: ...
    @property
    def byte_observations(self) -> bool: ...
    def state(self, i: int) -> HeartsState: ...
    def pending(self, i: int) -> int: ...
    def reset(self, seed: int, observations: npt.NDArray[np.float32] | npt.NDArray[np.uint8], masks: npt.NDArray[np.bool_],
              rewards: npt.NDArray[np.float32], terminated: npt.NDArray[np.bool_], seats: npt.NDArray[np.int32]) -> None: ...
    def step(self, actions: npt.ArrayLike, observations: npt.NDArray[np.float32] | npt.NDArray[np.uint8], masks: npt.NDArray[np.bool_],
             rewards: npt.NDArray[np.float32], terminated: npt.NDArray[np.bool_], seats: npt.NDArray[np.int32]) -> None: ...

class CouillonRules(_RulesBase):
    """The options of Couillon (docs/rules/)."""
    def __init__(self, *, kontra_doubles: bool = False) -> None: ...
    @property
    def kontra_doubles(self) -> bool:
        """Kontra and Re double the value instead of adding one"""
    def deal(  # type: ignore[override]
        self,
        seed: int,
        dealer: int,
        hands: list[list[int]],
    ) -> CouillonState: ...
    def random_playouts(self, n: int, seed: int) -> npt.NDArray[np.int32]: ...  # type: ignore[override]

class CouillonState(_StateBase):
    @property
    def rules(self) -> CouillonRules: ...
    @property
    def dealer(self) -> int:
        """The dealer's seat."""
    @property
    def forehand(self) -> int:
        """The seat left of the dealer, first to speak and to lead."""
    @property
    def trump(self) -> str | None:
        """The trump suit's letter (C, S, H, D), None before it is named."""
    @property
    def revealed(self) -> bool:
        """Whether trump came from the reveal (C-2)."""
    @property
    def reveal_card(self) -> Card:
        """Forehand's fifth card, shown on a reveal (C-2)."""
    @property
    def first_three(self) -> CardSet:
        """The three cards forehand named trump on (C-2)."""
    @property
    def talon(self) -> CardSet:
        """The four cards nobody sees (C-2)."""
    @property
    def mit_declarer(self) -> int | None:
        """The seat that declared the Mit (C-3), or None."""
    @property
    def kontra_by(self) -> int | None:
        """The seat that said Kontra (C-4), or None."""
    @property
    def re_by(self) -> int | None:
        """The seat that said Re (C-4), or None."""
    @property
    def trick(self) -> list[Card]:
        """The cards of the trick on the table, in the order played."""
    @property
    def team_points(self) -> list[int]:
        """Card points taken by each team (C-1)."""
    @property
    def team_tricks(self) -> list[int]:
        """Tricks taken by each team."""
    def score_moves(self) -> list[int]:
        """Change of each team's running score in the match (negative: towards 0), C-6."""

class CouillonMatch(_MatchBase):
    """A match of Couillon: next_deal(), play it, record(state)."""
    def __init__(self, rules: CouillonRules, seed: int, dealer: int = 0) -> None: ...
    @property
    def rules(self) -> CouillonRules: ...
    def next_deal(self) -> CouillonState: ...
    def record(self, state: CouillonState) -> None: ...
    @property
    def scores(self) -> list[int]:
        """Each team's running score, from 13 down to 0 (C-6)."""
    @property
    def dealer(self) -> int:
        """The dealer of the next deal."""
    @property
    def deals_played(self) -> int:
        """How many deals were recorded."""
    @property
    def winner(self) -> int | None:
        """The team that won the match, or None."""

class MuckenRules(_RulesBase):
    """The options of Mucken (docs/rules/)."""
    def __init__(
        self,
        *,
        players: Literal[4, 6] = 4,
        long_deck: bool = False,
        ranking: Literal['geier_over_wenz', 'wenz_over_geier', 'wenz_over_muck'] = 'geier_over_wenz',
        games: tuple[str, ...] | list[str] = ('Muck', 'Geier', 'Wenz'),
        kontra_takes_over: bool = True,
        if_all_pass: Literal['ramsch', 'throw_in', 'must_play', 'one_point'] = 'ramsch',
        ramsch_double: bool = True,
        ramsch_stichzwang: bool = True,
        target: int = 21,
        hanger: bool = False,
        bock_after: tuple[str, ...] | list[str] = ('throw_in',),
        bock_round: bool = False,
        glasses: bool = False,
    ) -> None: ...
    @property
    def players(self) -> Literal[4, 6]:
        """4 players, or 6 in two alternating teams of three (short deck only)"""
    @property
    def long_deck(self) -> bool:
        """add the 8s and 7s (32 cards, 8 each)"""
    @property
    def ranking(self) -> Literal['geier_over_wenz', 'wenz_over_geier', 'wenz_over_muck']:
        """order of the games within each tier; wenz_over_muck also drops the Sie"""
    @property
    def games(self) -> tuple[str, ...]:
        """the games played"""
    @property
    def kontra_takes_over(self) -> bool:
        """after Kontra in a normal game the lines swap: the players win with 60, Schneider at 90"""
    @property
    def if_all_pass(self) -> Literal['ramsch', 'throw_in', 'must_play', 'one_point']:
        """what happens when every seat passes"""
    @property
    def ramsch_double(self) -> bool:
        """Ramsch counts 4 instead of 2"""
    @property
    def ramsch_stichzwang(self) -> bool:
        """in Ramsch follow, head, trump and over-trump (M-9 cascade)"""
    @property
    def target(self) -> int:
        """points that win a Bobbl (usually 21 or 31)"""
    @property
    def hanger(self) -> bool:
        """a match is the best of three Bobbl"""
    @property
    def bock_after(self) -> tuple[str, ...]:
        """the deals (throw_in, ramsch) after which Bock follows"""
    @property
    def bock_round(self) -> bool:
        """Bock lasts a round (one deal per seat) instead of one deal"""
    @property
    def glasses(self) -> bool:
        """a Bobbl lost with 0 points counts as two Bobbl"""
    def deal(  # type: ignore[override]
        self,
        seed: int,
        dealer: int,
        hands: list[list[int]],
        *,
        bock: bool = False,
    ) -> MuckenState: ...
    def random_playouts(  # type: ignore[override]
        self,
        n: int,
        seed: int,
        *,
        game: Literal[
            'Wenz', 'Geier', 'Muck', 'Schneider-Wenz', 'Schneider-Geier', 'Schneider-Muck', 'Wenz-Tout', 'Geier-Tout', 'Muck-Tout',
            'Ramsch',
        ] | None = None,
    ) -> npt.NDArray[np.int32]: ...

class MuckenState(_StateBase):
    @property
    def rules(self) -> MuckenRules: ...
    @property
    def dealer(self) -> int:
        """The dealer's seat."""
    @property
    def forehand(self) -> int:
        """The seat left of the dealer, first to speak and to lead."""
    @property
    def bock(self) -> bool:
        """Whether this deal is a Bock deal (U-13)."""
    @property
    def next_bock(self) -> bool:
        """Whether this finished deal makes the next one a Bock deal (U-13)."""
    @property
    def game(self) -> str | None:
        """The game being played ('Wenz', 'Schneider-Geier', 'Ramsch', 'must-play Muck', 'Sie', ...), or None."""
    @property
    def announcer(self) -> int | None:
        """The seat that announced the game being played, or None."""
    @property
    def player_team(self) -> int | None:
        """The announcer's team (U-6), or None."""
    @property
    def auction_holder(self) -> int | None:
        """The seat holding the highest announcement so far, or None."""
    @property
    def sie_seat(self) -> int | None:
        """The seat that showed a Sie (U-11), or None."""
    @property
    def doublings(self) -> int:
        """How many of Kontra, Re, Sup, Hirsch were said."""
    @property
    def trick(self) -> list[Card]:
        """The cards of the trick on the table, in the order played."""
    @property
    def team_eyes(self) -> list[int]:
        """Eyes taken by each team (U-2)."""
    @property
    def team_tricks(self) -> list[int]:
        """Tricks taken by each team."""
    @property
    def winning_team(self) -> int | None:
        """The team that won the finished deal, or None."""
    @property
    def value(self) -> int:
        """Value of the finished deal for the winning team (U-8)."""

class MuckenMatch(_MatchBase):
    """A match of Mucken: next_deal(), play it, record(state)."""
    def __init__(self, rules: MuckenRules, seed: int, dealer: int = 0) -> None: ...
    @property
    def rules(self) -> MuckenRules: ...
    def next_deal(self) -> MuckenState: ...
    def record(self, state: MuckenState) -> None: ...
    @property
    def points(self) -> list[int]:
        """Points of the two teams in the current Bobbl."""
    @property
    def bobbl_won(self) -> list[int]:
        """Bobbl won by each team."""
    @property
    def bobbl_points(self) -> list[list[int]]:
        """Final points of each Bobbl played, per team."""
    @property
    def bobbl_winners(self) -> list[int]:
        """The team that won each Bobbl played."""
    @property
    def dealer(self) -> int:
        """The dealer of the next deal."""
    @property
    def deals_played(self) -> int:
        """How many deals were recorded."""
    @property
    def bock(self) -> bool:
        """Whether the next deal is a Bock deal."""
    @property
    def bock_deals(self) -> int:
        """Bock deals still to come, the next one included."""
    @property
    def winner(self) -> int | None:
        """The team that won the match, or None."""

class MistigriRules(_RulesBase):
    """The options of Mistigri (docs/rules/)."""
    def __init__(
        self,
        *,
        players: Literal[3, 4, 5, 6] = 4,
        deck: Literal['german32', 'french32', 'german36', 'french36', 'french52'] | None = None,
        chips: int = 25,
        stake: int = 5,
        monch: bool = False,
        club_law: bool = False,
        deals: int | None = None,
    ) -> None: ...
    @property
    def players(self) -> Literal[3, 4, 5, 6]:
        """3 to 6 players"""
    @property
    def deck(self) -> Literal['german32', 'french32', 'german36', 'french36', 'french52'] | None:
        """the deck, which needs 5 cards a seat and a turned card; None picks german32 (A K O U Z 9 8 7), under monch german36 (french52
        for six players)"""
    @property
    def chips(self) -> int:
        """chips each seat starts a match with"""
    @property
    def stake(self) -> int:
        """each deal's ante, and the penalties"""
    @property
    def monch(self) -> bool:
        """the Mönch refinements"""
    @property
    def club_law(self) -> bool:
        """with clubs/acorns trump nobody may pass"""
    @property
    def deals(self) -> int | None:
        """deals in a match; None: until a seat runs out of chips"""
    def deal(  # type: ignore[override]
        self,
        seed: int,
        dealer: int,
        hands: list[list[int]],
        *,
        turned: Card | str | None = None,
        pot: int = 0,
        side_pot: int = 0,
        talon: str | CardSet | Iterable[Card | str] | None = None,
        redraws: str | CardSet | Iterable[Card | str] | None = None,
    ) -> MistigriState: ...
    def random_playouts(self, n: int, seed: int) -> npt.NDArray[np.int32]: ...  # type: ignore[override]

class MistigriState(_StateBase):
    @property
    def rules(self) -> MistigriRules: ...
    @property
    def dealer(self) -> int:
        """The dealer's seat."""
    @property
    def forehand(self) -> int:
        """The seat left of the dealer, first to speak and to lead."""
    @property
    def turned(self) -> Card:
        """The card turned up for trump (M-4)."""
    @property
    def trump(self) -> str:
        """The trump suit's letter (M-4, M-8)."""
    @property
    def pot(self) -> int:
        """Chips in the pot (M-3)."""
    @property
    def side_pot(self) -> int:
        """Chips in the side pot (M-3)."""
    @property
    def pot_in(self) -> int:
        """The pot carried into the deal, before the antes."""
    @property
    def side_pot_in(self) -> int:
        """The side pot carried into the deal."""
    @property
    def joined(self) -> list[int]:
        """The seats that joined (M-5)."""
    @property
    def talon(self) -> list[Card]:
        """The cards still to be drawn, top first."""
    def discards(self, seat: int) -> CardSet:
        """The seat's discards not yet reshuffled into the talon."""
    def exchange(self, seat: int) -> tuple[CardSet, CardSet] | None:
        """(discarded, drawn) of the seat's exchange, or None before it exchanged."""
    @property
    def flush_winner(self) -> int | None:
        """The seat that won the pot with a flush (M-7), or None."""
    @property
    def tricks_won(self) -> list[int]:
        """Tricks taken by each seat."""
    @property
    def trick(self) -> list[Card]:
        """The cards of the trick on the table, in the order played."""
    @property
    def outcome(self) -> str:
        """How the deal ended: 'nobody joined', 'one joined', 'flush', 'played' ('' before the end)."""

class MistigriMatch(_MatchBase):
    """A match of Mistigri: next_deal(), play it, record(state)."""
    def __init__(self, rules: MistigriRules, seed: int, dealer: int = 0) -> None: ...
    @property
    def rules(self) -> MistigriRules: ...
    def next_deal(self) -> MistigriState: ...
    def record(self, state: MistigriState) -> None: ...
    @property
    def chips(self) -> list[int]:
        """Each seat's chips."""
    @property
    def pot(self) -> int:
        """Chips in the pot carried into the next deal."""
    @property
    def side_pot(self) -> int:
        """Chips in the side pot carried into the next deal."""
    @property
    def dealer(self) -> int:
        """The dealer of the next deal."""
    @property
    def deals_played(self) -> int:
        """How many deals were recorded."""

class EuchreRules(_RulesBase):
    """The options of Euchre (docs/rules/)."""
    def __init__(self, *, allow_lone_defender: bool = False, stick_the_dealer: bool = True) -> None: ...
    @property
    def allow_lone_defender(self) -> bool:
        """after the maker's go-alone decision each defender in turn may go alone too"""
    @property
    def stick_the_dealer(self) -> bool:
        """the dealer may not pass in the second round"""
    def deal(  # type: ignore[override]
        self,
        seed: int,
        dealer: int,
        hands: list[list[int]],
        *,
        upcard: Card | str | None = None,
        kitty: str | CardSet | Iterable[Card | str] | None = None,
    ) -> EuchreState: ...
    def random_playouts(  # type: ignore[override]
        self,
        n: int,
        seed: int,
        *,
        from_deal: int | None = None,
        dealer: int = 0,
    ) -> npt.NDArray[np.int32]: ...

class EuchreState(_StateBase):
    @property
    def rules(self) -> EuchreRules: ...
    @property
    def dealer(self) -> int:
        """The dealer's seat."""
    @property
    def upcard(self) -> Card:
        """The card turned up (E-2)."""
    @property
    def upcard_taken(self) -> bool:
        """Whether the upcard was ordered up (E-4)."""
    @property
    def kitty(self) -> CardSet:
        """The cards nobody holds: three face down, the upcard while untaken, the dealer's discard (E-2, E-4)."""
    @property
    def discard(self) -> Card | None:
        """The dealer's discard (E-4), or None."""
    @property
    def trump(self) -> str | None:
        """The trump suit's letter (C, S, H, D), None before it is named."""
    @property
    def declarer(self) -> int | None:
        """The maker: who ordered up or named the trump, or None."""
    @property
    def declarer_alone(self) -> bool:
        """Whether the maker went alone (E-6)."""
    @property
    def lone_defender(self) -> int | None:
        """The defender who went alone (E-8), or None."""
    @property
    def sitting_out(self) -> list[int]:
        """Seats whose partner plays alone (E-6, E-8)."""
    @property
    def passes(self) -> int:
        """Passes in the bidding so far."""
    @property
    def trick(self) -> list[Card]:
        """The cards of the trick on the table, in the order played."""
    @property
    def team_tricks(self) -> list[int]:
        """Tricks taken by each team."""
    @property
    def makers_score(self) -> int:
        """The makers' points of the finished deal (E-10); 0 before the end and when all passed."""

class EuchreMatch(_MatchBase):
    """A match of Euchre: next_deal(), play it, record(state)."""
    def __init__(self, rules: EuchreRules, seed: int, dealer: int = 0) -> None: ...
    @property
    def rules(self) -> EuchreRules: ...
    def next_deal(self) -> EuchreState: ...
    def record(self, state: EuchreState) -> None: ...
    @property
    def scores(self) -> list[int]:
        """Each team's points, up to 10 (E-13)."""
    @property
    def dealer(self) -> int:
        """The dealer of the next deal."""
    @property
    def deals_played(self) -> int:
        """How many deals were recorded."""
    @property
    def winner(self) -> int | None:
        """The team that won the match, or None."""

class HeartsRules(_RulesBase):
    """The options of Hearts (docs/rules/)."""
    def __init__(
        self,
        *,
        pass_cards: bool = True,
        no_pts_on_first_trick: bool = True,
        can_lead_any_club: bool = False,
        jd_bonus: bool = False,
        avoid_all_tricks_bonus: bool = False,
        qs_breaks_hearts: bool = True,
        must_break_hearts: bool = True,
        can_lead_hearts_instead_of_qs: bool = False,
    ) -> None: ...
    @property
    def pass_cards(self) -> bool:
        """three cards are passed before the play, in a direction the deal draws; False: never (the direction is hold)"""
    @property
    def no_pts_on_first_trick(self) -> bool:
        """no heart nor the queen of spades in the first trick, unless the hand holds nothing else"""
    @property
    def can_lead_any_club(self) -> bool:
        """the first lead may be any club, not only the two"""
    @property
    def jd_bonus(self) -> bool:
        """the jack of diamonds counts -10 penalty points"""
    @property
    def avoid_all_tricks_bonus(self) -> bool:
        """a seat that takes no trick gains 5 (-5 penalty points), unless someone shot the moon"""
    @property
    def qs_breaks_hearts(self) -> bool:
        """playing the queen of spades breaks hearts too"""
    @property
    def must_break_hearts(self) -> bool:
        """a heart may not be led before hearts are broken; False: hearts are broken from the start"""
    @property
    def can_lead_hearts_instead_of_qs(self) -> bool:
        """a seat whose only card besides hearts is the queen of spades may lead a heart before hearts are broken"""
    def deal(  # type: ignore[override]
        self,
        seed: int,
        dealer: int,
        hands: list[list[int]],
        *,
        pass_direction: Literal['left', 'across', 'right', 'hold'] | None = None,
    ) -> HeartsState: ...
    def random_playouts(  # type: ignore[override]
        self,
        n: int,
        seed: int,
        *,
        from_deal: int | None = None,
        dealer: int = 0,
    ) -> npt.NDArray[np.int32]: ...

class HeartsState(_StateBase):
    @property
    def rules(self) -> HeartsRules: ...
    @property
    def dealer(self) -> int:
        """The dealer's seat."""
    @property
    def pass_direction(self) -> str:
        """Where the passes go (H-2): left, across, right or hold."""
    @property
    def passed(self) -> list[CardSet]:
        """The cards each seat passed (H-3), so far."""
    @property
    def hearts_broken(self) -> bool:
        """Whether a heart may be led (H-7)."""
    @property
    def leader(self) -> int | None:
        """The seat that led the first trick, the holder of the two of clubs (H-4); None during the pass."""
    @property
    def trick(self) -> list[Card]:
        """The cards of the trick on the table, in the order played."""
    @property
    def points(self) -> list[int]:
        """The penalty points each seat has taken so far (H-9), before a moon shot or the no-trick bonus."""
    @property
    def tricks_won(self) -> list[int]:
        """Tricks taken by each seat."""
    @property
    def shooter(self) -> int | None:
        """The seat that shot the moon (H-10), once the deal is over; else None."""
    @property
    def final_points(self) -> list[int]:
        """Each seat's penalty points of the finished deal (H-9 .. H-11); zeros before the end."""

class HeartsMatch(_MatchBase):
    """A match of Hearts: next_deal(), play it, record(state)."""
    def __init__(self, rules: HeartsRules, seed: int, dealer: int = 0) -> None: ...
    @property
    def rules(self) -> HeartsRules: ...
    def next_deal(self) -> HeartsState: ...
    def record(self, state: HeartsState) -> None: ...
    @property
    def scores(self) -> list[int]:
        """Each seat's penalty points so far (H-15)."""
    @property
    def dealer(self) -> int:
        """The dealer of the next deal."""
    @property
    def pass_direction(self) -> str:
        """The pass direction of the next deal (H-15)."""
    @property
    def deals_played(self) -> int:
        """How many deals were recorded."""
    @property
    def winner(self) -> int | None:
        """The seat that won the match, or None."""
