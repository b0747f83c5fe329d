// Mucken (docs/rules/mucken.md, U-1 .. U-13), the Franconian partnership game of the Schafkopf family.
// 4 players (partners opposite) or 6 (alternating teams of three); the short pack of 24 German
// cards (A Z K O U 9) or the long one of 32. An auction from forehand decides the game (Wenz,
// Geier, Muck, their Schneider and Tout forms; higher takes over, an earlier seat may match);
// if all pass, Ramsch (or a throw-in with Bock, a must-play game, or one point). The defenders may
// double (Kontra), then the players (Re), the defenders (Sup) and the players (Hirsch). A Sie hand
// wins the Bobbl at once. Eyes A 11, Z 10, K 4, O 3, U 2; the player party needs 61 (60 after a
// Kontra that takes over and in a must-play game, where the Schneider lines move with it).
#pragma once
#include <array>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "stich/contract.hpp"
#include "stich/deal.hpp"
#include "stich/game.hpp"
#include "stich/position.hpp"
#include "stich/schema.hpp"
#include "stich/solver_traits.hpp"
#include "stich/trick.hpp"

namespace stich {

// The card orders of Mucken (U-3): Ramsch plays the Muck order.
enum class MuckenGame : uint8_t { Muck, Geier, Wenz, Ramsch };
const Contract& mucken_contract(MuckenGame g, bool long_deck, bool stichzwang);

// Order of the three kinds inside each tier of the ranking (U-5, option `ranking`), and what
// happens when everyone passes (U-9, option `if_all_pass`): the codes, then their option names.
enum class MuckenRanking : uint8_t { GeierOverWenz, WenzOverGeier, WenzOverMuck };
enum class AllPass : uint8_t { Ramsch, ThrowIn, MustPlay, OnePoint };
inline constexpr const char* MUCKEN_RANKINGS[] = {"geier_over_wenz", "wenz_over_geier", "wenz_over_muck"};
inline constexpr const char* MUCKEN_ALL_PASS[] = {"ramsch", "throw_in", "must_play", "one_point"};
// The option `games` (U-5): with or without the Geier.
inline constexpr const char* MUCKEN_WITH_GEIER[] = {"Muck", "Geier", "Wenz"};
inline constexpr const char* MUCKEN_WITHOUT_GEIER[] = {"Muck", "Wenz"};

// Announced games: id = tier * 3 + kind, kind Wenz 0, Geier 1, Muck 2; tier normal 0,
// Schneider 1, Tout 2.
constexpr int MUCKEN_GAMES = 9;
constexpr int kind_of(int game) { return game % 3; }
constexpr int tier_of(int game) { return game / 3; }

// The options, each written once (stich/schema.hpp, "Options declared once"):
// X(member, type, default, "name", accepts, "ruling", "doc"). U-13: the deals after which Bock
// follows, whether it lasts a round, and "glasses".
#define STICH_MUCKEN_OPTIONS(X)                                                                                                        \
    X(players, uint8_t, 4, "players", opt::one_of(4, 6), "U-1", "4 players, or 6 in two alternating teams of three (short deck only)") \
    X(long_deck, bool, false, "long_deck", opt::flag(), "U-1", "add the 8s and 7s (32 cards, 8 each)")                                 \
    X(ranking, MuckenRanking, MuckenRanking::GeierOverWenz, "ranking", opt::names(MUCKEN_RANKINGS), "U-5",                             \
      "order of the games within each tier; wenz_over_muck also drops the Sie")                                                        \
    X(with_geier, bool, true, "games", opt::either(MUCKEN_WITH_GEIER, MUCKEN_WITHOUT_GEIER), "U-5", "the games played")                \
    X(kontra_takes_over, bool, true, "kontra_takes_over", opt::flag(), "U-7",                                                          \
      "after Kontra in a normal game the lines swap: the players win with 60, Schneider at 90")                                        \
    X(if_all_pass, AllPass, AllPass::Ramsch, "if_all_pass", opt::names(MUCKEN_ALL_PASS), "U-9", "what happens when every seat passes") \
    X(ramsch_double, bool, true, "ramsch_double", opt::flag(), "U-10", "Ramsch counts 4 instead of 2")                                 \
    X(ramsch_stichzwang, bool, true, "ramsch_stichzwang", opt::flag(), "U-10",                                                         \
      "in Ramsch follow, head, trump and over-trump (M-9 cascade)")                                                                    \
    X(target, int16_t, 21, "target", opt::range(1, 1000), "U-12", "points that win a Bobbl (usually 21 or 31)")                        \
    X(hanger, bool, false, "hanger", opt::flag(), "U-12", "a match is the best of three Bobbl")                                        \
    X(bock_after_throw_in, bool, true, "bock_after", opt::in_set("throw_in"), "U-13",                                                  \
      "the deals (throw_in, ramsch) after which Bock follows")                                                                         \
    X(bock_after_ramsch, bool, false, "bock_after", opt::in_set("ramsch"), "", "")                                                     \
    X(bock_round, bool, false, "bock_round", opt::flag(), "U-13", "Bock lasts a round (one deal per seat) instead of one deal")        \
    X(glasses, bool, false, "glasses", opt::flag(), "U-13", "a Bobbl lost with 0 points counts as two Bobbl")

struct MuckenRules {
    STICH_OPTION_MEMBERS(STICH_MUCKEN_OPTIONS)

