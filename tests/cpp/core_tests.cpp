// The core's unit checks, without Python: stich_core_tests CASE PERFT_JSON (tests/cpp/CMakeLists.txt
// makes one ctest test per case). Each case prints what it checked; a failed check prints the
// file, line and expression and the case exits 1.
#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <functional>
#include <iterator>
#include <map>
#include <optional>
#include <tuple>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include <pthread.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "stich/records.hpp"
#include "stich/rl.hpp"
#include "stich/stich.hpp"

namespace {

int failures = 0;

#define CHECK(cond)                                                                       \
    do {                                                                                  \
        if (!(cond)) {                                                                    \
            std::fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond); \
            ++failures;                                                                   \
        }                                                                                 \
    } while (0)

// Does f throw an exception of type E whose message contains `part`?
template <class E, class F>
bool throws(F&& f, const std::string& part) {
    try {
        f();
    } catch (const E& e) {
        if (std::string(e.what()).find(part) != std::string::npos) return true;
        std::fprintf(stderr, "  the message was: %s\n", e.what());
        return false;
    } catch (...) {
        return false;
    }
    return false;
}

using namespace stich;

// Every card of every deck prints as its canonical text and reads back from it, in both orders
// (suit first, rank first); a card set prints as its cards.
void check_cards() {
    int checked = 0;
    for (int k = 0; k < int(DeckKind::DECK_NB); ++k) {
        const Deck& d = deck(DeckKind(k));
        CHECK(popcount(d.cards) == d.size);
        CHECK(deck_kind_from_name(d.name) == DeckKind(k));
        for (CardSet s = d.cards; s;) {
            const Card c = pop_lsb(s);
            const std::string text = card_text(c, d.alphabet);
            CHECK(parse_card(text, d) == c);
            CHECK(parse_card(text.substr(1) + text.substr(0, 1), d) == c);   // rank first
            ++checked;
        }
        const std::vector<Card> all = parse_cards(cards_text(d.cards, d.alphabet), d);
        CHECK(int(all.size()) == d.size);
    }
    const Deck& g = deck(DeckKind::German24);
    CHECK(card_text(parse_card("eo", g), Alphabet::German) == "EO");
    CHECK(throws<UnknownName>([] { deck_kind_from_name("skat"); }, "unknown deck 'skat'; accepted: german24"));
    CHECK(throws<UnknownName>([] { playout_named("smart"); }, "unknown playout 'smart'"));
    CHECK(cards_text(bit(parse_card("HA", g)) | bit(parse_card("EU", g)), Alphabet::German) == "EU HA");
    // Messages quote input as Python's repr() does, and stay UTF-8 whatever the input.
    CHECK(quoted("it's") == "\"it's\"" && quoted(std::string("a\0b", 3)) == "'a\\x00b'" && quoted("\xC3\xA9") == "'\xC3\xA9'");
    CHECK(quoted("x\xED\xB2\x80") == "'x\\udc80'" && quoted("\xFF") == "'\\udcff'");
    std::printf("cards: %d cards of %d decks read back from their text\n", checked, int(DeckKind::DECK_NB));
}

// A seed gives the same deal every time; other seeds give other deals.
void check_deal() {
    for_each_game([]<class Def>() {
        const auto rules = rules_of<Def>();
        const auto a = stich::deal<Def>(rules, 42), b = stich::deal<Def>(rules, 42), c = stich::deal<Def>(rules, 43);
        CHECK(a == b);
        CHECK(!(a == c));
        CardSet all = 0;
        int cards = 0;
        for (int s = 0; s < a.num_players(); ++s) {
            CHECK((all & a.hand(s)) == 0);   // no card in two hands
            all |= a.hand(s);
            cards += popcount(a.hand(s));
        }
        CHECK(cards > 0 && (all & ~a.deck_info().cards) == 0);
        std::printf("deal: %s deals seed 42 twice alike, seed 43 otherwise (%d cards in hands)\n", Def::NAME, cards);
    });
}

// The vector environment's record of a deal (stich/rl.hpp, caught up here) gives every seat the
// view and the observation (as floats and as bytes) that a replay of the whole history gives;
// returns the seats checked.
template <ReplaysOnce State>
int check_record(const State& s, DealRecord<State>& record) {
    record.catch_up(s);
    for (int seat = 0; seat < s.num_players(); ++seat) {
        const View a = s.view(seat), b = s.view(seat, &record.replay);
        CHECK(a.played == b.played && a.unknown == b.unknown && a.num_locations == b.num_locations);
        for (int l = 0; l < a.num_locations; ++l)
            CHECK(a.where[size_t(l)].known == b.where[size_t(l)].known && a.where[size_t(l)].forbidden == b.where[size_t(l)].forbidden &&
                  a.where[size_t(l)].size == b.where[size_t(l)].size);
        std::vector<float> full(size_t(observation_size(s)), -1.0f), kept(full.size(), -2.0f);
        observe(s, seat, full.data());
        observe(s, seat, kept.data(), 0, record);
        CHECK(full == kept);
        // The same observation as bytes (VectorEnv's byte observations): the same values.
        std::vector<uint8_t> bytes(full.size(), 0xAB);
        observe(s, seat, bytes.data(), 0, record);
        CHECK(std::equal(full.begin(), full.end(), bytes.begin(), [](float f, uint8_t byte) { return f == float(byte); }));
    }
    return s.num_players();
}

