"""A Euchre deal straight from E-3 .. E-10 (docs/rules/euchre.md), slow and plain: cards as their
texts, the trick winner from rank lists, no tables shared with the engine.

Phases: bid -> (discard) -> alone -> (defend) -> play -> over. Seats 0..3, dealer d, the seat on
its left bids first; team = seat % 2. Action texts: `pass`, `Clubs` `Spades` `Hearts` `Diamonds`,
`discard <card>` (a bare card is read as the discard in that phase), `alone`, `partner`, and card
texts.
"""

from __future__ import annotations

SUIT_WORDS = {"Clubs": "C", "Spades": "S", "Hearts": "H", "Diamonds": "D"}
WORD_OF = {v: k for k, v in SUIT_WORDS.items()}
SAME_COLOUR = {"C": "S", "S": "C", "H": "D", "D": "H"}
PLAIN_ORDER = "9TJQKA"          # low to high
TRUMP_ORDER = "9TQKA"           # the trump suit without its jack, low to high; then left, right bower
DECK = [s + r for s in "CSHD" for r in PLAIN_ORDER]


class RefEuchre:
    def __init__(self, hands, upcard, dealer, allow_lone_defender=False, stick_the_dealer=True):
        self.hands = [set(h.split()) if isinstance(h, str) else set(h) for h in hands]
        cards = [c for h in self.hands for c in h] + [upcard]
        if len(self.hands) != 4 or any(len(h) != 5 for h in self.hands) or len(set(cards)) != 21 or not set(cards) <= set(DECK):
            raise ValueError("Euchre needs four hands of five cards and an upcard, 21 different cards")
        self.upcard, self.dealer = upcard, dealer
        self.allow_lone_defender, self.stick_the_dealer = allow_lone_defender, stick_the_dealer
        self.phase, self.to_act, self.passes = "bid", (dealer + 1) % 4, 0
        self.trump = self.maker = self.lone_defender = None
        self.alone = False
        self.out: set[int] = set()
        self.defenders_left: list[int] = []
        self.trick: list[tuple[int, str]] = []
        self.tricks = [0, 0]

    # --- card order (E-9) --------------------------------------------------------------------
    def suit(self, card):
        if card[1] == "J" and card[0] == SAME_COLOUR[self.trump]:
            return self.trump           # the left bower is a trump
        return card[0]

    def power(self, card, led):
        """Higher takes the trick; -1 for a card that can not (neither trump nor the led suit)."""
        if self.suit(card) == self.trump:
            if card[1] == "J":
                return 200 if card[0] == self.trump else 199
            return 100 + TRUMP_ORDER.index(card[1])
        return PLAIN_ORDER.index(card[1]) if card[0] == led else -1

    # --- the deal ----------------------------------------------------------------------------
    def current_player(self):
        return None if self.phase == "over" else self.to_act

    def is_terminal(self):
        return self.phase == "over"

    def legal_actions(self):
        if self.phase == "bid":
            first_round = self.passes < 4
            words = [WORD_OF[s] for s in "CSHD" if (s == self.upcard[0]) == first_round]
            no_pass = self.stick_the_dealer and self.passes == 7
            return words if no_pass else ["pass", *words]
        if self.phase == "discard":
            return ["discard " + c for c in sorted(self.hands[self.dealer]) if c != self.upcard]
        if self.phase in ("alone", "defend"):
            return ["alone", "partner"]
        if self.phase == "play":
            hand = sorted(self.hands[self.to_act])
            if self.trick:
                led = self.suit(self.trick[0][1])
                follow = [c for c in hand if self.suit(c) == led]
                if follow:
                    return follow
            return hand
        return []

    def next_seat(self, seat):
        seat = (seat + 1) % 4
        while seat in self.out:
            seat = (seat + 1) % 4
        return seat

    def start_play(self):
        self.phase = "play"
        self.to_act = self.next_seat(self.dealer)

    def apply(self, action):
        if self.phase == "discard" and not action.startswith("discard "):
            action = "discard " + action
        if action not in self.legal_actions():
            raise ValueError(f"{action!r} is not legal here: {self.legal_actions()}")
        seat = self.to_act
        if self.phase == "bid":
            if action == "pass":
                self.passes += 1
                if self.passes == 8:
                    self.phase = "over"
                else:
                    self.to_act = (seat + 1) % 4
                return
            self.trump, self.maker = SUIT_WORDS[action], seat
            if self.passes < 4:             # E-4: the dealer takes the upcard
                self.hands[self.dealer].add(self.upcard)
                self.phase, self.to_act = "discard", self.dealer
            else:
                self.phase = "alone"
        elif self.phase == "discard":
            self.hands[self.dealer].remove(action.split()[1])
            self.phase, self.to_act = "alone", self.maker
        elif self.phase == "alone":
            if action == "alone":
                self.alone = True
                self.out.add((seat + 2) % 4)
            if self.allow_lone_defender:     # E-8: from the dealer's left, each defender once
                defenders = sorted((s for s in range(4) if s % 2 != self.maker % 2), key=lambda s: (s - self.dealer - 1) % 4)
                self.phase, self.to_act, self.defenders_left = "defend", defenders[0], defenders[1:]
            else:
                self.start_play()
        elif self.phase == "defend":
            if action == "alone":
                self.lone_defender = seat
                self.out.add((seat + 2) % 4)
                self.start_play()
            elif self.defenders_left:
                self.to_act = self.defenders_left.pop(0)
            else:
                self.start_play()
        else:
            self.hands[seat].remove(action)
            self.trick.append((seat, action))
            if len(self.trick) == 4 - len(self.out):
                led = self.suit(self.trick[0][1])
                winner = max(self.trick, key=lambda sc: self.power(sc[1], led))[0]
                self.tricks[winner % 2] += 1
                self.trick = []
                self.to_act = winner
                if sum(self.tricks) == 5:
                    self.phase = "over"
            else:
                self.to_act = self.next_seat(seat)

    def makers_score(self):
        if self.phase != "over" or self.maker is None:
            return 0
        made = self.tricks[self.maker % 2]
        if made <= 2:
            return -4 if self.lone_defender is not None else -2
        return 1 if made < 5 else 4 if self.alone else 2

    def returns(self):
        m = self.makers_score()
        return [m if self.maker is not None and s % 2 == self.maker % 2 else -m for s in range(4)]


def perft_root(row):
    """The reference deal of a perft row (tests/data/perft.json): the hands and the upcard."""
    return RefEuchre(row["hands"], row["deal"]["upcard"], row["dealer"], **row["options"])
