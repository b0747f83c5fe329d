// The position notation as text (docs/notation.md), read and written in C++: the one parser, which
// stich.parse and stich.position_text call too.
//
//   stich position 1
//   game: <Game> key=value        the game's name, then the options that differ from the defaults
//   dealer: 0
//   seat: 1                       the seat whose view this is
//   hand: EO GU HA ...            its cards now ("-": none)
//   history: 1 pass; 2 Wenz       the actions as that seat saw them ("-": none)
//   bock: True                    the game's own lines (position_keys), if any
//
// Blank lines and everything after '#' are ignored. Every error is a NotationError (a
// std::invalid_argument) whose message starts "line N (key): " when a line is at fault.
//
// Reading is done in two steps: tokenize_position (no game knowledge beyond the registry's keys) and
// read_position_text<Def> (the game's rules, seats, cards and the replay of stich/position.hpp).
// visit_position_text does both for whichever registered game the text names.
#pragma once
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <type_traits>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "stich/errors.hpp"
#include "stich/position.hpp"
#include "stich/registry.hpp"
#include "stich/schema.hpp"

namespace stich {

constexpr const char* POSITION_HEADER = "stich position 1";

// A position text that cannot be read or cannot happen.
struct NotationError : std::invalid_argument {
    std::string why;   // the fault alone, without the line that names where it is
    explicit NotationError(const std::string& message) : std::invalid_argument(message), why(message) {}
    NotationError(const std::string& message, std::string fault) : std::invalid_argument(message), why(std::move(fault)) {}
};

// One 'key: value' line: its number (1-based, counting every line of the text), key and value
// (both stripped of white space).
struct NotationLine {
    int number = 0;
    std::string key, value;
};

// A position text split into its lines, before any game reads them.
struct PositionTokens {
    std::vector<NotationLine> lines;                            // in the order of the text, the header excluded
    std::string game;                                           // the game line's first word
    std::vector<std::pair<std::string, std::string>> options;   // its key=value words, as written

