#include "stich/mucken.hpp"

#include <algorithm>
#include <sstream>
#include <stdexcept>

#include "stich/errors.hpp"

namespace stich {

namespace {
// U-2: the eyes by rank code.
constexpr std::array<int, 15> EYES = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 10, 2, 3, 4, 11};

std::vector<Card> four(int rank) {   // E G H S of one rank (Obers or Unters)
    return {make_card(SUIT0, rank), make_card(SUIT1, rank), make_card(SUIT2, rank), make_card(SUIT3, rank)};
}

Contract make_mucken(MuckenGame g, bool long_deck, bool stichzwang) {
    const DeckKind d = long_deck ? DeckKind::German32 : DeckKind::German24;
    // U-4: follow suit; U-10: Ramsch with Stichzwang.
    ContractBuilder b(d, stichzwang ? FollowRule::Stichzwang : FollowRule::FollowSuit);
    std::vector<Card> trumps;
    std::vector<int> plain;
    switch (g) {
        case MuckenGame::Muck:
        case MuckenGame::Ramsch:   // U-3: Ramsch uses the Muck order
            trumps = four(RANK_OBER);
            for (Card u : four(RANK_UNTER)) trumps.push_back(u);
            for (int r : {RANK_ACE, RANK_TEN, RANK_KING, RANK_NINE, RANK_EIGHT, RANK_SEVEN}) trumps.push_back(make_card(SUIT2, r));
            plain = {RANK_ACE, RANK_TEN, RANK_KING, RANK_NINE, RANK_EIGHT, RANK_SEVEN};
            break;
        case MuckenGame::Geier:
            trumps = four(RANK_OBER);
            plain = {RANK_ACE, RANK_TEN, RANK_KING, RANK_UNTER, RANK_NINE, RANK_EIGHT, RANK_SEVEN};
            break;
        case MuckenGame::Wenz:
            trumps = four(RANK_UNTER);
            plain = {RANK_ACE, RANK_TEN, RANK_KING, RANK_OBER, RANK_NINE, RANK_EIGHT, RANK_SEVEN};
            break;
    }
    std::erase_if(trumps, [&](Card c) { return !contains(b.k.deck, c); });
    b.build(trumps, plain);
    b.set_points(EYES);
    return b.k;
}
}   // namespace

const Contract& mucken_contract(MuckenGame g, bool long_deck, bool stichzwang) {
    // Index: game * 4 + long_deck * 2 + stichzwang.
    static const auto contracts = contract_table<16>([](size_t i) { return make_mucken(MuckenGame(i / 4), (i / 2) % 2, i % 2); });
    return contracts[size_t(g) * 4 + size_t(long_deck) * 2 + size_t(stichzwang)];
}

namespace ma = mucken_action;

namespace {
constexpr const char* KIND_NAMES[3] = {"Wenz", "Geier", "Muck"};
constexpr const char* DOUBLE_NAMES[4] = {"Kontra", "Re", "Sup", "Hirsch"};
constexpr Card EICHEL_OBER = make_card(SUIT0, RANK_OBER);
constexpr MuckenGame KIND_GAME[3] = {MuckenGame::Wenz, MuckenGame::Geier, MuckenGame::Muck};

std::string game_text(int g) {
    const std::string kind = KIND_NAMES[kind_of(g)];
    switch (tier_of(g)) {
        case 0: return kind;
        case 1: return "Schneider-" + kind;
        default: return kind + "-Tout";
    }
}
}   // namespace

namespace {
constexpr auto OPTION_ROWS = STICH_OPTION_ROWS(STICH_MUCKEN_OPTIONS);
}   // namespace

void MuckenRules::validate() const {
    check_options(MuckenDef::NAME, OPTION_ROWS, *this);
    if (players == 6 && long_deck) throw std::invalid_argument("players=6 needs the short deck: 32 cards do not split into 6 hands (U-1)");
}

int MuckenRules::level(int game) const {
    // Position of each kind (Wenz, Geier, Muck) inside a tier, low to high.
    static constexpr int POS[3][3] = {{0, 1, 2}, {1, 0, 2}, {2, 0, 1}};
    return tier_of(game) * 3 + POS[int(ranking)][kind_of(game)];
}

MuckenState mucken_deal(const MuckenRules& rules, uint64_t seed, int dealer, bool bock, const FixedHands* fixed) {
    rules.validate();
    const int n = rules.players, h = rules.hand_size();
    if (dealer < 0 || dealer >= n)
        throw std::invalid_argument("dealer must be a seat 0.." + std::to_string(n - 1) + ", got " + std::to_string(dealer));
    DealLayout layout{"Mucken", n, {}, n, {"", ""}};
    for (int s = 0; s < n; ++s) layout.sizes[size_t(s)] = h;
    Rng rng(seed);
    const auto slots = deal_cards(deck(rules.deck_kind()), layout, fixed, rng);
    MuckenState st;
    st.rules = rules;
    st.n = uint8_t(n);
    st.hand_size = uint8_t(h);
    st.dealer = uint8_t(dealer);
    st.forehand = uint8_t((dealer + 1) % n);
    st.to_act = st.forehand;
    st.bock = bock;
    for (int s = 0; s < n; ++s) st.hands[size_t(s)] = slots_set(slots, s * h, h);
    if (rules.has_sie())
        for (int s = 0; s < n; ++s)
            if ((st.hands[size_t(s)] & MUCKEN_SIE) == MUCKEN_SIE) {
                st.sie_seat = int8_t(s);
                st.play = MuckenPlay::Sie;
                st.phase = MuckenPhase::Over;
            }
    return st;
}

int MuckenState::team_speaker(int team, int k) const { return team_member(forehand, n, team, k); }

bool MuckenState::may_announce(int g) const {
    return rules.allows(g) && (holder < 0 || rules.level(g) > rules.level(high_game) ||
                               (rules.level(g) == rules.level(high_game) && position(to_act) < position(holder)));
}

CardSet MuckenState::legal_cards() const { return trick.legal(*contract, hands[to_act]); }

