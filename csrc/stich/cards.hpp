// Cards as bits of a 64-bit set with four 16-bit suit lanes: card = suit * 16 + rank.
// Rank codes are the same for both alphabets (2..9 pips, 10 ten, 11 Unter/Jack, 12 Ober/Queen,
// 13 King, 14 Ace), so German and French decks share one layout and only the text differs.
#pragma once
#include <array>
#include <bit>
#include <utility>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#if defined(__BMI2__)
#include <immintrin.h>
#endif

#include "stich/dispatch.hpp"

namespace stich {

using Card = uint8_t;
using CardSet = uint64_t;

enum Suit : uint8_t { SUIT0, SUIT1, SUIT2, SUIT3, SUIT_NB };
enum Rank : uint8_t {
    RANK_TWO = 2,
    RANK_SIX = 6,
    RANK_SEVEN = 7,
    RANK_EIGHT = 8,
    RANK_NINE = 9,
    RANK_TEN = 10,
    RANK_UNTER = 11,
    RANK_OBER = 12,
    RANK_KING = 13,
    RANK_ACE = 14
};

constexpr Card NO_CARD = 0xFF;
constexpr int MAX_CARDS = 64;

constexpr Card make_card(int suit, int rank) { return Card(suit * 16 + rank); }
constexpr int suit_of(Card c) { return c >> 4; }
constexpr int rank_of(Card c) { return c & 15; }
constexpr CardSet bit(Card c) { return CardSet(1) << c; }
constexpr CardSet suit_lane(int suit) { return CardSet(0xFFFF) << (16 * suit); }
// The cards of one rank in every suit.
constexpr CardSet rank_lane(int rank) { return CardSet(0x0001000100010001) << rank; }
constexpr int popcount(CardSet s) { return std::popcount(s); }
constexpr Card lsb(CardSet s) { return Card(std::countr_zero(s)); }
constexpr Card msb(CardSet s) { return Card(63 - std::countl_zero(s)); }
constexpr Card pop_lsb(CardSet& s) {
    Card c = lsb(s);
    s &= s - 1;
    return c;
}
constexpr bool contains(CardSet s, Card c) { return (s >> c) & 1; }

// The n-th (0-based) set bit of s as a set of that one bit, counting from the least significant;
// s must have > n bits. pdep where the CPU has BMI2 (n is random in playouts, so a loop
// mispredicts): 8-20% of three games' playout speed on Zen 3 (docs/bench.md "Portable wheels and
// native builds"). A portable build asks the CPU at load time (stich/dispatch.hpp: fast_pdep, off
// where pdep is microcoded) and issues the instruction itself: its functions are not compiled for
// BMI2, not even the clones.
inline CardSet nth_bit(CardSet s, int n) {
#if defined(__BMI2__)
    return _pdep_u64(CardSet(1) << n, s);
#else
#if STICH_RUNTIME_PDEP
    if (fast_pdep) {
        CardSet r;
        asm("pdepq %[mask], %[src], %[dst]" : [dst] "=r"(r) : [src] "r"(CardSet(1) << n), [mask] "rm"(s));
        return r;
    }
#endif
    for (; n > 0; --n) s &= s - 1;
    return s & (~s + 1);
#endif
}

// The n-th (0-based) card of s, counting from the least significant bit; s must have > n cards.
inline Card nth_card(CardSet s, int n) { return lsb(nth_bit(s, n)); }

enum class Alphabet : uint8_t { German, French };

enum class DeckKind : uint8_t { German24, German32, German36, French24, French32, French36, French52, DECK_NB };

struct Deck {
    DeckKind kind;
    Alphabet alphabet;
    const char* name;   // "german24", ...
    CardSet cards;
    int size;
};

const Deck& deck(DeckKind kind);
// Throws std::invalid_argument naming the accepted deck names.
DeckKind deck_kind_from_name(std::string_view name);
// Input text quoted for a message the way Python's repr() quotes a str (control characters
// escaped, so that a NUL cannot cut the message short; a surrogate, or a byte that is not UTF-8,
// as \udcXX like Python's surrogateescape, so that the message is always UTF-8).
std::string quoted(std::string_view text);
// The code point of the UTF-8 sequence at text[i] and its length in bytes. A byte that starts no
// valid sequence is read as 0xDC00 + the byte (Python's surrogateescape), length 1; an encoded
// surrogate (ED A0..BF xx, as Python's surrogatepass writes it) as itself.
std::pair<uint32_t, size_t> utf8_code_point(std::string_view text, size_t i);

// Flush value of a card (M-2): ace 11, ten and courts 10, pips their face.
constexpr int flush_value(Card c) {
    int r = rank_of(c);
    return r == RANK_ACE ? 11 : r >= RANK_TEN ? 10 : r;
}

// Text per G-1. card_text gives the canonical suit-first form.
std::string card_text(Card c, Alphabet a);
// A suit's letter (G-1): E G H S in German decks, C S H D in French ones.
constexpr char suit_letter(int suit, Alphabet a) { return (a == Alphabet::German ? "EGHS" : "CSHD")[suit]; }
// The suit of a letter or a Unicode suit symbol, or -1.
int parse_suit(std::string_view text, Alphabet a);
std::string cards_text(CardSet s, Alphabet a);   // in display order, space separated
// Parses one card in the deck's alphabet (suit or rank first, "10" for the ten, Unicode suit
// symbols); throws std::invalid_argument quoting the input and listing the accepted forms, also
// when the card is not part of the deck.
Card parse_card(std::string_view text, const Deck& d);
// Parses a card without a deck: German if the text reads as a German card, else French.
Card parse_card_any(std::string_view text, Alphabet& alphabet);
// Parses whitespace/comma separated cards in order; rejects duplicates.
std::vector<Card> parse_cards(std::string_view text, const Deck& d);

// Display order: suits in order, each from its highest rank code down. Stable for a given set.
template <class F>
inline void for_each_card_display(CardSet s, F&& f) {
    for (int suit = 0; suit < SUIT_NB; ++suit) {
        CardSet lane = s & suit_lane(suit);
        while (lane) {
            Card c = msb(lane);
            lane &= ~bit(c);
            f(c);
        }
    }
}

// Seeded generator (wyrand): a 64-bit counter mixed by one 64x64->128 multiply; trivially
// copyable, fast (playouts draw ~45 numbers per deal) and passes PractRand/BigCrush.
struct Rng {
    uint64_t state;
    explicit Rng(uint64_t seed = 0) : state(seed) {}
    bool operator==(const Rng&) const = default;
    uint64_t next() {
        state += 0xA0761D6478BD642FULL;
        const __uint128_t t = __uint128_t(state) * (state ^ 0xE7037ED1A0B428DBULL);
        return uint64_t(t >> 64) ^ uint64_t(t);
    }
    // Uniform in [0, n) without bias (Lemire's multiply-shift with rejection), from the 32 random
    // bits x; draws more only on the rare rejection.
    uint32_t below(uint32_t n, uint32_t x) {
        uint64_t m = uint64_t(x) * n;
        uint32_t low = uint32_t(m);
        if (low < n) {
            const uint32_t threshold = uint32_t(-n) % n;
            while (low < threshold) {
                m = uint64_t(uint32_t(next())) * n;
                low = uint32_t(m);
            }
        }
        return uint32_t(m >> 32);
    }
    uint32_t below(uint32_t n) { return below(n, uint32_t(next())); }
    // Fisher-Yates on the last m places of a[0..n): they become a uniform sample, in uniform
    // order, of a's elements. Two draws per 64-bit number.
    template <class T>
    void shuffle_tail(T* a, int n, int m) {
        const int stop = n - m;
        int i = n - 1;
        for (; i >= stop + 1; i -= 2) {
            const uint64_t r = next();
            std::swap(a[i], a[below(uint32_t(i + 1), uint32_t(r))]);
            std::swap(a[i - 1], a[below(uint32_t(i), uint32_t(r >> 32))]);
        }
        if (i == stop && i >= 1) std::swap(a[i], a[below(uint32_t(i + 1))]);
    }
    // Uniform shuffle of a[0..n).
    template <class T>
    void shuffle(T* a, int n) {
        if (n > 1) shuffle_tail(a, n, n - 1);
    }
    Card pick(CardSet s) { return nth_card(s, int(below(uint32_t(popcount(s))))); }
};

// Mixes a seed with a stream index, for independent per-deal / per-thread generators.
inline uint64_t mix_seed(uint64_t seed, uint64_t stream) {
    uint64_t z = seed + stream * 0x9E3779B97F4A7C15ULL;   // splitmix64 finaliser
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

}   // namespace stich
