// A game's description of itself, read by the bindings and the Python layer so that nothing
// outside a game's own files needs to know it (docs/adding-a-game.md): its options (name, accepted
// values, doc, ruling id; the default is the value in a default-made Rules), the extra arguments
// of its deal and of its random playouts, and the fields its states and matches show.
//
// None of this is on a hot path: the values are small trees that may allocate.
#pragma once
#include <algorithm>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "stich/cards.hpp"
#include "stich/contract.hpp"

namespace stich {

// A value crossing a game's description: an option, a deal argument, a field of a state.
struct Value {
    enum class Kind : uint8_t { None, Bool, Int, Text, Texts, OneCard, Cards, CardList, Ints, List, Tuple };
    Kind kind = Kind::None;
    int64_t i = 0;                    // Bool, Int, OneCard (its id)
    CardSet cards = 0;                // Cards
    std::string text;                 // Text
    std::vector<std::string> texts;   // Texts: a tuple of names
    std::vector<int64_t> ints;        // Ints; CardList as card ids in order
    std::vector<Value> items;         // List, Tuple

    static Value none() { return {}; }
    static Value of_bool(bool b) { Value v; v.kind = Kind::Bool; v.i = b; return v; }
    static Value of_int(int64_t x) { Value v; v.kind = Kind::Int; v.i = x; return v; }
    static Value of_text(std::string t) { Value v; v.kind = Kind::Text; v.text = std::move(t); return v; }
    static Value of_texts(std::vector<std::string> t) { Value v; v.kind = Kind::Texts; v.texts = std::move(t); return v; }
    static Value of_card(Card c) { Value v; v.kind = Kind::OneCard; v.i = c; return v; }
    static Value of_cards(CardSet s) { Value v; v.kind = Kind::Cards; v.cards = s; return v; }
    static Value of_card_list(const Card* first, const Card* last) {
        Value v;
        v.kind = Kind::CardList;
        for (; first != last; ++first) v.ints.push_back(*first);
        return v;
    }
    static Value of_ints(const int* first, const int* last) {
        Value v;
        v.kind = Kind::Ints;
        v.ints.assign(first, last);
        return v;
    }
    // A seat, or None for a negative one ("nobody").
    static Value seat_or_none(int s) { return s < 0 ? none() : of_int(s); }
    static Value list(std::vector<Value> items, bool tuple = false) {
        Value v;
        v.kind = tuple ? Kind::Tuple : Kind::List;
        v.items = std::move(items);
        return v;
    }
    bool is_none() const { return kind == Kind::None; }
    bool operator==(const Value&) const = default;
};

// What an option or a deal argument accepts.
struct Accepts {
    enum class Kind : uint8_t { Bool, Int, Choice, Subset, OneCard, CardList, Text, IntRows, DeckName };
    Kind kind = Kind::Bool;
    int64_t low = 0, high = 0;     // Int: the range
    bool none_ok = false;          // Int, Card, CardList: None is accepted too
    std::vector<Value> choices;    // Choice: the values (None among them where accepted); Subset: the names

