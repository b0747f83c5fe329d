// Hearts exactly as OpenSpiel plays it (docs/rules/hearts.md, readings H-1 .. H-15; H-15, the
// match, is stich's own).
// Four players, each for itself, 52 French cards, thirteen each. A chance draw picks the pass
// direction (left, across, right, or hold: no passing), then seats 0, 1, 2, 3 in turn each pass
// three cards, one at a time, which reach the receiver once all have passed. The holder of the two
// of clubs leads it (with can_lead_any_club any club); follow suit if possible; in the first trick
// no heart nor the queen of spades unless the hand holds nothing else (no_pts_on_first_trick); a
// heart may not be led before hearts are broken (a heart played, or the queen with
// qs_breaks_hearts) unless the hand holds only hearts (with can_lead_hearts_instead_of_qs: or only
// hearts and the queen). Each heart taken is a penalty point, the queen of spades 13, the jack of
// diamonds -10 (jd_bonus); a seat that takes every heart and the queen shoots the moon (its 26
// points go to each other seat instead); with avoid_all_tricks_bonus a seat without a trick gains
// 5. The return of a seat is 26 minus its penalty points (H-12).
#pragma once
#include <array>
#include <atomic>
#include <string>

#include "stich/contract.hpp"
#include "stich/deal.hpp"
#include "stich/game.hpp"
#include "stich/position.hpp"
#include "stich/schema.hpp"
#include "stich/solver_traits.hpp"
#include "stich/trick.hpp"

namespace stich {

// The options, each written once (stich/schema.hpp, "Options declared once"), with OpenSpiel's
// names and defaults: X(member, type, default, "name", accepts, "ruling", "doc").
#define STICH_HEARTS_OPTIONS(X)                                                                                                    \
    X(pass_cards, bool, true, "pass_cards", opt::flag(), "H-2",                                                                    \
      "three cards are passed before the play, in a direction the deal draws; False: never (the direction is hold)")               \
    X(no_pts_on_first_trick, bool, true, "no_pts_on_first_trick", opt::flag(), "H-6",                                              \
      "no heart nor the queen of spades in the first trick, unless the hand holds nothing else")                                   \
    X(can_lead_any_club, bool, false, "can_lead_any_club", opt::flag(), "H-4", "the first lead may be any club, not only the two") \
    X(jd_bonus, bool, false, "jd_bonus", opt::flag(), "H-9", "the jack of diamonds counts -10 penalty points")                     \
    X(avoid_all_tricks_bonus, bool, false, "avoid_all_tricks_bonus", opt::flag(), "H-11",                                          \
      "a seat that takes no trick gains 5 (-5 penalty points), unless someone shot the moon")                                      \
    X(qs_breaks_hearts, bool, true, "qs_breaks_hearts", opt::flag(), "H-7", "playing the queen of spades breaks hearts too")       \
    X(must_break_hearts, bool, true, "must_break_hearts", opt::flag(), "H-7",                                                      \
      "a heart may not be led before hearts are broken; False: hearts are broken from the start")                                  \
    X(can_lead_hearts_instead_of_qs, bool, false, "can_lead_hearts_instead_of_qs", opt::flag(), "H-8",                             \
      "a seat whose only card besides hearts is the queen of spades may lead a heart before hearts are broken")

struct HeartsRules {
    STICH_OPTION_MEMBERS(STICH_HEARTS_OPTIONS)
    bool operator==(const HeartsRules&) const = default;
};

// Pass: the three cards each seat passes (H-3); Play: the thirteen tricks.
enum class HeartsPhase : uint8_t { Pass, Play, Over };

// The pass direction, OpenSpiel's numbering: the receiver of seat s's cards is (s + direction) % 4.
enum HeartsDirection : uint8_t { HOLD = 0, LEFT = 1, ACROSS = 2, RIGHT = 3 };
const char* hearts_direction_name(int direction);   // "hold", "left", "across", "right"

// Action ids: card plays are card ids (0..63); a pass of a card follows.
namespace hearts_action {
constexpr Action PASS = CARD_ACTIONS;   // + hearts_index(card): pass that card (H-3), hidden from the others
constexpr Action PASS_END = PASS + 52;
constexpr Action PASSED = PASS_END;   // what the other seats see of a pass: that a card was passed
}   // namespace hearts_action

// The 52 cards as 0..51 (suit * 13 + rank - 2): the pass ids.
constexpr int hearts_index(Card c) { return suit_of(c) * 13 + rank_of(c) - RANK_TWO; }
constexpr Card hearts_card(int index) { return make_card(index / 13, RANK_TWO + index % 13); }

namespace hearts_cards {
constexpr Card TWO_OF_CLUBS = make_card(SUIT0, RANK_TWO);
constexpr Card QUEEN_OF_SPADES = make_card(SUIT1, RANK_OBER);
constexpr Card JACK_OF_DIAMONDS = make_card(SUIT3, RANK_UNTER);
constexpr CardSet CLUBS = suit_lane(SUIT0) & (CardSet(0x1FFF) << RANK_TWO);
constexpr CardSet HEARTS = suit_lane(SUIT2) & (CardSet(0x1FFF) << (16 * SUIT2 + RANK_TWO));
constexpr CardSet POINT_CARDS = HEARTS | bit(QUEEN_OF_SPADES);   // the cards the first trick refuses (H-6)
}   // namespace hearts_cards

// The contract: no trumps, A K Q J T 9 .. 2 in every suit, follow the led suit, else anything;
// card points 1 a heart and 13 the queen of spades (the jack of diamonds' -10 is the state's).
const Contract& hearts_contract();

struct HeartsState {
    // One past the highest action id a view's history holds (the observation's action blocks, stich/rl.hpp).
    static constexpr Action OBSERVED_ACTIONS_END = hearts_action::PASSED + 1;
    static constexpr int NUM_SEATS = 4;
    static constexpr int HAND_SIZE = 13;
    static constexpr int NUM_TRICKS = 13;
    static constexpr int PASS_SIZE = 3;
    static constexpr int LOC_PASS = 4;   // locations 4..7: the cards seat 0..3 has passed, on their way (H-3)

