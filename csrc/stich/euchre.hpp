// Euchre exactly as OpenSpiel plays it (docs/rules/euchre.md, readings E-1 .. E-13; E-13, the match,
// is stich's own).
// Four players, partners opposite (teams seat % 2), 24 French cards 9 T J Q K A. Five cards
// each, one card turned up (the upcard), three face down (the kitty). First round, from the
// dealer's left: pass, or order the upcard's suit as trump; the dealer then takes the upcard and
// discards one other card, face down. Second round: pass, or name another suit; with "stick the
// dealer" the dealer may not pass last. The maker may go alone (its partner sits out); with the
// lone-defender option each defender in turn may too. Trumps: the jack of trump (right bower),
// the other jack of its colour (left bower), then A K Q T 9; the left bower belongs to trump
// for following. Makers score 1 for 3-4 tricks, 2 for all five (4 alone), -2 when euchred (-4
// against a lone defender); defenders the opposite (E-10).
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

// The options, each written once (stich/schema.hpp, "Options declared once"):
// X(member, type, default, "name", accepts, "ruling", "doc").
#define STICH_EUCHRE_OPTIONS(X)                                                     \
    X(allow_lone_defender, bool, false, "allow_lone_defender", opt::flag(), "E-8",  \
      "after the maker's go-alone decision each defender in turn may go alone too") \
    X(stick_the_dealer, bool, true, "stick_the_dealer", opt::flag(), "E-5", "the dealer may not pass in the second round")

struct EuchreRules {
    STICH_OPTION_MEMBERS(STICH_EUCHRE_OPTIONS)
    bool operator==(const EuchreRules&) const = default;
};

// Bid: the two rounds of bidding; Discard: the dealer's discard after an order-up; Alone: the
// maker's go-alone decision; Defend: a defender's (E-8, with the lone-defender option).
enum class EuchrePhase : uint8_t { Bid, Discard, Alone, Defend, Play, Over };

// Action ids: card plays are card ids (0..63); the decisions follow.
namespace euchre_action {
constexpr Action PASS = CARD_ACTIONS;   // 64
constexpr Action TRUMP = 65;            // + suit (stich order: C S H D): order up / name it
constexpr Action ALONE = 69;
constexpr Action PARTNER = 70;
constexpr Action DISCARD = 71;   // + euchre_index(card): the dealer's discard, hidden (E-4)
constexpr Action DISCARD_END = DISCARD + 24;
constexpr Action DISCARDED = DISCARD_END;   // what the other seats see of the discard: that it was made
}   // namespace euchre_action

// The 24 cards as 0..23 (suit * 6 + rank - 9): the dealer's discard ids.
constexpr int euchre_index(Card c) { return suit_of(c) * 6 + rank_of(c) - RANK_NINE; }
constexpr Card euchre_card(int index) { return make_card(index / 6, RANK_NINE + index % 6); }
// The other suit of the same colour (clubs-spades, hearts-diamonds in the stich suit order).
constexpr int euchre_same_colour(int suit) { return suit ^ 1; }

// The contract with `trump_suit` trump: right bower, left bower, A K Q T 9 of trump; plain suits
// A K Q J T 9; follow the led suit (the left bower counts as trump), else anything (E-9).
const Contract& euchre_contract(int trump_suit);

struct EuchreState {
    // One past the highest action id a view's history holds (the observation's action blocks, stich/rl.hpp).
    static constexpr Action OBSERVED_ACTIONS_END = euchre_action::DISCARDED + 1;
    static constexpr int NUM_SEATS = 4;
    static constexpr int HAND_SIZE = 5;
    static constexpr int NUM_TRICKS = 5;
    static constexpr int LOC_KITTY = 4;

