// Game records' two forms (stich/records.hpp): the text form of tag pairs and history entries, read
// with the notation's grammar, and JSON Lines, with a JSON reader and writer of their own that read
// and write what Python's json module does (its error messages and columns, json.dumps's spacing
// and escapes with ensure_ascii=False).
#include "stich/records.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstring>

#include "stich/errors.hpp"
#include "stich/limits.hpp"

namespace stich {

namespace {

// A message of at most about 300 characters (a value quoted in it may be huge), cut at a character.
std::string short_message(const std::string& message) {
    constexpr size_t MOST = 300;
    size_t at = 0, n = 0;
    for (; at < message.size() && n < MOST; ++n) at += utf8_code_point(message, at).second;
    if (at >= message.size()) return message;
    size_t total = n;
    for (size_t i = at; i < message.size(); ++total) i += utf8_code_point(message, i).second;
    return message.substr(0, at) + "... (" + u128_grouped(total) + " characters)";
}

}   // namespace

RecordError::RecordError(std::string src, size_t rec, int ln, std::string why)
    : std::invalid_argument(short_message(src + ", record " + std::to_string(rec) + " (line " + std::to_string(ln) + "): " + why)),
      source(std::move(src)),
      record(rec),
      line(ln),
      reason(std::move(why)) {}

RecordReplayError::RecordReplayError(std::optional<size_t> k, const std::string& why) : std::invalid_argument(why), action(k) {}

const char* record_format_name(RecordFormat f) { return f == RecordFormat::Jsonl ? "jsonl" : "text"; }

RecordFormat record_format_named(std::string_view name) {
    if (name == "text") return RecordFormat::Text;
    if (name == "jsonl") return RecordFormat::Jsonl;
    throw UnknownName("format must be one of text, jsonl or None, got " + quoted(name));
}

RecordFormat record_format_of(std::string_view text) {
    return text_strip(text).starts_with('{') ? RecordFormat::Jsonl : RecordFormat::Text;
}

namespace {

// A failure of one record: the line at fault and why (RecordError adds the source and record).
struct Fault {
    int line;
    std::string why;
};

[[noreturn]] void fault(int line, const std::string& why) { throw Fault{line, why}; }

const char* const KNOWN_TAGS[] = {"Game", "Dealer", "Seed", "Deal", "DealArgs", "Names"};

bool known_tag(std::string_view name) { return std::find(std::begin(KNOWN_TAGS), std::end(KNOWN_TAGS), name) != std::end(KNOWN_TAGS); }

std::string joined(const std::vector<std::string>& items, const char* sep) {
    std::string out;
    for (const std::string& x : items) out += (out.empty() ? "" : sep) + x;
    return out;
}

// Code points of UTF-8 text (Python's len of the str).
size_t code_points(std::string_view s) {
    size_t n = 0;
    for (size_t i = 0; i < s.size(); i += utf8_code_point(s, i).second) ++n;
    return n;
}

// A record's deal argument `name` from a value: checked against the game's deal_params().
const ParamSpec& deal_param(const std::vector<ParamSpec>& params, const std::string& name) {
    std::vector<std::string> names;
    for (const ParamSpec& p : params) {
        if (name == p.name) return p;
        names.push_back(p.name);
    }
    throw std::invalid_argument("unknown deal argument " + quoted(name) + "; accepted: " + (names.empty() ? "none" : joined(names, ", ")));
}

// The game's name, options and deck of a game line, as a record holds them.
struct GameOf {
    std::string name, options;
    int players = 0;
    const std::vector<ParamSpec>* params = nullptr;
    const Deck* deck = nullptr;
};

template <class Def>
GameOf game_of(const typename Def::Rules& rules) {
    return {Def::NAME, record_options<Def>(rules), Def::num_players(rules), &Def::deal_params(), &Def::deck_of(rules)};
}

GameOf game_of_line(std::string_view line) {
    PositionTokens t;
    t.lines.push_back({1, "game", std::string(line)});
    read_game_line(t.lines[0], t);
    return visit_game_named(t.game, [&]<class Def>() { return game_of<Def>(read_rules<Def>(t)); });
}

GameOf game_of_record(const GameRecord& r) { return game_of_line(r.game + (r.options.empty() ? "" : " " + r.options)); }

// std::invalid_argument unless a record names each seat once.
void check_names(size_t names, int players) {
    if (names != size_t(players))
        throw std::invalid_argument(u128_grouped(names) + " names for " + std::to_string(players) + " seats: one name a seat");
}

// Deals the record and applies every action: a fault at the line of the action at fault
// (`line_of(k)`; the deal's at the first action's line, or `first` without actions).
template <class LineOf>
void check_record(const GameRecord& r, int first, LineOf&& line_of) {
    try {
        visit_record_state(r, int64_t(r.actions.size()), [](const auto&) {});
    } catch (const RecordReplayError& e) {
        if (e.action) fault(line_of(*e.action), e.what());
        fault(r.actions.empty() ? first : line_of(0), std::string("the deal: ") + e.what());
    }
}

// ------------------------------------------------------------------------------------ text form

struct Tag {
    int line;
    std::string name, value;
};

// A record of the text form from its lines (comments gone, stripped): the tags, then the history.
// Returns the record and the line of each action.
std::pair<GameRecord, std::vector<int>> text_record(const std::vector<std::pair<int, std::string_view>>& block) {
    std::vector<Tag> tags;
    std::vector<std::pair<int, std::string_view>> history;
    for (const auto& [no, text] : block) {
        if (text.starts_with('[')) {
            if (!history.empty()) fault(no, "a tag after the actions (tags come first, then the actions)");
            const size_t open = text.find(" \"");
            if (!(text.size() >= 4 && text.ends_with("\"]") && open != std::string_view::npos && open + 2 <= text.size() - 2))
                fault(no, "a tag is [Name \"value\"], got " + quoted(text));
            const std::string_view name = text.substr(1, open - 1), value = text.substr(open + 2, text.size() - 2 - (open + 2));
            if (!text_is_identifier(name)) fault(no, "a tag's name is letters, digits and _, got " + quoted(name));
            for (const Tag& t : tags)
                if (t.name == name) fault(no, "the tag " + std::string(name) + " is given twice");
            if (tags.size() >= RECORD_MAX_FIELDS) fault(no, "more than " + std::to_string(RECORD_MAX_FIELDS) + " tags");
            tags.push_back({no, std::string(name), std::string(value)});
        } else {
            history.emplace_back(no, text);
        }
    }
    const int first = block.front().first;
    auto tag = [&](std::string_view name) -> const Tag* {
        for (const Tag& t : tags)
            if (t.name == name) return &t;
        return nullptr;
    };
    for (const char* needed : {"Game", "Dealer", "Deal"})
        if (!tag(needed)) fault(first, std::string("the record has no ") + needed + " tag");
    GameRecord r;
    const Tag& game_tag = *tag("Game");
    GameOf game;
    try {
        game = game_of_line(game_tag.value);
    } catch (const std::invalid_argument& e) {
        fault(game_tag.line, std::string("the Game tag: ") + e.what());
    }
    r.game = game.name;
    r.options = game.options;
    const Tag& dealer = *tag("Dealer");
    const int64_t d = text_number(text_strip(dealer.value));
    if (d < 0 || d >= game.players)
        fault(dealer.line,
              "the Dealer tag: the dealer must be a seat 0.." + std::to_string(game.players - 1) + ", got " + quoted(dealer.value));
    r.dealer = int(d);
    if (const Tag* seed = tag("Seed")) {
        const std::string_view digits = text_strip(seed->value);
        uint64_t x = 0;
        const auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), x);
        if (digits.empty() || digits[0] == '-' || ec != std::errc() || end != digits.data() + digits.size())
            fault(seed->line, "the Seed tag: the seed must be an int in 0..2**64-1, got " + quoted(seed->value));
        r.seed = x;
    }
    // 'name: value' parts separated by ';'.
    auto parts = [&](const Tag& t, const char* shape, auto&& each) {
        std::string_view v = t.value;
        for (size_t start = 0; start <= v.size();) {
            const size_t semicolon = std::min(v.find(';', start), v.size());
            const std::string_view part = v.substr(start, semicolon - start);
            start = semicolon + 1;
            const size_t colon = part.find(':');
            if (colon == std::string_view::npos)
                fault(t.line, "the " + t.name + " tag lists " + shape + " separated by ';', got " + quoted(text_strip(part)));
            each(std::string(text_strip(part.substr(0, colon))), text_strip(part.substr(colon + 1)));
        }
    };
    const Tag& deal = *tag("Deal");
    parts(deal, "'place: cards'", [&](std::string place, std::string_view cards) {
        for (const auto& [p, c] : r.deal)
            if (p == place) fault(deal.line, "the Deal tag gives the place " + place + " twice");
        if (r.deal.size() >= RECORD_MAX_FIELDS)
            fault(deal.line, "the Deal tag gives more than " + std::to_string(RECORD_MAX_FIELDS) + " places");
        std::vector<std::string> held;
        if (cards != "-")
            for (std::string_view c : text_words(cards)) held.emplace_back(c);
        r.deal.emplace_back(std::move(place), std::move(held));
    });
    if (const Tag* args = tag("DealArgs"); args && !args->value.empty())
        parts(*args, "'name: value'", [&](std::string name, std::string_view value) {
            try {
                const ParamSpec& p = deal_param(*game.params, name);
                for (const auto& [n, v] : r.deal_args)
                    if (n == name) throw std::invalid_argument("the deal argument " + name + " is given twice");
                r.deal_args.emplace_back(name, notation_value(value, p.accepts, *game.deck, "deal argument " + name));
            } catch (const std::invalid_argument& e) {
                fault(args->line, std::string("the DealArgs tag: ") + e.what());
            }
        });
    if (const Tag* names = tag("Names")) {
        r.names.emplace();
        std::string_view v = names->value;
        for (size_t start = 0; start <= v.size();) {
            const size_t semicolon = std::min(v.find(';', start), v.size());
            r.names->emplace_back(text_strip(v.substr(start, semicolon - start)));
            start = semicolon + 1;
        }
        try {
            check_names(r.names->size(), game.players);
        } catch (const std::invalid_argument& e) {
            fault(names->line, std::string("the Names tag: ") + e.what());
        }
    }
    for (const Tag& t : tags)
        if (!known_tag(t.name)) r.tags.emplace_back(t.name, t.value);
    std::vector<int> lines;
    for (const auto& [no, text] : history) {
        for (size_t start = 0; start <= text.size();) {
            const size_t semicolon = std::min(text.find(';', start), text.size());
            const std::string_view item = text_strip(text.substr(start, semicolon - start));
            start = semicolon + 1;
            if (item.empty()) continue;
            std::optional<PositionEntry> entry = history_entry(item, game.players);
            if (!entry)
                fault(no, "an action is 'seat text' (e.g. '1 pass') with a seat 0.." + std::to_string(game.players - 1) + ", got " +
                              quoted(item));
            if (r.actions.size() >= RECORD_MAX_ACTIONS) fault(no, "more than " + std::to_string(RECORD_MAX_ACTIONS) + " actions");
            r.actions.emplace_back(entry->seat, std::move(entry->text));
            lines.push_back(no);
        }
    }
    check_record(r, first, [&](size_t k) { return lines[k]; });
    return {std::move(r), std::move(lines)};
}