    bool operator==(const MuckenRules&) const = default;
    // Throws std::invalid_argument for a member no option value gives, or a combination that
    // cannot be played.
    void validate() const;
    int hand_size() const { return (long_deck ? 32 : 24) / players; }
    DeckKind deck_kind() const { return long_deck ? DeckKind::German32 : DeckKind::German24; }
    bool allows(int game) const { return with_geier || kind_of(game) != 1; }
    // Position of a game in the ranking (higher wins the auction).
    int level(int game) const;
    bool has_sie() const { return ranking != MuckenRanking::WenzOverMuck && hand_size() >= 6; }
};

enum class MuckenPhase : uint8_t { Auction, MustPlay, Doubling, Play, Over };
// What is being played once the auction is over.
enum class MuckenPlay : uint8_t { None, Announced, MustPlay, OnePoint, Ramsch, ThrowIn, Sie };

namespace mucken_action {
constexpr Action GAME = CARD_ACTIONS;   // + game id (0..8)
constexpr Action PASS = 73;             // auction
constexpr Action DOUBLE = 74;           // + step: Kontra, Re, Sup, Hirsch
constexpr Action DOUBLE_PASS = 78;
}   // namespace mucken_action

// The Sie hand (U-11): the four Obers and the Unters of Eichel and Gras.
constexpr CardSet MUCKEN_SIE = bit(make_card(SUIT0, RANK_OBER)) | bit(make_card(SUIT1, RANK_OBER)) | bit(make_card(SUIT2, RANK_OBER)) |
                               bit(make_card(SUIT3, RANK_OBER)) | bit(make_card(SUIT0, RANK_UNTER)) | bit(make_card(SUIT1, RANK_UNTER));

// What a world of a Mucken view must keep besides the view's facts (stich/sampler.hpp, Worlds):
// a hand dealt as a Sie is shown at once and ends the deal (U-11), so in a deal that goes on no
// hidden hand was one.
struct MuckenWorldRules {
    uint8_t no_sie = 0;                        // the seats that may not have been dealt a Sie
    std::array<CardSet, MAX_SEATS> played{};   // each seat's plays: its hand as dealt is hand + played
    bool allows(const Locations& w) const {
        for (unsigned m = no_sie; m; m &= m - 1) {
            const int seat = std::countr_zero(m);
            if (((w[size_t(seat)] | played[size_t(seat)]) & MUCKEN_SIE) == MUCKEN_SIE) return false;
        }
        return true;
    }
};

struct MuckenState {
    // One past the highest action id a view's history holds (the observation's action blocks, stich/rl.hpp).
    static constexpr Action OBSERVED_ACTIONS_END = mucken_action::DOUBLE_PASS + 1;
    MuckenRules rules{};
    const Contract* contract = nullptr;
    std::array<CardSet, MAX_SEATS> hands{};
    uint8_t n = 4, hand_size = 6, dealer = 0, forehand = 1;
    MuckenPhase phase = MuckenPhase::Auction;
    MuckenPlay play = MuckenPlay::None;
    bool bock = false;   // this deal counts double (a Bock deal, U-13)
    int8_t sie_seat = -1;
    // Auction.
    uint8_t passed = 0;   // bit per seat
    int8_t holder = -1, high_game = -1;
    // The game.
    int8_t game = -1;        // announced game id (also for must-play)
    int8_t announcer = -1;   // seat of the player party's announcer (one point: the holder of EO)
    uint8_t player_team = 0;
    uint8_t doublings = 0, double_step = 0, speakers_done = 0;
    uint8_t to_act = 1;
    // Play.
    Trick<MAX_SEATS> trick{};
    std::array<uint8_t, 2> team_tricks{}, team_eyes{}, team_trumps{};
    std::array<uint8_t, MAX_SEATS> seat_tricks{};
    int8_t top_trump_team = -1;   // the team that took EO (Ramsch tie-break)
    History<80> history{};        // for views

