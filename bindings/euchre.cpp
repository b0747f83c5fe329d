// Euchre's Python face: conversion only (the rules are in csrc/stich/euchre.*).
#include "bind_game.hpp"
#include "stich/euchre.hpp"
#include "stich/ismcts.hpp"

namespace stich {
extern template SearchResult ismcts<EuchreState>(const EuchreState&, const SearchConfig&);   // euchre.cpp
}

namespace stich::py_bind {

namespace {

py::object seat_or_none(int s) { return s < 0 ? py::object(py::none()) : py::object(py::int_(s)); }

template <class F>
py::array_t<int32_t> euchre_playouts_array(int64_t n, F&& run) {
    if (n < 0) throw py::value_error("n must be >= 0, got " + std::to_string(n));
    py::array_t<int32_t> out({n, int64_t(EuchreState::NUM_SEATS)});
    int32_t* data = out.mutable_data();
    std::atomic<bool> stop = false;
    run_interruptible(stop, [&] { run(data, &stop); return true; }, no_tick);
    return out;
}

}  // namespace

void register_euchre(py::module_& m) {
    py::class_<EuchreRules>(m, "EuchreRules")
        .def(py::init([](bool allow_lone_defender, bool stick_the_dealer) { return EuchreRules{allow_lone_defender, stick_the_dealer}; }),
             py::arg("allow_lone_defender") = false, py::arg("stick_the_dealer") = true)
        .def_readonly("allow_lone_defender", &EuchreRules::allow_lone_defender)
        .def_readonly("stick_the_dealer", &EuchreRules::stick_the_dealer)
        .def("__eq__", [](const EuchreRules& a, py::handle b) { return py::isinstance<EuchreRules>(b) && a == b.cast<const EuchreRules&>(); })
        .def("__hash__", [](const EuchreRules& r) { return py::hash(py::make_tuple(r.allow_lone_defender, r.stick_the_dealer)); })
        .def(py::pickle([](const EuchreRules& r) { return py::make_tuple(r.allow_lone_defender, r.stick_the_dealer); },
                        [](const py::tuple& t) {
                            if (t.size() != 2 || !py::isinstance<py::bool_>(t[0]) || !py::isinstance<py::bool_>(t[1]))
                                throw py::value_error("corrupt pickled EuchreRules: expected (allow_lone_defender, stick_the_dealer)");
                            return EuchreRules{t[0].cast<bool>(), t[1].cast<bool>()};
                        }));

    bind_state<EuchreState>(m, "EuchreState", {"kitty"})
        .def(py::pickle([](const EuchreState& s) { return py::bytes(euchre_dump(s)); },
                        [](const py::object& b) {
                            if (!py::isinstance<py::bytes>(b))
                                throw py::value_error("corrupt pickled stich object: expected bytes, got " + std::string(py::str(py::type::of(b))));
                            return euchre_load(std::string_view(PyBytes_AS_STRING(b.ptr()), size_t(PyBytes_GET_SIZE(b.ptr()))));
                        }))
        .def_property_readonly("rules", [](const EuchreState& s) { return s.rules; })
        .def_property_readonly("dealer", [](const EuchreState& s) { return int(s.dealer); })
        .def_property_readonly("upcard", [](const EuchreState& s) { return PyCard{s.upcard, Alphabet::French}; })
        .def_property_readonly("upcard_taken", [](const EuchreState& s) { return s.upcard_taken; },
                               "Whether the upcard was ordered up (the dealer took it).")
        .def_property_readonly("kitty", [](const EuchreState& s) { return make_set(s.kitty, s.deck_info()); },
                               "The cards nobody holds: the three face down, the upcard if nobody took it, the dealer's discard.")
        .def_property_readonly("discard", [](const EuchreState& s) -> py::object {
            return s.discard == NO_CARD ? py::object(py::none()) : py::cast(PyCard{s.discard, Alphabet::French});
        })
        .def_property_readonly("trump", [](const EuchreState& s) -> py::object {
            return s.trump < 0 ? py::object(py::none()) : py::object(py::str(std::string(1, "CSHD"[s.trump])));
        })
        .def_property_readonly("declarer", [](const EuchreState& s) { return seat_or_none(s.declarer); })
        .def_property_readonly("declarer_alone", [](const EuchreState& s) { return s.declarer_alone; })
        .def_property_readonly("lone_defender", [](const EuchreState& s) { return seat_or_none(s.lone_defender); })
        .def_property_readonly("sitting_out", [](const EuchreState& s) {
            std::vector<int> out;
            for (int i = 0; i < EuchreState::NUM_SEATS; ++i)
                if (s.sitting_out >> i & 1) out.push_back(i);
            return out;
        }, "Seats whose partner plays alone.")
        .def_property_readonly("passes", [](const EuchreState& s) { return int(s.passes); })
        .def_property_readonly("trick", [](const EuchreState& s) {
            std::vector<PyCard> t;
            for (Card c : s.trick) t.push_back({c, Alphabet::French});
            return t;
        })
        .def_property_readonly("team_tricks", [](const EuchreState& s) { return std::vector<int>{s.team_tricks[0], s.team_tricks[1]}; })
        .def_property_readonly("makers_score", &EuchreState::makers_score,
                               "The makers' points of the finished deal (E-10); 0 before the end and when all passed.");

    m.def("euchre_deal",
          [](const EuchreRules& r, uint64_t seed, int dealer, const std::vector<std::vector<int>>& hands) {
              if (hands.size() > 6) throw py::value_error("Euchre takes cards for four seats, the upcard and the kitty");
              FixedHands f{};
              for (size_t s = 0; s < hands.size(); ++s)
                  for (int c : hands[s]) {
                      if (c < 0 || c >= 64) throw py::value_error("card id " + std::to_string(c) + " out of range");
                      f[s].push_back(Card(c));
                  }
              return euchre_deal(r, seed, dealer, &f);
          },
          py::arg("rules"), py::arg("seed"), py::arg("dealer"), py::arg("hands"));
    m.def("euchre_random_playouts",
          [](const EuchreRules& r, uint64_t seed, int64_t n) {
              return euchre_playouts_array(n, [&](int32_t* out, const std::atomic<bool>* stop) { euchre_random_playouts(r, seed, n, out, stop); });
          },
          py::arg("rules"), py::arg("seed"), py::arg("n"));
    m.def("euchre_random_playouts_from",
          [](const EuchreState& s, uint64_t seed, int64_t n) {
              const EuchreState from = s;
              return euchre_playouts_array(n, [&](int32_t* out, const std::atomic<bool>* stop) { euchre_random_playouts_from(from, seed, n, out, stop); });
          },
          py::arg("state"), py::arg("seed"), py::arg("n"));
}

}  // namespace stich::py_bind
