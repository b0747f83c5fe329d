#include "stich/view_text.hpp"

namespace stich {

namespace {

// A location line with the cards the observer cannot see counted: `rest` is the text after
// "<name>: "; what follows the cards from "  (" on (a seat's status) is kept.
std::string counted(std::string_view name, std::string_view rest, const Location& loc, Alphabet alphabet) {
    const size_t tail = rest.find("  (");
    std::string cards = cards_text(loc.known, alphabet);
    const int hidden = loc.size - popcount(loc.known);
    if (hidden) cards += (cards.empty() ? "" : " + ") + std::to_string(hidden) + " unknown";
    std::string out(name);
    out += ": ";
    out += cards.empty() ? "-" : cards;
    if (tail != std::string_view::npos) out += rest.substr(tail);
    return out;
}

// What the history proves about seat `seat`'s hand: the unknown cards it cannot hold, whole suits
// (of the unknown cards) as a void, the rest as cards; "" when nothing.
std::string inferred(const View& v, int seat, Alphabet alphabet) {
    const Location& loc = v.where[size_t(seat)];
    const CardSet excluded = loc.forbidden & v.unknown;
    std::string voids;
    CardSet in_voids = 0;
    for (int suit = 0; suit < SUIT_NB; ++suit) {
        const CardSet lane = v.unknown & suit_lane(suit);
        if (lane && (lane & ~excluded) == 0) {
            if (!voids.empty()) voids += ' ';
            voids += suit_letter(suit, alphabet);
            in_voids |= lane;
        }
    }
    std::string out;
    if (!voids.empty()) out = "void in " + voids;
    if (excluded & ~in_voids) out += (out.empty() ? "not " : ", not ") + cards_text(excluded & ~in_voids, alphabet);
    return out;
}

}   // namespace

std::vector<std::string> view_lines(std::string_view state_text, const View& v, Alphabet alphabet,
                                    const std::vector<std::string>& extra_locations) {
    auto location_name = [&](int l) {
        if (l < v.num_seats) return "seat " + std::to_string(l);
        return size_t(l - v.num_seats) < extra_locations.size() ? extra_locations[size_t(l - v.num_seats)] : std::string();
    };
    std::vector<std::string> out;
    for (size_t start = 0; start < state_text.size();) {
        size_t end = state_text.find('\n', start);
        if (end == std::string_view::npos) end = state_text.size();
        const std::string_view line = state_text.substr(start, end - start);
        start = end + 1;
        const size_t colon = line.find(": ");
        int loc = -1;
        if (colon != std::string_view::npos && colon > 0)
            for (int l = 0; l < v.num_locations && loc < 0; ++l)
                if (line.substr(0, colon) == location_name(l)) loc = l;
        out.push_back(loc < 0 ? std::string(line) : counted(line.substr(0, colon), line.substr(colon + 2), v.where[size_t(loc)], alphabet));
    }
    std::string proven;
    for (int seat = 0; seat < v.num_seats; ++seat) {
        const Location& hand = v.where[size_t(seat)];
        if (seat == v.observer || hand.size == popcount(hand.known)) continue;
        const std::string facts = inferred(v, seat, alphabet);
        if (!facts.empty()) proven += (proven.empty() ? "" : "; ") + ("seat " + std::to_string(seat) + " ") + facts;
    }
    if (!proven.empty()) out.push_back("inferred: " + proven);
    return out;
}

}   // namespace stich