// On random walks every state that is not over has legal actions, in ascending order, among
// them the random action, and its view is consistent with the state (and, where the
// vector environment keeps a record of the deal, with the record's: check_record).
void check_legal() {
    for_each_game([]<class Def>() {
        const auto rules = rules_of<Def>();
        uint64_t states = 0, inferences = 0, recorded = 0;
        using State = typename Def::State;
        for (uint64_t seed = 0; seed < 200; ++seed) {
            auto s = stich::deal<Def>(rules, seed, int(seed % uint64_t(Def::num_players(rules))));
            Rng rng(seed);
            int plies = 0;
            [[maybe_unused]] DealRecord<State> record;
            while (!s.is_terminal()) {
                if constexpr (ReplaysOnce<State>) recorded += check_record(s, record);
                ActionList list;
                s.legal_actions(list);
                CHECK(list.n > 0);
                CHECK(std::is_sorted(list.begin(), list.end()));
                CHECK(consistent(s.view(s.current_player()), s.locations()));
                CHECK(broken_invariant(s) == nullptr);
                if constexpr (requires {
                                  s.contract->follow;
                                  s.trick.led();
                              }) {   // the view's inference, both forms
                    if (s.contract && s.phase_name() == std::string(PLAY_PHASE))
                        for (CardSet h = s.hand(s.current_player()); h;) {
                            const Card c = pop_lsb(h);
                            CHECK(proven_absent_after(*s.contract, s.trick.led(), s.trick.winning, c) ==
                                  cascade(*s.contract, s.trick.led(), s.trick.winning).forbidden_after(c));
                            ++inferences;
                        }
                }
                const Action a = s.random_action(rng);
                CHECK(list.contains(a));
                apply_checked(s, a);
                ++states;
                CHECK(++plies < 400);
                if (plies >= 400) break;
            }
        }
        std::printf(
            "legal: %s, %llu states on 200 random deals, %llu inferences checked, %llu views and observations of the deal's "
            "record checked\n",
            Def::NAME, static_cast<unsigned long long>(states), static_cast<unsigned long long>(inferences),
            static_cast<unsigned long long>(recorded));
        CHECK(inferences > 0 && (recorded > 0) == ReplaysOnce<State>);
    });
}

// broken_invariant (the debug build's check after every apply) sees a broken state: a world
// installed with a card in two hands, taken from random positions of every game. (Where a game
// cannot install such a world the check cannot be planted; at least one position a game must.)
void check_invariants() {
    for_each_game([]<class Def>() {
        const auto rules = rules_of<Def>();
        int planted = 0, caught = 0;
        for (uint64_t seed = 0; seed < 50; ++seed) {
            auto s = stich::deal<Def>(rules, seed, 0);
            Rng rng(seed);
            for (int k = int(seed % 7); k > 0 && !s.is_terminal(); --k) s.apply(s.random_action(rng));
            CHECK(broken_invariant(s) == nullptr);
            if (s.is_terminal() || s.num_players() < 3) continue;
            Locations world = s.locations();
            const CardSet from = world[1];
            if (!from) continue;
            world[2] |= CardSet(1) << std::countr_zero(from);   // the card now in seats 1 and 2
            auto broken = s;
            broken.set_hidden(world, 0, rng);
            ++planted;
            if (broken_invariant(broken) != nullptr) ++caught;
        }
        std::printf("invariants: %s, %d of %d planted breaks caught\n", Def::NAME, caught, planted);
        CHECK(planted > 0 && caught == planted);
    });
}

// From `s`: a game's own playout loop (State::play_out, or State::play_out_heuristic) draws what
// apply(random_action) (apply(heuristic_action)) draws move by move and leaves the same state, the
// generator where that one leaves it.
template <bool Heuristic, class State>
bool plays_out_as_apply(const State& s, uint64_t seed) {
    State own = s, by_apply = s;
    Rng own_rng(seed), apply_rng(seed);
    if constexpr (Heuristic) own.play_out_heuristic(own_rng);
    else own.play_out(own_rng);
    while (!by_apply.is_terminal()) by_apply.apply(Heuristic ? by_apply.heuristic_action(apply_rng) : by_apply.random_action(apply_rng));
    return own == by_apply && own_rng == apply_rng;
}

// Every game with its own playout loop (random or heuristic), from every point of random deals (the passes, the first
// trick, later tricks, the last card); Hearts, Euchre and Couillon under every combination of their options; Mucken
// under its game kinds (every opening, Ramsch included) and options; Mistigri and Mönch with 3 to 6 players.
void check_own_play_out() {
    int starts = 0;
    auto from_every_point_of = [&](auto s, uint64_t seed) {
        Rng rng(~seed);
        for (;;) {
            if constexpr (requires(Rng& r) { s.play_out(r); }) CHECK(plays_out_as_apply<false>(s, seed * 1000 + uint64_t(starts)));
            if constexpr (requires(Rng& r) { s.play_out_heuristic(r); }) CHECK(plays_out_as_apply<true>(s, seed * 1000 + uint64_t(starts)));
            ++starts;
            if (s.is_terminal()) break;
            s.apply(s.random_action(rng));
        }
    };
    auto from_every_point = [&]<class Def>(const typename Def::Rules& rules, uint64_t seeds) {
        for (uint64_t seed = 0; seed < seeds; ++seed)
            from_every_point_of(stich::deal<Def>(rules, seed, int(seed % uint64_t(Def::num_players(rules)))), seed);
    };
    for_each_game([&]<class Def>() {
        if constexpr (
            requires(typename Def::State& s, Rng& r) { s.play_out(r); } ||
            requires(typename Def::State& s, Rng& r) { s.play_out_heuristic(r); })
            from_every_point.template operator()<Def>(rules_of<Def>(), 40);
    });
    for (int flags = 0; flags < 256; ++flags) {
        HeartsRules r;
        bool* const options[] = {&r.pass_cards,        &r.no_pts_on_first_trick,        &r.can_lead_any_club,
                                 &r.jd_bonus,          &r.avoid_all_tricks_bonus,       &r.qs_breaks_hearts,
                                 &r.must_break_hearts, &r.can_lead_hearts_instead_of_qs};
        for (int i = 0; i < 8; ++i) *options[i] = (flags >> i) & 1;
        from_every_point.template operator()<HeartsDef>(r, 2);
    }
    for (int flags = 0; flags < 4; ++flags) {   // Euchre: the lone defender (E-8), stick the dealer (E-5)
        EuchreRules r;
        r.allow_lone_defender = flags & 1;
        r.stick_the_dealer = flags & 2;
        from_every_point.template operator()<EuchreDef>(r, 40);
    }
    CouillonRules doubling;   // Couillon: Kontra and Re double (C-6)
    doubling.kontra_doubles = true;
    from_every_point.template operator()<CouillonDef>(doubling, 40);
    for (int variant = 0; variant < 12; ++variant) {
        MuckenRules r;
        r.players = variant % 3 == 2 ? 6 : 4;
        r.long_deck = variant % 3 == 1;
        r.ranking = MuckenRanking(variant % 3);
        r.with_geier = variant % 4 != 3;
        r.if_all_pass = AllPass(variant % 4);
        r.ramsch_stichzwang = variant % 2 == 0;
        r.kontra_takes_over = variant % 5 != 4;
        from_every_point.template operator()<MuckenDef>(r, 4);
        for (int opening = 0; opening <= MUCKEN_OPENING_RAMSCH; ++opening) {   // the kinds a random auction seldom reaches
            if (opening < MUCKEN_GAMES ? !r.allows(opening) : r.if_all_pass != AllPass::Ramsch) continue;
            const uint64_t seed = uint64_t(variant * 100 + opening);
            MuckenState s = mucken_deal(r, seed, int(seed % r.players), false);
            apply_mucken_opening(s, opening);
            from_every_point_of(s, seed);
        }
    }
    for (int players = MistigriRules::MIN_PLAYERS; players <= MistigriRules::MAX_PLAYERS; ++players)
        for (int variant = 0; variant < 3; ++variant) {
            MistigriRules r;
            r.players = uint8_t(players);
            r.monch = variant > 0;
            r.club_law = variant == 2;
            r.deck = MistigriRules::default_deck(players, r.monch);
            from_every_point.template operator()<MistigriDef>(r, 10);
        }
    std::printf("playouts: a game's own playout loop as apply from %d points of random deals\n", starts);
}

