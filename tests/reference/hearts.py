"""A Hearts deal straight from H-1 .. H-12 (docs/rules/hearts.md), slow and plain: cards as their
texts, the trick winner by rank, the scoring by the rules page's words; no tables shared with the
engine.

Phases: pass (unless the direction is hold) -> play -> over. Seats 0..3; the pass goes from seat
0 to seat 3, three cards each, one at a time; the holder of C2 leads. Action texts: `pass <card>`
(a bare card is read as the pass in that phase) and card texts.
"""

from __future__ import annotations

RANKS = "23456789TJQKA"   # low to high
DECK = [s + r for s in "CSHD" for r in RANKS]
OFFSETS = {"hold": 0, "left": 1, "across": 2, "right": 3}
QUEEN, JACK = "SQ", "DJ"


def rank(card):
    return RANKS.index(card[1])


class RefHearts:
    def __init__(self, hands, direction="hold", pass_cards=True, no_pts_on_first_trick=True, can_lead_any_club=False,
                 jd_bonus=False, avoid_all_tricks_bonus=False, qs_breaks_hearts=True, must_break_hearts=True,
                 can_lead_hearts_instead_of_qs=False):
        self.hands = [set(h.split()) if isinstance(h, str) else set(h) for h in hands]
        cards = [c for h in self.hands for c in h]
        if len(self.hands) != 4 or any(len(h) != 13 for h in self.hands) or sorted(cards) != sorted(DECK):
            raise ValueError("Hearts needs four hands of thirteen cards, the 52 cards")
        if direction != "hold" and not pass_cards:
            raise ValueError("without pass_cards the direction is hold")
        self.offset = OFFSETS[direction]
        self.no_pts_on_first_trick, self.can_lead_any_club = no_pts_on_first_trick, can_lead_any_club
        self.jd_bonus, self.avoid_all_tricks_bonus = jd_bonus, avoid_all_tricks_bonus
        self.qs_breaks_hearts, self.can_lead_hearts_instead_of_qs = qs_breaks_hearts, can_lead_hearts_instead_of_qs
        self.broken = not must_break_hearts
        self.given = [[] for _ in range(4)]   # the cards each seat passed, in order
        self.won = [[] for _ in range(4)]     # the cards of the tricks each seat took
        self.trick: list[tuple[int, str]] = []
        self.tricks_done = 0
        if self.offset:
            self.phase, self.to_act = "pass", 0
        else:
            self.begin_play()

    def begin_play(self):
        self.phase = "play"
        self.to_act = next(s for s in range(4) if "C2" in self.hands[s])   # H-4

    def current_player(self):
        return None if self.phase == "over" else self.to_act

    def is_terminal(self):
        return self.phase == "over"

    def legal_actions(self):
        hand = sorted(self.hands[self.to_act]) if self.phase != "over" else []
        if self.phase == "pass":
            return ["pass " + c for c in hand]
        if self.phase != "play":
            return []
        if self.trick:
            follow = [c for c in hand if c[0] == self.trick[0][1][0]]   # H-5
            if follow:
                return follow
            if self.tricks_done == 0 and self.no_pts_on_first_trick:       # H-6
                clean = [c for c in hand if c[0] != "H" and c != QUEEN]
                if clean:
                    return clean
            return hand
        if self.tricks_done == 0:                                          # H-4
            return [c for c in hand if c[0] == "C"] if self.can_lead_any_club else ["C2"]
        if self.broken:
            return hand
        others = [c for c in hand if c[0] != "H"]                          # H-7
        if others == [QUEEN] and self.can_lead_hearts_instead_of_qs:       # H-8
            return hand
        return others or hand

    def apply(self, action):
        if self.phase == "pass" and not action.startswith("pass "):
            action = "pass " + action
        if action not in self.legal_actions():
            raise ValueError(f"{action!r} is not legal here: {self.legal_actions()}")
        seat = self.to_act
        if self.phase == "pass":                                           # H-3
            card = action.split()[1]
            self.hands[seat].remove(card)
            self.given[seat].append(card)
            if len(self.given[seat]) == 3:
                self.to_act += 1
            if self.to_act == 4:
                for s in range(4):
                    self.hands[(s + self.offset) % 4] |= set(self.given[s])
                self.begin_play()
            return
        self.hands[seat].remove(action)
        self.trick.append((seat, action))
        if action[0] == "H" or (action == QUEEN and self.qs_breaks_hearts):
            self.broken = True
        if len(self.trick) < 4:
            self.to_act = (seat + 1) % 4
            return
        led = self.trick[0][1][0]
        taker = max((sc for sc in self.trick if sc[1][0] == led), key=lambda sc: rank(sc[1]))[0]
        self.won[taker] += [c for _, c in self.trick]
        self.trick = []
        self.tricks_done += 1
        self.to_act = taker
        if self.tricks_done == 13:
            self.phase = "over"

    def penalty(self, seat):
        """H-9: a heart 1, the queen 13, the jack of diamonds -10 with jd_bonus."""
        cards = self.won[seat]
        return sum(c[0] == "H" for c in cards) + 13 * (QUEEN in cards) - (10 if self.jd_bonus and JACK in cards else 0)

    def final_penalties(self):
        points = [self.penalty(s) for s in range(4)]
        takers = [s for s in range(4) if any(c[0] == "H" or c == QUEEN for c in self.won[s])]
        if len(takers) == 1:                                               # H-10
            return [p - 26 if s == takers[0] else p + 26 for s, p in enumerate(points)]
        if self.avoid_all_tricks_bonus:                                    # H-11
            return [p - 5 if not self.won[s] else p for s, p in enumerate(points)]
        return points

    def returns(self):
        if self.phase != "over":
            return [0, 0, 0, 0]
        return [26 - p for p in self.final_penalties()]                   # H-12


def perft_root(row):
    """The reference deal of a perft row (tests/data/perft.json): the hands and the pass direction."""
    return RefHearts(row["hands"], row["deal"]["pass_direction"], **row["options"])
