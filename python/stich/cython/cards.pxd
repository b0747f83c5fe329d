# Cards, card sets and the generator: stich/cards.hpp (docs/embedding.md, "Cython").
from libc.stdint cimport uint8_t, uint32_t, uint64_t
from libcpp.string cimport string

cdef extern from "stich/cards.hpp" namespace "stich" nogil:
    ctypedef uint8_t Card        # suit * 16 + rank
    ctypedef uint64_t CardSet    # bit c set: card c is in the set

    const Card NO_CARD
    const int MAX_CARDS

    Card make_card(int suit, int rank)
    int suit_of(Card c)
    int rank_of(Card c)
    CardSet bit(Card c)
    int popcount(CardSet s)
    Card lsb(CardSet s)          # the lowest card id of a non-empty set
    Card msb(CardSet s)          # the highest
    Card pop_lsb(CardSet& s)     # removes and returns the lowest
    bint contains(CardSet s, Card c)
    Card nth_card(CardSet s, int n)
    int flush_value(Card c)

    cpdef enum class Alphabet(uint8_t):
        German
        French

    # Texts: they allocate (std::string), and throw std::invalid_argument on bad input.
    string card_text(Card c, Alphabet a) except +
    string cards_text(CardSet s, Alphabet a) except +

    # The seeded generator (wyrand): a trivially copyable value; give each thread its own.
    cppclass Rng:
        uint64_t state
        Rng()
        Rng(uint64_t seed)
        uint64_t next()
        uint32_t below(uint32_t n)   # uniform in [0, n), n > 0
        Card pick(CardSet s)         # uniform among the cards of a non-empty set

    uint64_t mix_seed(uint64_t seed, uint64_t stream)
