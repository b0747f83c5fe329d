// The one shape every game follows, and the algorithms written once against it (checked apply,
// action text lookup, perft, batched random playouts, view consistency).
//
// A game State is a small trivially copyable struct with:
//   int num_players() const;             int current_player() const;   // -1 when the deal is over
//   void legal_actions(ActionList&) const;   // ascending action ids, non-empty unless terminal
//   void apply(Action);                      // unchecked: the action must be legal
//   bool is_terminal() const;            void returns(Returns&) const;
//   CardSet hand(int seat) const;        const Deck& deck_info() const;
//   std::string action_text(Action) const;   // canonical text
//   Action public_projection(Action) const;  // what the other seats observe; HIDDEN_ACTION if nothing
//   ActionSet legal_keys(bool own) const;    // the search's edge keys, where the game lists them
//                                        // directly: the legal actions (own) or their public
//                                        // projections (others); empty: the search lists and projects
//   Action action_with_key(Action key, Rng&) const;   // uniform among the legal actions projecting
//                                        // to a key of legal_keys(false)
//   View view(int seat) const;           Locations locations() const;   // true content of a View's locations
//   void set_hidden(const Locations&, int observer, Rng&);   // install a sampled world of observer's view
//                                        // (what play reads; optionally settle_world and world_rules,
//                                        // stich/sampler.hpp: a world that play reaches)
//   Action random_action(Rng&) const;    // uniform among the legal actions
//   int tally(int seat) const;           // optional: what the seat's side has taken so far (eyes,
//                                        // card points, tricks); the search reports its mean per move
//   bool schneider() const;              // optional: the finished deal was decided "with Schneider";
//                                        // the search reports how often per move
//   std::string to_string() const;      std::string phase_name() const;   // PLAY_PHASE in the card play
//   const char* broken_invariant() const;    // optional: the game's own invariants (broken_invariant below)
// and its apply opens with STICH_CHECK_AFTER_APPLY(*this, a) (the debug build's check).
#pragma once
#include <algorithm>
#include <array>
#include <atomic>
#include <cctype>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <stdexcept>
#include <string>
#include <concepts>
#include <exception>
#include <thread>
#include <type_traits>
#include <vector>

#include "stich/cards.hpp"