std::vector<GameRecord> read_text(std::string_view text, std::string_view source) {
    std::vector<GameRecord> out;
    std::vector<std::pair<int, std::string_view>> block;
    auto finish = [&] {
        if (block.empty()) return;
        if (out.size() >= RECORD_MAX_RECORDS)
            throw RecordError(std::string(source), out.size() + 1, block.front().first,
                              "more than " + std::to_string(RECORD_MAX_RECORDS) + " records");
        try {
            out.push_back(text_record(block).first);
        } catch (const Fault& f) {
            throw RecordError(std::string(source), out.size() + 1, f.line, f.why);
        }
        block.clear();
    };
    int number = 0;
    for (std::string_view line : text_lines(text)) {
        ++number;
        if (line.size() > RECORD_MAX_LINE)
            throw RecordError(std::string(source), out.size() + 1, number,
                              "a line of more than " + std::to_string(RECORD_MAX_LINE) + " bytes");
        if (!text_is_utf8(line)) throw RecordError(std::string(source), out.size() + 1, number, "the line cannot be encoded as UTF-8");
        const std::string_view content = text_strip(line.substr(0, line.find('#')));
        if (content.empty()) finish();
        else block.emplace_back(number, content);
    }
    finish();
    return out;
}

// A tag pair; std::invalid_argument for a value the form cannot hold.
std::string tag_text(std::string_view name, std::string_view value) {
    bool line_break = false;
    for (std::string_view l : text_lines(std::string(value) + "x")) line_break = line_break || l.size() != value.size() + 1;
    if (value.find('"') != std::string_view::npos || line_break)
        throw std::invalid_argument("the tag " + std::string(name) +
                                    "'s value cannot hold a double quote or a line break: " + quoted(value));
    return "[" + std::string(name) + " \"" + std::string(value) + "\"]\n";
}

