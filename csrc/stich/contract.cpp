#include "stich/contract.hpp"

#include <vector>

namespace stich {

namespace {

// Builds a contract from its trump order and its plain-suit rank order, both high to low.
// Cards listed as trumps are removed from their printed suits.
struct ContractBuilder {
    Contract k{};

    ContractBuilder(DeckKind d, FollowRule f) {
        k.deck_kind = d;
        k.follow = f;
        k.deck = deck(d).cards;
    }

    Contract build(const std::vector<Card>& trump_order, const std::vector<int>& plain_ranks) {
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

    void set_points(const std::array<int, 15>& by_rank) {
        CardSet s = k.deck;
        while (s) {
            Card c = pop_lsb(s);
            k.points[c] = uint8_t(by_rank[rank_of(c)]);
        }
    }
};

// Mucken eyes (U-2) and Couillon points (C-1), indexed by rank code.
constexpr std::array<int, 15> EYES = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 10, 2, 3, 4, 11};
constexpr std::array<int, 15> COUILLON_POINTS = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 2, 3, 4};

constexpr int E = SUIT0, G = SUIT1, H = SUIT2, S = SUIT3;

std::vector<Card> four(int rank) {  // E G H S of one rank (Obers or Unters)
    return {make_card(E, rank), make_card(G, rank), make_card(H, rank), make_card(S, rank)};
}

Contract make_mucken(MuckenGame g, bool long_deck, bool stichzwang) {
    const DeckKind d = long_deck ? DeckKind::German32 : DeckKind::German24;
    ContractBuilder b(d, stichzwang ? FollowRule::Stichzwang : FollowRule::FollowSuit);
    std::vector<Card> trumps;
    std::vector<int> plain;
    switch (g) {
        case MuckenGame::Muck:
        case MuckenGame::Ramsch:  // U-3: Ramsch uses the Muck order
            trumps = four(RANK_OBER);
            for (Card u : four(RANK_UNTER)) trumps.push_back(u);
            for (int r : {RANK_ACE, RANK_TEN, RANK_KING, RANK_NINE, RANK_EIGHT, RANK_SEVEN}) trumps.push_back(make_card(H, r));
            plain = {RANK_ACE, RANK_TEN, RANK_KING, RANK_NINE, RANK_EIGHT, RANK_SEVEN};
            break;
        case MuckenGame::Geier:
            trumps = four(RANK_OBER);
            plain = {RANK_ACE, RANK_TEN, RANK_KING, RANK_UNTER, RANK_NINE, RANK_EIGHT, RANK_SEVEN};
            break;
        case MuckenGame::Wenz:
            trumps = four(RANK_UNTER);
            plain = {RANK_ACE, RANK_TEN, RANK_KING, RANK_OBER, RANK_NINE, RANK_EIGHT, RANK_SEVEN};
            break;
    }
    std::erase_if(trumps, [&](Card c) { return !contains(b.k.deck, c); });
    b.build(trumps, plain);
    b.set_points(EYES);
    return b.k;
}

Contract make_couillon(int trump, bool mit) {
    ContractBuilder b(DeckKind::French24, FollowRule::FollowOrTrump);
    const std::vector<int> plain = {RANK_ACE, RANK_KING, RANK_OBER, RANK_UNTER, RANK_TEN, RANK_NINE};
    std::vector<Card> trumps;
    for (int r : plain) {
        Card c = make_card(trump, r);
        if (mit && c == MIT) continue;
        trumps.push_back(c);
        if (mit && r == RANK_ACE) trumps.push_back(MIT);  // C-3: the Mit right below the trump ace
    }
    b.build(trumps, plain);
    b.set_points(COUILLON_POINTS);
    return b.k;
}

Contract make_mistigri(int trump, DeckKind d) {
    ContractBuilder b(d, FollowRule::Stichzwang);
    std::vector<int> plain;
    for (int r = RANK_ACE; r >= RANK_TWO; --r)
        if (contains(b.k.deck, make_card(SUIT0, r))) plain.push_back(r);
    std::vector<Card> trumps = {MISTIGRI};  // M-8: always the highest trump
    for (int r : plain)
        if (make_card(trump, r) != MISTIGRI) trumps.push_back(make_card(trump, r));
    return b.build(trumps, plain);  // no card points in Mistigri
}

template <size_t N, class F>
std::array<Contract, N> table(F&& make) {
    std::array<Contract, N> t{};
    for (size_t i = 0; i < N; ++i) t[i] = make(i);
    return t;
}

constexpr std::array<DeckKind, 5> MISTIGRI_DECKS = {DeckKind::German32, DeckKind::French32, DeckKind::German36,
                                                    DeckKind::French36, DeckKind::French52};

}  // namespace

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
                if (n > longest) { longest = n; best_suit = s; }
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

const Contract& mucken_contract(MuckenGame g, bool long_deck, bool stichzwang) {
    // Index: game * 4 + long_deck * 2 + stichzwang.
    static const auto contracts = table<16>([](size_t i) {
        return make_mucken(MuckenGame(i / 4), (i / 2) % 2, i % 2);
    });
    return contracts[size_t(g) * 4 + size_t(long_deck) * 2 + size_t(stichzwang)];
}

const Contract& couillon_contract(int trump_suit, bool mit) {
    static const auto contracts = table<8>([](size_t i) { return make_couillon(int(i / 2), i % 2); });
    return contracts[size_t(trump_suit) * 2 + size_t(mit)];
}

const Contract& mistigri_contract(int trump_suit, DeckKind d) {
    static const auto contracts = table<20>([](size_t i) { return make_mistigri(int(i % 4), MISTIGRI_DECKS[i / 4]); });
    for (size_t j = 0; j < MISTIGRI_DECKS.size(); ++j)
        if (MISTIGRI_DECKS[j] == d) return contracts[j * 4 + size_t(trump_suit)];
    throw std::invalid_argument(std::string("Mistigri is not played with the ") + deck(d).name +
                                " deck; accepted: german32, french32, german36, french36, french52");
}

}  // namespace stich
