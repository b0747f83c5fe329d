"""Decks and card text for the reference (G-1 in docs/rules/README.md, SPEC "Cards").

A card is handled as its canonical text: suit letter then rank letter, e.g. ``EO``, ``HZ``, ``SQ``.
German suits E G H S, ranks A Z K O U 9 8 7 (6); French suits C S H D, ranks A K Q J T 9 .. 2.
"""

GERMAN_SUITS = ["E", "G", "H", "S"]
FRENCH_SUITS = ["C", "S", "H", "D"]

# Decks written out by hand, suit by suit, ranks high to low as SPEC lists them.
DECKS = {
    "german24": [
        "EA", "EZ", "EK", "EO", "EU", "E9",
        "GA", "GZ", "GK", "GO", "GU", "G9",
        "HA", "HZ", "HK", "HO", "HU", "H9",
        "SA", "SZ", "SK", "SO", "SU", "S9",
    ],
    "german32": [
        "EA", "EZ", "EK", "EO", "EU", "E9", "E8", "E7",
        "GA", "GZ", "GK", "GO", "GU", "G9", "G8", "G7",
        "HA", "HZ", "HK", "HO", "HU", "H9", "H8", "H7",
        "SA", "SZ", "SK", "SO", "SU", "S9", "S8", "S7",
    ],
    "german36": [
        "EA", "EZ", "EK", "EO", "EU", "E9", "E8", "E7", "E6",
        "GA", "GZ", "GK", "GO", "GU", "G9", "G8", "G7", "G6",
        "HA", "HZ", "HK", "HO", "HU", "H9", "H8", "H7", "H6",
        "SA", "SZ", "SK", "SO", "SU", "S9", "S8", "S7", "S6",
    ],
    "french24": [
        "CA", "CK", "CQ", "CJ", "CT", "C9",
        "SA", "SK", "SQ", "SJ", "ST", "S9",
        "HA", "HK", "HQ", "HJ", "HT", "H9",
        "DA", "DK", "DQ", "DJ", "DT", "D9",
    ],
    "french32": [
        "CA", "CK", "CQ", "CJ", "CT", "C9", "C8", "C7",
        "SA", "SK", "SQ", "SJ", "ST", "S9", "S8", "S7",
        "HA", "HK", "HQ", "HJ", "HT", "H9", "H8", "H7",
        "DA", "DK", "DQ", "DJ", "DT", "D9", "D8", "D7",
    ],
    "french36": [
        "CA", "CK", "CQ", "CJ", "CT", "C9", "C8", "C7", "C6",
        "SA", "SK", "SQ", "SJ", "ST", "S9", "S8", "S7", "S6",
        "HA", "HK", "HQ", "HJ", "HT", "H9", "H8", "H7", "H6",
        "DA", "DK", "DQ", "DJ", "DT", "D9", "D8", "D7", "D6",
    ],
    "french52": [
        "CA", "CK", "CQ", "CJ", "CT", "C9", "C8", "C7", "C6", "C5", "C4", "C3", "C2",
        "SA", "SK", "SQ", "SJ", "ST", "S9", "S8", "S7", "S6", "S5", "S4", "S3", "S2",
        "HA", "HK", "HQ", "HJ", "HT", "H9", "H8", "H7", "H6", "H5", "H4", "H3", "H2",
        "DA", "DK", "DQ", "DJ", "DT", "D9", "D8", "D7", "D6", "D5", "D4", "D3", "D2",
    ],
}

german24 = DECKS["german24"]
german32 = DECKS["german32"]
german36 = DECKS["german36"]
french24 = DECKS["french24"]
french32 = DECKS["french32"]
french36 = DECKS["french36"]
french52 = DECKS["french52"]

# All cards of each alphabet (the largest deck of that alphabet).
ALPHABET_CARDS = {"german": set(german36), "french": set(french52)}

# Unicode suit symbols per alphabet (G-1): clubs/acorns, spades/leaves, hearts, diamonds/bells.
SYMBOLS = {
    "german": {"\u2663": "E", "\u2660": "G", "\u2665": "H", "\u2666": "S"},
    "french": {"\u2663": "C", "\u2660": "S", "\u2665": "H", "\u2666": "D"},
}

# The written form "10" of the ten, per alphabet.
TEN = {"german": "Z", "french": "T"}

# Card id = suit * 16 + rank code (SPEC "Cards").
SUIT_INDEX = {
    "german": {"E": 0, "G": 1, "H": 2, "S": 3},
    "french": {"C": 0, "S": 1, "H": 2, "D": 3},
}
RANK_CODE = {
    "german": {"A": 14, "K": 13, "O": 12, "U": 11, "Z": 10, "9": 9, "8": 8, "7": 7, "6": 6},
    "french": {"A": 14, "K": 13, "Q": 12, "J": 11, "T": 10, "9": 9, "8": 8, "7": 7, "6": 6,
               "5": 5, "4": 4, "3": 3, "2": 2},
}

ACCEPTED_FORMS = (
    "suit letter then rank (EO, HZ, SQ, CJ), rank then suit (OE, QS), '10' for the ten "
    "(H10, 10H), Unicode suit symbols \u2663\u2660\u2665\u2666 in place of the suit letter"
)


def alphabet_of(deck):
    """'german' or 'french' for a deck name (or an alphabet name itself)."""
    if deck in ("german", "french"):
        return deck
    if deck in DECKS:
        return "german" if deck.startswith("german") else "french"
    raise ValueError(f"unknown deck {deck!r}; known: {sorted(DECKS)}")


def _candidates(text, alphabet):
    """Canonical texts that `text` can mean in one alphabet (0 or 1 of them)."""
    found = set()
    if len(text) < 2:
        return found
    for split in range(1, len(text)):
        left, right = text[:split], text[split:]
        for suit_part, rank_part in ((left, right), (right, left)):
            suit = SYMBOLS[alphabet].get(suit_part, suit_part)
            rank = TEN[alphabet] if rank_part == "10" else rank_part
            card = suit + rank
            if len(suit) == 1 and len(rank) == 1 and card in ALPHABET_CARDS[alphabet]:
                found.add(card)
    return found


def parse(text, deck=None):
    """Canonical text of one card. `deck` (a deck name, or 'german'/'french') picks the alphabet;
    without it the alphabet is inferred, and text that means different cards in the two alphabets
    (e.g. '\u2660A', '10H') is rejected as ambiguous."""
    if not isinstance(text, str):
        raise ValueError(f"card text must be a string, got {text!r}")
    stripped = text.strip()
    alphabets = ["german", "french"] if deck is None else [alphabet_of(deck)]
    found = set()
    for alphabet in alphabets:
        found |= _candidates(stripped, alphabet)
    if len(found) == 1:
        card = found.pop()
        if deck is not None and deck in DECKS and card not in DECKS[deck]:
            raise ValueError(f"card {text!r} is not in deck {deck}")
        return card
    if len(found) > 1:
        raise ValueError(f"card text {text!r} is ambiguous ({sorted(found)}); give the deck")
    where = "" if deck is None else f" for deck {deck}"
    raise ValueError(f"bad card text {text!r}{where}; accepted: {ACCEPTED_FORMS}")


def parse_many(cards, deck=None):
    """A list of canonical texts from a whitespace-separated string or an iterable of texts."""
    if isinstance(cards, str):
        cards = cards.split()
    return [parse(c, deck) for c in cards]


def card_id(card, deck):
    """SPEC card id suit*16+rank of a canonical text in `deck`'s alphabet."""
    alphabet = alphabet_of(deck)
    return SUIT_INDEX[alphabet][card[0]] * 16 + RANK_CODE[alphabet][card[1]]
