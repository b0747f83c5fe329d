// The core's unit checks, without Python: stich_core_tests CASE PERFT_JSON (tests/cpp/CMakeLists.txt
// makes one ctest test per case). Each case prints what it checked; a failed check prints the
// file, line and expression and the case exits 1.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <functional>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "stich/rl.hpp"
#include "stich/stich.hpp"

namespace {

int failures = 0;

#define CHECK(cond)                                                                   \
    do {                                                                              \
        if (!(cond)) {                                                                \
            std::fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond); \
            ++failures;                                                               \
        }                                                                             \
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
                if constexpr (requires { s.contract->follow; s.trick.led(); }) {   // the view's inference, both forms
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
        std::printf("legal: %s, %llu states on 200 random deals, %llu inferences checked, %llu views and observations of the deal's "
                    "record checked\n", Def::NAME, static_cast<unsigned long long>(states), static_cast<unsigned long long>(inferences),
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
            if (--depth == 0) { ++j; break; }
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
    if (field(row, "game") != "\"" + std::string(Def::NAME) + "\"" || field(row, "options") != "{}" || field(row, "deal") != "{}") return false;
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
    CHECK(throws<std::invalid_argument>([] { rules_of<MuckenDef>({{"colour", Value::of_text("red")}}); }, "unknown option(s) for Mucken: colour"));
    CHECK(throws<std::out_of_range>([] { stich::deal<CouillonDef>(rules_of<CouillonDef>(), 1, 4); }, "dealer must be a seat 0..3"));
    auto s = stich::deal<CouillonDef>(rules_of<CouillonDef>(), 1);
    CHECK(throws<IllegalAction>([&] { apply_checked(s, couillon_action::KONTRA); }, "is not legal for seat"));
    CHECK(throws<IllegalAction>([&] { find_action(s, "Skat"); }, "'Skat' is not a legal action"));
    CHECK(throws<std::invalid_argument>([&] { random_playout_returns<CouillonDef>(rules_of<CouillonDef>(), -1, 0); }, "n must be >= 0"));
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
    CHECK(throws<std::invalid_argument>([&] { mucken.validate(); }, "option ranking of Mucken must be one of 'geier_over_wenz', "
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
    CHECK(throws<std::invalid_argument>([&] { mistigri.validate(); },
                                        "option deals of Mistigri must be None or an int in 1..2500, got -1"));
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
    CHECK(throws<NotationError>([&] { read_position_text<MuckenDef>(with("game: Mucken", "game: Skat"), 0); }, "line 2 (game): unknown game 'Skat'"));
    CHECK(throws<NotationError>([&] { read_position_text<MuckenDef>(with("seat: 1", "seat: 4"), 0); }, "line 4 (seat): must be a seat 0..3, got '4'"));
    CHECK(throws<NotationError>([&] { read_position_text<MuckenDef>(with("history: -", "history: 1 Skat"), 0); }, "line 6 (history): history entry 0"));
    CHECK(throws<NotationError>([&] { read_position_text<CouillonDef>(base, 0); }, "not a Couillon position"));
    CHECK(throws<NotationError>([&] { read_position_text<MuckenDef>("stich position 2\n", 0); }, "starts with the line"));
    CHECK(throws<NotationError>([&] { read_position_text<MuckenDef>(with("history: -", "history: 1 \xED\xB2\x80"), 0); },
                                "line 6 (history): the line 'history: 1 \\udc80' cannot be encoded as UTF-8"));
    std::printf("notation: %d positions written and read back alike; malformed ones name their line\n", round_trips);
}

// The search's exploration bonus is c * available^(1/8) / sqrt(visits) (docs/search.md): 256
// availabilities and 16 visits give c * 2 / 4; 256 times the availabilities double it, 4 times the
// visits halve it; above the root table's 4096 entries it stays within its 1/8192 relative error.
void check_search() {
    const auto& root4 = detail::quarter_root_table();
    auto bonus = [&](float c, uint32_t available, uint32_t visits) { return detail::exploration_bonus(root4, c, available, 1.0f / float(visits)); };
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
    const std::vector<std::string> expected = {"Test  dealer 0", "seat 0: EO GU", "seat 1: 3 unknown  (in)", "talon: SA + 1 unknown",
                                               "score: 3: 4", "inferred: seat 1 void in E, not HA"};
    CHECK(lines == expected);
    std::printf("view text: hidden cards counted, the history's proofs inferred\n");
}

void check_version() {
    const std::string v = std::to_string(STICH_VERSION_MAJOR) + "." + std::to_string(STICH_VERSION_MINOR) + "." + std::to_string(STICH_VERSION_PATCH);
    CHECK(v == STICH_VERSION);
    CHECK(STICH_VERSION_NUMBER == STICH_VERSION_MAJOR * 10000 + STICH_VERSION_MINOR * 100 + STICH_VERSION_PATCH);
    std::printf("version: %s\n", STICH_VERSION);
}

}  // namespace

int main(int argc, char** argv) {
    const std::map<std::string, std::function<void()>> cases = {
        {"cards", check_cards}, {"deal", check_deal}, {"legal", check_legal}, {"playouts", check_playouts},
        {"perft", [&] { check_perft(argc > 2 ? argv[2] : "tests/data/perft.json"); }},
        {"errors", check_errors}, {"options", check_option_tables}, {"notation", check_notation}, {"search", check_search},
        {"view", check_view_text}, {"version", check_version}, {"invariants", check_invariants}};
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