    HeartsRules rules{};
    const Contract* contract = nullptr;
    std::array<CardSet, NUM_SEATS> hands{};
    std::array<CardSet, NUM_SEATS> passed{};   // the cards each seat passed (kept after the pass: who gave what)
    CardSet played = 0;                        // cards out of play (on the table or in tricks)
    std::array<CardSet, NUM_SEATS> taken{};    // the hearts, the queen of spades and the jack of diamonds each seat took
    std::array<uint8_t, NUM_SEATS> tricks{};   // tricks taken
    uint8_t dealer = 0;
    HeartsPhase phase = HeartsPhase::Pass;
    uint8_t to_act = 0;
    uint8_t direction = HOLD;
    uint8_t leader = 0;   // who led the first trick: the holder of the two of clubs (H-4)
    bool hearts_broken = false;
    Trick<NUM_SEATS> trick{};
    History<64> history{};   // 12 passes and 52 cards

    int num_players() const { return NUM_SEATS; }
    int current_player() const { return phase == HeartsPhase::Over ? -1 : to_act; }
    bool is_terminal() const { return phase == HeartsPhase::Over; }
    CardSet hand(int seat) const { return hands[size_t(seat)]; }
    const Deck& deck_info() const { return deck(DeckKind::French52); }
    void legal_actions(ActionList& out) const;
    // The cards the seat to act may play (H-4 .. H-8), OpenSpiel's cascade.
    CardSet legal_cards() const;
    void apply(Action a);
    Action random_action(Rng& rng) const;
    // Plays the deal to its end with uniformly random legal actions (stich/game.hpp,
    // play_out_randomly: the random playouts and the search's random playout): the same draws and
    // the same state as apply(random_action(rng)) until the end, with the card play's state in
    // registers instead of apply's loads and stores a card.
    void play_out(Rng& rng);
    // The rule-of-thumb bot (docs/rules/hearts.md, "The heuristic"): also a playout policy. Uses
    // only what to_act knows.
    Action heuristic_action(Rng& rng) const;
    void returns(Returns& out) const;
    // The penalty points a seat has taken so far (H-9): a heart 1, the queen of spades 13, the jack
    // of diamonds -10 with jd_bonus.
    int points(int seat) const {
        return tally(seat) - (rules.jd_bonus && contains(taken[size_t(seat)], hearts_cards::JACK_OF_DIAMONDS) ? 10 : 0);
    }
    // Bit per seat that took a heart or the queen of spades (H-10: one seat alone shoots the moon).
    int point_takers() const {
        int m = 0;
        for (int s = 0; s < NUM_SEATS; ++s) m |= (taken[size_t(s)] & hearts_cards::POINT_CARDS ? 1 : 0) << s;
        return m;
    }
    // A seat's penalty points of the finished deal (H-9 .. H-11): 26 - returns()[seat].
    int final_points(int seat) const;
    // The seat that shot the moon (H-10) in the finished deal, or -1.
    int shooter() const;
    // The hearts and the queen's points the seat has taken so far (never negative): what a search
    // reports per move.
    int tally(int seat) const {
        return popcount(taken[size_t(seat)] & hearts_cards::HEARTS) + 13 * contains(taken[size_t(seat)], hearts_cards::QUEEN_OF_SPADES);
    }
    std::string action_text(Action a) const;
    // The other seats see that a card was passed, not which (H-13); every card play is public.
    Action public_projection(Action a) const { return a >= hearts_action::PASS && a < hearts_action::PASS_END ? hearts_action::PASSED : a; }
    // A bare card names a pass in the pass phase (OpenSpiel's text for it).
    Action parse_action(std::string_view text) const;
    // The search's keys: every action is its own key, except another seat's pass (PASSED).
    ActionSet legal_keys(bool own) const {
        switch (phase) {
            case HeartsPhase::Play: return ActionSet{{legal_cards(), 0}};
            case HeartsPhase::Pass: {
                if (!own) return ActionSet{{0, uint64_t(1) << (hearts_action::PASSED - CARD_ACTIONS)}};
                const CardSet h = hands[to_act];
                uint64_t idx = 0;   // hearts_index bits: ranks 2..A of each suit, thirteen per suit
                for (int s = 0; s < SUIT_NB; ++s) idx |= ((h >> (16 * s + RANK_TWO)) & 0x1FFF) << (13 * s);
                return ActionSet{{0, idx << (hearts_action::PASS - CARD_ACTIONS)}};
            }
            case HeartsPhase::Over: break;
        }
        return ActionSet{};
    }
    Action action_with_key(Action key, Rng& rng) const {
        return key == hearts_action::PASSED ? Action(hearts_action::PASS + hearts_index(rng.pick(hands[to_act]))) : key;
    }
    // What playing c now proves the player lacks (for the position notation): the led suit when it
    // does not follow (H-5), every card but hearts and the queen for a point card in the first
    // trick (H-6), every card but hearts (and the queen, H-8) for a heart led before hearts are
    // broken (H-7).
    CardSet play_proves(Card c) const;
    // `seat`'s information set (H-13): its hand, its own pass (and, once the passes are handed over,
    // where they went), the cards it received, the holder of the two of clubs once the play starts,
    // and what every card play proves.
    View view(int seat) const;
    Locations locations() const;
    // Installs a sampled world of `observer`'s view: the hands and, during the pass, the sampled
    // piles of the passes the observer did not see (what play reads; the search's every iteration).
    void set_hidden(const Locations& world, int observer, Rng& rng);
    // Then, outside the search (stich/sampler.hpp, install_world): the passes the observer did not
    // see fit the world (after the pass: three of the receiver's cards, drawn uniformly), and so
    // does the history's record of them.
    void settle_world(int observer, Rng& rng);
    std::string to_string() const;
    const char* phase_name() const;
    bool operator==(const HeartsState&) const = default;
    // The card play starts: the holder of the two of clubs leads (H-4); after the pass, or at once
    // when the direction is hold.
    void start_play();