    static Accepts boolean() { return {}; }
    static Accepts integer(int64_t lo, int64_t hi, bool none = false) { return {Kind::Int, lo, hi, none, {}}; }
    static Accepts choice(std::vector<Value> values) { return {Kind::Choice, 0, 0, false, std::move(values)}; }
    static Accepts subset(const std::vector<std::string>& names) {
        Accepts a{Kind::Subset, 0, 0, false, {}};
        for (const auto& n : names) a.choices.push_back(Value::of_text(n));
        return a;
    }
    static Accepts card(bool none = true) { return {Kind::OneCard, 0, 0, none, {}}; }
    static Accepts card_list(bool none = true) { return {Kind::CardList, 0, 0, none, {}}; }
    // Any text (the function that takes it says what it means); rows of `width` ints (Value::list of Ints).
    static Accepts text() { return {Kind::Text, 0, 0, false, {}}; }
    static Accepts int_rows(int width) { return {Kind::IntRows, width, width, false, {}}; }
    // A deck: its name (Python: or a Deck), held as the name.
    static Accepts deck_name() { return {Kind::DeckName, 0, 0, false, {}}; }
};

// The value as Python's repr() would print it (True, None, 21, 'ramsch', ('Muck', 'Wenz')).
std::string value_repr(const Value& v, Alphabet alphabet = Alphabet::German);
// What is accepted, in words: "True or False", "an int in 1..30000", "one of 3, 4, 5, 6", ...
std::string describe(const Accepts& a);
// The value if accepted (a subset in the order of its names), else throws
// std::invalid_argument "<what> must be <describe>, got <repr>".
Value accepted_value(const Accepts& a, const Value& v, const std::string& what);

// One option of a game's Rules. `set` receives an accepted value; options are set in the order
// of the game's list, so an option may depend on those before it.
template <class Rules>
struct OptionSpec {
    const char* name;
    const char* ruling;   // the ruling id the option comes from (docs/rules/)
    const char* doc;
    Accepts accepts;
    Value (*get)(const Rules&);
    void (*set)(Rules&, const Value&);
};

// One extra argument of a game's deal or random playouts (besides seed, dealer and hands).
struct ParamSpec {
    const char* name;
    const char* doc;
    Accepts accepts;
    Value fallback;   // the value when the argument is not given
};

// What a game offers beyond its rules (docs/adding-a-game.md, "Extras"), bound by the bindings
// without naming the game:
// - a contract factory: Python's Contract.<name>(...), the card order of one of the game's contracts;
// - a function: a static method of the game's class, stich.<Game>.<name>(...) (a tournament's
//   ranking list, ...).
// The arguments are checked against `params` in order (positional or by name; one whose fallback
// is None and that does not accept None must be given); `make` and `call` get the accepted values
// in that order and throw std::invalid_argument for what the params cannot say.
struct NamedContract {
    const Contract* contract;
    std::string name;   // as Python prints it: "<Game> H ..."
};

struct ContractFactory {
    const char* name;
    const char* doc;
    std::vector<ParamSpec> params;
    NamedContract (*make)(const std::vector<Value>& args);
};

struct FunctionSpec {
    const char* name;
    const char* doc;
    std::vector<ParamSpec> params;
    Value (*call)(const std::vector<Value>& args);
};

// A position of the bench (`stich bench`): a deal of the game with these options, from this
// seed (dealer: seed % players), after these moves ("*": a seeded random legal action).
struct BenchSpec {
    const char* name;
    std::vector<std::pair<std::string, Value>> options;
    uint64_t seed;
    std::vector<std::string> moves;
};

// A solver row of the bench: `deals` seeded deals of the game with these options, each solved
// open-handed at its first card (counts sized to take a tenth to a third of a second).
struct SolveBenchSpec {
    const char* name;
    std::vector<std::pair<std::string, Value>> options;
    int deals;
};

// A field a state or a match shows: a property, a method without arguments, or a method of a seat.
// `type` is the Python type of its value as a type annotation ("int | None", "list[Card]",
// "tuple[CardSet, CardSet] | None"; names of stich._core and builtins only): the generated stubs
// (tools/stubs.py) declare it and tests/common/test_types.py checks it against the values of many deals.
template <class T>
struct FieldSpec {
    enum class Kind : uint8_t { Property, Method, SeatMethod };
    const char* name;
    const char* type;
    const char* doc;
    Kind kind;
    Value (*get)(const T&, int seat);   // seat: for SeatMethod, checked against the players
};

template <class T>
FieldSpec<T> property(const char* name, const char* type, const char* doc, Value (*get)(const T&, int)) {
    return {name, type, doc, FieldSpec<T>::Kind::Property, get};
}

// The tables every game's description (a *Def struct, docs/adding-a-game.md) defines in its
// source file, declared once here: a view's locations after the seats, the option schema, the
// extra arguments of deal() and random_playouts(), the fields of states and matches, the bench
// (search positions and solver rows), the factories of its contracts, the names of its deal's
// locations after the seats and the deal as dealt of a state at any point (InitialDeal,
// stich/deal.hpp: from it and the history the state is replayed, stich/serial.hpp). A game may also define
// `static const std::vector<FunctionSpec>& functions();` (its extra functions).
#define STICH_DESCRIPTION_TABLES                                          \
    static const std::vector<ContractFactory>& contract_factories();      \
    static const std::vector<std::string>& deal_locations();              \
    static InitialDeal initial_deal(const State& s);                      \
    static const std::vector<std::string>& extra_locations();             \
    static const std::vector<OptionSpec<Rules>>& options();               \
    static const std::vector<ParamSpec>& deal_params();                   \
    static const std::vector<ParamSpec>& playout_params();                \
    static const std::vector<FieldSpec<State>>& state_fields();           \
    static const std::vector<FieldSpec<Match>>& match_fields();           \
    static const std::vector<BenchSpec>& bench_positions();               \
    static const std::vector<SolveBenchSpec>& solve_bench();

// The Rules made from named option values: every option not given takes its default; an unknown
// name, a value not accepted, or (through Rules::validate) a combination that cannot be played
// throws std::invalid_argument naming the option and what it accepts.
template <class Rules>
Rules make_rules(const char* game, const std::vector<OptionSpec<Rules>>& specs,
                 const std::vector<std::pair<std::string, Value>>& given) {
    std::vector<std::string> unknown_names;
    for (const auto& [name, value] : given) {
        bool known = false;
        for (const auto& s : specs) known = known || name == s.name;
        if (!known) unknown_names.push_back(name);
    }
    std::sort(unknown_names.begin(), unknown_names.end());
    std::string unknown;
    for (const auto& n : unknown_names) unknown += (unknown.empty() ? "" : ", ") + n;
    if (!unknown.empty()) {
        const Rules defaults{};
        std::string valid;
        for (const auto& s : specs) valid += (valid.empty() ? "" : ", ") + std::string(s.name) + " (default " + value_repr(s.get(defaults)) + ")";
        throw std::invalid_argument("unknown option(s) for " + std::string(game) + ": " + unknown + "; valid options: " +
                                    (valid.empty() ? "none" : valid));
    }
    Rules r{};
    const Rules defaults{};
    for (const auto& s : specs) {
        Value v = s.get(defaults);
        for (const auto& [name, value] : given)
            if (name == s.name) v = value;
        s.set(r, accepted_value(s.accepts, v, "option " + std::string(s.name) + " of " + game));
    }
    if constexpr (requires { r.resolve(); }) r.resolve();   // defaults that depend on other options
    if constexpr (requires { r.validate(); }) r.validate();
    return r;
}

// The options of a Rules as (name, value) pairs, in the game's order.
template <class Rules>
std::vector<std::pair<std::string, Value>> option_values(const std::vector<OptionSpec<Rules>>& specs, const Rules& r) {
    std::vector<std::pair<std::string, Value>> out;
    for (const auto& s : specs) out.emplace_back(s.name, s.get(r));
    return out;
}

// The extra arguments of a deal or playouts, in the order of `specs`: those given, else each
// fallback; unknown names and values not accepted throw std::invalid_argument naming `what` and
// all its arguments (`base_args`, the ones every game has, and the extras).
std::vector<Value> param_values(const char* what, const char* base_args, const std::vector<ParamSpec>& specs,
                                const std::vector<std::pair<std::string, Value>>& given);

}  // namespace stich
