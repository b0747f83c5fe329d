// What a learning loop needs of a game (docs/rl.md): a fixed action space and an observation
// tensor of what one seat knows.
//
// The fixed action space: ids in [0, Def::NUM_DISTINCT_ACTIONS) that mean the same thing in every
// state. Where a game's own action ids already do (cards are card ids, bids are constants), they
// are the fixed ids. A game whose actions depend on the hand (a discard of some of its cards,
// whose id is a mask over the hand) plays them as a sequence of fixed steps instead: the Def's
// hooks fixed_mask/fixed_step keep the steps taken so far in `pending` (a set of cards) and apply
// the game's own action when the sequence is complete.
//
// The observation: a flat float vector built from the seat's View and public facts only (its
// hand, what each seat has played and is known to hold or lack, each seat's public non-card
// actions, tallies, hand sizes, the seat to act, the trick on the table, the other locations, the
// phase), seats counted from the observer. Two states that differ only in cards hidden from the
// seat give the same vector.
#pragma once
#include <algorithm>
#include <atomic>
#include <array>
#include <bit>
#include <concepts>
#include <cstdint>
#include <cstring>
#include <optional>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include <unistd.h>

#include "stich/deal.hpp"
#include "stich/limits.hpp"
#include "stich/game.hpp"
#include "stich/schema.hpp"
#include "stich/trick.hpp"

