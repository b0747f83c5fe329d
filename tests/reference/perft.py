"""perft for the reference: count the leaves of the full tree of legal actions."""

import copy


def perft(ref_state, depth):
    """Leaves at `depth` plies below any reference state (RefCouillon, RefMucken, RefMistigri): a
    terminal state reached earlier is one leaf, and depth 0 is one leaf. Every action is one ply
    (bids, declarations, `keep`/`discard ...`, each card, each `EU:X` naming of the Mistigri).
    Each child is a deep copy (a Mistigri `reshuffle` hook included), so `ref_state` is left
    untouched."""
    if depth == 0 or ref_state.is_terminal():
        return 1
    total = 0
    for action in ref_state.legal_actions():
        child = copy.deepcopy(ref_state)
        child.apply(action)
        total += perft(child, depth - 1)
    return total


# The names the perft tests of each game import.
perft_couillon = perft_mucken = perft_mistigri = perft