// Random playouts: deal i depends only on (seed, i), so the first k rows of n playouts are the
// k playouts; Couillon's returns are zero-sum between the teams (partners' columns equal).
void check_playouts() {
    const auto rules = rules_of<CouillonDef>();
    const std::vector<int32_t> rows = random_playout_returns<CouillonDef>(rules, 5000, 7);
    const std::vector<int32_t> first = random_playout_returns<CouillonDef>(rules, 100, 7);
    CHECK(std::equal(first.begin(), first.end(), rows.begin()));
    int nonzero = 0;
    for (size_t i = 0; i < rows.size(); i += 4) {
        CHECK(rows[i] == rows[i + 2] && rows[i + 1] == rows[i + 3] && rows[i] == -rows[i + 1]);
        nonzero += rows[i] != 0;
    }
    CHECK(nonzero > 0);
    const std::vector<int64_t> sums = random_playout_sums<CouillonDef>(rules, 5000, 7);
    int64_t seat0 = 0;
    for (size_t i = 0; i < rows.size(); i += 4) seat0 += rows[i];
    CHECK(sums.size() == 4 && sums[0] == seat0 && sums[0] == sums[2] && sums[1] == -sums[0] && sums[3] == sums[1]);
    for_each_game([]<class Def>() {   // every game: the sums are the column sums of the rows
        const auto r = rules_of<Def>();
        const auto rows_ = random_playout_returns<Def>(r, 300, 3);
        const auto sums_ = random_playout_sums<Def>(r, 300, 3);
        std::vector<int64_t> expect(sums_.size(), 0);
        for (size_t i = 0; i < rows_.size(); ++i) expect[i % expect.size()] += rows_[i];
        CHECK(sums_ == expect);
    });
    std::printf("playouts: Couillon 5000 deals, team sums %lld / %lld, %d deals not drawn\n", static_cast<long long>(sums[0]),
                static_cast<long long>(sums[1]), nonzero);
    check_own_play_out();
}

// --- perft rows (tests/data/perft.json): one JSON object per line; the rows of Couillon and Mucken
// with default options and no deal arguments, read with a small scanner for their few fields.

std::string field(const std::string& row, const std::string& key) {
    const std::string at = "\"" + key + "\": ";
    const size_t i = row.find(at);
    if (i == std::string::npos) throw std::runtime_error("perft.json: a row without " + key);
    size_t j = i + at.size(), depth = 0;
    bool in_string = false;
    const size_t start = j;
    for (; j < row.size(); ++j) {
        const char c = row[j];
        if (in_string) {
            in_string = c != '"';
            continue;
        }
        if (c == '"') in_string = true;
        else if (c == '[' || c == '{') ++depth;
        else if (c == ']' || c == '}') {
            if (depth == 0) break;
            if (--depth == 0) {
                ++j;
                break;
            }
        } else if (c == ',' && depth == 0) break;
    }
    return row.substr(start, j - start);
}

std::vector<std::string> strings(const std::string& list) {
    std::vector<std::string> out;
    for (size_t i = list.find('"'); i != std::string::npos; i = list.find('"', i)) {
        const size_t end = list.find('"', i + 1);
        out.push_back(list.substr(i + 1, end - i - 1));
        i = end + 1;
    }
    return out;
}

template <class Def>
bool perft_row(const std::string& row) {
    if (field(row, "game") != "\"" + std::string(Def::NAME) + "\"" || field(row, "options") != "{}" || field(row, "deal") != "{}")
        return false;
    const auto rules = rules_of<Def>();
    FixedHands hands{};
    const std::vector<std::string> texts = strings(field(row, "hands"));
    for (size_t s = 0; s < texts.size(); ++s) hands[s] = parse_cards(texts[s], Def::deck_of(rules));
    auto state = Def::deal(rules, std::stoull(field(row, "seed")), std::stoi(field(row, "dealer")), hands,
                           param_values("deal()", "", Def::deal_params(), {}));
    for (const std::string& move : strings(field(row, "moves"))) apply_checked(state, find_action(state, move));
    const uint64_t leaves = perft(state, std::stoi(field(row, "depth")));
    CHECK(leaves == std::stoull(field(row, "leaves")));
    return true;
}