namespace stich {

constexpr int OBS_PHASES = 8;

// The public action ids a seat's block records: CARD_ACTIONS up to the State's
// OBSERVED_ACTIONS_END (one past the highest id a view's history can hold, the own actions
// seen in full included).
template <class State>
constexpr int observed_actions() {
    static_assert(State::OBSERVED_ACTIONS_END > CARD_ACTIONS && State::OBSERVED_ACTIONS_END <= 128);
    return State::OBSERVED_ACTIONS_END - CARD_ACTIONS;
}

// Does the game take an action in fixed steps (its Def's fixed_mask/fixed_step: a discard a card
// at a time), so that the observation shows the observer's pending steps? The State says so, as
// the observation is built from a State; fixed_legal_set checks that the Def agrees.
template <class State>
constexpr bool has_fixed_steps() {
    if constexpr (requires { State::FIXED_STEPS; }) return State::FIXED_STEPS;
    else return false;
}

template <class Def>
constexpr int num_distinct_actions() {
    return Def::NUM_DISTINCT_ACTIONS;
}

// The legal fixed ids of `s` given the steps `pending`.
template <class Def>
ActionSet fixed_legal_set(const typename Def::State& s, CardSet pending) {
    static_assert(Def::NUM_DISTINCT_ACTIONS <= 128, "an ActionSet holds ids below 128");
    ActionSet set;
    if (s.is_terminal()) return set;
    static_assert(
        has_fixed_steps<typename Def::State>() == requires(bool* out) { Def::fixed_mask(s, pending, out); },
        "a game's State::FIXED_STEPS says whether its Def takes actions in fixed steps");
    if constexpr (requires(bool* out) { Def::fixed_mask(s, pending, out); }) {
        bool flags[(Def::NUM_DISTINCT_ACTIONS + 7) / 8 * 8] = {};
        Def::fixed_mask(s, pending, flags);
        static_assert(std::endian::native == std::endian::little, "8 flags are read as the bytes of a word");
        for (int i = 0; i < Def::NUM_DISTINCT_ACTIONS; i += 8) {   // 8 flags (bytes 0 or 1) to 8 bits at once
            uint64_t bytes;
            std::memcpy(&bytes, flags + i, 8);
            set.w[i >> 6] |= (bytes * uint64_t(0x0102040810204080) >> 56) << (i & 63);
        }
    } else {
        if (pending) throw std::invalid_argument("pending steps in a game whose actions are one step each");
        // The game's own legal ids as a set, where it has them so (legal_keys(true)), else listed.
        set = s.legal_keys(true);
        if (!set.empty()) return set;
        ActionList list;
        s.legal_actions(list);
        for (Action a : list) set.add(a);
    }
    return set;
}

// A byte's bits as 8 bools: an array of flags is written 8 at a time.
inline constexpr auto BYTE_FLAGS = [] {
    std::array<std::array<bool, 8>, 256> t{};
    for (int b = 0; b < 256; ++b)
        for (int i = 0; i < 8; ++i) t[size_t(b)][size_t(i)] = (b >> i) & 1;
    return t;
}();
// A set of fixed ids as n flags.
inline void write_flags(const ActionSet& set, int n, bool* out) {
    int j = 0;
    for (; j + 8 <= n; j += 8) std::memcpy(out + j, BYTE_FLAGS[(set.w[j >> 6] >> (j & 63)) & 255].data(), 8);
    for (; j < n; ++j) out[j] = set.has(unsigned(j));
}

// The legal fixed ids as NUM_DISTINCT_ACTIONS flags.
template <class Def>
void fixed_legal_mask(const typename Def::State& s, CardSet pending, bool* out) {
    write_flags(fixed_legal_set<Def>(s, pending), Def::NUM_DISTINCT_ACTIONS, out);
}

// Takes fixed id `id`, known to be legal; returns the new pending steps (0 once the game's own
// action is applied).
template <class Def>
CardSet take_fixed(typename Def::State& s, CardSet pending, int id) {
    if constexpr (requires { Def::fixed_step(s, pending, id); }) {
        return Def::fixed_step(s, pending, id);
    } else {
        s.apply(Action(id));
        return 0;
    }
}

// Takes fixed id `id` (checked: std::invalid_argument naming the legal ids otherwise); returns the
// new pending steps (0 once the game's own action is applied).
template <class Def>
CardSet apply_fixed(typename Def::State& s, CardSet pending, int id) {
    bool legal[Def::NUM_DISTINCT_ACTIONS];
    if (id < 0 || id >= Def::NUM_DISTINCT_ACTIONS)
        throw IllegalAction("fixed action id " + std::to_string(id) + " out of range 0.." + std::to_string(Def::NUM_DISTINCT_ACTIONS - 1));
    fixed_legal_mask<Def>(s, pending, legal);
    if (!legal[id]) {
        std::string ids;
        for (int i = 0; i < Def::NUM_DISTINCT_ACTIONS; ++i)
            if (legal[i]) ids += (ids.empty() ? "" : ", ") + std::to_string(i);
        throw IllegalAction("fixed action id " + std::to_string(id) + " is not legal here; legal: " + (ids.empty() ? "none" : ids));
    }
    return take_fixed<Def>(s, pending, id);
}

// The observation's length for states with this many seats, deck and view locations.
template <class State>
constexpr int observation_size(int players, int deck_size, int locations) {
    return players * (3 * deck_size + observed_actions<State>() + 3) + deck_size + (locations - players) * (deck_size + 1) + OBS_PHASES +
           (has_fixed_steps<State>() ? deck_size : 0);
}

template <GameState State>
int observation_size(const State& s) {
    return observation_size<State>(s.num_players(), s.deck_info().size, s.view(0).num_locations);
}

// What each seat has done, as the observer of an observation saw it: the cards it played, and its
// public non-card actions as bits (id - CARD_ACTIONS; non-card ids are CARD_ACTIONS and up).
struct SeenActions {
    std::array<CardSet, MAX_SEATS> played{};
    std::array<uint64_t, MAX_SEATS> actions{};

