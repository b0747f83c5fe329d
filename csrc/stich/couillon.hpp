// Couillon with Mit (docs/rules/couillon.md, rulings C-1 .. C-6).
// Four players, partners opposite (teams seat % 2), 24 French cards A K Q J T 9 worth 4 3 2 1 0 0.
// Forehand sees its first three cards and names a trump suit or asks for the reveal (its last
// dealt card is shown and gives trump). A 4-card talon stays hidden. The holder of the Mit (SQ)
// may declare it before the first card: it becomes the second-highest trump; only whether it was
// declared is public. After a declaration the opponents may say Kontra and the declarer's team
// Re. Five tricks under C-5 following; the team with more card points moves towards 0 (C-6).
#pragma once
#include <array>
#include <string>
#include <vector>

#include "stich/contract.hpp"
#include "stich/deal.hpp"
#include "stich/game.hpp"
#include "stich/position.hpp"
#include "stich/schema.hpp"
#include "stich/solver_traits.hpp"
#include "stich/trick.hpp"

namespace stich {

// The Mit of Couillon: the queen of spades (C-3).
constexpr Card MIT = make_card(SUIT1, RANK_OBER);
// The card order with `trump_suit` as trump; mit: the Mit declared, right below the trump ace (C-3).
const Contract& couillon_contract(int trump_suit, bool mit);

// The options, each written once (stich/schema.hpp, "Options declared once"):
// X(member, type, default, "name", accepts, "ruling", "doc").
#define STICH_COUILLON_OPTIONS(X) \
    X(kontra_doubles, bool, false, "kontra_doubles", opt::flag(), "C-6", "Kontra and Re double the value instead of adding one")

struct CouillonRules {
    STICH_OPTION_MEMBERS(STICH_COUILLON_OPTIONS)
    bool operator==(const CouillonRules&) const = default;
};

enum class CouillonPhase : uint8_t { Trump, Mit, Kontra, Re, Play, Over };

// Action ids: card plays are card ids (0..63); the decisions follow.
namespace couillon_action {
constexpr Action NAME_TRUMP = CARD_ACTIONS;   // + suit: C S H D
constexpr Action REVEAL = 68;
constexpr Action MIT_DECLARE = 69;
constexpr Action MIT_PASS = 70;   // hidden from the other seats (C-3)
constexpr Action KONTRA = 71;
constexpr Action KONTRA_PASS = 72;
constexpr Action RE = 73;
constexpr Action RE_PASS = 74;
constexpr Action END = 75;
}   // namespace couillon_action

struct CouillonState {
    // One past the highest action id a view's history holds (the observation's action blocks, stich/rl.hpp).
    static constexpr Action OBSERVED_ACTIONS_END = couillon_action::RE_PASS + 1;
    static constexpr int NUM_SEATS = 4;
    static constexpr int HAND_SIZE = 5;
    static constexpr int TALON = 4;
    static constexpr int LOC_TALON = 4;

    CouillonRules rules{};
    const Contract* contract = nullptr;   // set once the trump is known
    std::array<CardSet, NUM_SEATS> hands{};
    CardSet talon = 0;
    CardSet first_three = 0;   // forehand's first packet
    Card reveal_card = NO_CARD;
    uint8_t dealer = 0, forehand = 1;
    CouillonPhase phase = CouillonPhase::Trump;
    int8_t trump = -1;
    bool revealed = false;
    int8_t mit_declarer = -1, kontra_by = -1, re_by = -1;
    uint8_t to_act = 1;
    uint8_t speakers_done = 0;   // Kontra / Re: how many of the two seats have spoken
    // Play.
    Trick<NUM_SEATS> trick{};
    std::array<uint8_t, 2> team_tricks{}, team_points{};
    History<32> history{};   // for views

