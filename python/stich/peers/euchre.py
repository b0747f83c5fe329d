"""Euchre in stich and in OpenSpiel side by side: identical deals, the action texts of one engine
mapped to the other's (docs/rules/euchre.md, E-12), and the two searches as bots.

Needs open_spiel (``import pyspiel`` on import; ``stich`` itself never imports this module). Used by
``stich bench --peer openspiel`` (through ``stich.peers.openspiel_bridge``) and by benchmarks/peers/
(euchre_speed.py, euchre_strength.py, test_bench_euchre_peers.py).
"""

from __future__ import annotations

import time

import pyspiel

from ..games import Euchre

ENGINE = "openspiel"   # the peer's name in stich bench's rows
GAME = Euchre          # the one game both engines play

# stich's action texts as OpenSpiel writes them (cards: the same text).
_BIDS = {"pass": "Pass", "alone": "Alone", "partner": "Partner"}


def openspiel_text(text: str) -> str:
    if text.startswith("discard "):
        return text.split()[1]
    return _BIDS.get(text, text)


def deal_pair(seed: int, game: Euchre | None = None, os_game=None):
    """One deal in both engines: stich's `game.deal(seed=seed, dealer=seed % 4)`, and OpenSpiel
    dealt the same cards by its chance actions (the dealer, then card i to seat (dealer + i) % 4,
    then the upcard). Returns (stich state, OpenSpiel state), both after the deal."""
    game = game or Euchre()
    os_game = os_game or pyspiel.load_game(Euchre.OPENSPIEL, dict(game.options))
    s = game.deal(seed=seed, dealer=seed % 4)
    o = os_game.new_initial_state()
    o.apply_action(s.dealer)
    card = {o.action_to_string(pyspiel.PlayerId.CHANCE, a): a for a in range(24)}
    hands = [str(s.hand(i)).split() for i in range(4)]
    for i in range(20):
        o.apply_action(card[hands[(s.dealer + i) % 4][i // 4]])
    o.apply_action(card[str(s.upcard)])
    return s, o


def apply_both(s, o, stich_text: str) -> None:
    """Applies one action, given by its stich text, to both states."""
    target = openspiel_text(stich_text)
    player = o.current_player()
    for a in o.legal_actions():
        if o.action_to_string(player, a) == target:
            o.apply_action(a)
            s.apply(stich_text)
            return
    raise ValueError(f"{stich_text!r} has no OpenSpiel counterpart among {[o.action_to_string(player, a) for a in o.legal_actions()]}")


def stich_text_of(s, o, os_action: int) -> str:
    """The stich text of an OpenSpiel action in the same position."""
    target = o.action_to_string(o.current_player(), os_action)
    for a in s.legal_actions():
        if openspiel_text(a.text) == target:
            return a.text
    raise ValueError(f"OpenSpiel's {target!r} is not legal in stich here")


def openspiel_ismcts(seed: int, simulations: int, seconds: float = -1.0, uct_c: float = 2.0):
    """OpenSpiel's C++ ISMCTSBot as its own tests build it: one random rollout per leaf, a new
    world each iteration, the most visited action (optionally a wall-clock budget per decision)."""
    evaluator = pyspiel.RandomRolloutEvaluator(1, seed)
    return pyspiel.ISMCTSBot(seed, evaluator, uct_c, simulations, -1, pyspiel.ISMCTSFinalPolicyType.MAX_VISIT_COUNT,
                             False, False, seconds)


def timed(f, *args, **kwargs):
    """(result, seconds) of one call."""
    t0 = time.perf_counter()
    out = f(*args, **kwargs)
    return out, time.perf_counter() - t0
