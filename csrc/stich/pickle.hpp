// Portable byte forms of the games' rules, states and matches, for pickling: the machinery each
// game's files use to write their own (the members of each type and the checks of a loaded state
// live beside the game; a game may instead write its states as a replay of the deal).
//
// A form is a header (the magic 'S', the kind of object, the format version) followed by every
// member in a fixed order, each integer little-endian at its own width, bools as 0/1, enums as
// their code, the contract as its index among the game's contracts (states hold a pointer to it).
// Reading checks the size, every enum and bool, the ranges of seats and counts, and then the
// consistency of the whole state (cards in one place each, every seat's view agreeing with the
// cards), so a damaged form raises std::invalid_argument instead of making a state that could
// misbehave. A game bumps FORMAT_VERSION when its member lists change.
#pragma once
#include <algorithm>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "stich/contract.hpp"
#include "stich/game.hpp"

namespace stich {

constexpr uint8_t FORMAT_VERSION = 1;

// load<T>(bytes): the object dump() wrote; std::invalid_argument naming what is wrong otherwise.
// Each game declares its own dump() overloads and load<> specialisations in its header.
template <class T>
T load(std::string_view bytes);

namespace pickling {

[[noreturn]] inline void bad(const std::string& what) { throw std::invalid_argument("corrupt pickled stich object: " + what); }

inline void require(bool ok, const char* what) {
    if (!ok) bad(what);
}

struct Writer {
    std::string out;
    void put(uint64_t v, size_t bytes) {
        for (size_t i = 0; i < bytes; ++i) out.push_back(char(uint8_t(v >> (8 * i))));
    }
    template <class T>
    void operator()(const T& x) {
        if constexpr (std::is_integral_v<T>) put(uint64_t(x), sizeof(T));   // signed: two's complement
        else if constexpr (std::is_same_v<T, Rng>) put(x.state, 8);
        else
            for (const auto& e : x) (*this)(e);   // std::array
    }
    template <class E>
    void operator()(const E& e, E) { put(uint64_t(std::underlying_type_t<E>(e)), sizeof(E)); }
};

struct Reader {
    std::string_view in;
    size_t pos = 0;
    uint64_t get(size_t bytes) {
        if (in.size() - pos < bytes) bad("the data ends early");
        uint64_t v = 0;
        for (size_t i = 0; i < bytes; ++i) v |= uint64_t(uint8_t(in[pos + i])) << (8 * i);
        pos += bytes;
        return v;
    }
    template <class T>
    void operator()(T& x) {
        if constexpr (std::is_same_v<T, bool>) {
            const uint64_t v = get(1);
            require(v <= 1, "a flag is neither 0 nor 1");
            x = v == 1;
        } else if constexpr (std::is_integral_v<T>) {
            x = T(get(sizeof(T)));   // modular: the two's complement written
        } else if constexpr (std::is_same_v<T, Rng>) {
            x.state = get(8);
        } else {
            for (auto& e : x) (*this)(e);
        }
    }
    // Enums with their largest code.
    template <class E>
    void operator()(E& e, E max) {
        const uint64_t v = get(sizeof(E));
        require(v <= uint64_t(max), "an enum code out of range");
        e = E(v);
    }
};

inline bool seat_or_none(int v, int n) { return v >= -1 && v < n; }
inline bool subset(CardSet s, CardSet of) { return (s & ~of) == 0; }
inline bool card_in(Card c, CardSet deck) { return c < 64 && contains(deck, c); }

// What every game's history and trick must satisfy before view() replays them: seats in range,
// each card played once from the deck, as many plays as the tricks hold, the open trick the last
// plays, a contract once a card is played. card_of(action) is the card an action plays or NO_CARD.
// During play, the seat to act must be the one after the last card's (in an open trick, whose
// winning card is in it) or the last trick's winner; next_seat(seat) is the seat after `seat`.
// `other_actions`: the most actions other than card plays a deal can have, so that the history
// has room for the rest of the deal (a crafted one padded near its capacity would overflow it).
template <class State, class CardOf, class NextSeat>
void check_history(const State& s, int per_trick, CardOf card_of, NextSeat next_seat, int other_actions) {
    const CardSet deck = s.deck_info().cards;
    require(s.history.size <= s.history.actions.size(), "history longer than its capacity");
    require(s.trick.size < per_trick && s.to_act < s.num_players() && s.trick.winner < s.num_players(), "a seat or trick size out of range");
    CardSet played = 0;
    int plays = 0, last_actor = -1, winner_actor = -1;
    for (size_t i = 0; i < s.history.size; ++i) {
        require(s.history.actors[i] < s.num_players(), "a history entry by a seat out of range");
        const Card c = card_of(s.history.actions[i]);
        if (c == NO_CARD) continue;
        require(card_in(c, deck) && !contains(played, c), "a card played twice or not of the deck");
        played |= bit(c);
        ++plays;
        last_actor = s.history.actors[i];
        if (c == s.trick.winning) winner_actor = last_actor;
    }
    if (plays > 0 && !s.is_terminal()) {
        require(std::string_view(s.phase_name()) == "play", "cards played outside the play phase");
        const bool open = s.trick.size > 0;
        require(!open || (winner_actor == s.trick.winner && std::find(s.trick.cards.begin(), s.trick.cards.begin() + s.trick.size, s.trick.winning) !=
                                                                 s.trick.cards.begin() + s.trick.size),
                "the winning card of the open trick disagrees with the history");
        require(s.to_act == (open ? next_seat(last_actor) : s.trick.winner), "the seat to act disagrees with the tricks");
    }
    require(plays == s.trick.done * per_trick + s.trick.size, "the history's card plays disagree with the tricks");
    require(int(s.history.size) - plays <= other_actions, "more actions than a deal has");
    require(plays == 0 || s.contract != nullptr, "cards played without a contract");
    for (int i = 0, k = 0; i < s.history.size && k < s.trick.size; ++i)
        if (const Card c = card_of(s.history.actions[size_t(s.history.size - 1 - i)]); c != NO_CARD)
            require(s.trick.cards[size_t(s.trick.size - 1 - k++)] == c, "the open trick disagrees with the history");
    require(s.trick.winning == NO_CARD || card_in(s.trick.winning, deck), "the winning card is not of the deck");
    if (s.contract) require(s.contract->deck_kind == s.deck_info().kind, "a contract of another deck");
}

// The whole position: every card in one place (a location of the views or out of play), each
// seat's view consistent with the cards, legal actions exactly when the deal is not over.
template <class State>
void check_consistent(const State& s) {
    const Locations where = s.locations();
    const View v = s.view(0);
    CardSet all = v.played;
    for (int l = 0; l < v.num_locations; ++l) {
        require((where[size_t(l)] & all) == 0, "a card in two places");
        all |= where[size_t(l)];
    }
    require(all == s.deck_info().cards, "cards missing from the deal");
    for (int seat = 0; seat < s.num_players(); ++seat)
        require(consistent(s.view(seat), where), "a seat's view disagrees with the cards");
    ActionList list;
    s.legal_actions(list);
    require((list.n == 0) == s.is_terminal(), "legal actions disagree with the end of the deal");
}

// The form of x: the header, the index of its contract in `contracts` (states: required), its members.
template <class T, class Members>
std::string dump_form(uint8_t kind, const T& x, Members members, const std::vector<const Contract*>* contracts = nullptr) {
    T copy = x;
    Writer w;
    w.out = {'S', char(kind), char(FORMAT_VERSION)};
    if constexpr (GameState<T>) w.put(uint64_t(std::find(contracts->begin(), contracts->end(), x.contract) - contracts->begin()), 1);
    members(copy, w);
    return w.out;
}

// The object of a form dump_form wrote with the same kind, members and contracts, after validate(x).
template <class T, class Members, class Validate>
T load_form(std::string_view bytes, uint8_t kind, Members members, Validate validate, const std::vector<const Contract*>* contracts = nullptr) {
    Reader r{bytes};
    require(r.get(1) == 'S' && r.get(1) == kind, "not the pickled form of this class");
    const uint64_t version = r.get(1);
    if (version != FORMAT_VERSION)
        bad("format version " + std::to_string(version) + "; this stich reads version " + std::to_string(FORMAT_VERSION));
    T x{};
    size_t contract = 0;
    if constexpr (GameState<T>) contract = size_t(r.get(1));
    members(x, r);
    require(r.pos == bytes.size(), "trailing data");
    if constexpr (GameState<T>) {
        require(contract < contracts->size(), "an unknown contract");
        x.contract = (*contracts)[contract];
    }
    validate(x);
    return x;
}

}  // namespace pickling
}  // namespace stich