void MuckenState::legal_actions(ActionList& out) const {
    out.n = 0;
    switch (phase) {
        case MuckenPhase::Auction:
            for (int g = 0; g < MUCKEN_GAMES; ++g)
                if (may_announce(g)) out.push(Action(ma::GAME + g));
            out.push(ma::PASS);
            break;
        case MuckenPhase::MustPlay:
            for (int g = 0; g < 3; ++g)
                if (rules.allows(g)) out.push(Action(ma::GAME + g));
            break;
        case MuckenPhase::Doubling:
            out.push(Action(ma::DOUBLE + double_step));
            out.push(ma::DOUBLE_PASS);
            break;
        case MuckenPhase::Play: {
            CardSet s = legal_cards();
            while (s) out.push(pop_lsb(s));
            break;
        }
        case MuckenPhase::Over: break;
    }
}

Action MuckenState::random_action(Rng& rng) const {
    return phase == MuckenPhase::Play ? rng.pick(legal_cards()) : random_listed_action(*this, rng);
}

namespace {
// The trumps of each game kind (U-3: Wenz the Unters, Geier the Obers, Muck both and the hearts)
// over both decks: a hand's trumps are hand & KIND_TRUMPS[kind], as with the game's contract,
// without looking the contract up.
constexpr CardSet KIND_TRUMPS[3] = {rank_lane(RANK_UNTER), rank_lane(RANK_OBER),
                                    rank_lane(RANK_OBER) | rank_lane(RANK_UNTER) | suit_lane(SUIT2)};

// Strength of a hand for a game kind: trumps count 2 (Obers and Unters 3), plain aces 1. By
// masks, without a loop over the cards: the others' bids in every search iteration ask it.
int hand_strength(CardSet h, int kind) {
    const CardSet trumps = h & KIND_TRUMPS[kind];
    return 2 * popcount(trumps) + popcount(trumps & (rank_lane(RANK_OBER) | rank_lane(RANK_UNTER))) +
           popcount(h & ~trumps & rank_lane(RANK_ACE));
}
}   // namespace

Action MuckenState::heuristic_action(Rng& rng) const {
    const CardSet h = hands[to_act];
    const int size = popcount(h);
    switch (phase) {
        case MuckenPhase::Auction:
        case MuckenPhase::MustPlay: {
            // The strongest kind, announced as a normal game when strong enough (or when it must).
            int best_kind = -1, best = -1;
            for (int kind = 0; kind < 3; ++kind)
                if (rules.allows(kind))
                    if (const int v = hand_strength(h, kind); v > best) {
                        best = v;
                        best_kind = kind;
                    }
            if (phase == MuckenPhase::MustPlay) return Action(ma::GAME + best_kind);
            const bool strong = best * 6 >= 13 * size;   // about 13 points on six cards
            const bool partner_holds = holder >= 0 && holder % 2 == to_act % 2;
            if (strong && !partner_holds && may_announce(best_kind)) return Action(ma::GAME + best_kind);
            return ma::PASS;
        }
        case MuckenPhase::Doubling: {
            const int trumps = popcount(h & contract->trumps);
            const bool defenders = double_step % 2 == 0;
            return trumps * 2 >= size + (defenders ? 1 : 2) ? Action(ma::DOUBLE + double_step) : ma::DOUBLE_PASS;
        }
        case MuckenPhase::Play: {
            const bool partner = trick.size > 0 && trick.winner % 2 == to_act % 2 && play != MuckenPlay::Ramsch;
            return heuristic_card(*contract, legal_cards(), trick.led(), trick.winning, partner, trick.size == n - 1);
        }
        case MuckenPhase::Over: break;
    }
    return random_action(rng);
}

void MuckenState::next_auction_turn() {
    const int out = popcount(passed);
    if (holder >= 0 && out == n - 1) return start_game(MuckenPlay::Announced, high_game, holder);
    if (holder < 0 && out == n) {
        int eo_holder = 0;
        for (int s = 0; s < n; ++s)
            if (contains(hands[size_t(s)], EICHEL_OBER)) eo_holder = s;
        switch (rules.if_all_pass) {
            case AllPass::Ramsch: return start_game(MuckenPlay::Ramsch, -1, -1);
            case AllPass::ThrowIn:
                play = MuckenPlay::ThrowIn;
                phase = MuckenPhase::Over;
                return;
            case AllPass::MustPlay:
                phase = MuckenPhase::MustPlay;
                to_act = uint8_t(eo_holder);
                return;
            case AllPass::OnePoint: return start_game(MuckenPlay::OnePoint, 2, eo_holder);   // a Muck game
        }
    }
    int s = to_act;
    do s = s + 1 == n ? 0 : s + 1;
    while ((passed >> s & 1) || s == holder);
    to_act = uint8_t(s);
}

void MuckenState::start_game(MuckenPlay what, int game_id, int announcer_seat) {
    play = what;
    game = int8_t(game_id);
    announcer = int8_t(announcer_seat);
    player_team = uint8_t(announcer_seat >= 0 ? announcer_seat % 2 : 0);
    contract = what == MuckenPlay::Ramsch ? &mucken_contract(MuckenGame::Ramsch, rules.long_deck, rules.ramsch_stichzwang)
                                          : &mucken_contract(KIND_GAME[kind_of(game_id)], rules.long_deck, false);
    if (what == MuckenPlay::Announced) {   // U-7: doubling only after an auction won
        phase = MuckenPhase::Doubling;
        double_step = speakers_done = 0;
        to_act = uint8_t(team_speaker(1 - player_team, 0));
    } else {
        start_play();
    }
}

void MuckenState::start_play() {
    phase = MuckenPhase::Play;
    to_act = forehand;
}

