"""A full Mistigri / Moench deal and match, straight from M-1 .. M-12 (docs/rules/mistigri.md) and
SPEC "Mistigri / Moench deal".

Phases: bidding -> exchange -> (flush check, no action) -> play -> over; a deal may end after the
bidding (nobody or exactly one seat joined) or at the flush check.
Seats 0..n-1, dealer d, forehand f = (d+1) % n, rearhand (d-1) % n.
Action texts: `pass` `join`, `keep`, `discard C1 C2 ...` (ascending card id), card texts, and
`EU:X` / `CJ:X` for the Mistigri naming suit X.

Chips: `returns()[seat]` is the seat's chip change in the deal, ante included (G-4); the pot
absorbs the rest. Under `monch` the pot is capped at 40 after the antes and at the end of the
deal (M-10, SPEC "Pot cap").

Reshuffle (monch, M-6): when a seat must draw from an empty talon, the discards of the earlier
seats (not yet reshuffled, never the drawing seat's own) become the new talon in the order given
by the `reshuffle` attribute: a callable taking those cards (ascending card id) and returning
them in talon order, top first. Default: ascending card id. Tests replace it to reproduce the
engine's random order.
"""

import copy
from itertools import combinations

from . import cards as _cards
from .rules import FLUSH_VALUE, MISTIGRI_CARD, RefContract

DEFAULT_OPTIONS = {
    "players": 4,
    "deck": None,
    "chips": 25,
    "stake": 5,
    "monch": False,
    "club_law": False,
    "deals": None,
}
DECK_NAMES = ("german32", "french32", "german36", "french36", "french52")
HAND_SIZE = 5        # M-4
TRICKS = 5           # M-8
POT_CAP = 40         # M-10 (monch)
MONCH_MAX_DISCARD = 4  # M-6 (monch)


def _is_int(value):
    return isinstance(value, int) and not isinstance(value, bool)


def check_options(options):
    """The full option dict (defaults filled in); ValueError on an unknown name or a bad value."""
    options = dict(options or {})
    for name in options:
        if name not in DEFAULT_OPTIONS:
            raise ValueError(f"unknown Mistigri option {name!r}; known: {sorted(DEFAULT_OPTIONS)}")
    full = dict(DEFAULT_OPTIONS)
    full.update(options)
    if not _is_int(full["players"]) or not 3 <= full["players"] <= 6:
        raise ValueError(f"bad value {full['players']!r} for option players; allowed: 3..6")
    if full["deck"] is not None and full["deck"] not in DECK_NAMES:
        raise ValueError(f"bad value {full['deck']!r} for option deck; allowed: None, {DECK_NAMES}")
    for name, low in (("chips", 0), ("stake", 1)):
        if not _is_int(full[name]) or full[name] < low:
            raise ValueError(f"option {name} must be an int >= {low}, got {full[name]!r}")
    for name in ("monch", "club_law"):
        if not isinstance(full[name], bool):
            raise ValueError(f"option {name} must be True or False, got {full[name]!r}")
    if full["deals"] is not None and (not _is_int(full["deals"]) or full["deals"] <= 0):
        raise ValueError(f"option deals must be None or an int > 0, got {full['deals']!r}")
    deck = deck_of(full)
    need = HAND_SIZE * full["players"] + 1
    if len(_cards.DECKS[deck]) < need:
        raise ValueError(f"deck {deck} has {len(_cards.DECKS[deck])} cards; "
                         f"{full['players']} players need at least {need}")
    return full


def deck_of(options):
    """The deck name of a full option dict (SPEC: None = german32; monch: german36 up to 5
    players, french52 for 6)."""
    if options["deck"] is not None:
        return options["deck"]
    if options["monch"]:
        return "german36" if options["players"] <= 5 else "french52"
    return "german32"


def suits_of(deck):
    """Suit letters in suit-index order (suit 0 = clubs/acorns first)."""
    return list(_cards.GERMAN_SUITS if _cards.alphabet_of(deck) == "german" else _cards.FRENCH_SUITS)


