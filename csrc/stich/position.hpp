// Positions rebuilt exactly (docs/notation.md): from what one seat saw of a deal — its cards, the
// history as its view lists it and the deal's public facts — a full game State consistent with
// all of it, the hidden cards drawn uniformly among the consistent worlds.
//
// The replay is shared; each game adds hooks for what only it has (a reveal of a card, a hidden
// pass, a chooser of who must play, an exchange of cards). A working state is dealt
// with the observer's own cards and replays the history entry by entry. Before an entry that
// needs something of the hidden cards (another seat plays a card: it holds it, and none of the
// cards the play proves it lacks), the working state's hidden cards are redrawn from the
// observer's view at that point plus that need, with the WorldSampler: when no world satisfies
// them the entry cannot happen, and the error names it and why. Once the history is replayed,
// the state is resampled from the observer's final view: the result is exactly what
// `state.resample(observer, seed)` of any state with that view gives. No retries, no rejection.
#pragma once
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "stich/game.hpp"
#include "stich/sampler.hpp"
#include "stich/trick.hpp"

namespace stich {

// One history entry as the notation writes it: the seat and its action's text as the observer
// saw it.
struct PositionEntry {
    int seat = 0;
    std::string text;
};
using PositionEntries = std::vector<PositionEntry>;
// A game's own lines of a position ("bock", "turned", ...) as (key, value) texts.
using PositionLines = std::vector<std::pair<std::string, std::string>>;

// A position that cannot be: `key` names the line at fault ("hand", "history", "turned", ...;
// empty when a line is missing), `entry` the history entry (-1 for none).
struct PositionError : std::invalid_argument {
    std::string key;
    int entry;
    PositionError(std::string k, int e, const std::string& message) : std::invalid_argument(message), key(std::move(k)), entry(e) {}
};

// The error for history entry i: its index and text, then why it cannot happen.
[[noreturn]] inline void entry_error(const PositionEntries& es, int i, const std::string& why) {
    if (i < 0 || i >= int(es.size())) throw PositionError("history", -1, why);
    throw PositionError(
        "history", i,
        "history entry " + std::to_string(i) + " (" + quoted(std::to_string(es[size_t(i)].seat) + " " + es[size_t(i)].text) + "): " + why);
}

// What an entry needs of the hidden cards: cards that must be at a location and cards that must
// not. `blame` is the entry to name when it cannot be (a need may look ahead: the Mit's holder must
// hold it before the trump is chosen); `why` says what the need is for.
struct Need {
    Locations known{}, forbidden{};
    int blame = -1;
    std::string why;
    bool empty() const {
        for (size_t l = 0; l < known.size(); ++l)
            if (known[l] | forbidden[l]) return false;
        return true;
    }
};

// Does the state's true content meet the need?
inline bool meets(const Locations& truth, const Need& n) {
    for (size_t l = 0; l < truth.size(); ++l)
        if ((truth[l] & n.known[l]) != n.known[l] || (truth[l] & n.forbidden[l])) return false;
    return true;
}

// One world consistent with the view, any one: the unknown cards matched to the open places
// (augmenting paths, a few microseconds). A replay's working state needs a consistent world, not
// a uniform one. Throws std::invalid_argument when there is none.
inline Locations any_world(const View& v, Rng& rng, Alphabet alphabet) {
    const int L = v.num_locations;
    std::array<int, MAX_LOCATIONS> open{};
    Locations w{};
    int places = 0;
    for (int l = 0; l < L; ++l) {
        const Location& loc = v.where[size_t(l)];
        w[size_t(l)] = loc.known;
        open[size_t(l)] = loc.size - popcount(loc.known);
        if (open[size_t(l)] < 0) throw std::invalid_argument("a place holds fewer cards than are known to be there");
        places += open[size_t(l)];
    }
    if (places != popcount(v.unknown))
        throw std::invalid_argument(std::to_string(popcount(v.unknown)) + " hidden cards for " + std::to_string(places) + " places");
    std::array<Card, MAX_CARDS> cards;
    int n = 0;
    for (CardSet u = v.unknown; u;) cards[size_t(n++)] = pop_lsb(u);
    rng.shuffle(cards.data(), n);
    std::array<int8_t, MAX_CARDS> at;   // the location of cards[i], -1 while unplaced
    at.fill(-1);
    std::array<int, MAX_LOCATIONS> used{};
    uint32_t visited = 0;
    // Places card i, moving placed cards along an augmenting path where needed.
    auto place = [&](auto&& self, int i) -> bool {
        for (int l = 0; l < L; ++l) {
            if (!open[size_t(l)] || (visited >> l & 1) || contains(v.where[size_t(l)].forbidden, cards[size_t(i)])) continue;
            visited |= 1u << l;
            if (used[size_t(l)] < open[size_t(l)]) {
                at[size_t(i)] = int8_t(l);
                ++used[size_t(l)];
                return true;
            }
            for (int j = 0; j < n; ++j)
                if (at[size_t(j)] == l && self(self, j)) {
                    --used[size_t(l)];   // j moved away (self counted it at its new place)
                    at[size_t(i)] = int8_t(l);
                    ++used[size_t(l)];
                    return true;
                }
        }
        return false;
    };
    for (int i = 0; i < n; ++i) {
        visited = 0;
        if (!place(place, i))
            throw std::invalid_argument("no placement of the hidden cards meets every constraint; " +
                                        card_text(cards[size_t(i)], alphabet) + " finds no place");
    }
    for (int i = 0; i < n; ++i) w[size_t(at[size_t(i)])] |= bit(cards[size_t(i)]);
    return w;
}

// The name of a location in messages.
inline std::string location_text(const View& v, int l, const char* const* extra_names) {
    if (l < v.num_seats) return "seat " + std::to_string(l) + (l == v.observer ? " (the observer)" : "");
    return extra_names[l - v.num_seats];
}

// Redraws the state's hidden cards from the observer's view plus the need, uniformly among the
// worlds that meet both (the distribution is not what matters here, only that the state stays
// consistent). Throws entry_error naming why no world meets them: a card already out of play,
// a card known elsewhere, a card an earlier play proved the seat lacks, a card the need forbids
// where it is known, or (from the sampler) no room for the rest.
template <GameState State>
void meet_need(State& s, int observer, const Need& need, const PositionEntries& es, int entry, Rng& rng,
               const std::array<std::array<int16_t, MAX_CARDS>, MAX_SEATS>& proof, const std::array<int16_t, MAX_CARDS>& placed,
               const char* const* extra_names) {
    View v = s.view(observer);
    const Deck& d = s.deck_info();
    const int blame = need.blame >= 0 ? need.blame : entry;
    auto fail = [&](const std::string& why) {
        entry_error(es, blame, "no deal is consistent with the position: " + why + (need.why.empty() ? "" : " (" + need.why + ")"));
    };
    auto card = [&](Card c) { return card_text(c, d.alphabet); };
    auto entry_text = [&](int j) {
        return "entry " + std::to_string(j) + " (" + quoted(std::to_string(es[size_t(j)].seat) + " " + es[size_t(j)].text) + ")";
    };
    CardSet all_known = 0;
    for (int l = 0; l < v.num_locations; ++l) all_known |= v.where[size_t(l)].known;
    for (int l = 0; l < v.num_locations; ++l) {
        for (CardSet k = need.known[size_t(l)] & ~v.where[size_t(l)].known; k;) {
            const Card c = pop_lsb(k);
            if (contains(v.played, c))
                fail("the card " + card(c) + " is out of play" + (placed[c] >= 0 ? ", played at " + entry_text(placed[c]) : ""));
            if (contains(all_known, c)) {
                int at = 0;
                while (!contains(v.where[size_t(at)].known, c)) ++at;
                fail("the card " + card(c) + " is given twice: it is in " + location_text(v, at, extra_names));
            }
            if (contains(v.where[size_t(l)].forbidden, c)) {
                if (l < v.num_seats && proof[size_t(l)][c] >= 0)
                    fail("seat " + std::to_string(l) + " cannot hold " + card(c) + ": " + entry_text(proof[size_t(l)][c]) +
                         " showed that it does not");
                fail(location_text(v, l, extra_names) + " cannot hold " + card(c));
            }
            for (int o = 0; o < v.num_locations; ++o)
                if (o != l) v.where[size_t(o)].forbidden |= bit(c);
            v.where[size_t(l)].known |= bit(c);
            v.unknown &= ~bit(c);
            all_known |= bit(c);
        }
        const CardSet clash = need.forbidden[size_t(l)] & v.where[size_t(l)].known;
        if (clash)
            fail(location_text(v, l, extra_names) + " is known to hold " + cards_text(clash, d.alphabet) +
                 (l < v.num_seats ? ", which the rules would make it play" : ""));
        v.where[size_t(l)].forbidden |= need.forbidden[size_t(l)] & ~v.played & d.cards;
    }
    Locations world;
    try {
        world = any_world(v, rng, d.alphabet);
    } catch (const std::invalid_argument& e) {
        fail(std::string("the hidden cards do not fit (") + e.what() + ")");
    }
    s.set_hidden(world, observer, rng);
}

// The hooks a game gives the replay (see each game's *_position function):
//   void hidden(State&, int i)          applies the hidden actions before entry i (i == size: before the position)
//   Need need(const State&, int i)      what entry i needs of the hidden cards besides a card play's own
//   Action action(State&, int i, Rng&)  the action of entry i, once the need is met (may fix hidden details)
// and State::play_proves(c): what playing c now proves the player lacks.
//
// `s` is dealt with the observer's own cards (`own`: every card the text says it holds or held),
// the rest at random. Returns the state after the history, resampled from seed.
template <GameState State, class Hooks>
State rebuild_position(State s, int observer, CardSet hand, CardSet own, const PositionEntries& es, uint64_t seed, Hooks& hooks,
                       const char* const* extra_names) {
    Rng rng(mix_seed(seed, 0x706f736974696f6eULL));                // the working state's draws ("position")
    std::array<std::array<int16_t, MAX_CARDS>, MAX_SEATS> proof;   // entry whose play proved a seat lacks a card
    for (auto& p : proof) p.fill(-1);
    std::array<int16_t, MAX_CARDS> placed;   // entry that played a card
    placed.fill(-1);
    const Deck& d = s.deck_info();
    for (int i = 0; i < int(es.size()); ++i) {
        const PositionEntry& e = es[size_t(i)];
        hooks.hidden(s, i);
        if (s.is_terminal())
            entry_error(es, i, i == 0 ? "the deal is over before it" : "the deal is over after entry " + std::to_string(i - 1));
        if (s.current_player() != e.seat)
            entry_error(es, i,
                        "seat " + std::to_string(e.seat) + " cannot act here, seat " + std::to_string(s.current_player()) + " is to act");
        Need need = hooks.need(static_cast<const State&>(s), i);
        // Another seat's card: it holds it, and none of what playing it proves it lacks.
        Card c = NO_CARD;
        if (std::string_view(s.phase_name()) == PLAY_PHASE) {
            try {
                c = parse_card(std::string_view(e.text).substr(0, e.text.find(':')), d);
            } catch (const std::invalid_argument&) {}
        }
        if (c != NO_CARD && e.seat != observer) {
            need.known[size_t(e.seat)] |= bit(c);
            need.forbidden[size_t(e.seat)] |= s.play_proves(c);
        }
        // The observer keeps the cards the text gives it (a view may not know them all yet).
        need.known[size_t(observer)] |= s.hand(observer) & own;
        const View before = s.view(observer);
        if (!meets(s.locations(), need)) meet_need(s, observer, need, es, i, rng, proof, placed, extra_names);
        try {
            apply_checked(s, hooks.action(s, i, rng));
        } catch (const IllegalAction& x) {
            // Another seat's hand is a random fill here: its legal actions would point the wrong
            // way. Name what the observer knows that seat could hold instead.
            if (c == NO_CARD && e.seat != observer && std::string_view(s.phase_name()) == PLAY_PHASE) {
                const CardSet could = before.where[size_t(e.seat)].known | (before.unknown & ~before.where[size_t(e.seat)].forbidden);
                entry_error(es, i,
                            quoted(e.text) + " is not a card of this deck; seat " + std::to_string(e.seat) +
                                " could hold and play any of " + cards_text(could, d.alphabet) + " here");
            }
            entry_error(es, i, x.what());
        }
        if (c != NO_CARD) placed[c] = int16_t(i);
        // What this entry proved about the other seats, for later messages.
        const View after = s.view(observer);
        for (int seat = 0; seat < s.num_players(); ++seat) {
            if (seat == observer) continue;
            for (CardSet f = after.where[size_t(seat)].forbidden & ~before.where[size_t(seat)].forbidden & ~after.played; f;) {
                const Card x = pop_lsb(f);
                if (proof[size_t(seat)][x] < 0) proof[size_t(seat)][x] = int16_t(i);
            }
        }
    }
    hooks.hidden(s, int(es.size()));
    if (s.is_terminal()) entry_error(es, int(es.size()) - 1, "the deal is over after it: a position is a decision point");
    const CardSet shown = s.view(observer).where[size_t(observer)].known;
    if (shown != hand) {
        std::string why = "no deal is consistent with the position: ";
        if (hand & ~shown)
            why += "seat " + std::to_string(observer) + " does not hold " + cards_text(hand & ~shown, d.alphabet) + " after the history";
        else
            why += "the history leaves seat " + std::to_string(observer) + " with " + std::to_string(popcount(shown)) +
                   " cards here; the hand gives " + std::to_string(popcount(hand));
        throw PositionError("hand", -1, why);
    }
    return resampled(s, observer, seed);
}

// The history entries of `seat`'s position where each is its view's event as the action's text
// (the games whose views show nothing beyond the action: a hidden action as its public text).
template <GameState State>
PositionEntries view_history_entries(const State& s, int seat) {
    const View v = s.view(seat);
    PositionEntries out;
    for (int i = 0; i < v.history_size; ++i) out.push_back({v.history[size_t(i)].seat, s.action_text(v.history[size_t(i)].action)});
    return out;
}

// PositionError when the observer's cards before the history are more than a hand.
inline void check_own_hand(CardSet initial, int hand_size, int observer) {
    if (popcount(initial) > hand_size)
        throw PositionError("hand", -1,
                            "no deal is consistent with the position: seat " + std::to_string(observer) + " would hold " +
                                std::to_string(popcount(initial)) + " cards, more than " + std::to_string(hand_size));
}

// Reads a card of an entry's text, naming the entry when it is not a card of the deck.
inline CardSet entry_cards(const PositionEntries& es, int i, std::string_view text, const Deck& d) {
    CardSet out = 0;
    try {
        for (Card c : parse_cards(text, d)) {
            if (contains(out, c)) entry_error(es, i, "the card " + card_text(c, d.alphabet) + " is given twice");
            out |= bit(c);
        }
    } catch (const PositionError&) {
        throw;
    } catch (const std::invalid_argument& x) {
        entry_error(es, i, x.what());
    }
    return out;
}

// The card of a card-play entry ("EA", "EU:H"), or NO_CARD.
inline Card entry_card(std::string_view text, const Deck& d) {
    if (text.find(' ') != std::string_view::npos) return NO_CARD;
    try {
        return parse_card(text.substr(0, text.find(':')), d);
    } catch (const std::invalid_argument&) {
        return NO_CARD;
    }
}

// The value of a game's own line, or nullptr; PositionError for a line the game does not have.
inline const std::string* position_line(const PositionLines& lines, const char* key) {
    for (const auto& [k, v] : lines)
        if (k == key) return &v;
    return nullptr;
}
inline void check_position_lines(const PositionLines& lines, const char* game, const std::vector<std::string>& keys) {
    for (const auto& [k, v] : lines) {
        if (std::find(keys.begin(), keys.end(), k) == keys.end()) {
            std::string names;
            for (const std::string& key : keys) names += (names.empty() ? "" : ", ") + key;
            throw PositionError(
                k, -1, std::string("not a line of a ") + game + " position" + (names.empty() ? "" : " (its own lines: " + names + ")"));
        }
    }
}

}   // namespace stich