namespace stich {

using Action = uint16_t;
constexpr Action HIDDEN_ACTION = 0xFFFF;
constexpr int MAX_SEATS = 6;
// The card play's phase name (phase_name()) in every game: where the solver works and a line shows tricks.
constexpr const char* PLAY_PHASE = "play";
constexpr int MAX_ACTIONS = 64;
constexpr int MAX_LOCATIONS = 8;
constexpr int MAX_HISTORY = 96;

struct ActionList {
    std::array<Action, MAX_ACTIONS> a;   // only a[0, n) is set: not cleared, since the solver makes two a node
    int n = 0;
    void push(Action x) { a[size_t(n++)] = x; }
    const Action* begin() const { return a.data(); }
    const Action* end() const { return a.data() + n; }
    bool contains(Action x) const { return std::find(begin(), end(), x) != end(); }
};

using Returns = std::array<int32_t, MAX_SEATS>;

// A set of action ids below 128, as two bit words.
struct ActionSet {
    uint64_t w[2] = {0, 0};
    void add(unsigned b) { w[b >> 6] |= uint64_t(1) << (b & 63); }
    bool has(unsigned b) const { return w[b >> 6] >> (b & 63) & 1; }
    void remove(unsigned b) { w[b >> 6] &= ~(uint64_t(1) << (b & 63)); }
    bool empty() const { return (w[0] | w[1]) == 0; }
    int count() const { return popcount(w[0]) + popcount(w[1]); }
    unsigned nth(int n) const {   // the n-th smallest id (0-based)
        const int low = popcount(w[0]);
        return unsigned(n < low ? nth_card(w[0], n) : 64 + nth_card(w[1], n - low));
    }
    bool operator==(const ActionSet&) const = default;
};

// Raised for an action that is not legal in the state (surfaces as stich.IllegalActionError).
struct IllegalAction : std::invalid_argument {
    using std::invalid_argument::invalid_argument;
};

// The one check of a seat argument and of a deal's dealer (every edge's words for them):
// std::out_of_range for a seat not at a table of `players`.
inline int checked_seat(int64_t seat, int players) {
    if (seat < 0 || seat >= players)
        throw std::out_of_range("seat " + std::to_string(seat) + " out of range 0.." + std::to_string(players - 1));
    return int(seat);
}
inline int checked_dealer(int64_t dealer, int players) {
    if (dealer < 0 || dealer >= players)
        throw std::out_of_range("dealer must be a seat 0.." + std::to_string(players - 1) + ", got " + std::to_string(dealer));
    return int(dealer);
}

// One place unknown cards can be: a seat's hand, a talon, a discard pile.
struct Location {
    CardSet known = 0;       // cards the observer knows are here
    CardSet forbidden = 0;   // cards the observer knows are not here
    uint8_t size = 0;        // how many cards are here in all (known ones included)
};

struct PublicEvent {
    uint8_t seat;
    Action action;   // the action as this observer saw it (its own actions in full)
    CardSet cards;   // cards behind an own action whose id depends on the hand (a discard of some of its cards)
};

// What one seat knows: an information set. Locations 0..num_seats-1 are the hands; further
// locations (talon, discards) are game-specific and named by location_names().
struct View {
    uint8_t observer = 0;
    uint8_t num_seats = 0;
    uint8_t num_locations = 0;
    std::array<Location, MAX_LOCATIONS> where{};
    CardSet played = 0;    // cards out of play for good (on the table or in tricks)
    CardSet unknown = 0;   // cards whose place the observer does not know
    uint8_t history_size = 0;
    // Only history[0, history_size) is set: left uninitialised, since zeroing the whole array cost
    // more than building a view (a view is built at every step of a vector environment).
    std::array<PublicEvent, MAX_HISTORY> history;   // written by record_seen (stich/trick.hpp)
};
static_assert(std::is_trivially_copyable_v<View>);

using Locations = std::array<CardSet, MAX_LOCATIONS>;

// Is the true content of the locations consistent with the view?
inline bool consistent(const View& v, const Locations& truth) {
    for (int l = 0; l < v.num_locations; ++l) {
        const Location& loc = v.where[size_t(l)];
        const CardSet t = truth[size_t(l)];
        if ((t & loc.known) != loc.known || (t & loc.forbidden) || popcount(t) != loc.size) return false;
        if (t & v.played) return false;
    }
    return true;
}

// Do two views state the same facts: the observer, the locations (known, forbidden, sizes), the
// played and unknown cards, and the history as the observer saw it?
inline bool same_facts(const View& a, const View& b) {
    if (a.observer != b.observer || a.num_seats != b.num_seats || a.num_locations != b.num_locations || a.played != b.played ||
        a.unknown != b.unknown || a.history_size != b.history_size)
        return false;
    for (int l = 0; l < a.num_locations; ++l) {
        const Location &x = a.where[size_t(l)], &y = b.where[size_t(l)];
        if (x.known != y.known || x.forbidden != y.forbidden || x.size != y.size) return false;
    }
    for (int i = 0; i < a.history_size; ++i) {
        const PublicEvent &x = a.history[size_t(i)], &y = b.history[size_t(i)];
        if (x.seat != y.seat || x.action != y.action || x.cards != y.cards) return false;
    }
    return true;
}

// The shape every game's State has; the generic algorithms and bindings require it.
template <class S>
concept GameState = std::is_trivially_copyable_v<S> && requires(S s, const S cs, Action a, ActionList& list, Returns& r, Rng& rng) {
    { cs.num_players() } -> std::convertible_to<int>;
    { cs.current_player() } -> std::convertible_to<int>;
    { cs.is_terminal() } -> std::convertible_to<bool>;
    cs.legal_actions(list);
    s.apply(a);
    cs.returns(r);
    { cs.hand(0) } -> std::convertible_to<CardSet>;
    { cs.deck_info() } -> std::convertible_to<const Deck&>;
    { cs.action_text(a) } -> std::convertible_to<std::string>;
    { cs.public_projection(a) } -> std::convertible_to<Action>;
    { cs.legal_keys(true) } -> std::convertible_to<ActionSet>;
    { cs.action_with_key(a, rng) } -> std::convertible_to<Action>;
    { cs.view(0) } -> std::convertible_to<View>;
    { cs.locations() } -> std::convertible_to<Locations>;
    s.set_hidden(Locations{}, 0, rng);
    { cs.random_action(rng) } -> std::convertible_to<Action>;
    { cs.to_string() } -> std::convertible_to<std::string>;
    { cs.phase_name() } -> std::convertible_to<std::string>;
    { cs == cs } -> std::convertible_to<bool>;
};

// What must hold of every state of every game (Stockfish's pos_is_ok): the seat to act is a seat
// exactly while the deal goes on, the legal actions are ascending and non-empty there and a card
// play is a card of the mover's hand, the true locations hold each card of the deck once at most
// and the hands are the seats' hands, and every seat's view is consistent with the truth (its
// known cards there, its forbidden ones elsewhere, the sizes right). A game adds its own checks as
// `const char* broken_invariant() const` (nullptr when they hold). Returns what is broken, or
// nullptr. The debug build (STICH_DEBUG) checks it after every apply; the tests call it directly.
template <GameState State>
const char* broken_invariant(const State& s) {
    const int players = s.num_players();
    if (players < 1 || players > MAX_SEATS) return "the number of players is out of range";
    const int mover = s.current_player();
    if (s.is_terminal() != (mover == -1)) return "current_player() is -1 exactly when the deal is over";
    if (mover < -1 || mover >= players) return "current_player() is no seat";
    if (!s.is_terminal()) {
        ActionList list;
        s.legal_actions(list);
        if (list.n < 1) return "no legal action in a deal that goes on";
        for (int i = 1; i < list.n; ++i)
            if (list.a[size_t(i - 1)] >= list.a[size_t(i)]) return "the legal actions are not strictly ascending";
        for (Action a : list)
            if (a < 64 && !contains(s.hand(mover), Card(a))) return "a legal card play is not a card of the mover's hand";
    }
    const Locations truth = s.locations();
    const CardSet deck_cards = s.deck_info().cards;
    CardSet seen = 0;
    for (const CardSet place : truth) {
        if (place & ~deck_cards) return "a location holds a card outside the deck";
        if (place & seen) return "a card is in two locations";
        seen |= place;
    }
    for (int seat = 0; seat < players; ++seat)
        if (truth[size_t(seat)] != s.hand(seat)) return "a seat's location is not its hand";
    for (int seat = 0; seat < players; ++seat)
        if (!consistent(s.view(seat), truth)) return "a seat's view is not consistent with the true locations";
    if constexpr (requires {
                      { s.broken_invariant() } -> std::convertible_to<const char*>;
                  })
        if (const char* why = s.broken_invariant()) return why;
    return nullptr;
}

// Checks broken_invariant() when it goes out of scope: a game's apply opens with
// `STICH_CHECK_AFTER_APPLY(*this, a);` so that the debug build (STICH_DEBUG) checks the state each
// action leaves, whatever path apply takes. A broken state ends the process with a message naming
// the game, the action and what is broken (an assert: it is a bug in the core, not bad input).
#ifdef STICH_DEBUG
template <GameState State>
struct InvariantCheck {
    const State& s;
    Action a;
    ~InvariantCheck() { check(s, a); }
    // Out of line: the hot loops are flattened (stich/dispatch.hpp), and a flattened playout would
    // otherwise inline the whole check (views, text, strings) at every apply it inlines, which
    // made the sanitized build of one game's source take most of the build's time.
    [[gnu::noinline]] static void check(const State& s, Action a) {
        if (const char* why = broken_invariant(s)) {
            std::fprintf(stderr, "stich: invariant broken after action %u (%s): %s\n%s\n", unsigned(a), s.action_text(a).c_str(), why,
                         s.to_string().c_str());
            std::abort();
        }
    }
};
#define STICH_CHECK_AFTER_APPLY(state, action) \
    const ::stich::InvariantCheck<std::remove_cvref_t<decltype(state)>> stich_invariant_check_ { state, action }

// A game's own playout loop (play_out, play_out_heuristic) opens with
// `STICH_CHECK_PLAY_OUT(*this, rng, heuristic);`: when the loop returns, the debug build plays a copy
// of the state it started from move by move through the checked apply, with random_action or
// heuristic_action, and the loop must have left the same state and the generator where it is.
template <class State>
struct PlayOutCheck {
    const State& s;
    const Rng& rng;
    const bool heuristic;
    const State before = s;
    const Rng before_rng = rng;
    ~PlayOutCheck() { check(s, rng, before, before_rng, heuristic); }
    [[gnu::noinline]] static void check(const State& s, const Rng& rng, const State& before, Rng by_apply_rng, bool heuristic) {
        State by_apply = before;
        while (!by_apply.is_terminal())
            by_apply.apply(heuristic ? by_apply.heuristic_action(by_apply_rng) : by_apply.random_action(by_apply_rng));
        if (!(s == by_apply) || !(rng == by_apply_rng)) {
            std::fprintf(stderr, "stich: a game's own %s loop left another state than apply\n%s\n",
                         heuristic ? "play_out_heuristic" : "play_out", s.to_string().c_str());
            std::abort();
        }
    }
};
#define STICH_CHECK_PLAY_OUT(state, rng, heuristic) \
    const ::stich::PlayOutCheck<std::remove_cvref_t<decltype(state)>> stich_play_out_check_ { state, rng, heuristic }
#else
#define STICH_CHECK_AFTER_APPLY(state, action) static_cast<void>(0)
#define STICH_CHECK_PLAY_OUT(state, rng, heuristic) static_cast<void>(0)
#endif

// A uniformly random legal action, from the listed actions (decisions other than card play).
template <class State>
Action random_listed_action(const State& s, Rng& rng) {
    ActionList list{};   // cleared: GCC cannot see that legal_actions sets what is read
    s.legal_actions(list);
    return list.a[rng.below(uint32_t(list.n))];
}

// The k-th seat (0-based) of a team (seat % 2) counting clockwise from forehand: who speaks
// k-th when a team is asked (Kontra, Re, ...).
inline int team_member(int forehand, int num_seats, int team, int k) {
    for (int i = 0; i < num_seats; ++i) {
        const int s = (forehand + i) % num_seats;
        if (s % 2 == team && k-- == 0) return s;
    }
    return -1;
}

// The deals a match has recorded, as their serial forms, and the dealer it started with: a
// match serializes as its replay (stich/serial.hpp, which keeps them).
struct RecordedDeals {
    int first_dealer = 0;
    std::vector<std::string> forms;
};

// What every match checks before it books a finished deal.
template <class State, class Rules>
void check_deal_to_record(const State& finished, bool match_over, int expected_dealer, const Rules& rules) {
    if (!finished.is_terminal()) throw std::invalid_argument("the deal is not finished; play it to the end before recording it");
    if (match_over) throw std::invalid_argument("the match is over");
    if (finished.dealer != expected_dealer)
        throw std::invalid_argument("this deal was dealt by seat " + std::to_string(finished.dealer) + " but the match expects seat " +
                                    std::to_string(expected_dealer));
    if (!(finished.rules == rules)) throw std::invalid_argument("this deal was played under other rules than the match's");
}

inline bool iequals(std::string_view a, std::string_view b) {
    return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
               return std::tolower(static_cast<unsigned char>(x)) == std::tolower(static_cast<unsigned char>(y));
           });
}