    // `actor` was seen to take `a` (as the view's history records it: a card, or a public id
    // below State::OBSERVED_ACTIONS_END; other ids are not in the observation).
    template <class State>
    void see(int actor, Action a) {
        if (is_card_action(a)) played[size_t(actor)] |= bit(Card(a));
        else if (a < State::OBSERVED_ACTIONS_END) actions[size_t(actor)] |= uint64_t(1) << (a - CARD_ACTIONS);
    }
};

// An observation's values are small non-negative integers (flags, counts, places in the trick,
// tallies: at most OBSERVATION_MAX), so they are written as float32 or, where the caller asks for
// a quarter of the bytes (VectorEnv's byte observations), as the same values in uint8.
constexpr int OBSERVATION_MAX = 255;
template <class T>
concept ObservationValue = std::same_as<T, float> || std::same_as<T, uint8_t>;

// Writes seat's observation of s into out[0, observation_size(s)) from its view `v` and what each
// seat was seen to do; `pending`: the seat's own steps of an action it is taking in fixed steps
// (apply_fixed), its last block. Nothing is written twice: the voids block of a seat holds only
// what is inferred (not the cards shown played or known elsewhere), which also keeps the row
// sparse, as its cost is its zero fill and its ones.
template <GameState State, ObservationValue T>
void write_observation(const State& s, int seat, const View& v, const SeenActions& seen, T* out, CardSet pending) {
    const Deck& d = s.deck_info();
    const CardSet deck = d.cards;
    const int n = s.num_players(), D = d.size;
    std::fill(out, out + observation_size<State>(n, D, v.num_locations), T(0));
    // A card's place is its index among the deck's cards, in order.
    auto cards = [deck](T* at, CardSet set) {
        for (CardSet c = set & deck; c;) at[popcount(deck & (bit(pop_lsb(c)) - 1))] = T(1);
    };
    T* p = out;
    // The seats' blocks, seats counted from the observer.
    constexpr int CARD_BLOCKS = 3;
    static_assert(State::OBSERVED_ACTIONS_END - CARD_ACTIONS <= 64, "a seat's public actions are the bits of a word");
    // The cards the tensor shows elsewhere: played by some seat, or known in some location.
    CardSet shown = 0;
    for (int r = 0; r < n; ++r) shown |= seen.played[size_t(r)];
    for (int l = 0; l < v.num_locations; ++l) shown |= v.where[size_t(l)].known;
    // Whose turn it is, unless the game hides it from the observer (State::hides_turn_from, optional).
    int to_act = s.current_player();
    if constexpr (requires { s.hides_turn_from(seat); })
        if (s.hides_turn_from(seat)) to_act = -1;
    for (int r = 0, who = seat; r < n; ++r, who = who + 1 == n ? 0 : who + 1) {
        const Location& at = v.where[size_t(who)];
        cards(p, seen.played[size_t(who)]);
        cards(p + D, at.known);
        // Voids: nothing to infer where every card of the location is known.
        if (popcount(at.known) != at.size) cards(p + 2 * D, at.forbidden & ~shown);
        p += CARD_BLOCKS * D;
        for (uint64_t a = seen.actions[size_t(who)]; a;) p[pop_lsb(a)] = T(1);
        p += observed_actions<State>();
        if constexpr (requires { s.tally(who); }) p[0] = T(s.tally(who));
        p[1] = T(at.size);
        p[2] = T(to_act == who);
        p += 3;
    }
    // The trick: each card on the table as its place in the trick (1 the lead, 2 the next, ...);
    // who played it is in the seats' blocks.
    for (int k = 0; k < s.trick.size && k < n; ++k) {
        const CardSet c = bit(s.trick.cards[size_t(k)]) & deck;
        if (c) p[popcount(deck & (c - 1))] = T(k + 1);
    }
    p += D;
    for (int l = n; l < v.num_locations; ++l) {
        p[0] = T(v.where[size_t(l)].size);
        cards(p + 1, v.where[size_t(l)].known);
        p += 1 + D;
    }
    const int phase = int(s.phase);
    if (phase >= 0 && phase < OBS_PHASES) p[phase] = T(1);
    p += OBS_PHASES;
    if constexpr (has_fixed_steps<State>()) cards(p, pending);
}

// Writes seat's observation of s into out[0, observation_size(s)): its view, with what each seat
// was seen to do read from the view's history.
template <GameState State, ObservationValue T>
void observe(const State& s, int seat, T* out, CardSet pending = 0) {
    const View v = s.view(seat);
    SeenActions seen;
    for (int i = 0; i < v.history_size; ++i) seen.see<State>(v.history[size_t(i)].seat, v.history[size_t(i)].action);
    write_observation(s, seat, v, seen, out, pending);
}

// Can a view of the State take a card play replayed once for every observer (view(seat, &replay),
// the replay started by play_replay())? Then a deal's observations can be kept up to date event by
// event (DealRecord). Games whose card play is plain card actions under one contract
// (replay_history) do; a game whose views replay the history their own way keeps that (for a
// short history a record measured no faster).
template <class State>
concept ReplaysOnce = requires(const State& s, const PlayReplay* r) {
    { s.view(0, r) } -> std::same_as<View>;
    { s.play_replay() } -> std::same_as<PlayReplay>;
};

// A deal's history as its observers see it, kept event by event (the vector environment keeps
// one a deal, so that an observation does not replay the whole history into the observer's view):
// the card play replayed once for every observer, and per seat what it did as it saw it itself
// (in full) and as the others saw it (State::public_projection), as the view's history records
// it (record_seen_at). observe(s, seat, out, pending, record) writes what observe() writes.
template <class State>
struct DealRecord {
    PlayReplay replay;    // started at the first card (the cards of a trick are known then); before, empty
    uint8_t events = 0;   // events of the history recorded
    SeenActions own, others;

