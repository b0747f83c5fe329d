"""Euchre in stich and in OpenSpiel side by side: identical deals, the action texts of one engine
mapped to the other's (docs/rules/euchre.md, E-12), and the two searches as bots.

Needs open_spiel (``import pyspiel`` on import; ``stich`` itself never imports this module). Used by
``stich bench --peer openspiel`` (through ``stich.peers.openspiel_bridge``) and by benchmarks/peers/
(openspiel_speed.py, euchre_strength.py, test_bench_euchre_peers.py).
"""

from __future__ import annotations

import pyspiel

from ..games import Euchre
from . import openspiel_ismcts, timed  # noqa: F401  (the bridge's searches and timer: bench and benchmarks/peers take them here)

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


def record_from_openspiel(serialized: str, names: tuple[str, ...] | None = None):
    """A stich Record of a game OpenSpiel serialized (``pyspiel.serialize_game_and_state``: the
    game string and its action history): the deal as OpenSpiel's chance actions dealt it (the
    dealer, card i to seat (dealer + i) % 4, the upcard), then every player action mapped to its
    stich text (E-12) and checked by stich's rules as the record is built. ValueError for a game
    that is not euchre or an action stich's rules refuse."""
    from ..records import Record

    try:
        os_game, os_state = pyspiel.deserialize_game_and_state(serialized)
    except pyspiel.SpielError as e:
        raise ValueError(f"not a serialized OpenSpiel game: {e}") from None
    if os_game.get_type().short_name != Euchre.OPENSPIEL:
        raise ValueError(f"not an OpenSpiel {Euchre.OPENSPIEL} game: {os_game.get_type().short_name}")
    params = os_game.get_parameters()
    game = Euchre(**{k: params[k] for k in ("allow_lone_defender", "stick_the_dealer") if k in params})
    history = list(os_state.history())
    if len(history) < 22:
        raise ValueError(f"the history ends before the deal does ({len(history)} actions; a deal is 22)")
    replay = os_game.new_initial_state()
    dealer = history[0]
    replay.apply_action(dealer)
    hands: list[list[str]] = [[] for _ in range(4)]
    for i, a in enumerate(history[1:21]):
        hands[(dealer + i) % 4].append(replay.action_to_string(pyspiel.PlayerId.CHANCE, a))
        replay.apply_action(a)
    upcard = replay.action_to_string(pyspiel.PlayerId.CHANCE, history[21])
    replay.apply_action(history[21])
    dealt = set(sum(hands, [upcard]))
    kitty = [str(c) for c in game.deck.cards if str(c) not in dealt]
    state = game.rules._deal_cards(0, dealer, [[stich_card(c) for c in h] for h in hands] +
                                   [[stich_card(upcard)], [stich_card(c) for c in kitty]])
    record = Record.dealt(state, names=names)
    for a in history[22:]:
        player = replay.current_player()
        text = stich_text_of(state, replay, a)
        state.apply(text)
        replay.apply_action(a)
        record = record.with_action(player, text)
    return record


def stich_card(text: str) -> int:
    """The stich card id of an OpenSpiel card text (the same text: suit then rank)."""
    from .. import _core

    return _core.Card(text, "french24").id
