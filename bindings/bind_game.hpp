// The Python face shared by every game's State: the names DESIGN marks fixed. Conversion only.
#pragma once
#include <pybind11/numpy.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <functional>
#include <mutex>
#include <optional>
#include <thread>
#include <type_traits>
#include <vector>

#include "common.hpp"
#include "stich/game.hpp"
#include "stich/notation.hpp"
#include "stich/serial.hpp"
#include "stich/position.hpp"
#include "stich/search.hpp"
#include "stich/sampler.hpp"

namespace stich::py_bind {

// An action as Python sees it: besides its id and canonical text, the game and the phase it was
// listed in, so that apply() refuses it where it would mean another move (a foreign game's action,
// a stale one). The game and phase are static strings.
struct PyAction {
    const char* game;    // the state class's name, "<Game>State"
    const char* phase;   // the state's phase_name() when the action was listed
    Action id;
    std::string text;
    bool operator==(const PyAction&) const = default;   // the game and phase are static names
};

// What _core.ismcts returns (stich.ismcts makes its table from it): the root statistics of the
// observer's legal actions, in id order, merged and per independent run, and the principal line.
struct PyActionStats {
    PyAction action;
    uint64_t visits;
    double reward, reward_sq, tally;
    uint64_t wins;
    std::optional<uint64_t> schneider;   // where the game has it
    bool operator==(const PyActionStats&) const = default;
};
struct PyLineStep {
    std::string action;   // as the observer sees it: another seat's hidden move is "?"
    int seat;
    uint64_t visits;
    double mean;
    bool operator==(const PyLineStep&) const = default;
};
struct PySearchStats {
    int observer = 0;
    std::vector<PyActionStats> rows;
    std::vector<std::vector<PyActionStats>> runs;
    std::vector<PyLineStep> line;
    uint64_t iterations = 0, nodes = 0, arena_bytes = 0;
    double seconds = 0;
    bool operator==(const PySearchStats&) const = default;
};

// What _core.solve and _core.analyse_deal return (stich.solve makes its SolveResult from them): a
// solve's values of the legal actions, in id order, and its principal variation, a list per field
// of Python's LineMove (a record a move cost three times the conversion: whole deals' analyses
// make hundreds). analyse_deal's lines share their moves: a line that is its first move and then
// the next result's line holds only that move (`continued`).
struct PySolveStats {
    int root = 0;
    bool two_sided = false;
    std::vector<PyAction> actions;
    std::vector<int> values;   // per action
    PyAction best{};
    int value = 0;
    std::vector<int> line_seats;
    std::vector<std::string> line_actions;
    std::vector<std::optional<int>> line_took;    // the seat that took the trick the move completed
    std::vector<std::vector<int>> line_tallies;   // every seat's State::tally after the move
    bool continued = false;
    uint64_t nodes = 0;
    double seconds = 0;
    py::object state;   // the position solved (a copy)
    bool operator==(const PySolveStats& o) const {
        return root == o.root && two_sided == o.two_sided && actions == o.actions && values == o.values && best == o.best &&
               value == o.value && line_seats == o.line_seats && line_actions == o.line_actions && line_took == o.line_took &&
               line_tallies == o.line_tallies && continued == o.continued && nodes == o.nodes && seconds == o.seconds &&
               state.equal(o.state);
    }
};

// Each bound state class's name (bind_state sets it), for the actions it lists.
template <class State>
inline const char* state_class_name = "";

template <GameState State>
PyAction make_action(const State& s, Action a) {
    static_assert(std::is_same_v<decltype(s.phase_name()), const char*>, "phase names must be static strings");
    return PyAction{state_class_name<State>, s.phase_name(), a, s.action_text(a)};
}

// Applies an Action only where it means the same move: the game and phase it was listed in, and
// the legal action with its canonical text (a hand-dependent id, such as a discard of some of the hand's cards,
// names other cards in another hand). Otherwise IllegalAction naming its text and the legal ones.
template <GameState State>
Action apply_action(State& s, const PyAction& pa) {
    if (s.is_terminal()) throw IllegalAction("the deal is over; no action can be applied (" + quoted(pa.text) + ")");
    const std::string_view game = state_class_name<State>;
    if (game != pa.game || std::string_view(pa.phase) != s.phase_name()) {
        auto where = [](std::string_view g, const char* phase) {
            return std::string(g.substr(0, g.rfind("State"))) + " (phase " + phase + ")";
        };
        throw IllegalAction(quoted(pa.text) + " is an action of " + where(pa.game, pa.phase) + ", not of this " +
                            where(game, s.phase_name()) + "; legal: " + legal_actions_text(s));
    }
    ActionList list;
    s.legal_actions(list);
    if (list.contains(pa.id) && s.action_text(pa.id) == pa.text) {
        s.apply(pa.id);
        return pa.id;
    }
    for (Action a : list)
        if (s.action_text(a) == pa.text) {
            s.apply(a);
            return a;
        }
    throw IllegalAction(quoted(pa.text) + " is not legal for seat " + std::to_string(s.current_player()) +
                        " here; legal: " + legal_actions_text(s));
}

// A Python int as long long, or `fallback` when it does not fit.
inline long long int_or(py::handle obj, long long fallback) {
    int overflow = 0;
    const long long v = PyLong_AsLongLongAndOverflow(obj.ptr(), &overflow);
    if (overflow || (v == -1 && PyErr_Occurred())) {
        PyErr_Clear();
        return fallback;
    }
    return v;
}

// Applies what Python passed as an action: an Action (apply_action), its text or the id of a
// legal action; returns the action applied. Anything else: IllegalAction or TypeError.
template <GameState State>
Action apply_handle(State& s, py::handle action) {
    if (py::isinstance<PyAction>(action)) return apply_action(s, action.cast<const PyAction&>());
    Action a;
    if (py::isinstance<py::str>(action)) a = find_action(s, utf8(action));
    else if (py::isinstance<py::int_>(action) && !py::isinstance<py::bool_>(action)) {
        const long long v = int_or(action, -1);
        if (v < 0 || v >= HIDDEN_ACTION)
            throw IllegalAction("action id " + std::string(py::str(action)) +
                                " out of range: not an action of this game; legal: " + legal_actions_text(s));
        a = Action(v);
    } else {
        throw py::type_error(
            "apply() takes an Action, its text or its id (an Action this game listed in this phase, the id of a legal action); got " +
            std::string(py::str(py::type::of(action))));
    }
    apply_checked(s, a);
    return a;
}

// The ids of a deal's actions played from `root` (Actions, texts or ids, each checked as apply()
// checks it): what the reviews take (a sequence, not a text).
template <GameState State>
std::vector<Action> played_ids(const State& root, py::handle actions) {
    if (py::isinstance<py::str>(actions) || py::isinstance<py::bytes>(actions) || !py::hasattr(actions, "__iter__"))
        throw py::type_error("actions must be a sequence of actions (Actions, texts or ids), got " +
                             std::string(py::str(py::type::of(actions).attr("__name__"))));
    std::vector<Action> ids;
    State at = root;
    for (py::handle action : actions) {
        if (at.is_terminal()) throw py::value_error("the deal ended after " + std::to_string(ids.size()) + " of the actions given");
        ids.push_back(apply_handle(at, action));
    }
    return ids;
}

// A seat's information set, with texts resolved for Python.
struct PyView {
    View view;
    Alphabet alphabet;
    std::vector<std::string> location_names;
    std::vector<std::pair<int, std::string>> history;
    py::object origin;   // a copy of the state the view was taken from (searches resample every hidden card)
    // Equality and pickling (docs/api.md, "Pickling and equality"; information_text below): what
    // the observer knows as text ("" for a finished deal), and a state made from what it knows
    // alone (serial::view_state): the only state a view hands to pickle or copy.
    std::string (*information_text)(const PyView&) = nullptr;
    py::object (*information_state)(const PyView&) = nullptr;
    std::string (*origin_text)(const PyView&) = nullptr;   // the origin's to_string()
    // The game's rules for the worlds of this view (stich/sampler.hpp, Worlds), for sample_worlds.
    struct Rules {
        std::function<bool(const Locations&)> allowed;
        bool allows(const Locations& w) const { return allowed(w); }
    };
    Rules (*world_rules)(const PyView&) = nullptr;

