"""Reading and driving a deal in the tests: the texts of actions and cards, card sets, scripted
play, hands moved round the table, and everything a view exposes as one comparable value."""

from __future__ import annotations

from typing import Any

import stich


def texts(x: Any) -> list[str]:
    """The texts of a state's legal actions (anything with ``legal_actions()``: an engine state
    or a reference one), or of the actions or cards of ``x`` (a list, a CardSet, one Card), in
    their order."""
    if hasattr(x, "legal_actions"):
        x = x.legal_actions()
    if isinstance(x, stich.Card):
        return [str(x)]
    return [str(a) for a in x]


def text_set(x: Any) -> set[str]:
    """``texts(x)`` as a set, for comparisons in which order does not matter."""
    return set(texts(x))


def cs(text: str, deck: Any) -> stich.CardSet:
    """The card set of a text read in a deck: a deck's name, a Deck, or a game (its deck)."""
    return stich.CardSet(text, deck=getattr(deck, "deck", deck))


def play(state: Any, *actions: str, sep: str | None = ",", check: bool = True) -> Any:
    """Applies the actions in order, checking first that each is offered as legal (``check``;
    without it, what ``apply`` does with an illegal action is left to the test); returns the
    state. Each argument holds one action or several separated by ``sep`` (None: by whitespace,
    for games whose action texts have no spaces). The state may be the engine's or a reference's."""
    for chunk in actions:
        for a in (x.strip() for x in chunk.split(sep)):
            if check:
                legal = texts(state)
                assert a in legal, f"{a!r} not legal for seat {state.current_player} in phase {state.phase}: {legal}"
            state.apply(a)
    return state


def rotated(hands: list, shift: int) -> list:
    """Hands moved ``shift`` seats round the table: hands[i] goes to seat (i + shift) % n (a deal
    written for one dealer, dealt by another)."""
    out = [None] * len(hands)
    for i, h in enumerate(hands):
        out[(shift + i) % len(hands)] = h
    return out


def view_key(v: Any) -> tuple:
    """Everything an InfoSet exposes, as comparable values."""
    locs = tuple((n, str(v.known(n)), str(v.forbidden(n)), v.size(n)) for n in v.location_names)
    return (v.observer, tuple(v.history), locs, str(v.played), str(v.unknown), str(v.hand))