void check_perft(const std::string& path) {
    std::ifstream in(path);
    CHECK(bool(in));
    std::map<std::string, int> rows;
    for (std::string line; std::getline(in, line);) {
        if (line.find("\"game\"") == std::string::npos) continue;
        if (perft_row<CouillonDef>(line)) ++rows["Couillon"];
        if (perft_row<MuckenDef>(line)) ++rows["Mucken"];
    }
    CHECK(rows["Couillon"] >= 4 && rows["Mucken"] >= 4);   // the file's rows were read, not skipped
    std::printf("perft: %d Couillon and %d Mucken rows of %s counted\n", rows["Couillon"], rows["Mucken"], path.c_str());
}

// Bad input throws, with a message that says what is wrong.
void check_errors() {
    const Deck& g = deck(DeckKind::German24);
    CHECK(throws<std::invalid_argument>([&] { parse_card("XX", g); }, "bad card text 'XX' for the german24 deck"));
    CHECK(throws<std::invalid_argument>([&] { parse_card("C9", g); }, "'C9'"));
    CHECK(throws<std::invalid_argument>([] { rules_of<MuckenDef>({{"players", Value::of_int(5)}}); }, "option players of Mucken"));
    CHECK(throws<std::invalid_argument>([] { rules_of<MuckenDef>({{"colour", Value::of_text("red")}}); },
                                        "unknown option(s) for Mucken: colour"));
    CHECK(throws<std::out_of_range>([] { stich::deal<CouillonDef>(rules_of<CouillonDef>(), 1, 4); }, "dealer must be a seat 0..3"));
    auto s = stich::deal<CouillonDef>(rules_of<CouillonDef>(), 1);
    CHECK(throws<IllegalAction>([&] { apply_checked(s, couillon_action::KONTRA); }, "is not legal for seat"));
    CHECK(throws<IllegalAction>([&] { find_action(s, "Skat"); }, "'Skat' is not a legal action"));
    CHECK(throws<std::invalid_argument>([&] { random_playout_returns<CouillonDef>(rules_of<CouillonDef>(), -1, 0); },
                                        "n (the number of deals) must be an int >= 0, got -1"));
    SearchConfig none;   // no budget
    CHECK(throws<std::invalid_argument>([&] { ismcts(s, none); }, "seconds must be a number in (0, 1e+06], got 0.0"));
    CHECK(throws<std::invalid_argument>([&] { solve(s); }, "card-play phase"));
    CHECK(throws<std::invalid_argument>([] { pimc_config_from(0, 1, 0, std::nullopt); }, "worlds must be an int in 1..10000000, got 0"));
    CHECK(throws<std::invalid_argument>([] { pimc_config_from(10, 257, 0, std::nullopt); }, "threads must be an int in 1..256, got 257"));
    CHECK(throws<std::invalid_argument>([] { pimc_config_from(10, 1, 0, 0.0); },
                                        "seconds must be a number in (0, 1e+06] (or None: no time budget), got 0.0"));
    PimcConfig too_many;
    too_many.worlds = PIMC_MAX_WORLDS + 1;
    CHECK(throws<std::invalid_argument>([&] { pimc(s, too_many); }, "card-play phase"));   // the phase first
    Rng pick(1);
    while (std::string(s.phase_name()) != PLAY_PHASE) s.apply(s.heuristic_action(pick));
    CHECK(throws<std::invalid_argument>([&] { pimc(s, too_many); }, "worlds must be an int in 1..10000000, got 10000001"));
    CHECK(throws<std::invalid_argument>([&] { solve(s, nullptr, 9); }, "table_bits must be 0 (by the position's size) or 10.."));
    std::printf("errors: bad cards, options, dealers, actions, budgets and phases throw with their messages\n");
}

// Options (stich/schema.hpp, "Options declared once"): the schema made from each game's table
// gives back every Rules it describes, and a Rules made in C++ with a member no option value
// gives is refused with the option's own message.
void check_option_tables() {
    int rules = 0;
    for_each_game([&]<class Def>() {
        using R = typename Def::Rules;
        CHECK(rules_of<Def>() == R{});   // the defaults are the members' initialisers
        for (const auto& spec : Def::options()) {
            // Every choice of each option, the others at their defaults, reads back as the same rules
            // (as given, but for Mistigri's deck naming the default deck: None).
            std::vector<Value> values{spec.get(R{})};
            if (spec.accepts.kind == Accepts::Kind::Choice) values = spec.accepts.choices;
            if (spec.accepts.kind == Accepts::Kind::Bool) values = {Value::of_bool(false), Value::of_bool(true)};
            for (const Value& v : values) {
                R r;
                try {
                    r = rules_of<Def>({{spec.name, v}});
                } catch (const std::invalid_argument&) {
                    continue;   // refused with the defaults of the others (Mucken: 6 players need the short deck)
                }
                CHECK(spec.get(r) == v || rules_of<Def>({{spec.name, spec.get(r)}}) == r);
                CHECK(make_rules<R>(Def::NAME, Def::options(), option_values(Def::options(), r)) == r);
                ++rules;
            }
        }
    });
    MuckenRules mucken;
    mucken.bock_after_throw_in = false;
    mucken.bock_after_ramsch = true;
    CHECK(rules_of<MuckenDef>({{"bock_after", Value::of_texts({"ramsch"})}}) == mucken);
    mucken = {};
    mucken.target = 0;
    CHECK(throws<std::invalid_argument>([&] { mucken.validate(); }, "option target of Mucken must be an int in 1..1000, got 0"));
    CHECK(throws<std::invalid_argument>([&] { stich::deal<MuckenDef>(mucken, 1); }, "option target of Mucken"));
    mucken = {};
    mucken.ranking = MuckenRanking(7);
    CHECK(throws<std::invalid_argument>([&] { mucken.validate(); },
                                        "option ranking of Mucken must be one of 'geier_over_wenz', "
                                        "'wenz_over_geier', 'wenz_over_muck', got 7"));
    MistigriRules mistigri;
    mistigri.deck = DeckKind::German24;
    CHECK(throws<std::invalid_argument>([&] { mistigri.validate(); }, "option deck of Mistigri must be one of None, 'german32'"));
    CHECK(throws<std::invalid_argument>([&] { mistigri.validate(); }, "got 'german24'"));
    mistigri = {};
    mistigri.players = 2;
    CHECK(throws<std::invalid_argument>([&] { mistigri.validate(); }, "option players of Mistigri must be one of 3, 4, 5, 6, got 2"));
    mistigri = {};
    mistigri.deals = -1;
    CHECK(
        throws<std::invalid_argument>([&] { mistigri.validate(); }, "option deals of Mistigri must be None or an int in 1..2500, got -1"));
    std::printf("options: %d rules read back through the schema; members out of range refused by name\n", rules);
}