    // Records the events of s's history not recorded yet.
    void catch_up(const State& s)
        requires ReplaysOnce<State>
    {
        for (int i = events; i < s.history.size; ++i) {
            const Action a = s.history.actions[size_t(i)], shown = s.public_projection(a);
            const int actor = s.history.actors[size_t(i)];
            own.see<State>(actor, a);
            if (shown != HIDDEN_ACTION) others.see<State>(actor, shown);
            if (!is_card_action(a)) continue;
            if (replay.trick_cards == 0) replay = s.play_replay();
            replay.play(*s.contract, actor, Card(a), PlayReplay::NO_OBSERVER);
        }
        events = s.history.size;
    }
};

// observe() with the deal's record (caught up with s): the same observation, without a replay of
// the history.
template <ReplaysOnce State, ObservationValue T>
void observe(const State& s, int seat, T* out, CardSet pending, const DealRecord<State>& record) {
    const View v = s.view(seat, &record.replay);
    SeenActions seen = record.others;
    seen.played[size_t(seat)] = record.own.played[size_t(seat)];
    seen.actions[size_t(seat)] = record.own.actions[size_t(seat)];
    write_observation(s, seat, v, seen, out, pending);
}

}   // namespace stich

namespace stich {

// Threads kept for the steps of a vector environment: a step of a batch takes too little time
// to pay for starting threads (tens of microseconds each), so they are started at the first call
// and wait between calls, spinning a little (the next step usually follows soon), then asleep on
// the futex of std::atomic::wait. run() hands out a call's shares and returns when all are done.
class StepThreads {
   public:
    StepThreads() = default;
    StepThreads(const StepThreads&) = delete;
    StepThreads& operator=(const StepThreads&) = delete;
    ~StepThreads() { stop_threads(); }

