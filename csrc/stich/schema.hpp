// A game's description of itself, read by the bindings and the Python layer so that nothing
// outside a game's own files needs to know it (docs/adding-a-game.md): its options (declared once,
// in one table per game: below, "Options declared once"), the extra arguments of its deal and of
// its random playouts, and the fields its states and matches show.
//
// None of this is on a hot path: the values are small trees that may allocate.
#pragma once
#include <algorithm>
#include <array>
#include <concepts>
#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <tuple>
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
    // clang-format off: a table of one-line factories
    static Value of_bool(bool b) { Value v; v.kind = Kind::Bool; v.i = b; return v; }
    static Value of_int(int64_t x) { Value v; v.kind = Kind::Int; v.i = x; return v; }
    static Value of_text(std::string t) { Value v; v.kind = Kind::Text; v.text = std::move(t); return v; }
    static Value of_texts(std::vector<std::string> t) { Value v; v.kind = Kind::Texts; v.texts = std::move(t); return v; }
    static Value of_card(Card c) { Value v; v.kind = Kind::OneCard; v.i = c; return v; }
    static Value of_cards(CardSet s) { Value v; v.kind = Kind::Cards; v.cards = s; return v; }
    // clang-format on
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
    int64_t low = 0, high = 0;    // Int: the range
    bool none_ok = false;         // Int, Card, CardList: None is accepted too
    std::vector<Value> choices;   // Choice: the values (None among them where accepted); Subset: the names

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
// Throws std::invalid_argument "<what> must be <describe>, got <got>".
[[noreturn]] void refuse(const Accepts& a, const std::string& what, const std::string& got);
// What a refusal names an option by: "option <name> of <game>".
std::string option_what(std::string_view name, std::string_view game);

// A loosely typed value (a Python object, a value of a JSON record) as the value `a` accepts: its
// kind read as `a` expects it, then accepted_value (std::invalid_argument "<what> must be
// <describe>, got <the loose value's repr>"). One reading for every source: the bindings'
// conversion of Python arguments and the records' JSON Lines (stich/records.hpp). A source has:
// is_none, is_bool, boolean, is_int, integer (none: beyond int64), is_text, text, is_list (a list
// or tuple), is_sequence (any iterable but a text), items, card(deck), card_list(deck),
// deck_name (none: not a deck), repr.
template <class Loose>
Value value_from(const Loose& x, const Accepts& a, const Deck& deck, const std::string& what) {
    using K = Accepts::Kind;
    auto refuse_it = [&]() -> Value { throw std::invalid_argument(what + " must be " + describe(a) + ", got " + x.repr()); };
    auto integer = [&](const Loose& y) -> int64_t {
        const std::optional<int64_t> n = y.is_int() ? y.integer() : std::nullopt;
        if (!n) refuse_it();   // not an int, or out of every range
        return *n;
    };
    auto texts = [&]() -> Value {
        if (!x.is_list()) return refuse_it();
        std::vector<std::string> names;
        for (const Loose& item : x.items()) {
            if (!item.is_text()) return refuse_it();
            names.push_back(item.text());
        }
        return Value::of_texts(std::move(names));
    };
    Value v;
    if (!x.is_none()) {
        switch (a.kind) {
            case K::Bool:
                if (!x.is_bool()) return refuse_it();
                v = Value::of_bool(x.boolean());
                break;
            case K::Int: v = Value::of_int(integer(x)); break;
            case K::Choice:
                if (x.is_bool()) v = Value::of_bool(x.boolean());
                else if (x.is_int()) v = Value::of_int(integer(x));
                else if (x.is_text()) v = Value::of_text(x.text());
                else v = texts();
                break;
            case K::Subset: v = texts(); break;
            case K::OneCard: v = Value::of_card(x.card(deck)); break;
            case K::CardList: {
                const std::vector<Card> cards = x.card_list(deck);
                v = Value::of_card_list(cards.data(), cards.data() + cards.size());
                break;
            }
            case K::Text:
                if (!x.is_text()) return refuse_it();
                v = Value::of_text(x.text());
                break;
            case K::DeckName: {
                const std::optional<std::string> name = x.deck_name();
                if (!name) return refuse_it();
                v = Value::of_text(*name);
                break;
            }
            case K::IntRows: {
                if (!x.is_sequence()) return refuse_it();
                std::vector<Value> rows;
                for (const Loose& row : x.items()) {
                    if (!row.is_sequence()) return refuse_it();
                    Value r;
                    r.kind = Value::Kind::Ints;
                    for (const Loose& n : row.items()) r.ints.push_back(integer(n));
                    rows.push_back(std::move(r));
                }
                v = Value::list(std::move(rows));
                break;
            }
        }
    }
    try {
        return accepted_value(a, v, what);
    } catch (const std::invalid_argument&) {
        return refuse_it();   // in the source's words (a list stays a list)
    }
}

