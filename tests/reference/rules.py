"""Contracts of the reference: trumps, rank orders, following rules, trick winner, points.

Each contract is described by
  - the deck (list of card texts),
  - the trump order, high to low (a list written out from the rulings),
  - for every plain suit, its order high to low (trumps removed: they are their own suit),
  - the card points,
  - the following rule: "follow" (Mucken U-4), "follow_or_trump" (Couillon C-5) or
    "cascade" (Mistigri M-9 and Ramsch with Stichzwang U-10).
Cards are canonical texts (see cards.py). Slow on purpose: everything is a list/set scan.
"""

from . import cards as _cards

TRUMP = "trump"  # the effective suit of every trump card


# --- Mucken (U-2, U-3) ------------------------------------------------------------------------

# Plain suits, high to low, for the short deck; the long deck appends 8 and 7.
MUCKEN_TRUMPS = {
    "Muck": ["EO", "GO", "HO", "SO", "EU", "GU", "HU", "SU", "HA", "HZ", "HK", "H9"],
    "Geier": ["EO", "GO", "HO", "SO"],
    "Wenz": ["EU", "GU", "HU", "SU"],
    "Ramsch": ["EO", "GO", "HO", "SO", "EU", "GU", "HU", "SU", "HA", "HZ", "HK", "H9"],
}
MUCKEN_TRUMPS_LONG_EXTRA = {"Muck": ["H8", "H7"], "Geier": [], "Wenz": [], "Ramsch": ["H8", "H7"]}

MUCKEN_PLAIN = {
    "Muck": {
        "E": ["EA", "EZ", "EK", "E9"],
        "G": ["GA", "GZ", "GK", "G9"],
        "S": ["SA", "SZ", "SK", "S9"],
    },
    "Geier": {
        "E": ["EA", "EZ", "EK", "EU", "E9"],
        "G": ["GA", "GZ", "GK", "GU", "G9"],
        "H": ["HA", "HZ", "HK", "HU", "H9"],
        "S": ["SA", "SZ", "SK", "SU", "S9"],
    },
    "Wenz": {
        "E": ["EA", "EZ", "EK", "EO", "E9"],
        "G": ["GA", "GZ", "GK", "GO", "G9"],
        "H": ["HA", "HZ", "HK", "HO", "H9"],
        "S": ["SA", "SZ", "SK", "SO", "S9"],
    },
    "Ramsch": {
        "E": ["EA", "EZ", "EK", "E9"],
        "G": ["GA", "GZ", "GK", "G9"],
        "S": ["SA", "SZ", "SK", "S9"],
    },
}

# U-2: eyes by rank letter.
MUCKEN_EYES = {"A": 11, "Z": 10, "K": 4, "O": 3, "U": 2, "9": 0, "8": 0, "7": 0}


# --- Couillon (C-1, C-3) -----------------------------------------------------------------------

COUILLON_PLAIN = {
    "C": ["CA", "CK", "CQ", "CJ", "CT", "C9"],
    "S": ["SA", "SK", "SQ", "SJ", "ST", "S9"],
    "H": ["HA", "HK", "HQ", "HJ", "HT", "H9"],
    "D": ["DA", "DK", "DQ", "DJ", "DT", "D9"],
}
# Declared Mit (SQ): second-highest trump, A Mit K Q J T 9; it leaves the spade suit.
COUILLON_MIT_TRUMPS = {
    "C": ["CA", "SQ", "CK", "CQ", "CJ", "CT", "C9"],
    "S": ["SA", "SQ", "SK", "SJ", "ST", "S9"],
    "H": ["HA", "SQ", "HK", "HQ", "HJ", "HT", "H9"],
    "D": ["DA", "SQ", "DK", "DQ", "DJ", "DT", "D9"],
}
COUILLON_SPADES_WITHOUT_MIT = ["SA", "SK", "SJ", "ST", "S9"]

# C-1: points by rank letter.
COUILLON_POINTS = {"A": 4, "K": 3, "Q": 2, "J": 1, "T": 0, "9": 0}


