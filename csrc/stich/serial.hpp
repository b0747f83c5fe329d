// One serial form for every game's rules, states and matches (pickling, copies across processes),
// after OpenSpiel's SerializeGameAndState: rules are their options by name and value through the
// option schema; a state is its rules, its dealer, the cards as dealt (Def::initial_deal) and the
// history, rebuilt by dealing those cards and replaying every action through the checked apply; a
// match is its rules, seed and first dealer and the forms of the deals it recorded, rebuilt by
// recording each loaded deal again. So a load is either a state (or match) that legal play
// reaches, or std::invalid_argument naming what is wrong ("corrupt pickled stich object: ...").
//
// Layout: the magic 'S', the format VERSION, the kind ('R' rules, 'S' state, 'M' match), the game's
// name; then the body. Integers are little-endian at a fixed width, texts a length byte and printable ASCII.
//   rules: option count (1), then per option its name and value (below)
//   state: rules; dealer (1); deal seed (8: the chance stream a replay needs after the deal,
//          Def::deal_seed, where a game has one; 0 elsewhere); location count (1), per location a card count (1) and the
//          card ids (1 each) in deal order; deal-argument count (1), per argument its name and
//          value; action count (2) and the action ids (2 each)
//   match: rules; seed (8); first dealer (1); deal count (4), per deal its state form's length (4)
//          and the form
//   value: its kind (1), then Bool (1), Int (8, two's complement), Text (text), Texts (count 1 +
//          texts), OneCard (1), Cards (8), CardList and Ints (count 2 + 8 each), List and Tuple
//          (count 2 + values, nested at most 4 deep)
#pragma once
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "stich/deal.hpp"
#include "stich/game.hpp"
#include "stich/notation.hpp"
#include "stich/sampler.hpp"
#include "stich/schema.hpp"

