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

Card heuristic_card(const Contract& k, CardSet legal, Card led, Card winning, bool partner_winning, bool last_to_play) {
    auto cheapest = [&](CardSet s) {
        Card best = lsb(s);
        for (CardSet t = s; t;) {
            const Card c = pop_lsb(t);
            if (k.points[c] * 256 + k.strength[c] < k.points[best] * 256 + k.strength[best]) best = c;
        }
        return best;
    };
    if (led == NO_CARD) {
        const CardSet plain = legal & ~k.trumps;
        for (CardSet t = plain; t;) {
            const Card c = pop_lsb(t);
            if (rank_of(c) == RANK_ACE) return c;
        }
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
        Card most = lsb(legal);
        for (CardSet t = legal; t;) {
            const Card c = pop_lsb(t);
            if (k.points[c] > k.points[most] || (k.points[c] == k.points[most] && k.strength[c] < k.strength[most])) most = c;
        }
        return most;
    }
    const CardSet winners = legal & k.beats[winning];
    if (winners) {
        Card best = lsb(winners);
        for (CardSet t = winners; t;) {
            const Card c = pop_lsb(t);
            if (k.strength[c] < k.strength[best]) best = c;
        }
        return best;
    }
    return cheapest(legal);
}

}   // namespace stich