   private:
    void pass_card(Card c);                         // H-3: the card goes to the seat's pile; the last one hands the piles over
    void credit_trick(int winner, CardSet cards);   // H-9: a full trick's cards to its winner
    void finish_trick();
    int final_points(int seat, int moon) const;   // given the shooter (or -1)
};

static_assert(GameState<HeartsState>);

// Deals from a seed; `fixed` pins cards to seats 0..3; `direction` is the pass direction, or -1
// for the chance draw from the seed (uniform over the four with pass_cards, hold without: H-2).
HeartsState hearts_deal(const HeartsRules& rules, uint64_t seed, int dealer, const FixedHands* fixed = nullptr, int direction = -1);

// A state rebuilt from a position (docs/notation.md): `observer`'s hand now, the history as it saw
// it (other seats' passes as "passes", the passes it received in full once handed over) and the
// line "pass" (the direction). Hidden cards are drawn uniformly among the consistent worlds;
// PositionError names what cannot be.
HeartsState read_position(const HeartsRules& rules, int dealer, int observer, CardSet hand, const PositionEntries& history,
                          const PositionLines& lines, uint64_t seed);
std::vector<std::string> position_keys(const HeartsRules&);
PositionEntries position_history(const HeartsState& s, int seat);
PositionLines position_lines(const HeartsState& s, int seat);

// A match (H-15; OpenSpiel's hearts is one deal): the dealer rotates, the pass direction cycles
// left, right, across, hold (always hold without pass_cards); each deal's penalty points add up;
// once a seat has 100 or more, the seat with the fewest wins (the match goes on while the fewest
// are tied).
struct HeartsMatch {
    static constexpr int TARGET = 100;
    HeartsRules rules{};
    uint64_t seed = 0;
    std::array<int, HeartsState::NUM_SEATS> scores{};
    int dealer = 0;
    int deals_played = 0;
    int winner = -1;
    RecordedDeals recorded{};   // for its serial form (stich/serial.hpp)