// ------------------------------------------------------------------ options declared once
// A game declares its options in one table, an X-macro with one row per option
// (docs/adding-a-game.md, "Options"):
//
//     #define STICH_<GAME>_OPTIONS(X)  X(member, type, default, "name", accepts, "ruling", "doc") ...
//
// `member`, `type` and `default` make the Rules member (STICH_OPTION_MEMBERS); "name" is the
// option's name in Python and in the notation; `accepts` (a codec of stich::opt) says which values
// the option takes and how they are held in the member; "ruling" is the ruling id (docs/rules/)
// and "doc" the meaning. From the rows (STICH_OPTION_ROWS) come the option schema (option_specs:
// Python's stich.<Game>.OPTIONS and constructor, the stubs, the rules pages' option tables through
// tools/options_doc.py, the notation's game line, option_values) and the check of a Rules however
// it was made (check_options, in Rules::validate). Consecutive rows of one name are one option: a
// subset of names (opt::in_set), one bool member per name; its later rows leave ruling and doc "".
//
// A codec has accepts() (an Accepts: what the option takes), holds(m) (the member's value is one
// the option can have: no allocation, deals check it), get(m, rules) (the option's value),
// set(m, value) (from an accepted value) and optionally shown(m) (the member's value as a refusal
// names it; else its number).
namespace opt {

// A bool member: True or False.
struct Flag {
    Accepts accepts() const { return Accepts::boolean(); }
    constexpr bool holds(bool) const { return true; }
    Value get(bool m, const auto&) const { return Value::of_bool(m); }
    void set(bool& m, const Value& v) const { m = v.i != 0; }
};
constexpr Flag flag() { return {}; }

// An int member in low..high. or_none(n): the member's value n stands for None (accepted too);
// listed(): the accepted ints are described one by one ("one of 3, 4, 5, 6").
struct Range {
    int64_t low = 0, high = 0;
    bool none_ok = false, as_list = false;
    int64_t none = 0;
    constexpr Range or_none(int64_t n) const { return {low, high, true, as_list, n}; }
    constexpr Range listed() const { return {low, high, none_ok, true, none}; }
    Accepts accepts() const;
    constexpr bool holds(std::integral auto m) const { return (none_ok && m == none) || (m >= low && m <= high); }
    Value get(std::integral auto m, const auto&) const { return none_ok && m == none ? Value::none() : Value::of_int(m); }
    template <std::integral M>
    void set(M& m, const Value& v) const {
        m = v.is_none() ? M(none) : M(v.i);
    }
};
constexpr Range range(int64_t low, int64_t high) { return {low, high}; }

// An int member that is one of the listed values.
template <size_t N>
struct OneOf {
    std::array<int64_t, N> values;
    Accepts accepts() const {
        std::vector<Value> choices;
        for (int64_t x : values) choices.push_back(Value::of_int(x));
        return Accepts::choice(std::move(choices));
    }
    constexpr bool holds(std::integral auto m) const { return std::find(values.begin(), values.end(), int64_t(m)) != values.end(); }
    Value get(std::integral auto m, const auto&) const { return Value::of_int(m); }
    template <std::integral M>
    void set(M& m, const Value& v) const {
        m = M(v.i);
    }
};
template <std::same_as<int>... I>
constexpr OneOf<sizeof...(I)> one_of(I... values) {
    return {{int64_t(values)...}};
}

// An enum member whose codes 0, 1, ... are the names, in order.
struct Names {
    std::span<const char* const> names;
    Accepts accepts() const;
    template <class E>
    constexpr bool holds(E m) const {
        return size_t(m) < names.size();
    }
    template <class E>
    Value get(E m, const auto&) const {
        return Value::of_text(names[size_t(m)]);
    }
    template <class E>
    void set(E& m, const Value& v) const {
        m = E(std::find(names.begin(), names.end(), std::string_view(v.text)) - names.begin());
    }
};
constexpr Names names(std::span<const char* const> n) { return {n}; }

// A bool member whose option is one of two tuples of names: `on` for true, `off` for false.
struct Either {
    std::span<const char* const> on, off;
    Accepts accepts() const { return Accepts::choice({texts(on), texts(off)}); }
    constexpr bool holds(bool) const { return true; }
    Value get(bool m, const auto&) const { return texts(m ? on : off); }
    void set(bool& m, const Value& v) const { m = v == texts(on); }
    static Value texts(std::span<const char* const> names) { return Value::of_texts({names.begin(), names.end()}); }
};
constexpr Either either(std::span<const char* const> on, std::span<const char* const> off) { return {on, off}; }

// A bool member that is one name of a subset option (the rows of one name): the option is the
// tuple of the names whose members are true, in the rows' order.
struct InSet {
    const char* name;
    Accepts accepts() const { return Accepts::subset({name}); }
    constexpr bool holds(bool) const { return true; }
};
constexpr InSet in_set(const char* name) { return {name}; }

}   // namespace opt

