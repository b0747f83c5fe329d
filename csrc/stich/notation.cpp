// The position notation's text: the tokenizer and the value, seat, card and history readers
// (stich/notation.hpp). White space and line breaks are Unicode's, as Python's str.split and
// str.splitlines read them, so that a text reads the same from C++ and from Python.
#include "stich/notation.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>

namespace stich {

namespace {

bool is_surrogate(uint32_t cp) { return cp >= 0xD800 && cp <= 0xDFFF; }

// Python's str.isspace.
bool is_space(uint32_t cp) {
    return (cp >= 0x09 && cp <= 0x0D) || (cp >= 0x1C && cp <= 0x20) || cp == 0x85 || cp == 0xA0 || cp == 0x1680 ||
           (cp >= 0x2000 && cp <= 0x200A) || cp == 0x2028 || cp == 0x2029 || cp == 0x202F || cp == 0x205F || cp == 0x3000;
}

// Python's line boundaries (str.splitlines), \r\n counting as one.
bool is_line_break(uint32_t cp) {
    return (cp >= 0x0A && cp <= 0x0D) || (cp >= 0x1C && cp <= 0x1E) || cp == 0x85 || cp == 0x2028 || cp == 0x2029;
}

}   // namespace

bool text_is_utf8(std::string_view s) {
    for (size_t i = 0; i < s.size();) {
        const auto [cp, len] = utf8_code_point(s, i);
        if (is_surrogate(cp)) return false;
        i += len;
    }
    return true;
}

namespace {

bool is_number(std::string_view s) {
    return !s.empty() && std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; });
}

[[noreturn]] void line_error(int number, std::string_view key, const std::string& why) {
    throw NotationError("line " + std::to_string(number) + " (" + (text_is_identifier(key) ? std::string(key) : quoted(key)) + "): " + why,
                        why);
}

std::string joined(const std::vector<std::string>& names) {
    std::string s;
    for (const std::string& n : names) s += (s.empty() ? "" : ", ") + n;
    return s;
}

}   // namespace

std::vector<std::string_view> text_lines(std::string_view text) {
    std::vector<std::string_view> out;
    size_t start = 0, i = 0;
    while (i < text.size()) {
        const auto [cp, len] = utf8_code_point(text, i);
        if (is_line_break(cp)) {
            out.push_back(text.substr(start, i - start));
            i += len;
            if (cp == '\r' && i < text.size() && text[i] == '\n') ++i;
            start = i;
        } else {
            i += len;
        }
    }
    if (start < text.size()) out.push_back(text.substr(start));
    return out;
}

std::string_view text_strip(std::string_view s) {
    while (!s.empty()) {
        const auto [cp, len] = utf8_code_point(s, 0);
        if (!is_space(cp)) break;
        s.remove_prefix(len);
    }
    while (!s.empty()) {   // the last code point: step back over continuation bytes
        size_t k = s.size() - 1;
        while (k > 0 && (static_cast<unsigned char>(s[k]) & 0xC0) == 0x80 && s.size() - k < 4) --k;
        const auto [cp, len] = utf8_code_point(s, k);
        if (k + len != s.size() || !is_space(cp)) break;
        s.remove_suffix(len);
    }
    return s;
}

// The words of s split at runs of white space (Python's str.split()).
std::vector<std::string_view> text_words(std::string_view s) {
    std::vector<std::string_view> out;
    size_t i = 0, start = std::string_view::npos;
    while (i < s.size()) {
        const auto [cp, len] = utf8_code_point(s, i);
        if (is_space(cp)) {
            if (start != std::string_view::npos) out.push_back(s.substr(start, i - start));
            start = std::string_view::npos;
        } else if (start == std::string_view::npos) {
            start = i;
        }
        i += len;
    }
    if (start != std::string_view::npos) out.push_back(s.substr(start));
    return out;
}

// Python's str.isidentifier, for ASCII; any other character counts as a letter.
bool text_is_identifier(std::string_view s) {
    if (s.empty() || (s[0] >= '0' && s[0] <= '9')) return false;
    for (char ch : s) {
        const auto c = static_cast<unsigned char>(ch);
        if (!(c >= 0x80 || std::isalnum(c) || c == '_')) return false;
    }
    return true;
}

// ASCII digits as a number, -1 for anything else (a number too large for any seat included).
int64_t text_number(std::string_view s) {
    int64_t x = -1;
    if (!is_number(s)) return -1;
    const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), x);
    return ec == std::errc() && end == s.data() + s.size() ? x : -1;
}

const NotationLine* PositionTokens::find(std::string_view key) const {
    for (const NotationLine& l : lines)
        if (l.key == key) return &l;
    return nullptr;
}

const NotationLine& PositionTokens::at(std::string_view key) const {
    if (const NotationLine* l = find(key)) return *l;
    throw NotationError("the position has no " + quoted(key) + " line");
}

