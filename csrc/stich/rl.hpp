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
#include <bit>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "stich/deal.hpp"
#include "stich/game.hpp"
#include "stich/schema.hpp"
#include "stich/trick.hpp"

namespace stich {

// Public action ids the observation records per seat: those above the cards, below 128.
constexpr int OBS_ACTIONS = 128 - CARD_ACTIONS;
constexpr int OBS_PHASES = 8;

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
    if constexpr (requires(bool* out) { Def::fixed_mask(s, pending, out); }) {
        bool flags[Def::NUM_DISTINCT_ACTIONS] = {};
        Def::fixed_mask(s, pending, flags);
        for (int i = 0; i < Def::NUM_DISTINCT_ACTIONS; ++i)
            if (flags[i]) set.add(unsigned(i));
    } else {
        if (pending) throw std::invalid_argument("pending steps in a game whose actions are one step each");
        ActionList list;
        s.legal_actions(list);
        for (Action a : list) set.add(a);
    }
    return set;
}

// A set of fixed ids as n flags.
inline void write_flags(const ActionSet& set, int n, bool* out) {
    std::fill(out, out + n, false);
    for (int k = 0; k < 2; ++k)
        for (uint64_t w = set.w[k]; w; w &= w - 1) out[64 * k + std::countr_zero(w)] = true;
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
constexpr int observation_size(int players, int deck_size, int locations) {
    return deck_size + players * (3 * deck_size + OBS_ACTIONS + 3) + players * deck_size + (locations - players) * (deck_size + 1) +
           OBS_PHASES + deck_size;
}

template <GameState State>
int observation_size(const State& s) {
    return observation_size(s.num_players(), s.deck_info().size, s.view(0).num_locations);
}

// Writes seat's observation of s into out[0, observation_size(s)); `pending`: the seat's own steps
// of an action it is taking in fixed steps (apply_fixed), its last block.
template <GameState State>
void observe(const State& s, int seat, float* out, CardSet pending = 0) {
    const View v = s.view(seat);
    const Deck& d = s.deck_info();
    const CardSet deck = d.cards;
    const int n = s.num_players(), D = d.size;
    std::fill(out, out + observation_size(n, D, v.num_locations), 0.0f);
    // A card's place is its index among the deck's cards, in order.
    auto cards = [deck](float* at, CardSet set) {
        for (CardSet c = set & deck; c;) at[popcount(deck & (bit(pop_lsb(c)) - 1))] = 1.0f;
    };
    float* p = out;
    cards(p, v.where[size_t(seat)].known);
    p += D;
    // The seats' blocks, seats counted from the observer; one pass over the history fills the
    // public actions and collects the cards each seat played.
    constexpr int CARD_BLOCKS = 3;
    const int block = CARD_BLOCKS * D + OBS_ACTIONS + 3;
    CardSet played_by[MAX_SEATS] = {};
    for (int i = 0; i < v.history_size; ++i) {
        const PublicEvent& e = v.history[size_t(i)];
        if (is_card_action(e.action)) played_by[e.seat] |= bit(Card(e.action));
        else if (e.action < 128) p[((e.seat - seat + n) % n) * block + CARD_BLOCKS * D + e.action - CARD_ACTIONS] = 1.0f;
    }
    const int to_act = s.current_player();
    for (int r = 0; r < n; ++r) {
        const int who = (seat + r) % n;
        const Location& at = v.where[size_t(who)];
        cards(p, played_by[who]);
        cards(p + D, at.known);
        cards(p + 2 * D, at.forbidden & ~v.played);
        p += CARD_BLOCKS * D + OBS_ACTIONS;
        if constexpr (requires { s.tally(who); }) p[0] = float(s.tally(who));
        p[1] = float(at.size);
        p[2] = to_act == who ? 1.0f : 0.0f;
        p += 3;
    }
    for (int k = 0; k < s.trick.size && k < n; ++k) cards(p + k * D, bit(s.trick.cards[size_t(k)]));
    p += n * D;
    for (int l = n; l < v.num_locations; ++l) {
        p[0] = float(v.where[size_t(l)].size);
        cards(p + 1, v.where[size_t(l)].known);
        p += 1 + D;
    }
    const int phase = int(s.phase);
    if (phase >= 0 && phase < OBS_PHASES) p[phase] = 1.0f;
    p += OBS_PHASES;
    cards(p, pending);
}

}  // namespace stich

