"""The Python layer is thin (issue 25, item 5): the core names the phases, `stich analyse`
describes its answer from one analysis, with the game made once, and the position it shows is one
call into the core (InfoSet.display_lines), the same text the Python layer made before."""

from __future__ import annotations

import random

import pytest

import stich
import stich.search
from stich.__main__ import main
from helpers import EXAMPLES
from helpers.hooks import HOOKS


def test_the_play_phase_is_named_by_the_core():
    for game in stich.GAMES.values():
        assert game.PLAY_PHASE == "play"   # every game's card play (csrc/stich/game.hpp PLAY_PHASE)
    s = stich.Couillon().deal(seed=1)
    assert not stich.games.in_card_play(s)
    while s.phase != stich.Couillon.PLAY_PHASE:
        s.apply(s.heuristic_action(1))
    assert stich.games.in_card_play(s)


def test_analyse_describes_one_analysis_with_the_game_made_once(monkeypatch, capsys):
    calls = {"analyse": 0, "ismcts": 0, "pimc": 0, "game_of": 0}

    def counted(module, name, key):
        real = getattr(module, name)

        def wrapper(*args, **kwargs):
            calls[key] += 1
            return real(*args, **kwargs)

        monkeypatch.setattr(module, name, wrapper)

    counted(stich._core, "analyse", "analyse")
    counted(stich._core, "ismcts", "ismcts")
    counted(stich._core, "pimc", "pimc")
    counted(stich.search, "game_of", "game_of")
    position = str(EXAMPLES / "position_couillon.txt")
    assert main(["analyse", position, "--method", "ismcts", "--iterations", "2000", "--seed", "1"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("method: ismcts") and "principal line" in out
    assert calls == {"analyse": 1, "ismcts": 0, "pimc": 0, "game_of": 1}   # the search inside the core's analysis


def _reference_position(state, observer):
    """The analysis display as the Python layer built it before the core did (kept as the
    reference of InfoSet.display_lines): the state's text re-parsed, with the view's cards."""
    view = state.view(observer)
    names = {name.replace("seat", "seat "): name for name in view.location_names}
    out = []
    for text in str(state).splitlines():
        name, sep, rest = text.partition(": ")
        if sep and name in names:
            loc = names[name]
            extra = rest[rest.index("  ("):] if "  (" in rest else ""
            known = view.known(loc)
            hidden = view.size(loc) - len(known)
            cards = " ".join(str(c) for c in known)
            if hidden:
                cards = f"{cards} + {hidden} unknown" if cards else f"{hidden} unknown"
            text = f"{name}: {cards or '-'}{extra}"
        out.append(text)
    unknown = view.unknown
    suits = {}
    for card in unknown:
        suits.setdefault(card.suit, []).append(card)
    inferred = []
    for seat in range(state.num_players):
        if seat == observer or view.size(seat) == len(view.known(seat)):
            continue
        excluded = view.forbidden(seat) & unknown
        void = [cards for cards in suits.values() if all(c in excluded for c in cards)]
        others = [c for c in excluded if not any(c in cards for cards in void)]
        parts = [f"void in {' '.join(str(cards[0])[0] for cards in void)}"] if void else []
        parts += [f"not {' '.join(str(c) for c in others)}"] if others else []
        if parts:
            inferred.append(f"seat {seat} " + ", ".join(parts))
    if inferred:
        out.append("inferred: " + "; ".join(inferred))
    return tuple(out)


@pytest.mark.parametrize("name", sorted(HOOKS))
def test_the_display_of_a_view_is_the_python_layers_text_from_the_core(name):
    # Every configuration of the game, random deals played to the end: at every step, every
    # seat's view (the inferred voids need cards played off suit, which random play gives often).
    hooks = HOOKS[name]
    compared = inferred = 0
    for config in hooks.CONFIGS:
        for seed in range(6):
            rng = random.Random(seed)
            state = config.deal(seed=seed)
            while True:
                for seat in range(state.num_players):
                    lines = state.view(seat).display_lines()
                    assert tuple(lines) == _reference_position(state, seat), (config, seed, seat, str(state))
                    compared += 1
                    inferred += lines[-1].startswith("inferred: ")
                if state.is_terminal:
                    break
                legal = state.legal_actions()
                state.apply(hooks.choose(rng, state, legal) if hasattr(hooks, "choose") else rng.choice(legal))
    assert compared > 500 and inferred > 50, (compared, inferred)
