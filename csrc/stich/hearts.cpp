#include "stich/hearts.hpp"

#include <sstream>

namespace stich {

namespace ha = hearts_action;
namespace hc = hearts_cards;

namespace {

constexpr const char* DIRECTION_NAMES[4] = {"hold", "left", "across", "right"};
constexpr int PLAIN_RANKS[13] = {RANK_ACE, RANK_KING, RANK_OBER, RANK_UNTER, RANK_TEN, 9, 8, 7, 6, 5, 4, 3, RANK_TWO};

// H-5, H-8: no trumps, every suit A K Q J T 9 .. 2; points 1 a heart, 13 the queen of spades (the
// solver's ordering and equivalent cards read them; the jack of diamonds is the state's).
Contract make_hearts() {
    ContractBuilder b(DeckKind::French52, FollowRule::FollowSuit);
    Contract k = b.build({}, std::vector<int>(std::begin(PLAIN_RANKS), std::end(PLAIN_RANKS)));
    for (CardSet h = hc::HEARTS; h;) k.points[pop_lsb(h)] = 1;
    k.points[hc::QUEEN_OF_SPADES] = 13;
    return k;
}

CardSet deck_cards() { return deck(DeckKind::French52).cards; }

// What legally playing c proves about the hand that played it (H-5 .. H-8), given the trick so far
// (`in_trick` cards, `led`), the tricks done and whether hearts were broken before c.
CardSet proves(const HeartsRules& r, int in_trick, int done, Card led, bool broken, Card c) {
    const CardSet all = deck_cards();
    if (in_trick == 0) {
        // The opening lead is a club (H-4); a later lead of a heart before hearts are broken is
        // legal only from a hand of hearts (and the queen of spades, H-8).
        if (done == 0 || broken || !contains(hc::HEARTS, c)) return 0;
        return all & ~hc::HEARTS & ~(r.can_lead_hearts_instead_of_qs ? bit(hc::QUEEN_OF_SPADES) : 0);
    }
    if (suit_of(c) == suit_of(led)) return 0;
    CardSet f = suit_lane(suit_of(led)) & all;                                                               // H-5: void in the led suit
    if (done == 0 && r.no_pts_on_first_trick && contains(hc::POINT_CARDS, c)) f |= all & ~hc::POINT_CARDS;   // H-6
    return f & ~bit(c);
}

// H-7: the cards that break hearts, the hearts and with qs_breaks_hearts the queen of spades.
CardSet heart_breakers(const HeartsRules& r) { return hc::HEARTS | (CardSet(r.qs_breaks_hearts) << hc::QUEEN_OF_SPADES); }
bool breaks_hearts(const HeartsRules& r, Card c) { return contains(heart_breakers(r), c); }

// The card of `s` ranked highest (or lowest) by `score`.
template <class Score>
Card best_by(CardSet s, Score score) {
    Card best = lsb(s);
    auto best_score = score(best);
    for (CardSet t = s & (s - 1); t;) {
        const Card c = pop_lsb(t);
        const auto v = score(c);
        if (v > best_score) {
            best = c;
            best_score = v;
        }
    }
    return best;
}

// The card of `h` the heuristic passes first (docs/rules/hearts.md, "The heuristic"): the queen of
// spades, then the ace and king of spades, then the highest heart, then the highest card (of the
// same rank, the lowest suit: clubs, spades, diamonds). The same choice as ranking every card by
// rank + 40 a heart + 80 a high spade + 100 the queen, without scoring each card of the hand.
Card pass_choice(CardSet h) {
    constexpr CardSet HIGH_SPADES = bit(make_card(SUIT1, RANK_ACE)) | bit(make_card(SUIT1, RANK_KING));
    if (contains(h, hc::QUEEN_OF_SPADES)) return hc::QUEEN_OF_SPADES;
    if (h & HIGH_SPADES) return msb(h & HIGH_SPADES);
    if (h & hc::HEARTS) return msb(h & hc::HEARTS);
    const CardSet ranks = (h | h >> 16 | h >> 32 | h >> 48) & 0xFFFF;   // the ranks held in any suit
    return lsb(h & (CardSet(0x0001000100010001) << msb(ranks)));        // the highest, of its suits the lowest
}

// The cards each seat played, by the history.
std::array<CardSet, MAX_SEATS> card_plays(const HeartsState& s) {
    return played_by_seat(s, [](Action a) { return is_card_action(a) ? Card(a) : NO_CARD; });
}

}   // namespace

const Contract& hearts_contract() {
    static const Contract k = make_hearts();
    return k;
}

const char* hearts_direction_name(int direction) { return DIRECTION_NAMES[direction & 3]; }

// The cards hand h may play (H-4 .. H-8), OpenSpiel's cascade: `in_trick` cards on the table,
// led by `led`, after `done` tricks, hearts broken or not. The first trick apart, so that the
// playouts' other 48 cards take the fewest branches.
CardSet legal_in(const HeartsRules& r, CardSet h, int in_trick, int done, Card led, bool broken) {
    if (done == 0) [[unlikely]] {
        if (in_trick == 0) return r.can_lead_any_club ? h & hc::CLUBS : bit(hc::TWO_OF_CLUBS);   // H-4: the opening lead
        if (const CardSet follow = h & suit_lane(suit_of(led))) return follow;                   // H-5
        const CardSet clean = h & ~hc::POINT_CARDS;   // H-6 (a card after the lead, not following)
        return r.no_pts_on_first_trick && clean ? clean : h;
    }
    if (in_trick) {
        const CardSet follow = h & suit_lane(suit_of(led));   // H-5
        return follow ? follow : h;
    }
    CardSet lead = broken ? h : h & ~hc::HEARTS;   // H-7, H-8: a lead
    if (r.can_lead_hearts_instead_of_qs && lead == bit(hc::QUEEN_OF_SPADES)) lead = 0;
    return lead ? lead : h;
}

CardSet HeartsState::legal_cards() const { return legal_in(rules, hands[to_act], trick.size, trick.done, trick.led(), hearts_broken); }

void HeartsState::legal_actions(ActionList& out) const {
    out.n = 0;
    switch (phase) {
        case HeartsPhase::Pass:
            for (CardSet h = hands[to_act]; h;) out.push(Action(ha::PASS + hearts_index(pop_lsb(h))));
            break;
        case HeartsPhase::Play:
            for (CardSet s = legal_cards(); s;) out.push(pop_lsb(s));
            break;
        case HeartsPhase::Over: break;
    }
}

Action HeartsState::random_action(Rng& rng) const {
    if (phase == HeartsPhase::Play) [[likely]]   // 52 card plays a deal, 12 passes
        return rng.pick(legal_cards());
    if (phase == HeartsPhase::Pass) return Action(ha::PASS + hearts_index(rng.pick(hands[to_act])));
    return random_listed_action(*this, rng);
}

// docs/rules/hearts.md, "The heuristic": pass the queen of spades, the spades above it, then high
// hearts and high cards; lead low, away from hearts and high spades; follow with the highest card
// that does not take the trick, else (when it must take it) the highest card last to play and the
// lowest otherwise, never the queen while another card will do; when void, throw the queen, then
// the high spades, then the highest heart, then the highest card.
Action HeartsState::heuristic_action(Rng& rng) const {
    const CardSet h = hands[to_act];
    const bool queen_out = !contains(played, hc::QUEEN_OF_SPADES);
    auto high_spade = [](Card c) { return suit_of(c) == SUIT1 && rank_of(c) >= RANK_OBER; };
    switch (phase) {
        case HeartsPhase::Pass: return Action(ha::PASS + hearts_index(pass_choice(h)));
        case HeartsPhase::Play: {
            const CardSet legal = legal_cards();
            if (trick.size == 0)
                return best_by(legal,
                               [&](Card x) { return -(rank_of(x) + 20 * contains(hc::HEARTS, x) + 30 * (queen_out && high_spade(x))); });
            const CardSet follow = legal & suit_lane(suit_of(trick.led()));
            if (follow) {
                CardSet under = 0;
                for (CardSet t = follow; t;) {
                    const Card c = pop_lsb(t);
                    if (rank_of(c) < rank_of(trick.winning)) under |= bit(c);
                }
                if (under) return msb(under);   // the same suit: the highest rank is the highest bit
                const CardSet choice = follow & ~bit(hc::QUEEN_OF_SPADES) ? follow & ~bit(hc::QUEEN_OF_SPADES) : follow;
                return trick.size == NUM_SEATS - 1 ? msb(choice) : lsb(choice);
            }
            if (contains(legal, hc::QUEEN_OF_SPADES)) return hc::QUEEN_OF_SPADES;
            return best_by(legal, [&](Card x) { return rank_of(x) + 60 * (queen_out && high_spade(x)) + 30 * contains(hc::HEARTS, x); });
        }
        case HeartsPhase::Over: break;
    }
    return random_action(rng);
}

void HeartsState::start_play() {
    phase = HeartsPhase::Play;
    for (int s = 0; s < NUM_SEATS; ++s)
        if (contains(hands[size_t(s)], hc::TWO_OF_CLUBS)) to_act = uint8_t(s);   // H-4
    leader = to_act;
}

void HeartsState::apply(Action a) {
    STICH_CHECK_AFTER_APPLY(*this, a);
    history.push(to_act, a);
    if (phase == HeartsPhase::Play) [[likely]] {   // the tree's every step but the passes: kept short
        const Card c = Card(a);
        const CardSet b = bit(c);
        hands[to_act] &= ~b;
        played |= b;
        hearts_broken |= breaks_hearts(rules, c);   // H-7
        if (trick.play(*contract, to_act, c) == NUM_SEATS) finish_trick();
        else to_act = uint8_t((to_act + 1) & (NUM_SEATS - 1));
        return;
    }
    if (phase == HeartsPhase::Pass) pass_card(hearts_card(a - ha::PASS));
}

void HeartsState::pass_card(Card c) {
    hands[to_act] &= ~bit(c);
    passed[to_act] |= bit(c);
    if (popcount(passed[to_act]) < PASS_SIZE) return;
    if (++to_act < NUM_SEATS) return;
    for (int s = 0; s < NUM_SEATS; ++s) hands[size_t((s + direction) % NUM_SEATS)] |= passed[size_t(s)];
    start_play();
}

void HeartsState::credit_trick(int winner, CardSet cards) {
    taken[size_t(winner)] |= cards & (hc::POINT_CARDS | bit(hc::JACK_OF_DIAMONDS));   // H-9
    ++tricks[size_t(winner)];
}

void HeartsState::finish_trick() {
    static_assert(NUM_SEATS == 4);
    credit_trick(trick.winner, bit(trick.cards[0]) | bit(trick.cards[1]) | bit(trick.cards[2]) | bit(trick.cards[3]));
    to_act = trick.winner;   // H-5: the taker leads next
    if (trick.gather() == NUM_TRICKS) phase = HeartsPhase::Over;
}

void HeartsState::play_out(Rng& rng_in) {
    STICH_CHECK_PLAY_OUT(*this, rng_in, false);
    Rng rng = rng_in;   // a local copy: the history's stores would make the compiler reload a referenced one
    while (phase == HeartsPhase::Pass) {
        const Card c = rng.pick(hands[to_act]);
        history.push(to_act, Action(ha::PASS + hearts_index(c)));
        pass_card(c);
    }
    if (phase == HeartsPhase::Play) {
        // The card play in locals, written back at the end: apply's draws and moves, card by card.
        // Few of them, so that they stay in registers: the cards played so far (the history's
        // card plays from `first` on; the trick and the tricks done follow from their count), the
        // card led, the card now winning the trick and its seat.
        const HeartsRules r = rules;
        const CardSet breakers = heart_breakers(r);
        std::array<CardSet, NUM_SEATS> h = hands;
        bool broken = hearts_broken;
        int seat = to_act, winner = trick.winner;
        Card led = trick.led(), winning = trick.winning;
        const int first = history.size - (NUM_SEATS * trick.done + trick.size);
        int k = history.size - first;
        played |= h[0] | h[1] | h[2] | h[3];   // every card is out at the end
        for (;;) {
            const int in_trick = k & (NUM_SEATS - 1);
            const Card c = rng.pick(legal_in(r, h[size_t(seat)], in_trick, k / NUM_SEATS, led, broken));
            history.actions[size_t(first + k)] = c;
            history.actors[size_t(first + k)] = uint8_t(seat);
            ++k;
            h[size_t(seat)] &= ~bit(c);
            broken |= contains(breakers, c);   // H-7
            // No trumps (H-5): the highest card of the led suit takes the trick; c is of the
            // suit of `winning` and higher when it lies above it and below the suit's end.
            const bool takes = in_trick == 0 || unsigned(c - winning - 1) < unsigned(15 - (winning & 15));
            led = in_trick == 0 ? c : led;   // apart from `winning`: the next card's choice does not wait for this one's
            winning = takes ? c : winning;
            winner = takes ? seat : winner;
            if (in_trick < NUM_SEATS - 1) {
                seat = (seat + 1) & (NUM_SEATS - 1);
                continue;
            }
            const Action* cards = &history.actions[size_t(first + k - NUM_SEATS)];
            credit_trick(winner, bit(Card(cards[0])) | bit(Card(cards[1])) | bit(Card(cards[2])) | bit(Card(cards[3])));
            seat = winner;
            if (k == NUM_SEATS * NUM_TRICKS) break;
        }
        hands = h;
        hearts_broken = broken;
        to_act = uint8_t(seat);
        history.size = uint8_t(first + k);
        // The trick as apply leaves it: the last trick's cards, gathered.
        for (int i = 0; i < NUM_SEATS; ++i) trick.cards[size_t(i)] = Card(history.actions[size_t(first + k - NUM_SEATS + i)]);
        trick.size = 0;
        trick.winning = winning;
        trick.winner = uint8_t(winner);
        trick.done = NUM_TRICKS;
        phase = HeartsPhase::Over;
    }
    rng_in = rng;
}

int HeartsState::shooter() const {
    const int m = point_takers();
    return is_terminal() && popcount(CardSet(m)) == 1 ? int(lsb(CardSet(m))) : -1;
}

int HeartsState::final_points(int seat) const { return final_points(seat, shooter()); }

int HeartsState::final_points(int seat, int moon) const {
    int p = points(seat);
    if (moon >= 0) p += seat == moon ? -26 : 26;                                  // H-10
    else if (rules.avoid_all_tricks_bonus && tricks[size_t(seat)] == 0) p -= 5;   // H-11
    return p;
}

void HeartsState::returns(Returns& out) const {
    out.fill(0);
    if (!is_terminal()) return;
    const int moon = shooter();                                                        // once for the four seats
    for (int s = 0; s < NUM_SEATS; ++s) out[size_t(s)] = 26 - final_points(s, moon);   // H-12
}

std::string HeartsState::action_text(Action a) const {
    if (is_card_action(a)) return card_text(Card(a), Alphabet::French);
    if (a >= ha::PASS && a < ha::PASS_END) return "pass " + card_text(hearts_card(a - ha::PASS), Alphabet::French);
    if (a == ha::PASSED) return "passes";
    return "action " + std::to_string(a);
}

Action HeartsState::parse_action(std::string_view text) const {
    if (phase != HeartsPhase::Pass) throw std::invalid_argument("a bare card is a pass only in the pass phase");
    return Action(ha::PASS + hearts_index(parse_card(text, deck_info())));
}

CardSet HeartsState::play_proves(Card c) const { return proves(rules, trick.size, trick.done, trick.led(), hearts_broken, c); }

Locations HeartsState::locations() const {
    Locations l{};
    for (int s = 0; s < NUM_SEATS; ++s) {
        l[size_t(s)] = hands[size_t(s)];
        if (phase == HeartsPhase::Pass) l[size_t(LOC_PASS + s)] = passed[size_t(s)];
    }
    return l;
}

View HeartsState::view(int seat) const {
    View v = start_view(seat, NUM_SEATS, LOC_PASS + NUM_SEATS, hands);
    const bool passing = phase == HeartsPhase::Pass;
    for (int s = 0; s < NUM_SEATS; ++s) v.where[size_t(LOC_PASS + s)].size = uint8_t(passing ? popcount(passed[size_t(s)]) : 0);
    // H-13: a seat knows its own pass: on its way, then with the receiver until played.
    if (passing) v.where[size_t(LOC_PASS + seat)].known = passed[size_t(seat)];
    else if (direction != HOLD) v.where[size_t((seat + direction) % NUM_SEATS)].known |= passed[size_t(seat)] & ~played;
    // H-4, H-13: the first leader holds the two of clubs until it is played.
    if (!passing && !contains(played, hc::TWO_OF_CLUBS)) v.where[leader].known |= bit(hc::TWO_OF_CLUBS);
    // The history as the seat saw it (another seat's pass hidden, except the passes it received
    // once handed over) and what each card play proves.
    const int giver = (seat + NUM_SEATS - direction) % NUM_SEATS;
    PlayReplay replay;
    int count = 0, in_trick = 0, done = 0;
    Card led = NO_CARD;
    bool broken = !rules.must_break_hearts;
    for (int i = 0; i < history.size; ++i) {
        const Action a = history.actions[size_t(i)];
        const int actor = history.actors[size_t(i)];
        if (!is_card_action(a)) {
            const bool shown = !passing && direction != HOLD && actor == giver;
            count = record_seen_at(v, count, actor, a, shown ? a : public_projection(a));
            continue;
        }
        count = record_seen_at(v, count, actor, a, a);
        const Card c = Card(a);
        if (actor != seat) replay.proven_absent[size_t(actor)] |= proves(rules, in_trick, done, led, broken, c);
        replay.played |= bit(c);
        broken = broken || breaks_hearts(rules, c);
        if (in_trick == 0) led = c;
        if (++in_trick == NUM_SEATS) {
            in_trick = 0;
            ++done;
        }
    }
    v.history_size = uint8_t(count);
    finish_view(v, replay, deck_info().cards);
    return v;
}

void HeartsState::set_hidden(const Locations& world, int observer, Rng&) {
    for (int s = 0; s < NUM_SEATS; ++s) hands[size_t(s)] = world[size_t(s)];
    if (direction == HOLD) return;
    const bool passing = phase == HeartsPhase::Pass;
    // What play reads: the passes on their way. After the pass play reads none; a pass the
    // observer did not see only has to keep the views true (the giver knows where its unplayed
    // cards went): any cards of the receiver's hand or already played, until settle_world draws it.
    for (int p = 0; p < NUM_SEATS; ++p) {
        const int receiver = (p + direction) % NUM_SEATS;
        if (p == observer || (!passing && receiver == observer)) continue;
        if (passing) {
            passed[size_t(p)] = world[size_t(LOC_PASS + p)];
        } else {
            CardSet pool = hands[size_t(receiver)] | played, pick = 0;
            for (int k = 0; k < PASS_SIZE; ++k) pick |= bit(pop_lsb(pool));
            passed[size_t(p)] = pick;
        }
    }
}

void HeartsState::settle_world(int observer, Rng& rng) {
    if (direction == HOLD) return;
    const bool passing = phase == HeartsPhase::Pass;
    const std::array<CardSet, MAX_SEATS> plays = passing ? std::array<CardSet, MAX_SEATS>{} : card_plays(*this);
    for (int p = 0; p < NUM_SEATS; ++p) {
        const int receiver = (p + direction) % NUM_SEATS;
        if (p == observer || (!passing && receiver == observer)) continue;   // passes the observer saw
        if (!passing) {
            // Any three of the receiver's cards after the pass can have been the ones it received.
            CardSet pool = hands[size_t(receiver)] | plays[size_t(receiver)], pick = 0;
            for (int k = 0; k < PASS_SIZE; ++k) {
                const Card c = rng.pick(pool);
                pool &= ~bit(c);
                pick |= bit(c);
            }
            passed[size_t(p)] = pick;
        }
        // The history's passes of p become these cards, lowest first: the order of a pass the
        // observer did not see is hidden too, so that states with one view of the observer settle
        // alike (a view pickles as one state).
        CardSet rest = passed[size_t(p)];
        for (int i = 0; i < history.size; ++i)
            if (history.actors[size_t(i)] == p && !is_card_action(history.actions[size_t(i)]))
                history.actions[size_t(i)] = Action(ha::PASS + hearts_index(pop_lsb(rest)));
    }
}

const char* HeartsState::phase_name() const {
    static constexpr const char* NAMES[] = {"pass", PLAY_PHASE, "over"};
    return NAMES[size_t(phase)];
}

std::string HeartsState::to_string() const {
    std::ostringstream o;
    o << "Hearts  dealer " << int(dealer) << "  pass " << hearts_direction_name(direction) << "  hearts "
      << (hearts_broken ? "broken" : "not broken") << "\n";
    for (int s = 0; s < NUM_SEATS; ++s) o << "seat " << s << ": " << cards_text(hands[size_t(s)], Alphabet::French) << "\n";
    if (phase == HeartsPhase::Pass)   // the passes on their way (a seat's view shows its own only)
        for (int s = 0; s < NUM_SEATS; ++s) o << "pass" << s << ": " << cards_text(passed[size_t(s)], Alphabet::French) << "\n";
    if (phase == HeartsPhase::Play && trick.size) o << "trick:" << trick_text(trick, history, Alphabet::French) << "\n";
    o << "points:";
    for (int s = 0; s < NUM_SEATS; ++s)
        o << (s ? ", " : " ") << "seat " << s << " " << points(s) << " (" << int(tricks[size_t(s)])
          << (tricks[size_t(s)] == 1 ? " trick)" : " tricks)");
    if (is_terminal()) {
        Returns r;
        returns(r);
        o << "\n"
          << (shooter() >= 0 ? "seat " + std::to_string(shooter()) + " shot the moon; " : "") << "returns " << r[0] << " " << r[1] << " "
          << r[2] << " " << r[3];
    } else {
        o << "\nto act: seat " << int(to_act);
    }
    return o.str();
}

HeartsState hearts_deal(const HeartsRules& rules, uint64_t seed, int dealer, const FixedHands* fixed, int direction) {
    constexpr int N = HeartsState::NUM_SEATS, H = HeartsState::HAND_SIZE;
    if (dealer < 0 || dealer >= N) throw std::invalid_argument("dealer must be a seat 0..3, got " + std::to_string(dealer));
    if (direction > HOLD && !rules.pass_cards)
        throw std::invalid_argument(std::string("pass_direction ") + quoted(hearts_direction_name(direction)) +
                                    " needs pass_cards=True; without it the direction is 'hold' (H-2)");
    static constexpr DealLayout LAYOUT{"Hearts", N, {H, H, H, H}, N, {"", ""}};
    Rng rng(seed);
    const auto slots = deal_cards(deck(DeckKind::French52), LAYOUT, fixed, rng);
    HeartsState st;
    st.rules = rules;
    st.contract = &hearts_contract();
    st.dealer = uint8_t(dealer);
    for (int s = 0; s < N; ++s) st.hands[size_t(s)] = slots_set(slots, s * H, H);
    // H-2: OpenSpiel's chance node draws the direction uniformly (only hold without pass_cards).
    if (direction < 0) direction = rules.pass_cards ? int(Rng(mix_seed(seed, 0x70617373)).below(4)) : HOLD;
    st.direction = uint8_t(direction);
    st.hearts_broken = !rules.must_break_hearts;
    if (direction == HOLD) st.start_play();
    else st.to_act = 0;   // H-3: seat 0 passes first
    return st;
}

namespace {

const char* const HEARTS_EXTRA_LOCATIONS[] = {"pass0", "pass1", "pass2", "pass3"};

int direction_of(std::string_view text) {
    for (int d = 0; d < 4; ++d)
        if (iequals(text, DIRECTION_NAMES[d])) return d;
    throw std::invalid_argument("the pass direction is one of hold, left, across, right, got " + quoted(text));
}

// The replay's hooks (stich/position.hpp): a pass the observer saw only as "passes" is any card of
// the working state's hand but the two of clubs (which read_position gave the first leader); a
// pass the observer received names its card, which the giver must hold. The observer's view in
// the pass phase knows neither the giver's pile nor the two of clubs, so every redraw there keeps
// them: the cards the giver has passed stay in its pile, the two of clubs with the first leader.
struct HeartsPositionHooks {
    const PositionEntries& es;
    int observer;
    int giver;          // the seat whose passes the observer receives (-1: none, the direction is hold)
    int first_leader;   // the seat that must hold the two of clubs through the pass (-1: none)