namespace stich {

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
        float* observations;   // num_envs x observation_size
        bool* masks;           // num_envs x NUM_DISTINCT_ACTIONS
        float* rewards;        // num_envs x players
        bool* terminated;      // num_envs
        int32_t* seats;        // num_envs: the seat each observation is for (-1: none, the deal over)
    };

    VectorEnv(const Rules& rules, int num_envs, int threads, int learner, bool heuristic_bots)
        : rules_(rules), num_envs_(num_envs), threads_(threads), learner_(learner), heuristic_(heuristic_bots),
          states_(size_t(num_envs)), pending_(size_t(num_envs)), deals_(size_t(num_envs)), rngs_(size_t(num_envs)),
          done_(size_t(num_envs)), legal_(size_t(num_envs)) {
        if (num_envs < 1 || num_envs > (1 << 24)) throw std::invalid_argument("num_envs must be 1..16777216, got " + std::to_string(num_envs));
        if (threads < 1 || threads > 256) throw std::invalid_argument("threads must be 1..256, got " + std::to_string(threads));
        const State probe = Def::deal(rules_, 0, 0, FixedHands{}, default_extras());
        players_ = probe.num_players();
        obs_size_ = observation_size(probe);
        if (learner >= players_) throw std::invalid_argument("seat must be 0.." + std::to_string(players_ - 1) + ", got " + std::to_string(learner));
    }

    int num_envs() const { return num_envs_; }
    int players() const { return players_; }
    int observation_size_() const { return obs_size_; }
    // Env i's deal now and the steps pending in it (a copy; for analysis and the tests).
    const State& state(int i) const { return states_.at(size_t(i)); }
    CardSet pending(int i) const { return pending_.at(size_t(i)); }

    void reset(uint64_t seed, const Out& out, const std::atomic<bool>* stop = nullptr) {
        seed_ = seed;
        parallel([&](int i) {
            deals_[size_t(i)] = 0;
            rngs_[size_t(i)] = Rng(mix_seed(seed, ~uint64_t(i)));
            new_deal(i);
            write(i, out, states_[size_t(i)].is_terminal());   // the bots may end a deal the learner sits out
        }, stop);
    }

    void step(const int64_t* actions, const Out& out, const std::atomic<bool>* stop = nullptr) {
        // Check every action first, so that a bad one changes nothing: against the legal ids the
        // last call wrote (kept here, since the caller may write into the mask array).
        for (int i = 0; i < num_envs_; ++i) {
            if (done_[size_t(i)]) continue;
            const int64_t a = actions[i];
            if (a < 0 || a >= Def::NUM_DISTINCT_ACTIONS)
                throw IllegalAction("env " + std::to_string(i) + ": action " + std::to_string(a) + " out of range 0.." + std::to_string(Def::NUM_DISTINCT_ACTIONS - 1));
            if (!legal_[size_t(i)].has(unsigned(a)))
                throw IllegalAction("env " + std::to_string(i) + ": action " + std::to_string(a) + " is not legal (see its action mask)");
        }
        parallel([&](int i) {
            State& s = states_[size_t(i)];
            if (done_[size_t(i)]) {
                new_deal(i);
                write(i, out, s.is_terminal());   // the bots may end a deal the learner sits out
                return;
            }
            pending_[size_t(i)] = take_fixed<Def>(s, pending_[size_t(i)], int(actions[i]));
            if (pending_[size_t(i)] == 0) bots_play(i);
            write(i, out, s.is_terminal());
        }, stop);
    }

   private:
    static std::vector<Value> default_extras() { return param_values("deal()", "seed, dealer, hands", Def::deal_params(), {}); }

    // Threads are started per call: worth it only for large batches (a step of an env takes a few
    // hundred nanoseconds, starting a thread tens of microseconds), so each gets 1,024 envs at least.
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
        if (t == 1) share(0);   // no thread bookkeeping (an allocation a call) for one thread
        else run_on_threads(t, share);
    }

    void new_deal(int i) {
        static const std::vector<Value> extras = default_extras();
        const uint64_t deal_seed = mix_seed(seed_, (uint64_t(i) << 32) + deals_[size_t(i)]++);
        states_[size_t(i)] = Def::deal(rules_, deal_seed, int(deal_seed % uint64_t(players_)), FixedHands{}, extras);
        pending_[size_t(i)] = 0;
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
        float* o = out.observations + size_t(i) * size_t(obs_size_);
        bool* m = out.masks + size_t(i) * size_t(Def::NUM_DISTINCT_ACTIONS);
        const bool acting = seat >= 0 && !terminal && s.current_player() == seat;
        const ActionSet legal = acting ? fixed_legal_set<Def>(s, pending_[size_t(i)]) : ActionSet{};
        legal_[size_t(i)] = legal;
        write_flags(legal, Def::NUM_DISTINCT_ACTIONS, m);
        if (seat < 0) std::fill(o, o + obs_size_, 0.0f);
        else observe(s, seat, o, acting ? pending_[size_t(i)] : 0);
    }

    Rules rules_;
    int num_envs_, threads_, learner_;
    bool heuristic_;
    int players_ = 0, obs_size_ = 0;
    uint64_t seed_ = 0;
    std::vector<State> states_;
    std::vector<CardSet> pending_;
    std::vector<uint64_t> deals_;
    std::vector<Rng> rngs_;
    std::vector<uint8_t> done_;
    std::vector<ActionSet> legal_;   // the legal ids of each env's last observation
};

}  // namespace stich
