// Contract orders: each contract of the three games precomputed once into its trump set, the
// effective suit of every card, card points and beats[c] (the cards that take the trick from c
// while c is winning). A trick winner is then one bit test per card, and the following rules are
// a cascade of (condition, allowed) masks, which also yields what a play proves about a hand.
#pragma once
#include <array>
#include <vector>
#include <string>

#include "stich/cards.hpp"

namespace stich {

enum class FollowRule : uint8_t {
    FollowSuit,      // follow the led (effective) suit, else anything
    FollowOrTrump,   // holding the led suit, play it or a trump; else anything
    Stichzwang,      // follow and head, trump and over-trump
};

struct Contract {
    DeckKind deck_kind;
    FollowRule follow;
    CardSet deck;   // cards of the deck this contract is played with
    CardSet trumps;
    std::array<CardSet, 64> same_suit{};   // cards of c's effective suit (all trumps for a trump)
    std::array<CardSet, 64> beats{};       // cards that take the trick from c while c is winning
    std::array<uint8_t, 64> points{};      // card points of the game
    std::array<uint8_t, 64> strength{};    // trick strength: higher wins within the effective suit; trumps above all

    const Deck& deck_info() const { return stich::deck(deck_kind); }
    int points_of(CardSet s) const {
        int p = 0;
        while (s) p += points[pop_lsb(s)];
        return p;
    }
};

// Up to five (condition, allowed) steps: the legal set is hand & allowed[k] for the first k with
// hand & condition[k] non-empty. The last step is always (everything, everything).
struct Cascade {
    // Only [0, steps) is set (by cascade()): not zeroed first, since a view builds one a card played.
    std::array<CardSet, 5> condition;
    std::array<CardSet, 5> allowed;
    int steps;

    CardSet legal(CardSet hand) const {
        for (int k = 0; k < steps; ++k)
            if (hand & condition[k]) return hand & allowed[k];
        return hand;
    }
    // Cards a seat cannot have held (and so cannot hold now) after legally playing c: the
    // conditions of every step before the first step that allows c.
    CardSet forbidden_after(Card c) const {
        CardSet f = 0;
        for (int k = 0; k < steps; ++k) {
            if (contains(allowed[k], c)) return f & ~bit(c);
            f |= condition[k];
        }
        return f & ~bit(c);
    }
};

constexpr CardSet ALL_CARDS = ~CardSet(0);

// The cascade for the next card of a trick whose first card is `led` and whose current winner is
// `winning` (NO_CARD for both on a lead: everything is allowed).
inline Cascade cascade(const Contract& k, Card led, Card winning) {
    Cascade c;
    if (led == NO_CARD) {
        c.condition[0] = c.allowed[0] = ALL_CARDS;
        c.steps = 1;
        return c;
    }
    const CardSet led_suit = k.same_suit[led];
    switch (k.follow) {
        case FollowRule::FollowSuit:
            c.condition = {led_suit, ALL_CARDS};
            c.allowed = {led_suit, ALL_CARDS};
            c.steps = 2;
            break;
        case FollowRule::FollowOrTrump:
            c.condition = {led_suit, ALL_CARDS};
            c.allowed = {led_suit | k.trumps, ALL_CARDS};
            c.steps = 2;
            break;
        case FollowRule::Stichzwang: {
            const CardSet head = k.beats[winning];
            c.condition = {led_suit & head, led_suit, k.trumps & head, k.trumps, ALL_CARDS};
            c.allowed = c.condition;
            c.steps = 5;
            break;
        }
    }
    return c;
}

// The legal set without building the whole cascade (the hot path of playouts and search); the
// same masks as cascade(k, led, winning).legal(hand), which the tests check.
inline CardSet legal_cards(const Contract& k, CardSet hand, Card led, Card winning) {
    if (led == NO_CARD) return hand;
    const CardSet led_suit = k.same_suit[led];
    const CardSet follow = hand & led_suit;
    // All cards when the hand cannot follow: masks rather than branches, since in playouts
    // whether a seat can follow is a coin toss for the branch predictor.
    const CardSet any = CardSet(0) - CardSet(follow == 0);
    switch (k.follow) {
        case FollowRule::FollowSuit: return hand & (led_suit | any);
        case FollowRule::FollowOrTrump: return hand & (led_suit | k.trumps | any);
        case FollowRule::Stichzwang: {
            // The first non-empty of: following cards that head the trick, following cards,
            // trumps that head it, trumps, the hand (selects, not branches).
            const CardSet head = k.beats[winning], trumps = hand & k.trumps;
            CardSet legal = hand;
            legal = trumps ? trumps : legal;
            legal = (trumps & head) ? trumps & head : legal;
            legal = follow ? follow : legal;
            return (follow & head) ? follow & head : legal;
        }
    }
    return hand;
}

// What legally playing c proves about the hand that played it: the cards it cannot hold. The
// same masks as cascade(k, led, winning).forbidden_after(c), which the tests check, without
// building the cascade (a view replays every card of the history).
inline CardSet proven_absent_after(const Contract& k, Card led, Card winning, Card c) {
    if (led == NO_CARD) return 0;
    const CardSet led_suit = k.same_suit[led], card = bit(c);
    switch (k.follow) {
        case FollowRule::FollowSuit: return (led_suit & card) ? 0 : led_suit & ~card;
        case FollowRule::FollowOrTrump: return ((led_suit | k.trumps) & card) ? 0 : led_suit & ~card;
        case FollowRule::Stichzwang: {
            // The conditions of the steps before the first that allows c (see cascade()).
            const CardSet head = k.beats[winning], trumps_head = k.trumps & head;
            if (card & led_suit & head) return 0;
            if (card & led_suit) return led_suit & head & ~card;
            if (card & trumps_head) return led_suit & ~card;
            if (card & k.trumps) return (led_suit | trumps_head) & ~card;
            return (led_suit | k.trumps) & ~card;
        }
    }
    return 0;
}

// Winner of a trick update: does c take the trick from the card now winning?
inline bool takes(const Contract& k, Card winning, Card c) { return contains(k.beats[winning], c); }

// Rule-of-thumb card play shared by the heuristic bots (documented in docs/bots.md):
// leading, a plain ace if any, else the lowest card of the longest plain suit, else the lowest trump;
// following, when a partner already wins the trick, the card worth most points if nobody can take
// it any more (last to play) or the cheapest card otherwise; else the cheapest card that takes the
// trick; else the cheapest card. "Cheapest" is fewest points, then lowest strength.
Card heuristic_card(const Contract& k, CardSet legal, Card led, Card winning, bool partner_winning, bool last_to_play);

// Builds a game's contract from its trump order and its plain-suit rank order, both high to low
// (each game's contract maker uses it; not on a hot path: a game builds its contracts once).
// Cards listed as trumps are removed from their printed suits.
struct ContractBuilder {
    Contract k{};
    ContractBuilder(DeckKind d, FollowRule f);
    Contract build(const std::vector<Card>& trump_order, const std::vector<int>& plain_ranks);
    void set_points(const std::array<int, 15>& by_rank);   // card points by rank code
};

// The suit a trump letter names in the alphabet (C S H D or E G H S, either case); std::invalid_argument
// "unknown trump suit 'X'; accepted: C, S, H, D" otherwise.
int trump_suit_of(std::string_view letter, Alphabet a);

// A game's contracts made once: make(i) for i in 0..N-1.
template <size_t N, class F>
std::array<Contract, N> contract_table(F&& make) {
    std::array<Contract, N> t{};
    for (size_t i = 0; i < N; ++i) t[i] = make(i);
    return t;
}

}   // namespace stich