std::string record_text(const GameRecord& r) {
    const GameOf game = game_of_record(r);
    std::string out = tag_text("Game", game.name + (game.options.empty() ? "" : " " + game.options));
    out += tag_text("Dealer", std::to_string(r.dealer));
    if (r.seed) out += tag_text("Seed", std::to_string(*r.seed));
    std::vector<std::string> places;
    for (const auto& [place, cards] : r.deal) places.push_back(place + ": " + (cards.empty() ? "-" : joined(cards, " ")));
    out += tag_text("Deal", joined(places, "; "));
    if (!r.deal_args.empty()) {
        std::vector<std::string> args;
        for (const auto& [name, v] : r.deal_args) args.push_back(name + ": " + notation_value_text(v, game.deck->alphabet));
        out += tag_text("DealArgs", joined(args, "; "));
    }
    if (r.names) {
        for (const std::string& n : *r.names)
            if (n.find(';') != std::string::npos) throw std::invalid_argument("a seat's name cannot hold ';': " + quoted(n));
        out += tag_text("Names", joined(*r.names, "; "));
    }
    for (const auto& [name, value] : r.tags) {
        if (known_tag(name) || !text_is_identifier(name))
            throw std::invalid_argument(
                "a free tag is a name (letters, digits, _) other than Game, Dealer, Seed, Deal, DealArgs, Names, got " + quoted(name));
        out += tag_text(name, value);
    }
    // The actions, wrapped at about 100 columns between entries.
    std::string line;
    size_t width = 0;
    for (const auto& [seat, text] : r.actions) {
        const std::string entry = std::to_string(seat) + " " + text;
        const size_t w = code_points(entry);
        if (!line.empty() && width + 2 + w > 100) {
            out += line + ";\n";
            line.clear();
            width = 0;
        }
        line += (line.empty() ? "" : "; ") + entry;
        width += (width ? 2 : 0) + w;
    }
    if (!line.empty()) out += line + "\n";
    return out;
}