void MuckenState::apply(Action a) {
    STICH_CHECK_AFTER_APPLY(*this, a);
    history.push(to_act, a);
    switch (phase) {
        case MuckenPhase::Auction:
            if (a == ma::PASS) {
                passed = uint8_t(passed | 1u << to_act);
            } else {
                holder = int8_t(to_act);
                high_game = int8_t(a - ma::GAME);
            }
            next_auction_turn();
            break;
        case MuckenPhase::MustPlay: start_game(MuckenPlay::MustPlay, a - ma::GAME, to_act); break;
        case MuckenPhase::Doubling: {
            // Kontra and Sup are the defenders', Re and Hirsch the player party's.
            const int team = double_step % 2 == 0 ? 1 - player_team : player_team;
            if (a != ma::DOUBLE_PASS) {
                ++doublings;
                speakers_done = 0;
                if (++double_step == 4) return start_play();
                to_act = uint8_t(team_speaker(1 - team, 0));
            } else if (++speakers_done == n / 2) {
                start_play();
            } else {
                to_act = uint8_t(team_speaker(team, speakers_done));
            }
            break;
        }
        case MuckenPhase::Play: {
            const Card c = Card(a);
            hands[to_act] &= ~bit(c);
            if (trick.play(*contract, to_act, c) == n) finish_trick();
            else to_act = uint8_t(to_act + 1 == n ? 0 : to_act + 1);   // no division on the hot path
            break;
        }
        case MuckenPhase::Over: break;
    }
}

void MuckenState::finish_trick() {
    const int team = trick.winner % 2;
    int eyes = 0, trumps = 0;
    for (Card c : trick) {   // one pass: the eyes, the trumps (Ramsch's tie-break) and EO
        eyes += contract->points[c];
        trumps += contains(contract->trumps, c);
        if (c == EICHEL_OBER) top_trump_team = int8_t(team);
    }
    team_tricks[team]++;
    team_eyes[team] = uint8_t(team_eyes[team] + eyes);
    team_trumps[team] = uint8_t(team_trumps[team] + trumps);
    seat_tricks[trick.winner]++;
    to_act = trick.winner;
    if (trick.gather() == hand_size) phase = MuckenPhase::Over;
}

namespace {
// The eyes of a set of cards (U-2, EYES) by rank lanes: a trick's eyes without a loop over its cards.
int eyes_of(CardSet s) {
    return 11 * popcount(s & rank_lane(RANK_ACE)) + 10 * popcount(s & rank_lane(RANK_TEN)) + 4 * popcount(s & rank_lane(RANK_KING)) +
           3 * popcount(s & rank_lane(RANK_OBER)) + 2 * popcount(s & rank_lane(RANK_UNTER));
}
}   // namespace

void MuckenState::play_out(Rng& rng) { play_out_with<false>(rng); }
void MuckenState::play_out_heuristic(Rng& rng) { play_out_with<true>(rng); }

template <bool Heuristic>
void MuckenState::play_out_with(Rng& rng_in) {
    auto next_action = [](const MuckenState& s, Rng& r) { return Heuristic ? s.heuristic_action(r) : s.random_action(r); };
    STICH_CHECK_PLAY_OUT(*this, rng_in, Heuristic);
    Rng rng = rng_in;   // a local copy: the history's stores would make the compiler reload a referenced one
    while (phase != MuckenPhase::Play && phase != MuckenPhase::Over) apply(next_action(*this, rng));
    if (phase == MuckenPhase::Play) {
        // The card play in locals, written back at the end: apply's draws (heuristic_action's
        // choices) and moves, card by card, and finish_trick's tallies a trick.
        const Contract& k = *contract;
        const int players = n;
        const bool partners = play != MuckenPlay::Ramsch;   // Ramsch has no partner to leave a trick to
        std::array<CardSet, MAX_SEATS> h = hands;
        std::array<Card, MAX_SEATS> cards = trick.cards;
        int in_trick = trick.size, seat = to_act, winner = trick.winner, done = trick.done, size = history.size;
        Card winning = trick.winning;
        CardSet on_table = 0;
        for (int i = 0; i < in_trick; ++i) on_table |= bit(cards[size_t(i)]);
        for (;;) {
            const Card led = in_trick ? cards[0] : NO_CARD;
            const CardSet legal = in_trick ? stich::legal_cards(k, h[size_t(seat)], led, winning) : h[size_t(seat)];
            Card c;
            if constexpr (Heuristic)
                c = heuristic_card(k, legal, led, winning, in_trick > 0 && partners && (winner ^ seat) % 2 == 0, in_trick == players - 1);
            else c = rng.pick(legal);
            history.actions[size_t(size)] = c;
            history.actors[size_t(size++)] = uint8_t(seat);
            h[size_t(seat)] &= ~bit(c);
            on_table |= bit(c);
            const bool takes_it = in_trick == 0 || takes(k, winning, c);   // Trick::play's selects
            winning = takes_it ? c : winning;
            winner = takes_it ? seat : winner;
            cards[size_t(in_trick++)] = c;
            if (in_trick < players) {
                seat = seat + 1 == players ? 0 : seat + 1;
                continue;
            }
            const int team = winner % 2;   // finish_trick
            team_tricks[size_t(team)]++;
            team_eyes[size_t(team)] = uint8_t(team_eyes[size_t(team)] + eyes_of(on_table));
            team_trumps[size_t(team)] = uint8_t(team_trumps[size_t(team)] + popcount(on_table & k.trumps));
            if (contains(on_table, EICHEL_OBER)) top_trump_team = int8_t(team);
            seat_tricks[size_t(winner)]++;
            seat = winner;
            in_trick = 0;
            on_table = 0;
            if (++done == hand_size) break;
        }
        hands = h;
        trick.cards = cards;
        trick.size = 0;
        trick.winning = winning;
        trick.winner = uint8_t(winner);
        trick.done = uint8_t(done);
        to_act = uint8_t(seat);
        history.size = uint8_t(size);
        phase = MuckenPhase::Over;
    }
    rng_in = rng;
}

// U-7, U-9: after a Kontra that takes over (normal games only) and in a must-play game the whole
// table moves one eye towards the player party: 60 wins, 90 wins "with Schneider", 30 is
// Schneider-free and 29 or fewer loses "with Schneider".
bool MuckenState::swapped_lines() const {
    return play == MuckenPlay::MustPlay ||
           (play == MuckenPlay::Announced && tier_of(game) == 0 && doublings > 0 && rules.kontra_takes_over);
}

bool MuckenState::players_win(const TeamTallies& eyes, const TeamTallies& tricks) const {
    const int p = eyes[player_team];
    if (play == MuckenPlay::OnePoint) return p >= 61;
    switch (tier_of(game)) {
        case 0: return p >= (swapped_lines() ? 60 : 61);
        case 1: return p >= 91;
        default: return tricks[1 - player_team] == 0;
    }
}