    EuchreRules rules{};
    const Contract* contract = nullptr;   // set once the trump is named
    std::array<CardSet, NUM_SEATS> hands{};
    // The kitty location: the three cards never seen, plus the upcard while nobody took it and
    // the dealer's discard once made.
    CardSet kitty = 0;
    CardSet played = 0;   // cards out of play (on the table or in tricks)
    Card upcard = NO_CARD;
    Card discard = NO_CARD;      // the dealer's discard (E-4)
    bool upcard_taken = false;   // ordered up in the first round
    uint8_t dealer = 0;
    EuchrePhase phase = EuchrePhase::Bid;
    uint8_t to_act = 1;
    uint8_t passes = 0;   // passes in the bidding so far (0..8)
    int8_t trump = -1;
    int8_t declarer = -1;   // the maker: who ordered up or named the trump
    bool declarer_alone = false;
    int8_t lone_defender = -1;
    uint8_t sitting_out = 0;      // bit per seat whose partner plays alone
    uint8_t active = NUM_SEATS;   // seats playing: cards in a full trick
    Trick<NUM_SEATS> trick{};
    std::array<uint8_t, 2> team_tricks{};
    History<32> history{};   // 8 bids, a discard, 3 go-alone decisions, 20 cards at most

    int num_players() const { return NUM_SEATS; }
    int current_player() const { return phase == EuchrePhase::Over ? -1 : to_act; }
    bool is_terminal() const { return phase == EuchrePhase::Over; }
    CardSet hand(int seat) const { return hands[size_t(seat)]; }
    const Deck& deck_info() const { return deck(DeckKind::French24); }
    void legal_actions(ActionList& out) const;
    CardSet legal_cards() const { return trick.legal(*contract, hands[to_act]); }
    void apply(Action a);
    Action random_action(Rng& rng) const;
    // The rule-of-thumb bot (docs/bots.md): also a playout policy. Uses only what to_act knows.
    Action heuristic_action(Rng& rng) const;
    // Play the deal to its end (stich/game.hpp, play_out_randomly and play_out_heuristically: the
    // random playouts and the search's playouts): the same draws and the same state as
    // apply(random_action(rng)), resp. apply(heuristic_action(rng)), until the end, with the card
    // play's state in registers instead of apply's loads and stores a card.
    void play_out(Rng& rng);
    void play_out_heuristic(Rng& rng);
    void returns(Returns& out) const;
    // The makers' points of the finished deal (E-10): +1, +2, +4, -2 or -4; 0 before the end
    // and when all passed.
    int makers_score() const;
    // Tricks the seat's team has taken so far: what a search reports per move.
    int tally(int seat) const { return team_tricks[size_t(seat % 2)]; }
    std::string action_text(Action a) const;
    // The other seats see that the dealer discarded, not the card (E-4); every other action is public.
    Action public_projection(Action a) const {
        return a >= euchre_action::DISCARD && a < euchre_action::DISCARD_END ? euchre_action::DISCARDED : a;
    }
    // A bare card names the dealer's discard in the discard phase (OpenSpiel's text for it).
    Action parse_action(std::string_view text) const;
    // The search's keys: every action is its own key, except the dealer's discard for the other
    // seats (hidden: the search lists and projects those).
    ActionSet legal_keys(bool own) const {
        switch (phase) {
            case EuchrePhase::Play: return ActionSet{{legal_cards(), 0}};
            case EuchrePhase::Bid: {   // bit 0 of the upper word: PASS (64), bits 1.. the suits (65 + suit)
                const bool pass = !(rules.stick_the_dealer && passes == 2 * NUM_SEATS - 1);
                const uint64_t suits = passes < NUM_SEATS ? uint64_t(1) << suit_of(upcard) : 0xF & ~(uint64_t(1) << suit_of(upcard));
                return ActionSet{{0, uint64_t(pass) | suits << 1}};
            }
            case EuchrePhase::Alone:
            case EuchrePhase::Defend: return ActionSet{{0, uint64_t(3) << (euchre_action::ALONE - CARD_ACTIONS)}};
            case EuchrePhase::Discard: {
                if (!own) return ActionSet{};
                const CardSet h = hands[dealer] & ~bit(upcard);
                uint64_t idx = 0;   // euchre_index bits: ranks 9..A of each suit, six per suit
                for (int s = 0; s < SUIT_NB; ++s) idx |= ((h >> (16 * s + RANK_NINE)) & 0x3F) << (6 * s);
                return ActionSet{{0, idx << (euchre_action::DISCARD - CARD_ACTIONS)}};
            }
            case EuchrePhase::Over: break;
        }
        return ActionSet{};
    }
    Action action_with_key(Action key, Rng&) const { return key; }
    // What playing c now proves the player lacks (for the position notation): the led suit when
    // it does not follow (E-9).
    CardSet play_proves(Card c) const { return proven_absent_after(*contract, trick.led(), trick.winning, c); }
    // `seat`'s information set. With `replayed` (the deal's card play replayed once for every
    // observer: PlayReplay::NO_OBSERVER, started by play_replay()), its proofs are taken instead of
    // a replay of the history, and the view's history is left empty (stich/rl.hpp's vector
    // environment, which keeps such a replay per deal).
    View view(int seat, const PlayReplay* replayed = nullptr) const;
    // Where a replay of this deal's card play starts: the cards of a full trick (three when a seat sits out).
    PlayReplay play_replay() const;
    Locations locations() const;
    // Installs a sampled world of `observer`'s view; the dealer's discard is redrawn from the
    // new kitty where the observer did not see it.
    void set_hidden(const Locations& world, int observer, Rng& rng);
    std::string to_string() const;
    const char* phase_name() const;
    int next_active(int seat) const;
    bool operator==(const EuchreState&) const = default;