template <GameState State>
std::string legal_actions_text(const State& s) {
    ActionList list;
    s.legal_actions(list);
    std::string out;
    for (Action a : list) out += (out.empty() ? "" : ", ") + s.action_text(a);
    return out;
}

template <GameState State>
void apply_checked(State& s, Action a) {
    if (s.is_terminal()) throw IllegalAction("the deal is over; no action can be applied");
    ActionList list;
    s.legal_actions(list);
    if (!list.contains(a)) {
        // Name the ids too when the text alone would look legal (e.g. the public form of an action).
        const std::string text = s.action_text(a);
        bool same_text = false;
        for (Action x : list) same_text = same_text || s.action_text(x) == text;
        std::string legal = same_text ? "" : legal_actions_text(s);
        if (same_text)
            for (Action x : list) legal += (legal.empty() ? "" : ", ") + s.action_text(x) + " (id " + std::to_string(x) + ")";
        throw IllegalAction("'" + text + "'" + (same_text ? " (id " + std::to_string(a) + ")" : std::string()) + " is not legal for seat " +
                            std::to_string(s.current_player()) + " here; legal: " + legal);
    }
    s.apply(a);
}

// The legal action whose canonical text matches `text` (case-insensitive; card plays may be
// written in any form G-1 accepts). Throws IllegalAction naming the legal actions.
template <GameState State>
Action find_action(const State& s, std::string_view text) {
    if (s.is_terminal()) throw IllegalAction("the deal is over; no action can be applied (" + quoted(text) + ")");
    ActionList list;
    s.legal_actions(list);
    std::string_view t = text;
    while (!t.empty() && std::isspace(static_cast<unsigned char>(t.front()))) t.remove_prefix(1);
    while (!t.empty() && std::isspace(static_cast<unsigned char>(t.back()))) t.remove_suffix(1);
    for (Action a : list)
        if (iequals(s.action_text(a), t)) return a;
    if constexpr (requires { s.parse_action(t); }) {   // game-specific forms (e.g. cards in any order)
        try {
            const Action a = s.parse_action(t);
            if (list.contains(a)) return a;
        } catch (const std::invalid_argument&) {}
    }
    try {
        Card c = parse_card(t, s.deck_info());
        for (Action a : list)
            if (a == c) return a;
    } catch (const std::invalid_argument&) {}
    throw IllegalAction(quoted(text) + " is not a legal action for seat " + std::to_string(s.current_player()) +
                        "; legal: " + legal_actions_text(s));
}

