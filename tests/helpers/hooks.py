"""Per-game hooks of the shared tests: one module per registered game, ``tests/<game>/hooks.py``
(docs/adding-a-game.md). The shared tests, the tools and the examples take what they need of a
game from here, so that no file outside the game's own has a row per game
(tests/common/test_registry.py checks it). Required:

- ``CONFIGS``: the games (option sets) the shared tests walk; ``SEEDS``: the random walks of each;
- ``STAGED_PHASES``: phases in which a seat does not hold its whole hand yet (G-2);
- ``PHASES``: every kind of decision of the game (its phase names), which the notation's walks reach;
- ``check_returns(state, returns)``, ``check_rows(array)``: what the returns of a finished deal and
  of a batch of random playouts must satisfy; ``check_min_steps(game, state, steps)``: the shortest
  deal;
- for the learning interface (test_rl.py): ``MAX_CYCLES_SEEDS`` (deal seeds whose first turns
  cycle through the seats) and ``RL_TRAJECTORIES`` (the pinned vector-environment digests, seat
  None and seat 1).

Optional, with what stands in without them:

- ``public_text(text)`` (what other seats see of an action's text), ``seen_text(state, actor,
  seat, text)`` (what `seat` has seen of another seat's action by now, where that is more than its
  public text), ``choose(rng, state, legal)``
  (how a random walk picks), ``check_finals(game, finished_states)`` and ``truth(state,
  location_name)`` (the true content of a location after the seats);
- configurations for a purpose, where CONFIGS (or its first entries) do not serve:
  ``SOLVE_CONFIGS`` and ``FEW_WORLDS_CONFIGS`` (the solver's tests; card-play positions with few
  worlds), ``SEARCH_CONFIGS`` (the search's and the bots' tests), ``SAMPLER_CONFIGS`` (the world
  sampler against brute force), ``NOTATION_CONFIGS`` and ``POSITION_CONFIGS`` (the notation's
  round trips and rebuilt positions), ``PICKLE_CONFIGS``, ``SLOW_CONFIGS`` (configurations whose
  views take seconds to sample: the slow part), ``RL_VARIANTS`` and ``RECORD_VARIANTS`` (option
  sets walked besides the defaults);
- facts of the game the shared tests read: ``TEAMS`` (two teams seat % 2, zero-sum; else each
  seat for itself), ``FIXED_STEPS`` (an action taken in fixed steps), ``ENDS_BEFORE_PLAY`` (a deal
  may end before its card play), ``WORLDS_REFUSED_BY_PICKLE`` (a resampled world can tie hidden
  history to its cards and not pickle), ``WORLDS_PLAY_EXCLUDES`` (a view counts worlds that play
  never reaches: the exact analysis weighs fewer), ``VIEWS_PICKLE_ALIKE`` (a view pickles the same whatever
  the hidden cards), ``BENCH_PHASES`` (the kinds of decision of its bench positions; else the card
  play), ``SOLVE_MOST_CARDS`` (the most cards a hand holds where a test solves a deal whole; else
  the whole deal);
- ``opening(state)`` (the decisions before the card play of a normal game, for the search's
  tests), ``sits_out(state, seat)`` (a seat that plays no card in the deal), ``random_deal_args(rng,
  i)`` (random extra arguments of a deal), ``fixed_length(game)`` (every deal of this
  configuration has one length);
- about the example position (``examples/position_<game>.txt``): ``EXAMPLE_ITERATIONS`` (the
  budget at which its best move is clear) and ``EXAMPLE_TALLY`` (least, most and a line the
  position shows, for the search's report of the side's tally);
- ``POSITION_WORLDS``: (configuration, low, high) of the rebuilt worlds' uniformity test;
- ``STRENGTH``: (configuration, the searching seats' result per deal from the returns array,
  deals against random play, the margin ISMCTS must beat it by, deals against the heuristic) for
  the bots' fast strength test;
- ``BOARD_SEED``: a deal the static board's browser test plays by clicks, checking the solver's
  values at every card (tests/common/test_wasm_board.py);
- ``SOLVED_ROWS``: (options, seeds) of the solved-position table tests/data/solved.json
  (tools/solved_table.py), for a game with the solver.
"""

from __future__ import annotations

import importlib
from types import ModuleType

import stich


def of(name: str) -> ModuleType:
    """The hooks of a registered game; a clear error when a game has none."""
    try:
        return importlib.import_module(f"{name.lower()}.hooks")
    except ModuleNotFoundError as e:
        raise LookupError(f"the game {name} has no hooks for the shared tests: add tests/{name.lower()}/hooks.py "
                          "(docs/adding-a-game.md)") from e


HOOKS = {name: of(name) for name in stich.GAMES}


def configs(purpose: str | None = None, first: int | None = None) -> list[stich.Game]:
    """Every registered game's configurations for a shared test, in registry order: the hooks'
    ``purpose`` attribute where a game's hooks have it, else its CONFIGS (the first ``first`` of
    them, if given)."""
    out: list[stich.Game] = []
    for hooks in HOOKS.values():
        given = getattr(hooks, purpose) if purpose and hasattr(hooks, purpose) else list(hooks.CONFIGS)[:first]
        out += list(given)
    return out


def ids(games: list[stich.Game]) -> list[str]:
    """Test ids for configurations: their repr."""
    return [repr(g) for g in games]
