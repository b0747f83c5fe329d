"""A full Couillon deal and match, straight from C-1 .. C-6 (docs/rules/couillon.md) and SPEC
"Couillon deal".

Phases: trump -> (mit) -> (kontra) -> (re) -> play -> over. Seats 0..3, dealer d, forehand
f=(d+1)%4, team = seat % 2. Action texts: `Clubs` `Spades` `Hearts` `Diamonds` `reveal`,
`Mit` `Kontra` `Re` `pass`, and card texts.
"""

import copy

from . import cards as _cards
from .rules import RefContract

TRUMP_WORDS = {"Clubs": "C", "Spades": "S", "Hearts": "H", "Diamonds": "D"}
MIT_CARD = "SQ"


def team_of(seat):
    return seat % 2


class RefCouillon:
    def __init__(self, hands, talon, dealer, reveal_card, kontra_doubles=False):
        self.hands = [set(_cards.parse_many(h, "french24")) for h in hands]
        self.talon = _cards.parse_many(talon, "french24")
        if len(self.hands) != 4 or any(len(h) != 5 for h in self.hands) or len(self.talon) != 4:
            raise ValueError("Couillon needs 4 hands of 5 cards and a talon of 4")
        everything = sorted(c for h in self.hands for c in h) + sorted(self.talon)
        if sorted(everything) != sorted(_cards.french24):
            raise ValueError("hands and talon must hold the 24 cards exactly once")
        if dealer not in (0, 1, 2, 3):
            raise ValueError(f"bad dealer {dealer!r}")
        self.dealer = dealer
        self.forehand = (dealer + 1) % 4
        self.reveal_card = _cards.parse(reveal_card, "french24")
        if self.reveal_card not in self.hands[self.forehand]:
            raise ValueError("the reveal card must be in forehand's hand")
        self.kontra_doubles = kontra_doubles

        self.phase = "trump"
        self.trump = None
        self.trump_revealed = False
        self.mit_holder = None
        for seat in range(4):
            if MIT_CARD in self.hands[seat]:
                self.mit_holder = seat
        self.mit_declared = False
        self.kontra = False
        self.re = False
        self.pending = []  # seats still to speak in the kontra / re phase, in order
        self.contract = None
        self.leader = self.forehand
        self.trick = []  # list of (seat, card)
        self.tricks_taken = [0, 0]  # per team
        self.team_points = [0, 0]
        self.history = []

    def clone(self):
        return copy.deepcopy(self)

    # ----- turn order -----

    def seats_from_forehand(self):
        return [(self.forehand + i) % 4 for i in range(4)]

    def current_player(self):
        if self.phase == "trump":
            return self.forehand
        if self.phase == "mit":
            return self.mit_holder
        if self.phase in ("kontra", "re"):
            return self.pending[0]
        if self.phase == "play":
            return (self.leader + len(self.trick)) % 4
        return None

    def is_terminal(self):
        return self.phase == "over"

    def legal_actions(self):
        if self.phase == "trump":
            return ["Clubs", "Spades", "Hearts", "Diamonds", "reveal"]
        if self.phase == "mit":
            return ["Mit", "pass"]
        if self.phase == "kontra":
            return ["Kontra", "pass"]
        if self.phase == "re":
            return ["Re", "pass"]
        if self.phase == "play":
            seat = self.current_player()
            legal = self.contract.legal(self.hands[seat], [c for _, c in self.trick])
            return sorted(legal, key=lambda c: _cards.card_id(c, "french24"))
        return []

    # ----- moves -----

    def apply(self, action):
        legal = self.legal_actions()
        if self.phase == "play":
            try:
                action = _cards.parse(action, "french24")
            except ValueError:
                pass
        if action not in legal:
            raise ValueError(f"illegal action {action!r} in phase {self.phase}; legal: {legal}")
        self.history.append(action)

        if self.phase == "trump":
            if action == "reveal":
                self.trump = self.reveal_card[0]
                self.trump_revealed = True
            else:
                self.trump = TRUMP_WORDS[action]
            if self.mit_holder is None:
                self._start_play()
            else:
                self.phase = "mit"

        elif self.phase == "mit":
            if action == "Mit":
                self.mit_declared = True
                declarer_team = team_of(self.mit_holder)
                self.phase = "kontra"
                self.pending = [s for s in self.seats_from_forehand() if team_of(s) != declarer_team]
            else:
                self._start_play()

        elif self.phase == "kontra":
            self.pending.pop(0)
            if action == "Kontra":
                self.kontra = True
                declarer_team = team_of(self.mit_holder)
                self.phase = "re"
                self.pending = [s for s in self.seats_from_forehand() if team_of(s) == declarer_team]
            elif not self.pending:
                self._start_play()

        elif self.phase == "re":
            self.pending.pop(0)
            if action == "Re":
                self.re = True
                self._start_play()
            elif not self.pending:
                self._start_play()

        elif self.phase == "play":
            seat = self.current_player()
            self.hands[seat].remove(action)
            self.trick.append((seat, action))
            if len(self.trick) == 4:
                trick_cards = [c for _, c in self.trick]
                winner_seat = self.trick[self.contract.winner(trick_cards)][0]
                self.tricks_taken[team_of(winner_seat)] += 1
                self.team_points[team_of(winner_seat)] += self.contract.points(trick_cards)
                self.leader = winner_seat
                self.trick = []
                if sum(self.tricks_taken) == 5:
                    self.phase = "over"

    def _start_play(self):
        self.pending = []
        self.contract = RefContract.couillon(self.trump, mit=self.mit_declared)
        self.phase = "play"
        self.leader = self.forehand

    # ----- scoring (C-6, G-4) -----

    def winning_team(self):
        """0 or 1, or None on equal card points (or before the end)."""
        if not self.is_terminal():
            return None
        if self.team_points[0] > self.team_points[1]:
            return 0
        if self.team_points[1] > self.team_points[0]:
            return 1
        return None

    def value(self):
        """Points the winners' score drops by (C-6)."""
        winners = self.winning_team()
        if winners is None:
            return 0
        base = 2 if self.tricks_taken[winners] == 5 else 1
        mit = 1 if self.mit_declared else 0
        doublings = (1 if self.kontra else 0) + (1 if self.re else 0)
        if self.kontra_doubles:
            return (base + mit) * (2 ** doublings)
        return base + mit + doublings

    def score_moves(self):
        """Per team, the change applied to its running score (negative = towards 0)."""
        if not self.is_terminal():
            raise ValueError("the deal is not over")
        moves = [0, 0]
        winners = self.winning_team()
        if winners is None:
            return moves
        moves[winners] -= self.value()
        dealer_team = team_of(self.dealer)
        if winners == dealer_team and not self.trump_revealed:
            moves[team_of(self.forehand)] += 1
        return moves

    def returns(self):
        moves = self.score_moves()
        towards_zero = [-moves[0], -moves[1]]
        return [towards_zero[team_of(s)] - towards_zero[1 - team_of(s)] for s in range(4)]


