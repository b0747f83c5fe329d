"""The heuristic (docs/rules/hearts.md, "The heuristic") against a plain rendering of its words:
every decision of many deals, the pass and the card play, under every configuration walked."""

from __future__ import annotations

import random

import pytest

from hearts.hooks import CONFIGS

SUITS = "CSHD"   # the engine's suit order: of two cards of one rank the lower suit comes first
RANKS = "23456789TJQKA"
DECK = [s + r for s in SUITS for r in RANKS]


def rank(card: str) -> int:
    return RANKS.index(card[1]) + 2


def order(card: str) -> int:
    """The card's place in the engine's card order (suit by suit, low to high)."""
    return SUITS.index(card[0]) * 16 + rank(card)


def best(cards, score) -> str:
    """The card of the highest score, of several the first in the card order."""
    return max(sorted(cards, key=order), key=score)


def high_spade(card: str) -> bool:
    return card[0] == "S" and rank(card) >= rank("SQ")


def heuristic(state) -> str:
    """The heuristic's action text in `state`, from the rules page's words."""
    hand = str(state.hand(state.current_player)).split()
    if state.phase == "pass":
        # The queen of spades, the ace and king of spades, high hearts, high cards.
        return "pass " + best(hand, lambda c: rank(c) + 40 * (c[0] == "H") + 80 * high_spade(c) + 100 * (c == "SQ"))
    held = {c for k in range(4) for c in str(state.hand(k)).split()}
    queen_out = "SQ" in held   # not yet played
    legal = [a.text for a in state.legal_actions()]
    trick = [str(c) for c in state.trick]
    if not trick:   # lead low, away from hearts and from the high spades while the queen is out
        return best(legal, lambda c: -(rank(c) + 20 * (c[0] == "H") + 30 * (queen_out and high_spade(c))))
    led = trick[0][0]
    follow = [c for c in legal if c[0] == led]
    if follow:
        winning = max(rank(c) for c in trick if c[0] == led)
        under = [c for c in follow if rank(c) < winning]
        if under:
            return max(under, key=rank)
        choice = [c for c in follow if c != "SQ"] or follow
        return max(choice, key=rank) if len(trick) == 3 else min(choice, key=rank)
    if "SQ" in legal:
        return "SQ"
    return best(legal, lambda c: rank(c) + 60 * (queen_out and high_spade(c)) + 30 * (c[0] == "H"))


@pytest.mark.parametrize("game", CONFIGS, ids=str)
def test_the_heuristic_plays_as_its_rules_say(game):
    rng = random.Random(7)
    decisions = 0
    for seed in range(40):
        s = game.deal(seed=seed, dealer=seed % 4)
        while not s.is_terminal:
            assert s.heuristic_action(seed).text == heuristic(s), (seed, s)
            decisions += 1
            # Half the moves at random, so that the heuristic meets hands it would not have made.
            legal = s.legal_actions()
            s.apply(rng.choice(legal) if rng.random() < 0.5 else s.heuristic_action(seed))
    assert decisions >= 40 * 52