int MuckenState::base_value(const TeamTallies& eyes, const TeamTallies& tricks) const {
    if (tier_of(game) == 1) return 7;
    if (tier_of(game) == 2) return 10;
    const int p = eyes[player_team], shift = swapped_lines() ? 1 : 0;
    const bool schneider_or_schwarz =
        players_win(eyes, tricks) ? p >= 91 - shift || tricks[1 - player_team] == 0 : p <= 30 - shift || tricks[player_team] == 0;
    return schneider_or_schwarz ? 3 : 2;
}

int MuckenState::winning_team(const TeamTallies& eyes, const TeamTallies& tricks) const {
    switch (play) {
        case MuckenPlay::Sie: return sie_seat % 2;
        case MuckenPlay::ThrowIn:
        case MuckenPlay::None: return -1;
        case MuckenPlay::Ramsch: {
            for (int s = 0; s < n; ++s)
                if (seat_tricks[size_t(s)] == hand_size) return s % 2;   // Durchmarsch
            // U-10: more eyes loses; then more tricks, more trumps, the team that took EO.
            int loser;
            if (eyes[0] != eyes[1]) loser = eyes[0] > eyes[1] ? 0 : 1;
            else if (tricks[0] != tricks[1]) loser = tricks[0] > tricks[1] ? 0 : 1;
            else if (team_trumps[0] != team_trumps[1]) loser = team_trumps[0] > team_trumps[1] ? 0 : 1;
            else loser = top_trump_team;
            return 1 - loser;
        }
        default: return players_win(eyes, tricks) ? player_team : 1 - player_team;
    }
}

int MuckenState::value(const TeamTallies& eyes, const TeamTallies& tricks) const {
    const int bock_factor = bock ? 2 : 1;
    switch (play) {
        case MuckenPlay::Sie: return rules.target;
        case MuckenPlay::ThrowIn:
        case MuckenPlay::None: return 0;
        case MuckenPlay::OnePoint: return bock_factor;
        case MuckenPlay::Ramsch:
            for (int s = 0; s < n; ++s)
                if (seat_tricks[size_t(s)] == hand_size) return 10 * bock_factor;
            return (rules.ramsch_double ? 4 : 2) * bock_factor;
        default: return (base_value(eyes, tricks) << doublings) * bock_factor;
    }
}

int MuckenState::winning_team() const { return is_terminal() ? winning_team(team_eyes, team_tricks) : -1; }

int MuckenState::value() const { return is_terminal() ? value(team_eyes, team_tricks) : 0; }

void MuckenState::returns_if(const TeamTallies& eyes, const TeamTallies& tricks, Returns& out) const {
    out.fill(0);
    const int w = winning_team(eyes, tricks);
    if (w < 0) return;
    const int v = value(eyes, tricks);
    for (int s = 0; s < n; ++s) out[size_t(s)] = s % 2 == w ? v : -v;
}

void MuckenState::returns(Returns& out) const {
    if (is_terminal()) returns_if(team_eyes, team_tricks, out);
    else out.fill(0);
}

std::string MuckenState::game_name() const {
    switch (play) {
        case MuckenPlay::None: return "";
        case MuckenPlay::Ramsch: return "Ramsch";
        case MuckenPlay::ThrowIn: return "thrown in";
        case MuckenPlay::Sie: return "Sie";
        case MuckenPlay::OnePoint: return "one point (Muck)";
        case MuckenPlay::MustPlay: return "must-play " + game_text(game);
        case MuckenPlay::Announced: return game_text(game);
    }
    return "";
}

std::string MuckenState::action_text(Action a) const {
    if (is_card_action(a)) return card_text(Card(a), Alphabet::German);
    if (a >= ma::GAME && a < ma::GAME + MUCKEN_GAMES) return game_text(a - ma::GAME);
    if (a >= ma::DOUBLE && a < ma::DOUBLE + 4) return DOUBLE_NAMES[a - ma::DOUBLE];
    if (a == ma::PASS || a == ma::DOUBLE_PASS) return "pass";
    return "action " + std::to_string(a);
}

Locations MuckenState::locations() const {
    Locations l{};
    for (int s = 0; s < n; ++s) l[size_t(s)] = hands[size_t(s)];
    return l;
}

void MuckenState::set_hidden(const Locations& world, int, Rng&) {
    for (int s = 0; s < n; ++s) hands[size_t(s)] = world[size_t(s)];
}

MuckenWorldRules MuckenState::world_rules(int observer) const {
    MuckenWorldRules w;
    if (!rules.has_sie() || play == MuckenPlay::Sie) return w;
    w.played = played_by_seat(*this, [](Action a) { return is_card_action(a) ? Card(a) : NO_CARD; });
    // Only a seat no Sie card is seen away from could have held one: the observer's cards and the
    // other seats' plays rule the rest out (most positions: the rule then costs nothing).
    for (int seat = 0; seat < n; ++seat) {
        if (seat == observer) continue;
        CardSet elsewhere = hands[size_t(observer)] | w.played[size_t(observer)];
        for (int other = 0; other < n; ++other)
            if (other != seat) elsewhere |= w.played[size_t(other)];
        if (!(elsewhere & MUCKEN_SIE)) w.no_sie = uint8_t(w.no_sie | 1u << seat);
    }
    return w;
}

PlayReplay MuckenState::play_replay() const {
    PlayReplay replay(n);
    if (play == MuckenPlay::OnePoint)   // the defenders do not hold EO
        for (int s = 0; s < n; ++s)
            if (s % 2 != player_team) replay.proven_absent[size_t(s)] |= bit(EICHEL_OBER);
    return replay;
}

View MuckenState::view(int seat, const PlayReplay* replayed) const {
    View v = start_view(seat, n, n, hands);
    if (play == MuckenPlay::Sie) v.where[size_t(sie_seat)].known = hands[size_t(sie_seat)];   // shown at once
    // Must-play names the holder of EO as soon as it is asked to choose; one point names its team.
    const int eo_seat = phase == MuckenPhase::MustPlay ? int(to_act) : play == MuckenPlay::MustPlay ? int(announcer) : -1;
    if (eo_seat >= 0 && contains(hands[size_t(eo_seat)], EICHEL_OBER)) v.where[size_t(eo_seat)].known |= bit(EICHEL_OBER);
    finish_view(v, view_replay(v, *this, history, contract, replayed), deck_info().cards);
    return v;
}

