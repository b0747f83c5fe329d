#include "bind_game.hpp"
#include "stich/contract.hpp"
#include "stich/couillon.hpp"
#include "stich/euchre.hpp"
#include "stich/mucken.hpp"
#include "stich/mistigri.hpp"
#include "stich/pickle.hpp"
#include "stich/sampler.hpp"

namespace stich::py_bind {

int check_seat(int seat, int n) {
    if (seat < 0 || seat >= n)
        throw py::index_error("seat " + std::to_string(seat) + " out of range 0.." + std::to_string(n - 1));
    return seat;
}

namespace {

struct PyContract {
    const Contract* k;
    std::string name;
};

int parse_suit_letter(const std::string& s, Alphabet a) {
    const char* letters = a == Alphabet::German ? "EGHS" : "CSHD";
    if (s.size() == 1)
        for (int i = 0; i < 4; ++i)
            if (std::toupper(static_cast<unsigned char>(s[0])) == letters[i]) return i;
    throw py::value_error("unknown trump suit " + quoted(s) + "; accepted: " +
                          (a == Alphabet::German ? "E, G, H, S" : "C, S, H, D"));
}

// Splits a trick into its led card and current winner, checking it against the contract.
std::pair<Card, Card> trick_state(const Contract& k, const std::vector<Card>& trick) {
    if (trick.empty()) return {NO_CARD, NO_CARD};
    CardSet seen = 0;
    Card win = trick[0];
    for (size_t i = 0; i < trick.size(); ++i) {
        if (contains(seen, trick[i])) throw py::value_error("card " + card_text(trick[i], k.deck_info().alphabet) + " appears twice in the trick");
        seen |= bit(trick[i]);
        if (i > 0 && takes(k, win, trick[i])) win = trick[i];
    }
    return {trick[0], win};
}

void register_contracts(py::module_& m) {
    py::class_<PyContract>(m, "Contract",
                           "A contract's card order (trumps, effective suits, points, beats[]) and its following rule.")
        .def_static("mucken",
                    [](const std::string& game, bool long_deck, bool stichzwang) {
                        static const char* names[] = {"Muck", "Geier", "Wenz", "Ramsch"};
                        for (int i = 0; i < 4; ++i)
                            if (iequals(game, names[i])) {
                                if (stichzwang && i != 3)
                                    throw py::value_error("stichzwang applies to Ramsch only (U-10), not to " + std::string(names[i]));
                                return PyContract{&mucken_contract(MuckenGame(i), long_deck, stichzwang), names[i]};
                            }
                        throw py::value_error("unknown Mucken game " + quoted(game) + "; accepted: Muck, Geier, Wenz, Ramsch");
                    },
                    py::arg("game"), py::arg("long_deck") = false, py::arg("stichzwang") = false)
        .def_static("couillon",
                    [](const std::string& trump, bool mit) {
                        int t = parse_suit_letter(trump, Alphabet::French);
                        return PyContract{&couillon_contract(t, mit), std::string("Couillon ") + "CSHD"[t] + (mit ? " with Mit" : "")};
                    },
                    py::arg("trump"), py::arg("mit") = false)
        .def_static("mistigri",
                    [](const std::string& trump, py::handle deck_name) {
                        const Deck& d = deck_of(deck_name);
                        int t = parse_suit_letter(trump, d.alphabet);
                        return PyContract{&mistigri_contract(t, d.kind), "Mistigri " + trump + " " + d.name};
                    },
                    py::arg("trump"), py::arg("deck") = "german32")
        .def_property_readonly("deck", [](const PyContract& c) { return c.k->deck_info(); })
        .def_property_readonly("trumps", [](const PyContract& c) { return make_set(c.k->trumps, c.k->deck_info()); })
        .def("legal",
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
                 if (legal != cascade(*c.k, led, win).legal(h))  // both forms must agree; the tests run through here
                     throw std::logic_error("legal_cards and the cascade disagree");
                 return make_set(legal, d);
             },
             py::arg("hand"), py::arg("trick") = py::list(), "The cards of `hand` that may be played to `trick`.")
        .def("winner",
             [](const PyContract& c, py::handle trick) {
                 const auto t = to_card_list(trick, c.k->deck_info());
                 if (t.empty()) throw py::value_error("winner() needs a non-empty trick");
                 const Card win = trick_state(*c.k, t).second;
                 return int(std::find(t.begin(), t.end(), win) - t.begin());
             },
             py::arg("trick"), "Index of the card winning the trick so far.")
        .def("points", [](const PyContract& c, py::handle cards) {
                 const Deck& d = c.k->deck_info();
                 if (py::isinstance<PyCard>(cards)) return int(c.k->points[to_card(cards, d)]);
                 return c.k->points_of(to_cardset(cards, d));
             },
             py::arg("cards"), "Card points of a card or a set of cards.")
        .def("forbidden",
             [](const PyContract& c, py::handle trick, py::handle card) {
                 const Deck& d = c.k->deck_info();
                 const auto t = to_card_list(trick, d);
                 const Card x = to_card(card, d);
                 if (std::find(t.begin(), t.end(), x) != t.end()) throw py::value_error("the card is already in the trick");
                 auto [led, win] = trick_state(*c.k, t);
                 return make_set(cascade(*c.k, led, win).forbidden_after(x) & d.cards, d);
             },
             py::arg("trick"), py::arg("card"), "Cards a seat cannot hold after playing `card` to `trick` (cascade inference).")
        .def("__repr__", [](const PyContract& c) { return "<Contract " + c.name + ">"; });
}

// Runs a batch of random playouts into a new (n, players) int32 array, without the GIL;
// run(out, stop) polls the stop flag (Ctrl-C).
template <class F>
py::array_t<int32_t> playouts_array(int64_t n, int players, F&& run) {
    if (n < 0) throw py::value_error("n must be >= 0, got " + std::to_string(n));
    py::array_t<int32_t> out({n, int64_t(players)});
    int32_t* data = out.mutable_data();
    std::atomic<bool> stop = false;
    run_interruptible(stop, [&] { run(data, &stop); return true; }, no_tick);
    return out;
}

// Pickling through the checked byte form of stich/pickle.hpp (a damaged form raises ValueError).
template <class T>
auto pickle_by_bytes() {
    return py::pickle([](const T& x) { return py::bytes(dump(x)); },
                      [](const py::object& b) {
                          if (!py::isinstance<py::bytes>(b))
                              throw py::value_error("corrupt pickled stich object: expected bytes, got " + std::string(py::str(py::type::of(b))));
                          return load<T>(std::string_view(PyBytes_AS_STRING(b.ptr()), size_t(PyBytes_GET_SIZE(b.ptr()))));
                      });
}

// Rules are immutable values: equal and hashed by their byte form.
template <class Rules>
void rules_by_value(py::class_<Rules> c) {
    c.def("__eq__", [](const Rules& a, py::handle b) { return py::isinstance<Rules>(b) && a == b.cast<const Rules&>(); })
        .def("__hash__", [](const Rules& r) { return py::hash(py::bytes(dump(r))); })
        .def(pickle_by_bytes<Rules>());
}

// Matches change as deals are recorded: equal by value (their byte form), not hashable.
template <class Match>
void match_by_value(py::class_<Match> c) {
    c.def("__eq__", [](const Match& a, py::handle b) { return py::isinstance<Match>(b) && dump(a) == dump(b.cast<const Match&>()); })
        .def(pickle_by_bytes<Match>());
    c.attr("__hash__") = py::none();
}

py::object seat_or_none(int s) { return s < 0 ? py::object(py::none()) : py::object(py::int_(s)); }

FixedHands fixed_hands(const std::vector<std::vector<int>>& hands) {
    FixedHands f{};
    if (hands.size() > MAX_LOCATIONS) throw py::value_error("too many hands");
    for (size_t s = 0; s < hands.size(); ++s)
        for (int c : hands[s]) {
            if (c < 0 || c >= 64) throw py::value_error("card id " + std::to_string(c) + " out of range");
            f[s].push_back(Card(c));
        }
    return f;
}

void register_couillon(py::module_& m) {
    rules_by_value(py::class_<CouillonRules>(m, "CouillonRules")
        .def(py::init([](bool kontra_doubles) { return CouillonRules{kontra_doubles}; }), py::arg("kontra_doubles") = false)
        .def_readonly("kontra_doubles", &CouillonRules::kontra_doubles));

    bind_state<CouillonState>(m, "CouillonState", {"talon"})
        .def(pickle_by_bytes<CouillonState>())
        .def_property_readonly("rules", [](const CouillonState& s) { return s.rules; })
        .def_property_readonly("dealer", [](const CouillonState& s) { return int(s.dealer); })
        .def_property_readonly("forehand", [](const CouillonState& s) { return int(s.forehand); })
        .def_property_readonly("trump", [](const CouillonState& s) -> py::object {
            return s.trump < 0 ? py::object(py::none()) : py::object(py::str(std::string(1, "CSHD"[s.trump])));
        })
        .def_property_readonly("revealed", [](const CouillonState& s) { return s.revealed; })
        .def_property_readonly("reveal_card", [](const CouillonState& s) { return PyCard{s.reveal_card, Alphabet::French}; })
        .def_property_readonly("first_three", [](const CouillonState& s) { return make_set(s.first_three, s.deck_info()); })
        .def_property_readonly("talon", [](const CouillonState& s) { return make_set(s.talon, s.deck_info()); })
        .def_property_readonly("mit_declarer", [](const CouillonState& s) { return seat_or_none(s.mit_declarer); })
        .def_property_readonly("kontra_by", [](const CouillonState& s) { return seat_or_none(s.kontra_by); })
        .def_property_readonly("re_by", [](const CouillonState& s) { return seat_or_none(s.re_by); })
        .def_property_readonly("trick", [](const CouillonState& s) {
            std::vector<PyCard> t;
            for (Card c : s.trick) t.push_back({c, Alphabet::French});
            return t;
        })
        .def_property_readonly("team_points", [](const CouillonState& s) { return std::vector<int>{s.team_points[0], s.team_points[1]}; })
        .def_property_readonly("team_tricks", [](const CouillonState& s) { return std::vector<int>{s.team_tricks[0], s.team_tricks[1]}; })
        .def("score_moves", [](const CouillonState& s) { auto v = s.score_moves(); return std::vector<int>(v.begin(), v.end()); },
             "Change of each team's running score in the match (negative: towards 0), C-6.");

    m.def("couillon_deal",
          [](const CouillonRules& r, uint64_t seed, int dealer, const std::vector<std::vector<int>>& hands) {
              FixedHands f = fixed_hands(hands);
              return couillon_deal(r, seed, dealer, &f);
          },
          py::arg("rules"), py::arg("seed"), py::arg("dealer"), py::arg("hands"));

    m.def("couillon_random_playouts",
          [](const CouillonRules& r, uint64_t seed, int64_t n) {
              return playouts_array(n, 4, [&](int32_t* out, const std::atomic<bool>* stop) { couillon_random_playouts(r, seed, n, out, stop); });
          },
          py::arg("rules"), py::arg("seed"), py::arg("n"));

    match_by_value(py::class_<CouillonMatch>(m, "CouillonMatch")
        .def(py::init([](const CouillonRules& r, uint64_t seed, int dealer) {
                 check_seat(dealer, 4);
                 CouillonMatch mt;
                 mt.rules = r;
                 mt.seed = seed;
                 mt.dealer = dealer;
                 return mt;
             }),
             py::arg("rules"), py::arg("seed"), py::arg("dealer") = 0)
        .def_property_readonly("scores", [](const CouillonMatch& mt) { return std::vector<int>{mt.scores[0], mt.scores[1]}; })
        .def_readonly("dealer", &CouillonMatch::dealer)
        .def_readonly("deals_played", &CouillonMatch::deals_played)
        .def_readonly("seed", &CouillonMatch::seed)
        .def_property_readonly("is_over", &CouillonMatch::is_over)
        .def_property_readonly("winner", [](const CouillonMatch& mt) { return seat_or_none(mt.winner); })
        .def("next_deal", [](const CouillonMatch& mt) {
            if (mt.is_over()) throw py::value_error("the match is over");
            return mt.next_deal();
        })
        .def("record", &CouillonMatch::record, py::arg("state")));
}

void register_mucken(py::module_& m) {
    py::enum_<MuckenRanking>(m, "MuckenRanking")
        .value("GEIER_OVER_WENZ", MuckenRanking::GeierOverWenz)
        .value("WENZ_OVER_GEIER", MuckenRanking::WenzOverGeier)
        .value("WENZ_OVER_MUCK", MuckenRanking::WenzOverMuck);
    py::enum_<AllPass>(m, "AllPass")
        .value("RAMSCH", AllPass::Ramsch)
        .value("THROW_IN", AllPass::ThrowIn)
        .value("MUST_PLAY", AllPass::MustPlay)
        .value("ONE_POINT", AllPass::OnePoint);
    rules_by_value(py::class_<MuckenRules>(m, "MuckenRules")
        .def(py::init([](int players, bool long_deck, MuckenRanking ranking, bool with_geier, bool kontra_takes_over,
                         AllPass if_all_pass, bool ramsch_double, bool ramsch_stichzwang, int target, bool hanger,
                         bool bock_after_throw_in, bool bock_after_ramsch, bool bock_round, bool glasses) {
                 if (players < 0 || players > 255 || target < -32768 || target > 32767)
                     throw py::value_error("players or target out of range");
                 MuckenRules r{uint8_t(players), long_deck, ranking, with_geier, kontra_takes_over, if_all_pass,
                               ramsch_double, ramsch_stichzwang, int16_t(target), hanger,
                               bock_after_throw_in, bock_after_ramsch, bock_round, glasses};
                 r.validate();
                 return r;
             }),
             py::arg("players") = 4, py::arg("long_deck") = false, py::arg("ranking") = MuckenRanking::GeierOverWenz,
             py::arg("with_geier") = true, py::arg("kontra_takes_over") = true, py::arg("if_all_pass") = AllPass::Ramsch,
             py::arg("ramsch_double") = true, py::arg("ramsch_stichzwang") = true, py::arg("target") = 21,
             py::arg("hanger") = false, py::arg("bock_after_throw_in") = true, py::arg("bock_after_ramsch") = false,
             py::arg("bock_round") = false, py::arg("glasses") = false)
        .def_property_readonly("players", [](const MuckenRules& r) { return int(r.players); })
        .def_property_readonly("hand_size", &MuckenRules::hand_size)
        .def_property_readonly("target", [](const MuckenRules& r) { return int(r.target); })
        .def_readonly("long_deck", &MuckenRules::long_deck)
        .def_readonly("ranking", &MuckenRules::ranking)
        .def_readonly("with_geier", &MuckenRules::with_geier)
        .def_readonly("kontra_takes_over", &MuckenRules::kontra_takes_over)
        .def_readonly("if_all_pass", &MuckenRules::if_all_pass)
        .def_readonly("ramsch_double", &MuckenRules::ramsch_double)
        .def_readonly("ramsch_stichzwang", &MuckenRules::ramsch_stichzwang)
        .def_readonly("hanger", &MuckenRules::hanger)
        .def_readonly("bock_after_throw_in", &MuckenRules::bock_after_throw_in)
        .def_readonly("bock_after_ramsch", &MuckenRules::bock_after_ramsch)
        .def_readonly("bock_round", &MuckenRules::bock_round)
        .def_readonly("glasses", &MuckenRules::glasses));

    bind_state<MuckenState>(m, "MuckenState", {})
        .def(pickle_by_bytes<MuckenState>())
        .def_property_readonly("rules", [](const MuckenState& s) { return s.rules; })
        .def_property_readonly("dealer", [](const MuckenState& s) { return int(s.dealer); })
        .def_property_readonly("forehand", [](const MuckenState& s) { return int(s.forehand); })
        .def_property_readonly("bock", [](const MuckenState& s) { return s.bock; })
        .def_property_readonly("next_bock", &MuckenState::next_bock)
        .def_property_readonly("game", [](const MuckenState& s) -> py::object {
            return s.play == MuckenPlay::None ? py::object(py::none()) : py::object(py::str(s.game_name()));
        }, "The game being played ('Wenz', 'Schneider-Geier', 'Ramsch', 'must-play Muck', 'Sie', ...).")
        .def_property_readonly("announcer", [](const MuckenState& s) { return seat_or_none(s.announcer); })
        .def_property_readonly("player_team", [](const MuckenState& s) -> py::object {
            return s.announcer < 0 ? py::object(py::none()) : py::object(py::int_(int(s.player_team)));
        })
        .def_property_readonly("auction_holder", [](const MuckenState& s) { return seat_or_none(s.holder); })
        .def_property_readonly("sie_seat", [](const MuckenState& s) { return seat_or_none(s.sie_seat); })
        .def_property_readonly("doublings", [](const MuckenState& s) { return int(s.doublings); },
                               "How many of Kontra, Re, Sup, Hirsch were said.")
        .def_property_readonly("trick", [](const MuckenState& s) {
            std::vector<PyCard> t;
            for (Card c : s.trick) t.push_back({c, Alphabet::German});
            return t;
        })
        .def_property_readonly("team_eyes", [](const MuckenState& s) { return std::vector<int>{s.team_eyes[0], s.team_eyes[1]}; })
        .def_property_readonly("team_tricks", [](const MuckenState& s) { return std::vector<int>{s.team_tricks[0], s.team_tricks[1]}; })
        .def_property_readonly("winning_team", [](const MuckenState& s) { return seat_or_none(s.winning_team()); })
        .def_property_readonly("value", &MuckenState::value, "Value of the finished deal for the winning team.");

    m.def("mucken_deal",
          [](const MuckenRules& r, uint64_t seed, int dealer, bool bock, const std::vector<std::vector<int>>& hands) {
              FixedHands f = fixed_hands(hands);
              return mucken_deal(r, seed, dealer, bock, &f);
          },
          py::arg("rules"), py::arg("seed"), py::arg("dealer"), py::arg("bock"), py::arg("hands"));
    m.def("mucken_random_playouts",
          [](const MuckenRules& r, uint64_t seed, int64_t n, int opening) {
              MuckenState probe = mucken_deal(r, seed, 0, false);
              apply_mucken_opening(probe, opening);  // checks the opening before the batch runs
              return playouts_array(n, r.players, [&](int32_t* out, const std::atomic<bool>* stop) { mucken_random_playouts(r, seed, n, out, opening, stop); });
          },
          py::arg("rules"), py::arg("seed"), py::arg("n"), py::arg("opening") = MUCKEN_OPENING_RANDOM);
    m.attr("MUCKEN_OPENING_RAMSCH") = MUCKEN_OPENING_RAMSCH;
    // The search's accepted budgets, defined once in the core (ismcts.hpp).
    m.attr("SEARCH_MAX_SECONDS") = detail::MAX_SECONDS;
    m.attr("SEARCH_MAX_C") = detail::MAX_C;

    match_by_value(py::class_<MuckenMatch>(m, "MuckenMatch")
        .def(py::init([](const MuckenRules& r, uint64_t seed, int dealer) {
                 check_seat(dealer, r.players);
                 MuckenMatch mt;
                 mt.rules = r;
                 mt.seed = seed;
                 mt.dealer = dealer;
                 return mt;
             }),
             py::arg("rules"), py::arg("seed"), py::arg("dealer") = 0)
        .def_property_readonly("points", [](const MuckenMatch& mt) { return std::vector<int>{mt.points[0], mt.points[1]}; },
                               "Points of the two teams in the current Bobbl.")
        .def_property_readonly("bobbl_won", [](const MuckenMatch& mt) { return std::vector<int>{mt.bobbl_won[0], mt.bobbl_won[1]}; })
        .def_property_readonly("bobbl_points", [](const MuckenMatch& mt) {
            std::vector<std::vector<int>> out;
            for (int i = 0; i < mt.bobbls_played; ++i) out.push_back({mt.bobbl_points[size_t(i)][0], mt.bobbl_points[size_t(i)][1]});
            return out;
        }, "Final points of each Bobbl played, per team.")
        .def_property_readonly("bobbl_winners", [](const MuckenMatch& mt) {
            return std::vector<int>(mt.bobbl_winner.begin(), mt.bobbl_winner.begin() + mt.bobbls_played);
        }, "The team that won each Bobbl played.")
        .def_readonly("dealer", &MuckenMatch::dealer)
        .def_readonly("deals_played", &MuckenMatch::deals_played)
        .def_property_readonly("bock", &MuckenMatch::bock, "Whether the next deal is a Bock deal.")
        .def_readonly("bock_deals", &MuckenMatch::bock_deals, "Bock deals still to come, the next one included.")
        .def_readonly("seed", &MuckenMatch::seed)
        .def_property_readonly("is_over", &MuckenMatch::is_over)
        .def_property_readonly("winner", [](const MuckenMatch& mt) { return seat_or_none(mt.winner); })
        .def("next_deal", [](const MuckenMatch& mt) {
            if (mt.is_over()) throw py::value_error("the match is over");
            return mt.next_deal();
        })
        .def("record", &MuckenMatch::record, py::arg("state")));
}

void register_mistigri(py::module_& m) {
    rules_by_value(py::class_<MistigriRules>(m, "MistigriRules")
        .def(py::init([](int players, const std::string& deck_name, int chips, int stake, bool monch, bool club_law, int deals) {
                 MistigriRules::check_option("players", players, MistigriRules::MIN_PLAYERS, MistigriRules::MAX_PLAYERS);
                 MistigriRules r{uint8_t(players), deck_kind_from_name(deck_name), chips, stake, monch, club_law, deals};
                 r.validate();
                 return r;
             }),
             py::arg("players") = 4, py::arg("deck") = "german32", py::arg("chips") = 25, py::arg("stake") = 5,
             py::arg("monch") = false, py::arg("club_law") = false, py::arg("deals") = 0)
        .def_property_readonly("players", [](const MistigriRules& r) { return int(r.players); })
        .def_property_readonly("deck", [](const MistigriRules& r) { return deck(r.deck); })
        .def_property_readonly("chips", [](const MistigriRules& r) { return int(r.chips); })
        .def_property_readonly("stake", [](const MistigriRules& r) { return int(r.stake); })
        .def_readonly("monch", &MistigriRules::monch)
        .def_readonly("club_law", &MistigriRules::club_law)
        .def_readonly("deals", &MistigriRules::deals));
    // The accepted ranges, for the Python checks (see MistigriRules): chips 0..MAX_CHIPS, stake
    // 1..MAX_CHIPS, deals 0..MAX_DEALS, pot and side pot of a deal 0..MAX_POT.
    for (const auto& [name, value] : {std::pair{"MAX_CHIPS", MistigriRules::MAX_CHIPS}, std::pair{"MAX_DEALS", MistigriRules::MAX_DEALS},
                                      std::pair{"MAX_POT", MistigriRules::MAX_POT}})
        m.attr("MistigriRules").attr(name) = value;

    bind_state<MistigriState>(m, "MistigriState", {"talon", "discards"})
        .def(pickle_by_bytes<MistigriState>())
        .def_property_readonly("rules", [](const MistigriState& s) { return s.rules; })
        .def_property_readonly("dealer", [](const MistigriState& s) { return int(s.dealer); })
        .def_property_readonly("forehand", [](const MistigriState& s) { return int(s.forehand); })
        .def_property_readonly("turned", [](const MistigriState& s) { return PyCard{s.turned, s.deck_info().alphabet}; })
        .def_property_readonly("trump", [](const MistigriState& s) {
            return std::string(1, (s.deck_info().alphabet == Alphabet::German ? "EGHS" : "CSHD")[s.trump]);
        })
        .def_property_readonly("pot", [](const MistigriState& s) { return int(s.pot); })
        .def_property_readonly("side_pot", [](const MistigriState& s) { return int(s.side_pot); })
        .def_property_readonly("pot_in", [](const MistigriState& s) { return int(s.pot_in); },
                               "The pot carried into the deal, before the antes.")
        .def_property_readonly("side_pot_in", [](const MistigriState& s) { return int(s.side_pot_in); })
        .def_property_readonly("joined", [](const MistigriState& s) {
            std::vector<int> out;
            for (int i = 0; i < s.n; ++i)
                if (s.joined >> i & 1) out.push_back(i);
            return out;
        })
        .def_property_readonly("talon", [](const MistigriState& s) {
            std::vector<PyCard> out;
            for (int i = s.talon_top; i < s.talon_end; ++i) out.push_back({s.talon[size_t(i)], s.deck_info().alphabet});
            return out;
        }, "The cards still to be drawn, top first.")
        .def("discards", [](const MistigriState& s, int seat) { return make_set(s.discards[size_t(check_seat(seat, s.n))], s.deck_info()); },
             py::arg("seat"), "The seat's discards not yet reshuffled into the talon.")
        .def("exchange", [](const MistigriState& s, int seat) -> py::object {
                 check_seat(seat, s.n);
                 if (!(s.exchanged >> seat & 1)) return py::none();
                 return py::make_tuple(make_set(s.discarded[size_t(seat)], s.deck_info()), make_set(s.drawn[size_t(seat)], s.deck_info()));
             },
             py::arg("seat"), "(discarded, drawn) of the seat's exchange, or None before it exchanged.")
        .def_property_readonly("flush_winner", [](const MistigriState& s) { return seat_or_none(s.flush_winner); })
        .def_property_readonly("tricks_won", [](const MistigriState& s) {
            return std::vector<int>(s.tricks_won.begin(), s.tricks_won.begin() + s.n);
        })
        .def_property_readonly("trick", [](const MistigriState& s) {
            std::vector<PyCard> t;
            for (Card c : s.trick) t.push_back({c, s.deck_info().alphabet});
            return t;
        })
        .def_property_readonly("outcome", [](const MistigriState& s) {
            static constexpr const char* NAMES[] = {"", "nobody joined", "one joined", "flush", "played"};
            return std::string(NAMES[size_t(s.end)]);
        });

    m.def("mistigri_deal",
          [](const MistigriRules& r, uint64_t seed, int dealer, int pot, int side_pot, const std::vector<std::vector<int>>& hands,
             const std::vector<int>& redraws) {
              FixedHands f = fixed_hands(hands);
              std::vector<Card> pinned;
              for (int c : redraws) {
                  if (c < 0 || c >= 64) throw py::value_error("redraws: card ids are 0..63, got " + std::to_string(c));
                  pinned.push_back(Card(c));
              }
              return mistigri_deal(r, seed, dealer, pot, side_pot, &f, pinned);
          },
          py::arg("rules"), py::arg("seed"), py::arg("dealer"), py::arg("pot"), py::arg("side_pot"), py::arg("hands"),
          py::arg("redraws") = std::vector<int>{});
    m.def("mistigri_random_playouts",
          [](const MistigriRules& r, uint64_t seed, int64_t n) {
              return playouts_array(n, r.players, [&](int32_t* out, const std::atomic<bool>* stop) { mistigri_random_playouts(r, seed, n, out, stop); });
          },
          py::arg("rules"), py::arg("seed"), py::arg("n"));

    match_by_value(py::class_<MistigriMatch>(m, "MistigriMatch")
        .def(py::init([](const MistigriRules& r, uint64_t seed, int dealer) {
                 check_seat(dealer, r.players);
                 return MistigriMatch::start(r, seed, dealer);
             }),
             py::arg("rules"), py::arg("seed"), py::arg("dealer") = 0)
        .def_property_readonly("chips", [](const MistigriMatch& mt) {
            return std::vector<int>(mt.chips.begin(), mt.chips.begin() + mt.rules.players);
        })
        .def_readonly("pot", &MistigriMatch::pot)
        .def_readonly("side_pot", &MistigriMatch::side_pot)
        .def_readonly("dealer", &MistigriMatch::dealer)
        .def_readonly("deals_played", &MistigriMatch::deals_played)
        .def_readonly("seed", &MistigriMatch::seed)
        .def_readonly("is_over", &MistigriMatch::over)
        .def("next_deal", [](const MistigriMatch& mt) {
            if (mt.over) throw py::value_error("the match is over");
            return mt.next_deal();
        })
        .def("record", &MistigriMatch::record, py::arg("state")));
}

// The static game and phase names an unpickled Action points at: State's, if `game` and `phase` name them.
template <class State, class Phase>
bool static_names(PyAction& a, std::string_view game, std::string_view phase, Phase last) {
    if (game != state_class_name<State>) return false;
    for (int p = 0; p <= int(last); ++p) {
        State s{};
        s.phase = Phase(p);
        if (phase != s.phase_name()) continue;
        a.game = state_class_name<State>;
        a.phase = s.phase_name();
        return true;
    }
    return false;
}

PyAction unpickle_action(const py::object& t) {
    if (py::isinstance<py::tuple>(t) && py::len(t) == 4) {
        const auto f = t.cast<py::tuple>();
        if (py::isinstance<py::str>(f[0]) && py::isinstance<py::str>(f[1]) && py::isinstance<py::int_>(f[2]) && py::isinstance<py::str>(f[3])) {
            const long long id = int_or(f[2], -1);
            PyAction a{"", "", Action(id), utf8(f[3])};
            const std::string game = utf8(f[0]), phase = utf8(f[1]);
            if (id >= 0 && id < HIDDEN_ACTION &&
                (static_names<CouillonState>(a, game, phase, CouillonPhase::Over) || static_names<MuckenState>(a, game, phase, MuckenPhase::Over) ||
                 static_names<MistigriState>(a, game, phase, MistigriPhase::Over) ||
                 static_names<EuchreState>(a, game, phase, EuchrePhase::Over)))
                return a;
        }
    }
    throw py::value_error("corrupt pickled Action: expected (state class, phase, id, text) of a stich game");
}

// An InfoSet pickles as (state, observer): a state holding only what the observer knows (its
// canonical origin), and the seat whose view of it to take.
PyView unpickle_view(const py::object& t) {
    if (py::isinstance<py::tuple>(t) && py::len(t) == 2) {
        const auto f = t.cast<py::tuple>();
        const py::object state = f[0];
        if ((py::isinstance<CouillonState>(state) || py::isinstance<MuckenState>(state) || py::isinstance<MistigriState>(state) ||
             py::isinstance<EuchreState>(state)) &&
            py::isinstance<py::int_>(f[1]) && !py::isinstance<py::bool_>(f[1])) {
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
        .def_readonly("id", &PyAction::id)
        .def_readonly("text", &PyAction::text)
        .def_property_readonly("game", [](const PyAction& a) {
            const std::string_view g = a.game;
            return std::string(g.substr(0, g.rfind("State")));
        }, "The game the action was listed in: 'Couillon', 'Mucken' or 'Mistigri'.")
        .def_readonly("phase", &PyAction::phase, "The phase of the state it was listed in.")
        .def("__str__", [](const PyAction& a) { return a.text; })
        .def("__repr__", [](const PyAction& a) { return "Action(" + quoted(a.text) + ")"; })
        .def("__eq__", [](const PyAction& a, py::handle b) {
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
        .def_property_readonly("observer", [](const PyView& v) { return int(v.view.observer); })
        .def_property_readonly("num_players", [](const PyView& v) { return int(v.view.num_seats); })
        .def_property_readonly("location_names", [](const PyView& v) { return v.location_names; })
        .def_property_readonly("hand", [](const PyView& v) { return PyCardSet{v.view.where[v.view.observer].known, v.alphabet}; },
                               "The observer's own known cards.")
        .def_property_readonly("played", [](const PyView& v) { return PyCardSet{v.view.played, v.alphabet}; })
        .def_property_readonly("unknown", [](const PyView& v) { return PyCardSet{v.view.unknown, v.alphabet}; })
        .def_property_readonly("history", [](const PyView& v) { return v.history; }, "(seat, action text) as this seat saw them.")
        .def("known", [](const PyView& v, py::handle loc) { return PyCardSet{v.view.where[v.location_index(loc)].known, v.alphabet}; },
             py::arg("location"), "Cards the observer knows are at the location (a seat number or a location name).")
        .def("forbidden", [](const PyView& v, py::handle loc) { return PyCardSet{v.view.where[v.location_index(loc)].forbidden, v.alphabet}; },
             py::arg("location"), "Cards the observer knows are not at the location.")
        .def("size", [](const PyView& v, py::handle loc) { return int(v.view.where[v.location_index(loc)].size); }, py::arg("location"))
        .def_property_readonly("_origin", [](const PyView& v) { return v.origin; })
        .def("__eq__",
             [](const PyView& a, py::handle b) {
                 if (!py::isinstance<PyView>(b)) return false;
                 const PyView& o = b.cast<const PyView&>();
                 return a.view.observer == o.view.observer && a.canonical_origin(a).equal(o.canonical_origin(o));
             },
             "Views are equal when they hold the same information: the same observer, and states that agree on "
             "everything it can see (docs/api.md, \"Pickling and equality\").")
        .def("__hash__", [](const PyView& v) {
            return py::hash(py::make_tuple(v.view.observer, v.view.played, v.view.where[v.view.observer].known, py::tuple(py::cast(v.history))));
        })
        .def(py::pickle([](const PyView& v) { return py::make_tuple(v.canonical_origin(v), int(v.view.observer)); }, &unpickle_view))
        .def("count_worlds", [](const PyView& v) {
                 const WorldSampler sampler(v.view);
                 return py::int_(py::str(u128_text(sampler.count())));
             },
             "The exact number of deals of the unknown cards consistent with everything this seat knows.")
        .def("sample_worlds",
             [](const PyView& v, int64_t n, uint64_t seed) {
                 if (n < 0) throw py::value_error("n must be >= 0, got " + std::to_string(n));
                 std::vector<Locations> worlds(static_cast<size_t>(n));
                 const View view = v.view;
                 std::atomic<bool> stop = false;
                 run_interruptible(stop, [&] {
                     const WorldSampler sampler(view);
                     Rng rng(seed);
                     for (size_t i = 0; i < worlds.size() && !((i & 255) == 0 && stop.load(std::memory_order_relaxed)); ++i)
                         worlds[i] = sampler.sample(rng);
                     return true;
                 }, no_tick);
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
             "n worlds drawn uniformly among those consistent with the view: per world, the cards of every "
             "location (in location_names order).")
        .def("__repr__", [](const PyView& v) {
            std::string s = "<InfoSet of seat " + std::to_string(v.view.observer) + ":";
            for (int l = 0; l < v.view.num_locations; ++l) {
                const Location& loc = v.view.where[l];
                s += " " + v.location_names[l] + "[" + std::to_string(loc.size) + "; knows " + cards_text(loc.known, v.alphabet) + "]";
            }
            return s + ">";
        });
}

}  // namespace

void register_games(py::module_& m) {
    py::register_exception<IllegalAction>(m, "IllegalActionError", PyExc_ValueError);
    register_views(m);
    register_contracts(m);
    register_couillon(m);
    register_mucken(m);
    register_mistigri(m);
}

}  // namespace stich::py_bind
