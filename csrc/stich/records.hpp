// Game records (docs/records.md): a played deal as the game and its options, the dealer, the cards
// as dealt, the actions, and optionally the seed, the seats' names and free tags; read and written
// in C++ beside the position notation (stich/notation.hpp), whose grammar they share: the game
// line, cards, values and history entries read the same in both (docs/notation.md, "The grammar").
//
// Two forms:
// - text: tag pairs as PBN has them, then the actions in the history's form, several records a
//   text separated by blank lines, '#' starting a comment:
//       [Game "<Game> players=6"]        the notation's game line
//       [Dealer "0"]
//       [Seed "15970126346341786989"]    optional
//       [Deal "seat0: E9 EZ; ...; talon: -"]   every place of the deal, its cards in deal order
//       [DealArgs "pot: 13; side_pot: 4"]      optional: the deal's extra arguments (notation values)
//       [Names "ann; bob; cy; di"]       optional
//       [Event "club night"]             optional free tags
//       1 pass; 2 Wenz; 3 pass; ...      'SEAT TEXT' entries over as many lines as needed
// - JSON Lines: one object a line, {"game", "options" (every option), "dealer", "deal",
//   "actions": [[seat, text], ...], "deal_args", "seed", "names", "tags"} (the last four optional).
//
// read_records checks every record as the game would: the game line and options, the deal (every
// card once, where the game deals it) and every action in turn; a RecordError names the source,
// the record (1-based), its line and what is wrong. Hostile input is bounded (RECORD_MAX_*).
#pragma once
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "stich/game.hpp"
#include "stich/notation.hpp"
#include "stich/registry.hpp"
#include "stich/serial.hpp"

