// The per-game hooks of the open-hand solver (stich/solve.hpp, docs/solver.md). Each game that has
// a solver specialises SolverTraits for its state in its own header, next to the rules the hooks
// encode; a game without a specialisation has no solver (its bindings skip solve and pimc).
#pragma once
#include <cstdint>

#include "stich/game.hpp"

namespace stich {

// Per-game hooks. A specialisation gives:
//   static bool in_play(const S&);                    // the positions the solver takes: the card-play
//                                                     // phase, or its end where whole deals are too big
//                                                     // (then optionally START, a text: from where,
//                                                     // and in_card_play(const S&): the whole card play)
//   static bool two_sided(const S&);                  // teams seat % 2, zero-sum between them:
//                                                     // returns[s] = returns[0] (s even), -returns[0] (odd)
//   static const Contract& contract(const S&);
//   static CardSet distinct(const S&);                // cards never merged with others
//   static Card card_of(const S&, Action);            // the card an action plays
//   static uint64_t score_key(const S&);              // < 2^56: what the return still depends on
//   static void bounds(const S&, int root, int& lo, int& hi);   // at a trick's start: the root's
//                                                     // final return lies in [lo, hi]
//   static CardSet in_play_cards(const S&);           // cards that can still be played (hands of
//                                                     // the seats that play, and the table)
//   static bool plays(const S&, int seat);            // the seat plays cards in this deal
template <class S>
struct SolverTraits {
    static constexpr bool defined = false;
};

template <class S>
concept Solvable = GameState<S> && SolverTraits<S>::defined;

// Whether a state is in the card play (the search's others_before_play takes the decisions before
// it): a game whose solver starts late says so apart (in_card_play), else its solver's in_play.
template <Solvable S>
bool in_card_play(const S& s) {
    if constexpr (requires { SolverTraits<S>::in_card_play(s); }) return SolverTraits<S>::in_card_play(s);
    else return SolverTraits<S>::in_play(s);
}

}   // namespace stich