    void hidden(HeartsState&, int) const {}
    Need need(const HeartsState& s, int i) const {
        Need n;
        if (s.phase != HeartsPhase::Pass) return n;
        // The giver's passes so far stay in its pile; this entry's card is in its hand.
        if (giver >= 0)
            for (int j = 0; j <= i; ++j) {
                const PositionEntry& e = es[size_t(j)];
                if (e.seat != giver || e.text.rfind("pass ", 0) != 0) continue;
                const CardSet c = entry_cards(es, j, std::string_view(e.text).substr(5), s.deck_info());
                n.known[size_t(j < i ? HeartsState::LOC_PASS + giver : giver)] |= c;
                if (j == i) n.why = "it passed that card to seat " + std::to_string(observer);
            }
        if (first_leader >= 0) n.known[size_t(first_leader)] |= bit(hc::TWO_OF_CLUBS);
        return n;
    }
    Action action(HeartsState& s, int i, Rng& rng) const {
        if (s.phase == HeartsPhase::Pass && s.to_act != observer && iequals(es[size_t(i)].text, "passes")) {
            const CardSet h = s.hands[s.to_act];
            const CardSet choice = h & ~bit(hc::TWO_OF_CLUBS) ? h & ~bit(hc::TWO_OF_CLUBS) : h;
            return Action(ha::PASS + hearts_index(rng.pick(choice)));
        }
        return find_action(s, es[size_t(i)].text);
    }
};

}   // namespace

HeartsState read_position(const HeartsRules& rules, int dealer, int observer, CardSet hand, const PositionEntries& es,
                          const PositionLines& lines, uint64_t seed) {
    constexpr int N = HeartsState::NUM_SEATS;
    check_position_lines(lines, "Hearts", position_keys(rules));
    if (dealer < 0 || dealer >= N || observer < 0 || observer >= N) throw PositionError("seat", -1, "seats are 0..3");
    const Deck& d = deck(DeckKind::French52);
    const std::string* pass = position_line(lines, "pass");
    if (!pass) throw PositionError("pass", -1, "a Hearts position gives the pass direction, seen by all (H-2): 'pass: left'");
    int direction = HOLD;
    try {
        direction = direction_of(*pass);
    } catch (const std::invalid_argument& e) {
        throw PositionError("pass", -1, e.what());
    }
    if (direction != HOLD && !rules.pass_cards) throw PositionError("pass", -1, "without pass_cards the direction is hold (H-2)");
    const int giver = (observer + N - direction) % N;
    // The observer's cards as dealt: its hand, its card plays and its passes, less the cards it
    // received (its giver's passes, shown in full once handed over).
    CardSet own = hand, received = 0;
    int first_leader = -1;
    for (int i = 0; i < int(es.size()); ++i) {
        const PositionEntry& e = es[size_t(i)];
        if (e.seat < 0 || e.seat >= N) entry_error(es, i, "seats are 0..3");
        CardSet c = 0;
        const bool a_pass = e.text.rfind("pass ", 0) == 0;
        if (a_pass) c = entry_cards(es, i, std::string_view(e.text).substr(5), d);
        else if (const Card x = entry_card(e.text, d); x != NO_CARD) {
            c = bit(x);
            if (first_leader < 0) first_leader = e.seat;
        }
        if (a_pass && e.seat == giver && e.seat != observer && direction != HOLD) {
            received |= c;
            continue;
        }
        if (e.seat != observer) continue;
        if (own & c) entry_error(es, i, "the card " + cards_text(own & c, d.alphabet) + " is given twice");
        own |= c;
    }
    own &= ~received;
    check_own_hand(own, HeartsState::HAND_SIZE, observer);
    // H-4, H-13: once the play starts every seat knows who holds the two of clubs; before the
    // first card the line "lead" says it (after it, the first card's seat).
    if (const std::string* lead = position_line(lines, "lead")) {
        if (first_leader >= 0)
            throw PositionError("lead", -1, "the first card of the history says who led; a 'lead' line is for a position before it");
        if (*lead != "0" && *lead != "1" && *lead != "2" && *lead != "3")
            throw PositionError("lead", -1, "the seat that holds the two of clubs and leads the first trick, 0..3, got " + quoted(*lead));
        first_leader = (*lead)[0] - '0';
        if ((first_leader == observer) != contains(hand, hc::TWO_OF_CLUBS))
            throw PositionError("lead", -1,
                                "seat " + std::to_string(first_leader) + " leads the first trick, so it holds the two of clubs (H-4); " +
                                    "seat " + std::to_string(observer) + "'s hand " +
                                    (contains(hand, hc::TWO_OF_CLUBS) ? "holds" : "lacks") + " it");
    }
    FixedHands fixed{};
    for (CardSet o = own; o;) fixed[size_t(observer)].push_back(pop_lsb(o));
    // H-4: the first leader holds the two of clubs; where the observer does not know it, the
    // working deal gives it to that seat, which no hidden pass gives away.
    if (first_leader >= 0 && first_leader != observer && !contains(own | received, hc::TWO_OF_CLUBS))
        fixed[size_t(first_leader)].push_back(hc::TWO_OF_CLUBS);
    HeartsState s = hearts_deal(rules, mix_seed(seed, 1), dealer, &fixed, direction);
    HeartsPositionHooks hooks{es, observer, direction != HOLD && giver != observer ? giver : -1, -1};
    if (first_leader >= 0 && first_leader != observer && !contains(own | received, hc::TWO_OF_CLUBS)) hooks.first_leader = first_leader;
    return rebuild_position(s, observer, hand, own, es, seed, hooks, HEARTS_EXTRA_LOCATIONS);
}

std::vector<std::string> position_keys(const HeartsRules&) { return {"pass", "lead"}; }

PositionEntries position_history(const HeartsState& s, int seat) { return view_history_entries(s, seat); }

PositionLines position_lines(const HeartsState& s, int) {
    PositionLines out{{"pass", hearts_direction_name(s.direction)}};
    if (s.phase == HeartsPhase::Play && s.trick.done == 0 && s.trick.size == 0) out.push_back({"lead", std::to_string(s.leader)});
    return out;
}

namespace {
[[gnu::flatten]] void hearts_random_playouts_loop(const HeartsRules& rules, uint64_t seed, int64_t n, int32_t* out,
                                                  const std::atomic<bool>* stop) {
    random_playouts<HeartsState>([&](int64_t i, uint64_t deal_seed) { return hearts_deal(rules, deal_seed, int(i % 4)); }, seed, n,
                                 HeartsState::NUM_SEATS, out, stop);
}
}   // namespace
void hearts_random_playouts(const HeartsRules& rules, uint64_t seed, int64_t n, int32_t* out, const std::atomic<bool>* stop) {
    run_hot<hearts_random_playouts_loop>(rules, seed, n, out, stop);
}

namespace {
[[gnu::flatten]] void hearts_random_playouts_from_loop(const HeartsState& from, uint64_t seed, int64_t n, int32_t* out,
                                                       const std::atomic<bool>* stop) {
    random_playouts<HeartsState>([&](int64_t, uint64_t) { return from; }, seed, n, HeartsState::NUM_SEATS, out, stop);
}
}   // namespace
void hearts_random_playouts_from(const HeartsState& from, uint64_t seed, int64_t n, int32_t* out, const std::atomic<bool>* stop) {
    run_hot<hearts_random_playouts_from_loop>(from, seed, n, out, stop);
}

// ------------------------------------------------------------------------------------ the solver

void SolverTraits<HeartsState>::bounds(const S& s, int root, int& lo, int& hi) {
    const CardSet out = in_play_cards(s);
    const int p = s.points(root);
    const int positive = popcount(out & hc::HEARTS) + 13 * contains(out, hc::QUEEN_OF_SPADES);
    const bool jd_out = s.rules.jd_bonus && contains(out, hc::JACK_OF_DIAMONDS);
    // No moon: the root takes all the points out or none (the jack and the no-trick bonus at best).
    lo = 26 - p - positive;
    hi = 26 - p + (jd_out ? 10 : 0) + (s.rules.avoid_all_tricks_bonus && s.tricks[size_t(root)] == 0 ? 5 : 0);
    const int takers = s.point_takers();
    if ((takers & ~(1 << root)) == 0) {   // the root can still shoot the moon: 26, 36 with the jack
        lo = std::min(lo, 26);
        hi = std::max(hi, s.rules.jd_bonus ? 36 : 26);
    }
    for (int o = 0; o < S::NUM_SEATS; ++o)
        if (o != root && (takers & ~(1 << o)) == 0) {   // another can: the root gets 0, 10 with the jack
            lo = std::min(lo, 0);
            hi = std::max(hi, s.rules.jd_bonus ? 10 : 0);
        }
}

// ------------------------------------------------------------------------------------ the match

int HeartsMatch::next_direction() const {
    static constexpr int CYCLE[4] = {LEFT, RIGHT, ACROSS, HOLD};
    return rules.pass_cards ? CYCLE[deals_played % 4] : HOLD;
}

HeartsState HeartsMatch::next_deal() const {
    return hearts_deal(rules, mix_seed(seed, uint64_t(deals_played)), dealer, nullptr, next_direction());
}

void HeartsMatch::record(const HeartsState& finished) {
    check_deal_to_record(finished, is_over(), dealer, rules);
    if (finished.direction != next_direction())
        throw std::invalid_argument(std::string("this deal passed ") + hearts_direction_name(finished.direction) +
                                    " but the match expects " + hearts_direction_name(next_direction()) + " (H-15)");
    for (int s = 0; s < HeartsState::NUM_SEATS; ++s) scores[size_t(s)] += finished.final_points(s);
    ++deals_played;
    dealer = (dealer + 1) % HeartsState::NUM_SEATS;
    if (*std::max_element(scores.begin(), scores.end()) < TARGET) return;
    const int low = *std::min_element(scores.begin(), scores.end());
    if (std::count(scores.begin(), scores.end(), low) == 1) winner = int(std::min_element(scores.begin(), scores.end()) - scores.begin());
}

// ------------------------------------------------------------------------------------ registry

const std::vector<std::string>& HeartsDef::extra_locations() {
    static const std::vector<std::string> names(std::begin(HEARTS_EXTRA_LOCATIONS), std::end(HEARTS_EXTRA_LOCATIONS));
    return names;
}

const std::vector<OptionSpec<HeartsRules>>& HeartsDef::options() {
    static const auto specs = option_specs<HeartsRules>(STICH_OPTION_ROWS(STICH_HEARTS_OPTIONS));
    return specs;
}

const std::vector<ParamSpec>& HeartsDef::deal_params() {
    static const std::vector<ParamSpec> params{
        {"pass_direction", "H-2: where the passes go (the receiver is seat + 1, + 2, + 3), or hold (no passing); None: the chance draw",
         Accepts::choice(
             {Value::none(), Value::of_text("left"), Value::of_text("across"), Value::of_text("right"), Value::of_text("hold")}),
         Value::none()},
    };
    return params;
}

const std::vector<ParamSpec>& HeartsDef::playout_params() {
    static const std::vector<ParamSpec> params{
        {"from_deal", "every game from one deal, game.deal(seed=from_deal, dealer=dealer), instead of a new deal each",
         Accepts::integer(0, INT64_MAX, true), Value::none()},
        {"dealer", "the dealer of the from_deal deal", Accepts::integer(0, HeartsState::NUM_SEATS - 1), Value::of_int(0)},
    };
    return params;
}

HeartsState HeartsDef::deal(const Rules& r, uint64_t seed, int dealer, const FixedHands& hands, const std::vector<Value>& extras) {
    return hearts_deal(r, seed, dealer, &hands, extras[0].is_none() ? -1 : direction_of(extras[0].text));
}

void HeartsDef::random_playouts(const Rules& r, uint64_t seed, int64_t n, int32_t* out, const std::vector<Value>& extras,
                                const std::atomic<bool>* stop) {
    if (extras[0].is_none()) return hearts_random_playouts(r, seed, n, out, stop);
    hearts_random_playouts_from(hearts_deal(r, uint64_t(extras[0].i), int(extras[1].i)), seed, n, out, stop);
}

const std::vector<FieldSpec<HeartsState>>& HeartsDef::state_fields() {
    using S = HeartsState;
    static const std::vector<FieldSpec<S>> fields{
        property<S>("dealer", "int", "The dealer's seat.", [](const S& s, int) { return Value::of_int(s.dealer); }),
        property<S>("pass_direction", "str", "Where the passes go (H-2): left, across, right or hold.",
                    [](const S& s, int) { return Value::of_text(hearts_direction_name(s.direction)); }),
        property<S>("passed", "list[CardSet]", "The cards each seat passed (H-3), so far.",
                    [](const S& s, int) {
                        std::vector<Value> out;
                        for (CardSet c : s.passed) out.push_back(Value::of_cards(c));
                        return Value::list(std::move(out));
                    }),
        property<S>("hearts_broken", "bool", "Whether a heart may be led (H-7).",
                    [](const S& s, int) { return Value::of_bool(s.hearts_broken); }),
        property<S>("leader", "int | None",
                    "The seat that led the first trick, the holder of the two of clubs (H-4); None during the pass.",
                    [](const S& s, int) { return Value::seat_or_none(s.phase == HeartsPhase::Pass ? -1 : s.leader); }),
        property<S>("trick", "list[Card]", "The cards of the trick on the table, in the order played.",
                    [](const S& s, int) { return Value::of_card_list(s.trick.begin(), s.trick.end()); }),
        property<S>("points", "list[int]", "The penalty points each seat has taken so far (H-9), before a moon shot or the no-trick bonus.",
                    [](const S& s, int) {
                        const int p[4] = {s.points(0), s.points(1), s.points(2), s.points(3)};
                        return Value::of_ints(p, p + 4);
                    }),
        property<S>("tricks_won", "list[int]", "Tricks taken by each seat.",
                    [](const S& s, int) {
                        const int t[4] = {s.tricks[0], s.tricks[1], s.tricks[2], s.tricks[3]};
                        return Value::of_ints(t, t + 4);
                    }),
        property<S>("shooter", "int | None", "The seat that shot the moon (H-10), once the deal is over; else None.",
                    [](const S& s, int) { return Value::seat_or_none(s.shooter()); }),
        property<S>("final_points", "list[int]", "Each seat's penalty points of the finished deal (H-9 .. H-11); zeros before the end.",
                    [](const S& s, int) {
                        int p[4] = {0, 0, 0, 0};
                        if (s.is_terminal())
                            for (int i = 0; i < 4; ++i) p[i] = s.final_points(i);
                        return Value::of_ints(p, p + 4);
                    }),
    };
    return fields;
}

const std::vector<FieldSpec<HeartsMatch>>& HeartsDef::match_fields() {
    using M = HeartsMatch;
    static const std::vector<FieldSpec<M>> fields{
        property<M>("scores", "list[int]", "Each seat's penalty points so far (H-15).",
                    [](const M& m, int) { return Value::of_ints(m.scores.data(), m.scores.data() + 4); }),
        property<M>("dealer", "int", "The dealer of the next deal.", [](const M& m, int) { return Value::of_int(m.dealer); }),
        property<M>("pass_direction", "str", "The pass direction of the next deal (H-15).",
                    [](const M& m, int) { return Value::of_text(hearts_direction_name(m.next_direction())); }),
        property<M>("deals_played", "int", "How many deals were recorded.", [](const M& m, int) { return Value::of_int(m.deals_played); }),
        property<M>("winner", "int | None", "The seat that won the match, or None.",
                    [](const M& m, int) { return Value::seat_or_none(m.winner); }),
    };
    return fields;
}

const std::vector<BenchSpec>& HeartsDef::bench_positions() {
    static const std::vector<BenchSpec> positions{
        {"hearts pass", {}, 1, {}},
        // After the passes and the lead of the two of clubs (H-4): the second seat, six cards to choose from.
        {"hearts first trick", {}, 5, {"*", "*", "*", "*", "*", "*", "*", "*", "*", "*", "*", "*", "*"}},
        {"hearts mid-play", {}, 3, {"*", "*", "*", "*", "*", "*", "*", "*", "*", "*", "*", "*", "*", "*", "*", "*",
                                    "*", "*", "*", "*", "*", "*", "*", "*", "*", "*", "*", "*", "*", "*", "*"}},
    };
    return positions;
}

const std::vector<SolveBenchSpec>& HeartsDef::solve_bench() {
    static const std::vector<SolveBenchSpec> rows{};   // a whole deal of 52 cards is beyond a bench row's budget
    return rows;
}

const std::vector<ContractFactory>& HeartsDef::contract_factories() {
    static const std::vector<ContractFactory> factories{};
    return factories;
}

const std::vector<std::string>& HeartsDef::deal_locations() {
    static const std::vector<std::string> names{};
    return names;
}

InitialDeal HeartsDef::initial_deal(const State& s) {
    InitialDeal d;
    const auto plays = card_plays(s);
    const bool handed_over = s.phase != HeartsPhase::Pass && s.direction != HOLD;
    for (int seat = 0; seat < State::NUM_SEATS; ++seat) {
        CardSet dealt = s.hands[size_t(seat)] | plays[size_t(seat)] | s.passed[size_t(seat)];
        if (handed_over) dealt &= ~s.passed[size_t((seat + State::NUM_SEATS - s.direction) % State::NUM_SEATS)];
        d.cards[size_t(seat)] = cards_in(dealt);
    }
    d.extras = {Value::of_text(hearts_direction_name(s.direction))};
    return d;
}

}   // namespace stich