    // The line with this key, or nullptr.
    const NotationLine* find(std::string_view key) const;
    // The line with this key (it is there: tokenize_position checks the common keys).
    const NotationLine& at(std::string_view key) const;
};

// The keys every position has, and every key any registered game adds (in registry order).
const std::vector<std::string>& position_common_keys();
const std::vector<std::string>& position_known_keys();

// Splits a position text into lines and checks what needs no game: the header, 'key: value' lines
// with known keys, each key once, UTF-8 text, the common keys present, the game line's shape.
// Throws NotationError.
PositionTokens tokenize_position(std::string_view text);
// Reads a game line's value ("<Game> players=6": a registered game's name, then key=value words)
// into t.game and t.options; NotationError naming the line for an unknown game or a bad word.
void read_game_line(const NotationLine& game, PositionTokens& t);

// The notation's text grammar, shared with the game records (stich/records.hpp). White space and
// line breaks are Unicode's, as Python's str.split and str.splitlines read them.
// The lines of a text (Python's str.splitlines: \r\n is one break).
std::vector<std::string_view> text_lines(std::string_view text);
// The text without white space at either end (Python's str.strip()).
std::string_view text_strip(std::string_view s);
// The words of a text split at runs of white space (Python's str.split()).
std::vector<std::string_view> text_words(std::string_view s);
// Whether the text is UTF-8 without surrogates (what a Python str can be encoded as).
bool text_is_utf8(std::string_view s);
// A name of letters, digits and _ not starting with a digit (Python's str.isidentifier; any
// character beyond ASCII counts as a letter).
bool text_is_identifier(std::string_view s);
// ASCII digits as a number, -1 for anything else (a number beyond int64 included).
int64_t text_number(std::string_view s);
// One history entry "SEAT TEXT": a seat below `players`, then the action's text (white space in it
// folded to single spaces); none when the item is not one.
std::optional<PositionEntry> history_entry(std::string_view item, int players);

// The NotationError "line N (key): why".
[[noreturn]] void notation_error(const NotationLine& line, const std::string& why);

// An option's text value read as the notation writes it: True, False, None, an int, "()" or
// "a,b," (a tuple of names), else the text itself; then checked against what the option accepts
// (std::invalid_argument "<what> must be <accepts>, got <value>").
Value notation_value(std::string_view text, const Accepts& accepts, const Deck& deck, const std::string& what);
// The NotationError for a registered game without the notation (its game line is at fault).
[[noreturn]] void no_notation(const PositionTokens& t);

// A value as the game line writes it (the inverse of notation_value).
std::string notation_value_text(const Value& v, Alphabet alphabet);

// A seat line's value: ASCII digits naming a seat below `players`; else NotationError.
int notation_seat(const NotationLine& line, int players);
// A hand line's cards ("-" or nothing: none); NotationError for a card not of the deck or given twice.
CardSet notation_cards(const NotationLine& line, const Deck& deck);
// The history line's entries "SEAT TEXT; ..." ("-" or nothing: none), white space in each text
// folded to single spaces.
PositionEntries notation_history(const NotationLine& line, int players);

// A position read from text: the game's rules, the dealer, the seat whose view it is, and a full
// state consistent with every line (its hidden cards drawn from the seed).
template <class Def>
struct ParsedPosition {
    typename Def::Rules rules;
    int dealer = 0;
    int seat = 0;
    typename Def::State state;
};

// The rules of a tokenized game line (t.game must be Def's name): each option's text read as the
// notation writes it and checked; NotationError naming the game line and the option at fault.
template <class Def>
typename Def::Rules read_rules(const PositionTokens& t) {
    try {
        const Deck& d = Def::deck_of(typename Def::Rules{});
        std::vector<std::pair<std::string, Value>> given;
        for (const auto& [name, text] : t.options) {
            const Accepts* a = nullptr;
            for (const auto& s : Def::options())
                if (name == s.name) a = &s.accepts;
            // An unknown name passes as None: make_rules names it with the valid options.
            given.emplace_back(name, a ? notation_value(text, *a, d, "option " + name + " of " + Def::NAME) : Value::none());
        }
        return make_rules<typename Def::Rules>(Def::NAME, Def::options(), given);
    } catch (const std::invalid_argument& e) {
        notation_error(t.at("game"), e.what());
    }
}

// The rules of a game line's value ("<Game> players=6"), passed to f(const Def::Rules&) for
// whichever registered game it names. NotationError for a bad line.
template <class F>
void visit_game_line(std::string_view value, F&& f) {
    PositionTokens t;
    t.lines.push_back({1, "game", std::string(value)});
    read_game_line(t.lines[0], t);
    for_each_game([&]<class Def>() {
        if (t.game == Def::NAME) f(read_rules<Def>(t));
    });
}

// The rules a game's name (any case) and option text ("players=6 target=21", the words `stich play
// --option` takes; "" for the defaults) give, read as a game line reads them, passed to
// f(const Def::Rules&). UnknownName listing the games; BadText naming the options and the fault.
template <class F>
void visit_game_options(std::string_view name, std::string_view options, F&& f) {
    bool found = false;
    std::string names;
    for_each_game([&]<class Def>() {
        names += (names.empty() ? "" : ", ") + std::string(Def::NAME);
        if (found || !iequals(Def::NAME, name)) return;
        found = true;
        try {
            visit_game_line(std::string(Def::NAME) + " " + std::string(options), f);
        } catch (const NotationError& e) {
            throw BadText("options " + quoted(options) + ": " + e.why);
        }
    });
    if (!found) throw UnknownName("unknown game " + quoted(name) + "; games: " + names);
}

// Does the game have the notation (every registered game has it)?
template <class Def>
concept HasNotation = requires(const typename Def::State& s, const typename Def::Rules& r) {
    position_history(s, 0);
    position_lines(s, 0);
    position_keys(r);
};

// Reads a tokenized position of the game Def (tokens.game must be its name). The hidden cards are
// drawn from `seed` uniformly among the deals consistent with the text, exactly as
// `state.resample(seat, seed)` draws them. Throws NotationError naming the line (and for the
// history the entry and why it cannot happen).
template <class Def>
ParsedPosition<Def> read_position_text(const PositionTokens& t, uint64_t seed) {
    const NotationLine& game_line = t.at("game");
    if (t.game != Def::NAME) notation_error(game_line, "not a " + std::string(Def::NAME) + " position: the game is " + quoted(t.game));
    if constexpr (!HasNotation<Def>) {
        no_notation(t);
    } else {
        ParsedPosition<Def> p;
        p.rules = read_rules<Def>(t);
        const int players = Def::num_players(p.rules);
        const Deck& deck = Def::deck_of(p.rules);
        p.dealer = notation_seat(t.at("dealer"), players);
        p.seat = notation_seat(t.at("seat"), players);
        const CardSet hand = notation_cards(t.at("hand"), deck);
        const PositionEntries history = notation_history(t.at("history"), players);
        PositionLines own;
        for (const NotationLine& l : t.lines) {
            bool common = false;
            for (const std::string& k : position_common_keys()) common = common || l.key == k;
            if (!common) own.emplace_back(l.key, l.value);
        }
        try {
            p.state = read_position(p.rules, p.dealer, p.seat, hand, history, own, seed);
        } catch (const PositionError& e) {
            if (const NotationLine* l = t.find(e.key)) notation_error(*l, e.what());
            throw NotationError(e.what());
        }
        return p;
    }
}

template <class Def>
ParsedPosition<Def> read_position_text(std::string_view text, uint64_t seed = 0) {
    return read_position_text<Def>(tokenize_position(text), seed);
}

// Reads a position of any registered game and calls f(const ParsedPosition<Def>&) with it (one
// instantiation of f per game that has the notation); returns what f returns (every
// instantiation must return the same type). NotationError for an unknown game.
template <class F>
decltype(auto) visit_position_text(std::string_view text, uint64_t seed, F&& f) {
    const PositionTokens t = tokenize_position(text);
    using Result = decltype(f(std::declval<const ParsedPosition<FirstGameDef>&>()));
    if constexpr (std::is_void_v<Result>) {
        bool found = false;
        for_each_game([&]<class Def>() {
            if constexpr (HasNotation<Def>)
                if (!found && t.game == Def::NAME) {
                    found = true;
                    f(read_position_text<Def>(t, seed));
                }
        });
        if (!found) no_notation(t);
    } else {
        std::optional<Result> out;
        for_each_game([&]<class Def>() {
            if constexpr (HasNotation<Def>)
                if (!out && t.game == Def::NAME) out.emplace(f(read_position_text<Def>(t, seed)));
        });
        if (!out) no_notation(t);
        return Result(std::move(*out));
    }
}

// A full deal (docs/notation.md, "Full deals"): a position plus a 'handN: cards' line per seat
// giving every hand as it is now, for the open-hand solver.
struct FullDealText {
    std::string position;              // the text with its hand lines blank (the others keep their numbers)
    std::vector<NotationLine> hands;   // the 'handN:' lines
    std::vector<int> seats;            // their N (-1: a number too large for any seat)
};
FullDealText split_full_deal(std::string_view text);

// The full state of a full deal: the position `p` read from its text, with the hands given in
// place of what p.seat cannot see; the cards left over go to the other locations (a talon,
// discards) in some way the view allows (nobody plays them). NotationError naming the line at fault.
template <class Def>
typename Def::State full_deal_state(const ParsedPosition<Def>& p, const FullDealText& full) {
    const auto& state = p.state;
    const View view = state.view(p.seat);
    const int n = state.num_players();
    const Deck& deck = state.deck_info();
    const Alphabet al = deck.alphabet;
    if (full.hands.empty())
        throw NotationError("a full deal gives every seat's hand on 'handN: cards' lines (hand0: ... hand" + std::to_string(n - 1) +
                            ": ...)");
    std::vector<const NotationLine*> by_seat(size_t(n), nullptr);
    for (size_t i = 0; i < full.hands.size(); ++i) {
        const NotationLine& line = full.hands[i];
        const int seat = full.seats[i];
        if (seat < 0 || seat >= n)
            notation_error(line, "no seat " + line.key.substr(4) + " in this game (seats 0.." + std::to_string(n - 1) + ")");
        if (by_seat[size_t(seat)]) notation_error(line, "seat " + std::to_string(seat) + "'s hand is given twice");
        by_seat[size_t(seat)] = &line;
    }
    Locations world{};
    CardSet given = 0;
    for (int seat = 0; seat < n; ++seat) {
        const Location& loc = view.where[size_t(seat)];
        const NotationLine* line = by_seat[size_t(seat)];
        if (!line) {
            if (popcount(loc.known) == loc.size) {   // known whole (the observer's, an empty hand)
                world[size_t(seat)] = loc.known;
                continue;
            }
            throw NotationError("seat " + std::to_string(seat) + "'s hand is missing: give it on a 'hand" + std::to_string(seat) +
                                ":' line (" + std::to_string(loc.size) + " cards)");
        }
        const CardSet cards = notation_cards(*line, deck);
        if (popcount(cards) != loc.size)
            notation_error(*line, "seat " + std::to_string(seat) + " holds " + std::to_string(loc.size) + " cards now, got " +
                                      std::to_string(popcount(cards)));
        if (cards & given) notation_error(*line, cards_text(cards & given, al) + " given to two seats");
        if (loc.known & ~cards)   // the observer's 'hand:' line, or cards the seat has shown
            notation_error(*line, "seat " + std::to_string(seat) + " holds " + cards_text(loc.known & ~cards, al) +
                                      " in this position, which this line leaves out");
        if (cards & (loc.forbidden | view.played))
            notation_error(*line, "seat " + std::to_string(seat) + " cannot hold " + cards_text(cards & (loc.forbidden | view.played), al) +
                                      " in this position (played already, known elsewhere, or a void the history shows)");
        given |= cards;
        world[size_t(seat)] = cards;
    }
    // The leftover cards to the other locations, within their sizes and what the view forbids there.
    std::vector<Card> leftover;
    CardSet unknown_left = view.unknown & ~given;
    while (unknown_left) {
        leftover.push_back(Card(std::countr_zero(unknown_left)));
        unknown_left &= unknown_left - 1;
    }
    for (int l = n; l < view.num_locations; ++l) world[size_t(l)] = view.where[size_t(l)].known;
    auto place = [&](auto&& self, size_t i) -> bool {
        if (i == leftover.size()) {
            for (int l = n; l < view.num_locations; ++l)
                if (popcount(world[size_t(l)]) != view.where[size_t(l)].size) return false;
            return true;
        }
        const CardSet bit = CardSet(1) << leftover[i];
        for (int l = n; l < view.num_locations; ++l) {
            const Location& loc = view.where[size_t(l)];
            if (popcount(world[size_t(l)]) < loc.size && !(loc.forbidden & bit)) {
                world[size_t(l)] |= bit;
                if (self(self, i + 1)) return true;
                world[size_t(l)] &= ~bit;
            }
        }
        return false;
    };
    if (!place(place, 0))
        throw NotationError("the hands given leave cards that fit nowhere else (" + cards_text(view.unknown & ~given, al) + ")");
    if (!consistent(view, world)) throw NotationError("the hands do not fit the position");
    if (!world_rules_of(state, p.seat).allows(world))
        throw NotationError(
            "no play reaches these hands: a rule of the game excludes them (docs/api.md, \"Views and worlds\": "
            "a hand that would have ended the deal, more of the seat's reshuffled discards than was drawn)");
    Rng rng(0);
    typename Def::State out = state;
    install_world(out, world, p.seat, rng);
    return out;
}

// Reads a full deal of any registered game: f(seat, const Def::State&) with the position's seat
// and the full state (full_deal_state); returns what f returns. NotationError naming the line.
template <class F>
decltype(auto) visit_full_deal_text(std::string_view text, F&& f) {
    const FullDealText full = split_full_deal(text);
    return visit_position_text(full.position, 0, [&](const auto& p) { return f(p.seat, full_deal_state(p, full)); });
}

// The game line's value: the name, then key=value for every option that differs from its default.
template <class Def>
std::string notation_game_line(const typename Def::Rules& r) {
    const typename Def::Rules defaults{};
    const Alphabet al = Def::deck_of(r).alphabet;
    std::string s = Def::NAME;
    for (const auto& o : Def::options()) {
        const Value v = o.get(r);
        if (!(v == o.get(defaults))) s += " " + std::string(o.name) + "=" + notation_value_text(v, al);
    }
    return s;
}

// The notation of `s` as `seat` sees it (docs/notation.md). Throws std::invalid_argument for a
// finished deal (a position is a decision point), std::out_of_range for a seat not at the table.
template <class Def>
    requires HasNotation<Def>
std::string position_text(const typename Def::State& s, int seat) {
    if (s.is_terminal()) throw std::invalid_argument("the deal is over: a position is a decision point");
    checked_seat(seat, s.num_players());
    const Alphabet al = s.deck_info().alphabet;
    const std::string hand = cards_text(s.view(seat).where[size_t(seat)].known, al);
    std::string history;
    for (const PositionEntry& e : position_history(s, seat))
        history += (history.empty() ? "" : "; ") + std::to_string(e.seat) + " " + e.text;
    std::string out = std::string(POSITION_HEADER) + "\ngame: " + notation_game_line<Def>(s.rules) +
                      "\ndealer: " + std::to_string(int(s.dealer)) + "\nseat: " + std::to_string(seat) +
                      "\nhand: " + (hand.empty() ? "-" : hand) + "\nhistory: " + (history.empty() ? "-" : history) + "\n";
    for (const auto& [key, value] : position_lines(s, seat)) out += key + ": " + value + "\n";
    return out;
}

// A full deal's text (docs/notation.md, "Full deals"): the notation of `s` as `seat` sees it, then
// every seat's hand as it is now on a 'handN: cards' line ("-": none); visit_full_deal_text reads
// it back. The errors of position_text.
template <class Def>
    requires HasNotation<Def>
std::string full_deal_text(const typename Def::State& s, int seat) {
    std::string out = position_text<Def>(s, seat);
    for (int p = 0; p < s.num_players(); ++p) {
        const std::string hand = cards_text(s.hand(p), s.deck_info().alphabet);
        out += "hand" + std::to_string(p) + ": " + (hand.empty() ? "-" : hand) + "\n";
    }
    return out;
}

}   // namespace stich