// Number of leaves of the tree of legal actions to `depth` plies (a deal that ends earlier is one leaf).
// A set `stop` flag (polled at every inner node) ends the count early with a partial number.
template <GameState State>
uint64_t perft(const State& s, int depth, const std::atomic<bool>* stop = nullptr) {
    if (depth == 0 || s.is_terminal()) return 1;
    ActionList list;
    s.legal_actions(list);
    if (depth == 1) return uint64_t(list.n);
    if (stop && stop->load(std::memory_order_relaxed)) return 0;
    uint64_t n = 0;
    for (Action a : list) {
        State child = s;
        child.apply(a);
        n += perft(child, depth - 1, stop);
    }
    return n;
}

// Do legal_keys() and action_with_key() agree with legal_actions() and public_projection()?
// (Checked by the tests over random walks of every game; `rng` draws the actions with each key.)
template <GameState State>
bool legal_keys_consistent(const State& s, Rng& rng) {
    ActionList list;
    s.legal_actions(list);
    for (const bool own : {true, false}) {
        const ActionSet keys = s.legal_keys(own);
        if (keys.empty()) continue;
        ActionSet listed;
        for (Action a : list) {
            const Action key = own ? a : s.public_projection(a);
            if (key >= 128) return false;
            listed.add(key);
        }
        if (!(listed == keys)) return false;
        if (own) continue;
        for (int i = 0; i < keys.count(); ++i)
            for (int draw = 0; draw < 8; ++draw) {
                const Action key = Action(keys.nth(i)), a = s.action_with_key(key, rng);
                if (!list.contains(a) || s.public_projection(a) != key) return false;
            }
    }
    return true;
}

