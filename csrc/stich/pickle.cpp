#include "stich/pickle.hpp"

#include <stdexcept>
#include <type_traits>
#include <vector>

namespace stich {

namespace {

[[noreturn]] void bad(const std::string& what) { throw std::invalid_argument("corrupt pickled stich object: " + what); }

void require(bool ok, const char* what) {
    if (!ok) bad(what);
}

// What follows the magic byte: which object the bytes hold.
enum class Kind : uint8_t { CouillonRules = 1, MuckenRules, MistigriRules, CouillonState, MuckenState, MistigriState,
                            CouillonMatch, MuckenMatch, MistigriMatch };

struct Writer {
    std::string out;
    void put(uint64_t v, size_t bytes) {
        for (size_t i = 0; i < bytes; ++i) out.push_back(char(uint8_t(v >> (8 * i))));
    }
    template <class T>
    void operator()(const T& x) {
        if constexpr (std::is_integral_v<T>) put(uint64_t(x), sizeof(T));   // signed: two's complement
        else if constexpr (std::is_same_v<T, Rng>) put(x.state, 8);
        else
            for (const auto& e : x) (*this)(e);   // std::array
    }
    template <class E>
    void operator()(const E& e, E) { put(uint64_t(std::underlying_type_t<E>(e)), sizeof(E)); }
};

struct Reader {
    std::string_view in;
    size_t pos = 0;
    uint64_t get(size_t bytes) {
        if (in.size() - pos < bytes) bad("the data ends early");
        uint64_t v = 0;
        for (size_t i = 0; i < bytes; ++i) v |= uint64_t(uint8_t(in[pos + i])) << (8 * i);
        pos += bytes;
        return v;
    }
    template <class T>
    void operator()(T& x) {
        if constexpr (std::is_same_v<T, bool>) {
            const uint64_t v = get(1);
            require(v <= 1, "a flag is neither 0 nor 1");
            x = v == 1;
        } else if constexpr (std::is_integral_v<T>) {
            x = T(get(sizeof(T)));   // modular: the two's complement written
        } else if constexpr (std::is_same_v<T, Rng>) {
            x.state = get(8);
        } else {
            for (auto& e : x) (*this)(e);
        }
    }
    // Enums with their largest code.
    template <class E>
    void operator()(E& e, E max) {
        const uint64_t v = get(sizeof(E));
        require(v <= uint64_t(max), "an enum code out of range");
        e = E(v);
    }
};

// --- the members of each type, in their written order ----------------------------------------------
void members(CouillonRules& r, auto& f) { f(r.kontra_doubles); }

void members(MuckenRules& r, auto& f) {
    f(r.players), f(r.long_deck), f(r.ranking, MuckenRanking::WenzOverMuck), f(r.with_geier), f(r.kontra_takes_over);
    f(r.if_all_pass, AllPass::OnePoint), f(r.ramsch_double), f(r.ramsch_stichzwang), f(r.target), f(r.hanger);
    f(r.bock_after_throw_in), f(r.bock_after_ramsch), f(r.bock_round), f(r.glasses);
}

void members(MistigriRules& r, auto& f) {
    f(r.players), f(r.deck, DeckKind::French52), f(r.chips), f(r.stake), f(r.monch), f(r.club_law), f(r.deals);
}

void members(CouillonState& s, auto& f) {
    members(s.rules, f);
    f(s.hands), f(s.talon), f(s.first_three), f(s.reveal_card), f(s.dealer), f(s.forehand), f(s.phase, CouillonPhase::Over);
    f(s.trump), f(s.revealed), f(s.mit_declarer), f(s.kontra_by), f(s.re_by), f(s.to_act), f(s.speakers_done);
    f(s.trick.size), f(s.trick.done), f(s.trick.cards), f(s.trick.winning), f(s.trick.winner), f(s.team_tricks);
    f(s.team_points), f(s.history.size), f(s.history.actions), f(s.history.actors);
}

void members(MuckenState& s, auto& f) {
    members(s.rules, f);
    f(s.hands), f(s.n), f(s.hand_size), f(s.dealer), f(s.forehand), f(s.phase, MuckenPhase::Over), f(s.play, MuckenPlay::Sie);
    f(s.bock), f(s.sie_seat), f(s.passed), f(s.holder), f(s.high_game), f(s.game), f(s.announcer), f(s.player_team);
    f(s.doublings), f(s.double_step), f(s.speakers_done), f(s.to_act), f(s.trick.size), f(s.trick.done), f(s.trick.cards);
    f(s.trick.winning), f(s.trick.winner), f(s.team_tricks), f(s.team_eyes), f(s.team_trumps), f(s.seat_tricks);
    f(s.top_trump_team), f(s.history.size), f(s.history.actions), f(s.history.actors);
}

void members(MistigriState& s, auto& f) {
    members(s.rules, f);
    f(s.hands), f(s.discards), f(s.discarded), f(s.drawn), f(s.talon), f(s.talon_top), f(s.talon_end), f(s.turned);
    f(s.trump), f(s.rng), f(s.redraws), f(s.redraws_size), f(s.redraws_next), f(s.n), f(s.dealer), f(s.forehand);
    f(s.to_act), f(s.phase, MistigriPhase::Over), f(s.end, MistigriEnd::Played), f(s.joined), f(s.spoken);
    f(s.exchanged), f(s.pot), f(s.side_pot), f(s.pot_at_play), f(s.pot_in), f(s.side_pot_in), f(s.delta);
    f(s.flush_winner), f(s.trick.size), f(s.trick.done), f(s.trick.cards), f(s.trick.winning), f(s.trick.winner);
    f(s.mistigri_kept_still), f(s.tricks_won), f(s.history.size), f(s.history.actions), f(s.history.actors);
}

void members(CouillonMatch& m, auto& f) {
    members(m.rules, f);
    f(m.seed), f(m.scores), f(m.dealer), f(m.deals_played), f(m.winner);
}

void members(MuckenMatch& m, auto& f) {
    members(m.rules, f);
    f(m.seed), f(m.points), f(m.bobbl_won), f(m.bobbl_points), f(m.bobbl_winner), f(m.dealer), f(m.deals_played);
    f(m.bobbls_played), f(m.bock_deals), f(m.winner);
}

void members(MistigriMatch& m, auto& f) {
    members(m.rules, f);
    f(m.seed), f(m.chips), f(m.pot), f(m.side_pot), f(m.dealer), f(m.deals_played), f(m.over);
}

// --- contracts: a state's pointer is written as its index here (0: none yet) ----------------------
template <class State>
const std::vector<const Contract*>& contracts() {
    static const std::vector<const Contract*> table = [] {
        std::vector<const Contract*> t{nullptr};
        if constexpr (std::is_same_v<State, CouillonState>) {
            for (int trump = 0; trump < 4; ++trump)
                for (bool mit : {false, true}) t.push_back(&couillon_contract(trump, mit));
        } else if constexpr (std::is_same_v<State, MuckenState>) {
            for (int g = 0; g < 4; ++g)
                for (bool long_deck : {false, true})
                    for (bool stichzwang : {false, true}) t.push_back(&mucken_contract(MuckenGame(g), long_deck, stichzwang));
        } else {
            for (DeckKind d : {DeckKind::German32, DeckKind::French32, DeckKind::German36, DeckKind::French36, DeckKind::French52})
                for (int trump = 0; trump < 4; ++trump) t.push_back(&mistigri_contract(trump, d));
        }
        return t;
    }();
    return table;
}

template <class T> constexpr Kind kind_of_type();
template <> constexpr Kind kind_of_type<CouillonRules>() { return Kind::CouillonRules; }
template <> constexpr Kind kind_of_type<MuckenRules>() { return Kind::MuckenRules; }
template <> constexpr Kind kind_of_type<MistigriRules>() { return Kind::MistigriRules; }
template <> constexpr Kind kind_of_type<CouillonState>() { return Kind::CouillonState; }
template <> constexpr Kind kind_of_type<MuckenState>() { return Kind::MuckenState; }
template <> constexpr Kind kind_of_type<MistigriState>() { return Kind::MistigriState; }
template <> constexpr Kind kind_of_type<CouillonMatch>() { return Kind::CouillonMatch; }
template <> constexpr Kind kind_of_type<MuckenMatch>() { return Kind::MuckenMatch; }
template <> constexpr Kind kind_of_type<MistigriMatch>() { return Kind::MistigriMatch; }

template <class T>
std::string dump_any(const T& x) {
    T copy = x;
    Writer w;
    w.out = {'S', char(kind_of_type<T>()), char(FORMAT_VERSION)};
    if constexpr (GameState<T>) {
        const auto& table = contracts<T>();
        w.put(uint64_t(std::find(table.begin(), table.end(), x.contract) - table.begin()), 1);
    }
    members(copy, w);
    return w.out;
}

// --- validation --------------------------------------------------------------------------------
bool seat_or_none(int v, int n) { return v >= -1 && v < n; }
bool subset(CardSet s, CardSet of) { return (s & ~of) == 0; }
bool card_in(Card c, CardSet deck) { return c < 64 && contains(deck, c); }

void validate(const CouillonRules&) {}
void validate(const MuckenRules& r) { r.validate(); }
void validate(const MistigriRules& r) {
    MistigriRules::check_option("players", r.players, MistigriRules::MIN_PLAYERS, MistigriRules::MAX_PLAYERS);
    require(r.deck != DeckKind::German24 && r.deck != DeckKind::French24, "Mistigri is not played with 24 cards");
    r.validate();
}

// What every game's history and trick must satisfy before view() replays them: seats in range,
// each card played once from the deck, as many plays as the tricks hold, the open trick the last
// plays, a contract once a card is played. card_of(action) is the card an action plays or NO_CARD.
// During play, the seat to act must be the one after the last card's (in an open trick, whose
// winning card is in it) or the last trick's winner; next_seat(seat) is the seat after `seat`.
template <class State, class CardOf, class NextSeat>
void check_history(const State& s, int per_trick, CardOf card_of, NextSeat next_seat) {
    const CardSet deck = s.deck_info().cards;
    require(s.history.size <= s.history.actions.size(), "history longer than its capacity");
    require(s.trick.size < per_trick && s.to_act < s.num_players() && s.trick.winner < s.num_players(), "a seat or trick size out of range");
    CardSet played = 0;
    int plays = 0, last_actor = -1, winner_actor = -1;
    for (size_t i = 0; i < s.history.size; ++i) {
        require(s.history.actors[i] < s.num_players(), "a history entry by a seat out of range");
        const Card c = card_of(s.history.actions[i]);
        if (c == NO_CARD) continue;
        require(card_in(c, deck) && !contains(played, c), "a card played twice or not of the deck");
        played |= bit(c);
        ++plays;
        last_actor = s.history.actors[i];
        if (c == s.trick.winning) winner_actor = last_actor;
    }
    if (plays > 0 && !s.is_terminal()) {
        require(std::string_view(s.phase_name()) == "play", "cards played outside the play phase");
        const bool open = s.trick.size > 0;
        require(!open || (winner_actor == s.trick.winner && std::find(s.trick.cards.begin(), s.trick.cards.begin() + s.trick.size, s.trick.winning) !=
                                                                 s.trick.cards.begin() + s.trick.size),
                "the winning card of the open trick disagrees with the history");
        require(s.to_act == (open ? next_seat(last_actor) : s.trick.winner), "the seat to act disagrees with the tricks");
    }
    require(plays == s.trick.done * per_trick + s.trick.size, "the history's card plays disagree with the tricks");
    require(plays == 0 || s.contract != nullptr, "cards played without a contract");
    for (int i = 0, k = 0; i < s.history.size && k < s.trick.size; ++i)
        if (const Card c = card_of(s.history.actions[size_t(s.history.size - 1 - i)]); c != NO_CARD)
            require(s.trick.cards[size_t(s.trick.size - 1 - k++)] == c, "the open trick disagrees with the history");
    require(s.trick.winning == NO_CARD || card_in(s.trick.winning, deck), "the winning card is not of the deck");
    if (s.contract) require(s.contract->deck_kind == s.deck_info().kind, "a contract of another deck");
}

// The whole position: every card in one place (a location of the views or out of play), each
// seat's view consistent with the cards, legal actions exactly when the deal is not over.
template <class State>
void check_consistent(const State& s) {
    const Locations where = s.locations();
    const View v = s.view(0);
    CardSet all = v.played;
    for (int l = 0; l < v.num_locations; ++l) {
        require((where[size_t(l)] & all) == 0, "a card in two places");
        all |= where[size_t(l)];
    }
    require(all == s.deck_info().cards, "cards missing from the deal");
    for (int seat = 0; seat < s.num_players(); ++seat)
        require(consistent(s.view(seat), where), "a seat's view disagrees with the cards");
    ActionList list;
    s.legal_actions(list);
    require((list.n == 0) == s.is_terminal(), "legal actions disagree with the end of the deal");
}

void validate(const CouillonState& s) {
    const CardSet deck = s.deck_info().cards;
    require(s.dealer < 4 && s.forehand == (s.dealer + 1) % 4, "a seat out of range");
    require(s.trump >= -1 && s.trump < 4 && seat_or_none(s.mit_declarer, 4) && seat_or_none(s.kontra_by, 4) &&
                seat_or_none(s.re_by, 4) && s.speakers_done <= 2 && s.trick.done <= 5,
            "a trump, seat or count out of range");
    for (CardSet h : s.hands) require(subset(h, deck) && popcount(h) <= CouillonState::HAND_SIZE, "a hand too large or not of the deck");
    require(subset(s.talon, deck) && subset(s.first_three, deck) && popcount(s.first_three) == 3 && card_in(s.reveal_card, deck),
            "the talon, first packet or reveal card not of the deck");
    const Contract* plain = s.trump < 0 ? nullptr : &couillon_contract(s.trump, false);
    const Contract* mit = s.trump < 0 ? nullptr : &couillon_contract(s.trump, true);
    require(s.contract == plain || s.contract == mit, "the contract disagrees with the trump");
    for (size_t i = 0; i < s.history.size; ++i) require(s.history.actions[i] < couillon_action::END, "an unknown action in the history");
    check_history(s, 4, [](Action a) { return a < 64 ? Card(a) : NO_CARD; }, [](int seat) { return (seat + 1) % 4; });
    check_consistent(s);
}

void validate(const MuckenState& s) {
    validate(s.rules);
    const int n = s.n;
    require(n == s.rules.players && s.hand_size == s.rules.hand_size(), "players or hand size disagree with the rules");
    require(s.dealer < n && s.forehand == (s.dealer + 1) % n, "a seat out of range");
    require(seat_or_none(s.sie_seat, n) && seat_or_none(s.holder, n) && seat_or_none(s.announcer, n) && s.passed < (1u << n),
            "a seat out of range");
    require(s.high_game >= -1 && s.high_game < MUCKEN_GAMES && s.game >= -1 && s.game < MUCKEN_GAMES && s.player_team <= 1 &&
                s.doublings <= 4 && s.double_step <= 4 && s.speakers_done <= n && s.trick.done <= s.hand_size &&
                s.top_trump_team >= -1 && s.top_trump_team <= 1,
            "a game or count out of range");
    for (int i = n; i < MAX_SEATS; ++i) require(s.hands[size_t(i)] == 0, "a hand of a seat that is not playing");
    for (CardSet h : s.hands) require(subset(h, s.deck_info().cards) && popcount(h) <= s.hand_size, "a hand too large or not of the deck");
    for (size_t i = 0; i < s.history.size; ++i) require(s.history.actions[i] <= mucken_action::DOUBLE_PASS, "an unknown action in the history");
    require(s.phase != MuckenPhase::Play || s.contract != nullptr, "play without a contract");
    check_history(s, n, [](Action a) { return a < 64 ? Card(a) : NO_CARD; }, [n](int seat) { return (seat + 1) % n; });
    check_consistent(s);
}

void validate(const MistigriState& s) {
    validate(s.rules);
    const int n = s.n;
    const CardSet deck = s.deck_info().cards;
    require(n == s.rules.players, "players disagree with the rules");
    require(s.dealer < n && s.forehand == (s.dealer + 1) % n && seat_or_none(s.flush_winner, n), "a seat out of range");
    require(s.joined < (1u << n) && s.spoken < (1u << n) && s.exchanged < (1u << n), "a seat set out of range");
    require(s.trump >= 0 && s.trump < 4 && s.contract == &mistigri_contract(s.trump, s.rules.deck), "the contract disagrees with the trump");
    require(s.talon_top <= s.talon_end && s.talon_end <= s.talon.size() && s.redraws_next <= s.redraws_size &&
                s.redraws_size <= s.redraws.size() && s.trick.done <= MistigriRules::HAND,
            "a talon, redraw or trick count out of range");
    CardSet talon = 0;
    for (int i = s.talon_top; i < s.talon_end; ++i) {
        require(card_in(s.talon[size_t(i)], deck) && !contains(talon, s.talon[size_t(i)]), "a talon card twice or not of the deck");
        talon |= bit(s.talon[size_t(i)]);
    }
    for (int i = 0; i < s.redraws_size; ++i) require(card_in(s.redraws[size_t(i)], deck), "a redraw not of the deck");
    require(card_in(s.turned, deck), "the turned card is not of the deck");
    for (int i = 0; i < MAX_SEATS; ++i) {
        const size_t k = size_t(i);
        require(subset(s.hands[k] | s.discards[k] | s.discarded[k] | s.drawn[k], deck) && popcount(s.hands[k]) <= MistigriRules::HAND,
                "a hand or discard too large or not of the deck");
        require(i < n || (s.hands[k] | s.discards[k] | s.discarded[k] | s.drawn[k]) == 0, "cards of a seat that is not playing");
    }
    for (int32_t chips : {s.pot, s.side_pot, s.pot_at_play, s.pot_in, s.side_pot_in})
        require(chips >= 0 && chips <= 2 * MistigriRules::MAX_POT, "a pot out of range");
    for (size_t i = 0; i < s.history.size; ++i)
        require(s.history.actions[i] < mistigri_action::DISCARDED + MistigriRules::HAND, "an unknown action in the history");
    require(s.phase != MistigriPhase::Play || s.joined != 0, "play without a joined seat");
    check_history(s, std::max(popcount(s.joined), 1), [](Action a) {
        return a < 64 ? Card(a) : a < mistigri_action::PASS ? MISTIGRI : NO_CARD;
    }, [&s](int seat) {
        for (int k = 1; k <= s.n; ++k)
            if (s.joined >> ((seat + k) % s.n) & 1) return (seat + k) % s.n;
        return -1;
    });
    check_consistent(s);
}

void validate(const CouillonMatch& m) {
    require(m.dealer >= 0 && m.dealer < 4 && m.deals_played >= 0 && seat_or_none(m.winner, 2), "a seat or count out of range");
    require((m.winner >= 0) == (m.scores[0] <= 0 || m.scores[1] <= 0), "the winner disagrees with the scores");
}

void validate(const MuckenMatch& m) {
    validate(m.rules);
    require(m.dealer >= 0 && m.dealer < m.rules.players && m.deals_played >= 0 && m.bock_deals >= 0 && seat_or_none(m.winner, 2),
            "a seat or count out of range");
    require(m.bobbls_played >= 0 && m.bobbls_played <= 3 && (m.winner >= 0 || m.bobbls_played < 3), "too many Bobbl played");
    for (int i = 0; i < m.bobbls_played; ++i) require(m.bobbl_winner[size_t(i)] == 0 || m.bobbl_winner[size_t(i)] == 1, "a Bobbl winner out of range");
    for (int p : m.points) require(p >= 0 && p < m.rules.target, "points out of range");
}

void validate(const MistigriMatch& m) {
    validate(m.rules);
    require(m.dealer >= 0 && m.dealer < m.rules.players && m.deals_played >= 0 && m.deals_played <= MistigriRules::MAX_DEALS,
            "a seat or count out of range");
    require(m.pot >= 0 && m.pot <= MistigriRules::MAX_POT && m.side_pot >= 0 && m.side_pot <= MistigriRules::MAX_POT, "a pot out of range");
    for (int i = m.rules.players; i < MAX_SEATS; ++i) require(m.chips[size_t(i)] == 0, "chips of a seat that is not playing");
}

}  // namespace

std::string dump(const CouillonRules& x) { return dump_any(x); }
std::string dump(const MuckenRules& x) { return dump_any(x); }
std::string dump(const MistigriRules& x) { return dump_any(x); }
std::string dump(const CouillonState& x) { return dump_any(x); }
std::string dump(const MuckenState& x) { return dump_any(x); }
std::string dump(const MistigriState& x) { return dump_any(x); }
std::string dump(const CouillonMatch& x) { return dump_any(x); }
std::string dump(const MuckenMatch& x) { return dump_any(x); }
std::string dump(const MistigriMatch& x) { return dump_any(x); }

template <class T>
T load(std::string_view bytes) {
    Reader r{bytes};
    require(r.get(1) == 'S' && r.get(1) == uint64_t(kind_of_type<T>()), "not the pickled form of this class");
    const uint64_t version = r.get(1);
    if (version != FORMAT_VERSION)
        bad("format version " + std::to_string(version) + "; this stich reads version " + std::to_string(FORMAT_VERSION));
    T x{};
    size_t contract = 0;
    if constexpr (GameState<T>) contract = size_t(r.get(1));
    members(x, r);
    require(r.pos == bytes.size(), "trailing data");
    if constexpr (GameState<T>) {
        require(contract < contracts<T>().size(), "an unknown contract");
        x.contract = contracts<T>()[contract];
    }
    validate(x);
    return x;
}

template CouillonRules load<CouillonRules>(std::string_view);
template MuckenRules load<MuckenRules>(std::string_view);
template MistigriRules load<MistigriRules>(std::string_view);
template CouillonState load<CouillonState>(std::string_view);
template MuckenState load<MuckenState>(std::string_view);
template MistigriState load<MistigriState>(std::string_view);
template CouillonMatch load<CouillonMatch>(std::string_view);
template MuckenMatch load<MuckenMatch>(std::string_view);
template MistigriMatch load<MistigriMatch>(std::string_view);

}  // namespace stich
