// The Python face of a registered game (stich/registry.hpp), made from its description alone:
// its Rules (keyword options checked by the schema), State (the shared face of bind_game.hpp plus
// the fields the game lists) and Match, and its entry in _core.games(). Conversion only.
#pragma once
#include "bind_game.hpp"
#include "stich/notation.hpp"
#include "stich/registry.hpp"
#include "stich/rl.hpp"
#include "stich/stich.hpp"
#include "stich/schema.hpp"
#include "stich/serial.hpp"

namespace stich::py_bind {

// Pickling through the serial form of stich/serial.hpp (a damaged form raises ValueError).
template <class T, class Load>
auto pickle_by_bytes(std::string (*dump)(const T&), Load load) {
    return py::pickle(
        [dump](const T& x) { return py::bytes(dump(x)); },
        [load](const py::object& b) {
            if (!py::isinstance<py::bytes>(b))
                throw py::value_error("corrupt pickled stich object: expected bytes, got " + std::string(py::str(py::type::of(b))));
            return load(std::string_view(PyBytes_AS_STRING(b.ptr()), size_t(PyBytes_GET_SIZE(b.ptr()))));
        });
}

// A schema value as a Python object (cards in the game's alphabet).
py::object to_python(const Value& v, Alphabet alphabet);
// A Python object as the value `accepts` describes (cards parsed in the deck); ValueError
// "<what> must be <describe>, got <repr>" for anything else.
Value from_python(py::handle obj, const Accepts& accepts, const Deck& deck, const std::string& what);
// _core.games(): one dict per registered game, in registry order.
py::list& game_registry();
// A description of an accepted value set, for Python (kind, range, choices, None accepted).
py::dict accepts_dict(const Accepts& a);

// Named values from Python keyword arguments, each converted as `accepts_of(name)` says (an
// unknown name is passed as None: the schema names it).
// `what(name)` names the value in messages.
template <class AcceptsOf, class What>
std::vector<std::pair<std::string, Value>> named_values(const py::kwargs& kw, AcceptsOf&& accepts_of, const Deck& deck, What&& what) {
    std::vector<std::pair<std::string, Value>> out;
    for (auto item : kw) {
        const std::string name = utf8(item.first);
        const Accepts* a = accepts_of(name);
        out.emplace_back(name, a ? from_python(item.second, *a, deck, what(name)) : Value::none());
    }
    return out;
}

inline std::string as_is(const std::string& name) { return name; }

// A Python function calling `call(values)` with its arguments checked against `params` (a game's
// contract factory or extra function, stich/schema.hpp): a proper signature (the params' names,
// the optional ones with their fallbacks as defaults), each argument converted and accepted as the
// param says (ValueError naming it otherwise), the result converted by `out`.
template <size_t Required, class Out, size_t... I>
py::cpp_function checked_call_n(const char* name, const char* doc, const std::vector<ParamSpec>& params, Out out,
                                std::index_sequence<I...>) {
    const std::vector<ParamSpec>* ps = &params;   // the game's static table: lives as long as the module
    auto arg = [ps]<size_t K>(std::integral_constant<size_t, K>) {
        if constexpr (K < Required) return py::arg((*ps)[K].name);
        else return py::arg_v((*ps)[K].name, to_python((*ps)[K].fallback, Alphabet::German));
    };
    auto fn = [ps, out, name](decltype((void)I, py::object())... args) {
        const py::object given[] = {args...};
        std::vector<Value> values;
        for (size_t k = 0; k < ps->size(); ++k)
            values.push_back(from_python(given[k], (*ps)[k].accepts, deck(DeckKind::German32), std::string((*ps)[k].name) + " of " + name));
        return out(values);
    };
    return py::cpp_function(fn, py::name(name), arg(std::integral_constant<size_t, I>{})..., doc);
}

template <class Out>
py::cpp_function checked_call(const char* name, const char* doc, const std::vector<ParamSpec>& params, Out out) {
    size_t required = 0;
    while (required < params.size() && params[required].fallback.is_none() && !params[required].accepts.none_ok) ++required;
    for (size_t k = required; k < params.size(); ++k)
        if (params[k].fallback.is_none() && !params[k].accepts.none_ok)
            throw std::logic_error(std::string(name) + ": a required parameter after an optional one");
    // One to four parameters, the required ones first.
    py::cpp_function f;
    auto with = [&]<size_t N, size_t R>() {
        if (params.size() == N && required == R) f = checked_call_n<R>(name, doc, params, out, std::make_index_sequence<N>{});
    };
    [&]<size_t... N>(std::index_sequence<N...>) {
        (
            [&]<size_t M>(std::integral_constant<size_t, M>) {
                [&]<size_t... R>(std::index_sequence<R...>) { (with.template operator()<M, R>(), ...); }(std::make_index_sequence<M + 1>{});
            }(std::integral_constant<size_t, N + 1>{}),
            ...);
    }(std::make_index_sequence<4>{});
    if (!f) throw std::logic_error(std::string(name) + ": none or more than four parameters");
    return f;
}

template <class T>
void bind_fields(py::class_<T>& c, const std::vector<FieldSpec<T>>& fields, int (*players)(const T&), Alphabet (*alphabet)(const T&)) {
    using K = typename FieldSpec<T>::Kind;
    for (const FieldSpec<T>& f : fields) {
        const auto get = f.get;
        const char* doc = f.doc;
        switch (f.kind) {
            case K::Property:
                c.def_property_readonly(f.name, [get, alphabet](const T& x) { return to_python(get(x, 0), alphabet(x)); }, doc);
                break;
            case K::Method: c.def(f.name, [get, alphabet](const T& x) { return to_python(get(x, 0), alphabet(x)); }, doc); break;
            case K::SeatMethod:
                c.def(
                    f.name,
                    [get, players, alphabet](const T& x, int seat) {
                        return to_python(get(x, checked_seat(seat, players(x))), alphabet(x));
                    },
                    py::arg("seat"), doc);
                break;
        }
    }
}

// The fields a state or a match shows, for _core.games() (the stubs declare them): name, Python type,
// doc and kind ("property", "method" or "seat_method").
template <class T>
py::list field_list(const std::vector<FieldSpec<T>>& fields) {
    static constexpr const char* KINDS[] = {"property", "method", "seat_method"};
    py::list out;
    for (const FieldSpec<T>& f : fields)
        out.append(
            py::dict(py::arg("name") = f.name, py::arg("type") = f.type, py::arg("doc") = f.doc, py::arg("kind") = KINDS[size_t(f.kind)]));
    return out;
}

template <class Def>
py::list option_list() {
    using Rules = typename Def::Rules;
    const Rules defaults{};
    const Alphabet al = Def::deck_of(defaults).alphabet;
    py::list out;
    for (const auto& s : Def::options())
        out.append(py::dict(py::arg("name") = s.name, py::arg("ruling") = s.ruling, py::arg("doc") = s.doc,
                            py::arg("default") = to_python(s.get(defaults), al), py::arg("accepts") = accepts_dict(s.accepts)));
    return out;
}

inline py::list param_list(const std::vector<ParamSpec>& params, Alphabet al) {
    py::list out;
    for (const auto& p : params)
        out.append(py::dict(py::arg("name") = p.name, py::arg("doc") = p.doc, py::arg("default") = to_python(p.fallback, al),
                            py::arg("accepts") = accepts_dict(p.accepts)));
    return out;
}

// The deal's extra arguments from Python keywords, checked against the game's deal_params()
// (`what` and `base_args` name the call in messages).
template <class Def>
std::vector<Value> deal_extras(const typename Def::Rules& r, const py::kwargs& kw, const char* what, const char* base_args) {
    auto accepts_of = [](const std::string& n) -> const Accepts* {
        for (const auto& p : Def::deal_params())
            if (n == p.name) return &p.accepts;
        return nullptr;
    };
    return param_values(what, base_args, Def::deal_params(), named_values(kw, accepts_of, Def::deck_of(r), as_is));
}

// Runs work(stop) without the GIL, registered as a call in flight (bind_game.hpp, LongCalls), so that
// interpreter exit waits for it (setting `stop`) instead of ending the process under its threads.
template <class Work>
void registered_without_gil(Work&& work) {
    std::atomic<bool> stop{false};
    long_calls().add(&stop);
    without_gil([&] {
        try {
            work(stop);
        } catch (...) {
            long_calls().remove(&stop);
            throw;
        }
        long_calls().remove(&stop);
    });
}

// A vector environment's actions as int64 ids, converted without loss: a 1-D array (or sequence)
// of integers of any width, copied where it is of another integer dtype or not contiguous;
// TypeError for floats (NaN included), bools and objects, ValueError for another shape or an
// unsigned id beyond int64. Their count and ranges are the core's to check.
inline py::array_t<int64_t> action_ids(py::handle given) {
    const char* accepted = "a 1-D array of int ids, one per env";
    py::array array;
    try {
        array = py::array::ensure(given);
    } catch (const py::error_already_set&) {
        array = py::array();
    }
    if (!array) throw py::type_error(std::string("actions must be ") + accepted + ", got " + std::string(py::repr(py::type::of(given))));
    const char kind = array.dtype().kind();
    if (kind != 'i' && kind != 'u')
        throw py::type_error(std::string("actions must be ") + accepted + " (an integer dtype), got dtype " +
                             std::string(py::str(array.dtype())) + (kind == 'f' ? " (float ids are not taken, NaN included)" : ""));
    if (array.ndim() != 1) {
        std::string shape;
        for (py::ssize_t d = 0; d < array.ndim(); ++d) shape += (d ? ", " : "") + std::to_string(array.shape(d));
        throw py::value_error(std::string("actions must be ") + accepted + ", got shape (" + shape + ")");
    }
    if (kind == 'u' && array.itemsize() == 8) {
        const auto wide = py::array_t<uint64_t, py::array::forcecast>::ensure(array);
        for (py::ssize_t i = 0; i < wide.shape(0); ++i)
            if (wide.at(i) > uint64_t(INT64_MAX))
                throw py::value_error("actions: env " + std::to_string(i) + "'s id " + std::to_string(wide.at(i)) + " is beyond int64");
    }
    return py::array_t<int64_t, py::array::c_style | py::array::forcecast>::ensure(array);
}

// The output arrays of a vector environment's call, checked against its sizes (ValueError naming
// the array and its shape otherwise).
template <class VE>
typename VE::Out vector_outputs(const VE& v, py::array& obs, py::array_t<bool, py::array::c_style>& masks,
                                py::array_t<float, py::array::c_style>& rewards, py::array_t<bool, py::array::c_style>& terminated,
                                py::array_t<int32_t, py::array::c_style>& seats) {
    const int64_t n = v.num_envs();
    auto check = [n](const py::array& a, const char* what, int64_t width) {
        const bool ok = width ? a.ndim() == 2 && a.shape(0) == n && a.shape(1) == width : a.ndim() == 1 && a.shape(0) == n;
        if (!ok || !a.writeable())
            throw py::value_error(std::string(what) + " must be a writable C-contiguous array of shape (" + std::to_string(n) +
                                  (width ? ", " + std::to_string(width) : std::string(",")) + ")");
    };
    const bool bytes = v.byte_observations();
    const char* obs_what = bytes ? "observations (uint8)" : "observations (float32)";
    if (!(bytes ? py::isinstance<py::array_t<uint8_t>>(obs) : py::isinstance<py::array_t<float>>(obs)) ||
        !(obs.flags() & py::array::c_style))
        throw py::value_error(std::string(obs_what) + " must be a writable C-contiguous array of that dtype, got " +
                              py::str(obs.dtype()).cast<std::string>());
    check(obs, obs_what, v.observation_size_());
    check(masks, "masks (bool)", VE::NUM_ACTIONS);
    check(rewards, "rewards (float32)", v.players());
    check(terminated, "terminated (bool)", 0);
    check(seats, "seats (int32)", 0);
    return {obs.mutable_data(), masks.mutable_data(), rewards.mutable_data(), terminated.mutable_data(), seats.mutable_data()};
}

template <class Def>
void bind_game(py::module_& m) {
    using Rules = typename Def::Rules;
    using State = typename Def::State;
    using Match = typename Def::Match;
    const std::string name = Def::NAME;

    // Rules: immutable values, made from keyword options, equal and hashed by their byte form.
    py::class_<Rules> rules(m, (name + "Rules").c_str(), (std::string("The options of ") + name + " (docs/rules/).").c_str());
    rules
        .def(py::init([name](const py::kwargs& kw) {
                 const Deck& d = Def::deck_of(Rules{});
                 auto accepts_of = [](const std::string& n) -> const Accepts* {
                     for (const auto& s : Def::options())
                         if (n == s.name) return &s.accepts;
                     return nullptr;
                 };
                 auto what = [&](const std::string& n) { return "option " + n + " of " + name; };
                 return make_rules<Rules>(Def::NAME, Def::options(), named_values(kw, accepts_of, d, what));
             }),
             "Rules from keyword options; an unknown option or a value it does not accept raises ValueError naming the valid ones.")
        .def_property_readonly(
            "options",
            [](const Rules& r) {
                py::dict out;
                for (const auto& [n, v] : option_values(Def::options(), r)) out[py::str(n)] = to_python(v, Def::deck_of(r).alphabet);
                return out;
            },
            "Every option's value, in the game's order.")
        .def_property_readonly(
            "num_players", [](const Rules& r) { return Def::num_players(r); }, "The number of seats these options give.")
        .def_property_readonly(
            "deck_info", [](const Rules& r) { return Def::deck_of(r); }, "The deck the game is played with.")
        .def(
            "__repr__",
            [name](const Rules& r) {
                const Rules defaults{};
                std::string s;
                for (const auto& o : Def::options()) {
                    const Value v = o.get(r);
                    if (v == o.get(defaults)) continue;
                    s += (s.empty() ? "" : ", ") + std::string(o.name) + "=" + value_repr(v);
                }
                return name + "Rules(" + s + ")";
            },
            "The options that differ from the defaults.")
        .def(
            "deal",
            [](const Rules& r, py::handle seed, py::handle dealer, const std::vector<std::vector<int64_t>>& hands, const py::kwargs& kw) {
                const auto extras = deal_extras<Def>(r, kw, "deal()", "seed, dealer, hands");
                const FixedHands fixed = fixed_cards(hands, size_t(Def::num_players(r)), "hands (one list a seat)");
                return deal<Def>(r, seed_arg(seed), int_arg(dealer, "dealer"), fixed, extras);
            },
            py::arg("seed"), py::arg("dealer"), py::arg("hands"), "A deal from a seed; `hands` pins card ids per seat.")
        .def(
            "_deal_cards",
            [](const Rules& r, uint64_t seed, int64_t dealer, const std::vector<std::vector<int64_t>>& cards, const py::kwargs& kw) {
                const auto extras = deal_extras<Def>(r, kw, "the deal", "seed, dealer, cards");
                const size_t places = size_t(Def::num_players(r)) + Def::deal_locations().size();
                const std::string what = "the cards of the seats, then " + std::to_string(Def::deal_locations().size()) + " more places";
                return serial::deal_exactly<Def>(r, seed, dealer, fixed_cards(cards, places, what), extras);
            },
            py::arg("seed"), py::arg("dealer"), py::arg("cards"),
            "The deal with every card given (the seats, then the game's deal locations, each in deal order) and the deal's "
            "extra arguments by name (docs/records.md).")
        .def(
            "random_playouts",
            [](const Rules& r, py::handle n_deals, py::handle seed, const py::kwargs& kw) {
                const int64_t n = checked_deal_count(int_arg(n_deals, "n"));
                const uint64_t sd = seed_arg(seed);
                auto accepts_of = [](const std::string& k) -> const Accepts* {
                    for (const auto& p : Def::playout_params())
                        if (k == p.name) return &p.accepts;
                    return nullptr;
                };
                const auto extras = param_values("random_playouts()", "n, seed", Def::playout_params(),
                                                 named_values(kw, accepts_of, Def::deck_of(r), as_is));
                const int players = Def::num_players(r);
                py::array_t<int32_t> out({n, int64_t(players)});
                int32_t* data = out.mutable_data();
                std::atomic<bool> stop = false;
                run_interruptible(
                    stop,
                    [&] {
                        Def::random_playouts(r, sd, n, data, extras, &stop);
                        return true;
                    },
                    no_tick);
                return out;
            },
            py::arg("n"), py::arg("seed"),
            "n deals played out with uniformly random legal actions: an (n, players) int32 array of returns.");
    for (const auto& o : Def::options()) {
        const auto get = o.get;
        rules.def_property_readonly(o.name, [get](const Rules& r) { return to_python(get(r), Def::deck_of(r).alphabet); }, o.doc);
    }
    rules
        .def(
            "__eq__", [](const Rules& a, py::handle b) { return py::isinstance<Rules>(b) && a == b.cast<const Rules&>(); },
            "Equal when every option is.")
        .def(
            "__hash__", [](const Rules& r) { return py::hash(py::bytes(serial::dump<Def>(r))); }, "Hashed by the options.")
        .def(pickle_by_bytes<Rules>(&serial::dump<Def>, &serial::load_rules<Def>));

    // Actions keep a pointer to the class name: it must live as long as the module.
    static const std::string* const state_name = new std::string(name + "State");
    auto state = bind_state<State>(m, state_name->c_str(), Def::extra_locations());
    state.def(pickle_by_bytes<State>(&serial::dump<Def>, [](std::string_view b) { return serial::load_state<Def>(b); }))
        .def(
            "__copy__", [](const State& s) { return s; }, "A copy (also of a sampled world, which does not pickle).")
        .def(
            "__deepcopy__", [](const State& s, py::handle) { return s; }, py::arg("memo"), "As __copy__.")
        .def_property_readonly("rules", [](const State& s) { return s.rules; }, "The rules (options) the deal is played under.");
    if constexpr (requires(const State& s) { s.tally(0); })
        state.def(
            "tally", [](const State& s, int seat) { return s.tally(checked_seat(seat, s.num_players())); }, py::arg("seat"),
            "What the seat's side has taken so far (the game's TALLY: card points, eyes or tricks); public.");
    state.def(
        "_initial_deal",
        [](const State& s) {
            if (s.history.size != 0)
                throw py::value_error("only a state before its first action holds the deal as dealt (docs/records.md)");
            const InitialDeal d = Def::initial_deal(s);
            const size_t locations = size_t(s.num_players()) + Def::deal_locations().size();
            py::list cards;
            for (size_t l = 0; l < locations; ++l) {
                py::list c;
                for (Card x : d.cards[l]) c.append(PyCard{x, s.deck_info().alphabet});
                cards.append(c);
            }
            py::dict extras;
            for (size_t i = 0; i < Def::deal_params().size() && i < d.extras.size(); ++i)
                extras[Def::deal_params()[i].name] = to_python(d.extras[i], s.deck_info().alphabet);
            return py::make_tuple(cards, extras);
        },
        "(cards, extras) of a state before its first action: the Cards of every place of the deal in deal order (the seats, "
        "then the game's deal locations) and the deal's extra arguments; ValueError after an action (docs/records.md).");
    // The fixed action space and the observation (stich/rl.hpp, docs/rl.md).
    state
        .def(
            "legal_actions_mask",
            [](const State& s, uint64_t pending) {
                py::array_t<bool> out(Def::NUM_DISTINCT_ACTIONS);
                fixed_legal_mask<Def>(s, CardSet(pending), out.mutable_data());
                return out;
            },
            py::arg("pending") = 0,
            "The legal ids of the game's fixed action space (num_distinct_actions flags, docs/rl.md); pending: the steps "
            "taken so far of an action taken in steps (apply_fixed).")
        .def(
            "apply_fixed", [](State& s, int id, uint64_t pending) { return uint64_t(apply_fixed<Def>(s, CardSet(pending), id)); },
            py::arg("id"), py::arg("pending") = 0,
            "Takes a fixed action id (docs/rl.md); returns the pending steps (0 once the game's own action is applied). "
            "IllegalActionError for an id that is not legal here.")
        .def(
            "observation_tensor",
            [](const State& s, int seat, uint64_t pending, std::optional<py::array_t<float, py::array::c_style>> out) {
                checked_seat(seat, s.num_players());
                if (pending && !has_fixed_steps<State>())
                    throw py::value_error("pending steps in a game whose actions are one step each: pending must be 0");
                const int size = observation_size(s);
                py::array_t<float, py::array::c_style> a = out ? *out : py::array_t<float, py::array::c_style>(size);
                if (a.ndim() != 1 || a.shape(0) != size)
                    throw py::value_error("out must be a float32 array of shape (" + std::to_string(size) + ",)");
                observe(s, seat, a.mutable_data(), CardSet(pending));
                return a;
            },
            py::arg("seat"), py::arg("pending") = 0, py::arg("out") = py::none(),
            "What `seat` knows, as a float32 vector of the game's observation_shape (docs/rl.md; written into `out` when given).");
    // The vector environment's core (stich/rl.hpp; stich.envs.VectorEnv is its face).
    using VE = VectorEnv<Def>;
    py::class_<VE> vector_env(m, ("_" + name + "VectorEnv").c_str(), "The C++ core of stich.envs.VectorEnv for this game (docs/rl.md).");
    vector_env
        .def(py::init([](const Rules& r, py::handle num_envs, py::handle threads, py::handle seat, bool heuristic, bool byte_observations) {
                 return new VE(r, int_arg(num_envs, "num_envs"), int_arg(threads, "threads"), optional_int_arg(seat, "seat"), heuristic,
                               byte_observations);
             }),
             py::arg("rules"), py::arg("num_envs"), py::arg("threads"), py::arg("seat"), py::arg("heuristic"),
             py::arg("byte_observations") = false,
             "num_envs deals under the rules on `threads` threads; seat: the seat that learns (the others bots: "
             "heuristic or random), or None for every seat an agent; byte_observations: the observations as uint8 "
             "(the same values) instead of float32. ValueError, before anything is allocated, for a num_envs this "
             "machine's memory cannot hold.")
        .def_static(
            "max_num_envs", [](const Rules& r, bool byte_observations) { return VE::max_num_envs(r, byte_observations); }, py::arg("rules"),
            py::arg("byte_observations") = false, "The most envs this machine's memory takes (2**24 at most).")
        .def_property_readonly("num_envs", &VE::num_envs, "How many deals are stepped together.")
        .def_property_readonly("players", &VE::players, "The seats of a deal.")
        .def_property_readonly("observation_size", &VE::observation_size_, "The length of one observation.")
        .def_property_readonly("byte_observations", &VE::byte_observations, "Whether the observations are uint8 (else float32).")
        .def(
            "state", [](const VE& v, int i) { return v.state(i); }, py::arg("i"), "A copy of env i's deal now (IndexError past num_envs).")
        .def(
            "pending", [](const VE& v, int i) { return uint64_t(v.pending(i)); }, py::arg("i"), "The steps pending in env i.")
        .def(
            "reset",
            [](VE& v, py::handle given_seed, py::array obs, py::array_t<bool, py::array::c_style> masks,
               py::array_t<float, py::array::c_style> rewards, py::array_t<bool, py::array::c_style> terminated,
               py::array_t<int32_t, py::array::c_style> seats) {
                const uint64_t seed = seed_arg(given_seed);
                const auto out = vector_outputs(v, obs, masks, rewards, terminated, seats);
                registered_without_gil([&](const std::atomic<bool>& stop) { v.reset(seed, out, &stop); });
            },
            py::arg("seed"), py::arg("observations"), py::arg("masks"), py::arg("rewards"), py::arg("terminated"), py::arg("seats"),
            "Deals every env anew from `seed` and writes the first observations into the arrays.")
        .def(
            "step",
            [](VE& v, py::handle given, py::array obs, py::array_t<bool, py::array::c_style> masks,
               py::array_t<float, py::array::c_style> rewards, py::array_t<bool, py::array::c_style> terminated,
               py::array_t<int32_t, py::array::c_style> seats) {
                const auto actions = action_ids(given);
                const auto out = vector_outputs(v, obs, masks, rewards, terminated, seats);
                const int64_t* a = actions.data();
                const int64_t count = actions.shape(0);
                registered_without_gil([&](const std::atomic<bool>& stop) { v.step(a, count, out, &stop); });
            },
            py::arg("actions"), py::arg("observations"), py::arg("masks"), py::arg("rewards"), py::arg("terminated"), py::arg("seats"),
            "Takes one fixed action id per env (ignored where the deal ended at the last step: it is dealt anew) and writes "
            "the results into the arrays; IllegalActionError, changing nothing, if one is not legal.");
    rules.def_property_readonly(
        "_game_line", [](const Rules& r) { return notation_game_line<Def>(r); },
        "The game line of the notation: the name and the options that differ from the defaults (docs/notation.md).");
    rules.def_property_readonly(
        "observation_shape", [](const Rules& r) { return py::make_tuple(observation_size(deal<Def>(r, 0, 0))); },
        "The shape of an observation_tensor under these options (docs/rl.md).");
    bind_fields<State>(
        state, Def::state_fields(), [](const State& s) { return s.num_players(); }, [](const State& s) { return s.deck_info().alphabet; });

    py::class_<Match> match(m, (name + "Match").c_str(),
                            (std::string("A match of ") + name + ": next_deal(), play it, record(state).").c_str());
    match
        .def(py::init([](const Rules& r, py::handle seed, py::handle dealer) {
                 return serial::new_match<Def>(r, seed_arg(seed), int_arg(dealer, "dealer"));
             }),
             py::arg("rules"), py::arg("seed"), py::arg("dealer") = 0,
             "A new match under `rules`; its deals are seeded by `seed` and the deal number, the first dealt by `dealer`.")
        .def_property_readonly(
            "rules", [](const Match& mt) { return mt.rules; }, "The rules (options) of the match.")
        .def_readonly("seed", &Match::seed, "The seed of the match's deals.")
        .def_property_readonly("is_over", &Match::is_over, "Whether the match has ended (next_deal() then raises ValueError).")
        .def(
            "next_deal",
            [](const Match& mt) {
                if (mt.is_over()) throw py::value_error("the match is over");
                return mt.next_deal();
            },
            "The next deal of the match (seeded by the match seed and the deal number).")
        .def(
            "record", [](Match& mt, const State& s) { serial::record<Def>(mt, s); }, py::arg("state"),
            "Books a finished deal of this match (one play reaches: not a sampled world).")
        .def(
            "__eq__",
            [](const Match& a, py::handle b) {
                return py::isinstance<Match>(b) && serial::dump<Def>(a) == serial::dump<Def>(b.cast<const Match&>());
            },
            "Equal with the same rules, seed and first dealer and the same deals recorded.")
        .def(pickle_by_bytes<Match>(&serial::dump<Def>, &serial::load_match<Def>));
    match.attr("__hash__") = py::none();
    bind_fields<Match>(
        match, Def::match_fields(), [](const Match& mt) { return Def::num_players(mt.rules); },
        [](const Match& mt) { return Def::deck_of(mt.rules).alphabet; });

    const Alphabet al = Def::deck_of(Rules{}).alphabet;
    py::list bench;
    for (const BenchSpec& b : Def::bench_positions()) {
        py::dict options;
        for (const auto& [n, v] : b.options) options[py::str(n)] = to_python(v, al);
        bench.append(
            py::dict(py::arg("name") = b.name, py::arg("options") = options, py::arg("seed") = b.seed, py::arg("moves") = b.moves));
    }
    py::list solve_bench;
    for (const SolveBenchSpec& b : Def::solve_bench()) {
        py::dict options;
        for (const auto& [n, v] : b.options) options[py::str(n)] = to_python(v, al);
        solve_bench.append(py::dict(py::arg("name") = b.name, py::arg("options") = options, py::arg("deals") = b.deals));
    }
    // The game's extra functions (stich/schema.hpp FunctionSpec): static methods of its Python class.
    py::dict functions;
    if constexpr (requires { Def::functions(); })
        for (const FunctionSpec& f : Def::functions())
            functions[f.name] = py::dict(
                py::arg("call") = checked_call(
                    f.name, f.doc, f.params, [call = f.call](const std::vector<Value>& v) { return to_python(call(v), Alphabet::German); }),
                py::arg("doc") = f.doc, py::arg("params") = param_list(f.params, al));
    py::object openspiel = py::none();   // the game's name in OpenSpiel, where it plays the same game
    if constexpr (requires { Def::OPENSPIEL; }) openspiel = py::str(Def::OPENSPIEL);
    py::list factories;   // bound as Contract.<name> (bindings/games.cpp); listed for the stubs
    for (const ContractFactory& f : Def::contract_factories())
        factories.append(py::dict(py::arg("name") = f.name, py::arg("doc") = f.doc, py::arg("params") = param_list(f.params, al)));
    game_registry().append(py::dict(
        py::arg("name") = name, py::arg("doc") = Def::DOC, py::arg("unit") = Def::UNIT, py::arg("tally") = Def::TALLY,
        py::arg("search_c") = Def::SEARCH_C, py::arg("tie_threshold") = Def::TIE_THRESHOLD, py::arg("play_phase") = PLAY_PHASE,
        py::arg("rules") = rules, py::arg("state") = state, py::arg("match") = match, py::arg("options") = option_list<Def>(),
        py::arg("deal_params") = param_list(Def::deal_params(), al), py::arg("playout_params") = param_list(Def::playout_params(), al),
        py::arg("bench") = bench, py::arg("solve_bench") = solve_bench, py::arg("state_fields") = field_list(Def::state_fields()),
        py::arg("match_fields") = field_list(Def::match_fields()), py::arg("functions") = functions,
        py::arg("contract_factories") = factories, py::arg("openspiel") = openspiel,
        py::arg("num_distinct_actions") = Def::NUM_DISTINCT_ACTIONS, py::arg("vector_env") = vector_env,
        py::arg("deal_locations") = Def::deal_locations(), py::arg("solver") = Solvable<typename Def::State>));
}

}   // namespace stich::py_bind
