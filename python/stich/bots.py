"""Bots and seeded play: RandomBot, HeuristicBot, IsmctsBot and ``stich.play``.

A bot chooses an action for the seat to act from what that seat may know: RandomBot from the
legal actions, HeuristicBot by the rules of thumb in docs/bots.md (in C++), IsmctsBot by a search
that resamples every card the seat cannot see.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Callable, Iterator, Sequence
from typing import Any

import numpy as np

from . import _core
from .games import Game, _check_count, _check_seed
from .search import ismcts


class Bot:
    """Base class: ``act(state)`` returns one of ``state.legal_actions()``."""

    name = "bot"

    def act(self, state: _core._StateBase) -> _core.Action:  # pragma: no cover - interface
        raise TypeError(f"{type(self).__name__} does not implement act(state)")

    def reseed(self, seed: int) -> None:
        """Called by ``stich.play`` once per deal so that a seeded run is reproducible."""

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"


class _SeededBot(Bot):
    """A bot with its own seeded generator, reseeded per deal by ``stich.play``."""

    def __init__(self, seed: int | None = None) -> None:
        self._rng = random.Random(_check_seed(seed))

    def reseed(self, seed: int) -> None:
        self._rng.seed(seed)


class RandomBot(_SeededBot):
    """Uniformly random legal actions."""

    name = "random"

    def act(self, state: _core._StateBase) -> _core.Action:
        return self._rng.choice(state.legal_actions())


class HeuristicBot(_SeededBot):
    """The documented rules of thumb of each game (docs/bots.md)."""

    name = "heuristic"

    def act(self, state: _core._StateBase) -> _core.Action:
        return state.heuristic_action(self._rng.getrandbits(64))


class IsmctsBot(_SeededBot):
    """SO-ISMCTS with a budget of ``iterations`` or ``seconds`` per decision, with the search's
    defaults: heuristic playouts and the game's exploration constant (``c=None``; docs/search.md).
    ``runs``, ``wide_root`` and ``others_before_play`` are passed to ``stich.ismcts`` (``runs=1,
    wide_root=False``: the search as it was before independent runs and the wider root exploration;
    ``others_before_play="tree"``: the other seats' bids chosen in the tree, as before; both for
    comparisons)."""

    name = "ismcts"

    def __init__(self, iterations: int | None = None, seconds: float | None = None, threads: int = 1,
                 seed: int | None = None, c: float | None = None, playout: str = "heuristic", runs: int | None = None,
                 wide_root: bool = True, others_before_play: str = "heuristic") -> None:
        _core.check_search_args(iterations, seconds, threads, c, playout, runs, others_before_play)
        super().__init__(seed)
        self.iterations, self.seconds, self.threads, self.c, self.playout = iterations, seconds, threads, c, playout
        self.runs, self.wide_root, self.others_before_play = runs, wide_root, others_before_play

    def act(self, state: _core._StateBase) -> _core.Action:
        return ismcts(state, iterations=self.iterations, seconds=self.seconds, threads=self.threads,
                      seed=self._rng.getrandbits(64), c=self.c, playout=self.playout, runs=self.runs,
                      wide_root=self.wide_root, others_before_play=self.others_before_play).best

    def __repr__(self) -> str:
        budget = f"iterations={self.iterations}" if self.iterations else f"seconds={self.seconds}"
        extra = (f", runs={self.runs}" if self.runs is not None else "") + ("" if self.wide_root else ", wide_root=False")
        if self.others_before_play != "heuristic":
            extra += f", others_before_play={self.others_before_play!r}"
        return f"IsmctsBot({budget}{extra})"


def play(game: Game, bots: Sequence[Bot], deals: int = 1, seed: int | None = None, dealer: int | None = None,
         progress: bool | None = False, records: bool = False) -> Any:
    """Plays ``deals`` seeded deals with one bot per seat and returns a (deals, players) int
    array of returns. Deal i is ``game.deal(seed=mix(seed, i))`` with the dealer rotating (or
    fixed by ``dealer``); each bot is reseeded per deal, so a run is reproducible. ``progress``:
    a bar on stderr with the rate, ETA and running mean return per seat (True; None: when stderr
    is a terminal). ``records=True``: returns ``(returns, records)``, a :class:`stich.Record` of
    every deal (docs/records.md). Ctrl-C raises KeyboardInterrupt, also inside a search."""
    if len(bots) != game.num_players:
        raise ValueError(f"{game.name} needs {game.num_players} bots, one per seat; got {len(bots)}")
    for b in bots:
        if not isinstance(b, Bot):
            raise TypeError(f"bots must be stich bots (RandomBot, HeuristicBot, IsmctsBot, ...), got {b!r}")
    deals = _check_count(deals)
    out = np.zeros((deals, game.num_players), dtype=np.int64)
    bar = progress_bar(deals, "deals", progress)
    kept: list[Any] = []
    names = tuple(getattr(b, "name", type(b).__name__) for b in bots)
    on_deal = on_action = None
    if records:
        from .records import Record

        def on_deal(state: _core._StateBase, deal_seed: int) -> None:
            kept.append(Record.dealt(state, seed=deal_seed, names=names))

        def on_action(state: _core._StateBase, seat: int, action: _core.Action) -> None:
            kept[-1] = kept[-1].with_action(seat, action.text)

    for i, state in enumerate(play_deals(game, bots, deals, seed, dealer, on_action=on_action, on_deal=on_deal)):
        out[i] = state.returns()
        if bar is not None:
            bar.update()
            bar.set_postfix_str("mean " + " ".join(f"{m:+.2f}" for m in out[: i + 1].mean(axis=0)), refresh=False)
    if bar is not None:
        bar.close()
    return (out, kept) if records else out


def play_deals(game: Game, bots: Sequence[Bot], deals: int, seed: int | None = None, dealer: int | None = None,
               on_action: Callable[[_core._StateBase, int, _core.Action], Any] | None = None,
               hands: Any = None, on_deal: Callable[[_core._StateBase, int], Any] | None = None) -> Iterator[_core._StateBase]:
    """The deals of ``stich.play``, one finished state at a time: deal i is dealt from the i-th
    draw of ``seed`` with the dealer rotating (or fixed by ``dealer``) and each bot reseeded from
    it, so a run is reproducible. ``on_action(state, seat, action)`` sees every action after it
    is applied and ``on_deal(state, deal_seed)`` every new deal (the CLI prints the play with them); ``hands``
    pins cards as ``game.deal`` does."""
    base = random.Random(_check_seed(seed))
    for i in range(deals):
        deal_seed = base.getrandbits(64)
        for k, b in enumerate(bots):
            b.reseed(deal_seed ^ (k + 1))
        state = game.deal(seed=deal_seed, dealer=(i % game.num_players) if dealer is None else dealer, hands=hands)
        if on_deal is not None:
            on_deal(state, deal_seed)
        while (seat := state.current_player) is not None:   # None: the deal is over
            action = bots[seat].act(state)
            state.apply(action)
            if on_action is not None:
                on_action(state, seat, action)
        yield state


def progress_bar(total: int, unit: str, enabled: bool | None):
    """A tqdm bar on stderr (rate, ETA; callers add the running mean), or None. ``enabled``: True or
    False, or None for "when stderr is a terminal"; tqdm also stays silent when it is not one."""
    if enabled is False or (enabled is None and not sys.stderr.isatty()):
        return None
    from tqdm import tqdm

    return tqdm(total=total, unit=unit, file=sys.stderr, dynamic_ncols=True, disable=None)