namespace {

// The replay's hooks (stich/position.hpp): who holds EO once every seat passed (U-9).
struct MuckenPositionHooks {
    const PositionEntries& es;
    int observer;
    int eo_team;   // -1: no eo_team line

    void hidden(MuckenState&, int) const {}
    Need need(const MuckenState& s, int i) const {
        Need n;
        const bool last_pass =
            s.phase == MuckenPhase::Auction && s.holder < 0 && popcount(s.passed) == s.n - 1 && iequals(es[size_t(i)].text, "pass");
        if (!last_pass) return n;
        if (s.rules.if_all_pass == AllPass::MustPlay && i + 1 < int(es.size())) {
            n.known[size_t(es[size_t(i + 1)].seat)] |= bit(EICHEL_OBER);
            n.blame = i + 1;
            n.why = "the holder of EO chooses the must-play game (U-9)";
        }
        if (s.rules.if_all_pass == AllPass::OnePoint) {
            if (eo_team < 0)
                throw PositionError("eo_team", -1,
                                    "every seat passed in a one_point deal: the position needs the line 'eo_team: T', "
                                    "the team (0 or 1) that holds the Eichel-Ober (U-9)");
            for (int seat = 0; seat < s.n; ++seat)
                if (seat % 2 != eo_team) n.forbidden[size_t(seat)] |= bit(EICHEL_OBER);
            n.why = "eo_team: team " + std::to_string(eo_team) + " holds the Eichel-Ober (U-9)";
        }
        return n;
    }
    Action action(MuckenState& s, int i, Rng&) const { return find_action(s, es[size_t(i)].text); }
};

const char* const MUCKEN_EXTRA_LOCATIONS[] = {""};

}   // namespace

MuckenState read_position(const MuckenRules& rules, int dealer, int observer, CardSet hand, const PositionEntries& es,
                          const PositionLines& lines, uint64_t seed) {
    rules.validate();
    const int n = rules.players;
    check_position_lines(lines, "Mucken", position_keys(rules));
    if (dealer < 0 || dealer >= n || observer < 0 || observer >= n)
        throw PositionError("seat", -1, "seats are 0.." + std::to_string(n - 1));
    bool bock = false;
    if (const std::string* v = position_line(lines, "bock")) {
        if (*v != "yes" && *v != "no") throw PositionError("bock", -1, "must be yes or no, got " + quoted(*v));
        bock = *v == "yes";
    }
    int eo_team = -1;
    if (const std::string* v = position_line(lines, "eo_team")) {
        if (*v != "0" && *v != "1") throw PositionError("eo_team", -1, "must be 0 or 1, got " + quoted(*v));
        eo_team = *v == "1";
    }
    const Deck& d = deck(rules.deck_kind());
    CardSet own = hand;
    for (int i = 0; i < int(es.size()); ++i) {
        if (es[size_t(i)].seat < 0 || es[size_t(i)].seat >= n) entry_error(es, i, "seats are 0.." + std::to_string(n - 1));
        if (es[size_t(i)].seat != observer) continue;
        const Card c = entry_card(es[size_t(i)].text, d);
        if (c == NO_CARD) continue;
        if (contains(own, c)) entry_error(es, i, "the card " + card_text(c, d.alphabet) + " is given twice");
        own |= bit(c);
    }
    check_own_hand(own, rules.hand_size(), observer);
    FixedHands fixed{};
    for (CardSet o = own; o;) fixed[size_t(observer)].push_back(pop_lsb(o));
    MuckenState s = mucken_deal(rules, mix_seed(seed, 1), dealer, bock, &fixed);
    if (s.play == MuckenPlay::Sie) {
        if (s.sie_seat == observer)
            throw PositionError("hand", -1,
                                "seat " + std::to_string(observer) + " holds a Sie (U-11): the deal ends at once, so there is no position");
        // Another seat's Sie in the working deal: the deal goes on (the replay redraws the hidden cards).
        s.play = MuckenPlay::None;
        s.phase = MuckenPhase::Auction;
        s.sie_seat = -1;
    }
    MuckenPositionHooks hooks{es, observer, eo_team};
    MuckenState out = rebuild_position(s, observer, hand, own, es, seed, hooks, MUCKEN_EXTRA_LOCATIONS);
    if (eo_team >= 0 && out.play != MuckenPlay::OnePoint)
        throw PositionError("eo_team", -1, "only a one_point deal in which every seat passed has this line (U-9)");
    return out;
}

std::vector<std::string> position_keys(const MuckenRules&) { return {"bock", "eo_team"}; }

PositionEntries position_history(const MuckenState& s, int seat) { return view_history_entries(s, seat); }

PositionLines position_lines(const MuckenState& s, int) {
    PositionLines out;
    if (s.bock) out.emplace_back("bock", "yes");
    if (s.play == MuckenPlay::OnePoint) out.emplace_back("eo_team", std::to_string(s.announcer % 2));
    return out;
}

const char* MuckenState::phase_name() const {
    static constexpr const char* NAMES[] = {"auction", "must_play", "doubling", PLAY_PHASE, "over"};
    return NAMES[size_t(phase)];
}

std::string MuckenState::to_string() const {
    std::ostringstream o;
    o << "Mucken (" << int(n) << " players" << (rules.long_deck ? ", long deck" : "") << ")  dealer " << int(dealer) << "  forehand "
      << int(forehand);
    if (bock) o << "  Bock";
    if (play != MuckenPlay::None) o << "  game: " << game_name();
    if (announcer >= 0) o << " by seat " << int(announcer);
    for (int k = 0; k < doublings; ++k) o << "  " << DOUBLE_NAMES[k];
    o << "\n";
    for (int s = 0; s < n; ++s) o << "seat " << s << ": " << cards_text(hands[size_t(s)], Alphabet::German) << "\n";
    if (phase == MuckenPhase::Play && trick.size) {
        o << "trick:" << trick_text(trick, history, Alphabet::German) << "\n";
    }
    o << team_tallies_text(n, team_tricks, &team_eyes, "eyes");
    if (is_terminal()) {
        Returns r;
        returns(r);
        o << "\nreturns";
        for (int s = 0; s < n; ++s) o << " " << r[size_t(s)];
    } else {
        o << "\nto act: seat " << int(to_act);
    }
    return o.str();
}

