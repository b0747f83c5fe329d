#include "stich/cards.hpp"

#include <algorithm>
#include <cctype>

#include "stich/errors.hpp"

namespace stich {

namespace {

CardSet ranks_in_all_suits(std::initializer_list<int> ranks) {
    CardSet s = 0;
    for (int suit = 0; suit < SUIT_NB; ++suit)
        for (int r : ranks) s |= bit(make_card(suit, r));
    return s;
}

std::array<Deck, size_t(DeckKind::DECK_NB)> make_decks() {
    const CardSet r24 = ranks_in_all_suits({9, 10, 11, 12, 13, 14});
    const CardSet r32 = r24 | ranks_in_all_suits({7, 8});
    const CardSet r36 = r32 | ranks_in_all_suits({6});
    const CardSet r52 = r36 | ranks_in_all_suits({2, 3, 4, 5});
    return {{
        {DeckKind::German24, Alphabet::German, "german24", r24, 24},
        {DeckKind::German32, Alphabet::German, "german32", r32, 32},
        {DeckKind::German36, Alphabet::German, "german36", r36, 36},
        {DeckKind::French24, Alphabet::French, "french24", r24, 24},
        {DeckKind::French32, Alphabet::French, "french32", r32, 32},
        {DeckKind::French36, Alphabet::French, "french36", r36, 36},
        {DeckKind::French52, Alphabet::French, "french52", r52, 52},
    }};
}

const std::array<Deck, size_t(DeckKind::DECK_NB)> DECKS = make_decks();

char rank_letter(int rank, Alphabet a) {
    switch (rank) {
        case RANK_ACE: return 'A';
        case RANK_KING: return 'K';
        case RANK_OBER: return a == Alphabet::German ? 'O' : 'Q';
        case RANK_UNTER: return a == Alphabet::German ? 'U' : 'J';
        case RANK_TEN: return a == Alphabet::German ? 'Z' : 'T';
        default: return char('0' + rank);
    }
}

// Unicode suit symbols, by suit index (clubs ~ Eichel, spades ~ Gras, hearts, diamonds ~ Schellen).
constexpr std::array<std::string_view, 4> SUIT_SYMBOLS = {"\u2663", "\u2660", "\u2665", "\u2666"};
constexpr std::array<std::string_view, 4> SUIT_SYMBOLS_WHITE = {"\u2667", "\u2664", "\u2661", "\u2662"};

int parse_rank(std::string_view t, Alphabet a) {
    if (t == "10") return RANK_TEN;
    if (t.size() != 1) return -1;
    char ch = char(std::toupper(static_cast<unsigned char>(t[0])));
    if (ch >= '2' && ch <= '9') return ch - '0';
    for (int r = RANK_TEN; r <= RANK_ACE; ++r)
        if (rank_letter(r, a) == ch) return r;
    return -1;
}

[[noreturn]] void bad_card(std::string_view text, const Deck& d, const std::string& why) {
    const bool german = d.alphabet == Alphabet::German;
    throw std::invalid_argument("bad card text " + quoted(text) + " for the " + d.name + " deck: " + why +
                                ". Accepted: suit then rank, e.g. " + (german ? "'EO', 'HZ', 'S9'" : "'SQ', 'HT', 'D9'") +
                                " (rank first such as " + (german ? "'OE'" : "'QS'") + ", '10' for the ten, and the suit symbols " +
                                "\u2663\u2660\u2665\u2666 are accepted too); suits " + (german ? "E G H S" : "C S H D") + ", ranks " + [&] {
                                    std::string ranks;
                                    for (int r = RANK_ACE; r >= 2; --r)
                                        if (d.cards & bit(make_card(0, r))) {
                                            ranks += rank_letter(r, d.alphabet);
                                            ranks += ' ';
                                        }
                                    if (!ranks.empty()) ranks.pop_back();
                                    return ranks;
                                }());
}

// Splits a card token into its first symbol (one ASCII letter/digit or one UTF-8 code point)
// and the rest.
std::pair<std::string_view, std::string_view> split_first(std::string_view t) {
    size_t n = 1;
    unsigned char c0 = static_cast<unsigned char>(t[0]);
    if (c0 >= 0xF0) n = 4;
    else if (c0 >= 0xE0) n = 3;
    else if (c0 >= 0xC0) n = 2;
    else if (t.substr(0, 2) == "10") n = 2;
    n = std::min(n, t.size());
    return {t.substr(0, n), t.substr(n)};
}

}   // namespace

int parse_suit(std::string_view t, Alphabet a) {
    for (int s = 0; s < 4; ++s)
        if (t == SUIT_SYMBOLS[s] || t == SUIT_SYMBOLS_WHITE[s]) return s;
    if (t.size() != 1) return -1;
    char ch = char(std::toupper(static_cast<unsigned char>(t[0])));
    for (int s = 0; s < 4; ++s)
        if (suit_letter(s, a) == ch) return s;
    return -1;
}

const Deck& deck(DeckKind kind) { return DECKS[size_t(kind)]; }

DeckKind deck_kind_from_name(std::string_view name) {
    for (const Deck& d : DECKS)
        if (name == d.name) return d.kind;
    std::string names;
    for (const Deck& d : DECKS) names += std::string(names.empty() ? "" : ", ") + d.name;
    throw UnknownName("unknown deck " + quoted(name) + "; accepted: " + names);
}

std::pair<uint32_t, size_t> utf8_code_point(std::string_view text, size_t i) {
    const auto b = [&](size_t k) { return static_cast<unsigned char>(text[k]); };
    const auto cont = [&](size_t k) { return k < text.size() && (b(k) & 0xC0) == 0x80; };
    const unsigned char c = b(i);
    if (c < 0x80) return {c, 1};
    if (c >= 0xC2 && c < 0xE0 && cont(i + 1)) return {uint32_t(c & 0x1F) << 6 | (b(i + 1) & 0x3F), 2};
    if (c >= 0xE0 && c < 0xF0 && cont(i + 1) && cont(i + 2)) {
        const uint32_t cp = uint32_t(c & 0x0F) << 12 | uint32_t(b(i + 1) & 0x3F) << 6 | (b(i + 2) & 0x3F);
        if (cp >= 0x800) return {cp, 3};
    }
    if (c >= 0xF0 && c < 0xF5 && cont(i + 1) && cont(i + 2) && cont(i + 3)) {
        const uint32_t cp = uint32_t(c & 0x07) << 18 | uint32_t(b(i + 1) & 0x3F) << 12 | uint32_t(b(i + 2) & 0x3F) << 6 | (b(i + 3) & 0x3F);
        if (cp >= 0x10000 && cp <= 0x10FFFF) return {cp, 4};
    }
    return {0xDC00 + c, 1};
}

std::string quoted(std::string_view text) {
    const bool double_quotes = text.find('\'') != std::string_view::npos && text.find('"') == std::string_view::npos;
    const char q = double_quotes ? '"' : '\'';
    static constexpr char HEX[] = "0123456789abcdef";
    std::string out(1, q);
    for (size_t i = 0; i < text.size();) {
        const auto [cp, len] = utf8_code_point(text, i);
        if (cp == '\\' || cp == uint32_t(q)) (out += '\\') += char(cp);
        else if (cp == '\n') out += "\\n";
        else if (cp == '\r') out += "\\r";
        else if (cp == '\t') out += "\\t";
        else if (cp < 0x20 || (cp >= 0x7F && cp < 0xA0)) ((out += "\\x") += HEX[cp >> 4]) += HEX[cp & 15];   // C0 and C1 controls
        else if (cp >= 0xD800 && cp <= 0xDFFF) {
            out += "\\u";
            for (int shift = 12; shift >= 0; shift -= 4) out += HEX[(cp >> shift) & 15];
        } else out.append(text.substr(i, len));
        i += len;
    }
    return out + q;
}

std::string card_text(Card c, Alphabet a) {
    std::string s;
    s += suit_letter(suit_of(c), a);
    s += rank_letter(rank_of(c), a);
    return s;
}

std::string cards_text(CardSet s, Alphabet a) {
    std::string out;
    for_each_card_display(s, [&](Card c) {
        if (!out.empty()) out += ' ';
        out += card_text(c, a);
    });
    return out;
}

Card parse_card(std::string_view text, const Deck& d) {
    std::string_view t = text;
    while (!t.empty() && std::isspace(static_cast<unsigned char>(t.front()))) t.remove_prefix(1);
    while (!t.empty() && std::isspace(static_cast<unsigned char>(t.back()))) t.remove_suffix(1);
    if (t.empty()) bad_card(text, d, "it is empty");
    auto [first, rest] = split_first(t);
    int suit = parse_suit(first, d.alphabet), rank = parse_rank(rest, d.alphabet);
    if (suit < 0 || rank < 0) {   // rank first?
        auto [r1, s1] = split_first(t);
        suit = parse_suit(s1, d.alphabet);
        rank = parse_rank(r1, d.alphabet);
    }
    if (suit < 0 || rank < 0) bad_card(text, d, "not a card");
    Card c = make_card(suit, rank);
    if (!contains(d.cards, c)) bad_card(text, d, "that card is not in this deck");
    return c;
}

Card parse_card_any(std::string_view text, Alphabet& alphabet) {
    try {
        alphabet = Alphabet::German;
        return parse_card(text, deck(DeckKind::German36));
    } catch (const std::invalid_argument&) {}
    try {
        alphabet = Alphabet::French;
        return parse_card(text, deck(DeckKind::French52));
    } catch (const std::invalid_argument&) {}
    throw std::invalid_argument("bad card text " + quoted(text) +
                                ": not a German card (suits E G H S, ranks A Z K O U 9 8 7 6, e.g. 'EO', 'HZ') "
                                "nor a French one (suits C S H D, ranks A K Q J T 9 .. 2, e.g. 'SQ', 'D10'); "
                                "rank first and the suit symbols \u2663\u2660\u2665\u2666 are accepted too");
}

std::vector<Card> parse_cards(std::string_view text, const Deck& d) {
    std::vector<Card> out;
    CardSet seen = 0;
    size_t i = 0;
    while (i < text.size()) {
        while (i < text.size() && (std::isspace(static_cast<unsigned char>(text[i])) || text[i] == ',')) ++i;
        size_t j = i;
        while (j < text.size() && !std::isspace(static_cast<unsigned char>(text[j])) && text[j] != ',') ++j;
        if (j > i) {
            Card c = parse_card(text.substr(i, j - i), d);
            if (contains(seen, c)) throw std::invalid_argument("card " + card_text(c, d.alphabet) + " appears twice in " + quoted(text));
            seen |= bit(c);
            out.push_back(c);
        }
        i = j;
    }
    return out;
}

}   // namespace stich