    // work(k) for k in [0, parts): share 0 on the calling thread, the others on the kept threads
    // (fewer, where the system would not start them all: their shares then run here). The first
    // exception a share threw is rethrown.
    template <class Work>
    void run(int parts, Work& work) {
        if (owner_ != ::getpid()) {                                    // a forked child: its parent's threads are not here to join
            (void)new std::vector<std::thread>(std::move(threads_));   // so their handles are let go
            threads_.clear();
            owner_ = ::getpid();
        }
        if (int(threads_.size()) != parts - 1) start(parts - 1);
        work_ = &work;
        call_ = [](void* w, int k) { (*static_cast<Work*>(w))(k); };
        const int helpers = int(threads_.size());
        failed_.assign(size_t(parts), nullptr);
        left_.store(helpers, std::memory_order_relaxed);
        generation_.fetch_add(1, std::memory_order_release);
        generation_.notify_all();
        run_share(0);
        for (int k = helpers + 1; k < parts; ++k) run_share(k);
        for (int spin = 0; left_.load(std::memory_order_acquire) != 0; ++spin) {
            if (spin < SPINS) pause();
            else if (const int left = left_.load(std::memory_order_acquire)) left_.wait(left, std::memory_order_acquire);
        }
        for (const auto& e : failed_)
            if (e) std::rethrow_exception(e);
    }

   private:
    static constexpr int SPINS = 100;   // a few microseconds: on a busy machine a longer spin only burns the core another thread needs

    static void pause() {
#if defined(__x86_64__) || defined(__i386__)
        __builtin_ia32_pause();
#endif
    }

    void run_share(int k) {
        try {
            call_(work_, k);
        } catch (...) {
            failed_[size_t(k)] = std::current_exception();
        }
    }

    void start(int helpers) {
        stop_threads();
        quit_ = false;
        for (int k = 1; k <= helpers; ++k) {
            try {
                threads_.emplace_back([this, k, seen = generation_.load()] { serve(k, seen); });
            } catch (const std::exception&) {   // std::system_error, std::bad_alloc: fewer threads
                break;
            }
        }
    }

    void serve(int k, uint32_t seen) {
        for (;;) {
            for (int spin = 0; generation_.load(std::memory_order_acquire) == seen; ++spin) {
                if (spin < SPINS) pause();
                else generation_.wait(seen, std::memory_order_acquire);
            }
            seen = generation_.load(std::memory_order_acquire);
            if (quit_) return;
            run_share(k);
            if (left_.fetch_sub(1, std::memory_order_acq_rel) == 1) left_.notify_one();
        }
    }

    void stop_threads() {
        if (threads_.empty()) return;
        quit_ = true;
        generation_.fetch_add(1, std::memory_order_release);
        generation_.notify_all();
        for (auto& t : threads_) t.join();
        threads_.clear();
    }

    std::vector<std::thread> threads_;
    pid_t owner_ = ::getpid();
    std::atomic<uint32_t> generation_{0};   // bumped for every call (and to stop)
    std::atomic<int> left_{0};              // kept threads still working on this call
    bool quit_ = false;                     // written before a bump, read after it
    void* work_ = nullptr;
    void (*call_)(void*, int) = nullptr;
    std::vector<std::exception_ptr> failed_;
};

// num_envs deals stepped together (docs/rl.md, stich.envs.VectorEnv): actions in, observations,
// masks, rewards, terminations and the seat each observation is for out, into caller-owned
// arrays, on `threads` threads. Either every seat is an agent (learner < 0: each env observes for
// its seat to act), or one seat learns and the others are bots inside (learner >= 0: heuristic or
// uniformly random). A deal that ended is dealt anew at the next step (Gymnasium's NEXT_STEP
// autoreset: that step's action is ignored). Deal k of env i comes from mix_seed(seed, (i << 32) + k).
template <class Def>
class VectorEnv {
   public:
    using State = typename Def::State;
    using Rules = typename Def::Rules;
    static constexpr int NUM_ACTIONS = Def::NUM_DISTINCT_ACTIONS;

    struct Out {
        void* observations;   // num_envs x observation_size, float or uint8_t as the env was made (byte_observations)
        bool* masks;          // num_envs x NUM_DISTINCT_ACTIONS
        float* rewards;       // num_envs x players
        bool* terminated;     // num_envs
        int32_t* seats;       // num_envs: the seat each observation is for (-1: none, the deal over)
    };