// ------------------------------------------------------------------------------------------ JSON

__extension__ typedef __int128 i128;

struct Json {
    enum class Kind : uint8_t { Null, Bool, Int, Float, String, Array, Object };
    Kind kind = Kind::Null;
    bool b = false;
    i128 i = 0;   // Int (beyond 127 bits: `big`)
    bool big = false;
    double f = 0;                                        // Float
    std::string s;                                       // String; Int and Float: the literal
    std::vector<Json> items;                             // Array
    std::vector<std::pair<std::string, Json>> members;   // Object (a repeated name keeps the last value, as Python's)

    const Json* get(std::string_view name) const {
        for (const auto& [k, v] : members)
            if (k == name) return &v;
        return nullptr;
    }
    bool is_int() const { return kind == Kind::Int && !big; }
    // Python's truth value (`x or {}`).
    bool truthy() const {
        switch (kind) {
            case Kind::Null: return false;
            case Kind::Bool: return b;
            case Kind::Int: return i != 0 || big;
            case Kind::Float: return f != 0;
            case Kind::String: return !s.empty();
            case Kind::Array: return !items.empty();
            case Kind::Object: return !members.empty();
        }
        return false;
    }
};

// The value as Python's repr() prints the object json.loads makes of it (for messages).
std::string json_repr(const Json& j) {
    switch (j.kind) {
        case Json::Kind::Null: return "None";
        case Json::Kind::Bool: return j.b ? "True" : "False";
        case Json::Kind::Int: return j.s;
        case Json::Kind::Float: return number_text(j.f);
        case Json::Kind::String: return quoted(j.s);
        case Json::Kind::Array: {
            std::string out = "[";
            for (size_t k = 0; k < j.items.size(); ++k) out += (k ? ", " : "") + json_repr(j.items[k]);
            return out + "]";
        }
        case Json::Kind::Object: {
            std::string out = "{";
            for (size_t k = 0; k < j.members.size(); ++k)
                out += (k ? ", " : "") + quoted(j.members[k].first) + ": " + json_repr(j.members[k].second);
            return out + "}";
        }
    }
    return "None";
}

// The type name Python gives the object json.loads makes of it.
const char* json_type(const Json& j) {
    static const char* const NAMES[] = {"NoneType", "bool", "int", "float", "str", "list", "dict"};
    return NAMES[size_t(j.kind)];
}

// A JSON text that cannot be read: Python's json message and the character (code point) index.
struct JsonError {
    std::string msg;
    size_t at;
    bool json = true;   // false: JSON, but beyond what a record can be (nesting, a number's digits)
};

// A JSON reader after Python's json.loads (strict: no control characters in strings; NaN and
// Infinity accepted), with its messages.
class JsonReader {
   public:
    explicit JsonReader(std::string_view text) : t_(text) {}

    Json document() {
        Json v = value(0);
        space();
        if (p_ != t_.size()) fail("Extra data", p_);
        return v;
    }

   private:
    std::string_view t_;
    size_t p_ = 0;

