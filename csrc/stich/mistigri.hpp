// Mistigri and its German variant Mönch (docs/rules/mistigri.md, rulings M-1 .. M-12), games of the Loo
// family. 3 to 6 players, five cards each, the next card turned for trump. Every seat antes into
// the pot; each seat passes or joins; the joined seats exchange cards with the talon; a flush
// (five of a suit, the Mistigri wild) wins the pot at once; else five tricks under Farbzwang,
// Trumpfzwang and Stichzwang, each trick worth a fifth of the pot, and a joined seat without a
// trick pays a stake. The Mistigri (EU / CJ) is the highest trump; whoever plays it names the trump
// suit from then on. Option `monch`: exchange limit 4 and reshuffled discards, penalty exemptions,
// pot cap 40 with a side pot, the dealer paid when all pass, the Mönch keeping still (M-11).
#pragma once
#include <array>
#include <span>
#include <string>

#include "stich/contract.hpp"
#include "stich/deal.hpp"
#include "stich/game.hpp"
#include "stich/position.hpp"
#include "stich/schema.hpp"
#include "stich/solver_traits.hpp"
#include "stich/trick.hpp"

namespace stich {

// The Mistigri: Eichel-Unter (German) / jack of clubs (French); same id in both alphabets (M-8).
constexpr Card MISTIGRI = make_card(SUIT0, RANK_UNTER);
// The card order with `trump_suit` as trump; deck: German32, French32, German36, French36 or French52.
const Contract& mistigri_contract(int trump_suit, DeckKind deck);

// The options, each written once (stich/schema.hpp, "Options declared once"):
// X(member, type, default, "name", accepts, "ruling", "doc"). The ranges are MistigriRules' constants.
#define STICH_MISTIGRI_OPTIONS(X)                                                                                            \
    X(players, uint8_t, 4, "players", opt::range(MistigriRules::MIN_PLAYERS, MistigriRules::MAX_PLAYERS).listed(), "M-1",    \
      "3 to 6 players")                                                                                                      \
    X(deck, DeckKind, DeckKind::German32, "deck", MistigriDeckOption{}, "M-1",                                               \
      "the deck, which needs 5 cards a seat and a turned card; None picks german32 (A K O U Z 9 8 7), under monch german36 " \
      "(french52 for six players)")                                                                                          \
    X(chips, int32_t, 25, "chips", opt::range(0, MistigriRules::MAX_CHIPS), "M-3", "chips each seat starts a match with")    \
    X(stake, int32_t, 5, "stake", opt::range(1, MistigriRules::MAX_CHIPS), "M-3", "each deal's ante, and the penalties")     \
    X(monch, bool, false, "monch", opt::flag(), "M-5..M-11", "the Mönch refinements")                                        \
    X(club_law, bool, false, "club_law", opt::flag(), "M-5", "with clubs/acorns trump nobody may pass")                      \
    X(deals, int32_t, 0, "deals", opt::range(1, MistigriRules::MAX_DEALS).or_none(0), "M-12",                                \
      "deals in a match; None: until a seat runs out of chips")

struct MistigriRules {
    STICH_OPTION_MEMBERS(STICH_MISTIGRI_OPTIONS)

    bool operator==(const MistigriRules&) const = default;
    // Throws std::invalid_argument naming the option and what it accepts, or a deck too small.
    void validate() const;
    // The deck Mistigri is played with when none is named (M-1): german32, under Mönch german36
    // (french52 for six players).
    // The deck named by default_deck when the options left it open (DECK_NB); make_rules calls it.
    void resolve();
    static DeckKind default_deck(int players, bool monch) {
        return !monch ? DeckKind::German32 : players <= 5 ? DeckKind::German36 : DeckKind::French52;
    }
    static constexpr int HAND = 5;
    static constexpr int POT_CAP = 40;   // Mönch (M-10)