MuckenState MuckenMatch::next_deal() const { return mucken_deal(rules, mix_seed(seed, uint64_t(deals_played)), dealer, bock()); }

void MuckenMatch::record(const MuckenState& finished) {
    check_deal_to_record(finished, is_over(), dealer, rules);
    if (finished.bock != bock())
        throw std::invalid_argument(std::string("the match expects ") + (bock() ? "a Bock deal" : "a deal without Bock") +
                                    " (use match.next_deal())");
    ++deals_played;
    dealer = (dealer + 1) % rules.players;
    // U-13: Bock brought by this deal comes after the Bock deals still pending.
    bock_deals -= finished.bock;
    if (finished.next_bock()) bock_deals += rules.bock_round ? rules.players : 1;
    const int w = finished.winning_team();
    if (w < 0) return;
    // Only the winners are credited (U-12); a Sie is worth the target, so it wins the Bobbl outright (U-11).
    points[size_t(w)] += finished.value();
    if (points[size_t(w)] < rules.target) return;
    bobbl_winner[size_t(bobbls_played)] = w;
    bobbl_points[size_t(bobbls_played++)] = points;
    // U-13 glasses: a Bobbl the losers end with 0 points counts as two.
    bobbl_won[size_t(w)] += rules.glasses && points[size_t(1 - w)] == 0 ? 2 : 1;
    points = {0, 0};
    if (!rules.hanger || bobbl_won[size_t(w)] >= 2) winner = w;
}

void apply_mucken_opening(MuckenState& s, int opening) {
    if (opening == MUCKEN_OPENING_RANDOM || s.is_terminal()) return;
    if (opening < 0 || opening > MUCKEN_OPENING_RAMSCH) throw std::invalid_argument("unknown Mucken opening " + std::to_string(opening));
    if (opening == MUCKEN_OPENING_RAMSCH) {
        if (s.rules.if_all_pass != AllPass::Ramsch) throw std::invalid_argument("a Ramsch opening needs if_all_pass=ramsch");
    } else if (!s.rules.allows(opening)) {
        throw std::invalid_argument("the game is not played under these rules (games option)");
    }
    if (opening != MUCKEN_OPENING_RAMSCH) s.apply(Action(ma::GAME + opening));
    while (s.phase == MuckenPhase::Auction) s.apply(ma::PASS);
    while (s.phase == MuckenPhase::Doubling) s.apply(ma::DOUBLE_PASS);
}

// Flattened: the whole playout loop inlines, whatever the link-time optimiser decides; copied
// for x86-64-v3 in portable builds (run_hot, stich/dispatch.hpp).
namespace {
[[gnu::flatten]] void mucken_random_playouts_loop(const MuckenRules& rules, uint64_t seed, int64_t n, int32_t* out, int opening,
                                                  const std::atomic<bool>* stop) {
    rules.validate();
    random_playouts<MuckenState>(
        [&](int64_t i, uint64_t deal_seed) {
            MuckenState s = mucken_deal(rules, deal_seed, int(i % rules.players), false);
            apply_mucken_opening(s, opening);
            return s;
        },
        seed, n, rules.players, out, stop);
}
}   // namespace
void mucken_random_playouts(const MuckenRules& rules, uint64_t seed, int64_t n, int32_t* out, int opening, const std::atomic<bool>* stop) {
    run_hot<mucken_random_playouts_loop>(rules, seed, n, out, opening, stop);
}

// ------------------------------------------------------------------------------------ registry

const std::vector<std::string>& MuckenDef::extra_locations() {
    static const std::vector<std::string> none;
    return none;
}

const std::vector<OptionSpec<MuckenRules>>& MuckenDef::options() {
    static const auto specs = option_specs<MuckenRules>(OPTION_ROWS);
    return specs;
}

const std::vector<ParamSpec>& MuckenDef::deal_params() {
    static const std::vector<ParamSpec> params{
        {"bock", "U-13: this deal is a Bock deal (its value doubled)", Accepts::boolean(), Value::of_bool(false)},
    };
    return params;
}

const std::vector<ParamSpec>& MuckenDef::playout_params() {
    static const std::vector<ParamSpec> params = [] {
        std::vector<Value> games{Value::none()};
        for (int g = 0; g < MUCKEN_GAMES; ++g) games.push_back(Value::of_text(game_text(g)));
        games.push_back(Value::of_text("Ramsch"));
        return std::vector<ParamSpec>{{"game",
                                       "the game instead of a random auction: forehand announces it and nobody doubles "
                                       "(\"Ramsch\": everybody passes); None: a random auction",
                                       Accepts::choice(games), Value::none()}};
    }();
    return params;
}

void MuckenDef::random_playouts(const Rules& r, uint64_t seed, int64_t n, int32_t* out, const std::vector<Value>& extras,
                                const std::atomic<bool>* stop) {
    int opening = MUCKEN_OPENING_RANDOM;
    if (!extras[0].is_none()) {
        opening = MUCKEN_OPENING_RAMSCH;
        for (int g = 0; g < MUCKEN_GAMES; ++g)
            if (extras[0].text == game_text(g)) opening = g;
    }
    MuckenState probe = mucken_deal(r, seed, 0, false);
    apply_mucken_opening(probe, opening);   // checks the opening (its game may be off) before the batch runs
    mucken_random_playouts(r, seed, n, out, opening, stop);
}