    int num_players() const { return NUM_SEATS; }
    int current_player() const { return phase == CouillonPhase::Over ? -1 : to_act; }
    // C-3: only the Mit's holder is asked, unseen: the others cannot tell whose turn it is.
    bool hides_turn_from(int seat) const { return phase == CouillonPhase::Mit && to_act != seat; }
    bool is_terminal() const { return phase == CouillonPhase::Over; }
    CardSet hand(int seat) const { return hands[size_t(seat)]; }
    const Deck& deck_info() const { return deck(DeckKind::French24); }
    void legal_actions(ActionList& out) const;
    CardSet legal_cards() const;
    void apply(Action a);
    Action random_action(Rng& rng) const;
    // The rule-of-thumb bot (docs/bots.md): also a playout policy.
    Action heuristic_action(Rng& rng) const;
    // Play the deal to its end (stich/game.hpp, play_out_randomly and play_out_heuristically: the
    // random playouts and the search's playouts): the same draws and the same state as
    // apply(random_action(rng)), resp. apply(heuristic_action(rng)), until the end, with the card
    // play's state in registers instead of apply's loads and stores a card.
    void play_out(Rng& rng);
    void play_out_heuristic(Rng& rng);
    void returns(Returns& out) const;
    // The card points the seat's team has taken so far (C-1): what a search reports per move.
    int tally(int seat) const { return team_points[size_t(seat % 2)]; }
    // Change of each team's running score (negative: towards 0), C-6.
    std::array<int, 2> score_moves() const;
    std::string action_text(Action a) const;
    Action public_projection(Action a) const { return a == couillon_action::MIT_PASS ? HIDDEN_ACTION : a; }
    // The search's keys: card plays are seen as they are; other decisions go the listed way.
    ActionSet legal_keys(bool) const { return phase == CouillonPhase::Play ? ActionSet{{legal_cards(), 0}} : ActionSet{}; }
    Action action_with_key(Action key, Rng&) const { return key; }
    // `seat`'s information set. With `replayed` (the deal's card play replayed once for every
    // observer: PlayReplay::NO_OBSERVER, started by play_replay()), its proofs are taken instead of
    // a replay of the history, and the view's history is left empty (stich/rl.hpp's vector
    // environment, which keeps such a replay per deal).
    View view(int seat, const PlayReplay* replayed = nullptr) const;
    // Where a replay of this deal's card play starts: the cards of a full trick.
    PlayReplay play_replay() const;
    Locations locations() const;
    // Installs a sampled world (the content of every location of `observer`'s view): every card
    // the observer cannot see is replaced, so a search cannot learn from the state it starts from.
    // Forehand's first three cards and its fifth (the reveal card, unless revealed) are redrawn
    // from forehand's cards as dealt (its hand in the world and the cards it has played), unless
    // the observer is forehand.
    // A Mit pass the observer did not see goes with the world's Mit (C-3, see fit_mit).
    void set_hidden(const Locations& world, int observer, Rng& rng);
    // After set_hidden, outside the search (stich/sampler.hpp, install_world): forehand's own
    // packet, no longer part of its view once trump is named, is drawn anew too.
    void settle_world(int observer, Rng& rng);
    // C-3: while the Mit's holder is asked, the Mit is in a hand, not the talon (stich/sampler.hpp, Worlds).
    struct MitAsked {
        bool asked = false;
        bool allows(const Locations& w) const { return !asked || !contains(w[LOC_TALON], MIT); }
    };
    MitAsked world_rules(int observer) const { return {phase == CouillonPhase::Mit && to_act != observer}; }
    // What playing c now proves the seat to act lacks (the C-5 cascade).
    CardSet play_proves(Card c) const { return proven_absent_after(*contract, trick.led(), trick.winning, c); }
    std::string to_string() const;
    const char* phase_name() const;
    bool operator==(const CouillonState&) const = default;

   private:
    void start_play();
    void redraw_packet(Rng& rng);
    void fit_mit(int observer);
    // The seat of the given team that speaks k-th, counting clockwise from forehand.
    int team_speaker(int team, int k) const;
    void finish_trick();
    // The card play from here to the end in locals, each card chosen by `choose` (play_out,
    // play_out_heuristic).
    template <class Choose>
    void play_cards(Choose&& choose);
};

static_assert(GameState<CouillonState>);

// Deals from a seed; `fixed` pins cards per seat in deal order (forehand: the first three are
// those it decides on, the fifth is its reveal card).
CouillonState couillon_deal(const CouillonRules& rules, uint64_t seed, int dealer, const FixedHands* fixed = nullptr);

// A state rebuilt from a position (docs/notation.md): `observer`'s hand now and the history as
// its view lists it (a reveal names its card, "reveal HQ"; the Mit holder's pass is absent unless
// it is the observer's own); every hidden card drawn from `seed` uniformly among the consistent
// worlds, as `resample(observer, seed)` draws them. Couillon has no lines of its own. Throws
// PositionError naming the line or history entry that cannot be and why.
CouillonState read_position(const CouillonRules& rules, int dealer, int observer, CardSet hand, const PositionEntries& history,
                            const PositionLines& lines, uint64_t seed);
// The lines of its own a Couillon position may have.
std::vector<std::string> position_keys(const CouillonRules&);
// The history entries of `seat`'s position (its view's history, a reveal with its card) and its
// own lines (none).
PositionEntries position_history(const CouillonState& s, int seat);
PositionLines position_lines(const CouillonState& s, int seat);

// A match from 13 down to 0 with the dealer rotating (C-6).
struct CouillonMatch {
    CouillonRules rules{};
    uint64_t seed = 0;
    std::array<int, 2> scores{13, 13};
    int dealer = 0;
    int deals_played = 0;
    int winner = -1;            // team, once a score is at 0 or below
    RecordedDeals recorded{};   // for its serial form (stich/serial.hpp)