    [[noreturn]] void fail(const char* msg, size_t byte) const { throw JsonError{msg, byte}; }
    [[noreturn]] void beyond(const std::string& what, size_t byte) const { throw JsonError{what, byte, false}; }
    void space() {
        while (p_ < t_.size() && (t_[p_] == ' ' || t_[p_] == '\t' || t_[p_] == '\n' || t_[p_] == '\r')) ++p_;
    }
    bool literal(std::string_view word) {
        if (t_.substr(p_, word.size()) != word) return false;
        p_ += word.size();
        return true;
    }
    Json value(int depth) {
        if (depth > RECORD_MAX_DEPTH) beyond("its JSON nests too deep (more than " + std::to_string(RECORD_MAX_DEPTH) + " levels)", p_);
        space();
        Json j;
        if (p_ >= t_.size()) fail("Expecting value", p_);
        const char c = t_[p_];
        if (c == '"') {
            j.kind = Json::Kind::String;
            j.s = string();
        } else if (c == '{') {
            j.kind = Json::Kind::Object;
            ++p_;
            space();
            if (p_ < t_.size() && t_[p_] == '}') {
                ++p_;
                return j;
            }
            while (true) {
                if (p_ >= t_.size() || t_[p_] != '"') fail("Expecting property name enclosed in double quotes", p_);
                std::string name = string();
                space();
                if (p_ >= t_.size() || t_[p_] != ':') fail("Expecting ':' delimiter", p_);
                ++p_;
                Json v = value(depth + 1);
                // json.loads would keep the last of a key given twice: which one was meant is unknown.
                if (j.get(name)) throw std::invalid_argument("the key " + quoted(name) + " is given twice in an object");
                j.members.emplace_back(std::move(name), std::move(v));
                space();
                if (p_ < t_.size() && t_[p_] == '}') {
                    ++p_;
                    return j;
                }
                if (p_ >= t_.size() || t_[p_] != ',') fail("Expecting ',' delimiter", p_);
                ++p_;
                space();
            }
        } else if (c == '[') {
            j.kind = Json::Kind::Array;
            ++p_;
            space();
            if (p_ < t_.size() && t_[p_] == ']') {
                ++p_;
                return j;
            }
            while (true) {
                j.items.push_back(value(depth + 1));
                space();
                if (p_ < t_.size() && t_[p_] == ']') {
                    ++p_;
                    return j;
                }
                if (p_ >= t_.size() || t_[p_] != ',') fail("Expecting ',' delimiter", p_);
                ++p_;
            }
        } else if (literal("null")) {
        } else if (literal("true") || literal("false")) {
            j.kind = Json::Kind::Bool;
            j.b = t_[p_ - 1] == 'e' && t_[p_ - 2] == 'u';
        } else if (literal("NaN")) {
            j.kind = Json::Kind::Float;
            j.f = NAN;
        } else if (literal("Infinity") || literal("-Infinity")) {
            j.kind = Json::Kind::Float;
            j.f = c == '-' ? -INFINITY : INFINITY;
        } else {
            number(j);
        }
        return j;
    }
    void number(Json& j) {
        const size_t start = p_;
        size_t q = p_;
        auto digits = [&] {
            const size_t from = q;
            while (q < t_.size() && t_[q] >= '0' && t_[q] <= '9') ++q;
            return q - from;
        };
        if (q < t_.size() && t_[q] == '-') ++q;
        if (q < t_.size() && t_[q] == '0') ++q;
        else if (digits() == 0) fail("Expecting value", start);
        bool real = false;
        if (q + 1 < t_.size() && t_[q] == '.' && t_[q + 1] >= '0' && t_[q + 1] <= '9') {
            ++q;
            digits();
            real = true;
        }
        if (q < t_.size() && (t_[q] == 'e' || t_[q] == 'E')) {
            size_t e = q + 1;
            if (e < t_.size() && (t_[e] == '+' || t_[e] == '-')) ++e;
            if (e < t_.size() && t_[e] >= '0' && t_[e] <= '9') {
                q = e;
                digits();
                real = true;
            }
        }
        if (q - start > RECORD_MAX_DIGITS)
            beyond("a number longer than " + std::to_string(RECORD_MAX_DIGITS) + " digits (" + u128_grouped(q - start) + " characters)",
                   start);
        p_ = q;
        j.s = std::string(t_.substr(start, q - start));
        if (real) {
            j.kind = Json::Kind::Float;
            j.f = std::strtod(j.s.c_str(), nullptr);
            return;
        }
        j.kind = Json::Kind::Int;
        const bool negative = j.s[0] == '-';
        const i128 most = i128(~(__uint128_t(1) << 127));   // 2^127 - 1
        for (size_t k = negative ? 1 : 0; k < j.s.size(); ++k) {
            const int digit = j.s[k] - '0';
            if (j.i > (most - digit) / 10) {   // the next digit would pass 2^127 - 1: too big, and no overflow
                j.big = true;
                break;
            }
            j.i = j.i * 10 + digit;
        }
        if (negative) j.i = -j.i;
    }
    std::string string() {
        const size_t start = p_++;
        std::string out;
        while (true) {
            if (p_ >= t_.size()) fail("Unterminated string starting at", start);
            const unsigned char c = static_cast<unsigned char>(t_[p_]);
            if (c == '"') {
                ++p_;
                return out;
            }
            if (c < 0x20) fail("Invalid control character at", p_);
            if (c != '\\') {
                out += char(c);
                ++p_;
                continue;
            }
            if (p_ + 1 >= t_.size()) fail("Unterminated string starting at", start);
            const char e = t_[p_ + 1];
            static const std::string_view SIMPLE = "\"\\/bfnrt", MEANS = "\"\\/\b\f\n\r\t";
            if (const size_t k = SIMPLE.find(e); k != std::string_view::npos) {
                out += MEANS[k];
                p_ += 2;
                continue;
            }
            if (e != 'u') fail("Invalid \\escape", p_);
            uint32_t cp = hex4(p_ + 2);
            p_ += 6;
            if (cp >= 0xD800 && cp <= 0xDBFF && t_.substr(p_, 2) == "\\u") {
                const uint32_t low = hex4(p_ + 2);
                if (low >= 0xDC00 && low <= 0xDFFF) {
                    cp = 0x10000 + ((cp - 0xD800) << 10) + (low - 0xDC00);
                    p_ += 6;
                }
            }
            append_utf8(out, cp);   // a lone surrogate as Python's surrogatepass writes it
        }
    }
    uint32_t hex4(size_t at) {
        uint32_t v = 0;
        for (size_t k = at; k < at + 4; ++k) {
            const char h = k < t_.size() ? t_[k] : 'x';
            const int d = h >= '0' && h <= '9' ? h - '0' : h >= 'a' && h <= 'f' ? h - 'a' + 10 : h >= 'A' && h <= 'F' ? h - 'A' + 10 : -1;
            if (d < 0) fail("Invalid \\uXXXX escape", at - 1);
            v = v * 16 + uint32_t(d);
        }
        return v;
    }
    static void append_utf8(std::string& out, uint32_t cp) {
        if (cp < 0x80) {
            out += char(cp);
        } else if (cp < 0x800) {
            out += char(0xC0 | (cp >> 6));
            out += char(0x80 | (cp & 0x3F));
        } else if (cp < 0x10000) {
            out += char(0xE0 | (cp >> 12));
            out += char(0x80 | ((cp >> 6) & 0x3F));
            out += char(0x80 | (cp & 0x3F));
        } else {
            out += char(0xF0 | (cp >> 18));
            out += char(0x80 | ((cp >> 12) & 0x3F));
            out += char(0x80 | ((cp >> 6) & 0x3F));
            out += char(0x80 | (cp & 0x3F));
        }
    }
};

