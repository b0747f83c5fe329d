"""The Python layer is thin (issue 25, item 5): the core names the phases, and `stich analyse`
describes its answer from one analysis, with the game made once."""

from __future__ import annotations

import stich
import stich.search
from stich.__main__ import main
from helpers import EXAMPLES


def test_the_play_phase_is_named_by_the_core():
    for game in stich.GAMES.values():
        assert game.PLAY_PHASE == "play"   # every game's card play (csrc/stich/game.hpp PLAY_PHASE)
    s = stich.Couillon().deal(seed=1)
    assert not stich.games.in_card_play(s)
    while s.phase != stich.Couillon.PLAY_PHASE:
        s.apply(s.heuristic_action(1))
    assert stich.games.in_card_play(s)


def test_analyse_describes_one_analysis_with_the_game_made_once(monkeypatch, capsys):
    calls = {"ismcts": 0, "pimc": 0, "game_of": 0}

    def counted(module, name, key):
        real = getattr(module, name)

        def wrapper(*args, **kwargs):
            calls[key] += 1
            return real(*args, **kwargs)

        monkeypatch.setattr(module, name, wrapper)

    counted(stich._core, "ismcts", "ismcts")
    counted(stich._core, "pimc", "pimc")
    counted(stich.search, "game_of", "game_of")
    position = str(EXAMPLES / "position_couillon.txt")
    assert main(["analyse", position, "--method", "ismcts", "--iterations", "2000", "--seed", "1"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("method: ismcts") and "principal line" in out
    assert calls == {"ismcts": 1, "pimc": 0, "game_of": 1}