// Positions: written, read back to the same text; errors name the line.
void check_notation() {
    int round_trips = 0;
    for_each_game([&]<class Def>() {
        if constexpr (HasNotation<Def>) {
            for (uint64_t seed = 0; seed < 20; ++seed) {
                auto s = stich::deal<Def>(rules_of<Def>(), seed);
                Rng rng(seed);
                for (int k = 0; k < int(seed % 9) && !s.is_terminal(); ++k) s.apply(s.random_action(rng));
                if (s.is_terminal()) continue;
                const std::string text = position_text<Def>(s, s.current_player());
                const auto p = read_position_text<Def>(text, seed);
                CHECK(p.seat == s.current_player());
                CHECK(position_text<Def>(p.state, p.seat) == text);
                bool seen = false;
                visit_position_text(text, 0, [&](const auto& q) { seen = q.seat == p.seat; });
                CHECK(seen);
                ++round_trips;
            }
        }
    });
    const std::string base = position_text<MuckenDef>(stich::deal<MuckenDef>(rules_of<MuckenDef>(), 1), 1);
    auto with = [&](const std::string& from, const std::string& to) {
        std::string t = base;
        t.replace(t.find(from), from.size(), to);
        return t;
    };
    CHECK(throws<NotationError>([&] { read_position_text<MuckenDef>(with("game: Mucken", "game: Skat"), 0); },
                                "line 2 (game): unknown game 'Skat'"));
    CHECK(throws<NotationError>([&] { read_position_text<MuckenDef>(with("seat: 1", "seat: 4"), 0); },
                                "line 4 (seat): must be a seat 0..3, got '4'"));
    CHECK(throws<NotationError>([&] { read_position_text<MuckenDef>(with("history: -", "history: 1 Skat"), 0); },
                                "line 6 (history): history entry 0"));
    CHECK(throws<NotationError>([&] { read_position_text<CouillonDef>(base, 0); }, "not a Couillon position"));
    CHECK(throws<NotationError>([&] { read_position_text<MuckenDef>("stich position 2\n", 0); }, "starts with the line"));
    CHECK(throws<NotationError>([&] { read_position_text<MuckenDef>(with("history: -", "history: 1 \xED\xB2\x80"), 0); },
                                "line 6 (history): the line 'history: 1 \\udc80' cannot be encoded as UTF-8"));
    std::printf("notation: %d positions written and read back alike; malformed ones name their line\n", round_trips);
}

// A thread ended inside run_on_threads (pthread_cancel: glibc unwinds it with a foreign, "forced"
// exception) ends: the unwind is not caught (a catch (...) ending it aborts the process; libc++'s
// rethrow of it ends it too), and the worker threads it started are joined before its frame goes
// (a joinable std::thread destroyed ends the process). Nothing here waits on the clock: the test
// waits for states (threads started, the calling thread asleep in a join).
struct Cancelled {
    int threads = 1;
    std::atomic<int> started{0}, unwound{0}, finished{0};
    std::atomic<bool> release{false};
    std::atomic<long> tid{0};
};

void* run_until_cancelled(void* p) {
    Cancelled& c = *static_cast<Cancelled*>(p);
    c.tid = long(syscall(SYS_gettid));
    run_on_threads(c.threads, [&](int) {
        struct Unwound {
            Cancelled& c;
            ~Unwound() { ++c.unwound; }
        } unwound{c};
        ++c.started;
        if (c.threads == 1)   // on the cancelled thread itself: ends only by the cancellation
            for (;;) pthread_testcancel();
        while (!c.release) std::this_thread::yield();   // the workers, not cancelled: end when released
        ++c.finished;
    });
    return nullptr;   // not reached: cancelled
}