class SortedReshuffle:
    """Default reshuffle hook: the cards in ascending card id (top of the new talon first)."""

    def __init__(self, deck):
        self.deck = deck

    def __call__(self, cards_):
        return sorted(cards_, key=lambda c: _cards.card_id(c, self.deck))


class RefMistigri:
    def __init__(self, hands, turned, talon, dealer, options=None, pot=0, side_pot=0, rng_seed=0):
        self.options = check_options(options)
        self.n = self.options["players"]
        self.stake = self.options["stake"]
        self.monch = self.options["monch"]
        self.deck_name = deck_of(self.options)
        self.suits = suits_of(self.deck_name)
        self.mistigri = MISTIGRI_CARD[_cards.alphabet_of(self.deck_name)]
        self.rng_seed = rng_seed  # kept for the caller; the reference itself draws nothing at random
        self.reshuffle = SortedReshuffle(self.deck_name)

        if len(hands) != self.n:
            raise ValueError(f"Mistigri with {self.n} players needs {self.n} hands")
        self.hands = [set(_cards.parse_many(h, self.deck_name)) for h in hands]
        if any(len(h) != HAND_SIZE or len(_cards.parse_many(raw, self.deck_name)) != HAND_SIZE
               for h, raw in zip(self.hands, hands)):
            raise ValueError("every hand must hold 5 distinct cards")
        self.turned = _cards.parse(turned, self.deck_name)
        self.talon = _cards.parse_many(talon, self.deck_name)
        everything = [c for h in self.hands for c in h] + [self.turned] + self.talon
        if sorted(everything) != sorted(_cards.DECKS[self.deck_name]):
            raise ValueError(f"hands, turned card and talon must hold the {self.deck_name} cards "
                             "exactly once")
        if not _is_int(dealer) or dealer not in range(self.n):
            raise ValueError(f"bad dealer {dealer!r}")
        for name, value in (("pot", pot), ("side_pot", side_pot)):
            if not _is_int(value) or value < 0:
                raise ValueError(f"{name} must be an int >= 0, got {value!r}")
        self.dealer = dealer
        self.forehand = (dealer + 1) % self.n
        self.rearhand = (dealer - 1) % self.n
        self.initial_hands = [set(h) for h in self.hands]

        # M-4: the turned card's suit is trump; a turned Mistigri makes suit 0 trump (and is out
        # of play simply because it is the turned card: nobody holds it, nobody draws it).
        self.trump = self.suits[0] if self.turned == self.mistigri else self.turned[0]
        self.initial_trump = self.trump

        # M-3: antes, then the pot cap (monch).
        self.changes = [-self.stake] * self.n
        self.pot = pot + self.n * self.stake
        self.side_pot = side_pot
        self._cap_pot()

        self.phase = "bidding"
        self.history = []
        self.bid_index = 0           # index into seats_from_forehand() of the seat to speak
        self.joined = []             # ascending seat numbers
        self.passed = []
        # exchange
        self.exchange_index = 0      # index into joined_from_forehand() of the seat to act
        self.discarded = [None] * self.n   # number of cards each joined seat discarded (public)
        self.discard_pile = []       # monch: earlier seats' discards not yet reshuffled
        self.dead = []               # discards that are out of play (not monch)
        self.reshuffles = 0
        # flush
        self.flushes = {}            # seat -> (suit, flush points)
        self.flush_winner = None
        # play
        self.contract = None
        self.play_pot = None         # P: the pot when play starts
        self.per_trick = None        # floor(P / 5)
        self.leader = None
        self.trick = []              # list of (seat, card); the Mistigri stored as its card text
        self.tricks = []             # finished tricks, each a list of (seat, action text)
        self.trick_actions = []
        self.tricks_won = [0] * self.n
        self.trick_winners = []
        self.keeps_still = False     # M-11 in force for the first trick

    def clone(self):
        return copy.deepcopy(self)

    # ----- helpers -----

    def seats_from_forehand(self):
        return [(self.forehand + i) % self.n for i in range(self.n)]

    def position(self, seat):
        """Place of `seat` in the order from forehand (0 = forehand)."""
        return (seat - self.forehand) % self.n

    def joined_from_forehand(self):
        return [s for s in self.seats_from_forehand() if s in self.joined]

    def card_id(self, card):
        return _cards.card_id(card, self.deck_name)

    def sort_cards(self, cards_):
        return sorted(cards_, key=self.card_id)

    def trick_order(self):
        """Joined seats clockwise from the current leader."""
        return [(self.leader + i) % self.n for i in range(self.n)
                if (self.leader + i) % self.n in self.joined]

    def _cap_pot(self):
        """M-10 (monch): chips above 40 go to the side pot; a pot below 40 is topped up from it."""
        if not self.monch:
            return
        if self.pot > POT_CAP:
            self.side_pot += self.pot - POT_CAP
            self.pot = POT_CAP
        elif self.pot < POT_CAP:
            take = min(POT_CAP - self.pot, self.side_pot)
            self.pot += take
            self.side_pot -= take

    def _pay_into_pot(self, seat, amount):
        self.changes[seat] -= amount
        self.pot += amount

    def _take_from_pot(self, seat, amount):
        self.changes[seat] += amount
        self.pot -= amount

    def _finish(self):
        self._cap_pot()
        self.phase = "over"

    # ----- state queries -----

    def current_player(self):
        if self.phase == "bidding":
            return self.seats_from_forehand()[self.bid_index]
        if self.phase == "exchange":
            return self.joined_from_forehand()[self.exchange_index]
        if self.phase == "play":
            return self.trick_order()[len(self.trick)]
        return None

    def is_terminal(self):
        return self.phase == "over"

    def max_discard(self):
        """M-6: the number of cards the seat to exchange can draw."""
        if self.monch:
            return min(MONCH_MAX_DISCARD, len(self.talon) + len(self.discard_pile))
        return min(HAND_SIZE, len(self.talon))

    def playable_cards(self, seat):
        """Cards `seat` may play now: the M-9 cascade, with M-11 under monch."""
        hand = set(self.hands[seat])
        trick_cards = [c for _, c in self.trick]
        if self.keeps_still and self.mistigri in hand and len(hand) > 1:
            hand.discard(self.mistigri)  # M-11: the Mistigri keeps still
        return self.contract.legal(hand, trick_cards)

    def legal_actions(self):
        if self.phase == "bidding":
            if self.options["club_law"] and self.trump == self.suits[0]:
                return ["join"]  # club law: nobody may pass
            return ["pass", "join"]
        if self.phase == "exchange":
            seat = self.current_player()
            hand = self.sort_cards(self.hands[seat])
            actions = ["keep"]
            for size in range(1, self.max_discard() + 1):
                for chosen in combinations(hand, size):
                    actions.append("discard " + " ".join(chosen))
            return actions
        if self.phase == "play":
            seat = self.current_player()
            actions = []
            for card in self.sort_cards(self.playable_cards(seat)):
                if card == self.mistigri:
                    actions += [f"{card}:{suit}" for suit in self.suits]
                else:
                    actions.append(card)
            return actions
        return []

    # ----- moves -----

    def _normalise(self, action):
        """Canonical form of an action text (card texts parsed, discards sorted by id)."""
        if not isinstance(action, str):
            return action
        text = action.strip()
        try:
            if self.phase == "exchange" and text.split() and text.split()[0] == "discard":
                chosen = _cards.parse_many(text.split()[1:], self.deck_name)
                return "discard " + " ".join(self.sort_cards(chosen))
            if self.phase == "play":
                if ":" in text:
                    card_text, suit = text.split(":", 1)
                    return f"{_cards.parse(card_text, self.deck_name)}:{suit.strip()}"
                return _cards.parse(text, self.deck_name)
        except ValueError:
            pass
        return text

    def apply(self, action):
        if self.phase == "over":
            raise ValueError(f"the deal is over; cannot apply {action!r}")
        legal = self.legal_actions()
        action = self._normalise(action)
        if action not in legal:
            raise ValueError(f"illegal action {action!r} in phase {self.phase}; legal: {legal}")
        seat = self.current_player()
        self.history.append(action)
        if self.phase == "bidding":
            self._bid(seat, action)
        elif self.phase == "exchange":
            self._exchange(seat, action)
        elif self.phase == "play":
            self._play(seat, action)

    # ----- bidding (M-5) -----

    def _bid(self, seat, action):
        if action == "join":
            self.joined = sorted(self.joined + [seat])
        else:
            self.passed.append(seat)
        self.bid_index += 1
        if self.bid_index < self.n:
            return
        if not self.joined:
            # The pot stays; monch: the dealer receives `stake` chips from rearhand.
            if self.monch:
                self.changes[self.dealer] += self.stake
                self.changes[self.rearhand] -= self.stake
            self._finish()
        elif len(self.joined) == 1:
            self._take_from_pot(self.joined[0], self.pot)
            self._finish()
        else:
            self.phase = "exchange"
            self.exchange_index = 0

    # ----- exchange (M-6) -----

    def _draw(self):
        if not self.talon:
            assert self.monch and self.discard_pile, "max_discard() guards every draw"
            pile = self.sort_cards(self.discard_pile)
            new_talon = list(self.reshuffle(list(pile)))
            if sorted(new_talon) != sorted(pile):
                raise ValueError(f"reshuffle hook returned {new_talon!r}, not an order of {pile!r}")
            self.talon = new_talon
            self.discard_pile = []
            self.reshuffles += 1
        return self.talon.pop(0)

    def _exchange(self, seat, action):
        chosen = action.split()[1:]
        self.discarded[seat] = len(chosen)
        for card in chosen:
            self.hands[seat].remove(card)
        for _ in chosen:
            self.hands[seat].add(self._draw())
        # The seat's own discards join the pile only after its draw (never drawn back by it).
        if self.monch:
            self.discard_pile += chosen
        else:
            self.dead += chosen
        self.exchange_index += 1
        if self.exchange_index == len(self.joined):
            self._check_flushes()

    # ----- flush (M-7) -----

    def flush_of(self, hand):
        """(suit, flush points) if the 5 cards share a printed suit, or 4 do and the fifth is
        the Mistigri (wild); else None."""
        others = [c for c in hand if c != self.mistigri]
        suits = {c[0] for c in others}
        if len(hand) != HAND_SIZE or len(suits) != 1:
            return None
        return suits.pop(), sum(FLUSH_VALUE[c[1]] for c in hand)

    def _check_flushes(self):
        for seat in self.joined:
            flush = self.flush_of(self.hands[seat])
            if flush is not None:
                self.flushes[seat] = flush
        if not self.flushes:
            self._start_play()
            return

        def strength(seat):
            suit, points = self.flushes[seat]
            return (suit == self.trump, points, -self.position(seat))

        winner = max(self.flushes, key=strength)
        self.flush_winner = winner
        self._take_from_pot(winner, self.pot)
        for seat in self.joined_from_forehand():
            if seat == winner:
                continue
            if self.monch and (seat in self.flushes or self.mistigri in self.hands[seat]):
                continue  # monch: the lower flush and the Mistigri holder pay nothing
            self._pay_into_pot(seat, self.stake)
        self._finish()

    # ----- play (M-8, M-9, M-11) and payout (M-10) -----

    def _start_play(self):
        self.phase = "play"
        self.contract = RefContract.mistigri(self.trump, self.deck_name)
        self.play_pot = self.pot
        self.per_trick = self.pot // 5
        self.leader = self.joined_from_forehand()[0]  # first joined seat after the dealer
        self.trick = []

    def _play(self, seat, action):
        if ":" in action:
            card, suit = action.split(":")
            self.trump = suit  # at once, for this trick and the rest of the deal
            self.contract = RefContract.mistigri(self.trump, self.deck_name)
        else:
            card = action
        if not self.trick and not self.trick_winners:
            # M-11 (monch): the first trick led with the ace of the trump suit.
            self.keeps_still = self.monch and card == self.trump + "A"
        self.hands[seat].remove(card)
        self.trick.append((seat, card))
        self.trick_actions.append((seat, action))
        if len(self.trick) < len(self.joined):
            return
        winner = self.trick[self.contract.winner([c for _, c in self.trick])][0]
        self.tricks.append(self.trick_actions)
        self.trick_winners.append(winner)
        self.tricks_won[winner] += 1
        self.leader = winner
        self.trick = []
        self.trick_actions = []
        self.keeps_still = False
        if len(self.trick_winners) == TRICKS:
            self._payout()

    def _payout(self):
        for seat in self.joined_from_forehand():
            self._take_from_pot(seat, self.tricks_won[seat] * self.per_trick)
        for seat in self.joined_from_forehand():
            if self.tricks_won[seat] == 0:
                self._pay_into_pot(seat, self.stake)  # Loo penalty
        self._finish()

    # ----- result (G-4) -----

    def returns(self):
        if not self.is_terminal():
            raise ValueError("the deal is not over")
        return list(self.changes)