// A string as json.dumps(..., ensure_ascii=False) writes it.
std::string json_string(std::string_view s) {
    std::string out = "\"";
    for (char ch : s) {
        const auto c = static_cast<unsigned char>(ch);
        switch (c) {
            case '"': out += "\\\""; break;
            case '\\': out += "\\\\"; break;
            case '\n': out += "\\n"; break;
            case '\r': out += "\\r"; break;
            case '\t': out += "\\t"; break;
            case '\b': out += "\\b"; break;
            case '\f': out += "\\f"; break;
            default:
                if (c < 0x20) {
                    char buf[8];
                    std::snprintf(buf, sizeof buf, "\\u%04x", c);
                    out += buf;
                } else {
                    out += ch;
                }
        }
    }
    return out + "\"";
}

std::string json_strings(const std::vector<std::string>& items) {
    std::string out = "[";
    for (size_t k = 0; k < items.size(); ++k) out += (k ? ", " : "") + json_string(items[k]);
    return out + "]";
}

// A value as json.dumps writes the Python object the bindings make of it (a card as its text).
std::string json_value_text(const Value& v, Alphabet al) {
    using K = Value::Kind;
    switch (v.kind) {
        case K::None: return "null";
        case K::Bool: return v.i ? "true" : "false";
        case K::Int: return std::to_string(v.i);
        case K::Text: return json_string(v.text);
        case K::Texts: return json_strings(v.texts);
        case K::OneCard: return json_string(card_text(Card(v.i), al));
        case K::Cards: {
            std::vector<std::string> cards;
            for (CardSet s = v.cards; s; s &= s - 1) cards.push_back(card_text(Card(std::countr_zero(s)), al));
            return json_strings(cards);
        }
        case K::CardList: {
            std::vector<std::string> cards;
            for (int64_t c : v.ints) cards.push_back(card_text(Card(c), al));
            return json_strings(cards);
        }
        case K::Ints: {
            std::string out = "[";
            for (size_t k = 0; k < v.ints.size(); ++k) out += (k ? ", " : "") + std::to_string(v.ints[k]);
            return out + "]";
        }
        case K::List:
        case K::Tuple: {
            std::string out = "[";
            for (size_t k = 0; k < v.items.size(); ++k) out += (k ? ", " : "") + json_value_text(v.items[k], al);
            return out + "]";
        }
    }
    return "null";
}

// A JSON value as the loose value value_from reads (stich/schema.hpp): as the bindings read the
// Python object json.loads makes of it (a card also as its text or id).
struct JsonLoose {
    const Json* j;
    bool is_none() const { return j->kind == Json::Kind::Null; }
    bool is_bool() const { return j->kind == Json::Kind::Bool; }
    bool boolean() const { return j->b; }
    bool is_int() const { return j->kind == Json::Kind::Int; }
    std::optional<int64_t> integer() const {
        if (j->big || j->i > INT64_MAX || j->i < INT64_MIN) return std::nullopt;
        return int64_t(j->i);
    }
    bool is_text() const { return j->kind == Json::Kind::String; }
    std::string text() const { return j->s; }
    bool is_list() const { return j->kind == Json::Kind::Array; }
    bool is_sequence() const { return is_list(); }
    std::vector<JsonLoose> items() const {
        std::vector<JsonLoose> out;
        for (const Json& x : j->items) out.push_back({&x});
        return out;
    }
    Card card(const Deck& d) const {
        if (is_text()) return parse_card(j->s, d);
        const std::optional<int64_t> id = is_int() ? integer() : std::nullopt;
        if (!id || *id < 0 || *id >= MAX_CARDS || !(d.cards & bit(Card(*id))))
            throw std::invalid_argument("a card is its text or its id, got " + repr());
        return Card(*id);
    }
    std::vector<Card> card_list(const Deck& d) const {
        if (is_text()) return parse_cards(j->s, d);
        if (!is_list()) throw std::invalid_argument("cards are a list of cards or their text, got " + repr());
        std::vector<Card> out;
        for (const JsonLoose& x : items()) out.push_back(x.card(d));
        return out;
    }
    std::optional<std::string> deck_name() const {
        if (!is_text()) return std::nullopt;
        return std::string(stich::deck(deck_kind_from_name(j->s)).name);
    }
    std::string repr() const { return json_repr(*j); }
};