    // The accepted ranges, the one place they are defined (Python reads them from here). Chosen
    // so that no chip count of a whole match overflows the int32 chips, pots and returns:
    // chips are conserved (seats + pot + side pot), and in one deal a seat pays at most two
    // stakes (its ante, and a Loo or flush penalty or, under Mönch, the dealer's stake as
    // rearhand). So after k deals every seat holds >= chips - 2*stake*k, pot + side pot
    // <= 2*n*stake*k and a seat <= chips + 2*(n-1)*stake*k: with n <= 6, chips and stake <= 30000
    // and k <= 2500 deals, pot + side pot <= 9e8 and a seat <= 7.5e8. A match without `deals` ends
    // after a deal that leaves a seat at or below 0, so before each of its deals pot + side pot
    // <= n*chips. A deal may be dealt with pot and side pot up to MAX_POT each; it adds at most
    // (2n - 1) stakes: 2e9 + 330000 < 2^31.
    static constexpr int MIN_PLAYERS = 3, MAX_PLAYERS = MAX_SEATS;
    static constexpr int MAX_CHIPS = 30000;   // chips, and stake (1..MAX_CHIPS)
    static constexpr int MAX_DEALS = 2500;
    static constexpr int MAX_POT = 1'000'000'000;   // pot and side pot a deal is dealt with
};
static_assert(2LL * MistigriRules::MAX_PLAYERS * MistigriRules::MAX_CHIPS * MistigriRules::MAX_DEALS <= MistigriRules::MAX_POT,
              "a match never carries more than MAX_POT into a deal");
static_assert(2LL * MistigriRules::MAX_POT + (2LL * MistigriRules::MAX_PLAYERS - 1) * MistigriRules::MAX_CHIPS <= INT32_MAX,
              "no pot, side pot or return of a deal overflows int32");
static_assert(MistigriRules::MAX_CHIPS + 2LL * (MistigriRules::MAX_PLAYERS - 1) * MistigriRules::MAX_CHIPS * MistigriRules::MAX_DEALS <=
                  INT32_MAX,
              "no seat's chips in a match overflow int32");

// The codec of the option `deck` (stich/schema.hpp): the name of a Mistigri deck (M-1), or None
// for the default deck of the players and monch options (DECK_NB until resolve() picks it).
struct MistigriDeckOption {
    Accepts accepts() const;
    bool holds(DeckKind d) const;
    Value get(DeckKind d, const MistigriRules& r) const;
    void set(DeckKind& d, const Value& v) const;
    std::string shown(DeckKind d) const;
};

enum class MistigriPhase : uint8_t { Bid, Exchange, Play, Over };
enum class MistigriEnd : uint8_t { None, NobodyJoined, OneJoined, Flush, Played };

namespace mistigri_action {
constexpr Action PLAY_MISTIGRI = CARD_ACTIONS;   // + named suit
constexpr Action PASS = 68;
constexpr Action JOIN = 69;
constexpr Action EXCHANGE = 70;     // + mask over the hand's cards in ascending id order
constexpr Action DISCARDED = 102;   // + count: what the other seats see of an exchange
}   // namespace mistigri_action

// Flush of a five-card hand (M-7): its suit, or -1; points by M-2 flush values.
struct Flush {
    int suit = -1;
    int points = 0;
};
Flush flush_of(CardSet hand);

// The draws of the exchanges as every seat can count them (M-6, with Mönch's reshuffles): per
// exchange in history order its seat and count, how many of its cards came from the pile then
// being drawn (pile 0: the talon as dealt; pile r: the discards gathered at the r-th reshuffle)
// and the rest from the next pile; and per exchange the pile its discards went into (0: none,
// they are still among the discards).
struct ExchangeDraws {
    struct Exchange {
        uint8_t entry = 0, seat = 0, count = 0;   // its history entry, seat and number of cards
        uint8_t pile = 0, from_pile = 0;          // the pile it drew from first and how many from it
        uint8_t discards_to = 0;                  // the pile its discards were gathered into (0: none)
    };
    std::array<Exchange, MAX_SEATS> x{};
    int size = 0;
    int piles = 0;   // reshuffles so far: the pile drawn now (the talon's cards) is pile `piles`
    // The seat's exchange (or nullptr).
    const Exchange* of(int seat) const {
        for (int i = 0; i < size; ++i)
            if (x[size_t(i)].seat == seat) return &x[size_t(i)];
        return nullptr;
    }
    // How many cards exchange `e` drew from pile `p`.
    static int drawn_from(const Exchange& e, int p) { return p == e.pile ? e.from_pile : p == e.pile + 1 ? e.count - e.from_pile : 0; }
};

// What a world of a Mistigri view must keep besides the view's facts (stich/sampler.hpp, Worlds):
// M-7's flushes (a hand that was a flush when the exchange ended would have ended the deal; a deal
// that ended with a flush: nobody's beat the winner's, and under Mönch exactly the seats that held
// a flush or the Mistigri kept their stake), and a Mönch seat can hold no more of the observer's
// reshuffled discards than it drew from their pile.
struct MistigriWorldRules {
    uint8_t observer = 0, seats = 0;
    uint8_t no_flush = 0;     // seats whose hand after the exchange was no flush
    uint8_t flush_end = 0;    // seats to compare with the flush that ended the deal
    uint8_t kept_stake = 0;   // Mönch, of those: the seats that did not pay
    bool monch = false;
    int8_t winner = -1, forehand = 0, trump = 0;
    Flush best{};
    std::array<CardSet, MAX_SEATS> played{};    // each seat's plays: its hand after the exchange is hand + played
    CardSet own_reshuffled = 0;                 // the observer's discards in a pile the others drew from
    std::array<int8_t, MAX_SEATS> most_own{};   // per seat: the most of them its hand can hold (-1: any)
    bool allows(const Locations& w) const {
        for (unsigned m = no_flush; m; m &= m - 1) {
            const int seat = std::countr_zero(m);
            const CardSet plain = (w[size_t(seat)] | played[size_t(seat)]) & ~bit(MISTIGRI);
            if (plain && !(plain & ~suit_lane(suit_of(lsb(plain))))) return false;   // five of a suit, the Mistigri wild
        }
        return !(own_reshuffled | flush_end) || allows_rest(w);
    }
    bool allows_rest(const Locations& w) const;   // the Mönch draws and the flush that ended the deal
};

struct MistigriState {
    // One past the highest action id a view's history holds (the observation's action blocks, stich/rl.hpp):
    // the own exchanges in full, the others' as their size (at most a hand, 5 cards).
    static constexpr Action OBSERVED_ACTIONS_END = mistigri_action::DISCARDED + MistigriRules::HAND + 1;
    // Its exchange is taken a card at a time in the fixed action space (MistigriDef::fixed_step, stich/rl.hpp).
    static constexpr bool FIXED_STEPS = true;
    MistigriRules rules{};
    const Contract* contract = nullptr;
    std::array<CardSet, MAX_SEATS> hands{};
    std::array<CardSet, MAX_SEATS> discards{};    // each seat's discards not yet reshuffled into the talon
    std::array<CardSet, MAX_SEATS> discarded{};   // what each seat discarded in its exchange
    std::array<CardSet, MAX_SEATS> drawn{};       // and what it drew
    std::array<Card, 48> talon{};                 // talon[talon_top .. talon_end) is still to be drawn
    uint8_t talon_top = 0, talon_end = 0;
    Card turned = NO_CARD;
    int8_t trump = 0;
    Rng rng{0};         // the Mönch reshuffle of the discards
    Rng rng_dealt{0};   // and as dealt: where a replay of the deal starts it (stich/serial.hpp)
    // Cards pinned to be drawn from reshuffled discards, in draw order (positions typed by a user,
    // worlds settled by settle_world; empty in a random deal and in a search's worlds): at a
    // reshuffle, those of them in the new pile go on top in this order.
    std::array<Card, 24> redraws{};
    uint8_t redraws_size = 0, redraws_next = 0;
    uint8_t n = 4, dealer = 0, forehand = 1, to_act = 1;
    MistigriPhase phase = MistigriPhase::Bid;
    MistigriEnd end = MistigriEnd::None;
    uint8_t joined = 0, spoken = 0, exchanged = 0;   // bit per seat
    // Chips are int32 (see MistigriRules::MAX_POT for why they cannot overflow).
    int32_t pot = 0, side_pot = 0, pot_at_play = 0;
    int32_t pot_in = 0, side_pot_in = 0;      // what the deal was dealt with, before the antes
    std::array<int32_t, MAX_SEATS> delta{};   // chip change of each seat in this deal
    int8_t flush_winner = -1;
    // Play.
    Trick<MAX_SEATS> trick{};
    bool mistigri_kept_still = false;   // M-11 applies to the first trick
    std::array<uint8_t, MAX_SEATS> tricks_won{};
    History<48> history{};   // for views

