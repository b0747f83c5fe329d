"""Hearts in stich and in OpenSpiel side by side: identical deals, the action texts of one engine
mapped to the other's (docs/rules/hearts.md, H-14), and the two searches as bots.

Needs open_spiel (``import pyspiel`` on import; ``stich`` itself never imports this module). Used by
``stich bench --peer openspiel`` (through ``stich.peers.openspiel_bridges``) and by
benchmarks/peers/openspiel_speed.py.
"""

from __future__ import annotations

import pyspiel

from ..games import Hearts
from . import openspiel_ismcts, timed  # noqa: F401  (the bridge's searches and timer: bench and benchmarks/peers take them here)

ENGINE = "openspiel"   # the peer's name in stich bench's rows
GAME = Hearts          # the game both engines play

# OpenSpiel's pass direction actions, by stich's names (H-14).
DIRECTIONS = {"hold": 0, "left": 1, "across": 2, "right": 3}


def openspiel_text(text: str) -> str:
    """OpenSpiel's text of a stich action: the card, rank first ("pass SQ" and "SQ" are both "QS")."""
    card = text.split()[-1]
    return card[1] + card[0]


def deal_pair(seed: int, game: Hearts | None = None, os_game=None):
    """One deal in both engines: stich's `game.deal(seed=seed, dealer=seed % 4)`, and OpenSpiel
    dealt the same cards by its chance actions (the pass direction, then card i to seat i % 4).
    Returns (stich state, OpenSpiel state), both after the deal."""
    game = game or Hearts()
    os_game = os_game or pyspiel.load_game(Hearts.OPENSPIEL, dict(game.options))
    s = game.deal(seed=seed, dealer=seed % 4)
    o = os_game.new_initial_state()
    o.apply_action(DIRECTIONS[s.pass_direction])
    card = {o.action_to_string(pyspiel.PlayerId.CHANCE, a): a for a in range(52)}
    hands = [str(s.hand(k)).split() for k in range(4)]
    for i in range(52):
        o.apply_action(card[openspiel_text(hands[i % 4][i // 4])])
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
