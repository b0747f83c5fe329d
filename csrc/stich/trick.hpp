// Trick mechanics shared by every game (docs/architecture.md): the trick on the table, the
// history of a deal, and the replay of that history into what one seat's View knows (cards out
// of play, cards a seat is proven not to hold, the forbidden cards of every location). Small
// inline pieces on trivially copyable data, so that they cost nothing on the games' hot paths.
#pragma once
#include <array>
#include <cstdint>
#include <string>

#include "stich/contract.hpp"
#include "stich/game.hpp"

namespace stich {

// Action ids below 64 are card plays: the id is the card.
constexpr Action CARD_ACTIONS = 64;
constexpr bool is_card_action(Action a) { return a < CARD_ACTIONS; }

// The trick on the table: up to N cards in the order played, the card now winning and its seat,
// and how many tricks of the deal are complete.
template <int N>
struct Trick {
    std::array<Card, N> cards{};
    uint8_t size = 0;
    Card winning = NO_CARD;   // meaningful while size > 0
    uint8_t winner = 0;       // the seat of `winning`
    uint8_t done = 0;         // complete tricks of the deal

    Card led() const { return size ? cards[0] : NO_CARD; }
    const Card* begin() const { return cards.data(); }
    const Card* end() const { return cards.data() + size; }
    // The cards of `hand` that may be played now (all of them on a lead).
    CardSet legal(const Contract& k, CardSet hand) const { return size == 0 ? hand : legal_cards(k, hand, cards[0], winning); }
    // `seat` plays c (a legal card): returns how many cards are now on the table.
    int play(const Contract& k, int seat, Card c) {
        // Branch-free: whether c takes the trick is a coin toss in playouts.
        const bool takes_it = size == 0 || takes(k, winning, c);
        winning = takes_it ? c : winning;
        winner = takes_it ? uint8_t(seat) : winner;
        cards[size++] = c;
        return size;
    }
    // The full trick is taken in: returns how many tricks are now complete.
    int gather() {
        size = 0;
        return ++done;
    }
    bool operator==(const Trick&) const = default;
};

// The actions of a deal in order, with the seat that took each.
template <int N>
struct History {
    uint8_t size = 0;
    std::array<Action, N> actions{};
    std::array<uint8_t, N> actors{};

    void push(int seat, Action a) {
        actions[size] = a;
        actors[size++] = uint8_t(seat);
    }
    bool operator==(const History&) const = default;
};

// The trick on the table as text, each card with its seat (" 1:H9 2:HK"): during the card play a
// trick's cards are the history's last actions, so their actors are the seats that played them.
template <int T, int H>
std::string trick_text(const Trick<T>& t, const History<H>& h, Alphabet alphabet) {
    std::string out;
    const int first = int(h.size) - int(t.size);
    for (int i = 0; i < t.size; ++i)
        out += " " + std::to_string(first + i >= 0 ? h.actors[size_t(first + i)] : 0) + ":" + card_text(t.cards[size_t(i)], alphabet);
    return out;
}

// A team's seats as text, e.g. "seats 0+2" (teams alternate around the table: seat % 2).
inline std::string team_text(int team, int players) {
    std::string out = "seats ";
    for (int s = team; s < players; s += 2) out += (s == team ? "" : "+") + std::to_string(s);
    return out;
}

// What each team has taken, teams named by their seats: "seats 0+2: 1 trick, 9 eyes; seats 1+3: ...".
template <class Tallies>
std::string team_tallies_text(int players, const Tallies& tricks, const Tallies* points = nullptr, const char* unit = "") {
    std::string out;
    for (int team = 0; team < 2; ++team) {
        out += (team ? "; " : "") + team_text(team, players) + ": " + std::to_string(int(tricks[size_t(team)])) +
               (tricks[size_t(team)] == 1 ? " trick" : " tricks");
        if (points) out += ", " + std::to_string(int((*points)[size_t(team)])) + " " + unit;
    }
    return out;
}

// Records an event in `observer`'s view at history[count] (its own actions in full, with the cards
// behind them where the id does not show them; the others' as they are seen, `seen`, unless
// hidden); returns the new count. The count is the caller's, so that a replay keeps it in a
// register (replay_history).
inline int record_seen_at(View& v, int count, int actor, Action a, Action seen, CardSet own_cards = 0) {
    if (actor == v.observer) v.history[size_t(count++)] = {uint8_t(actor), a, own_cards};
    else if (seen != HIDDEN_ACTION) v.history[size_t(count++)] = {uint8_t(actor), seen, 0};
    return count;
}

// The same, at the end of the view's history.
inline void record_seen(View& v, int actor, Action a, Action seen, CardSet own_cards = 0) {
    v.history_size = uint8_t(record_seen_at(v, v.history_size, actor, a, seen, own_cards));
}

// The replay of the card plays of a history, for one observer: the trick as it went, the cards
// played, and per seat the cards its plays prove it does not hold (the following cascade: a seat
// that did not follow holds none of the suit, C-5 / U-4 / M-9).
struct PlayReplay {
    static constexpr int NO_OBSERVER = -1;   // play(k, seat, c, NO_OBSERVER): every seat's proofs kept
    int trick_cards = 0;                     // cards in a full trick
    Card led = NO_CARD, winning = NO_CARD;
    int in_trick = 0, tricks = 0;   // cards of the current trick; complete tricks
    CardSet played = 0;
    std::array<CardSet, MAX_SEATS> proven_absent{};