    int num_players() const { return n; }
    int current_player() const { return phase == MistigriPhase::Over ? -1 : to_act; }
    bool is_terminal() const { return phase == MistigriPhase::Over; }
    CardSet hand(int seat) const { return hands[size_t(seat)]; }
    const Deck& deck_info() const { return deck(rules.deck); }
    void legal_actions(ActionList& out) const;
    void apply(Action a);
    Action random_action(Rng& r) const;
    // The rule-of-thumb bot (docs/bots.md): also a playout policy.
    Action heuristic_action(Rng& r) const;
    // Play the deal to its end (stich/game.hpp: play_out_randomly, play_out_heuristically): the
    // same draws and the same state as apply(random_action(r)), or apply(heuristic_action(r)),
    // until the end; the card play in locals instead of apply's loads and stores a card (the
    // bidding and the exchange go through apply).
    void play_out(Rng& r);
    void play_out_heuristic(Rng& r);
    void returns(Returns& out) const;
    // The tricks the seat has taken so far (M-10 pays by them): what a search reports per move.
    int tally(int seat) const { return tricks_won[size_t(seat)]; }
    std::string action_text(Action a) const;
    // Reads texts the canonical form does not cover ("discard" with cards in any order).
    Action parse_action(std::string_view text) const;
    Action public_projection(Action a) const;
    // The search's keys: bids and card plays are seen as they are; an exchange is the seat's own
    // mask of discards, seen by the others as its size (DISCARDED + count).
    ActionSet legal_keys(bool own) const;
    Action action_with_key(Action key, Rng& r) const;
    // Text of a history event; an own exchange is shown with the cards it discarded.
    std::string event_text(const PublicEvent& e) const;
    View view(int seat) const;
    Locations locations() const;
    // Installs a sampled world of `observer`'s view: the hands it cannot see, the talon (in a new
    // random order), the other seats' discards (by their public counts) and the reshuffle stream:
    // what the play reads. settle_world then makes the rest fit (outside the search): the other
    // seats' exchanges re-encoded as the world's discards and draws, the talon as dealt, the draws
    // from reshuffled discards pinned (`redraws`), all by replaying the history from that deal.
    void set_hidden(const Locations& world, int observer, Rng& r);
    void settle_world(int observer, Rng& r);
    MistigriWorldRules world_rules(int observer) const;
    ExchangeDraws exchange_draws() const;
    // What playing c now proves the seat to act lacks (the M-9 cascade under the trump before the
    // card; while the Mistigri keeps still, M-11, not the Mistigri).
    CardSet play_proves(Card c) const {
        return proven_absent_after(*contract, trick.led(), trick.winning, c) & ~(mistigri_kept_still ? bit(MISTIGRI) : CardSet(0));
    }
    std::string to_string() const;
    const char* phase_name() const;
    bool operator==(const MistigriState&) const = default;