    bool is_over() const { return winner >= 0; }
    int next_direction() const;
    HeartsState next_deal() const;   // seeded by the match seed and the deal number
    void record(const HeartsState& finished);
};

// Plays n random deals (dealer i % 4) with uniformly random legal actions; writes each deal's
// returns (4 per deal) to out. Deal i depends only on (seed, i).
void hearts_random_playouts(const HeartsRules& rules, uint64_t seed, int64_t n, int32_t* out, const std::atomic<bool>* stop = nullptr);
// Random playouts from one position: n copies of `from` played out (playout i seeded by (seed, i)).
void hearts_random_playouts_from(const HeartsState& from, uint64_t seed, int64_t n, int32_t* out, const std::atomic<bool>* stop = nullptr);

// The open-hand solver's hooks (stich/solver_traits.hpp): every seat for itself.
template <>
struct SolverTraits<HeartsState> {
    using S = HeartsState;
    static constexpr bool defined = true;
    // A whole deal of 52 cards is beyond an exact solve (a paranoid search of four seats: hands of
    // seven cards already take seconds): the solver takes the last five tricks.
    static constexpr int TRICKS = 5;
    static constexpr const char* START = "from its last five tricks on (docs/rules/hearts.md, \"The solver\")";
    static bool in_play(const S& s) { return s.phase == HeartsPhase::Play && s.trick.done >= S::NUM_TRICKS - TRICKS; }
    // The whole card play: the search's other seats play there by the tree, not the heuristic.
    static bool in_card_play(const S& s) { return s.phase == HeartsPhase::Play; }
    static bool two_sided(const S&) { return false; }
    static bool plays(const S&, int) { return true; }
    static const Contract& contract(const S& s) { return *s.contract; }
    // The jack of diamonds is worth -10 with jd_bonus, which the contract's points do not say.
    static CardSet distinct(const S& s) { return s.rules.jd_bonus ? bit(hearts_cards::JACK_OF_DIAMONDS) : 0; }
    static Card card_of(const S&, Action a) { return Card(a); }
    // H-7 .. H-12: the returns depend on each seat's points, who took a point trick, who took a
    // trick at all, and (for the leads to come) whether hearts are broken.
    static uint64_t score_key(const S& s) {
        uint64_t k = uint64_t(s.point_takers()) | uint64_t(s.hearts_broken) << 4;
        for (int i = 0; i < S::NUM_SEATS; ++i)
            k |= uint64_t(s.points(i) + 16) << (5 + 6 * i) | uint64_t(s.tricks[size_t(i)] > 0) << (29 + i);
        return k;
    }
    static CardSet in_play_cards(const S& s) {
        CardSet c = s.hands[0] | s.hands[1] | s.hands[2] | s.hands[3];
        for (Card x : s.trick) c |= bit(x);
        return c;
    }
    // The root's return at the end lies between taking every point still out and taking none
    // (with the jack of diamonds and the no-trick bonus where they can still come), widened to a
    // moon shot's returns where one can still happen (H-10): 26 or 36 for the root, 0 or 10 for
    // the others.
    static void bounds(const S& s, int root, int& lo, int& hi);
};

// The game's description for the registry (stich/registry.hpp, docs/adding-a-game.md).
struct HeartsDef {
    using Rules = HeartsRules;
    using State = HeartsState;
    using Match = HeartsMatch;
    static constexpr const char* NAME = "Hearts";
    static constexpr const char* DOC =
        "Hearts exactly as OpenSpiel plays it (docs/rules/hearts.md, H-1 .. H-15): four players, "
        "each for itself, 52 cards, the pass, the queen of spades, shooting the moon.";
    static constexpr const char* UNIT = "points";
    static constexpr const char* TALLY = "hearts and queen points taken by seat {seat}";
    static constexpr double SEARCH_C = 0.7;   // each seat for itself: the value of a game without partners (docs/search.md)
    // Analysis: moves whose values differ by less (and whose difference cannot be told from 0) are
    // a tie; a fifth of a point (a deal scores 0 to 36).
    static constexpr double TIE_THRESHOLD = 0.2;
    // The game's name in OpenSpiel, whose implementation it follows (stich bench --peer openspiel).
    static constexpr const char* OPENSPIEL = "hearts";
    STICH_DESCRIPTION_TABLES
    static constexpr int NUM_DISTINCT_ACTIONS = hearts_action::PASS_END;   // the fixed action space: the game's own ids (docs/rl.md)
    static int num_players(const Rules&) { return HeartsState::NUM_SEATS; }
    static const Deck& deck_of(const Rules&) { return deck(DeckKind::French52); }
    static State deal(const Rules& r, uint64_t seed, int dealer, const FixedHands& hands, const std::vector<Value>& extras);
    static void random_playouts(const Rules& r, uint64_t seed, int64_t n, int32_t* out, const std::vector<Value>& extras,
                                const std::atomic<bool>* stop);
    static Match match(const Rules& r, uint64_t seed, int dealer) { return {r, seed, {}, dealer, 0, -1, {}}; }
};

}   // namespace stich
