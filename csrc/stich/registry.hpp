// The games stich knows, one line each (docs/adding-a-game.md). The list drives the search
// instantiations (search.cpp), the bindings (one generic face per game) and through them the
// Python registry (stich.GAMES), the CLI, the notation, the bench and the shared tests.
//
// Each entry is a game's description (a *Def struct beside its State in the game's header):
// its Rules, State and Match types, name, docs, unit, option schema, deal and playout arguments,
// and the fields its states and matches show (stich/schema.hpp).
#pragma once
#include "stich/couillon.hpp"
#include "stich/euchre.hpp"
#include "stich/hearts.hpp"
#include "stich/mistigri.hpp"
#include "stich/mucken.hpp"

#define STICH_GAMES(X) \
    X(CouillonDef)     \
    X(MuckenDef)       \
    X(MistigriDef)     \
    X(EuchreDef)       \
    X(HeartsDef)

namespace stich {

template <class... Def>
struct GameList {};

namespace detail {
template <class Void, class... Def>
struct DropFirst {
    using type = GameList<Def...>;
};
#define STICH_GAME_ENTRY(Def) , Def
}   // namespace detail

// The registered games as a type list, in registry order.
using Games = detail::DropFirst<void STICH_GAMES(STICH_GAME_ENTRY)>::type;
#undef STICH_GAME_ENTRY

template <class List>
struct FirstOf;
template <class First, class... Rest>
struct FirstOf<GameList<First, Rest...>> {
    using type = First;
};
// The first registered game's description (where a type of any one game is needed).
using FirstGameDef = FirstOf<Games>::type;

// Calls f.template operator()<Def>() for every registered game, in order.
template <class F, class... Def>
void for_each_game(F&& f, GameList<Def...>) {
    (f.template operator()<Def>(), ...);
}
template <class F>
void for_each_game(F&& f) {
    for_each_game(f, Games{});
}

}   // namespace stich