    int num_players() const { return n; }
    int current_player() const { return phase == MuckenPhase::Over ? -1 : to_act; }
    bool is_terminal() const { return phase == MuckenPhase::Over; }
    CardSet hand(int seat) const { return hands[size_t(seat)]; }
    const Deck& deck_info() const { return deck(rules.deck_kind()); }
    void legal_actions(ActionList& out) const;
    CardSet legal_cards() const;
    void apply(Action a);
    Action random_action(Rng& rng) const;
    // The rule-of-thumb bot (docs/bots.md): also a playout policy.
    Action heuristic_action(Rng& rng) const;
    // Play the deal to its end (stich/game.hpp: play_out_randomly, play_out_heuristically): the
    // same draws and the same state as apply(random_action(rng)), or apply(heuristic_action(rng)),
    // until the end; the card play in locals instead of apply's loads and stores a card (the
    // auction and the doubling go through apply).
    void play_out(Rng& rng);
    void play_out_heuristic(Rng& rng);
    void returns(Returns& out) const;
    // The returns had the deal ended with each team's eyes and tricks as given, the rest as it
    // is: returns() is it with the real tallies; the solver's bounds ask it of the extremes.
    using TeamTallies = std::array<uint8_t, 2>;
    void returns_if(const TeamTallies& eyes, const TeamTallies& tricks, Returns& out) const;
    // The eyes the seat's team has taken so far (U-2): what a search reports per move.
    int tally(int seat) const { return team_eyes[size_t(seat % 2)]; }
    // Whether the finished deal was decided "with Schneider" (U-7, U-9): in a normal or must-play
    // game a side took 30 eyes or fewer or no trick; in a Schneider game the players reached 91.
    // The search reports how often (a player's chance of Schneider).
    bool schneider() const {
        if (!is_terminal() || (play != MuckenPlay::Announced && play != MuckenPlay::MustPlay)) return false;
        if (tier_of(game) == 1) return players_win(team_eyes, team_tricks);
        return tier_of(game) == 0 && base_value(team_eyes, team_tricks) == 3;
    }
    std::string action_text(Action a) const;
    Action public_projection(Action a) const { return a; }   // everything in Mucken is said or shown
    // The search's keys: card plays are seen as they are; other decisions go the listed way.
    ActionSet legal_keys(bool) const { return phase == MuckenPhase::Play ? ActionSet{{legal_cards(), 0}} : ActionSet{}; }
    Action action_with_key(Action key, Rng&) const { return key; }
    // `seat`'s information set. With `replayed` (the deal's card play replayed once for every
    // observer: PlayReplay::NO_OBSERVER, started by play_replay()), its proofs are taken instead of
    // a replay of the history, and the view's history is left empty (stich/rl.hpp's vector
    // environment, which keeps such a replay per deal).
    View view(int seat, const PlayReplay* replayed = nullptr) const;
    // Where a replay of this deal's card play starts: the cards of a full trick, and in a one-point game that the
    // defenders do not hold EO.
    PlayReplay play_replay() const;
    Locations locations() const;
    // Installs a sampled world of `observer`'s view (every hand it cannot see).
    void set_hidden(const Locations& world, int observer, Rng& rng);
    MuckenWorldRules world_rules(int observer) const;
    // What playing c now proves the seat to act lacks (the U-4 cascade; Ramsch U-10).
    CardSet play_proves(Card c) const { return proven_absent_after(*contract, trick.led(), trick.winning, c); }
    std::string to_string() const;
    const char* phase_name() const;
    bool operator==(const MuckenState&) const = default;

