// Dealing shared by the games: a uniform deal of a deck into locations (hands, talon), with some
// cards pinned to seats in deal order.
#pragma once
#include <algorithm>
#include <array>
#include <atomic>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "stich/cards.hpp"
#include "stich/dispatch.hpp"
#include "stich/game.hpp"
#include "stich/schema.hpp"

namespace stich {

// Cards given per location (seats first, then e.g. a turned card) in deal order; the rest of each
// location is dealt at random.
using FixedHands = std::array<std::vector<Card>, MAX_LOCATIONS>;

// Card ids given per location (a caller's lists, as wide as it may give them) as FixedHands: the one
// check of their ids and count (std::invalid_argument: more than `places` lists, `what` naming them,
// or an id that is no card); Def::deal checks the rest (the deck, a hand's size, a card given twice).
FixedHands fixed_cards(const std::vector<std::vector<int64_t>>& ids, size_t places, const std::string& what);

// The one check of a number of deals to play (random_playouts' n): std::invalid_argument unless >= 0.
inline int64_t checked_deal_count(int64_t n) {
    if (n < 0) throw std::invalid_argument("n (the number of deals) must be an int >= 0, got " + std::to_string(n));
    return n;
}

// A deal as dealt, before its first action (docs/records.md): the cards of every deal location in
// deal order (the seats, then the game's deal_locations()) and the values of the game's
// deal_params(), so that Def::deal(rules, seed, dealer, cards, extras) deals it again.
struct InitialDeal {
    FixedHands cards{};
    std::vector<Value> extras;
};

// Card ids of a set, ascending.
inline std::vector<Card> cards_in(CardSet s) {
    std::vector<Card> out;
    while (s) out.push_back(pop_lsb(s));
    return out;
}

// The cards each seat has played so far, by the history: card_of(action) is the card an action
// plays, or NO_CARD. (A game's initial_deal puts them back in the hands.)
template <class State, class CardOf>
std::array<CardSet, MAX_SEATS> played_by_seat(const State& s, CardOf card_of) {
    std::array<CardSet, MAX_SEATS> out{};
    for (int i = 0; i < int(s.history.size); ++i)
        if (const Card c = card_of(s.history.actions[size_t(i)]); c != NO_CARD) out[s.history.actors[size_t(i)]] |= bit(c);
    return out;
}

struct DealLayout {
    const char* game;   // for messages
    int num_seats;
    std::array<int, MAX_LOCATIONS> sizes;   // cards per location; seats first
    int num_locations;
    std::array<const char*, 2> extra_names = {"the talon", "the talon"};   // locations after the seats, for messages
};

// Slots of every location in deal order, location after location: a uniform deal given the
// pinned cards (validated: at most a hand's worth per seat, each card once, cards of the deck).
std::array<Card, MAX_CARDS> deal_cards(const Deck& d, const DealLayout& layout, const FixedHands* fixed, Rng& rng);

// Bits of slots [first, first + count).
inline CardSet slots_set(const std::array<Card, MAX_CARDS>& slots, int first, int count) {
    CardSet s = 0;
    for (int i = first; i < first + count; ++i) s |= bit(slots[size_t(i)]);
    return s;
}

// Plays n deals with uniformly random legal actions; deal(i, seed_i) makes deal i. Writes each
// deal's returns (`players` per deal) to out. Deal i depends only on (seed, i). A set `stop` flag
// (polled every 64 deals) ends the batch early, leaving the rest of out unwritten.
// Flattened, as play_out_randomly is: Clang's flatten is not recursive (stich/dispatch.hpp), and a
// hot loop's x86-64-v3 copy inlines the game's apply and random_action only through this chain.
template <GameState State, class DealFn>
[[gnu::flatten]] void random_playouts(DealFn&& deal, uint64_t seed, int64_t n, int players, int32_t* out,
                                      const std::atomic<bool>* stop = nullptr) {
    // In chunks of 64 deals, the flag read between them: the deal loop itself stays as it was.
    for (int64_t chunk = 0; chunk < n; chunk += 64) {
        if (stop && stop->load(std::memory_order_relaxed)) return;
        const int64_t end = std::min(n, chunk + 64);
        for (int64_t i = chunk; i < end; ++i) {
            const uint64_t deal_seed = mix_seed(seed, uint64_t(i));
            State s = deal(i, deal_seed);
            Rng rng(~deal_seed);
            play_out_randomly(s, rng);
            Returns r;
            s.returns(r);
            for (int k = 0; k < players; ++k) out[i * players + k] = r[size_t(k)];
        }
    }
}

}   // namespace stich