Value json_to_value(const Json& j, const Accepts& a, const Deck& deck, const std::string& what) {
    return value_from(JsonLoose{&j}, a, deck, what);
}

template <class Def>
std::string json_options(const typename Def::Rules& rules) {
    std::string out = "{";
    for (const auto& [name, v] : option_values(Def::options(), rules))
        out += (out.size() > 1 ? ", " : "") + json_string(name) + ": " + json_value_text(v, Def::deck_of(rules).alphabet);
    return out + "}";
}

std::string record_json(const GameRecord& r) {
    std::string options;
    Alphabet al = Alphabet::German;
    visit_game_named(r.game, [&]<class Def>() {
        const typename Def::Rules rules = record_rules<Def>(r);
        options = json_options<Def>(rules);
        al = Def::deck_of(rules).alphabet;
    });
    std::string out =
        "{\"game\": " + json_string(r.game) + ", \"options\": " + options + ", \"dealer\": " + std::to_string(r.dealer) + ", \"deal\": {";
    for (size_t k = 0; k < r.deal.size(); ++k)
        out += (k ? ", " : "") + json_string(r.deal[k].first) + ": " + json_strings(r.deal[k].second);
    out += "}, \"actions\": [";
    for (size_t k = 0; k < r.actions.size(); ++k)
        out += (k ? ", [" : "[") + std::to_string(r.actions[k].first) + ", " + json_string(r.actions[k].second) + "]";
    out += "]";
    if (!r.deal_args.empty()) {
        out += ", \"deal_args\": {";
        for (size_t k = 0; k < r.deal_args.size(); ++k)
            out += (k ? ", " : "") + json_string(r.deal_args[k].first) + ": " + json_value_text(r.deal_args[k].second, al);
        out += "}";
    }
    if (r.seed) out += ", \"seed\": " + std::to_string(*r.seed);
    if (r.names) out += ", \"names\": " + json_strings(*r.names);
    if (!r.tags.empty()) {
        out += ", \"tags\": {";
        for (size_t k = 0; k < r.tags.size(); ++k)
            out += (k ? ", " : "") + json_string(r.tags[k].first) + ": " + json_string(r.tags[k].second);
        out += "}";
    }
    return out + "}\n";
}

// A record from the object of a JSON line: its fields checked as Python's reader checked them.
GameRecord json_record(const Json& obj) {
    using J = Json::Kind;
    auto bad = [](const std::string& why) -> GameRecord { throw std::invalid_argument(why); };
    if (obj.kind != J::Object) return bad(std::string("a record is a JSON object, got ") + json_type(obj));
    std::vector<std::string> missing, unknown;
    for (const char* needed : {"game", "dealer", "deal"})
        if (!obj.get(needed)) missing.push_back(needed);
    if (!missing.empty()) return bad("a record needs " + joined(missing, ", "));
    static const std::vector<std::string> FIELDS = {"game", "options", "dealer", "deal", "actions", "deal_args", "seed", "names", "tags"};
    for (const auto& [k, v] : obj.members)
        if (std::find(FIELDS.begin(), FIELDS.end(), k) == FIELDS.end()) unknown.push_back(k);
    std::sort(unknown.begin(), unknown.end());
    if (!unknown.empty()) return bad("unknown fields " + joined(unknown, ", "));
    if (obj.members.size() > RECORD_MAX_FIELDS) return bad("too many fields");
    GameRecord r;
    const Json& game = *obj.get("game");
    std::string names;
    for_each_game([&]<class Def>() { names += (names.empty() ? "" : ", ") + std::string(Def::NAME); });
    if (game.kind != J::String) return bad("unknown game " + json_repr(game) + "; accepted: " + names);
    GameOf of;
    visit_game_named(game.s, [&]<class Def>() {
        std::vector<std::pair<std::string, Value>> given;
        if (const Json* options = obj.get("options"); options && options->truthy()) {
            if (options->kind != J::Object)
                throw std::invalid_argument("options must be an object (name: value), got " + json_repr(*options));
            const Deck& d = Def::deck_of(typename Def::Rules{});
            for (const auto& [name, value] : options->members) {
                const Accepts* a = nullptr;
                for (const auto& s : Def::options())
                    if (name == s.name) a = &s.accepts;
                // An unknown name passes as None: make_rules names it with the valid options.
                given.emplace_back(name, a ? json_to_value(value, *a, d, option_what(name, Def::NAME)) : Value::none());
            }
        }
        of = game_of<Def>(make_rules<typename Def::Rules>(Def::NAME, Def::options(), given));
    });
    r.game = of.name;
    r.options = of.options;
    const Json& deal = *obj.get("deal");
    const bool deal_ok = deal.kind == J::Object && std::all_of(deal.members.begin(), deal.members.end(), [](const auto& m) {
                             return m.second.kind == J::Array && std::all_of(m.second.items.begin(), m.second.items.end(),
                                                                             [](const Json& c) { return c.kind == J::String; });
                         });
    if (!deal_ok) return bad("deal must map each place to a list of card texts");
    for (const auto& [place, cards] : deal.members) {
        std::vector<std::string> held;
        for (const Json& c : cards.items) held.push_back(c.s);
        r.deal.emplace_back(place, std::move(held));
    }
    if (const Json* actions = obj.get("actions")) {
        const bool ok = actions->kind == J::Array && std::all_of(actions->items.begin(), actions->items.end(), [](const Json& a) {
                            return a.kind == J::Array && a.items.size() == 2 && a.items[0].is_int() && a.items[0].i >= INT32_MIN &&
                                   a.items[0].i <= INT32_MAX && a.items[1].kind == J::String;
                        });
        if (!ok) return bad("actions must be a list of [seat, text] pairs");
        if (actions->items.size() > RECORD_MAX_ACTIONS) return bad("more than " + std::to_string(RECORD_MAX_ACTIONS) + " actions");
        for (const Json& a : actions->items) r.actions.emplace_back(int(a.items[0].i), a.items[1].s);
    }
    const Json& dealer = *obj.get("dealer");
    if (!dealer.is_int()) return bad("dealer must be an int, got " + json_repr(dealer));
    if (dealer.i < 0 || dealer.i >= of.players)
        return bad("the dealer must be a seat 0.." + std::to_string(of.players - 1) + ", got " + json_repr(dealer));
    r.dealer = int(dealer.i);
    if (const Json* seed = obj.get("seed"); seed && seed->kind != J::Null) {
        if (!seed->is_int() || seed->i < 0 || seed->i > UINT64_MAX)
            return bad("seed must be an int in 0..2**64-1, got " + json_repr(*seed));
        r.seed = uint64_t(seed->i);
    }
    if (const Json* list = obj.get("names"); list && list->kind != J::Null) {
        if (list->kind != J::Array ||
            !std::all_of(list->items.begin(), list->items.end(), [](const Json& n) { return n.kind == J::String; }))
            return bad("names must be a list of str");
        r.names.emplace();
        check_names(list->items.size(), of.players);
        for (const Json& n : list->items) r.names->push_back(n.s);
    }
    if (const Json* tags = obj.get("tags"); tags && tags->truthy()) {
        if (tags->kind != J::Object ||
            !std::all_of(tags->members.begin(), tags->members.end(), [](const auto& t) { return t.second.kind == J::String; }))
            return bad("tags must map str to str");
        for (const auto& [k, v] : tags->members) r.tags.emplace_back(k, v.s);
    }
    if (const Json* args = obj.get("deal_args"); args && args->truthy()) {
        if (args->kind != J::Object) return bad("deal_args must be an object");
        for (const auto& [name, value] : args->members)
            r.deal_args.emplace_back(name, json_to_value(value, deal_param(*of.params, name).accepts, *of.deck, "deal argument " + name));
    }
    return r;
}

