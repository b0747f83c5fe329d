#include "stich/deal.hpp"

#include <algorithm>
#include <string>

namespace stich {

FixedHands fixed_cards(const std::vector<std::vector<int64_t>>& ids, size_t places, const std::string& what) {
    if (ids.size() > std::min(places, size_t(MAX_LOCATIONS)))
        throw std::invalid_argument(what + ": at most " + std::to_string(places) + ", got " + std::to_string(ids.size()));
    FixedHands fixed{};
    for (size_t l = 0; l < ids.size(); ++l)
        for (const int64_t c : ids[l]) {
            if (c < 0 || c >= MAX_CARDS)
                throw std::invalid_argument("card id " + std::to_string(c) + " is no card (ids are 0.." + std::to_string(MAX_CARDS - 1) +
                                            ")");
            fixed[l].push_back(Card(c));
        }
    return fixed;
}

std::array<Card, MAX_CARDS> deal_cards(const Deck& d, const DealLayout& layout, const FixedHands* fixed, Rng& rng) {
    std::array<int, MAX_LOCATIONS + 1> start{};
    for (int l = 0; l < layout.num_locations; ++l) start[size_t(l + 1)] = start[size_t(l)] + layout.sizes[size_t(l)];
    std::array<Card, MAX_CARDS> slots;
    slots.fill(NO_CARD);
    CardSet used = 0;
    // No cards given (a vector environment's and a match's deals): skip the checks and their strings.
    if (fixed && std::any_of(fixed->begin(), fixed->end(), [](const auto& cards) { return !cards.empty(); })) {
        std::array<std::string, MAX_CARDS> given_to;   // for the message about a card given twice
        for (int l = 0; l < MAX_LOCATIONS; ++l) {
            const auto& cards = (*fixed)[size_t(l)];
            if (cards.empty()) continue;
            const std::string where = l < layout.num_seats       ? "seat " + std::to_string(l)
                                      : l < layout.num_locations ? std::string(layout.extra_names[l - layout.num_seats])
                                                                 : "location " + std::to_string(l);
            if (l >= layout.num_seats && l >= layout.num_locations)
                throw std::invalid_argument(std::string(layout.game) + " is played by " + std::to_string(layout.num_seats) +
                                            " seats; cards were given for seat " + std::to_string(l));
            if (int(cards.size()) > layout.sizes[size_t(l)])
                throw std::invalid_argument(where + " was given " + std::to_string(cards.size()) + " cards; " +
                                            (l < layout.num_seats ? std::string("a ") + layout.game + " hand has " : "it takes at most ") +
                                            std::to_string(layout.sizes[size_t(l)]));
            for (size_t i = 0; i < cards.size(); ++i) {
                const Card c = cards[i];
                if (c >= MAX_CARDS || !contains(d.cards, c))
                    throw std::invalid_argument("card id " + std::to_string(int(c)) + " is not in the " + d.name + " deck");
                if (contains(used, c))
                    throw std::invalid_argument("card " + card_text(c, d.alphabet) + " is given to more than one " +
                                                (l < layout.num_seats && given_to[c].rfind("seat", 0) == 0 ? "seat" : "place") + " (" +
                                                given_to[c] + " and " + where + ")");
                used |= bit(c);
                given_to[c] = where;
                slots[size_t(start[size_t(l)]) + i] = c;
            }
        }
    }
    std::array<Card, MAX_CARDS> rest;
    int n_rest = 0;
    for (CardSet r = d.cards & ~used; r;) rest[size_t(n_rest++)] = pop_lsb(r);
    rng.shuffle(rest.data(), n_rest);
    if (!used) return rest;
    int next = 0;
    for (int i = 0; i < start[size_t(layout.num_locations)]; ++i)
        if (slots[size_t(i)] == NO_CARD) slots[size_t(i)] = rest[size_t(next++)];
    return slots;
}

}   // namespace stich