    // The most envs: 2^24, and no more than half of this machine's physical memory holds, counting
    // each env's deal, record and bookkeeping here and the rows of the caller's arrays (observation,
    // mask, rewards, flags, seat). `why`: what the bound is, for messages.
    static int64_t max_num_envs(const Rules& rules, bool byte_observations, std::string* why = nullptr) {
        const State probe = Def::deal(rules, 0, 0, FixedHands{}, default_deal_extras<Def>());
        const uint64_t each = env_bytes(probe, byte_observations), memory = physical_memory();
        const int64_t by_memory = memory ? int64_t(memory / 2 / each) : MAX_ENVS;
        if (why) {
            *why = by_memory < MAX_ENVS ? "half of this machine's " + gib_text(double(memory)) + " of memory, at " + std::to_string(each) +
                                              " bytes an env with its rows of the arrays"
                                        : std::to_string(MAX_ENVS) + " at most";
        }
        return std::min(by_memory, MAX_ENVS);
    }

    // byte_observations: the observations as uint8 (the same values: a quarter of the bytes to write
    // and to keep) instead of float. learner: the seat that learns, or none (every seat an agent).
    // Every argument is checked before anything is allocated: std::invalid_argument naming what is accepted.
    VectorEnv(const Rules& rules, int64_t num_envs, int64_t threads, std::optional<int64_t> learner, bool heuristic_bots,
              bool byte_observations = false)
        : rules_(rules), heuristic_(heuristic_bots), bytes_(byte_observations) {
        std::string why;
        const int64_t most = max_num_envs(rules_, bytes_, &why);
        if (num_envs < 1 || num_envs > most)
            throw std::invalid_argument("num_envs must be an int in 1.." + std::to_string(most) + " (" + why + "), got " +
                                        std::to_string(num_envs));
        check_threads(threads);
        const State probe = Def::deal(rules_, 0, 0, FixedHands{}, default_deal_extras<Def>());
        players_ = probe.num_players();
        obs_size_ = observation_size(probe);
        if (learner && (*learner < 0 || *learner >= players_))
            throw std::invalid_argument("seat must be None (every seat an agent) or an int in 0.." + std::to_string(players_ - 1) +
                                        ", got " + std::to_string(*learner));
        num_envs_ = int(num_envs);
        threads_ = int(threads);
        learner_ = learner ? int(*learner) : -1;
        const size_t n = size_t(num_envs);
        states_.resize(n);
        pending_.resize(n);
        if constexpr (ReplaysOnce<State>) records_.resize(n);
        deals_.resize(n);
        rngs_.resize(n);
        done_.resize(n);
        legal_.resize(n);
        actions_.resize(n);
    }

    int num_envs() const { return num_envs_; }
    int players() const { return players_; }
    int observation_size_() const { return obs_size_; }
    bool byte_observations() const { return bytes_; }
    // Env i's deal now and the steps pending in it (a copy; for analysis and the tests).
    const State& state(int i) const { return states_.at(size_t(i)); }
    CardSet pending(int i) const { return pending_.at(size_t(i)); }

    void reset(uint64_t seed, const Out& out, const std::atomic<bool>* stop = nullptr) {
        const OneCaller one(busy_);
        seed_ = seed;
        parallel(
            [&](int i) {
                deals_[size_t(i)] = 0;
                rngs_[size_t(i)] = Rng(mix_seed(seed, ~uint64_t(i)));
                new_deal(i);
                write(i, out, states_[size_t(i)].is_terminal());   // the bots may end a deal the learner sits out
            },
            stop);
    }

