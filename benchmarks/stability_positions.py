"""Generates benchmarks/stability_positions.json: the positions of the search stability suite.

Every decision kind of every game, from seeded deals played by a mix of the heuristic (70%) and
uniformly random actions (30%, so that rarer decisions such as Re, Sup and Hirsch occur): at most
one position a deal, only decisions with at least two legal actions. A position is stored as its
game, deal seed, dealer and the actions leading to it (exact), with its notation for reading.

Run:  PYTHONPATH=python python benchmarks/stability_positions.py
"""

from __future__ import annotations

import copy
import json
import random
from pathlib import Path

import stich

OUT = Path(__file__).with_name("stability_positions.json")
GAMES = {"Couillon": stich.Couillon(), "Mucken": stich.Mucken(), "Mistigri": stich.Mistigri()}
# Positions wanted per decision kind (66 in all).
QUOTA = {
    "Couillon": {"trump call or reveal": 4, "Mit": 4, "Kontra": 4, "Re": 3, "play early": 4, "play mid": 4, "play late": 3},
    "Mucken": {"auction": 5, "Kontra": 3, "Re": 2, "Sup": 2, "Hirsch": 2, "play early": 3, "play mid": 3, "play late": 3},
    "Mistigri": {"pass or join": 4, "exchange": 4, "play early": 3, "play mid": 3, "play late": 3},
}


def kind(state, legal, trick: int, tricks: int) -> str:
    """The decision kind: the phase (a doubling by the word it offers), play by its trick."""
    phase = state.phase
    if phase == "play":
        return "play early" if trick == 0 else "play late" if trick == tricks - 2 else "play mid" if trick == tricks // 2 else ""
    names = {str(a) for a in legal}
    if phase in ("kontra", "re", "doubling"):
        return next(w for w in ("Kontra", "Re", "Sup", "Hirsch") if w in names)
    return {"trump": "trump call or reveal", "mit": "Mit", "auction": "auction", "bid": "pass or join",
            "exchange": "exchange"}.get(phase, phase)


def deal_decisions(game, seed: int):
    """The decisions of one mixed-policy deal: (kind, moves before it, state)."""
    rng = random.Random(seed)
    dealer = seed % game.num_players
    s = game.deal(seed=seed, dealer=dealer)
    steps, moves = [], []
    while not s.is_terminal:
        legal = s.legal_actions()
        steps.append((copy.copy(s), legal, list(moves)))
        a = rng.choice(legal) if rng.random() < 0.3 else s.heuristic_action(rng.getrandbits(64))
        moves.append(str(a))
        s.apply(a)
    plays = [i for i, (st, _, _) in enumerate(steps) if st.phase == "play"]
    tricks = len(plays) // game.num_players
    out = []
    for i, (st, legal, before) in enumerate(steps):
        if len(legal) < 2:
            continue
        trick = (plays.index(i) // game.num_players) if i in plays else -1
        k = kind(st, legal, trick, tricks)
        if k:
            out.append((k, dealer, before, st))
    return out


def generate() -> list[dict]:
    """The positions, the games taken in turn (a run cut short still covers every game)."""
    per_game = []
    for name, game in GAMES.items():
        positions = []
        per_game.append(positions)
        left = dict(QUOTA[name])
        seed = 0
        while any(left.values()):
            seed += 1
            decisions = deal_decisions(game, seed)
            rng = random.Random(seed)
            rng.shuffle(decisions)   # not always the deal's first decision
            for k, dealer, moves, st in decisions:
                if left.get(k):
                    left[k] -= 1
                    positions.append({"game": name, "kind": k, "seed": seed, "dealer": dealer, "moves": moves,
                                      "text": stich.position_text(st)})
                    break
    turns = [ps[i] for i in range(max(map(len, per_game))) for ps in per_game if i < len(ps)]
    return turns


def load(path: Path = OUT) -> list[tuple[dict, object]]:
    """The suite's positions as (entry, state) pairs."""
    out = []
    for p in json.loads(path.read_text(encoding="utf-8")):
        s = GAMES[p["game"]].deal(seed=p["seed"], dealer=p["dealer"])
        for m in p["moves"]:
            s.apply(m)
        out.append((p, s))
    return out


if __name__ == "__main__":
    ps = generate()
    OUT.write_text(json.dumps(ps, indent=1) + "\n", encoding="utf-8")
    print(f"{len(ps)} positions -> {OUT}")