const std::vector<std::string>& position_common_keys() {
    static const std::vector<std::string> keys = {"game", "dealer", "seat", "hand", "history"};
    return keys;
}

const std::vector<std::string>& position_known_keys() {
    static const std::vector<std::string> keys = [] {
        std::vector<std::string> k = position_common_keys();
        for_each_game([&]<class Def>() {
            if constexpr (HasNotation<Def>)
                for (const std::string& key : position_keys(typename Def::Rules{}))
                    if (std::find(k.begin(), k.end(), key) == k.end()) k.push_back(key);
        });
        return k;
    }();
    return keys;
}

void notation_error(const NotationLine& line, const std::string& why) { line_error(line.number, line.key, why); }

void no_notation(const PositionTokens& t) {
    notation_error(t.at("game"), t.game + " has no position notation yet (docs/notation.md lists the games that have one)");
}

PositionTokens tokenize_position(std::string_view text) {
    // A UTF-8 byte-order mark (editors on Windows write one) is no part of the text.
    if (text.starts_with("\xEF\xBB\xBF")) text.remove_prefix(3);
    struct Raw {
        int number;
        std::string_view text;
    };
    std::vector<Raw> raw;
    int number = 0;
    for (std::string_view ln : text_lines(text)) {
        ++number;
        const std::string_view content = text_strip(ln.substr(0, ln.find('#')));
        if (!content.empty()) raw.push_back({number, content});
    }
    if (raw.empty() || raw[0].text != POSITION_HEADER)
        throw NotationError(std::string("a position text starts with the line ") + quoted(POSITION_HEADER));
    PositionTokens t;
    const std::vector<std::string>& known = position_known_keys();
    for (size_t i = 1; i < raw.size(); ++i) {
        const auto [no, ln] = raw[i];
        const size_t colon = ln.find(':');
        const std::string_view key = text_strip(ln.substr(0, colon));
        if (!text_is_utf8(ln)) line_error(no, key, "the line " + quoted(ln) + " cannot be encoded as UTF-8");
        if (colon == std::string_view::npos) line_error(no, key, "expected 'key: value', got " + quoted(ln));
        if (std::find(known.begin(), known.end(), key) == known.end())
            line_error(no, key, "unknown key " + quoted(key) + "; keys: " + joined(known));
        if (t.find(key)) line_error(no, key, "given twice");
        t.lines.push_back({no, std::string(key), std::string(text_strip(ln.substr(colon + 1)))});
    }
    for (const std::string& key : position_common_keys())
        if (!t.find(key)) throw NotationError("the position has no " + quoted(key) + " line");
    read_game_line(t.at("game"), t);
    return t;
}

void read_game_line(const NotationLine& game, PositionTokens& t) {
    const std::vector<std::string_view> parts = text_words(game.value);
    std::vector<std::string> names;
    for_each_game([&]<class Def>() { names.push_back(Def::NAME); });
    if (parts.empty() || std::find(names.begin(), names.end(), parts[0]) == names.end())
        notation_error(game, "unknown game " + quoted(parts.empty() ? "" : parts[0]) + "; games: " + joined(names));
    t.game = std::string(parts[0]);
    for (size_t i = 1; i < parts.size(); ++i) {
        const size_t eq = parts[i].find('=');
        if (eq == std::string_view::npos || eq == 0) notation_error(game, "options are written key=value, got " + quoted(parts[i]));
        const std::string key(parts[i].substr(0, eq));
        for (const auto& [k, v] : t.options)
            if (k == key) notation_error(game, "option " + key + " given twice");
        t.options.emplace_back(key, std::string(parts[i].substr(eq + 1)));
    }
}

Value notation_value(std::string_view text, const Accepts& a, const Deck& deck, const std::string& what) {
    using K = Accepts::Kind;
    Value v;
    const std::string_view digits = text.substr(text.starts_with('-') ? 1 : 0);
    if (text == "True" || text == "False") {
        v = Value::of_bool(text == "True");
    } else if (text == "None") {
        v = Value::none();
    } else if (is_number(digits)) {
        int64_t x = 0;
        const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), x);
        if (ec != std::errc() || end != text.data() + text.size())   // beyond int64: in no range
            throw std::invalid_argument(what + " must be " + describe(a) + ", got " + std::string(text));
        v = Value::of_int(x);
    } else if (text == "()") {
        v = Value::of_texts({});
    } else if (text.find(',') != std::string_view::npos) {
        std::vector<std::string> names;
        for (size_t start = 0; start <= text.size();) {
            const size_t comma = std::min(text.find(',', start), text.size());
            if (comma > start) names.emplace_back(text.substr(start, comma - start));
            start = comma + 1;
        }
        v = Value::of_texts(std::move(names));
    } else {
        v = Value::of_text(std::string(text));
    }
    // Text for a card option is the card (or the cards, space separated).
    if (v.kind == Value::Kind::Text && a.kind == K::OneCard) v = Value::of_card(parse_card(v.text, deck));
    if (v.kind == Value::Kind::Text && a.kind == K::CardList) {
        const std::vector<Card> cards = parse_cards(v.text, deck);
        v = Value::of_card_list(cards.data(), cards.data() + cards.size());
    }
    // The kinds a Python value of this text converts to (stich._core's from_python): a name is
    // never a bool, and a subset is a tuple.
    const bool refuse = (a.kind == K::Bool && v.kind != Value::Kind::Bool && !v.is_none()) ||
                        (a.kind == K::Int && v.kind != Value::Kind::Int && !v.is_none()) ||
                        (a.kind == K::Subset && v.kind != Value::Kind::Texts && !v.is_none());
    if (refuse) throw std::invalid_argument(what + " must be " + describe(a) + ", got " + value_repr(v, deck.alphabet));
    return accepted_value(a, v, what);
}