class RefCouillonMatch:
    """Both teams start at 13; deals apply their score moves; the dealer rotates by one seat;
    the first team at 0 or below wins (C-6)."""

    def __init__(self, dealer=0, kontra_doubles=False, start=13):
        self.scores = [start, start]
        self.dealer = dealer
        self.kontra_doubles = kontra_doubles
        self.deals_played = 0

    def new_deal(self, hands, talon, reveal_card):
        if self.is_over():
            raise ValueError("the match is over")
        return RefCouillon(hands, talon, self.dealer, reveal_card, self.kontra_doubles)

    def apply_moves(self, moves):
        if self.is_over():
            raise ValueError("the match is over")
        self.scores = [self.scores[0] + moves[0], self.scores[1] + moves[1]]
        self.dealer = (self.dealer + 1) % 4
        self.deals_played += 1

    def apply_deal(self, deal):
        if deal.dealer != self.dealer:
            raise ValueError(f"deal has dealer {deal.dealer}, match expects {self.dealer}")
        self.apply_moves(deal.score_moves())

    def winner(self):
        """The team at 0 or below (only the winners move down in a deal), else None."""
        at_zero = [t for t in (0, 1) if self.scores[t] <= 0]
        if not at_zero:
            return None
        if len(at_zero) == 2:  # cannot happen from deals: only one team moves down per deal
            return 0 if self.scores[0] < self.scores[1] else 1
        return at_zero[0]

    def is_over(self):
        return self.winner() is not None


def perft_root(row):
    """The reference deal of a perft row (tests/data/perft.json): hands per seat in deal order
    (forehand's fifth card is its reveal card), the talon the rest of the pack."""
    hands = [h.split() for h in row["hands"]]
    talon = sorted(set(_cards.french24) - {c for h in hands for c in h})
    forehand = (row["dealer"] + 1) % 4
    return RefCouillon(hands, talon, row["dealer"], hands[forehand][4], **row["options"])