std::vector<GameRecord> read_jsonl(std::string_view text, std::string_view source) {
    std::vector<GameRecord> out;
    int number = 0;
    // Lines end at \n alone (JSON Lines): a string may hold any other line break, as json.dumps writes it.
    for (size_t start = 0; start < text.size();) {
        const size_t end = std::min(text.find('\n', start), text.size());
        std::string_view line = text.substr(start, end - start);
        start = end + 1;
        if (line.ends_with('\r')) line.remove_suffix(1);
        ++number;
        if (text_strip(line).empty()) continue;
        auto error = [&](const std::string& why) { return RecordError(std::string(source), out.size() + 1, number, why); };
        if (out.size() >= RECORD_MAX_RECORDS) throw error("more than " + std::to_string(RECORD_MAX_RECORDS) + " records");
        if (line.size() > RECORD_MAX_LINE) throw error("a line of more than " + std::to_string(RECORD_MAX_LINE) + " bytes");
        if (!text_is_utf8(line)) throw error("the line cannot be encoded as UTF-8");
        try {
            GameRecord r = json_record(JsonReader(line).document());
            check_record(r, number, [&](size_t) { return number; });
            out.push_back(std::move(r));
        } catch (const JsonError& e) {
            throw error((e.json ? "not JSON: " : "not a record: ") + e.msg + " at column " +
                        std::to_string(code_points(line.substr(0, e.at)) + 1));
        } catch (const Fault& f) {
            throw error(f.why);
        } catch (const std::invalid_argument& e) {
            throw error(e.what());
        }
    }
    return out;
}

}   // namespace

std::vector<GameRecord> read_records(std::string_view text, std::optional<RecordFormat> format, std::string_view source) {
    if (text.starts_with("\xEF\xBB\xBF")) text.remove_prefix(3);
    return format.value_or(record_format_of(text)) == RecordFormat::Jsonl ? read_jsonl(text, source) : read_text(text, source);
}

std::string write_records(const std::vector<GameRecord>& records, RecordFormat format) {
    std::string out;
    for (size_t k = 0; k < records.size(); ++k) {
        if (format == RecordFormat::Jsonl) out += record_json(records[k]);
        else out += (k ? "\n" : "") + record_text(records[k]);
    }
    return out;
}

}   // namespace stich