std::string notation_value_text(const Value& v, Alphabet alphabet) {
    using K = Value::Kind;
    switch (v.kind) {
        case K::None: return "None";
        case K::Bool: return v.i ? "True" : "False";
        case K::Int: return std::to_string(v.i);
        case K::Text: return v.text;
        case K::Texts: {
            if (v.texts.empty()) return "()";
            std::string s;
            for (const std::string& t : v.texts) s += (s.empty() ? "" : ",") + t;
            return v.texts.size() == 1 ? s + "," : s;
        }
        case K::OneCard: return card_text(Card(v.i), alphabet);
        case K::Cards: return cards_text(v.cards, alphabet);
        case K::CardList:
        case K::Ints: {
            std::string s;
            for (int64_t x : v.ints)
                s += (s.empty() ? "" : " ") + (v.kind == K::CardList ? card_text(Card(x), alphabet) : std::to_string(x));
            return s;
        }
        case K::List:
        case K::Tuple: return value_repr(v, alphabet);
    }
    return value_repr(v, alphabet);
}

int notation_seat(const NotationLine& line, int players) {
    const std::string& v = line.value;
    const int64_t seat = text_number(v);
    if (seat < 0 || seat >= players) notation_error(line, "must be a seat 0.." + std::to_string(players - 1) + ", got " + quoted(v));
    return int(seat);
}

CardSet notation_cards(const NotationLine& line, const Deck& deck) {
    if (line.value == "-" || line.value.empty()) return 0;
    std::vector<Card> cards;
    for (std::string_view word : text_words(line.value)) {
        try {
            cards.push_back(parse_card(word, deck));
        } catch (const std::invalid_argument& e) {
            notation_error(line, e.what());   // the message quotes the card and names the deck
        }
    }
    CardSet out = 0;
    for (Card c : cards) out |= bit(c);
    for (Card c : cards)
        if (std::count(cards.begin(), cards.end(), c) > 1)
            notation_error(line, "the card " + card_text(c, deck.alphabet) + " is given twice");
    return out;
}

PositionEntries notation_history(const NotationLine& line, int players) {
    PositionEntries out;
    if (line.value == "-" || line.value.empty()) return out;
    const std::string_view v = line.value;
    for (size_t start = 0; start <= v.size();) {
        const size_t semicolon = std::min(v.find(';', start), v.size());
        const std::string_view item = text_strip(v.substr(start, semicolon - start));
        start = semicolon + 1;
        std::optional<PositionEntry> entry = history_entry(item, players);
        if (!entry)
            notation_error(line, "each action is 'SEAT TEXT' with a seat 0.." + std::to_string(players - 1) + ", got " + quoted(item));
        out.push_back(std::move(*entry));
    }
    return out;
}

std::optional<PositionEntry> history_entry(std::string_view item, int players) {
    item = text_strip(item);
    const size_t space = item.find(' ');
    const std::string_view who = item.substr(0, space), text = space == std::string_view::npos ? "" : item.substr(space + 1);
    const std::vector<std::string_view> words = text_words(text);
    const int64_t seat = text_number(who);
    if (seat < 0 || seat >= players || words.empty()) return std::nullopt;
    std::string folded;
    for (std::string_view w : words) (folded += folded.empty() ? "" : " ") += w;
    return PositionEntry{int(seat), std::move(folded)};
}

FullDealText split_full_deal(std::string_view text) {
    FullDealText out;
    int number = 0;
    for (std::string_view ln : text_lines(text)) {
        ++number;
        const std::string_view content = text_strip(ln.substr(0, ln.find('#')));
        const size_t colon = content.find(':');
        const std::string_view key = text_strip(content.substr(0, colon));
        if (colon != std::string_view::npos && key.starts_with("hand") && is_number(key.substr(4))) {
            out.hands.push_back({number, std::string(key), std::string(text_strip(content.substr(colon + 1)))});
            out.seats.push_back(int(text_number(key.substr(4))));   // -1: too large for any seat
            ln = {};                                                // a blank line: the others keep their numbers
        }
        (out.position += ln) += '\n';
    }
    return out;
}

}   // namespace stich