    // `count` actions, one an env (std::invalid_argument otherwise), each a fixed id legal in its
    // env (IllegalAction otherwise); a refused call changes nothing.
    void step(const int64_t* given, int64_t count, const Out& out, const std::atomic<bool>* stop = nullptr) {
        const OneCaller one(busy_);
        if (count != num_envs_)
            throw std::invalid_argument("actions must hold one id per env: " + std::to_string(num_envs_) + " ids, got " +
                                        std::to_string(count));
        // Copied first: the caller's array may change while this runs (another thread of its own),
        // and what is checked must be what is taken.
        std::copy(given, given + num_envs_, actions_.begin());
        const int64_t* actions = actions_.data();
        // Check every action first, so that a bad one changes nothing: against the legal ids the
        // last call wrote (kept here, since the caller may write into the mask array).
        for (int i = 0; i < num_envs_; ++i) {
            if (done_[size_t(i)]) continue;
            const int64_t a = actions[i];
            if (a < 0 || a >= Def::NUM_DISTINCT_ACTIONS)
                throw IllegalAction("env " + std::to_string(i) + ": action " + std::to_string(a) + " out of range 0.." +
                                    std::to_string(Def::NUM_DISTINCT_ACTIONS - 1));
            if (!legal_[size_t(i)].has(unsigned(a)))
                throw IllegalAction("env " + std::to_string(i) + ": action " + std::to_string(a) + " is not legal (see its action mask)");
        }
        parallel(
            [&](int i) {
                State& s = states_[size_t(i)];
                if (done_[size_t(i)]) {
                    new_deal(i);
                    write(i, out, s.is_terminal());   // the bots may end a deal the learner sits out
                    return;
                }
                pending_[size_t(i)] = take_fixed<Def>(s, pending_[size_t(i)], int(actions[i]));
                if (pending_[size_t(i)] == 0) bots_play(i);
                write(i, out, s.is_terminal());
            },
            stop);
    }

   private:
    // One caller at a time: the kept threads serve one step, so a second thread stepping the same
    // environment meanwhile (its GIL released) would race on the deals or wait forever; refused.
    struct OneCaller {
        std::atomic<bool>& busy;
        explicit OneCaller(std::atomic<bool>& b) : busy(b) {
            if (busy.exchange(true, std::memory_order_acquire))
                throw std::runtime_error("this VectorEnv is being reset or stepped by another thread: use it from one thread at a time");
        }
        ~OneCaller() { busy.store(false, std::memory_order_release); }
        OneCaller(const OneCaller&) = delete;
        OneCaller& operator=(const OneCaller&) = delete;
    };
    std::atomic<bool> busy_{false};

    static constexpr int64_t MAX_ENVS = int64_t(1) << 24;
    // The bytes an env takes: here, and in the caller's arrays (stich.envs.VectorEnv's rows).
    static uint64_t env_bytes(const State& probe, bool byte_observations) {
        const uint64_t here = sizeof(State) + sizeof(CardSet) + (ReplaysOnce<State> ? sizeof(DealRecord<State>) : 0) + sizeof(uint64_t) +
                              sizeof(Rng) + sizeof(uint8_t) + sizeof(ActionSet) + sizeof(int64_t);
        const uint64_t rows = uint64_t(observation_size(probe)) * (byte_observations ? 1 : sizeof(float)) + NUM_ACTIONS +
                              uint64_t(probe.num_players()) * sizeof(float) + 2 * sizeof(bool) + sizeof(int32_t);
        return here + rows;
    }

    // Each thread gets MIN_ENVS_A_THREAD envs at least: a kept thread that went to sleep between
    // two calls (the caller's own work in between outlasts its spin) takes tens of microseconds to
    // wake on a busy or virtual machine, a step of an env a hundred or two nanoseconds. With 256,
    // two threads at 512 envs took twice as long by the clock as one (docs/rl.md, "Speed").
    static constexpr int MIN_ENVS_A_THREAD = 1024;

    template <class F>
    void parallel(F&& f, const std::atomic<bool>* stop) {
        const int t = std::max(1, std::min(threads_, num_envs_ / MIN_ENVS_A_THREAD));
        auto share = [&](int k) {
            const int first = int(int64_t(num_envs_) * k / t), last = int(int64_t(num_envs_) * (k + 1) / t);
            for (int i = first; i < last; ++i) {
                if (stop && (i & 255) == 0 && stop->load(std::memory_order_relaxed)) return;
                f(i);
            }
        };
        if (t == 1) share(0);
        else pool_.run(t, share);
    }

