// What a learning loop needs of a game (docs/rl.md): a fixed action space and an observation
// tensor of what one seat knows.
//
// The fixed action space: ids in [0, Def::NUM_DISTINCT_ACTIONS) that mean the same thing in every
// state. Where a game's own action ids already do (cards are card ids, bids are constants), they
// are the fixed ids. A game whose actions depend on the hand (a discard of some of its cards,
// whose id is a mask over the hand) plays them as a sequence of fixed steps instead: the Def's
// hooks fixed_mask/fixed_step keep the steps taken so far in `pending` (a set of cards) and apply
// the game's own action when the sequence is complete.
//
// The observation: a flat float vector built from the seat's View and public facts only (its
// hand, what each seat has played and is known to hold or lack, each seat's public non-card
// actions, tallies, hand sizes, the seat to act, the trick on the table, the other locations, the
// phase), seats counted from the observer. Two states that differ only in cards hidden from the
// seat give the same vector.
#pragma once
#include <algorithm>
#include <cstdint>
#include <stdexcept>
#include <string>

#include "stich/game.hpp"
#include "stich/trick.hpp"

namespace stich {

// Public action ids the observation records per seat: those above the cards, below 128.
constexpr int OBS_ACTIONS = 128 - CARD_ACTIONS;
constexpr int OBS_PHASES = 8;

template <class Def>
constexpr int num_distinct_actions() {
    return Def::NUM_DISTINCT_ACTIONS;
}

// The legal fixed ids of `s` given the steps `pending` (out: NUM_DISTINCT_ACTIONS flags).
template <class Def>
void fixed_legal_mask(const typename Def::State& s, CardSet pending, bool* out) {
    std::fill(out, out + Def::NUM_DISTINCT_ACTIONS, false);
    if (s.is_terminal()) return;
    if constexpr (requires { Def::fixed_mask(s, pending, out); }) {
        Def::fixed_mask(s, pending, out);
    } else {
        if (pending) throw std::invalid_argument("pending steps in a game whose actions are one step each");
        ActionList list;
        s.legal_actions(list);
        for (Action a : list) out[a] = true;
    }
}

// Takes fixed id `id` (checked: std::invalid_argument naming the legal ids otherwise); returns the
// new pending steps (0 once the game's own action is applied).
template <class Def>
CardSet apply_fixed(typename Def::State& s, CardSet pending, int id) {
    bool legal[Def::NUM_DISTINCT_ACTIONS];
    if (id < 0 || id >= Def::NUM_DISTINCT_ACTIONS)
        throw IllegalAction("fixed action id " + std::to_string(id) + " out of range 0.." + std::to_string(Def::NUM_DISTINCT_ACTIONS - 1));
    fixed_legal_mask<Def>(s, pending, legal);
    if (!legal[id]) {
        std::string ids;
        for (int i = 0; i < Def::NUM_DISTINCT_ACTIONS; ++i)
            if (legal[i]) ids += (ids.empty() ? "" : ", ") + std::to_string(i);
        throw IllegalAction("fixed action id " + std::to_string(id) + " is not legal here; legal: " + (ids.empty() ? "none" : ids));
    }
    if constexpr (requires { Def::fixed_step(s, pending, id); }) {
        return Def::fixed_step(s, pending, id);
    } else {
        s.apply(Action(id));
        return 0;
    }
}

// The observation's length for states with this many seats, deck and view locations.
constexpr int observation_size(int players, int deck_size, int locations) {
    return deck_size + players * (3 * deck_size + OBS_ACTIONS + 3) + players * deck_size + (locations - players) * (deck_size + 1) +
           OBS_PHASES + deck_size;
}

template <GameState State>
int observation_size(const State& s) {
    return observation_size(s.num_players(), s.deck_info().size, s.view(0).num_locations);
}

// Writes seat's observation of s into out[0, observation_size(s)); `pending`: the seat's own steps
// of an action it is taking in fixed steps (apply_fixed), its last block.
template <GameState State>
void observe(const State& s, int seat, float* out, CardSet pending = 0) {
    const View v = s.view(seat);
    const Deck& d = s.deck_info();
    const int n = s.num_players(), D = d.size;
    std::fill(out, out + observation_size(n, D, v.num_locations), 0.0f);
    // The deck's cards in order: card -> index.
    int index[MAX_CARDS];
    {
        int i = 0;
        for (CardSet c = d.cards; c;) index[pop_lsb(c)] = i++;
    }
    auto cards = [&](float* at, CardSet set) {
        for (CardSet c = set & d.cards; c;) at[index[pop_lsb(c)]] = 1.0f;
    };
    float* p = out;
    cards(p, v.where[size_t(seat)].known);
    p += D;
    CardSet played_by[MAX_SEATS] = {};
    for (int i = 0; i < v.history_size; ++i) {
        const PublicEvent& e = v.history[size_t(i)];
        if (is_card_action(e.action)) played_by[e.seat] |= bit(Card(e.action));
    }
    for (int r = 0; r < n; ++r) {
        const int who = (seat + r) % n;
        cards(p, played_by[who]);
        cards(p + D, v.where[size_t(who)].known);
        cards(p + 2 * D, v.where[size_t(who)].forbidden & ~v.played);
        p += 3 * D;
        for (int i = 0; i < v.history_size; ++i) {
            const PublicEvent& e = v.history[size_t(i)];
            if (e.seat == who && !is_card_action(e.action) && e.action < 128) p[e.action - CARD_ACTIONS] = 1.0f;
        }
        p += OBS_ACTIONS;
        if constexpr (requires { s.tally(who); }) p[0] = float(s.tally(who));
        p[1] = float(v.where[size_t(who)].size);
        p[2] = s.current_player() == who ? 1.0f : 0.0f;
        p += 3;
    }
    for (int k = 0; k < s.trick.size && k < n; ++k) cards(p + k * D, bit(s.trick.cards[size_t(k)]));
    p += n * D;
    for (int l = n; l < v.num_locations; ++l) {
        p[0] = float(v.where[size_t(l)].size);
        cards(p + 1, v.where[size_t(l)].known);
        p += 1 + D;
    }
    const int phase = int(s.phase);
    if (phase >= 0 && phase < OBS_PHASES) p[phase] = 1.0f;
    p += OBS_PHASES;
    cards(p, pending);
}

}  // namespace stich