    // Result of a finished deal: the winning team (-1: nobody, a throw-in) and the value it scores.
    int winning_team() const;
    int value() const;
    // This finished deal brings Bock (U-9, U-13): a throw-in, or a Ramsch with bock_after "ramsch".
    // The match turns it into one Bock deal, or a round of them with bock_round.
    bool next_bock() const {
        return is_terminal() &&
               ((play == MuckenPlay::ThrowIn && rules.bock_after_throw_in) || (play == MuckenPlay::Ramsch && rules.bock_after_ramsch));
    }
    std::string game_name() const;

   private:
    int position(int seat) const { return (seat - forehand + n) % n; }
    // Whether the seat to act may announce game g in the auction now (its legal actions).
    bool may_announce(int g) const;
    int team_speaker(int team, int k) const;
    void next_auction_turn();
    void start_game(MuckenPlay what, int game_id, int announcer_seat);
    void start_play();
    void finish_trick();
    template <bool Heuristic>
    void play_out_with(Rng& rng);
    bool swapped_lines() const;
    // The scoring had the teams taken these eyes and tricks (returns_if).
    bool players_win(const TeamTallies& eyes, const TeamTallies& tricks) const;
    int base_value(const TeamTallies& eyes, const TeamTallies& tricks) const;
    int winning_team(const TeamTallies& eyes, const TeamTallies& tricks) const;
    int value(const TeamTallies& eyes, const TeamTallies& tricks) const;
};

static_assert(GameState<MuckenState>);

MuckenState mucken_deal(const MuckenRules& rules, uint64_t seed, int dealer, bool bock, const FixedHands* fixed = nullptr);

// A state rebuilt from a position (docs/notation.md): `observer`'s hand now and the history as its
// view lists it, with the lines "bock" (yes/no) and "eo_team" (one_point, once everyone passed:
// the team holding EO, U-9); every hidden card drawn from `seed` uniformly among the consistent
// worlds, as `resample(observer, seed)` draws them. Throws PositionError naming the line or
// history entry that cannot be and why.
MuckenState read_position(const MuckenRules& rules, int dealer, int observer, CardSet hand, const PositionEntries& history,
                          const PositionLines& lines, uint64_t seed);
// The lines of its own a Mucken position may have.
std::vector<std::string> position_keys(const MuckenRules&);
// The history entries of `seat`'s position and its own lines ("bock", "eo_team").
PositionEntries position_history(const MuckenState& s, int seat);
PositionLines position_lines(const MuckenState& s, int seat);

// A Bobbl: the winners' points accumulate to the target; the first team there wins it (U-12).
// With the hanger, two Bobbl won win the match; with glasses a Bobbl won to nil counts two (U-13).
// The dealer rotates; a deal that brings Bock adds one Bock deal (a round with bock_round) after
// those still pending.
struct MuckenMatch {
    MuckenRules rules{};
    uint64_t seed = 0;
    std::array<int, 2> points{}, bobbl_won{};
    std::array<std::array<int, 2>, 3> bobbl_points{};   // final points of each Bobbl played
    std::array<int, 3> bobbl_winner{};                  // and the team that won it
    int dealer = 0, deals_played = 0, bobbls_played = 0;
    int bock_deals = 0;         // Bock deals still to come, the next one first
    RecordedDeals recorded{};   // for its serial form (stich/serial.hpp)
    int winner = -1;