// The state letter of one of this process's threads (R running, S asleep, ...), from /proc.
char thread_state(long tid) {
    std::ifstream in("/proc/self/task/" + std::to_string(tid) + "/stat");
    const std::string stat((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    const size_t end = stat.rfind(')');
    return end == std::string::npos || end + 2 >= stat.size() ? '?' : stat[end + 2];
}

void check_cancelled_threads() {
    for (const int threads : {1, 2}) {
        Cancelled c;
        c.threads = threads;
        pthread_t caller;
        CHECK(pthread_create(&caller, nullptr, run_until_cancelled, &c) == 0);
        while (c.started < threads) std::this_thread::yield();
        CHECK(pthread_cancel(caller) == 0);
        if (threads > 1) {
            // The workers wait to be released; the calling thread, cancelled, unwinds from its
            // wait in a join into the wait for them (asleep either way): release them then.
            while (thread_state(c.tid) != 'S') std::this_thread::yield();
            c.release = true;
        }
        void* result = nullptr;
        CHECK(pthread_join(caller, &result) == 0);
        CHECK(result == PTHREAD_CANCELED);
        CHECK(c.unwound == threads);
        CHECK(c.finished == (threads == 1 ? 0 : threads));
    }
    std::printf("threads: a thread cancelled inside run_on_threads (alone, and waiting for 2 workers) ends, its workers joined\n");
}

// The search's exploration bonus is c * available^(1/8) / sqrt(visits) (docs/search.md): 256
// availabilities and 16 visits give c * 2 / 4; 256 times the availabilities double it, 4 times the
// visits halve it; above the root table's 4096 entries it stays within its 1/8192 relative error.
void check_search() {
    const auto& root4 = detail::quarter_root_table();
    auto bonus = [&](float c, uint32_t available, uint32_t visits) {
        return detail::exploration_bonus(root4, c, available, 1.0f / float(visits));
    };
    auto near = [](double a, double b) { return std::abs(a - b) <= 1e-4 * std::abs(b); };
    CHECK(near(bonus(1.4f, 256, 16), 1.4 * 2 / 4));
    CHECK(near(bonus(1, 256 * 256, 16), 2 * bonus(1, 256, 16)));
    CHECK(near(bonus(1, 256, 64), bonus(1, 256, 16) / 2));
    for (uint32_t available : {1u, 7u, 4095u, 4096u, 5000u, 1u << 20, 123456789u, 4294967295u})
        CHECK(near(bonus(1, available, 1), std::pow(double(available), 1.0 / 8)));
    CHECK(bonus(1, 0, 1) == 0);
    std::printf("search: the exploration bonus is c * available^(1/8) / sqrt(visits)\n");
}

// The analyses' display of a view (stich/view_text.hpp): the state's text with what the seat
// cannot see counted, the rest kept, and what the history proves about another seat's hand.
void check_view_text() {
    const Deck& g = deck(DeckKind::German24);
    auto cards = [&](const char* text) {
        CardSet out = 0;
        for (Card c : parse_cards(text, g)) out |= bit(c);
        return out;
    };
    View v;
    v.observer = 0;
    v.num_seats = 2;
    v.num_locations = 3;
    v.where[0] = {cards("EO GU"), 0, 2};
    v.where[1] = {0, cards("EA EK HA"), 3};   // proved to hold neither EA, EK nor HA
    v.where[2] = {cards("SA"), 0, 2};
    v.unknown = cards("EA EK HA HK");
    const std::vector<std::string> lines =
        view_lines("Test  dealer 0\nseat 0: EO GU\nseat 1: HK HA EK  (in)\ntalon: SA EA\nscore: 3: 4\n", v, Alphabet::German, {"talon"});
    const std::vector<std::string> expected = {"Test  dealer 0",        "seat 0: EO GU", "seat 1: 3 unknown  (in)",
                                               "talon: SA + 1 unknown", "score: 3: 4",   "inferred: seat 1 void in E, not HA"};
    CHECK(lines == expected);
    std::printf("view text: hidden cards counted, the history's proofs inferred\n");
}

// A deal of the game played on at random (the heuristic before the card play) until the seat to
// act holds at most `cards` cards in the card play; none if the deal ends first.
template <class Def>
std::optional<typename Def::State> late_position(uint64_t seed, int cards) {
    auto s = stich::deal<Def>(rules_of<Def>(), seed);
    Rng rng(seed);
    while (!s.is_terminal() && !(std::string_view(s.phase_name()) == PLAY_PHASE && popcount(s.hand(s.current_player())) <= cards))
        s.apply(std::string_view(s.phase_name()) == PLAY_PHASE ? s.random_action(rng) : s.heuristic_action(rng));
    if (s.is_terminal()) return std::nullopt;
    return s;
}

bool same_rows(const std::vector<AnalysisRow>& a, const std::vector<AnalysisRow>& b) {
    auto key = [](const AnalysisRow& r) {
        return std::tuple(r.action, r.visits, std::isnan(r.mean) ? 0.0 : r.mean, r.low, r.high, r.diff, r.diff_low, r.diff_high, r.taken,
                          r.win, r.schneider, r.worst, r.best);
    };
    if (a.size() != b.size()) return false;
    for (size_t i = 0; i < a.size(); ++i)
        if (key(a[i]) != key(b[i])) return false;
    return true;
}

// The analyses (stich/analyse.hpp): per game, the search before the card play and in it (the same
// table for the same seed and budget on any thread count, the visits adding up to the budget), and
// late in the card play the exact analysis, the auto method (which finishes it), PIMC and the
// exact analysis's cost; the statistics on known values; the arguments refused.
void check_analyse() {
    int analyses = 0;
    for_each_game([&]<class Def>() {
        for (uint64_t seed = 1; seed <= 3; ++seed) {
            auto before = stich::deal<Def>(rules_of<Def>(), seed);
            if (std::string_view(before.phase_name()) != PLAY_PHASE) {
                AnalyseConfig cfg;
                cfg.iterations = 600;
                cfg.seed = seed;
                const Analysis a = analyse<Def>(before, cfg);
                CHECK(a.method == AnalyseMethod::Ismcts && a.why.starts_with("the exact analysis covers the card play only"));
                uint64_t visits = 0;
                for (size_t i = 0; i < a.table.size(); ++i) {
                    visits += a.table[i].visits;
                    if (i) CHECK(a.table[i - 1].visits >= a.table[i].visits);
                }
                CHECK(visits == 600 && a.iterations == 600 && a.search.runs.size() == size_t(ANALYSE_SEARCH_RUNS));
                cfg.threads = 2;
                CHECK(same_rows(analyse<Def>(before, cfg).table, a.table));
                CHECK(a.tied == table_tied(a.table, Def::TIE_THRESHOLD) && !a.verdict.empty());
                ++analyses;
            }
            const auto late = late_position<Def>(seed, 2);
            if (!late || !Solvable<typename Def::State>) continue;
            AnalyseConfig cfg;
            cfg.seed = seed;
            cfg.method = AnalyseMethod::Exact;
            const Analysis exact = analyse<Def>(*late, cfg);
            CHECK(exact.method == AnalyseMethod::Exact && exact.exact && exact.cost && exact.why.starts_with("as asked: "));
            CHECK(exact.cost->deals >= u128(exact.worlds) && exact.cost->sampled >= 1 && exact.cost->sampled <= EXACT_COST_SAMPLE);
            for (const AnalysisRow& r : exact.table) CHECK(r.low == r.mean && r.high == r.mean && r.worst <= r.mean && r.mean <= r.best);
            CHECK(exact.table[0].diff == 0 && exact.verdict.find(late->action_text(exact.best())) != std::string::npos);
            cfg.method = AnalyseMethod::Auto;
            cfg.seconds = 600;   // far more than the exact analysis takes: it finishes
            const Analysis automatic = analyse<Def>(*late, cfg);
            CHECK(automatic.method == AnalyseMethod::Exact && same_rows(automatic.table, exact.table));
            CHECK(automatic.why.starts_with("the exact analysis fits the budget of 600 s: "));
            PimcConfig pc;
            pc.worlds = 12;
            pc.seed = seed;
            const Analysis sampled = pimc_analysis<Def>(*late, pc);
            CHECK(sampled.table.size() == exact.table.size() && sampled.worlds <= 12);
            if (!sampled.exact)
                for (const AnalysisRow& r : sampled.table)
                    CHECK(r.low && *r.low <= r.mean && r.mean <= *r.high && r.visits == sampled.worlds);
            cfg.method = AnalyseMethod::Pimc;
            cfg.worlds = 12;
            CHECK(same_rows(analyse<Def>(*late, cfg).table, sampled.table));
            analyses += 4;
        }
    });
    // The statistics on known values: four runs with a's means 1, 2, 3, 4 (b's 0): another run's
    // mean lies within t(3) * s * sqrt(2 / 4) of the mean of ours (s = 1.291); b's difference to a
    // is paired run by run.
    std::vector<std::vector<ActionStats>> runs;
    for (double m : {1.0, 2.0, 3.0, 4.0}) runs.push_back({{0, 100, 100 * m}, {1, 50, 0}});
    const std::vector<ActionStats> merged = {{0, 400, 1000}, {1, 200, 0}};
    const std::vector<AnalysisRow> rows = search_rows(merged, runs, false);
    const double half = 3.182 * std::sqrt(5.0 / 3) * std::sqrt(0.5);
    CHECK(rows[0].action == 0 && rows[0].mean == 2.5 && std::abs(*rows[0].high - 2.5 - half) < 1e-12 && !rows[0].schneider);
    CHECK(rows[1].diff == -2.5 && std::abs(*rows[1].diff_high + 2.5 - half) < 1e-12);
    CHECK(search_rows(merged, {}, false)[1].diff_low == std::nullopt);
    CHECK(t95(1) == 12.706 && t95(17) == 2.120 && t95(121) == 1.96);
    CHECK(is_tie(-0.05, -0.1, 0.02, 0.1) && !is_tie(-0.05, -0.09, -0.01, 0.1) && !is_tie(-0.5, -1.2, 0.2, 0.1));
    CHECK(is_tie(-0.05, std::nullopt, std::nullopt, 0.1) && is_tie(0, 0.0, 0.0, 0.1) && !is_tie(-0.01, -0.01, -0.01, 0.1));
    CHECK(verdict_text(2, "EO", "GU", -0.25, -0.5, 0.1, false, 0.1, "game points", false) ==
          "probably best: EO, ahead of GU by 0.250 game points, but the interval of the difference [-0.500, +0.100] includes 0: more "
          "time would tell");
    CHECK(verdict_text(1, "EO", "", 0, std::nullopt, std::nullopt, false, 0.1, "", false) == "only move: EO");
    CHECK(exact_cost_text({4204200, 754.2, 2, 8, 0.00125}) ==
          "4,204,200 deals to solve, about 13 min on 2 threads (from 8 sampled solves in 1.2 ms)");
    // The arguments, refused with what is accepted.
    const auto early = stich::deal<MuckenDef>(rules_of<MuckenDef>(), 5);
    AnalyseConfig bad;
    bad.seconds = 0;
    CHECK(throws<std::invalid_argument>([&] { analyse<MuckenDef>(early, bad); }, "seconds must be a number in (0, 1e+06], got 0.0"));
    bad = {};
    bad.method = AnalyseMethod::Exact;
    CHECK(throws<std::invalid_argument>([&] { analyse<MuckenDef>(early, bad); }, "method 'exact' solves the card play only"));
    bad.iterations = 10;
    CHECK(throws<std::invalid_argument>([&] { analyse<MuckenDef>(early, bad); }, "iterations is a budget of the search"));
    bad = {};
    bad.threads = 0;
    CHECK(throws<std::invalid_argument>([&] { analyse<MuckenDef>(early, bad); }, "threads must be an int in 1..256"));
    CHECK(throws<UnknownName>([] { analyse_method_named("best"); }, "unknown method 'best'; accepted: auto, exact, pimc, ismcts"));
    std::printf("analyse: %d analyses of every game alike on any thread count; exact, auto and PIMC agree; statistics on known values\n",
                analyses);
}

// Game records (stich/records.hpp): every game's deals played at random, recorded, written in both
// forms and read back equal; each record's state before action k is the state play reached; a
// damaged text names its record and line; hostile input is bounded.
void check_records() {
    int records = 0;
    std::vector<GameRecord> all;
    for_each_game([&]<class Def>() {
        for (uint64_t seed = 0; seed < 6; ++seed) {
            auto s = stich::deal<Def>(rules_of<Def>(), seed, int(seed % 4));
            GameRecord r = dealt_record<Def>(s, seed);
            std::vector<typename Def::State> states = {s};
            Rng rng(seed);
            while (!s.is_terminal()) {
                const Action a = s.random_action(rng);
                r.actions.emplace_back(s.current_player(), s.action_text(a));
                s.apply(a);
                states.push_back(s);
            }
            for (size_t k = 0; k < states.size(); k += 7) CHECK(record_state<Def>(r, int64_t(k)) == states[k]);
            CHECK(record_state<Def>(r, int64_t(r.actions.size())) == s);
            if (seed == 1) r.tags = {{"Event", "club night"}};
            if (seed == 2) {
                r.names.emplace();
                for (int p = 0; p < s.num_players(); ++p) r.names->push_back("player " + std::to_string(p));
            }
            all.push_back(std::move(r));
            ++records;
        }
    });
    for (RecordFormat f : {RecordFormat::Text, RecordFormat::Jsonl}) {
        const std::string text = write_records(all, f);
        CHECK(record_format_of(text) == f);
        CHECK(read_records(text) == all);
    }
    CHECK(throws<std::invalid_argument>([&] { (void)record_state<MuckenDef>(all[7], -1); }, "at must be an int in 0.."));
    // Damage, named with the record and line.
    const std::string text = write_records({all[0], all[7]}, RecordFormat::Text);
    auto damaged = [&](const std::string& from, const std::string& to, const std::string& message) {
        std::string t = text;
        const size_t at = t.rfind(from);
        if (at == std::string::npos) return false;
        t.replace(at, from.size(), to);
        return throws<RecordError>([&] { read_records(t, std::nullopt, "games.txt"); }, message);
    };
    CHECK(damaged("[Game \"Mucken\"]", "[Game \"Skat\"]", "games.txt, record 2 (line "));
    CHECK(damaged("[Game \"Mucken\"]", "[Game \"Skat\"]", "): the Game tag: line 1 (game): unknown game 'Skat'"));
    CHECK(damaged("[Dealer \"1\"]", "[Dealer \"north\"]", "): the Dealer tag: the dealer must be a seat 0..3, got 'north'"));
    CHECK(damaged("seat0: ", "seat0: XX ", "): the deal: the deal's seat0: "));
    CHECK(
        damaged("\n" + std::to_string(all[7].actions[0].first) + " ", "\n9 ", "an action is 'seat text' (e.g. '1 pass') with a seat 0..3"));
    const std::string json = write_records({all[7]}, RecordFormat::Jsonl);
    CHECK(throws<RecordError>([&] { read_records("{not json\n"); },
                              "<text>, record 1 (line 1): not JSON: Expecting property name enclosed in double quotes at column 2"));
    CHECK(throws<RecordError>([&] { read_records(json.substr(0, json.size() - 2) + "\n"); }, "not JSON: Expecting ',' delimiter"));
    CHECK(throws<RecordError>([&] { read_records(json.substr(0, json.size() - 2) + ", \"colour\": 1}\n"); }, "unknown fields colour"));
    // Hostile input: a line too long, nesting too deep, a number too large.
    CHECK(
        throws<RecordError>([&] { read_records(std::string(RECORD_MAX_LINE + 1, ' ') + "x", RecordFormat::Text); }, "a line of more than"));
    CHECK(throws<RecordError>([&] { read_records(std::string(100, '[') + "\n", RecordFormat::Jsonl); },
                              "not a record: its JSON nests too deep (more than 32 levels)"));
    std::string big = json;
    big.replace(big.find("\"dealer\": 1"), 11, "\"dealer\": 123456789012345678901234567890123456789012345");
    CHECK(throws<RecordError>([&] { read_records(big); }, "dealer must be an int, got 123456789012345678901234567890123456789012345"));
    // Duplicated JSON keys, names not one a seat, huge numbers; a message quoting a huge value cut short.
    CHECK(throws<RecordError>([&] { read_records(std::string(json).replace(json.find("\"dealer\": "), 0, "\"dealer\": 0, ")); },
                              "(line 1): the key 'dealer' is given twice in an object"));
    GameRecord named = all[7];
    named.names = std::vector<std::string>{"solo"};
    for (RecordFormat f : {RecordFormat::Text, RecordFormat::Jsonl})
        CHECK(throws<RecordError>([&] { read_records(write_records({named}, f)); }, "1 names for 4 seats: one name a seat"));
    std::string digits = json;
    digits.replace(digits.find("\"dealer\": 1"), 11, "\"dealer\": " + std::string(101, '7'));
    CHECK(throws<RecordError>([&] { read_records(digits); }, "not a record: a number longer than 100 digits (101 characters) at column"));
    std::string huge = json;
    huge.replace(huge.find("\"Mucken\""), 8, "\"" + std::string(5000, 'x') + "\"");
    CHECK(throws<RecordError>([&] { read_records(huge); }, "... (5,"));
    GameRecord quote = all[7];
    quote.tags = {{"Event", "a \"quoted\" night"}};
    CHECK(throws<std::invalid_argument>([&] { write_records({quote}, RecordFormat::Text); },
                                        "the tag Event's value cannot hold a double quote"));
    std::printf("records: %d deals of every game recorded, written and read back in both forms; damage named by record and line\n",
                records);
}

void check_version() {
    const std::string v =
        std::to_string(STICH_VERSION_MAJOR) + "." + std::to_string(STICH_VERSION_MINOR) + "." + std::to_string(STICH_VERSION_PATCH);
    CHECK(v == STICH_VERSION);
    CHECK(STICH_VERSION_NUMBER == STICH_VERSION_MAJOR * 10000 + STICH_VERSION_MINOR * 100 + STICH_VERSION_PATCH);
    std::printf("version: %s\n", STICH_VERSION);
}

}   // namespace

int main(int argc, char** argv) {
    const std::map<std::string, std::function<void()>> cases = {
        {"cards", check_cards},
        {"deal", check_deal},
        {"legal", check_legal},
        {"playouts", check_playouts},
        {"perft", [&] { check_perft(argc > 2 ? argv[2] : "tests/data/perft.json"); }},
        {"errors", check_errors},
        {"options", check_option_tables},
        {"notation", check_notation},
        {"search", check_search},
        {"view", check_view_text},
        {"version", check_version},
        {"analyse", check_analyse},
        {"records", check_records},
        {"invariants", check_invariants},
        {"threads", check_cancelled_threads}};
    if (argc < 2 || !cases.count(argv[1])) {
        std::fprintf(stderr, "usage: stich_core_tests CASE [PERFT_JSON]; cases:");
        for (const auto& [name, f] : cases) std::fprintf(stderr, " %s", name.c_str());
        std::fprintf(stderr, "\n");
        return 2;
    }
    try {
        cases.at(argv[1])();
    } catch (const std::exception& e) {
        std::fprintf(stderr, "%s: unexpected exception: %s\n", argv[1], e.what());
        return 1;
    }
    return failures ? 1 : 0;
}
