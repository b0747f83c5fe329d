// capi_bench [DEALS [RUNS [POSITIONS]]]: the C ABI's speed against the C++ API's, side by side.
//
// 1. Random playouts: for every registered game (default options), DEALS deals played out by the
//    C loop through the C ABI (loop.c) and by the same loop with the C++ API (cpp_playouts below:
//    deal, legal_actions, then apply_checked, or the unchecked apply), RUNS times each, in turn;
//    the medians in deals a CPU second (the thread's CPU time: what a loop costs, even on a machine
//    whose cores other work takes) and the ratios of the C loop's median time to the C++ loops'.
//    The loops must give the same returns and steps (else the program fails).
// 2. The batch: stich_solve_batch over POSITIONS Mucken deals at their first card (deal seeds 1..,
//    the bids by the heuristic), on 1 and on 2 threads, RUNS times each, alternating; the medians
//    of the wall and the CPU time and the speed-up. Both must give the same values.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <time.h>
#include <vector>

#include "loop.h"
#include "stich/stich.hpp"

namespace {

using Clock = std::chrono::steady_clock;

double since(Clock::time_point t0) { return std::chrono::duration<double>(Clock::now() - t0).count(); }

// CPU seconds of the process (every thread's: the batch's threads are the program's) or of the
// calling thread (a playout loop's). On a machine whose cores other work takes, a loop's CPU time
// stays what the loop costs where its wall time does not.
double cpu_seconds(clockid_t clock = CLOCK_PROCESS_CPUTIME_ID) {
    timespec t{};
    clock_gettime(clock, &t);
    return double(t.tv_sec) + double(t.tv_nsec) * 1e-9;
}
double thread_cpu_seconds() { return cpu_seconds(CLOCK_THREAD_CPUTIME_ID); }

double median(std::vector<double> v) {
    std::sort(v.begin(), v.end());
    const size_t n = v.size();
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

// The loop of loop.c with the C++ API (not inlined into main: a profiler sees it as one
// function): each action applied by apply_checked (as the C ABI applies it: checked against the
// legal actions) or, `Checked` false, by the unchecked State::apply of the engine's inner loops.
template <class Def, bool Checked>
[[gnu::noinline]] void cpp_playouts(const typename Def::Rules& r, long deals, uint64_t seed, double* sums, long* steps) {
    uint64_t pick = seed | 1;
    const int players = Def::num_players(r);
    for (long i = 0; i < deals; ++i) {
        typename Def::State s = stich::deal<Def>(r, seed + uint64_t(i), int(i % players));
        stich::ActionList legal;
        while (!s.is_terminal()) {
            s.legal_actions(legal);
            const stich::Action a = legal.a[bench_next(&pick) % uint64_t(legal.n)];
            if constexpr (Checked) stich::apply_checked(s, a);
            else s.apply(a);
            ++*steps;
        }
        stich::Returns ret;
        s.returns(ret);
        for (int k = 0; k < players; ++k) sums[k] += ret[size_t(k)];
    }
}

[[noreturn]] void fail(const std::string& what) {
    std::fprintf(stderr, "capi_bench: %s (%s)\n", what.c_str(), stich_last_error());
    std::exit(1);
}

// Mucken deals at their first card: the positions of the batch.
std::vector<stich_state*> first_cards(int n) {
    stich_game* g = nullptr;
    if (stich_game_new("Mucken", "", &g) != STICH_OK) fail("stich_game_new");
    std::vector<stich_state*> out;
    char phase[32];
    for (uint64_t seed = 1; int(out.size()) < n; ++seed) {
        stich_state* s = nullptr;
        if (stich_deal(g, seed, int(seed % 4), &s) != STICH_OK) fail("stich_deal");
        while (!stich_is_terminal(s) && stich_phase(s, phase, sizeof phase) >= 0 && std::strcmp(phase, "play") != 0)
            if (stich_apply(s, stich_heuristic_action(s, seed)) != STICH_OK) fail("stich_apply");
        if (stich_is_terminal(s)) stich_state_free(s);
        else out.push_back(s);
    }
    stich_game_free(g);
    return out;
}

std::vector<double> values_of(stich_result* const* results, int n) {
    std::vector<double> all;
    for (int i = 0; i < n; ++i) {
        double v[64];
        const int rows = stich_result_column(results[i], STICH_COLUMN_VALUE, v, 64);
        all.insert(all.end(), v, v + std::min(rows, 64));
        all.push_back(stich_result_best(results[i]));
    }
    return all;
}

}   // namespace

int main(int argc, char** argv) {
    const long deals = argc > 1 ? std::atol(argv[1]) : 20000;
    const int runs = argc > 2 ? std::atoi(argv[2]) : 7;
    const int positions = argc > 3 ? std::atoi(argv[3]) : 128;
    if (deals < 1 || runs < 1 || positions < 1) {
        std::fprintf(stderr, "usage: capi_bench [DEALS [RUNS [POSITIONS]]] (each >= 1)\n");
        return 2;
    }
    if (stich_abi_version() != STICH_ABI_VERSION) fail("the library's ABI version is not the header's");
    std::printf("stich %s, C ABI version %d\n", stich_version(), stich_abi_version());
    std::printf("random playouts: %ld deals a run, %d runs of each loop, in turn; medians of the thread's CPU time\n", deals, runs);
    std::printf("  %-10s %14s %16s %16s %10s %10s\n", "game", "C ABI deals/s", "C++ checked", "C++ unchecked", "C/checked", "C/unchecked");
    const uint64_t seed = 1;
    stich::for_each_game([&]<class Def>() {
        stich_game* g = nullptr;
        if (stich_game_new(Def::NAME, "", &g) != STICH_OK) fail("stich_game_new");
        const typename Def::Rules rules = stich::rules_of<Def>();
        std::vector<double> times[3];
        for (int run = 0; run < runs; ++run) {
            double sums[3][6] = {};
            long steps[3] = {};
            double t0 = thread_cpu_seconds();
            if (c_playouts(g, deals, seed, sums[0], &steps[0]) != 0) fail("the C loop failed");
            times[0].push_back(thread_cpu_seconds() - t0);
            t0 = thread_cpu_seconds();
            cpp_playouts<Def, true>(rules, deals, seed, sums[1], &steps[1]);
            times[1].push_back(thread_cpu_seconds() - t0);
            t0 = thread_cpu_seconds();
            cpp_playouts<Def, false>(rules, deals, seed, sums[2], &steps[2]);
            times[2].push_back(thread_cpu_seconds() - t0);
            for (int k = 1; k < 3; ++k)
                if (steps[0] != steps[k] || std::memcmp(sums[0], sums[k], sizeof sums[0]) != 0) fail("the loops disagree");
        }
        const double c = median(times[0]), checked = median(times[1]), unchecked = median(times[2]);
        std::printf("  %-10s %14.0f %16.0f %16.0f %9.2fx %9.2fx\n", Def::NAME, double(deals) / c, double(deals) / checked,
                    double(deals) / unchecked, c / checked, c / unchecked);
        stich_game_free(g);
    });

    std::vector<stich_state*> states = first_cards(positions);
    std::vector<stich_result*> results(states.size());
    std::vector<double> times[2], cpu[2], values[2];
    for (int run = 0; run < runs; ++run)
        for (int threads = 1; threads <= 2; ++threads) {
            const Clock::time_point t0 = Clock::now();
            const double c0 = cpu_seconds();
            if (stich_solve_batch(states.data(), positions, threads, nullptr, results.data(), nullptr) != STICH_OK)
                fail("stich_solve_batch");
            times[threads - 1].push_back(since(t0));
            cpu[threads - 1].push_back(cpu_seconds() - c0);
            values[threads - 1] = values_of(results.data(), positions);
            for (stich_result* r : results) stich_result_free(r);
        }
    if (values[0] != values[1]) fail("the batch on 1 and on 2 threads disagree");
    const double one = median(times[0]), two = median(times[1]), cpu_one = median(cpu[0]), cpu_two = median(cpu[1]);
    std::printf("solve batch: %d Mucken deals at their first card, %d runs on each thread count, alternating; medians\n", positions, runs);
    std::printf("  1 thread:  wall %.3f s, CPU %.3f s (%.2f cores busy)\n", one, cpu_one, cpu_one / one);
    std::printf("  2 threads: wall %.3f s, CPU %.3f s (%.2f cores busy)\n", two, cpu_two, cpu_two / two);
    // On a machine whose cores are taken by other work the wall speed-up says how many cores the
    // second thread got, not what the batch can do; the CPU time says what the batch spent.
    std::printf("  speed-up (wall, 1 thread / 2 threads): %.2fx; CPU time 2 threads / 1 thread: %.2fx\n", one / two, cpu_two / cpu_one);
    for (stich_state* s : states) stich_state_free(s);
    return 0;
}