const std::vector<FieldSpec<MuckenState>>& MuckenDef::state_fields() {
    using S = MuckenState;
    static const std::vector<FieldSpec<S>> fields{
        property<S>("dealer", "int", "The dealer's seat.", [](const S& s, int) { return Value::of_int(s.dealer); }),
        property<S>("forehand", "int", "The seat left of the dealer, first to speak and to lead.",
                    [](const S& s, int) { return Value::of_int(s.forehand); }),
        property<S>("bock", "bool", "Whether this deal is a Bock deal (U-13).", [](const S& s, int) { return Value::of_bool(s.bock); }),
        property<S>("next_bock", "bool", "Whether this finished deal makes the next one a Bock deal (U-13).",
                    [](const S& s, int) { return Value::of_bool(s.next_bock()); }),
        property<S>("game", "str | None",
                    "The game being played ('Wenz', 'Schneider-Geier', 'Ramsch', 'must-play Muck', 'Sie', ...), or None.",
                    [](const S& s, int) { return s.play == MuckenPlay::None ? Value::none() : Value::of_text(s.game_name()); }),
        property<S>("announcer", "int | None", "The seat that announced the game being played, or None.",
                    [](const S& s, int) { return Value::seat_or_none(s.announcer); }),
        property<S>("player_team", "int | None", "The announcer's team (U-6), or None.",
                    [](const S& s, int) { return s.announcer < 0 ? Value::none() : Value::of_int(s.player_team); }),
        property<S>("auction_holder", "int | None", "The seat holding the highest announcement so far, or None.",
                    [](const S& s, int) { return Value::seat_or_none(s.holder); }),
        property<S>("sie_seat", "int | None", "The seat that showed a Sie (U-11), or None.",
                    [](const S& s, int) { return Value::seat_or_none(s.sie_seat); }),
        property<S>("doublings", "int", "How many of Kontra, Re, Sup, Hirsch were said.",
                    [](const S& s, int) { return Value::of_int(s.doublings); }),
        property<S>("trick", "list[Card]", "The cards of the trick on the table, in the order played.",
                    [](const S& s, int) { return Value::of_card_list(s.trick.begin(), s.trick.end()); }),
        property<S>("team_eyes", "list[int]", "Eyes taken by each team (U-2).",
                    [](const S& s, int) {
                        const int e[2] = {s.team_eyes[0], s.team_eyes[1]};
                        return Value::of_ints(e, e + 2);
                    }),
        property<S>("team_tricks", "list[int]", "Tricks taken by each team.",
                    [](const S& s, int) {
                        const int t[2] = {s.team_tricks[0], s.team_tricks[1]};
                        return Value::of_ints(t, t + 2);
                    }),
        property<S>("winning_team", "int | None", "The team that won the finished deal, or None.",
                    [](const S& s, int) { return Value::seat_or_none(s.winning_team()); }),
        property<S>("value", "int", "Value of the finished deal for the winning team (U-8).",
                    [](const S& s, int) { return Value::of_int(s.value()); }),
    };
    return fields;
}

const std::vector<FieldSpec<MuckenMatch>>& MuckenDef::match_fields() {
    using M = MuckenMatch;
    static const std::vector<FieldSpec<M>> fields{
        property<M>("points", "list[int]", "Points of the two teams in the current Bobbl.",
                    [](const M& m, int) { return Value::of_ints(m.points.data(), m.points.data() + 2); }),
        property<M>("bobbl_won", "list[int]", "Bobbl won by each team.",
                    [](const M& m, int) { return Value::of_ints(m.bobbl_won.data(), m.bobbl_won.data() + 2); }),
        property<M>("bobbl_points", "list[list[int]]", "Final points of each Bobbl played, per team.",
                    [](const M& m, int) {
                        std::vector<Value> out;
                        for (int i = 0; i < m.bobbls_played; ++i)
                            out.push_back(Value::of_ints(m.bobbl_points[size_t(i)].data(), m.bobbl_points[size_t(i)].data() + 2));
                        return Value::list(std::move(out));
                    }),
        property<M>("bobbl_winners", "list[int]", "The team that won each Bobbl played.",
                    [](const M& m, int) { return Value::of_ints(m.bobbl_winner.data(), m.bobbl_winner.data() + m.bobbls_played); }),
        property<M>("dealer", "int", "The dealer of the next deal.", [](const M& m, int) { return Value::of_int(m.dealer); }),
        property<M>("deals_played", "int", "How many deals were recorded.", [](const M& m, int) { return Value::of_int(m.deals_played); }),
        property<M>("bock", "bool", "Whether the next deal is a Bock deal.", [](const M& m, int) { return Value::of_bool(m.bock()); }),
        property<M>("bock_deals", "int", "Bock deals still to come, the next one included.",
                    [](const M& m, int) { return Value::of_int(m.bock_deals); }),
        property<M>("winner", "int | None", "The team that won the match, or None.",
                    [](const M& m, int) { return Value::seat_or_none(m.winner); }),
    };
    return fields;
}

const std::vector<BenchSpec>& MuckenDef::bench_positions() {
    static const std::vector<BenchSpec> positions{
        {"mucken auction", {}, 1, {}},
        {"mucken doubling", {}, 2, {"Muck", "pass", "pass", "pass"}},
        {"mucken first lead (Wenz)", {}, 3, {"Wenz", "pass", "pass", "pass", "pass", "pass"}},
        {"mucken Ramsch mid-play", {}, 4, {"pass", "pass", "pass", "pass", "*", "*", "*", "*", "*", "*", "*", "*", "*"}},
        {"mucken 6 players mid-play",
         {{"players", Value::of_int(6)}},
         5,
         {"Geier", "pass", "pass", "pass", "pass", "pass", "pass", "pass", "pass", "*", "*", "*", "*", "*", "*", "*"}},
    };
    return positions;
}