    bool is_over() const { return winner >= 0; }
    bool bock() const { return bock_deals > 0; }
    MuckenState next_deal() const;
    void record(const MuckenState& finished);
};

// The ranking list of a Mucken tournament (U-12, U-13): the Bobbl played between pairs, each pair
// named by an index (callers map their own names to indices).
struct BobblResult {
    int pair_a = 0, pair_b = 0, points_a = 0, points_b = 0, winner = 0;   // winner: pair_a or pair_b
};
struct TournamentRow {
    int pair = 0;
    int bobbl_won = 0;               // with glasses a Bobbl won to nil counts two (U-13)
    int goals_in_lost = 0;           // points the pair scored in the Bobbl it lost (more is better)
    int opponent_goals_in_won = 0;   // points its opponents scored in the Bobbl it won (fewer is better)
    int plus = 0;                    // all points the pair scored
    int plus_minus = 0;              // its points minus its opponents' points
};
// "bobbl": by Bobbl won, then goals in lost Bobbl, then fewest opponent goals in won Bobbl (U-12);
// "plus": by the points scored; "plus_minus": by points scored minus points conceded.
inline constexpr std::array<const char*, 3> TOURNAMENT_METHODS = {"bobbl", "plus", "plus_minus"};
// Every pair that appears, best first; remaining ties keep the order in which the pairs first
// appear. std::invalid_argument for an unknown method, a result whose winner is not one of two
// different pairs, or negative points (naming the result by its index).
std::vector<TournamentRow> mucken_tournament_table(std::span<const BobblResult> results, std::string_view method, bool glasses);

// Random deals played out with random legal actions. `opening` fixes the game instead of a random
// auction: a game id (forehand announces it, the others pass, nobody doubles) or
// MUCKEN_OPENING_RAMSCH (everybody passes); MUCKEN_OPENING_RANDOM keeps the auction random.
constexpr int MUCKEN_OPENING_RANDOM = -1;
constexpr int MUCKEN_OPENING_RAMSCH = MUCKEN_GAMES;
void mucken_random_playouts(const MuckenRules& rules, uint64_t seed, int64_t n, int32_t* out, int opening = MUCKEN_OPENING_RANDOM,
                            const std::atomic<bool>* stop = nullptr);
// Applies such an opening to a fresh deal (nothing happens to a deal a Sie has ended).
void apply_mucken_opening(MuckenState& s, int opening);

// The open-hand solver's hooks (stich/solver_traits.hpp).
template <>
struct SolverTraits<MuckenState> {
    using S = MuckenState;
    static constexpr bool defined = true;
    static bool in_play(const S& s) { return s.phase == MuckenPhase::Play; }
    static bool two_sided(const S&) { return true; }
    static bool plays(const S&, int) { return true; }
    static const Contract& contract(const S& s) { return *s.contract; }
    // Ramsch: the team that took the Eichel-Ober loses the last tie (U-10).
    static CardSet distinct(const S& s) { return s.play == MuckenPlay::Ramsch ? bit(make_card(SUIT0, RANK_OBER)) : 0; }
    static Card card_of(const S&, Action a) { return Card(a); }
    // U-6 .. U-10: eyes and tricks per team; Ramsch also trumps taken, who took the EO and the
    // seat that has taken every trick so far (a Durchmarsch is still possible).
    static uint64_t score_key(const S& s) {
        uint64_t k = uint64_t(s.team_eyes[0]) | uint64_t(s.team_eyes[1]) << 8;
        if (s.play == MuckenPlay::Ramsch) {
            int all = 7;   // no trick yet
            if (s.trick.done) {
                all = 6;   // nobody has them all
                for (int seat = 0; seat < s.n; ++seat)
                    if (s.seat_tricks[size_t(seat)] == s.trick.done) all = seat;
            }
            k |= uint64_t(s.team_tricks[0]) << 16 | uint64_t(s.team_tricks[1]) << 20 | uint64_t(s.team_trumps[0]) << 24 |
                 uint64_t(s.team_trumps[1]) << 28 | uint64_t(s.top_trump_team + 1) << 32 | uint64_t(all) << 34;
        } else {
            // Outside Ramsch the tricks matter only as Schwarz / Tout: whether a team has one.
            k |= uint64_t(s.team_tricks[0] > 0) << 16 | uint64_t(s.team_tricks[1] > 0) << 17;
        }
        return k;
    }
    static CardSet in_play_cards(const S& s) {
        CardSet c = 0;
        for (int seat = 0; seat < s.n; ++seat) c |= s.hands[size_t(seat)];
        for (Card x : s.trick) c |= bit(x);
        return c;
    }
    static void bounds(const S& s, int root, int& lo, int& hi) {
        if (s.play == MuckenPlay::Ramsch) {
            // Not monotone (more eyes loses, all tricks by one seat wins): the values it can take.
            const int bock = s.bock ? 2 : 1;
            bool durchmarsch = s.trick.done == 0;
            for (int seat = 0; seat < s.n; ++seat) durchmarsch = durchmarsch || s.seat_tricks[size_t(seat)] == s.trick.done;
            hi = (durchmarsch ? 10 : s.rules.ramsch_double ? 4 : 2) * bock;   // 10 > 4: a Durchmarsch is the most
            lo = -hi;
            return;
        }
        // Announced, must-play and one-point games: monotone in the player party's eyes and
        // tricks (U-6 .. U-9), so the extremes are one team taking all that is still out.
        const int out = s.contract->points_of(in_play_cards(s));
        const int left = s.hand_size - s.trick.done;
        const int a = root % 2;
        Returns r;
        for (int side = 0; side < 2; ++side) {
            S::TeamTallies eyes = s.team_eyes, tricks = s.team_tricks;
            const int team = side == 0 ? a : 1 - a;
            eyes[size_t(team)] = uint8_t(eyes[size_t(team)] + out);
            tricks[size_t(team)] = uint8_t(tricks[size_t(team)] + left);
            s.returns_if(eyes, tricks, r);
            (side == 0 ? hi : lo) = r[size_t(root)];
        }
    }
};

// The game's description for the registry (stich/registry.hpp, docs/adding-a-game.md).
struct MuckenDef {
    using Rules = MuckenRules;
    using State = MuckenState;
    using Match = MuckenMatch;
    static constexpr const char* NAME = "Mucken";
    static constexpr const char* DOC =
        "Mucken (docs/rules/mucken.md, U-1 .. U-13): 4 players (partners opposite) or 6 (alternating teams).";
    static constexpr const char* UNIT = "game points";
    static constexpr const char* TALLY = "eyes of seat {seat}'s team";
    static constexpr double SEARCH_C = 0.35;
    // Analysis: moves whose values differ by less (and whose difference cannot be told from 0) are
    // a tie; a tenth of a game point, the smallest step of a tariff.
    static constexpr double TIE_THRESHOLD = 0.1;
    STICH_DESCRIPTION_TABLES
    static constexpr int NUM_DISTINCT_ACTIONS = mucken_action::DOUBLE_PASS + 1;   // the fixed action space: the game's own ids (docs/rl.md)
    static const std::vector<FunctionSpec>& functions();                          // the tournament table (U-12, U-13)
    static int num_players(const Rules& r) { return r.players; }
    static const Deck& deck_of(const Rules& r) { return deck(r.deck_kind()); }
    static State deal(const Rules& r, uint64_t seed, int dealer, const FixedHands& hands, const std::vector<Value>& extras) {
        return mucken_deal(r, seed, dealer, extras[0].i != 0, &hands);
    }
    static void random_playouts(const Rules& r, uint64_t seed, int64_t n, int32_t* out, const std::vector<Value>& extras,
                                const std::atomic<bool>* stop);
    static Match match(const Rules& r, uint64_t seed, int dealer) {
        Match m;
        m.rules = r;
        m.seed = seed;
        m.dealer = dealer;
        return m;
    }
};

}   // namespace stich