namespace stich {

// Limits against hostile input, each refused with a RecordError naming the record and line.
constexpr size_t RECORD_MAX_LINE = size_t(1) << 20;   // bytes of one line
constexpr size_t RECORD_MAX_RECORDS = 1'000'000;      // records of one text
constexpr size_t RECORD_MAX_ACTIONS = 100'000;        // actions of one record (more than any deal has: its replay says so first)
constexpr size_t RECORD_MAX_FIELDS = 256;             // tags, places, deal arguments or names of one record
constexpr int RECORD_MAX_DEPTH = 32;                  // nesting of a JSON line
constexpr size_t RECORD_MAX_DIGITS = 100;             // characters of a number in a JSON line

// One deal as played.
struct GameRecord {
    std::string game;      // the game's name (the registry's)
    std::string options;   // the options that differ from the defaults, as the game line writes them ("players=6 target=31")
    int dealer = 0;
    // The cards of the places of the deal (seat0.., then the game's deal_locations()), each in deal
    // order, as card texts; a place left out holds none.
    std::vector<std::pair<std::string, std::vector<std::string>>> deal;
    std::vector<std::pair<std::string, Value>> deal_args;    // the deal's extra arguments given (Def::deal_params())
    std::vector<std::pair<int, std::string>> actions;        // (seat, action text), in order
    std::optional<uint64_t> seed;                            // the seed the deal was dealt from
    std::optional<std::vector<std::string>> names;           // the seats' names
    std::vector<std::pair<std::string, std::string>> tags;   // free tags, in order
    bool operator==(const GameRecord&) const = default;
};

// A record that cannot be read: "<source>, record N (line L): <reason>".
struct RecordError : std::invalid_argument {
    RecordError(std::string source, size_t record, int line, std::string reason);
    std::string source;
    size_t record;   // 1-based
    int line;        // 1-based, in the whole text
    std::string reason;
};

// A record whose deal cannot be dealt (`action` none) or whose action `action` cannot be applied
// ("action k (SEAT TEXT): why").
struct RecordReplayError : std::invalid_argument {
    RecordReplayError(std::optional<size_t> action, const std::string& why);
    std::optional<size_t> action;
};

enum class RecordFormat : uint8_t { Text, Jsonl };
const char* record_format_name(RecordFormat f);   // "text", "jsonl"
// std::invalid_argument naming the formats for another name.
RecordFormat record_format_named(std::string_view name);
// JSON Lines when the first character that is not white space is '{', else text.
RecordFormat record_format_of(std::string_view text);

// The records of a text (UTF-8; a byte-order mark at its top is skipped) in either form (none:
// record_format_of), each checked by dealing it and applying every action. RecordError naming
// `source`, the record and the line.
std::vector<GameRecord> read_records(std::string_view text, std::optional<RecordFormat> format = std::nullopt,
                                     std::string_view source = "<text>");
// The text of records in either form (each record read back by read_records is equal to it).
// std::invalid_argument for a record that the form cannot hold (a tag's value with a double quote or
// a line break, a seat's name with ';', a free tag named like a known one), an unknown game or options.
std::string write_records(const std::vector<GameRecord>& records, RecordFormat format);

// Calls f.template operator()<Def>() for the game named; std::invalid_argument naming the games for
// an unknown name. Returns what f returns.
template <class F>
decltype(auto) visit_game_named(std::string_view name, F&& f) {
    using Result = decltype(f.template operator()<FirstGameDef>());
    std::optional<std::conditional_t<std::is_void_v<Result>, bool, Result>> out;
    std::string names;
    for_each_game([&]<class Def>() {
        names += (names.empty() ? "" : ", ") + std::string(Def::NAME);
        if (out || name != Def::NAME) return;
        if constexpr (std::is_void_v<Result>) {
            f.template operator()<Def>();
            out.emplace(true);
        } else {
            out.emplace(f.template operator()<Def>());
        }
    });
    if (!out) throw std::invalid_argument("unknown game " + quoted(name) + "; accepted: " + names);
    if constexpr (!std::is_void_v<Result>) return Result(std::move(*out));
}

// The rules of a record's game and options; std::invalid_argument for options not accepted.
template <class Def>
typename Def::Rules record_rules(const GameRecord& r) {
    PositionTokens t;
    t.lines.push_back({1, "game", r.game + (r.options.empty() ? "" : " " + r.options)});
    read_game_line(t.lines[0], t);
    return read_rules<Def>(t);
}

// A record's options as its `options` field holds them: the game line after the name.
template <class Def>
std::string record_options(const typename Def::Rules& rules) {
    const std::string line = notation_game_line<Def>(rules);
    const size_t name = std::string_view(Def::NAME).size();
    return line.size() > name ? line.substr(name + 1) : std::string();
}

// The state of a record before its action `at` (0: as dealt; actions.size(): after the last): the
// cards dealt where the record says (Def::deal with every card given, its extra arguments, its
// seed or 0) and the actions applied in turn, each by its text. std::invalid_argument for `at` out
// of range or options not accepted, RecordReplayError for a deal that cannot be or an action that
// cannot be applied.
template <class Def>
typename Def::State record_state(const GameRecord& r, int64_t at) {
    using State = typename Def::State;
    if (at < 0 || uint64_t(at) > r.actions.size())
        throw std::invalid_argument("at must be an int in 0.." + std::to_string(r.actions.size()) + " (the record has " +
                                    std::to_string(r.actions.size()) + " actions) or None, got " + std::to_string(at));
    const typename Def::Rules rules = record_rules<Def>(r);
    const Deck& deck = Def::deck_of(rules);
    const int players = Def::num_players(rules);
    std::vector<std::string> places;
    for (int seat = 0; seat < players; ++seat) places.push_back("seat" + std::to_string(seat));
    for (const std::string& l : Def::deal_locations()) places.push_back(l);
    State s = [&] {
        try {
            std::vector<std::string> unknown;
            for (const auto& [place, cards] : r.deal)
                if (std::find(places.begin(), places.end(), place) == places.end()) unknown.push_back(place);
            std::sort(unknown.begin(), unknown.end());
            auto joined = [](const std::vector<std::string>& v) {
                std::string out;
                for (const std::string& x : v) out += (out.empty() ? "" : ", ") + x;
                return out;
            };
            if (!unknown.empty())
                throw std::invalid_argument("the deal names places this game does not have: " + joined(unknown) +
                                            "; its places: " + joined(places));
            FixedHands fixed{};
            for (size_t l = 0; l < places.size(); ++l)
                for (const auto& [place, cards] : r.deal)
                    if (place == places[l]) {
                        for (const std::string& c : cards) {
                            try {
                                fixed[l].push_back(parse_card(c, deck));
                            } catch (const std::invalid_argument& e) {
                                throw std::invalid_argument("the deal's " + place + ": " + e.what());
                            }
                        }
                    }
            if (r.dealer < 0 || r.dealer >= players)
                throw std::invalid_argument("the dealer must be a seat 0.." + std::to_string(players - 1) + ", got " +
                                            std::to_string(r.dealer));
            const std::vector<Value> extras = param_values("the deal", "seed, dealer, cards", Def::deal_params(), r.deal_args);
            return serial::deal_exactly<Def>(rules, r.seed.value_or(0), r.dealer, fixed, extras);
        } catch (const std::invalid_argument& e) {
            throw RecordReplayError(std::nullopt, e.what());
        }
    }();
    for (size_t k = 0; k < size_t(at); ++k) {
        const auto& [seat, text] = r.actions[k];
        const std::string where = "action " + std::to_string(k) + " (" + std::to_string(seat) + " " + text + "): ";
        if (s.is_terminal()) throw RecordReplayError(k, where + "the deal is already over");
        if (seat != s.current_player())
            throw RecordReplayError(k,
                                    where + "seat " + std::to_string(s.current_player()) + " is to act, not seat " + std::to_string(seat));
        Action a = 0;
        try {
            a = find_action(s, text);
        } catch (const std::invalid_argument& e) {
            throw RecordReplayError(k, where + e.what());
        }
        s.apply(a);
    }
    return s;
}

// Calls f(const Def::State&) with the state of a record of any registered game before its action
// `at` (record_state); returns what f returns.
template <class F>
decltype(auto) visit_record_state(const GameRecord& r, int64_t at, F&& f) {
    return visit_game_named(r.game, [&]<class Def>() { return f(record_state<Def>(r, at)); });
}

// The record of a state before its first action (std::invalid_argument after one): its game,
// options, dealer, every place's cards as dealt and the deal's extra arguments that differ from
// their defaults; `seed`: the seed it was dealt from, where known.
template <class Def>
GameRecord dealt_record(const typename Def::State& s, std::optional<uint64_t> seed = std::nullopt) {
    if (s.history.size != 0) throw std::invalid_argument("only a state before its first action holds the deal as dealt (docs/records.md)");
    GameRecord r;
    r.game = Def::NAME;
    r.options = record_options<Def>(s.rules);
    r.dealer = int(s.dealer);
    r.seed = seed;
    const InitialDeal d = Def::initial_deal(s);
    const Alphabet al = s.deck_info().alphabet;
    for (size_t l = 0; l < size_t(s.num_players()) + Def::deal_locations().size(); ++l) {
        std::vector<std::string> cards;
        for (Card c : d.cards[l]) cards.push_back(card_text(c, al));
        r.deal.emplace_back(l < size_t(s.num_players()) ? "seat" + std::to_string(l) : Def::deal_locations()[l - size_t(s.num_players())],
                            std::move(cards));
    }
    const std::vector<ParamSpec>& params = Def::deal_params();
    for (size_t i = 0; i < params.size() && i < d.extras.size(); ++i) {
        const Value& v = d.extras[i];
        const bool empty = (v.kind == Value::Kind::CardList || v.kind == Value::Kind::Ints) && v.ints.empty();
        if (!v.is_none() && !(v == params[i].fallback) && !empty) r.deal_args.emplace_back(params[i].name, v);
    }
    return r;
}

}   // namespace stich