    PlayReplay() = default;   // nothing replayed (a view adds nothing from it)
    explicit PlayReplay(int cards_per_trick) : trick_cards(cards_per_trick) {}

    // What playing c here proves about the hand that played it, under the contract k in force.
    CardSet proves(const Contract& k, Card c) const { return proven_absent_after(k, led, winning, c); }
    // c goes to the trick, under the contract k in force once c is down.
    void play(const Contract& k, Card c) {
        played |= bit(c);
        if (in_trick == 0) led = winning = c;
        else if (takes(k, winning, c)) winning = c;
        if (++in_trick == trick_cards) {
            in_trick = 0;
            ++tricks;
            led = winning = NO_CARD;
        }
    }
    // Both steps, for a seat's card under a contract that the card does not change.
    void play(const Contract& k, int seat, Card c, int observer) {
        if (seat != observer) proven_absent[size_t(seat)] |= proves(k, c);
        play(k, c);
    }
    // What another replay found (its cards played and proofs), added to this one's.
    void add(const PlayReplay& other) {
        played |= other.played;
        for (size_t s = 0; s < proven_absent.size(); ++s) proven_absent[s] |= other.proven_absent[s];
    }
};

// The replay of a deal's history for v's observer, where every card play is a card action under
// one contract `k` (set by the time the first card is played): each event recorded as the observer
// saw it (record_seen_at, the others' actions as State::public_projection shows them), each card
// played into `replay`. The count of recorded events is kept in a register: the view's own, a
// byte in memory, made every event wait for the last one's store (a view is built at every step
// of a vector environment).
template <class State, int N>
void replay_history(View& v, PlayReplay& replay, const State& s, const History<N>& h, const Contract* k) {
    int count = v.history_size;
    for (int i = 0; i < h.size; ++i) {
        const Action a = h.actions[size_t(i)];
        const int actor = h.actors[size_t(i)];
        count = record_seen_at(v, count, actor, a, s.public_projection(a));
        if (is_card_action(a)) replay.play(*k, actor, Card(a), v.observer);
    }
    v.history_size = uint8_t(count);
}

// The card play of a view of s: `replayed` (a replay made once for every observer, e.g. kept by
// the vector environment) added to where s's replay starts (State::play_replay), or else the
// history replayed for v's observer (which also records it in v's history).
template <class State, int N>
PlayReplay view_replay(View& v, const State& s, const History<N>& h, const Contract* k, const PlayReplay* replayed) {
    PlayReplay replay = s.play_replay();
    if (replayed) replay.add(*replayed);
    else replay_history(v, replay, s, h, k);
    return replay;
}

// A view's start: the observer, its locations (the seats' hands first, `num_locations` in all),
// each hand's size and the observer's own hand.
template <size_t S>
View start_view(int observer, int num_seats, int num_locations, const std::array<CardSet, S>& hands) {
    View v;
    v.observer = uint8_t(observer);
    v.num_seats = uint8_t(num_seats);
    v.num_locations = uint8_t(num_locations);
    for (int s = 0; s < num_seats; ++s) v.where[size_t(s)].size = uint8_t(popcount(hands[size_t(s)]));
    v.where[size_t(observer)].known = hands[size_t(observer)];
    return v;
}

// A view's end, once every location's size and known cards are set: the cards played go out of
// play, and every location is forbidden the cards known elsewhere, the cards out of play and
// what the replay proved about its seat (never the observer's: a replay for every observer,
// PlayReplay::NO_OBSERVER, holds proofs about it too); the observer's own hand, where it knows it
// whole (`own_hand_known`), is forbidden every other card.
inline void finish_view(View& v, const PlayReplay& r, CardSet deck_cards, bool own_hand_known = true) {
    v.played |= r.played;
    CardSet all_known = 0;
    for (int l = 0; l < v.num_locations; ++l) all_known |= v.where[size_t(l)].known;
    for (int l = 0; l < v.num_locations; ++l) {
        Location& loc = v.where[size_t(l)];
        if (l == v.observer && own_hand_known) {
            loc.forbidden = deck_cards & ~loc.known;
            continue;
        }
        loc.forbidden =
            ((all_known & ~loc.known) | v.played | (l < v.num_seats && l != v.observer ? r.proven_absent[size_t(l)] : 0)) & deck_cards;
    }
    v.unknown = deck_cards & ~v.played & ~all_known;
}

}   // namespace stich