    int location_index(py::handle loc) const {
        if (py::isinstance<py::int_>(loc) && !py::isinstance<py::bool_>(loc)) {
            const long long i = int_or(loc, -1);
            if (i < 0 || i >= view.num_locations)
                throw py::index_error("location " + std::string(py::str(loc)) + " out of range 0.." +
                                      std::to_string(view.num_locations - 1));
            return int(i);
        }
        std::string name = py::str(loc);
        for (size_t i = 0; i < location_names.size(); ++i)
            if (location_names[i] == name) return int(i);
        std::string names;
        for (const auto& n : location_names) names += (names.empty() ? "" : ", ") + n;
        throw py::value_error("unknown location " + quoted(name) + "; locations: " + names);
    }
};

// Interpreter exit with work in flight. When the interpreter finalises, CPython before 3.14 ends a
// daemon thread that takes the GIL with pthread_exit: glibc's forced unwind through our frames and
// pybind11's. Only libstdc++ lets it pass pybind11's dispatcher (a catch (abi::__forced_unwind&)
// that rethrows); under libc++ (the wheel's) the dispatcher's catch (...) ends it and glibc aborts
// the process ("FATAL: exception not rethrown"). So such a thread never leaves our frames: where it
// takes the GIL back (retake_gil) or runs Python code (run_interruptible's tick), it catches the
// unwind, joins its worker and blocks until the process exits, as CPython 3.14 itself blocks a
// daemon thread that asks for the GIL after finalisation. The module's atexit handler (module.cpp)
// stops every long call in flight and waits until its worker is joined, before the interpreter
// starts ending threads, so that the usual exit meets no worker at all.

// Blocks the calling thread until the process exits: the end of a thread that the interpreter ends.
[[noreturn]] inline void block_until_exit() {
    for (;;) std::this_thread::sleep_for(std::chrono::hours(1));
}

// True in a catch (...) block that caught no C++ exception: in these frames, glibc's forced unwind
// of a thread that the interpreter ends (std::current_exception holds no foreign exception, under
// libstdc++ and libc++ alike).
inline bool caught_thread_end() { return !std::current_exception(); }

// Takes the GIL back after PyEval_SaveThread(). A thread that the interpreter ends there (the forced
// unwind is all that PyEval_RestoreThread throws) runs `finish` and blocks until the process exits.
template <class Finish>
void retake_gil(PyThreadState* ts, Finish&& finish) {
    try {
        PyEval_RestoreThread(ts);
    } catch (...) {
        finish();
        block_until_exit();
    }
}
inline void retake_gil(PyThreadState* ts) {
    retake_gil(ts, [] {});
}

// The long calls in flight (run_interruptible registers its stop flag while its worker runs).
// Never destroyed: a daemon thread may still deregister while the process exits.
struct LongCalls {
    std::mutex m;
    std::condition_variable cv;
    std::vector<std::atomic<bool>*> running;