    bool is_over() const { return winner >= 0; }
    CouillonState next_deal() const;   // the next deal (seeded by the match seed and deal number)
    void record(const CouillonState& finished);
};

// Plays n random deals (dealer rotating) with uniformly random legal actions; writes each deal's
// returns (4 per deal) to out. Deal i depends only on (seed, i).
void couillon_random_playouts(const CouillonRules& rules, uint64_t seed, int64_t n, int32_t* out, const std::atomic<bool>* stop = nullptr);

// The open-hand solver's hooks (stich/solver_traits.hpp).
template <>
struct SolverTraits<CouillonState> {
    using S = CouillonState;
    static constexpr bool defined = true;
    static bool in_play(const S& s) { return s.phase == CouillonPhase::Play; }
    static bool two_sided(const S&) { return true; }
    static bool plays(const S&, int) { return true; }
    static const Contract& contract(const S& s) { return *s.contract; }
    static CardSet distinct(const S&) { return 0; }
    static Card card_of(const S&, Action a) { return Card(a); }
    // C-6: the return depends on the card points of each team and on whether one team took
    // every trick (all five); Mit, Kontra, Re and the reveal are fixed during the play.
    static uint64_t score_key(const S& s) {
        return uint64_t(s.team_points[0]) | uint64_t(s.team_points[1]) << 8 | uint64_t(s.team_tricks[0] > 0) << 16 |
               uint64_t(s.team_tricks[1] > 0) << 17;
    }
    static CardSet in_play_cards(const S& s) {
        CardSet c = 0;
        for (CardSet h : s.hands) c |= h;
        for (Card x : s.trick) c |= bit(x);
        return c;
    }
    // The return is monotone in the root team's points and tricks: the extremes are one team
    // taking all that is still out.
    static void bounds(const S& s, int root, int& lo, int& hi) {
        const int out = s.contract->points_of(in_play_cards(s));
        const int left = S::HAND_SIZE - s.trick.done;
        const int a = root % 2;
        Returns r;
        for (int side = 0; side < 2; ++side) {
            S t = s;
            const int team = side == 0 ? a : 1 - a;   // side 0: the root's team takes it all
            t.team_points[size_t(team)] = uint8_t(t.team_points[size_t(team)] + out);
            t.team_tricks[size_t(team)] = uint8_t(t.team_tricks[size_t(team)] + left);
            t.phase = CouillonPhase::Over;
            t.returns(r);
            (side == 0 ? hi : lo) = r[size_t(root)];
        }
    }
};

// The game's description for the registry (stich/registry.hpp, docs/adding-a-game.md).
struct CouillonDef {
    using Rules = CouillonRules;
    using State = CouillonState;
    using Match = CouillonMatch;
    static constexpr const char* NAME = "Couillon";
    static constexpr const char* DOC = "Couillon with Mit (docs/rules/couillon.md, C-1 .. C-6): four players, partners opposite.";
    static constexpr const char* UNIT = "match points";                         // of returns()
    static constexpr const char* TALLY = "card points of seat {seat}'s team";   // of State::tally
    static constexpr double SEARCH_C = 1.4;                                     // the search's exploration constant (docs/search.md)
    // Analysis: moves whose values differ by less (and whose difference cannot be told from 0) are
    // a tie; a tenth of a match point (a deal scores 1 to 5).
    static constexpr double TIE_THRESHOLD = 0.1;
    STICH_DESCRIPTION_TABLES
    static constexpr int NUM_DISTINCT_ACTIONS = couillon_action::END;   // the fixed action space: the game's own ids (docs/rl.md)
    static int num_players(const Rules&) { return CouillonState::NUM_SEATS; }
    static const Deck& deck_of(const Rules&) { return deck(DeckKind::French24); }
    static State deal(const Rules& r, uint64_t seed, int dealer, const FixedHands& hands, const std::vector<Value>&) {
        return couillon_deal(r, seed, dealer, &hands);
    }
    static void random_playouts(const Rules& r, uint64_t seed, int64_t n, int32_t* out, const std::vector<Value>&,
                                const std::atomic<bool>* stop) {
        couillon_random_playouts(r, seed, n, out, stop);
    }
    static Match match(const Rules& r, uint64_t seed, int dealer) { return {r, seed, {13, 13}, dealer, 0, -1, {}}; }
};

}   // namespace stich