    void new_deal(int i) {
        const uint64_t deal_seed = mix_seed(seed_, (uint64_t(i) << 32) + deals_[size_t(i)]++);
        static const FixedHands no_hands{};
        // Dealt in place (a State is trivially copyable, so nothing needs destroying): assigning
        // the returned State copied it, a few percent of a short deal's steps.
        ::new (static_cast<void*>(&states_[size_t(i)]))
            State(Def::deal(rules_, deal_seed, int(deal_seed % uint64_t(players_)), no_hands, default_deal_extras<Def>()));
        pending_[size_t(i)] = 0;
        if constexpr (ReplaysOnce<State>) records_[size_t(i)] = DealRecord<State>{};
        done_[size_t(i)] = false;
        bots_play(i);
    }

    // The bots' moves until the learner is to act or the deal is over (every seat an agent: none).
    void bots_play(int i) {
        if (learner_ < 0) return;
        State& s = states_[size_t(i)];
        Rng& rng = rngs_[size_t(i)];
        while (!s.is_terminal() && s.current_player() != learner_) s.apply(heuristic_ ? s.heuristic_action(rng) : s.random_action(rng));
    }

    void write(int i, const Out& out, bool terminal) {
        const State& s = states_[size_t(i)];
        done_[size_t(i)] = terminal;
        out.terminated[i] = terminal;
        float* r = out.rewards + size_t(i) * size_t(players_);
        std::fill(r, r + players_, 0.0f);
        if (terminal) {
            Returns ret;
            s.returns(ret);
            for (int k = 0; k < players_; ++k) r[k] = float(ret[size_t(k)]);
        }
        const int seat = learner_ >= 0 ? learner_ : (terminal ? -1 : s.current_player());
        out.seats[i] = terminal && learner_ < 0 ? -1 : seat;
        bool* m = out.masks + size_t(i) * size_t(Def::NUM_DISTINCT_ACTIONS);
        const bool acting = seat >= 0 && !terminal && s.current_player() == seat;
        const ActionSet legal = acting ? fixed_legal_set<Def>(s, pending_[size_t(i)]) : ActionSet{};
        legal_[size_t(i)] = legal;
        write_flags(legal, Def::NUM_DISTINCT_ACTIONS, m);
        if (bytes_) write_observation_row(i, seat, acting, static_cast<uint8_t*>(out.observations) + size_t(i) * size_t(obs_size_));
        else write_observation_row(i, seat, acting, static_cast<float*>(out.observations) + size_t(i) * size_t(obs_size_));
    }

    template <ObservationValue T>
    void write_observation_row(int i, int seat, bool acting, T* o) {
        const State& s = states_[size_t(i)];
        if (seat < 0) {
            std::fill(o, o + obs_size_, T(0));
        } else if constexpr (ReplaysOnce<State>) {
            records_[size_t(i)].catch_up(s);
            observe(s, seat, o, acting ? pending_[size_t(i)] : 0, records_[size_t(i)]);
        } else {
            observe(s, seat, o, acting ? pending_[size_t(i)] : 0);
        }
    }

    Rules rules_;
    int num_envs_ = 0, threads_ = 1, learner_ = -1;
    bool heuristic_, bytes_;
    int players_ = 0, obs_size_ = 0;
    uint64_t seed_ = 0;
    std::vector<State> states_;
    std::vector<CardSet> pending_;
    std::vector<DealRecord<State>> records_;   // each deal's record, where the game's views take one (ReplaysOnce)
    std::vector<uint64_t> deals_;
    std::vector<Rng> rngs_;
    std::vector<uint8_t> done_;
    std::vector<ActionSet> legal_;   // the legal ids of each env's last observation
    std::vector<int64_t> actions_;   // this step's actions, as checked
    StepThreads pool_;
};

}   // namespace stich