    void add(std::atomic<bool>* stop) {
        std::lock_guard lk(m);
        running.push_back(stop);
    }
    void remove(std::atomic<bool>* stop) {
        std::lock_guard lk(m);
        running.erase(std::find(running.begin(), running.end(), stop));
        cv.notify_all();
    }
};

inline LongCalls& long_calls() {
    static LongCalls* calls = new LongCalls;
    return *calls;
}

// Runs `f` (C++ only: it must not touch Python objects) with the GIL released, and takes the GIL
// back with retake_gil: exceptions from `f` pass through.
template <class F>
auto without_gil(F&& f) {
    using R = decltype(f());
    PyThreadState* const ts = PyEval_SaveThread();
    if constexpr (std::is_void_v<R>) {
        try {
            f();
        } catch (...) {
            retake_gil(ts);
            throw;
        }
        retake_gil(ts);
    } else {
        std::optional<R> r;
        try {
            r.emplace(f());
        } catch (...) {
            retake_gil(ts);
            throw;
        }
        retake_gil(ts);
        return std::move(*r);
    }
}

// The atexit handler's work (module.cpp): sets the stop flag of every long call in flight (and
// of any that starts meanwhile) and waits, with the GIL released, until each has joined its
// worker, for at most `seconds`.
inline void stop_long_calls(double seconds) {
    LongCalls& calls = long_calls();
    without_gil([&] {
        const auto deadline = std::chrono::steady_clock::now() +
                              std::chrono::duration_cast<std::chrono::steady_clock::duration>(std::chrono::duration<double>(seconds));
        std::unique_lock lk(calls.m);
        while (!calls.running.empty() && std::chrono::steady_clock::now() < deadline) {
            for (std::atomic<bool>* stop : calls.running) stop->store(true);
            calls.cv.wait_until(lk, std::min(deadline, std::chrono::steady_clock::now() + std::chrono::milliseconds(50)));
        }
    });
}

// Runs `work` (C++ only: it must not touch Python objects) on a new thread while the calling
// thread waits with the GIL released, in slices of at most 50 ms. Between slices it takes the GIL
// to run pending signal handlers (Ctrl-C raises KeyboardInterrupt there) and `tick`; a Python
// error from either, or `tick` returning false, sets `stop`, which the work polls to end early.
// The error is raised once the work has ended; else the work's result is returned. `brief` work
// (known to end within a few tens of milliseconds) runs on the calling thread: no thread to start;
// so does any work when no thread can be started (out of memory, the system's thread limit),
// without Ctrl-C then. The worker is always joined before the GIL is taken back for good, and
// before a thread that the interpreter ends blocks for good (see above).
template <class Work, class Tick>
auto run_interruptible(std::atomic<bool>& stop, Work&& work, Tick&& tick, bool brief = false) {
    if (brief) return without_gil(work);
    using R = decltype(work());
    std::optional<R> result;
    std::exception_ptr failed, tick_failed;
    std::optional<py::error_already_set> error;   // destroyed with the GIL held
    std::mutex m;
    std::condition_variable cv;
    bool done = false;
    long_calls().add(&stop);   // with the GIL: a failure to add raises MemoryError
    PyThreadState* const ts = PyEval_SaveThread();
    std::thread worker;
    try {
        worker = std::thread([&] {
            // The worker runs C++ only: no forced unwind can reach it, and every exception is kept.
            try {
                result.emplace(work());
            } catch (...) {
                failed = std::current_exception();
            }
            std::lock_guard lk(m);
            done = true;
            cv.notify_all();
        });
    } catch (...) {   // no thread to be had: the work runs here
        long_calls().remove(&stop);
        try {
            result.emplace(work());
        } catch (...) {
            retake_gil(ts);
            throw;
        }
        retake_gil(ts);
        return std::move(*result);
    }
    // Before this thread blocks for good (the interpreter ends it): the work stopped and joined.
    auto end_work = [&] {
        stop = true;
        worker.join();
        long_calls().remove(&stop);
    };
    std::unique_lock lk(m);
    while (!cv.wait_for(lk, std::chrono::milliseconds(50), [&] { return done; })) {
        if (stop.load()) continue;   // ending: wait for the work
        lk.unlock();
        retake_gil(ts, end_work);
        try {
            if (PyErr_CheckSignals() != 0) throw py::error_already_set();
            if (!tick()) stop = true;
        } catch (py::error_already_set& e) {
            error.emplace(std::move(e));
            stop = true;
        } catch (...) {
            if (caught_thread_end()) {   // in Python code that the tick ran; the GIL is no longer held
                end_work();
                block_until_exit();
            }
            tick_failed = std::current_exception();   // not past the worker: it must be joined first
            stop = true;
        }
        PyEval_SaveThread();
        lk.lock();
    }
    lk.unlock();
    worker.join();
    long_calls().remove(&stop);
    retake_gil(ts);
    if (error) throw std::move(*error);
    if (tick_failed) std::rethrow_exception(tick_failed);
    if (failed) std::rethrow_exception(failed);
    return std::move(*result);
}

inline bool no_tick() { return true; }

// The search's settings from Python objects, each checked by the core (ValueError or TypeError
// naming it): for stich.ismcts, and for a bot checking its settings when made (check_search_args).
inline SearchConfig search_config_from_py(py::handle iterations, py::handle seconds, py::handle threads, py::handle c, double default_c,
                                          int64_t max_nodes, py::handle runs, py::handle playout, py::handle others) {
    SearchConfig cfg =
        search_config_from(optional_int_arg(iterations, "iterations"), optional_number_arg(seconds, "seconds"), int_arg(threads, "threads"),
                           optional_number_arg(c, "c"), default_c, max_nodes, optional_int_arg(runs, "runs"));
    if (!py::isinstance<py::str>(playout))
        throw py::type_error("playout must be a str (random, heuristic), got " + std::string(py::repr(playout)));
    cfg.playout = playout_named(utf8(playout));
    if (!py::isinstance<py::str>(others))
        throw py::type_error("others_before_play must be a str (heuristic, tree), got " + std::string(py::repr(others)));
    cfg.others_before_play = others_named(utf8(others));
    return cfg;
}

// A search's root statistics as Python's records (stich.ismcts makes its SearchResult from them).
template <GameState State>
std::vector<PyActionStats> py_action_stats(const State& root, const std::vector<ActionStats>& actions) {
    std::vector<PyActionStats> out;
    for (const ActionStats& a : actions)
        out.push_back({make_action(root, a.action), a.visits, a.reward, a.reward_sq, a.tally, a.wins,
                       requires { root.schneider(); } ? std::optional<uint64_t>(a.schneider) : std::nullopt});
    return out;
}

template <GameState State>
PySearchStats py_search_stats(const State& root, const SearchResult& r) {
    PySearchStats out;
    out.observer = r.observer;
    out.rows = py_action_stats(root, r.actions);
    for (const std::vector<ActionStats>& run : r.runs) out.runs.push_back(py_action_stats(root, run));
    for (const LineStep& step : r.line)
        out.line.push_back({step.key == HIDDEN_ACTION ? std::string("?") : root.action_text(step.key), step.seat, step.visits, step.mean});
    out.iterations = r.iterations;
    out.nodes = r.nodes;
    out.arena_bytes = r.arena_bytes;
    out.seconds = r.seconds;
    return out;
}

// The description of the game whose states are State.
template <class State, class F>
void with_def(F&& f) {
    for_each_game([&]<class Def>() {
        if constexpr (std::is_same_v<typename Def::State, State>) f.template operator()<Def>();
    });
}

template <GameState State>
PyView::Rules view_world_rules(const PyView& v) {
    return {[rules = world_rules_of(v.origin.cast<const State&>(), v.view.observer)](const Locations& w) { return rules.allows(w); }};
}

template <GameState State>
std::string origin_text(const PyView& v) {
    return v.origin.cast<const State&>().to_string();
}

// What the observer knows, as the position notation writes it (docs/notation.md): the game and
// its options, the dealer, the seat, its hand, the history as it saw it (others' hidden cards
// projected away) and the game's own public lines; "" for a finished deal, which the notation does
// not write. The notation is made from the view alone, so two views hold the same information
// exactly when their facts (same_facts) and their texts are equal. The origins themselves are not
// compared: members besides the cards of the locations carry hidden information too (which of a
// seat's cards were dealt first, the ids of other seats' discards).
template <GameState State>
std::string information_text(const PyView& v) {
    std::string text;
    with_def<State>([&]<class Def>() {
        if constexpr (HasNotation<Def>) {
            const State& s = v.origin.cast<const State&>();
            if (!s.is_terminal()) text = position_text<Def>(s, v.view.observer);
        }
    });
    return text;
}

// The state a pickled view carries: made from what the observer knows alone (serial::view_state).
template <GameState State>
py::object information_state(const PyView& v) {
    const State& s = v.origin.cast<const State&>();
    std::optional<State> out;
    with_def<State>([&]<class Def>() { out = serial::view_state<Def>(s, v.view.observer); });
    return py::cast(*out);
}

template <GameState State>
PyView make_view(const State& s, int seat, std::vector<std::string> extra_locations) {
    checked_seat(seat, s.num_players());
    PyView v{s.view(seat),        s.deck_info().alphabet,  {}, {}, py::cast(s), &information_text<State>, &information_state<State>,
             &origin_text<State>, &view_world_rules<State>};
    for (int i = 0; i < s.num_players(); ++i) v.location_names.push_back("seat" + std::to_string(i));
    for (auto& n : extra_locations) v.location_names.push_back(std::move(n));
    for (int i = 0; i < v.view.history_size; ++i) {
        const PublicEvent& e = v.view.history[size_t(i)];
        if constexpr (requires { s.event_text(e); }) v.history.emplace_back(e.seat, s.event_text(e));
        else v.history.emplace_back(e.seat, s.action_text(e.action));
    }
    return v;
}

// The action a C++ policy (the heuristic bot, the random playout) chooses, from a seed.
template <GameState State>
PyAction policy_action(const State& s, uint64_t seed, Action (State::*policy)(Rng&) const) {
    if (s.is_terminal()) throw IllegalAction("the deal is over; there is no action to choose");
    Rng rng(seed);
    return make_action(s, (s.*policy)(rng));
}

template <GameState State>
py::class_<State> bind_state(py::module_& m, const char* name, std::vector<std::string> extra_locations) {
    state_class_name<State> = name;
    py::class_<State> c(m, name);
    c.def_property_readonly(
         "current_player",
         [](const State& s) -> py::object {
             int p = s.current_player();
             return p < 0 ? py::object(py::none()) : py::object(py::int_(p));
         },
         "Seat to act, None when the deal is over.")
        .def_property_readonly("num_players", &State::num_players, "The number of seats.")
        .def_property_readonly("is_terminal", &State::is_terminal, "Whether the deal is over (then returns() is final).")
        .def_property_readonly(
            "phase", [](const State& s) { return std::string(s.phase_name()); },
            "The name of the current phase (an Action remembers the phase it was listed in).")
        .def(
            "legal_actions",
            [](const State& s) {
                ActionList list;
                s.legal_actions(list);
                std::vector<PyAction> out;
                out.reserve(size_t(list.n));
                for (Action a : list) out.push_back(make_action(s, a));
                return out;
            },
            "The legal actions in a stable order (ascending ids); empty when the deal is over.")
        .def(
            "apply", [](State& s, py::handle action) { apply_handle(s, action); }, py::arg("action"),
            "Applies an Action (listed in this game and phase; it is matched by its text), an action's text or the id of "
            "one of this state's legal actions; anything else raises IllegalActionError.")
        .def(
            "returns",
            [](const State& s) {
                Returns r;
                s.returns(r);
                return std::vector<int>(r.begin(), r.begin() + s.num_players());
            },
            "Per-seat payoff of the deal (G-4); zeros before the end.")
        .def(
            "hand", [](const State& s, int seat) { return make_set(s.hand(checked_seat(seat, s.num_players())), s.deck_info()); },
            py::arg("seat"), "The cards `seat` holds now (IndexError for a seat out of range).")
        .def(
            "clone", [](const State& s) { return s; }, "An independent copy of the state.")
        .def(
            "__copy__", [](const State& s) { return s; }, "An independent copy (states hold no references).")
        .def(
            "__deepcopy__", [](const State& s, py::handle) { return s; }, py::arg("memo"), "An independent copy.")
        .def(
            "__eq__", [](const State& a, py::handle b) { return py::isinstance<State>(b) && a == b.cast<const State&>(); },
            "Equal when every member agrees (cards, history, phase, counters).")
        .def("__hash__", [](const State&) -> py::int_ { throw py::type_error("game states are mutable and not hashable"); })
        .def(
            "view", [extra_locations](const State& s, int seat) { return make_view(s, seat, extra_locations); }, py::arg("seat"),
            "What `seat` knows: its cards, the public history and the constraints derived from it.")
        .def(
            "is_consistent_with", [](const State& s, const PyView& v) { return consistent(v.view, s.locations()); }, py::arg("view"),
            "Whether this state's hidden cards agree with everything the view knows.")
        .def(
            "action_text", [](const State& s, int a) { return s.action_text(Action(a)); }, py::arg("action_id"),
            "The canonical text of an action id of this game in this state "
            "(a hand-dependent id, such as a discard's, names cards of the hand).")
        .def(
            "_locations",
            [](const State& s) {
                const Locations l = s.locations();
                std::vector<PyCardSet> out;
                for (int i = 0; i < s.view(0).num_locations; ++i) out.push_back(make_set(l[size_t(i)], s.deck_info()));
                return out;
            },
            "Test hook: the true content of every location of a view (location_names order).")
        .def(
            "_random_action", [](const State& s, uint64_t seed) { return policy_action(s, seed, &State::random_action); }, py::arg("seed"),
            "Test hook: the random playout policy's action (uniform among the legal actions).")
        .def(
            "_legal_keys_consistent",
            [](const State& s, uint64_t seed) {
                Rng rng(seed);
                return legal_keys_consistent(s, rng);
            },
            py::arg("seed"), "Test hook: whether the search's keys from the game agree with legal_actions().")
        .def(
            "_action_with_key",
            [](const State& s, int key, uint64_t seed) {
                if (key < 0 || key > 127 || s.is_terminal() || !s.legal_keys(false).has(unsigned(key)))
                    throw py::value_error("not a key of legal_keys(false) here");
                Rng rng(seed);
                return make_action(s, s.action_with_key(Action(key), rng));
            },
            py::arg("key"), py::arg("seed"), "Test hook: the search's draw of an action with a public key.")
        .def(
            "heuristic_action", [](const State& s, uint64_t seed) { return policy_action(s, seed, &State::heuristic_action); },
            py::arg("seed") = 0, "The rule-of-thumb bot's action (docs/bots.md); it uses only what the seat to act knows.")
        .def(
            "resample",
            [](const State& s, int seat, uint64_t seed) {
                checked_seat(seat, s.num_players());
                return resampled(s, seat, seed);
            },
            py::arg("seat"), py::arg("seed"),
            "A copy in which every card `seat` cannot see is dealt anew, uniformly among the consistent worlds.")
        .def(
            "with_world",
            [](const State& s, int seat, const std::vector<PyCardSet>& world) {
                checked_seat(seat, s.num_players());
                const View v = s.view(seat);
                if (int(world.size()) != v.num_locations)
                    throw py::value_error("a world has one card set per location (" + std::to_string(v.num_locations) + "), got " +
                                          std::to_string(world.size()));
                Locations w{};
                CardSet all = 0;
                for (size_t l = 0; l < world.size(); ++l) {
                    if (world[l].bits & all) throw py::value_error("a card is in two locations of the world");
                    all |= world[l].bits;
                    w[l] = world[l].bits;
                }
                if (!consistent(v, w) || (all & ~v.played) != (v.unknown | [&] {
                                             CardSet k = 0;
                                             for (int l = 0; l < v.num_locations; ++l) k |= v.where[size_t(l)].known;
                                             return k;
                                         }()))
                    throw py::value_error("the world is not consistent with what seat " + std::to_string(seat) + " knows");
                if (!world_rules_of(s, seat).allows(w))
                    throw py::value_error("the world breaks a rule of the game that play keeps (docs/api.md, \"Views and worlds\")");
                Rng rng(0);
                State out = s;
                install_world(out, w, seat, rng);
                return out;
            },
            py::arg("seat"), py::arg("world"),
            "A copy with the given world (a card set per location of `seat`'s view) in place of what `seat` cannot see.")
        .def_property_readonly(
            "trick_plays",
            [](const State& s) {
                py::list out;   // a trick's cards are the history's last actions (card play)
                const int first = int(s.history.size) - int(s.trick.size);
                for (int i = 0; i < s.trick.size; ++i)
                    out.append(
                        py::make_tuple(int(s.history.actors[size_t(first + i)]), PyCard{s.trick.cards[size_t(i)], s.deck_info().alphabet}));
                return out;
            },
            "The trick on the table as (seat, card) pairs in the order played (empty between tricks).")
        .def_property_readonly(
            "trick_taker",
            [](const State& s) -> py::object {
                if (s.trick.size != 0 || s.trick.done == 0) return py::none();
                return py::int_(int(s.trick.winner));
            },
            "The seat that took the last complete trick, until a card of the next is played (else None).")
        .def("__str__", &State::to_string, "The state as text: the hands, the trick, the history and the game's counters.")
        .def("__repr__", [name](const State& s) {
            return "<" + std::string(name) + " phase=" + s.phase_name() + " to_act=" + std::to_string(s.current_player()) + ">";
        });
    m.def(
        "ismcts",
        [](const State& s, py::object iterations, py::object seconds, py::object threads, py::object seed, py::object exploration,
           py::object playout, py::object max_nodes, py::object report, py::object every, py::object runs, bool wide_root,
           py::object others) {
            const State root = s;   // the search reads its own copy: other Python threads may change `s` meanwhile
            double default_c = 0;
            with_def<State>([&]<class Def>() { default_c = Def::SEARCH_C; });
            SearchConfig cfg = search_config_from_py(iterations, seconds, threads, exploration, default_c, int_arg(max_nodes, "max_nodes"),
                                                     runs, playout, others);
            cfg.seed = seed_arg(seed);
            cfg.wide_root = wide_root;
            if (!report.is_none() && !PyCallable_Check(report.ptr()))
                throw py::type_error("callback must be callable, got " + std::string(py::repr(report)));
            const double every_s = number_arg(every, "every");
            if (!(every_s >= 0.01 && every_s <= 86400))
                throw py::value_error("every must be a number of seconds in 0.01..86400, got " + std::string(py::repr(every)));
            std::atomic<bool> stop = false;
            SearchProgress progress;
            cfg.stop = &stop;
            if (!report.is_none()) cfg.progress = &progress;
            const auto start = std::chrono::steady_clock::now();
            const auto period = std::chrono::duration_cast<std::chrono::steady_clock::duration>(std::chrono::duration<double>(every_s));
            auto next = start + period;
            // Every `every` seconds: the merged root statistics so far to `report`; false stops the search.
            auto tick = [&] {
                if (!cfg.progress || std::chrono::steady_clock::now() < next) return true;
                without_gil([&] { progress.request(); });
                if (progress.snapshot.empty()) return true;   // the threads have not started yet
                next = std::chrono::steady_clock::now() + period;
                PySearchStats partial;
                partial.observer = root.current_player();
                partial.rows = py_action_stats(root, progress.snapshot);
                partial.iterations = progress.iterations;
                partial.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
                return py::cast<bool>(report(std::move(partial)));
            };
            // A bot's small searches skip the thread (about 35 us a call).
            const bool brief = report.is_none() && cfg.iterations > 0 && cfg.iterations <= 10'000;
            const SearchResult r = run_interruptible(stop, [&] { return ismcts(root, cfg); }, tick, brief);
            return py_search_stats(root, r);
        },
        py::arg("state"), py::arg("iterations") = py::none(), py::arg("seconds") = py::none(), py::arg("threads") = 1, py::arg("seed") = 0,
        py::arg("c") = py::none(), py::arg("playout") = "heuristic", py::arg("max_nodes") = SearchConfig{}.max_nodes,
        py::arg("report") = py::none(), py::arg("every") = 1.0, py::arg("runs") = py::none(), py::arg("wide_root") = true,
        py::arg("others_before_play") = "heuristic",
        "The core of stich.ismcts (which makes its SearchResult): SO-ISMCTS from `state` with a budget of `iterations` or "
        "`seconds` (exactly one); every argument is checked here (ValueError or TypeError saying what is accepted). "
        "`report(SearchStats)` is called every `every` seconds with the statistics so far and stops the search by returning False.");
    m.def(
        "perft",
        [](const State& s, int depth, bool divide) -> py::object {
            if (depth < 0) throw py::value_error("perft depth must be >= 0, got " + std::to_string(depth));
            if (divide && depth < 1) throw py::value_error("perft(divide=True) counts below each root move: depth must be >= 1, got 0");
            const State root = s;   // a copy: other Python threads may change `s` meanwhile
            std::atomic<bool> stop = false;
            if (!divide) return py::int_(run_interruptible(stop, [&] { return perft(root, depth, &stop); }, no_tick));
            // Per root move (Stockfish's "divide"): the leaves below each legal action, in their order.
            ActionList list;
            if (!root.is_terminal()) root.legal_actions(list);
            const auto counts = run_interruptible(
                stop,
                [&] {
                    std::vector<uint64_t> n;
                    for (Action a : list) {
                        State child = root;
                        child.apply(a);
                        n.push_back(perft(child, depth - 1, &stop));
                    }
                    return n;
                },
                no_tick);
            py::dict out;
            for (int i = 0; i < list.n; ++i) out[py::str(root.action_text(list.a[size_t(i)]))] = counts[size_t(i)];
            return out;
        },
        py::arg("state"), py::arg("depth"), py::arg("divide") = false,
        "Leaves of the tree of legal actions to `depth` plies; with divide=True a dict of the leaves below each "
        "legal action (its text), in the order of legal_actions().");
    return c;
}

// The position notation (stich/notation.hpp), one overload per game: position_text(state, seat)
// -> str. Reading is one function for every game (parse_position, bindings/games.cpp).
template <class Def>
void bind_position(py::module_& m) {
    using State = typename Def::State;
    if constexpr (!HasNotation<Def>) {
        // A game without the notation's hooks yet: a clear error instead of a missing overload.
        m.def("position_text", [](const State&, int) -> std::string {
            throw py::value_error(std::string("position_text: ") + state_class_name<State> +
                                  " has no position notation yet (docs/notation.md lists the games that have one)");
        });
    } else {
        m.def(
            "position_text", [](const State& s, int seat) { return position_text<Def>(s, seat); }, py::arg("state"), py::arg("seat"),
            "The position notation of `state` as `seat` sees it (docs/notation.md).");
    }
}

}   // namespace stich::py_bind