    int num_joined() const { return popcount(joined); }
    CardSet talon_set() const;
    CardSet discard_pile() const;
    int max_discard() const;
    CardSet legal_cards() const;   // play phase: the cards (the Mistigri stands for its four actions)

    // Mönch pot cap (M-10): above 40 to the side pot, below 40 topped up from it; no-op otherwise.
    void settle_pot();

   private:
    int next_seat(int seat, uint8_t among) const;
    // The steps of apply, one a phase.
    void bid(Action a);
    void exchange(Action a);
    void play(Action a);
    void reshuffle_discards();   // Mönch: the talon is empty and a seat still draws
    void end_bidding();
    void after_exchange();
    void start_play();
    void finish_trick();
    void settle_play();   // M-10: the fifth trick is taken in
    template <bool Heuristic>
    void play_out_with(Rng& r);
};

static_assert(GameState<MistigriState>);

// A deal: `fixed` pins cards per seat (location n: the turned card, n + 1: the top of the talon);
// pot and side pot carried in. `redraws` (Mönch) pins the cards drawn from reshuffled discards,
// in draw order.
MistigriState mistigri_deal(const MistigriRules& rules, uint64_t seed, int dealer, int pot, int side_pot, const FixedHands* fixed = nullptr,
                            std::span<const Card> redraws = {});

// A state rebuilt from a position (docs/notation.md): `observer`'s hand now and the history as its
// view lists it (its own exchange as "discard EA EK draw GA S7", the others' as "discards 2" or
// "keep"), with the lines "turned", "pot" and "side_pot" (carried into the deal, before the
// antes); every hidden card drawn from `seed` uniformly among the consistent worlds, as
// `resample(observer, seed)` draws them. Throws PositionError naming the line or history entry
// that cannot be and why.
MistigriState read_position(const MistigriRules& rules, int dealer, int observer, CardSet hand, const PositionEntries& history,
                            const PositionLines& lines, uint64_t seed);
// The lines of its own a Mistigri position may have.
std::vector<std::string> position_keys(const MistigriRules&);
// The history entries of `seat`'s position (its own exchange with its draws) and its own lines.
PositionEntries position_history(const MistigriState& s, int seat);
PositionLines position_lines(const MistigriState& s, int seat);

// A match (M-12): chips per seat, the pot carried over, the dealer rotating.
struct MistigriMatch {
    MistigriRules rules{};
    uint64_t seed = 0;
    std::array<int, MAX_SEATS> chips{};
    int pot = 0, side_pot = 0, dealer = 0, deals_played = 0;
    bool over = false;
    RecordedDeals recorded{};   // for its serial form (stich/serial.hpp)