   private:
    void start_play();
    void finish_trick();
    // The card play from here to the end in locals, each card chosen by `choose` (play_out,
    // play_out_heuristic).
    template <class Choose>
    void play_cards(Choose&& choose);
};

static_assert(GameState<EuchreState>);

// Deals from a seed; `fixed` pins cards to seats 0..3, the upcard (location 4, one card) and
// the kitty (location 5, up to three cards); the rest is random.
EuchreState euchre_deal(const EuchreRules& rules, uint64_t seed, int dealer, const FixedHands* fixed = nullptr);

// A state rebuilt from a position (docs/notation.md): `observer`'s hand now, the history as it saw
// it (the dealer's discard as "discards" unless the observer is the dealer) and the line "upcard". Hidden
// cards (the discard too) are drawn uniformly among the consistent worlds; PositionError names
// what cannot be.
EuchreState read_position(const EuchreRules& rules, int dealer, int observer, CardSet hand, const PositionEntries& history,
                          const PositionLines& lines, uint64_t seed);
// The lines of its own a Euchre position has ("upcard").
std::vector<std::string> position_keys(const EuchreRules&);
PositionEntries position_history(const EuchreState& s, int seat);
PositionLines position_lines(const EuchreState& s, int seat);

// A match (E-13; OpenSpiel's euchre is one deal): the dealer rotates; the makers' points go to
// the makers' team and a euchre's to the defenders; the first team to 10 points wins.
struct EuchreMatch {
    static constexpr int TARGET = 10;
    EuchreRules rules{};
    uint64_t seed = 0;
    std::array<int, 2> scores{0, 0};
    int dealer = 0;
    int deals_played = 0;
    int winner = -1;            // team, once its score reaches TARGET
    RecordedDeals recorded{};   // for its serial form (stich/serial.hpp)

    bool is_over() const { return winner >= 0; }
    EuchreState next_deal() const;   // seeded by the match seed and the deal number
    void record(const EuchreState& finished);
};

// Plays n random deals (dealer i % 4) with uniformly random legal actions; writes each deal's
// returns (4 per deal) to out. Deal i depends only on (seed, i).
void euchre_random_playouts(const EuchreRules& rules, uint64_t seed, int64_t n, int32_t* out, const std::atomic<bool>* stop = nullptr);

