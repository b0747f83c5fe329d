#include <pybind11/operators.h>

#include "bind_game.hpp"
#include "bind_registry.hpp"
#include "stich/contract.hpp"
#include "stich/errors.hpp"
#include "stich/registry.hpp"
#include "stich/sampler.hpp"
#include "stich/view_text.hpp"

namespace stich::py_bind {

namespace {

struct PyContract {
    const Contract* k;
    std::string name;
    // How it was made, for pickling: the Contract static method's name and its arguments.
    const char* factory;
    py::tuple args;
};

// Splits a trick into its led card and current winner, checking it against the contract.
std::pair<Card, Card> trick_state(const Contract& k, const std::vector<Card>& trick) {
    if (trick.empty()) return {NO_CARD, NO_CARD};
    CardSet seen = 0;
    Card win = trick[0];
    for (size_t i = 0; i < trick.size(); ++i) {
        if (contains(seen, trick[i]))
            throw py::value_error("card " + card_text(trick[i], k.deck_info().alphabet) + " appears twice in the trick");
        seen |= bit(trick[i]);
        if (i > 0 && takes(k, win, trick[i])) win = trick[i];
    }
    return {trick[0], win};
}

void register_contracts(py::module_& m) {
    py::class_<PyContract> contract(m, "Contract",
                                    "A contract's card order (trumps, effective suits, points, beats[]) and its following rule.");
    // Contract.<name>(...): every game's contract factories (stich/schema.hpp ContractFactory).
    for_each_game([&]<class Def>() {
        for (const ContractFactory& f : Def::contract_factories())
            contract.attr(f.name) =
                py::staticmethod(checked_call(f.name, f.doc, f.params, [make = f.make, name = f.name](const std::vector<Value>& v) {
                    const NamedContract k = make(v);
                    py::tuple args(v.size());   // the call again, for pickling
                    for (size_t i = 0; i < v.size(); ++i) args[i] = to_python(v[i], k.contract->deck_info().alphabet);
                    return PyContract{k.contract, k.name, name, args};
                }));
    });
    contract.def_property_readonly(
                "deck", [](const PyContract& c) { return c.k->deck_info(); }, "The deck the contract is played with.")
        .def_property_readonly(
            "trumps", [](const PyContract& c) { return make_set(c.k->trumps, c.k->deck_info()); }, "The trump cards of the contract.")
        .def(
            "legal",
            [](const PyContract& c, py::handle hand, py::handle trick) {
                const Deck& d = c.k->deck_info();
                const CardSet h = to_cardset(hand, d);
                const auto t = to_card_list(trick, d);
                if (t.size() > MAX_SEATS - 1)
                    throw py::value_error("a trick still open has at most " + std::to_string(MAX_SEATS - 1) + " cards, got " +
                                          std::to_string(t.size()));
                for (Card x : t)
                    if (contains(h, x)) throw py::value_error("card " + card_text(x, d.alphabet) + " is both in the hand and in the trick");
                auto [led, win] = trick_state(*c.k, t);
                const CardSet legal = legal_cards(*c.k, h, led, win);
                if (legal != cascade(*c.k, led, win).legal(h))   // both forms must agree; the tests run through here
                    throw std::logic_error("legal_cards and the cascade disagree");
                return make_set(legal, d);
            },
            py::arg("hand"), py::arg("trick") = py::list(), "The cards of `hand` that may be played to `trick`.")
        .def(
            "winner",
            [](const PyContract& c, py::handle trick) {
                const auto t = to_card_list(trick, c.k->deck_info());
                if (t.empty()) throw py::value_error("winner() needs a non-empty trick");
                const Card win = trick_state(*c.k, t).second;
                return int(std::find(t.begin(), t.end(), win) - t.begin());
            },
            py::arg("trick"), "Index of the card winning the trick so far.")
        .def(
            "points",
            [](const PyContract& c, py::handle cards) {
                const Deck& d = c.k->deck_info();
                if (py::isinstance<PyCard>(cards)) return int(c.k->points[to_card(cards, d)]);
                return c.k->points_of(to_cardset(cards, d));
            },
            py::arg("cards"), "Card points of a card or a set of cards.")
        .def(
            "forbidden",
            [](const PyContract& c, py::handle trick, py::handle card) {
                const Deck& d = c.k->deck_info();
                const auto t = to_card_list(trick, d);
                const Card x = to_card(card, d);
                if (std::find(t.begin(), t.end(), x) != t.end()) throw py::value_error("the card is already in the trick");
                auto [led, win] = trick_state(*c.k, t);
                const CardSet proven = proven_absent_after(*c.k, led, win, x);
                if (proven != cascade(*c.k, led, win).forbidden_after(x))   // both forms must agree; the tests run through here
                    throw std::logic_error("proven_absent_after and the cascade disagree");
                return make_set(proven & d.cards, d);
            },
            py::arg("trick"), py::arg("card"), "Cards a seat cannot hold after playing `card` to `trick` (cascade inference).")
        .def("__repr__", [](const PyContract& c) { return "<Contract " + c.name + ">"; })
        .def(
            "__eq__",
            [](const PyContract& a, py::handle b) { return py::isinstance<PyContract>(b) && a.k == b.cast<const PyContract&>().k; },
            "Equal when they are the same contract (the same card order and following rule).")
        .def("__hash__", [](const PyContract& c) { return py::hash(py::str(c.name)); })
        // Pickled (every protocol) and copied as the call that made it (module.cpp keeps __reduce_ex__).
        .def(
            "__reduce__",
            [](py::handle self) {
                // operator.methodcaller pickles at every protocol; a bound pybind11 function does not.
                const PyContract& c = self.cast<const PyContract&>();
                const py::object call = py::module_::import("operator").attr("methodcaller")(c.factory, *c.args);
                return py::make_tuple(call, py::make_tuple(py::type::of(self)));
            },
            "Pickled as the Contract method call that made it.");
}

// Whether `text` is the text of action `id` of State, as far as that can be told without the
// state the action was listed in: the id's text in a reference state (a default one; in every
// deck where the game's texts depend on its deck). Where the text depends on the hand (a discard
// whose id is a mask over the cards in hand), only its form can be told: the text the id has
// with no card in hand (its verb, "discard") must begin it, and apply() checks the cards
// (IllegalActionError). Whether the id is an action of the phase, too, only a state can tell.
// An id the game's texts call "action N" is no action of the game.
template <class State>
std::string text_check(Action id, const std::string& text) {
    auto check = [&](State& ref) -> std::optional<bool> {
        const std::string plain = ref.action_text(id);
        if (plain == "action " + std::to_string(id)) return false;
        if (plain == text) return true;
        if constexpr (requires {
                          ref.hands[0] = CardSet(0);
                          ref.to_act;
                      }) {
            const CardSet held = ref.hands[ref.to_act];
            ref.hands[ref.to_act] = ref.deck_info().cards;
            const bool by_hand = ref.action_text(id) != plain;
            ref.hands[ref.to_act] = held;
            if (by_hand && text.size() > plain.size() && text.compare(0, plain.size(), plain) == 0 && text[plain.size()] == ' ')
                return true;
        }
        return std::nullopt;
    };
    State ref{};
    std::optional<bool> fits = check(ref);
    if constexpr (requires { ref.rules.deck = DeckKind::German32; })
        for (int k = 0; k < int(DeckKind::DECK_NB) && !fits; ++k) {
            ref.rules.deck = DeckKind(k);
            fits = check(ref);
        }
    if (fits && *fits) return "";
    if (fits) return "action id " + std::to_string(id) + " names no action of the game";
    State plain{};
    return "action id " + std::to_string(id) + " is " + quoted(plain.action_text(id)) + ", not " + quoted(text);
}

// The static game and phase names an unpickled Action points at: State's, if `game` and `phase`
// name them; `why` says what is wrong with the id and text, if anything.
template <class State>
bool static_names(PyAction& a, std::string_view game, std::string_view phase, std::string& why) {
    if (game != state_class_name<State>) return false;
    using Phase = decltype(State::phase);
    for (int p = 0; p <= int(Phase::Over); ++p) {
        State s{};
        s.phase = Phase(p);
        if (phase != s.phase_name()) continue;
        a.game = state_class_name<State>;
        a.phase = s.phase_name();
        if (a.id < HIDDEN_ACTION) why = text_check<State>(a.id, a.text);
        return true;
    }
    return false;
}

PyAction unpickle_action(const py::object& t) {
    if (py::isinstance<py::tuple>(t) && py::len(t) == 4) {
        const auto f = t.cast<py::tuple>();
        if (py::isinstance<py::str>(f[0]) && py::isinstance<py::str>(f[1]) && py::isinstance<py::int_>(f[2]) &&
            !py::isinstance<py::bool_>(f[2]) && py::isinstance<py::str>(f[3])) {
            const long long id = int_or(f[2], -1);
            if (id < 0 || id >= HIDDEN_ACTION)
                throw py::value_error("corrupt pickled Action: id " + std::string(py::str(f[2])) + " out of range 0.." +
                                      std::to_string(HIDDEN_ACTION - 1));
            PyAction a{"", "", Action(id), utf8(f[3])};
            const std::string game = utf8(f[0]), phase = utf8(f[1]);
            bool found = false;
            std::string why;
            for_each_game([&]<class Def>() { found = found || static_names<typename Def::State>(a, game, phase, why); });
            if (!found)
                throw py::value_error("corrupt pickled Action: " + quoted(game) + " with phase " + quoted(phase) +
                                      " is no state class and phase of a stich game");
            if (!why.empty()) throw py::value_error("corrupt pickled Action: " + why);
            return a;
        }
    }
    throw py::value_error("corrupt pickled Action: expected (state class, phase, id, text) of a stich game");
}

// An InfoSet pickles as (state, observer): a state holding only what the observer knows (the
// state its position text rebuilds, PyView::information_state), and the seat whose view of it to take.
PyView unpickle_view(const py::object& t) {
    if (py::isinstance<py::tuple>(t) && py::len(t) == 2) {
        const auto f = t.cast<py::tuple>();
        const py::object state = f[0];
        bool is_state = false;
        for_each_game([&]<class Def>() { is_state = is_state || py::isinstance<typename Def::State>(state); });
        if (is_state && py::isinstance<py::int_>(f[1]) && !py::isinstance<py::bool_>(f[1])) {
            const long long seat = int_or(f[1], -1);
            if (seat >= 0 && seat < state.attr("num_players").cast<int>()) return state.attr("view")(seat).cast<PyView>();
        }
    }
    throw py::value_error("corrupt pickled InfoSet: expected (game state, observer seat)");
}

void register_views(py::module_& m) {
    py::class_<PyAction>(m, "Action",
                         "An action as a state lists it: its canonical text, its id in the game's action space, and the "
                         "game and phase it was listed in. Actions are equal when all but the id agree (a hand-dependent "
                         "id may differ); an Action equals a str only when the str is its text, and hashes as it.")
        .def_readonly("id", &PyAction::id, "The action's id in the game's action space (state.apply accepts it).")
        .def_readonly("text", &PyAction::text, "The canonical text, e.g. 'pass', 'Wenz', 'EO'.")
        .def_property_readonly(
            "game",
            [](const PyAction& a) {
                const std::string_view g = a.game;
                return std::string(g.substr(0, g.rfind("State")));
            },
            "The game the action was listed in (its name in stich.GAMES).")
        .def_readonly("phase", &PyAction::phase, "The phase of the state it was listed in.")
        .def("__str__", [](const PyAction& a) { return a.text; })
        .def("__repr__", [](const PyAction& a) { return "Action(" + quoted(a.text) + ")"; })
        .def("__eq__",
             [](const PyAction& a, py::handle b) {
                 if (py::isinstance<PyAction>(b)) {
                     const PyAction& o = b.cast<const PyAction&>();
                     return std::string_view(a.game) == o.game && std::string_view(a.phase) == o.phase && a.text == o.text;
                 }
                 return py::isinstance<py::str>(b) && py::str(a.text).equal(b);
             })
        .def("__hash__", [](const PyAction& a) { return py::hash(py::str(a.text)); })
        .def("__lt__", [](const PyAction& a, const PyAction& b) { return a.id < b.id; })
        .def(py::pickle([](const PyAction& a) { return py::make_tuple(a.game, a.phase, a.id, a.text); }, &unpickle_action));

    py::class_<PyView>(m, "InfoSet", "What one seat knows: its cards, the public history and derived constraints.")
        .def_property_readonly(
            "observer", [](const PyView& v) { return int(v.view.observer); }, "The seat whose view this is.")
        .def_property_readonly(
            "num_players", [](const PyView& v) { return int(v.view.num_seats); }, "The number of seats.")
        .def_property_readonly(
            "location_names", [](const PyView& v) { return v.location_names; },
            "The locations of the cards: 'seat0', ... and the game's others ('talon', 'discards').")
        .def_property_readonly(
            "hand", [](const PyView& v) { return PyCardSet{v.view.where[v.view.observer].known, v.alphabet}; },
            "The observer's own known cards.")
        .def_property_readonly(
            "played", [](const PyView& v) { return PyCardSet{v.view.played, v.alphabet}; }, "The cards played so far.")
        .def_property_readonly(
            "unknown", [](const PyView& v) { return PyCardSet{v.view.unknown, v.alphabet}; },
            "The cards whose place the observer does not know.")
        .def_property_readonly(
            "history", [](const PyView& v) { return v.history; }, "(seat, action text) as this seat saw them.")
        .def(
            "known", [](const PyView& v, py::handle loc) { return PyCardSet{v.view.where[v.location_index(loc)].known, v.alphabet}; },
            py::arg("location"), "Cards the observer knows are at the location (a seat number or a location name).")
        .def(
            "forbidden",
            [](const PyView& v, py::handle loc) { return PyCardSet{v.view.where[v.location_index(loc)].forbidden, v.alphabet}; },
            py::arg("location"), "Cards the observer knows are not at the location.")
        .def(
            "size", [](const PyView& v, py::handle loc) { return int(v.view.where[v.location_index(loc)].size); }, py::arg("location"),
            "How many cards are at the location (a seat number or a location name).")
        .def_property_readonly(
            "_origin", [](const PyView& v) { return v.origin; }, "A copy of the state the view was taken from.")
        .def(
            "display_lines",
            [](const PyView& v) {
                const std::vector<std::string> extra(v.location_names.begin() + v.view.num_seats, v.location_names.end());
                return view_lines(v.origin_text(v), v.view, v.alphabet, extra);
            },
            "The position as this seat knows it, one line each (what the analyses show): the state's text with the cards "
            "it cannot see counted, and what the public history proves about the other seats' hands.")
        .def(
            "__eq__",
            [](const PyView& a, py::handle b) {
                if (!py::isinstance<PyView>(b)) return false;
                const PyView& o = b.cast<const PyView&>();
                if (a.view.observer != o.view.observer || !py::type::of(a.origin).is(py::type::of(o.origin))) return false;
                if (!same_facts(a.view, o.view)) return false;
                const std::string ta = a.information_text(a), tb = o.information_text(o);
                if (!ta.empty() || !tb.empty()) return ta == tb;
                return a.information_state(a).equal(o.information_state(o));   // finished deals
            },
            "Views are equal when they hold the same information: the same observer, and states that agree on "
            "everything it can see (docs/api.md, \"Pickling and equality\").")
        .def("__hash__",
             [](const PyView& v) {
                 return py::hash(
                     py::make_tuple(v.view.observer, v.view.played, v.view.where[v.view.observer].known, py::tuple(py::cast(v.history))));
             })
        .def(py::pickle([](const PyView& v) { return py::make_tuple(v.information_state(v), int(v.view.observer)); }, &unpickle_view))
        .def(
            "count_worlds",
            [](const PyView& v) {
                const WorldSampler sampler(v.view);
                return py::int_(py::str(u128_text(sampler.count())));
            },
            "The exact number of deals of the unknown cards consistent with the view's facts (the cards known or not at "
            "each place, the sizes): the worlds play reaches, or where a rule of the game excludes some (docs/api.md) an upper bound.")
        .def(
            "sample_worlds",
            [](const PyView& v, int64_t n, uint64_t seed) {
                if (n < 0) throw py::value_error("n must be >= 0, got " + std::to_string(n));
                std::vector<Locations> worlds(static_cast<size_t>(n));
                const View view = v.view;
                PyView::Rules rules = v.world_rules(v);
                std::atomic<bool> stop = false;
                run_interruptible(
                    stop,
                    [&] {
                        const Worlds sampler(view, std::move(rules));
                        Rng rng(seed);
                        for (size_t i = 0; i < worlds.size() && !((i & 255) == 0 && stop.load(std::memory_order_relaxed)); ++i)
                            worlds[i] = sampler.sample(rng);
                        return true;
                    },
                    no_tick);
                py::list out;
                for (const Locations& w : worlds) {
                    if (out.size() % 1024 == 1023 && PyErr_CheckSignals() != 0) throw py::error_already_set();   // Ctrl-C
                    py::list world;
                    for (int l = 0; l < v.view.num_locations; ++l) world.append(PyCardSet{w[size_t(l)], v.alphabet});
                    out.append(py::tuple(world));
                }
                return out;
            },
            py::arg("n"), py::arg("seed"),
            "n worlds drawn uniformly among those play reaches from the view (count_worlds(), less any a rule of the game "
            "excludes, docs/api.md): per world, the cards of every location (in location_names order).")
        .def("__repr__", [](const PyView& v) {
            std::string s = "<InfoSet of seat " + std::to_string(v.view.observer) + ":";
            for (int l = 0; l < v.view.num_locations; ++l) {
                const Location& loc = v.view.where[l];
                s += " " + v.location_names[l] + "[" + std::to_string(loc.size) + "; knows " + cards_text(loc.known, v.alphabet) + "]";
            }
            return s + ">";
        });
}

}   // namespace

// The core's errors as Python exceptions, translated here and nowhere else: one class per kind of
// stich/errors.hpp under stich.StichError, each also the built-in class Python code expects for it
// (ValueError; an index out of range an IndexError too). PositionError, a BadTextError, carries the
// line (`key`) and history entry (`entry`, or None) at fault. The types live as long as the
// interpreter; the kinds no input causes (cancelled, out of memory, internal) keep pybind11's
// translation (RuntimeError, MemoryError).
void register_errors(py::module_& m) {
    auto make = [&](const char* name, std::initializer_list<PyObject*> bases) {
        py::tuple b(bases.size());
        size_t i = 0;
        for (PyObject* base : bases) b[i++] = py::handle(base);
        PyObject* type = PyErr_NewException((std::string("stich._core.") + name).c_str(), b.ptr(), nullptr);
        if (!type) throw py::error_already_set();
        m.attr(name) = py::handle(type);
        return type;
    };
    static PyObject* const base = make("StichError", {PyExc_Exception});
    static PyObject* const invalid = make("InvalidArgumentError", {base, PyExc_ValueError});
    static PyObject* const out_of_range = make("OutOfRangeError", {base, PyExc_IndexError, PyExc_ValueError});
    static PyObject* const illegal = make("IllegalActionError", {base, PyExc_ValueError});
    static PyObject* const unknown = make("UnknownNameError", {base, PyExc_ValueError});
    static PyObject* const bad_text = make("BadTextError", {base, PyExc_ValueError});
    static PyObject* const position = make("PositionError", {bad_text});
    py::register_exception_translator([](std::exception_ptr p) {
        if (!p) return;
        PyObject* type = nullptr;
        switch (error_kind(p)) {
            case ErrorKind::InvalidArgument: type = invalid; break;
            case ErrorKind::OutOfRange: type = out_of_range; break;
            case ErrorKind::IllegalAction: type = illegal; break;
            case ErrorKind::UnknownName: type = unknown; break;
            case ErrorKind::BadText: type = bad_text; break;
            default: std::rethrow_exception(p);   // pybind11's own translation
        }
        try {
            std::rethrow_exception(p);
        } catch (const PositionError& e) {
            py::object err = py::reinterpret_steal<py::object>(PyObject_CallFunction(position, "s", e.what()));
            if (!err) return;   // the call set a Python error
            err.attr("key") = e.key;
            err.attr("entry") = e.entry < 0 ? py::object(py::none()) : py::object(py::int_(e.entry));
            PyErr_SetObject(position, err.ptr());
        } catch (const std::exception& e) {
            PyErr_SetString(type, e.what());
        }
    });
}

// A bound record pickled as the tuple of its fields (`Fields` of it, by member pointer): equal
// after a round trip; a damaged form raises ValueError.
template <class T, auto... Fields>
auto pickle_fields(const char* name) {
    return py::pickle([](const T& x) { return py::make_tuple(x.*Fields...); },
                      [name](const py::object& state) {
                          T x{};
                          try {
                              const py::tuple t = state.cast<py::tuple>();
                              if (t.size() != sizeof...(Fields)) throw py::cast_error();
                              size_t i = 0;
                              ((x.*Fields = t[i++].template cast<std::remove_reference_t<decltype(x.*Fields)>>()), ...);
                          } catch (const py::cast_error&) {
                              throw py::value_error(std::string("corrupt pickled ") + name + ": expected a tuple of " +
                                                    std::to_string(sizeof...(Fields)) + " fields of their types");
                          }
                          return x;
                      });
}

// What _core.ismcts returns: read-only records (stich.ismcts makes its SearchResult from them).
// Their records and actions are given out as copies (a reference into the record would let
// __setstate__ change it).
void register_search_stats(py::module_& m) {
    using A = PyActionStats;
    py::class_<A>(m, "ActionStats", "One root action's statistics: sums over its iterations.")
        .def_property_readonly(
            "action", [](const A& a) { return a.action; }, "The action.")
        .def_readonly("visits", &A::visits, "Its iterations.")
        .def_readonly("reward", &A::reward, "The sum of the observer's returns (the game's unit).")
        .def_readonly("reward_sq", &A::reward_sq, "The sum of their squares.")
        .def_readonly("tally", &A::tally, "The sum of what the observer's side took by the end (the game's TALLY).")
        .def_readonly("wins", &A::wins, "Iterations in which the observer's return was positive.")
        .def_readonly("schneider", &A::schneider, "Iterations that ended with Schneider (None: the game has none).")
        .def(py::self == py::self)
        .def("__repr__", [](const A& a) { return "<ActionStats " + a.action.text + " visits=" + std::to_string(a.visits) + ">"; })
        .def(pickle_fields<A, &A::action, &A::visits, &A::reward, &A::reward_sq, &A::tally, &A::wins, &A::schneider>("ActionStats"));
    using L = PyLineStep;
    py::class_<L>(m, "SearchLineStep", "One move of the principal line, as the searching seat sees it.")
        .def_readonly("action", &L::action, "The move's text (another seat's hidden move: \"?\").")
        .def_readonly("seat", &L::seat, "The seat that chose it.")
        .def_readonly("visits", &L::visits, "Its visits.")
        .def_readonly("mean", &L::mean, "That seat's mean return along it (the game's unit).")
        .def(py::self == py::self)
        .def("__repr__", [](const L& l) { return "<SearchLineStep " + std::to_string(l.seat) + ":" + l.action + ">"; })
        .def(pickle_fields<L, &L::action, &L::seat, &L::visits, &L::mean>("SearchLineStep"));
    using S = PySearchStats;
    py::class_<S>(m, "SearchStats", "A search's root statistics, merged and per independent run, and its principal line.")
        .def_readonly("observer", &S::observer, "The searching seat.")
        .def_property_readonly(
            "rows", [](const S& r) { return r.rows; }, "The observer's legal actions, in id order.")
        .def_property_readonly(
            "runs", [](const S& r) { return r.runs; }, "The same for each independent run (none while searching).")
        .def_property_readonly(
            "line", [](const S& r) { return r.line; }, "The most visited continuation (none while searching).")
        .def_readonly("iterations", &S::iterations, "Iterations, all threads.")
        .def_readonly("nodes", &S::nodes, "Nodes of the trees (none while searching).")
        .def_readonly("arena_bytes", &S::arena_bytes, "Node memory of the trees (none while searching).")
        .def_readonly("seconds", &S::seconds, "Wall-clock seconds so far.")
        .def(py::self == py::self)
        .def("__repr__",
             [](const S& r) {
                 return "<SearchStats of seat " + std::to_string(r.observer) + ": " + std::to_string(r.iterations) + " iterations>";
             })
        .def(pickle_fields<S, &S::observer, &S::rows, &S::runs, &S::line, &S::iterations, &S::nodes, &S::arena_bytes, &S::seconds>(
            "SearchStats"));
}

// What _core.solve and _core.analyse_deal return: read-only records (stich.solve and
// stich.analyse_deal make their results from them), given out as copies.
void register_solve_stats(py::module_& m) {
    using S = PySolveStats;
    py::class_<S>(m, "SolveStats", "An exact open-hand solve: every legal action's value, the best and a principal variation.")
        .def_readonly("root", &S::root, "The seat solved for (the seat to act).")
        .def_readonly("two_sided", &S::two_sided, "Two teams (seat % 2), zero-sum; else the root against all the others.")
        .def_property_readonly(
            "actions", [](const S& r) { return r.actions; }, "The legal actions, in id order.")
        .def_property_readonly(
            "values", [](const S& r) { return r.values; }, "Each action's value: the root's return.")
        .def_property_readonly(
            "best", [](const S& r) { return r.best; }, "The best action (the lowest id among the best).")
        .def_readonly("value", &S::value, "Its value.")
        .def_property_readonly(
            "line_seats", [](const S& r) { return r.line_seats; },
            "The principal variation (if `continued`, only its moves before the next result's line): the seats.")
        .def_property_readonly(
            "line_actions", [](const S& r) { return r.line_actions; }, "Its moves' texts.")
        .def_property_readonly(
            "line_took", [](const S& r) { return r.line_took; }, "Per move, the seat that took the trick it completed (None mid-trick).")
        .def_property_readonly(
            "line_tallies",
            [](const S& r) {
                py::list out(r.line_tallies.size());
                for (size_t i = 0; i < r.line_tallies.size(); ++i) {
                    py::tuple tally(r.line_tallies[i].size());
                    for (size_t seat = 0; seat < r.line_tallies[i].size(); ++seat) tally[seat] = py::int_(r.line_tallies[i][seat]);
                    out[i] = std::move(tally);
                }
                return out;
            },
            "Per move, every seat's tally after it (the game's TALLY).")
        .def_readonly("continued", &S::continued, "The line goes on as the next result's line (analyse_deal).")
        .def_readonly("nodes", &S::nodes, "Nodes searched.")
        .def_readonly("seconds", &S::seconds, "Wall-clock seconds.")
        .def_readonly("state", &S::state, "The position solved (a copy).")
        .def(py::self == py::self)
        .def("__repr__", [](const S& r) { return "<SolveStats of seat " + std::to_string(r.root) + ": best " + r.best.text + ">"; })
        .def(pickle_fields<S, &S::root, &S::two_sided, &S::actions, &S::values, &S::best, &S::value, &S::line_seats, &S::line_actions,
                           &S::line_took, &S::line_tallies, &S::continued, &S::nodes, &S::seconds, &S::state>("SolveStats"));
}

void register_games(py::module_& m) {
    register_errors(m);
    register_views(m);
    register_contracts(m);
    register_registry(m);
    // The search's accepted budgets, defined once in the core (ismcts.hpp).
    m.attr("SEARCH_MAX_SECONDS") = MAX_SECONDS;
    m.attr("SEARCH_MAX_C") = detail::MAX_C;
    m.def(
        "check_seconds", [](double seconds, const std::string& name) { check_seconds(seconds, name); }, py::arg("seconds"),
        py::arg("name") = "seconds",
        "Raises ValueError unless seconds is a time budget the core takes: a number in (0, SEARCH_MAX_SECONDS].");
    // The checks of stich.ismcts's arguments without a position: a bot checks its settings when
    // it is made, not at its first move.
    m.def(
        "check_search_args",
        [](py::object iterations, py::object seconds, py::object threads, py::object c, py::object playout, py::object runs,
           py::object others) {
            // A bot gives no max_nodes (the default) and its game's c only when c is None: any valid one here.
            (void)search_config_from_py(iterations, seconds, threads, c, 1.0, SearchConfig{}.max_nodes, runs, playout, others);
        },
        py::arg("iterations"), py::arg("seconds"), py::arg("threads"), py::arg("c"), py::arg("playout"), py::arg("runs"),
        py::arg("others_before_play") = "heuristic",
        "Raises ValueError/TypeError, as stich.ismcts would, for settings it does not accept.");
    register_search_stats(m);
    register_solve_stats(m);
    for_each_game([&]<class Def>() { bind_position<Def>(m); });
    // The one reader of position texts (stich/notation.hpp): the text as UTF-8 bytes (Python's
    // surrogatepass, so that a line that is not UTF-8 is named), the seed of the hidden cards.
    m.def(
        "parse_position",
        [](const py::bytes& text, py::handle seed) {
            const std::string t = text;
            return visit_position_text(t, seed_arg(seed), [](const auto& p) { return py::make_tuple(p.seat, py::cast(p.state)); });
        },
        py::arg("text"), py::arg("seed"),
        "(seat, state) of a position text (docs/notation.md); ValueError naming the line, and the history entry, at fault.");
    m.def(
        "parse_full_deal",
        [](const py::bytes& text) {
            const std::string t = text;
            return visit_full_deal_text(t, [](int seat, const auto& state) { return py::make_tuple(seat, py::cast(state)); });
        },
        py::arg("text"),
        "(seat, state) of a full deal: a position text plus every seat's 'handN: cards' line (docs/notation.md); "
        "ValueError naming the line at fault.");
    m.def(
        "is_full_deal", [](const std::string& text) { return !split_full_deal(text).hands.empty(); }, py::arg("text"),
        "Whether a text gives hands on 'handN: cards' lines (a full deal for the solver) rather than one seat's view.");
    // A game line of the notation ("<Game> key=value ..."): the CLI's game and --option arguments.
    m.def(
        "parse_game",
        [](const std::string& text) {
            py::object rules;
            visit_game_line(text, [&](const auto& r) { rules = py::cast(r); });
            return rules;
        },
        py::arg("text"), "The rules a game line gives (docs/notation.md: 'NAME key=value ...'); ValueError saying what is wrong.");
    m.def(
        "game_rules",
        [](const std::string& name, const std::string& options) {
            py::object rules;
            visit_game_options(name, options, [&](const auto& r) { rules = py::cast(r); });
            return rules;
        },
        py::arg("name"), py::arg("options"),
        "The rules a game's name (any case) and option words ('players=6 target=21', as `stich play --option` takes them) give; "
        "UnknownNameError listing the games, BadTextError naming the fault.");
}

}   // namespace stich::py_bind
