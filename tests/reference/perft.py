"""perft for the reference: count the leaves of the full tree of legal actions."""

import copy


def perft_couillon(ref_state, depth):
    """Leaves at `depth` plies below `ref_state`; a terminal state reached earlier is one leaf,
    and depth 0 is one leaf. Each child is a deep copy, so `ref_state` is left untouched."""
    if depth == 0 or ref_state.is_terminal():
        return 1
    total = 0
    for action in ref_state.legal_actions():
        child = copy.deepcopy(ref_state)
        child.apply(action)
        total += perft_couillon(child, depth - 1)
    return total


perft = perft_couillon


def perft_mucken(ref_state, depth):
    """Leaves at `depth` plies below a RefMucken state (tests/reference/mucken.py), counted like
    perft_couillon: a terminal state reached earlier is one leaf, depth 0 is one leaf, and each
    child is a deep copy so `ref_state` is left untouched."""
    if depth == 0 or ref_state.is_terminal():
        return 1
    total = 0
    for action in ref_state.legal_actions():
        child = copy.deepcopy(ref_state)
        child.apply(action)
        total += perft_mucken(child, depth - 1)
    return total


def perft_mistigri(ref_state, depth):
    """Leaves at `depth` plies below a RefMistigri state (tests/reference/mistigri.py), counted
    like perft_couillon: a terminal state reached earlier is one leaf, depth 0 is one leaf, and
    each child is a deep copy (its `reshuffle` hook included) so `ref_state` is left untouched.
    Every action counts as one ply: `pass`/`join`, `keep`/`discard ...`, each card and each
    `EU:X` (`CJ:X`) naming of the Mistigri."""
    if depth == 0 or ref_state.is_terminal():
        return 1
    total = 0
    for action in ref_state.legal_actions():
        child = copy.deepcopy(ref_state)
        child.apply(action)
        total += perft_mistigri(child, depth - 1)
    return total