// Random playouts from one position: n copies of `from` played out with uniformly random legal
// actions (playout i seeded by (seed, i)); returns as above.
void euchre_random_playouts_from(const EuchreState& from, uint64_t seed, int64_t n, int32_t* out, const std::atomic<bool>* stop = nullptr);

// The open-hand solver's hooks (stich/solver_traits.hpp).
template <>
struct SolverTraits<EuchreState> {
    using S = EuchreState;
    static constexpr bool defined = true;
    static bool in_play(const S& s) { return s.phase == EuchrePhase::Play; }
    static bool two_sided(const S&) { return true; }
    // A seat whose partner (or, as the lone defender, whose partner) plays alone sits out (E-6, E-8).
    static bool plays(const S& s, int seat) { return !(s.sitting_out >> seat & 1); }
    static const Contract& contract(const S& s) { return *s.contract; }
    static CardSet distinct(const S&) { return 0; }
    static Card card_of(const S&, Action a) { return Card(a); }
    // E-10: the return depends only on the tricks each team has taken.
    static uint64_t score_key(const S& s) { return uint64_t(s.team_tricks[0]) | uint64_t(s.team_tricks[1]) << 4; }
    static CardSet in_play_cards(const S& s) {
        CardSet c = 0;
        for (int seat = 0; seat < S::NUM_SEATS; ++seat)
            if (plays(s, seat)) c |= s.hands[size_t(seat)];
        for (Card x : s.trick) c |= bit(x);
        return c;
    }
    // The return is monotone in the root team's tricks: the extremes are one team taking every
    // trick still to play.
    static void bounds(const S& s, int root, int& lo, int& hi) {
        const int left = S::NUM_TRICKS - s.trick.done;
        Returns r;
        for (int side = 0; side < 2; ++side) {
            S t = s;
            const int team = side == 0 ? root % 2 : 1 - root % 2;   // side 0: the root's team takes them all
            t.team_tricks[size_t(team)] = uint8_t(t.team_tricks[size_t(team)] + left);
            t.phase = EuchrePhase::Over;
            t.returns(r);
            (side == 0 ? hi : lo) = r[size_t(root)];
        }
    }
};

// The game's description for the registry (stich/registry.hpp, docs/adding-a-game.md).
struct EuchreDef {
    using Rules = EuchreRules;
    using State = EuchreState;
    using Match = EuchreMatch;
    static constexpr const char* NAME = "Euchre";
    static constexpr const char* DOC =
        "Euchre exactly as OpenSpiel plays it (docs/rules/euchre.md, E-1 .. E-13): four players, "
        "partners opposite, 24 cards, the upcard, bowers, going alone.";
    static constexpr const char* UNIT = "points";
    static constexpr const char* TALLY = "tricks of seat {seat}'s team";
    static constexpr double SEARCH_C = 1.4;   // the grid in docs/search.md
    // Analysis: moves whose values differ by less (and whose difference cannot be told from 0) are
    // a tie; a twentieth of a point (a deal scores 1, 2 or 4).
    static constexpr double TIE_THRESHOLD = 0.05;
    // The game's name in OpenSpiel, whose implementation it follows (stich bench --peer openspiel).
    static constexpr const char* OPENSPIEL = "euchre";
    STICH_DESCRIPTION_TABLES
    static constexpr int NUM_DISTINCT_ACTIONS = euchre_action::DISCARD_END;   // the fixed action space: the game's own ids (docs/rl.md)
    static int num_players(const Rules&) { return EuchreState::NUM_SEATS; }
    static const Deck& deck_of(const Rules&) { return deck(DeckKind::French24); }
    static State deal(const Rules& r, uint64_t seed, int dealer, const FixedHands& hands, const std::vector<Value>& extras);
    static void random_playouts(const Rules& r, uint64_t seed, int64_t n, int32_t* out, const std::vector<Value>& extras,
                                const std::atomic<bool>* stop);
    static Match match(const Rules& r, uint64_t seed, int dealer) { return {r, seed, {0, 0}, dealer, 0, -1, {}}; }
};

}   // namespace stich