std::vector<TournamentRow> mucken_tournament_table(std::span<const BobblResult> results, std::string_view method, bool glasses) {
    const auto known = std::find(TOURNAMENT_METHODS.begin(), TOURNAMENT_METHODS.end(), method);
    if (known == TOURNAMENT_METHODS.end())
        throw UnknownName("unknown counting method '" + std::string(method) + "'; accepted: bobbl, plus, plus_minus");
    std::vector<TournamentRow> rows;   // in order of first appearance
    auto row_of = [&rows](int pair) -> TournamentRow& {
        for (TournamentRow& r : rows)
            if (r.pair == pair) return r;
        rows.push_back(TournamentRow{pair});
        return rows.back();
    };
    for (size_t i = 0; i < results.size(); ++i) {
        const BobblResult& r = results[i];
        const std::string which = "Bobbl result " + std::to_string(i) + ": ";
        if (r.pair_a == r.pair_b || (r.winner != r.pair_a && r.winner != r.pair_b))
            throw std::invalid_argument(which + "the winner must be one of two different pairs");
        if (r.points_a < 0 || r.points_b < 0) throw std::invalid_argument(which + "points must be ints >= 0");
        const int sides[2][3] = {{r.pair_a, r.points_a, r.points_b}, {r.pair_b, r.points_b, r.points_a}};
        for (const auto& [me, mine, theirs] : sides) {
            TournamentRow& row = row_of(me);
            if (r.winner == me) {
                row.bobbl_won += glasses && theirs == 0 ? 2 : 1;
                row.opponent_goals_in_won += theirs;
            } else {
                row.goals_in_lost += mine;
            }
            row.plus += mine;
            row.plus_minus += mine - theirs;
        }
    }
    const auto by_bobbl = [](const TournamentRow& a, const TournamentRow& b) {
        if (a.bobbl_won != b.bobbl_won) return a.bobbl_won > b.bobbl_won;
        if (a.goals_in_lost != b.goals_in_lost) return a.goals_in_lost > b.goals_in_lost;
        return a.opponent_goals_in_won < b.opponent_goals_in_won;
    };
    const auto by_plus = [](const TournamentRow& a, const TournamentRow& b) { return a.plus > b.plus; };
    const auto by_plus_minus = [](const TournamentRow& a, const TournamentRow& b) { return a.plus_minus > b.plus_minus; };
    // Stable: ties keep the order of first appearance.
    switch (known - TOURNAMENT_METHODS.begin()) {
        case 0: std::stable_sort(rows.begin(), rows.end(), by_bobbl); break;
        case 1: std::stable_sort(rows.begin(), rows.end(), by_plus); break;
        default: std::stable_sort(rows.begin(), rows.end(), by_plus_minus); break;
    }
    return rows;
}

const std::vector<SolveBenchSpec>& MuckenDef::solve_bench() {
    static const std::vector<SolveBenchSpec> rows{
        {"mucken short deck", {}, 4},
        {"mucken 6 players", {{"players", Value::of_int(6)}}, 4},
    };
    return rows;
}

const std::vector<ContractFactory>& MuckenDef::contract_factories() {
    static const std::vector<ContractFactory> factories{
        {"mucken",
         "The order of a Mucken game (Muck, Geier, Wenz or Ramsch), on the short or long deck; stichzwang: Ramsch with the "
         "duty to win the trick (U-10).",
         {{"game", "Muck, Geier, Wenz or Ramsch (U-3)", Accepts::text(), Value::none()},
          {"long_deck", "the long deck of 32 cards", Accepts::boolean(), Value::of_bool(false)},
          {"stichzwang", "Ramsch with the duty to win the trick (U-10)", Accepts::boolean(), Value::of_bool(false)}},
         [](const std::vector<Value>& a) {
             static const char* names[] = {"Muck", "Geier", "Wenz", "Ramsch"};
             const bool long_deck = a[1].i != 0, stichzwang = a[2].i != 0;
             for (int i = 0; i < 4; ++i)
                 if (iequals(a[0].text, names[i])) {
                     if (stichzwang && i != 3)
                         throw std::invalid_argument("stichzwang applies to Ramsch only (U-10), not to " + std::string(names[i]));
                     return NamedContract{&mucken_contract(MuckenGame(i), long_deck, stichzwang), names[i]};
                 }
             throw UnknownName("unknown Mucken game " + quoted(a[0].text) + "; accepted: Muck, Geier, Wenz, Ramsch");
         }},
    };
    return factories;
}

const std::vector<FunctionSpec>& MuckenDef::functions() {
    static const std::vector<FunctionSpec> functions{
        {"tournament_table",
         "The ranking list of a Mucken tournament (U-12, U-13), pairs named by index: results are rows (pair_a, pair_b, "
         "points_a, points_b, winner); returns rows (pair, bobbl_won, goals_in_lost, opponent_goals_in_won, plus, plus_minus), "
         "best first.",
         {{"results", "rows (pair_a, pair_b, points_a, points_b, winner), pairs and winner by index (-1: none)", Accepts::int_rows(5),
           Value::none()},
          {"method", "how the pairs are ranked (U-12)", Accepts::choice([] {
               std::vector<Value> v;
               for (const char* m : TOURNAMENT_METHODS) v.push_back(Value::of_text(m));
               return v;
           }()),
           Value::of_text(TOURNAMENT_METHODS[0])},
          {"glasses", "U-13: a Bobbl won to nil counts two", Accepts::boolean(), Value::of_bool(false)}},
         [](const std::vector<Value>& a) {
             std::vector<BobblResult> rs;
             for (const Value& r : a[0].items) {
                 for (int64_t x : r.ints)
                     if (x < INT32_MIN || x > INT32_MAX) throw std::invalid_argument("a tournament result out of range: " + value_repr(r));
                 rs.push_back(BobblResult{int(r.ints[0]), int(r.ints[1]), int(r.ints[2]), int(r.ints[3]), int(r.ints[4])});
             }
             std::vector<Value> rows;
             for (const TournamentRow& t : mucken_tournament_table(rs, a[1].text, a[2].i != 0)) {
                 const int row[] = {t.pair, t.bobbl_won, t.goals_in_lost, t.opponent_goals_in_won, t.plus, t.plus_minus};
                 rows.push_back(Value::of_ints(row, row + 6));
             }
             return Value::list(std::move(rows));
         }},
    };
    return functions;
}

const std::vector<std::string>& MuckenDef::deal_locations() {
    static const std::vector<std::string> names;
    return names;
}

InitialDeal MuckenDef::initial_deal(const State& s) {
    InitialDeal d;
    const auto played = played_by_seat(s, [](Action a) { return a < CARD_ACTIONS ? Card(a) : NO_CARD; });
    for (int seat = 0; seat < s.n; ++seat) d.cards[size_t(seat)] = cards_in(s.hands[size_t(seat)] | played[size_t(seat)]);
    d.extras = {Value::of_bool(s.bock)};
    return d;
}

}   // namespace stich