    bool is_over() const { return over; }
    // Every seat starts with rules.chips; without `deals`, a match of seats with no chips is over
    // before it starts.
    static MistigriMatch start(const MistigriRules& rules, uint64_t seed, int dealer);
    MistigriState next_deal() const;
    void record(const MistigriState& finished);
};

void mistigri_random_playouts(const MistigriRules& rules, uint64_t seed, int64_t n, int32_t* out, const std::atomic<bool>* stop = nullptr);

// The open-hand solver's hooks (stich/solver_traits.hpp).
template <>
struct SolverTraits<MistigriState> {
    using S = MistigriState;
    static constexpr bool defined = true;
    static bool in_play(const S& s) { return s.phase == MistigriPhase::Play; }
    static bool two_sided(const S&) { return false; }
    static bool plays(const S& s, int seat) { return s.joined >> seat & 1; }   // M-5: a seat that passed sits out
    static const Contract& contract(const S& s) { return *s.contract; }
    // The Mistigri names the trump as it is played (M-8): its four actions are different moves.
    static CardSet distinct(const S&) { return bit(MISTIGRI); }
    static Card card_of(const S&, Action a) { return is_card_action(a) ? Card(a) : MISTIGRI; }
    // M-10: the tricks of every seat; the trump the Mistigri named; the Mönch's first-trick rule.
    static uint64_t score_key(const S& s) {
        uint64_t k = uint64_t(s.trump) | uint64_t(s.mistigri_kept_still) << 2;
        for (int seat = 0; seat < s.n; ++seat) k |= uint64_t(s.tricks_won[size_t(seat)]) << (3 + 3 * seat);
        return k;
    }
    static CardSet in_play_cards(const S& s) {
        CardSet c = 0;
        for (int seat = 0; seat < s.n; ++seat)
            if (s.joined >> seat & 1) c |= s.hands[size_t(seat)];
        for (Card x : s.trick) c |= bit(x);
        return c;
    }
    // The root's chips grow with its tricks (a fifth of the pot each; none costs a stake).
    static void bounds(const S& s, int root, int& lo, int& hi) {
        const int per_trick = s.pot_at_play / 5, have = s.tricks_won[size_t(root)];
        const int left = MistigriRules::HAND - s.trick.done;
        auto chips = [&](int tricks) { return s.delta[size_t(root)] + per_trick * tricks - (tricks == 0 ? s.rules.stake : 0); };
        lo = chips(have);
        hi = chips(have + left);
    }
};

// The game's description for the registry (stich/registry.hpp, docs/adding-a-game.md).
struct MistigriDef {
    using Rules = MistigriRules;
    using State = MistigriState;
    using Match = MistigriMatch;
    static constexpr const char* NAME = "Mistigri";
    static constexpr const char* DOC =
        "Mistigri and Mönch (docs/rules/mistigri.md, M-1 .. M-12): 3 to 6 players, pot and chips, "
        "pass or join, exchange, flushes, the Mistigri as top trump and wild card.";
    static constexpr const char* UNIT = "chips";
    static constexpr const char* TALLY = "tricks of seat {seat}";
    static constexpr double SEARCH_C = 0.7;
    // Analysis: moves whose values differ by less (and whose difference cannot be told from 0) are
    // a tie; a tenth of a chip.
    static constexpr double TIE_THRESHOLD = 0.1;
    STICH_DESCRIPTION_TABLES
    // The fixed action space (docs/rl.md): cards 0..63 (played; in the exchange, put on the discard,
    // one card at a time in ascending order), 64..67 the Mistigri naming a suit, 68 pass, 69 join,
    // 70 (EXCHANGE_DONE) the exchange of the cards put so far (none: keep the hand).
    static constexpr int EXCHANGE_DONE = mistigri_action::EXCHANGE;
    static constexpr int NUM_DISTINCT_ACTIONS = EXCHANGE_DONE + 1;
    static void fixed_mask(const State& s, CardSet pending, bool* out);
    static CardSet fixed_step(State& s, CardSet pending, int id);
    static int num_players(const Rules& r) { return r.players; }
    static const Deck& deck_of(const Rules& r) { return deck(r.deck); }
    static State deal(const Rules& r, uint64_t seed, int dealer, const FixedHands& hands, const std::vector<Value>& extras);
    static void random_playouts(const Rules& r, uint64_t seed, int64_t n, int32_t* out, const std::vector<Value>&,
                                const std::atomic<bool>* stop) {
        mistigri_random_playouts(r, seed, n, out, stop);
    }
    static Match match(const Rules& r, uint64_t seed, int dealer) { return MistigriMatch::start(r, seed, dealer); }
    // The seed deal() replays the Mönch reshuffles from.
    static uint64_t deal_seed(const State& s) { return ~s.rng_dealt.state; }
};

}   // namespace stich
