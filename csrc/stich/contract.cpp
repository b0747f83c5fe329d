#include "stich/contract.hpp"

#include <vector>

namespace stich {

ContractBuilder::ContractBuilder(DeckKind d, FollowRule f) {
    k.deck_kind = d;
    k.follow = f;
    k.deck = deck(d).cards;
}

Contract ContractBuilder::build(const std::vector<Card>& trump_order, const std::vector<int>& plain_ranks) {
    for (Card t : trump_order) k.trumps |= bit(t);
    // Trumps: strength 100 + position from the bottom; beats = the trumps above.
    CardSet above = 0;
    for (size_t i = 0; i < trump_order.size(); ++i) {
        Card t = trump_order[i];
        k.same_suit[t] = k.trumps;
        k.beats[t] = above;
        k.strength[t] = uint8_t(100 + trump_order.size() - i);
        above |= bit(t);
    }
    for (int s = 0; s < SUIT_NB; ++s) {
        CardSet suit_cards = 0;
        for (int r : plain_ranks) {
            Card c = make_card(s, r);
            if (contains(k.deck, c) && !contains(k.trumps, c)) suit_cards |= bit(c);
        }
        CardSet higher = 0;
        int n = 0;
        for (int r : plain_ranks) {
            Card c = make_card(s, r);
            if (!contains(suit_cards, c)) continue;
            k.same_suit[c] = suit_cards;
            k.beats[c] = higher | k.trumps;
            k.strength[c] = uint8_t(50 - n++);
            higher |= bit(c);
        }
    }
    return k;
}

void ContractBuilder::set_points(const std::array<int, 15>& by_rank) {
    CardSet s = k.deck;
    while (s) {
        Card c = pop_lsb(s);
        k.points[c] = uint8_t(by_rank[rank_of(c)]);
    }
}

int trump_suit_of(std::string_view letter, Alphabet a) {
    if (letter.size() == 1 && parse_suit(letter, a) >= 0) return parse_suit(letter, a);
    throw std::invalid_argument("unknown trump suit " + quoted(letter) +
                                "; accepted: " + (a == Alphabet::German ? "E, G, H, S" : "C, S, H, D"));
}

// Each choice keeps its best card's key in a register (the playouts call this at every card).
Card heuristic_card(const Contract& k, CardSet legal, Card led, Card winning, bool partner_winning, bool last_to_play) {
    // The card of s with the lowest key(c), the lowest id among equals.
    auto lowest = [](CardSet s, auto key) {
        Card best = pop_lsb(s);
        int best_key = key(best);
        while (s) {
            const Card c = pop_lsb(s);
            if (const int v = key(c); v < best_key) {
                best = c;
                best_key = v;
            }
        }
        return best;
    };
    auto cheapest = [&](CardSet s) { return lowest(s, [&](Card c) { return k.points[c] * 256 + k.strength[c]; }); };
    if (led == NO_CARD) {
        const CardSet plain = legal & ~k.trumps;
        if (const CardSet aces = plain & rank_lane(RANK_ACE)) return lsb(aces);
        if (plain) {
            int longest = -1, best_suit = 0;
            for (int s = 0; s < SUIT_NB; ++s) {
                const int n = popcount(plain & suit_lane(s));
                if (n > longest) {
                    longest = n;
                    best_suit = s;
                }
            }
            return cheapest(plain & suit_lane(best_suit));
        }
        return cheapest(legal);
    }
    if (partner_winning) {
        if (!last_to_play) return cheapest(legal);
        // The most points, the weakest among equals.
        return lowest(legal, [&](Card c) { return -(k.points[c] * 256) + k.strength[c]; });
    }
    if (const CardSet winners = legal & k.beats[winning]) return lowest(winners, [&](Card c) { return int(k.strength[c]); });
    return cheapest(legal);
}

}   // namespace stich