namespace stich::serial {

constexpr char MAGIC = 'S';
constexpr uint8_t VERSION = 2;   // bump when the layout above changes
constexpr char RULES = 'R', STATE = 'S', MATCH = 'M';

// What a damaged form raises.
struct Corrupt : std::invalid_argument {
    using std::invalid_argument::invalid_argument;
};
constexpr std::string_view CORRUPT = "corrupt pickled stich object: ";
[[noreturn]] inline void bad(const std::string& what) { throw Corrupt(std::string(CORRUPT) + what); }

struct Writer {
    std::string out;
    void put(uint64_t v, int bytes) {
        for (int i = 0; i < bytes; ++i) out.push_back(char(uint8_t(v >> (8 * i))));
    }
    void text(std::string_view t) {
        put(t.size(), 1);
        out.append(t.substr(0, 255));
    }
    void value(const Value& v) {
        using K = Value::Kind;
        put(uint64_t(v.kind), 1);
        switch (v.kind) {
            case K::None: break;
            case K::Bool:
            case K::OneCard: put(uint64_t(v.i), 1); break;
            case K::Int: put(uint64_t(v.i), 8); break;
            case K::Text: text(v.text); break;
            case K::Texts:
                put(v.texts.size(), 1);
                for (const auto& t : v.texts) text(t);
                break;
            case K::Cards: put(v.cards, 8); break;
            case K::CardList:
            case K::Ints:
                put(v.ints.size(), 2);
                for (int64_t x : v.ints) put(uint64_t(x), 8);
                break;
            case K::List:
            case K::Tuple:
                put(v.items.size(), 2);
                for (const Value& x : v.items) value(x);
                break;
        }
    }
    void header(char kind, const char* game) {
        out += MAGIC;
        out += char(VERSION);
        out += kind;
        text(game);
    }
};

struct Reader {
    std::string_view in;
    size_t pos = 0;
    uint64_t get(int bytes) {
        if (in.size() - pos < size_t(bytes)) bad("the data ends early");
        uint64_t v = 0;
        for (int i = 0; i < bytes; ++i) v |= uint64_t(uint8_t(in[pos + size_t(i)])) << (8 * i);
        pos += size_t(bytes);
        return v;
    }
    std::string_view bytes(size_t n) {
        if (in.size() - pos < n) bad("the data ends early");
        const std::string_view s = in.substr(pos, n);
        pos += n;
        return s;
    }
    // Names and texts are printable ASCII (so that a message quoting one is valid UTF-8).
    std::string text() {
        const std::string_view t = bytes(size_t(get(1)));
        for (char c : t)
            if (c < 0x20 || c > 0x7e) bad("a name or text that is not printable ASCII");
        return std::string(t);
    }
    Value value(int depth = 0) {
        using K = Value::Kind;
        const uint64_t kind = get(1);
        if (kind > uint64_t(K::Tuple)) bad("a value of unknown kind " + std::to_string(kind));
        Value v;
        v.kind = K(kind);
        switch (v.kind) {
            case K::None: break;
            case K::Bool:
                v.i = int64_t(get(1));
                if (v.i > 1) bad("a flag is neither 0 nor 1");
                break;
            case K::OneCard: v.i = int64_t(get(1)); break;
            case K::Int: v.i = int64_t(get(8)); break;
            case K::Text: v.text = text(); break;
            case K::Texts:
                for (uint64_t n = get(1); n > 0; --n) v.texts.push_back(text());
                break;
            case K::Cards: v.cards = get(8); break;
            case K::CardList:
            case K::Ints:
                for (uint64_t n = get(2); n > 0; --n) v.ints.push_back(int64_t(get(8)));
                break;
            case K::List:
            case K::Tuple:
                if (depth >= 4) bad("values nested too deep");
                for (uint64_t n = get(2); n > 0; --n) v.items.push_back(value(depth + 1));
                break;
        }
        return v;
    }
    // The header of a form of `kind` of the game `game`.
    void header(char kind, const char* game) {
        static constexpr const char* KINDS = "RSM";
        if (get(1) != uint8_t(MAGIC)) bad("not a serialized stich object");
        if (const uint64_t version = get(1); version != VERSION)
            bad("format version " + std::to_string(version) + "; this stich reads version " + std::to_string(VERSION));
        const char k = char(get(1));
        auto name = [](char c) { return std::string(c == RULES ? "rules" : c == STATE ? "a state" : c == MATCH ? "a match" : "unknown"); };
        if (k != kind)
            bad(std::string("the form of ") + (std::string_view(KINDS).find(k) == std::string_view::npos ? "an unknown kind" : name(k)) +
                ", not of " + name(kind));
        if (const std::string g = text(); g != game) bad("a form of " + quoted(g) + ", not of " + game);
    }
    void end() const {
        if (pos != in.size()) bad("trailing data");
    }
};

// Named values, as written: a count, then each name and value.
inline void put_named(Writer& w, const std::vector<std::pair<std::string, Value>>& named) {
    w.put(named.size(), 1);
    for (const auto& [n, v] : named) w.text(n), w.value(v);
}
inline std::vector<std::pair<std::string, Value>> get_named(Reader& r) {
    std::vector<std::pair<std::string, Value>> out;
    for (uint64_t n = r.get(1); n > 0; --n) {
        std::string name = r.text();
        for (const auto& [seen, v] : out)
            if (seen == name) bad(quoted(name) + " given twice");
        Value v = r.value();
        out.emplace_back(std::move(name), std::move(v));
    }
    return out;
}

// Runs f, turning what the checked rules throw (std::invalid_argument, IllegalAction) into bad()
// prefixed by `where`.
template <class F>
auto checked(const std::string& where, F&& f) {
    try {
        return f();
    } catch (const std::logic_error& e) {   // std::invalid_argument, std::out_of_range (a dealer)
        std::string_view what = e.what();
        if (what.starts_with(CORRUPT)) what.remove_prefix(CORRUPT.size());
        bad(where + std::string(what));
    }
}

// A form of `kind` begun: the header and the rules (every form starts with them).
template <class Def>
Writer begin_form(char kind, const typename Def::Rules& r) {
    Writer w;
    w.header(kind, Def::NAME);
    put_named(w, option_values(Def::options(), r));
    return w;
}
template <class Def>
typename Def::Rules get_rules(Reader& r) {
    const auto named = get_named(r);
    return checked("", [&] { return make_rules<typename Def::Rules>(Def::NAME, Def::options(), named); });
}

// The state Def::deal makes with every card given (`fixed`: the seats, then the game's
// deal_locations(), each in deal order) and the deal's extra arguments; std::invalid_argument
// if the cards do not make a deal of the game (a card missing, twice, in another place).
template <class Def>
typename Def::State deal_exactly(const typename Def::Rules& r, uint64_t seed, int64_t given_dealer, const FixedHands& fixed,
                                 const std::vector<Value>& extras) {
    const int players = Def::num_players(r);
    const int dealer = checked_dealer(given_dealer, players);
    for (const auto& place : fixed)
        for (Card c : place)
            if (c >= MAX_CARDS) throw std::invalid_argument("card id " + std::to_string(c) + " out of range");
    typename Def::State s = Def::deal(r, seed, dealer, fixed, extras);
    // Every card where it was given: a deal that moved one or filled a place is not that deal.
    const InitialDeal again = Def::initial_deal(s);
    for (size_t l = 0; l < size_t(players) + Def::deal_locations().size(); ++l) {
        CardSet want = 0, got = 0;
        for (Card c : fixed[l]) want |= bit(c);
        for (Card c : again.cards[l]) got |= bit(c);
        if (want != got)
            throw std::invalid_argument("the cards do not make a deal of this game: place " + std::to_string(l) +
                                        " holds other cards once dealt");
    }
    return s;
}

// The seed Def::deal needs to replay the state's chance events after the deal (0 where there are none).
template <class Def>
uint64_t deal_seed(const typename Def::State& s) {
    if constexpr (requires { Def::deal_seed(s); }) return Def::deal_seed(s);
    else return 0;
}

template <class Def>
typename Def::State load_state(Reader& in) {
    using State = typename Def::State;
    const auto rules = get_rules<Def>(in);
    const int dealer = int(in.get(1));
    const uint64_t seed = in.get(8);
    const size_t places = size_t(Def::num_players(rules)) + Def::deal_locations().size();
    if (const uint64_t n = in.get(1); n != places)
        bad("a deal of " + std::to_string(n) + " places; this game deals to " + std::to_string(places));
    FixedHands fixed{};
    for (size_t l = 0; l < places; ++l)
        for (uint64_t n = in.get(1); n > 0; --n) fixed[l].push_back(Card(in.get(1)));
    const auto named = get_named(in);
    const auto extras = checked("", [&] { return param_values("the deal", "seed, dealer, cards", Def::deal_params(), named); });
    State s = checked("", [&] { return deal_exactly<Def>(rules, seed, dealer, fixed, extras); });
    for (uint64_t i = 0, n = in.get(2); i < n; ++i) {
        const Action a = Action(in.get(2));
        checked("action " + std::to_string(i) + " (id " + std::to_string(a) + "): ", [&] {
            apply_checked(s, a);
            return 0;
        });
    }
    return s;
}

template <class Def>
std::string dump_state_unchecked(const typename Def::State& s) {
    Writer w = begin_form<Def>(STATE, s.rules);
    w.put(s.dealer, 1);
    w.put(deal_seed<Def>(s), 8);
    const InitialDeal d = Def::initial_deal(s);
    const size_t places = size_t(s.num_players()) + Def::deal_locations().size();
    w.put(places, 1);
    for (size_t l = 0; l < places; ++l) {
        w.put(d.cards[l].size(), 1);
        for (Card c : d.cards[l]) w.put(c, 1);
    }
    std::vector<std::pair<std::string, Value>> named;
    for (size_t i = 0; i < Def::deal_params().size() && i < d.extras.size(); ++i)
        named.emplace_back(Def::deal_params()[i].name, d.extras[i]);
    put_named(w, named);
    w.put(s.history.size, 2);
    for (int i = 0; i < int(s.history.size); ++i) w.put(s.history.actions[size_t(i)], 2);
    return w.out;
}

// ------------------------------------------------------------------------------ the entry points

template <class Def>
std::string dump(const typename Def::Rules& r) {
    return begin_form<Def>(RULES, r).out;
}

// body(reader) of a whole form of `kind` of the game.
template <class Def, class Body>
auto read_form(std::string_view bytes, char kind, Body body) {
    Reader in{bytes};
    in.header(kind, Def::NAME);
    auto x = body(in);
    in.end();
    return x;
}

template <class Def>
typename Def::Rules load_rules(std::string_view bytes) {
    return read_form<Def>(bytes, RULES, [](Reader& in) { return get_rules<Def>(in); });
}

template <class Def>
typename Def::State load_state(std::string_view bytes) {
    return read_form<Def>(bytes, STATE, [](Reader& in) { return load_state<Def>(in); });
}

// The form of a state that play reaches from its deal; std::invalid_argument for one it does not
// (a sampled world of resample() or with_world(), whose hidden cards need not fit the history):
// the form is checked by loading it back.
template <class Def>
std::string dump(const typename Def::State& s) {
    std::string form = dump_state_unchecked<Def>(s);
    bool same = false;
    try {
        same = load_state<Def>(form) == s;
    } catch (const std::invalid_argument&) {}
    if (!same)
        throw std::invalid_argument("this " + std::string(Def::NAME) +
                                    " state is not one play reaches from its deal (a sampled world of resample() or with_world()); "
                                    "only such states serialize: copy it with copy.copy, or pickle the state it was sampled from");
    return form;
}

// The state a view of `seat` pickles as (the InfoSet's serial form): one made from what the seat
// knows alone, so that the states with the same view of `seat` give the same one, and its view is
// that view. Before the end of the deal, the state the seat's position text rebuilds (hidden
// cards drawn from seed 0, stich/notation.hpp). A finished deal has no position text, nor a deal
// whose text leaves out a fact of the view: there, the state with every card the seat cannot see
// dealt anew from seed 0 and its hidden history fitted to them (stich/sampler.hpp, resampled).
template <class Def>
typename Def::State view_state(const typename Def::State& s, int seat) {
    if constexpr (HasNotation<Def>) {
        if (!s.is_terminal()) {
            try {
                typename Def::State read = read_position_text<Def>(position_text<Def>(s, seat), 0).state;
                if (same_facts(read.view(seat), s.view(seat))) return read;
            } catch (const std::invalid_argument&) {   // a history the notation cannot replay: resampled below
            }
        }
    }
    return resampled(s, seat, 0);
}

// A new match; its first dealer is kept for the replay.
template <class Def>
typename Def::Match new_match(const typename Def::Rules& r, uint64_t seed, int64_t first_dealer) {
    const int dealer = checked_dealer(first_dealer, Def::num_players(r));
    auto m = Def::match(r, seed, dealer);
    m.recorded.first_dealer = dealer;
    return m;
}

// Books a finished deal in the match and keeps its form (std::invalid_argument if the match
// does not take it, or it is a state play does not reach).
template <class Def>
void record(typename Def::Match& m, const typename Def::State& finished) {
    std::string form = dump<Def>(finished);
    m.record(finished);
    m.recorded.forms.push_back(std::move(form));
}

template <class Def>
std::string dump(const typename Def::Match& m) {
    Writer w = begin_form<Def>(MATCH, m.rules);
    w.put(m.seed, 8);
    w.put(uint64_t(m.recorded.first_dealer), 1);
    w.put(m.recorded.forms.size(), 4);
    for (const std::string& f : m.recorded.forms) {
        w.put(f.size(), 4);
        w.out += f;
    }
    return w.out;
}

template <class Def>
typename Def::Match load_match(std::string_view bytes) {
    return read_form<Def>(bytes, MATCH, [](Reader& in) {
        const auto rules = get_rules<Def>(in);
        const uint64_t seed = in.get(8);
        const int dealer = int(in.get(1));
        if (dealer >= Def::num_players(rules)) bad("the first dealer " + std::to_string(dealer) + " is not a seat");
        auto m = new_match<Def>(rules, seed, dealer);
        for (uint64_t i = 0, n = in.get(4); i < n; ++i) {
            const std::string_view form = in.bytes(size_t(in.get(4)));
            const std::string where = "deal " + std::to_string(i) + ": ";
            const auto s = checked(where, [&] { return load_state<Def>(form); });
            checked(where, [&] {
                record<Def>(m, s);
                return 0;
            });
        }
        return m;
    });
}

}   // namespace stich::serial