// One row of a table: `member` is a generic accessor (rules -> its member), so that the rows
// need not name the Rules type.
template <class Member, class Codec>
struct OptionRow {
    Member member;
    const char* name;
    Codec accepts;
    const char* ruling;
    const char* doc;
};
// Spelled out for compilers without aggregate CTAD (clang before 17: emscripten 3.1.x, tools/wasm.sh).
template <class Member, class Codec>
OptionRow(Member, const char*, Codec, const char*, const char*) -> OptionRow<Member, Codec>;

// The Rules members of a table, each with its default; the table's rows as a tuple.
#define STICH_OPTION_MEMBER(member, type, fallback, name, accepts, ruling, doc) type member = fallback;
#define STICH_OPTION_MEMBERS(TABLE) TABLE(STICH_OPTION_MEMBER)
#define STICH_OPTION_ROW(member, type, fallback, name, accepts, ruling, doc) \
    ::stich::OptionRow{[](auto& r) -> auto& { return r.member; }, name, accepts, ruling, doc},
#define STICH_OPTION_ROWS(TABLE) \
    std::tuple { TABLE(STICH_OPTION_ROW) }

// One option of a game's Rules, as the bindings, the notation and make_rules read it (made from
// the game's option table by option_specs). `set` receives an accepted value.
template <class Rules>
struct OptionSpec {
    const char* name;
    const char* ruling;   // the ruling id the option comes from (docs/rules/)
    const char* doc;
    Accepts accepts;
    std::function<Value(const Rules&)> get;
    std::function<void(Rules&, const Value&)> set;
};

// The schema of a table's rows (STICH_OPTION_ROWS), in their order.
template <class Rules, class Rows>
std::vector<OptionSpec<Rules>> option_specs(const Rows& rows) {
    std::vector<OptionSpec<Rules>> specs;
    auto add = [&specs]<class Row>(const Row& row) {
        if constexpr (std::same_as<std::remove_cvref_t<decltype(row.accepts)>, opt::InSet>) {
            const bool more = !specs.empty() && specs.back().name == std::string_view(row.name);
            if (!more)
                specs.push_back({row.name, row.ruling, row.doc, Accepts::subset({}), [](const Rules&) { return Value::of_texts({}); },
                                 [](Rules&, const Value&) {}});
            auto& spec = specs.back();
            spec.accepts.choices.push_back(Value::of_text(row.accepts.name));
            spec.get = [get = spec.get, row](const Rules& r) {
                Value v = get(r);
                if (row.member(r)) v.texts.emplace_back(row.accepts.name);
                return v;
            };
            spec.set = [set = spec.set, row](Rules& r, const Value& v) {
                set(r, v);
                row.member(r) = std::find(v.texts.begin(), v.texts.end(), row.accepts.name) != v.texts.end();
            };
        } else {
            specs.push_back({row.name, row.ruling, row.doc, row.accepts.accepts(),
                             [row](const Rules& r) { return row.accepts.get(row.member(r), r); },
                             [row](Rules& r, const Value& v) { row.accepts.set(row.member(r), v); }});
        }
    };
    std::apply([&](const auto&... row) { (add(row), ...); }, rows);
    for (size_t i = 0; i < specs.size(); ++i)
        for (size_t j = 0; j < i; ++j)
            if (std::string_view(specs[i].name) == specs[j].name)
                throw std::logic_error(std::string("two options named ") + specs[i].name + " (the rows of a subset are consecutive)");
    return specs;
}