# --- Mistigri (M-1, M-2, M-8) -------------------------------------------------------------------

# Rank letters high to low per deck (M-1: German A K O U Z 9 8 7; French A K Q J T 9 8 7 ...).
MISTIGRI_RANKS = {
    "german32": ["A", "K", "O", "U", "Z", "9", "8", "7"],
    "german36": ["A", "K", "O", "U", "Z", "9", "8", "7", "6"],
    "french32": ["A", "K", "Q", "J", "T", "9", "8", "7"],
    "french36": ["A", "K", "Q", "J", "T", "9", "8", "7", "6"],
    "french52": ["A", "K", "Q", "J", "T", "9", "8", "7", "6", "5", "4", "3", "2"],
}
MISTIGRI_CARD = {"german": "EU", "french": "CJ"}

# M-2 flush values by rank letter (the Mistigri counts 10: it is a U / J anyway).
FLUSH_VALUE = {"A": 11, "K": 10, "O": 10, "Q": 10, "U": 10, "J": 10, "Z": 10, "T": 10,
               "9": 9, "8": 8, "7": 7, "6": 6, "5": 5, "4": 4, "3": 3, "2": 2}


def _as_list(cards_, deck):
    """Canonical texts from a string or an iterable of texts."""
    return _cards.parse_many(cards_, deck)