# ----- match (M-12) -------------------------------------------------------------------------------

class RefMistigriMatch:
    """Books finished deals: every seat starts with `chips`; each deal's returns change the chips;
    the pot and side pot carry over; the dealer rotates clockwise by one seat. The match is over
    after `deals` deals, or (deals None) after a deal that leaves some seat with <= 0 chips.
    `options` may add the other Mistigri options (monch, club_law, deck)."""

    def __init__(self, n=4, chips=25, stake=5, deals=None, dealer=0, options=None):
        full = dict(options or {})
        full.update(players=n, chips=chips, stake=stake, deals=deals)
        self.options = check_options(full)
        if not _is_int(dealer) or dealer not in range(n):
            raise ValueError(f"bad dealer {dealer!r}")
        self.n = n
        self.stake = stake
        self.deals = deals
        self.chips = [chips] * n
        self.dealer = dealer
        self.pot = 0
        self.side_pot = 0
        self.deals_played = 0

    def new_deal(self, hands, turned, talon, rng_seed=0):
        if self.is_over():
            raise ValueError("the match is over")
        return RefMistigri(hands, turned, talon, self.dealer, self.options, self.pot,
                           self.side_pot, rng_seed)

    def book_returns(self, returns, pot, side_pot):
        if self.is_over():
            raise ValueError("the match is over")
        if len(returns) != self.n:
            raise ValueError(f"need {self.n} returns")
        self.chips = [c + r for c, r in zip(self.chips, returns)]
        self.pot = pot
        self.side_pot = side_pot
        self.dealer = (self.dealer + 1) % self.n
        self.deals_played += 1

    def book(self, deal):
        if not deal.is_terminal():
            raise ValueError("the deal is not over")
        if deal.dealer != self.dealer:
            raise ValueError(f"deal has dealer {deal.dealer}, match expects {self.dealer}")
        self.book_returns(deal.returns(), deal.pot, deal.side_pot)

    def is_over(self):
        if self.deals is not None:
            return self.deals_played >= self.deals
        return any(c <= 0 for c in self.chips)


def perft_root(row):
    """The reference deal of a perft row (tests/data/perft.json): the hands, the turned card and
    the talon (top first)."""
    return RefMistigri([h.split() for h in row["hands"]], row["deal"]["turned"], row["deal"]["talon"].split(),
                       row["dealer"], row["options"])