// Throws std::invalid_argument "option <name> of <game> must be <accepted>, got <value>" for the
// first member of `r` that its row's codec does not hold; allocates nothing when all do.
// The refusal, out of line and cold: deals check their rules, and a playout loop that deals
// ([[gnu::flatten]]) would otherwise inline the message's string code into its hot body.
template <class Row, class Member>
[[gnu::noinline, gnu::cold]] void refuse_option(const char* game, const Row& row, const Member& m) {
    std::string got;
    if constexpr (requires { row.accepts.shown(m); }) got = row.accepts.shown(m);
    else got = std::to_string(int64_t(m));
    refuse(row.accepts.accepts(), option_what(row.name, game), got);
}

template <class Rules, class Rows>
void check_options(const char* game, const Rows& rows, const Rules& r) {
    auto check = [&](const auto& row) {
        const auto& m = row.member(r);
        if (!row.accepts.holds(m)) [[unlikely]]
            refuse_option(game, row, m);
    };
    std::apply([&](const auto&... row) { (check(row), ...); }, rows);
}

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
#define STICH_DESCRIPTION_TABLES                                     \
    static const std::vector<ContractFactory>& contract_factories(); \
    static const std::vector<std::string>& deal_locations();         \
    static InitialDeal initial_deal(const State& s);                 \
    static const std::vector<std::string>& extra_locations();        \
    static const std::vector<OptionSpec<Rules>>& options();          \
    static const std::vector<ParamSpec>& deal_params();              \
    static const std::vector<ParamSpec>& playout_params();           \
    static const std::vector<FieldSpec<State>>& state_fields();      \
    static const std::vector<FieldSpec<Match>>& match_fields();      \
    static const std::vector<BenchSpec>& bench_positions();          \
    static const std::vector<SolveBenchSpec>& solve_bench();

// The Rules made from named option values: every option not given takes its default; an unknown
// name, a value not accepted, or (through Rules::validate) a combination that cannot be played
// throws std::invalid_argument naming the option and what it accepts.
template <class Rules>
Rules make_rules(const char* game, const std::vector<OptionSpec<Rules>>& specs, const std::vector<std::pair<std::string, Value>>& given) {
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
        for (const auto& s : specs)
            valid += (valid.empty() ? "" : ", ") + std::string(s.name) + " (default " + value_repr(s.get(defaults)) + ")";
        throw std::invalid_argument("unknown option(s) for " + std::string(game) + ": " + unknown +
                                    "; valid options: " + (valid.empty() ? "none" : valid));
    }
    Rules r{};
    const Rules defaults{};
    for (const auto& s : specs) {
        Value v = s.get(defaults);
        for (const auto& [name, value] : given)
            if (name == s.name) v = value;
        s.set(r, accepted_value(s.accepts, v, option_what(s.name, game)));
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

// The extra arguments of a game's deal() and of its random_playouts() at their defaults, worked
// out once per game (a function-local static: thread-safe) rather than per call: a loop of deals
// would otherwise build their vectors and strings each deal.
template <class Def>
const std::vector<Value>& default_deal_extras() {
    static const std::vector<Value> extras = param_values("deal()", "seed, dealer, hands", Def::deal_params(), {});
    return extras;
}
template <class Def>
const std::vector<Value>& default_playout_extras() {
    static const std::vector<Value> extras = param_values("random_playouts()", "n, seed", Def::playout_params(), {});
    return extras;
}

}   // namespace stich