class RefContract:
    """One contract: see the module docstring. Use the three constructors."""

    def __init__(self, name, deck, trump_order, plain_orders, points_of, rule):
        self.name = name
        self.deck_name = deck
        self.deck = list(_cards.DECKS[deck])
        self.trump_order = list(trump_order)
        self.plain_orders = {suit: list(order) for suit, order in plain_orders.items()}
        self.points_of = dict(points_of)  # card text -> points
        self.rule = rule
        self.trumps = set(self.trump_order)
        # Sanity: every card of the deck appears exactly once among the orders.
        listed = list(self.trump_order)
        for order in self.plain_orders.values():
            listed += order
        assert sorted(listed) == sorted(self.deck), (name, sorted(set(self.deck) ^ set(listed)))

    def __repr__(self):
        return f"RefContract({self.name})"

    # ----- constructors -----

    @classmethod
    def mucken(cls, game, long_deck=False, stichzwang=False):
        if game not in MUCKEN_TRUMPS:
            raise ValueError(f"unknown Mucken game {game!r}; known: {list(MUCKEN_TRUMPS)}")
        if stichzwang and game != "Ramsch":
            raise ValueError("stichzwang applies only to Ramsch")
        deck = "german32" if long_deck else "german24"
        trumps = list(MUCKEN_TRUMPS[game])
        plain = {s: list(order) for s, order in MUCKEN_PLAIN[game].items()}
        if long_deck:
            trumps += MUCKEN_TRUMPS_LONG_EXTRA[game]
            for suit in plain:
                plain[suit] += [suit + "8", suit + "7"]
        points = {c: MUCKEN_EYES[c[1]] for c in _cards.DECKS[deck]}
        rule = "cascade" if stichzwang else "follow"
        name = f"Mucken {game}" + (" long" if long_deck else "") + (" stichzwang" if stichzwang else "")
        return cls(name, deck, trumps, plain, points, rule)

    @classmethod
    def couillon(cls, trump, mit=False):
        if trump not in COUILLON_PLAIN:
            raise ValueError(f"unknown Couillon trump {trump!r}; known: C S H D")
        if mit:
            trumps = COUILLON_MIT_TRUMPS[trump]
            plain = {s: o for s, o in COUILLON_PLAIN.items() if s != trump}
            if trump != "S":
                plain["S"] = COUILLON_SPADES_WITHOUT_MIT
        else:
            trumps = COUILLON_PLAIN[trump]
            plain = {s: o for s, o in COUILLON_PLAIN.items() if s != trump}
        points = {c: COUILLON_POINTS[c[1]] for c in _cards.french24}
        name = f"Couillon {trump}" + (" mit" if mit else "")
        return cls(name, "french24", trumps, plain, points, "follow_or_trump")

    @classmethod
    def mistigri(cls, trump, deck="german32"):
        if deck not in MISTIGRI_RANKS:
            raise ValueError(f"unknown Mistigri deck {deck!r}; known: {list(MISTIGRI_RANKS)}")
        alphabet = _cards.alphabet_of(deck)
        suits = _cards.GERMAN_SUITS if alphabet == "german" else _cards.FRENCH_SUITS
        if trump not in suits:
            raise ValueError(f"unknown trump {trump!r} for deck {deck}; known: {suits}")
        mistigri = MISTIGRI_CARD[alphabet]
        ranks = MISTIGRI_RANKS[deck]
        trumps = [mistigri] + [trump + r for r in ranks if trump + r != mistigri]
        plain = {}
        for suit in suits:
            if suit != trump:
                plain[suit] = [suit + r for r in ranks if suit + r != mistigri]
        points = {c: 0 for c in _cards.DECKS[deck]}
        rul = cls(f"Mistigri {trump} {deck}", deck, trumps, plain, points, "cascade")
        rul.mistigri = mistigri
        return rul

    # ----- basic facts -----

    def parse(self, card):
        return _cards.parse(card, self.deck_name)

    def suit_of(self, card):
        """Effective suit: TRUMP for a trump, else the printed suit letter."""
        return TRUMP if card in self.trumps else card[0]

    def order_of(self, suit):
        return self.trump_order if suit == TRUMP else self.plain_orders[suit]

    def beats(self, card, winning, led):
        """Would `card` take the trick from `winning` (the card now winning it) after `led`?"""
        if card in self.trumps:
            if winning not in self.trumps:
                return True
            return self.trump_order.index(card) < self.trump_order.index(winning)
        if winning in self.trumps:
            return False
        if self.suit_of(card) != led or self.suit_of(winning) != led:
            return False
        order = self.plain_orders[led]
        return order.index(card) < order.index(winning)

    # ----- SPEC methods -----

    def winner(self, trick):
        trick = _as_list(trick, self.deck_name)
        if not trick:
            raise ValueError("winner of an empty trick")
        led = self.suit_of(trick[0])
        best = 0
        for i in range(1, len(trick)):
            if self.beats(trick[i], trick[best], led):
                best = i
        return best

    def legal(self, hand, trick):
        hand = set(_as_list(hand, self.deck_name))
        trick = _as_list(trick, self.deck_name)
        if not trick:
            return set(hand)
        led = self.suit_of(trick[0])
        led_cards = {c for c in hand if self.suit_of(c) == led}
        trump_cards = {c for c in hand if c in self.trumps}

        if self.rule == "follow":  # U-4
            return led_cards if led_cards else set(hand)

        if self.rule == "follow_or_trump":  # C-5
            if led_cards:
                return led_cards | trump_cards
            return set(hand)

        if self.rule == "cascade":  # M-9
            winning = trick[self.winner(trick)]
            steps = [
                {c for c in led_cards if self.beats(c, winning, led)},
                led_cards,
                {c for c in trump_cards if self.beats(c, winning, led)},
                trump_cards,
                set(hand),
            ]
            for step in steps:
                if step:
                    return set(step)
            return set()

        raise AssertionError(self.rule)

    def points(self, card_or_cards):
        if isinstance(card_or_cards, str) and len(card_or_cards.split()) == 1:
            return self.points_of[self.parse(card_or_cards)]
        return sum(self.points_of[c] for c in _as_list(card_or_cards, self.deck_name))

    def forbidden(self, trick, card):
        """Cards x such that `card` would be illegal from the two-card hand {card, x}."""
        card = self.parse(card)
        trick = _as_list(trick, self.deck_name)
        result = set()
        for x in self.deck:
            if x != card and card not in self.legal({card, x}, trick):
                result.add(x)
        return result

    def flush_value(self, card):
        """M-2 flush value of one card (Mistigri decks)."""
        return FLUSH_VALUE[self.parse(card)[1]]