// Runs work(t) for every t in 0..threads-1 (on the calling thread alone when there is one) and
// rethrows in the caller the first exception a worker threw: an exception (out of memory) in a
// worker thread must not end the process. The searches and PIMC share it.
// Only C++ exceptions (std::exception: everything the core throws) are caught. A thread being
// ended (pthread_exit, pthread_cancel) is unwound by glibc with a foreign exception that must run
// on, as through a destructor, under libstdc++ and libc++ alike: a catch (...) would end it (glibc
// then aborts: "FATAL: exception not rethrown"), and its `throw;` does not mend that everywhere:
// libc++abi raises a caught foreign exception again as an ordinary one, which nothing above a
// thread's start catches (std::terminate). The started threads are joined on every way out, an
// unwinding one too: they use this frame's data, and a joinable std::thread's destructor ends the
// process.
template <class Work>
void run_on_threads(int threads, Work&& work) {
    std::vector<std::exception_ptr> failed(static_cast<size_t>(threads));
    auto run = [&](int t) {
        try {
            work(t);
        } catch (const std::exception&) {
            failed[size_t(t)] = std::current_exception();
        }
    };
    if (threads == 1) {
        run(0);
    } else {
        // A thread that cannot be started (out of memory, the system's thread limit) leaves its
        // share to the calling thread, after the others are started: the work is done on every
        // thread count.
        struct Pool {
            std::vector<std::thread> threads;
            ~Pool() {
                for (auto& th : threads)
                    if (th.joinable()) th.join();
            }
        } pool;
        pool.threads.reserve(size_t(threads));
        std::vector<int> left;
        left.reserve(size_t(threads));
        for (int t = 0; t < threads; ++t) {
            try {
                pool.threads.emplace_back(run, t);
            } catch (const std::exception&) {   // std::system_error, std::bad_alloc
                left.push_back(t);
            }
        }
        for (int t : left) run(t);
        for (auto& th : pool.threads) th.join();
    }
    for (const auto& e : failed)
        if (e) std::rethrow_exception(e);
}

// Plays s to its end with uniformly random legal actions: apply(random_action(rng)) until the
// end, or the game's own loop for it where it has one (State::play_out(rng), with the same draws
// and the same end state: Hearts).
template <GameState State>
[[gnu::flatten]] void play_out_randomly(State& s, Rng& rng) {
    if constexpr (requires { s.play_out(rng); }) s.play_out(rng);
    else
        while (!s.is_terminal()) s.apply(s.random_action(rng));
}

// Plays s to its end with the game's heuristic: apply(heuristic_action(rng)) until the end, or the
// game's own loop for it where it has one (State::play_out_heuristic(rng), with the same draws and
// the same end state). Games without a heuristic play randomly.
template <GameState State>
[[gnu::flatten]] void play_out_heuristically(State& s, Rng& rng) {
    if constexpr (requires { s.play_out_heuristic(rng); }) s.play_out_heuristic(rng);
    else if constexpr (requires { s.heuristic_action(rng); })
        while (!s.is_terminal()) s.apply(s.heuristic_action(rng));
    else play_out_randomly(s, rng);
}

}   // namespace stich
