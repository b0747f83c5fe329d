// The games stich knows, one line each (docs/adding-a-game.md). The list drives the search
// instantiations (search.cpp), the bindings (one generic face per game) and through them the
// Python registry (stich.GAMES), the CLI, the notation, the bench and the shared tests.
//
// Each entry is a game's description (a *Def struct beside its State in the game's header):
// its Rules, State and Match types, name, docs, unit, option schema, deal and playout arguments,
// and the fields its states and matches show (stich/schema.hpp).
#pragma once
#include <cstddef>
#include <tuple>
#include <utility>

#include "stich/couillon.hpp"
#include "stich/euchre.hpp"
#include "stich/mistigri.hpp"
#include "stich/mucken.hpp"

#define STICH_GAMES(X) \
    X(CouillonDef)     \
    X(MuckenDef)       \
    X(MistigriDef)     \
    X(EuchreDef)

namespace stich {

template <class... Def>
struct GameList {};

namespace detail {
template <class Void, class... Def>
struct DropFirst {
    using type = GameList<Def...>;
};
#define STICH_GAME_ENTRY(Def) , Def
}  // namespace detail

// The registered games as a type list, in registry order.
using Games = detail::DropFirst<void STICH_GAMES(STICH_GAME_ENTRY)>::type;
#undef STICH_GAME_ENTRY

// Calls f.template operator()<Def>() for every registered game, in order.
template <class F, class... Def>
void for_each_game(F&& f, GameList<Def...>) {
    (f.template operator()<Def>(), ...);
}
template <class F>
void for_each_game(F&& f) {
    for_each_game(f, Games{});
}

// The number of registered games, and the I-th one (registry order): for the sources CMake
// compiles once per game (STICH_GAME_INDEX), so that the games' heavy instantiations build in
// parallel and no file but a game's own names it.
template <class... Def>
constexpr size_t game_count(GameList<Def...>) {
    return sizeof...(Def);
}
inline constexpr size_t NUM_GAMES = game_count(Games{});
namespace detail {
template <size_t I, class... Def>
std::tuple_element_t<I, std::tuple<Def...>> game_at(GameList<Def...>);
}  // namespace detail
template <size_t I>
using GameAt = decltype(detail::game_at<I>(Games{}));

// Calls f.template operator()<I>() for every game index, in registry order.
template <class F>
void for_each_game_index(F&& f) {
    [&]<size_t... I>(std::index_sequence<I...>) { (f.template operator()<I>(), ...); }(std::make_index_sequence<NUM_GAMES>{});
}

}  // namespace stich
