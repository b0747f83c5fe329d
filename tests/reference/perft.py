"""perft for the reference: count the leaves of the full tree of legal actions."""

import pickle


def perft(ref_state, depth):
    """Leaves at `depth` plies below any reference state (RefCouillon, RefMucken, RefMistigri,
    RefEuchre): a terminal state reached earlier is one leaf, and depth 0 is one leaf. Every action
    is one ply (bids, declarations, `keep`/`discard ...`, each card, each `EU:X` naming of the
    Mistigri).

    One ply above the leaves the legal actions are counted, not played: each is one leaf whatever
    it leads to, so the count is the same (the usual "bulk counting" of perft). Every other child
    is a deep copy made by a pickle round trip (the reference states hold plain data and the
    Mistigri `reshuffle` hook, a module-level class; several times as fast as copy.deepcopy, and
    anything that cannot be copied this way raises), so `ref_state` is left untouched."""
    if depth == 0 or ref_state.is_terminal():
        return 1
    actions = ref_state.legal_actions()
    if depth == 1:
        return len(actions)
    total = 0
    for action in actions:
        child = pickle.loads(pickle.dumps(ref_state, pickle.HIGHEST_PROTOCOL))
        child.apply(action)
        total += perft(child, depth - 1)
    return total


# The names the perft tests of each game import.
perft_couillon = perft_mucken = perft_mistigri = perft
