#include "stich/euchre.hpp"

#include <sstream>

namespace stich {

namespace ea = euchre_action;

namespace {

constexpr const char* SUIT_NAMES[4] = {"Clubs", "Spades", "Hearts", "Diamonds"};
constexpr int PLAIN_RANKS[6] = {RANK_ACE, RANK_KING, RANK_OBER, RANK_UNTER, RANK_TEN, RANK_NINE};   // A K Q J T 9

// E-9: the trump order high to low (right bower, left bower, A K Q T 9), then the plain suits
// A K Q J T 9 without the left bower (the builder takes it out of its printed suit).
Contract make_euchre(int t) {
    ContractBuilder b(DeckKind::French24, FollowRule::FollowSuit);
    std::vector<Card> trumps = {make_card(t, RANK_UNTER), make_card(euchre_same_colour(t), RANK_UNTER)};
    for (int r : PLAIN_RANKS)
        if (r != RANK_UNTER) trumps.push_back(make_card(t, r));
    return b.build(trumps, std::vector<int>(std::begin(PLAIN_RANKS), std::end(PLAIN_RANKS)));   // no card points: Euchre counts tricks
}

// A rule-of-thumb value of a hand with `t` as trump (docs/bots.md): two per trump, two more for
// the right bower, one for the left, one per plain ace.
int hand_value(CardSet h, int t) {
    const Contract& k = euchre_contract(t);
    int v = 2 * popcount(h & k.trumps);
    v += contains(h, make_card(t, RANK_UNTER)) ? 2 : 0;
    v += contains(h, make_card(euchre_same_colour(t), RANK_UNTER)) ? 1 : 0;
    return v + popcount(h & rank_lane(RANK_ACE) & ~suit_lane(t));
}

constexpr int ORDER_UP_VALUE = 8;   // bid with at least this value
constexpr int ALONE_VALUE = 12;     // go alone with at least this value

// The card of `s` with the lowest trick strength under k.
Card weakest(const Contract& k, CardSet s) {
    Card best = lsb(s);
    for (CardSet t = s; t;) {
        const Card c = pop_lsb(t);
        if (k.strength[c] < k.strength[best]) best = c;
    }
    return best;
}

Card strongest(const Contract& k, CardSet s) {
    Card best = lsb(s);
    for (CardSet t = s; t;) {
        const Card c = pop_lsb(t);
        if (k.strength[c] > k.strength[best]) best = c;
    }
    return best;
}

// The heuristic's card (docs/bots.md) for `seat` with the `legal` cards, `in_trick` cards on the
// table (led first, `winning` by `winner`), `played` out of play, `active` seats playing.
// Leading: the makers draw trumps with the best one still out; else a plain ace, else the
// weakest plain card, else the weakest trump. Following: the shared rule of thumb.
Card heuristic_play(const Contract& k, CardSet legal, int seat, int declarer, CardSet played, int in_trick, Card led, Card winning,
                    int winner, int active) {
    if (in_trick == 0) {
        const CardSet trumps_out = k.trumps & ~played;
        if (seat % 2 == declarer % 2 && (legal & k.trumps))
            if (const Card best = strongest(k, trumps_out); contains(legal, best)) return best;
        const CardSet plain = legal & ~k.trumps;
        if (const CardSet aces = plain & rank_lane(RANK_ACE)) return lsb(aces);
        return weakest(k, plain ? plain : legal);
    }
    return heuristic_card(k, legal, led, winning, winner % 2 == seat % 2, in_trick == active - 1);
}

}   // namespace

const Contract& euchre_contract(int trump_suit) {
    static const std::array<Contract, 4> contracts = {make_euchre(0), make_euchre(1), make_euchre(2), make_euchre(3)};
    return contracts[size_t(trump_suit)];
}

int EuchreState::next_active(int seat) const {
    int s = (seat + 1) % NUM_SEATS;
    while (sitting_out >> s & 1) s = (s + 1) % NUM_SEATS;
    return s;
}

void EuchreState::legal_actions(ActionList& out) const {
    out.n = 0;
    switch (phase) {
        case EuchrePhase::Bid:
            // E-5: stick the dealer: no pass after seven passes.
            if (!(rules.stick_the_dealer && passes == 2 * NUM_SEATS - 1)) out.push(ea::PASS);
            for (int s = 0; s < SUIT_NB; ++s)
                if ((s == suit_of(upcard)) == (passes < NUM_SEATS)) out.push(Action(ea::TRUMP + s));   // E-3, E-5
            break;
        case EuchrePhase::Discard:
            for (CardSet h = hands[dealer] & ~bit(upcard); h;) out.push(Action(ea::DISCARD + euchre_index(pop_lsb(h))));
            break;
        case EuchrePhase::Alone:
        case EuchrePhase::Defend:
            out.push(ea::ALONE);
            out.push(ea::PARTNER);
            break;
        case EuchrePhase::Play:
            for (CardSet s = legal_cards(); s;) out.push(pop_lsb(s));
            break;
        case EuchrePhase::Over: break;
    }
}

Action EuchreState::random_action(Rng& rng) const {
    switch (phase) {
        case EuchrePhase::Play: return rng.pick(legal_cards());
        case EuchrePhase::Discard: return Action(ea::DISCARD + euchre_index(rng.pick(hands[dealer] & ~bit(upcard))));
        case EuchrePhase::Over: return random_listed_action(*this, rng);
        default: {   // bids and go-alone decisions: their ids are the upper word's bits of the keys
            const uint64_t keys = legal_keys(true).w[1];
            return Action(CARD_ACTIONS + nth_card(keys, int(rng.below(uint32_t(popcount(keys))))));
        }
    }
}

Action EuchreState::heuristic_action(Rng& rng) const {
    const CardSet h = hands[to_act];
    switch (phase) {
        case EuchrePhase::Bid: {
            const bool first_round = passes < NUM_SEATS;
            const bool forced = rules.stick_the_dealer && passes == 2 * NUM_SEATS - 1;
            if (first_round) {
                const int u = suit_of(upcard);
                // The dealer counts the upcard it would take; a seat gains (its partner deals) or
                // gives away (an opponent deals) the upcard as a trump.
                int v = to_act == dealer ? hand_value(h | bit(upcard), u) : hand_value(h, u);
                if (to_act != dealer) v += (to_act % 2 == dealer % 2) ? 1 : -1;
                return v >= ORDER_UP_VALUE ? Action(ea::TRUMP + u) : ea::PASS;
            }
            int best = -1, best_v = -1;
            for (int s = 0; s < SUIT_NB; ++s) {
                if (s == suit_of(upcard)) continue;
                const int v = hand_value(h, s);
                if (v > best_v) {
                    best_v = v;
                    best = s;
                }
            }
            return best_v >= ORDER_UP_VALUE || forced ? Action(ea::TRUMP + best) : ea::PASS;
        }
        case EuchrePhase::Discard: {
            // The weakest plain card that is not an ace, else the weakest card (never the upcard).
            const CardSet choices = h & ~bit(upcard);
            const CardSet plain = choices & ~contract->trumps & ~rank_lane(RANK_ACE);
            return Action(ea::DISCARD + euchre_index(weakest(*contract, plain ? plain : choices)));
        }
        case EuchrePhase::Alone: return hand_value(h, trump) >= ALONE_VALUE ? ea::ALONE : ea::PARTNER;
        case EuchrePhase::Defend: return ea::PARTNER;
        case EuchrePhase::Play:
            return heuristic_play(*contract, legal_cards(), to_act, declarer, played, trick.size, trick.led(), trick.winning, trick.winner,
                                  active);
        case EuchrePhase::Over: break;
    }
    return random_action(rng);
}

void EuchreState::start_play() {
    phase = EuchrePhase::Play;
    to_act = uint8_t(next_active(dealer));   // E-7: the first active seat left of the dealer leads
}

void EuchreState::apply(Action a) {
    STICH_CHECK_AFTER_APPLY(*this, a);
    history.push(to_act, a);
    switch (phase) {
        case EuchrePhase::Bid:
            if (a == ea::PASS) {
                if (++passes == 2 * NUM_SEATS) phase = EuchrePhase::Over;   // E-5: all passed twice
                else to_act = uint8_t((to_act + 1) % NUM_SEATS);
                break;
            }
            trump = int8_t(a - ea::TRUMP);
            declarer = int8_t(to_act);
            contract = &euchre_contract(trump);
            if (passes < NUM_SEATS) {   // E-4: ordered up: the dealer takes the upcard and discards
                upcard_taken = true;
                kitty &= ~bit(upcard);
                hands[dealer] |= bit(upcard);
                phase = EuchrePhase::Discard;
                to_act = dealer;
            } else {
                phase = EuchrePhase::Alone;
            }
            break;
        case EuchrePhase::Discard: {
            const Card c = euchre_card(a - ea::DISCARD);
            hands[dealer] &= ~bit(c);
            kitty |= bit(c);
            discard = c;
            phase = EuchrePhase::Alone;
            to_act = uint8_t(declarer);
            break;
        }
        case EuchrePhase::Alone:
            if (a == ea::ALONE) {   // E-6
                declarer_alone = true;
                sitting_out |= uint8_t(1 << ((declarer + 2) % NUM_SEATS));
                --active;
            }
            if (rules.allow_lone_defender) {   // E-8: the defender left of the dealer is asked first
                phase = EuchrePhase::Defend;
                to_act = uint8_t((dealer + 1) % NUM_SEATS);
                if (to_act % 2 == declarer % 2) to_act = uint8_t((to_act + 1) % NUM_SEATS);
            } else {
                start_play();
            }
            break;
        case EuchrePhase::Defend:
            if (a == ea::ALONE) {
                lone_defender = int8_t(to_act);
                sitting_out |= uint8_t(1 << ((to_act + 2) % NUM_SEATS));
                --active;
                start_play();
            } else if (to_act == (dealer + 1) % NUM_SEATS || to_act == (dealer + 2) % NUM_SEATS) {
                to_act = uint8_t((to_act + 2) % NUM_SEATS);   // the other defender
            } else {
                start_play();
            }
            break;
        case EuchrePhase::Play: {
            const Card c = Card(a);
            hands[to_act] &= ~bit(c);
            played |= bit(c);
            if (trick.play(*contract, to_act, c) == active) finish_trick();
            else to_act = uint8_t(next_active(to_act));
            break;
        }
        case EuchrePhase::Over: break;
    }
}

template <class Choose>
void EuchreState::play_cards(Choose&& choose) {
    // Few locals, so that they stay in registers: the hands, the cards out of play, the trick
    // (its cards, the card led, the card now winning and its seat) and the tricks done.
    const Contract& k = *contract;
    std::array<CardSet, NUM_SEATS> h = hands;
    std::array<Card, NUM_SEATS> cards = trick.cards;
    CardSet out = played;
    int seat = to_act, winner = trick.winner, in_trick = trick.size, done = trick.done, n = history.size;
    // Any card's entry where the trick is empty (its led card and winner are then not read), so
    // that the masks below are loaded without a branch.
    Card led = trick.size ? trick.led() : Card(0), winning = trick.size ? trick.winning : Card(0);
    std::array<int, 2> tricks = {team_tricks[0], team_tricks[1]};
    const int full = active;
    unsigned next = 0;   // two bits a seat: the next seat that plays
    for (int s = 0; s < NUM_SEATS; ++s) next |= unsigned(next_active(s)) << (2 * s);
    for (;;) {
        const CardSet hand = h[size_t(seat)];
        const CardSet follow = hand & k.same_suit[led] & (CardSet(0) - CardSet(in_trick != 0));
        const Card c = choose(seat, follow ? follow : hand, out, in_trick, led, winning, winner);   // E-9
        history.actions[size_t(n)] = c;
        history.actors[size_t(n)] = uint8_t(seat);
        ++n;
        h[size_t(seat)] = hand & ~bit(c);
        out |= bit(c);
        const bool takes = in_trick == 0 || contains(k.beats[winning], c);
        cards[size_t(in_trick)] = c;
        led = in_trick == 0 ? c : led;
        winning = takes ? c : winning;
        winner = takes ? seat : winner;
        if (++in_trick < full) {
            seat = int(next >> (2 * seat) & 3);
            continue;
        }
        ++tricks[size_t(winner % 2)];
        seat = winner;
        in_trick = 0;
        if (++done == NUM_TRICKS) break;
    }
    // The state as apply leaves it: the last trick's cards, gathered.
    hands = h;
    played = out;
    trick.cards = cards;
    trick.size = 0;
    trick.winning = winning;
    trick.winner = uint8_t(winner);
    trick.done = uint8_t(done);
    team_tricks = {uint8_t(tricks[0]), uint8_t(tricks[1])};
    to_act = uint8_t(seat);
    history.size = uint8_t(n);
    phase = EuchrePhase::Over;
}

void EuchreState::play_out(Rng& rng_in) {
    STICH_CHECK_PLAY_OUT(*this, rng_in, false);
    Rng rng = rng_in;   // a local copy: the history's stores would make the compiler reload a referenced one
    // The bids, the discard and the go-alone decisions: few, by apply.
    while (phase != EuchrePhase::Play && phase != EuchrePhase::Over) apply(random_action(rng));
    if (phase == EuchrePhase::Play) play_cards([&](int, CardSet legal, CardSet, int, Card, Card, int) { return rng.pick(legal); });
    rng_in = rng;
}

void EuchreState::play_out_heuristic(Rng& rng_in) {
    STICH_CHECK_PLAY_OUT(*this, rng_in, true);
    Rng rng = rng_in;
    while (phase != EuchrePhase::Play && phase != EuchrePhase::Over) apply(heuristic_action(rng));
    if (phase == EuchrePhase::Play) {
        const Contract& k = *contract;
        const int maker = declarer, seats = active;
        play_cards([&](int seat, CardSet legal, CardSet out, int in_trick, Card led, Card winning, int winner) {
            return heuristic_play(k, legal, seat, maker, out, in_trick, led, winning, winner, seats);
        });
    }
    rng_in = rng;
}

void EuchreState::finish_trick() {
    team_tricks[trick.winner % 2]++;
    to_act = trick.winner;
    if (trick.gather() == NUM_TRICKS) phase = EuchrePhase::Over;
}

int EuchreState::makers_score() const {
    if (!is_terminal() || declarer < 0) return 0;
    const int made = team_tricks[size_t(declarer % 2)];
    if (made <= 2) return lone_defender >= 0 ? -4 : -2;   // E-10: euchred
    if (made < NUM_TRICKS) return 1;
    return declarer_alone ? 4 : 2;   // the march
}

void EuchreState::returns(Returns& out) const {
    out.fill(0);
    const int m = makers_score();
    for (int s = 0; s < NUM_SEATS; ++s) out[size_t(s)] = s % 2 == declarer % 2 ? m : -m;
}

std::string EuchreState::action_text(Action a) const {
    if (is_card_action(a)) return card_text(Card(a), Alphabet::French);
    if (a == ea::PASS) return "pass";
    if (a >= ea::TRUMP && a < ea::TRUMP + 4) return SUIT_NAMES[a - ea::TRUMP];
    if (a == ea::ALONE) return "alone";
    if (a == ea::PARTNER) return "partner";
    if (a >= ea::DISCARD && a < ea::DISCARD_END) return "discard " + card_text(euchre_card(a - ea::DISCARD), Alphabet::French);
    if (a == ea::DISCARDED) return "discards";
    return "action " + std::to_string(a);
}

Action EuchreState::parse_action(std::string_view text) const {
    if (phase != EuchrePhase::Discard) throw std::invalid_argument("a bare card is a discard only in the discard phase");
    return Action(ea::DISCARD + euchre_index(parse_card(text, deck_info())));
}

Locations EuchreState::locations() const {
    Locations l{};
    for (int s = 0; s < NUM_SEATS; ++s) l[size_t(s)] = hands[size_t(s)];
    l[LOC_KITTY] = kitty;
    return l;
}

void EuchreState::set_hidden(const Locations& world, int observer, Rng& rng) {
    for (int s = 0; s < NUM_SEATS; ++s) hands[size_t(s)] = world[size_t(s)];
    kitty = world[LOC_KITTY];
    if (discard == NO_CARD || observer == dealer) return;
    // The observer did not see the discard: any card of the new kitty (the upcard, which the
    // dealer keeps, is never there).
    discard = rng.pick(kitty & ~bit(upcard));
    for (int i = 0; i < history.size; ++i)
        if (history.actions[size_t(i)] >= ea::DISCARD && history.actions[size_t(i)] < ea::DISCARD_END)
            history.actions[size_t(i)] = Action(ea::DISCARD + euchre_index(discard));
}

PlayReplay EuchreState::play_replay() const { return PlayReplay(active); }

View EuchreState::view(int seat, const PlayReplay* replayed) const {
    View v = start_view(seat, NUM_SEATS, NUM_SEATS + 1, hands);
    Location& k = v.where[LOC_KITTY];
    k.size = uint8_t(popcount(kitty));
    // E-3: the upcard is seen by all: in the kitty when nobody took it, else with the dealer
    // until played (E-4: the dealer may not discard it).
    if (!upcard_taken) k.known |= bit(upcard);
    else if (contains(hands[dealer], upcard)) v.where[dealer].known |= bit(upcard);
    if (seat == dealer && discard != NO_CARD) k.known |= bit(discard);
    finish_view(v, view_replay(v, *this, history, contract, replayed), deck_info().cards);
    return v;
}

const char* EuchreState::phase_name() const {
    static constexpr const char* NAMES[] = {"bid", "discard", "alone", "defend", PLAY_PHASE, "over"};
    return NAMES[size_t(phase)];
}

std::string EuchreState::to_string() const {
    std::ostringstream o;
    o << "Euchre  dealer " << int(dealer) << "  upcard " << card_text(upcard, Alphabet::French);
    if (trump >= 0) {
        o << "  trump " << SUIT_NAMES[trump] << " by " << int(declarer) << (upcard_taken ? " (ordered up)" : " (named)");
        if (declarer_alone) o << " alone";
        if (lone_defender >= 0) o << "  lone defender " << int(lone_defender);
    } else {
        o << "  passes " << int(passes);
    }
    o << "\n";
    for (int s = 0; s < NUM_SEATS; ++s)
        o << "seat " << s << ": " << cards_text(hands[size_t(s)], Alphabet::French) << ((sitting_out >> s & 1) ? "  (sits out)" : "")
          << "\n";
    // The kitty holds the dealer's discard once made (its history entry names it): no note here,
    // so that a seat's view of this text (the search's position display) shows nothing hidden.
    o << "kitty: " << cards_text(kitty, Alphabet::French) << "\n";
    if (phase == EuchrePhase::Play && trick.size) {
        o << "trick:" << trick_text(trick, history, Alphabet::French) << "\n";
    }
    o << team_tallies_text(NUM_SEATS, team_tricks);
    if (is_terminal()) {
        Returns r;
        returns(r);
        o << "\nreturns " << r[0] << " " << r[1] << " " << r[2] << " " << r[3];
    } else {
        o << "\nto act: seat " << int(to_act);
    }
    return o.str();
}

EuchreState euchre_deal(const EuchreRules& rules, uint64_t seed, int dealer, const FixedHands* fixed) {
    constexpr int N = EuchreState::NUM_SEATS, H = EuchreState::HAND_SIZE;
    if (dealer < 0 || dealer >= N) throw std::invalid_argument("dealer must be a seat 0..3, got " + std::to_string(dealer));
    static constexpr DealLayout LAYOUT{"Euchre", N, {H, H, H, H, 1, 3}, N + 2, {"the upcard", "the kitty"}};
    Rng rng(seed);
    // Seat s holds slots s*5 .. s*5+4, the upcard slot 20, the kitty the last three.
    const auto slots = deal_cards(deck(DeckKind::French24), LAYOUT, fixed, rng);
    EuchreState st;
    st.rules = rules;
    st.dealer = uint8_t(dealer);
    for (int s = 0; s < N; ++s) st.hands[size_t(s)] = slots_set(slots, s * H, H);
    st.upcard = slots[size_t(N * H)];
    st.kitty = slots_set(slots, N * H, 4);   // the upcard lies on the kitty until taken
    st.to_act = uint8_t((dealer + 1) % N);
    return st;
}

namespace {

const char* const EUCHRE_EXTRA_LOCATIONS[] = {"the kitty"};

// The replay's hooks (stich/position.hpp): another seat's view shows the dealer's discard as
// "discards"; the working state discards any card (the final resample redraws it from the kitty).
struct EuchrePositionHooks {
    const PositionEntries& es;
    int observer;

    void hidden(EuchreState&, int) const {}
    Need need(const EuchreState&, int) const { return {}; }
    Action action(EuchreState& s, int i, Rng& rng) const {
        if (s.phase == EuchrePhase::Discard && s.dealer != observer && iequals(es[size_t(i)].text, "discards")) {
            ActionList legal;
            s.legal_actions(legal);
            return legal.a[size_t(rng.below(uint32_t(legal.n)))];
        }
        return find_action(s, es[size_t(i)].text);
    }
};

}   // namespace

EuchreState read_position(const EuchreRules& rules, int dealer, int observer, CardSet hand, const PositionEntries& es,
                          const PositionLines& lines, uint64_t seed) {
    constexpr int N = EuchreState::NUM_SEATS;
    check_position_lines(lines, "Euchre", position_keys(rules));
    if (dealer < 0 || dealer >= N || observer < 0 || observer >= N) throw PositionError("seat", -1, "seats are 0..3");
    const Deck& d = deck(DeckKind::French24);
    const std::string* up = position_line(lines, "upcard");
    if (!up) throw PositionError("upcard", -1, "a Euchre position gives the upcard, seen by all (E-3): 'upcard: HJ'");
    Card upcard = NO_CARD;
    try {
        const std::vector<Card> cs = parse_cards(*up, d);
        if (cs.size() != 1) throw std::invalid_argument("the upcard is one card, got " + quoted(*up));
        upcard = cs[0];
    } catch (const std::invalid_argument& e) {
        throw PositionError("upcard", -1, e.what());
    }
    // The observer's cards as dealt: its hand, its card plays and its discard, less the upcard,
    // which only the dealer can have taken (E-4).
    CardSet own = hand;
    for (int i = 0; i < int(es.size()); ++i) {
        const PositionEntry& e = es[size_t(i)];
        if (e.seat < 0 || e.seat >= N) entry_error(es, i, "seats are 0..3");
        if (e.seat != observer) continue;
        CardSet c = 0;
        if (e.text.rfind("discard ", 0) == 0) c = entry_cards(es, i, std::string_view(e.text).substr(8), d);
        else if (const Card x = entry_card(e.text, d); x != NO_CARD) c = bit(x);
        if (own & c) entry_error(es, i, "the card " + cards_text(own & c, d.alphabet) + " is given twice");
        own |= c;
    }
    if (contains(own, upcard)) {
        if (observer != dealer)
            throw PositionError("hand", -1,
                                "no deal is consistent with the position: the upcard " + card_text(upcard, d.alphabet) +
                                    " goes to the dealer (seat " + std::to_string(dealer) + "), not to seat " + std::to_string(observer));
        own &= ~bit(upcard);
    }
    check_own_hand(own, EuchreState::HAND_SIZE, observer);
    FixedHands fixed{};
    for (CardSet o = own; o;) fixed[size_t(observer)].push_back(pop_lsb(o));
    fixed[N].push_back(upcard);
    EuchreState s = euchre_deal(rules, mix_seed(seed, 1), dealer, &fixed);
    EuchrePositionHooks hooks{es, observer};
    return rebuild_position(s, observer, hand, own, es, seed, hooks, EUCHRE_EXTRA_LOCATIONS);
}

std::vector<std::string> position_keys(const EuchreRules&) { return {"upcard"}; }

PositionEntries position_history(const EuchreState& s, int seat) { return view_history_entries(s, seat); }

PositionLines position_lines(const EuchreState& s, int) { return {{"upcard", card_text(s.upcard, Alphabet::French)}}; }

namespace {
[[gnu::flatten]] void euchre_random_playouts_loop(const EuchreRules& rules, uint64_t seed, int64_t n, int32_t* out,
                                                  const std::atomic<bool>* stop) {
    random_playouts<EuchreState>([&](int64_t i, uint64_t deal_seed) { return euchre_deal(rules, deal_seed, int(i % 4)); }, seed, n,
                                 EuchreState::NUM_SEATS, out, stop);
}
}   // namespace
void euchre_random_playouts(const EuchreRules& rules, uint64_t seed, int64_t n, int32_t* out, const std::atomic<bool>* stop) {
    run_hot<euchre_random_playouts_loop>(rules, seed, n, out, stop);
}

namespace {
[[gnu::flatten]] void euchre_random_playouts_from_loop(const EuchreState& from, uint64_t seed, int64_t n, int32_t* out,
                                                       const std::atomic<bool>* stop) {
    random_playouts<EuchreState>([&](int64_t, uint64_t) { return from; }, seed, n, EuchreState::NUM_SEATS, out, stop);
}
}   // namespace
void euchre_random_playouts_from(const EuchreState& from, uint64_t seed, int64_t n, int32_t* out, const std::atomic<bool>* stop) {
    run_hot<euchre_random_playouts_from_loop>(from, seed, n, out, stop);
}

// ------------------------------------------------------------------------------------ the match

EuchreState EuchreMatch::next_deal() const { return euchre_deal(rules, mix_seed(seed, uint64_t(deals_played)), dealer); }

void EuchreMatch::record(const EuchreState& finished) {
    check_deal_to_record(finished, is_over(), dealer, rules);
    const int m = finished.makers_score();
    if (finished.declarer >= 0) scores[size_t(m > 0 ? finished.declarer % 2 : 1 - finished.declarer % 2)] += m > 0 ? m : -m;
    ++deals_played;
    dealer = (dealer + 1) % EuchreState::NUM_SEATS;
    for (int t = 0; t < 2; ++t)
        if (scores[size_t(t)] >= TARGET) winner = t;
}

// ------------------------------------------------------------------------------------ registry

const std::vector<std::string>& EuchreDef::extra_locations() {
    static const std::vector<std::string> names{"kitty"};
    return names;
}

const std::vector<OptionSpec<EuchreRules>>& EuchreDef::options() {
    static const auto specs = option_specs<EuchreRules>(STICH_OPTION_ROWS(STICH_EUCHRE_OPTIONS));
    return specs;
}

const std::vector<ParamSpec>& EuchreDef::deal_params() {
    static const std::vector<ParamSpec> params{
        {"upcard", "E-2: the card turned up", Accepts::card(), Value::none()},
        {"kitty", "E-2: up to three of the cards face down", Accepts::card_list(), Value::none()},
    };
    return params;
}

const std::vector<ParamSpec>& EuchreDef::playout_params() {
    static const std::vector<ParamSpec> params{
        {"from_deal", "every game from one deal, game.deal(seed=from_deal, dealer=dealer), instead of a new deal each",
         Accepts::integer(0, INT64_MAX, true), Value::none()},
        {"dealer", "the dealer of the from_deal deal", Accepts::integer(0, EuchreState::NUM_SEATS - 1), Value::of_int(0)},
    };
    return params;
}

EuchreState EuchreDef::deal(const Rules& r, uint64_t seed, int dealer, const FixedHands& hands, const std::vector<Value>& extras) {
    FixedHands fixed = hands;
    if (!extras[0].is_none()) fixed[EuchreState::NUM_SEATS] = {Card(extras[0].i)};
    for (int64_t c : extras[1].ints) fixed[EuchreState::NUM_SEATS + 1].push_back(Card(c));
    return euchre_deal(r, seed, dealer, &fixed);
}

void EuchreDef::random_playouts(const Rules& r, uint64_t seed, int64_t n, int32_t* out, const std::vector<Value>& extras,
                                const std::atomic<bool>* stop) {
    if (extras[0].is_none()) return euchre_random_playouts(r, seed, n, out, stop);
    euchre_random_playouts_from(euchre_deal(r, uint64_t(extras[0].i), int(extras[1].i)), seed, n, out, stop);
}

const std::vector<FieldSpec<EuchreState>>& EuchreDef::state_fields() {
    using S = EuchreState;
    static const std::vector<FieldSpec<S>> fields{
        property<S>("dealer", "int", "The dealer's seat.", [](const S& s, int) { return Value::of_int(s.dealer); }),
        property<S>("upcard", "Card", "The card turned up (E-2).", [](const S& s, int) { return Value::of_card(s.upcard); }),
        property<S>("upcard_taken", "bool", "Whether the upcard was ordered up (E-4).",
                    [](const S& s, int) { return Value::of_bool(s.upcard_taken); }),
        property<S>("kitty", "CardSet",
                    "The cards nobody holds: three face down, the upcard while untaken, the dealer's discard (E-2, E-4).",
                    [](const S& s, int) { return Value::of_cards(s.kitty); }),
        property<S>("discard", "Card | None", "The dealer's discard (E-4), or None.",
                    [](const S& s, int) { return s.discard == NO_CARD ? Value::none() : Value::of_card(s.discard); }),
        property<S>("trump", "str | None", "The trump suit's letter (C, S, H, D), None before it is named.",
                    [](const S& s, int) {
                        return s.trump < 0 ? Value::none() : Value::of_text(std::string(1, suit_letter(s.trump, Alphabet::French)));
                    }),
        property<S>("declarer", "int | None", "The maker: who ordered up or named the trump, or None.",
                    [](const S& s, int) { return Value::seat_or_none(s.declarer); }),
        property<S>("declarer_alone", "bool", "Whether the maker went alone (E-6).",
                    [](const S& s, int) { return Value::of_bool(s.declarer_alone); }),
        property<S>("lone_defender", "int | None", "The defender who went alone (E-8), or None.",
                    [](const S& s, int) { return Value::seat_or_none(s.lone_defender); }),
        property<S>("sitting_out", "list[int]", "Seats whose partner plays alone (E-6, E-8).",
                    [](const S& s, int) {
                        int seats[EuchreState::NUM_SEATS], n = 0;
                        for (int i = 0; i < EuchreState::NUM_SEATS; ++i)
                            if (s.sitting_out >> i & 1) seats[n++] = i;
                        return Value::of_ints(seats, seats + n);
                    }),
        property<S>("passes", "int", "Passes in the bidding so far.", [](const S& s, int) { return Value::of_int(s.passes); }),
        property<S>("trick", "list[Card]", "The cards of the trick on the table, in the order played.",
                    [](const S& s, int) { return Value::of_card_list(s.trick.begin(), s.trick.end()); }),
        property<S>("team_tricks", "list[int]", "Tricks taken by each team.",
                    [](const S& s, int) {
                        const int t[2] = {s.team_tricks[0], s.team_tricks[1]};
                        return Value::of_ints(t, t + 2);
                    }),
        property<S>("makers_score", "int", "The makers' points of the finished deal (E-10); 0 before the end and when all passed.",
                    [](const S& s, int) { return Value::of_int(s.makers_score()); }),
    };
    return fields;
}

const std::vector<FieldSpec<EuchreMatch>>& EuchreDef::match_fields() {
    using M = EuchreMatch;
    static const std::vector<FieldSpec<M>> fields{
        property<M>("scores", "list[int]", "Each team's points, up to 10 (E-13).",
                    [](const M& m, int) { return Value::of_ints(m.scores.data(), m.scores.data() + 2); }),
        property<M>("dealer", "int", "The dealer of the next deal.", [](const M& m, int) { return Value::of_int(m.dealer); }),
        property<M>("deals_played", "int", "How many deals were recorded.", [](const M& m, int) { return Value::of_int(m.deals_played); }),
        property<M>("winner", "int | None", "The team that won the match, or None.",
                    [](const M& m, int) { return Value::seat_or_none(m.winner); }),
    };
    return fields;
}

const std::vector<BenchSpec>& EuchreDef::bench_positions() {
    static const std::vector<BenchSpec> positions{
        {"euchre first bid", {}, 1, {}},
        {"euchre second round", {}, 5, {"pass", "pass", "pass", "pass"}},
        {"euchre mid-play", {}, 7, {"pass", "pass", "pass", "pass", "*", "*", "*", "*", "*", "*", "*"}},
    };
    return positions;
}

const std::vector<SolveBenchSpec>& EuchreDef::solve_bench() {
    static const std::vector<SolveBenchSpec> rows{
        {"euchre", {}, 30},
    };
    return rows;
}

const std::vector<ContractFactory>& EuchreDef::contract_factories() {
    static const std::vector<ContractFactory> factories{
        {"euchre",
         "The order of Euchre with `trump` (C, S, H or D): both bowers on top (E-9).",
         {{"trump", "the trump suit: C, S, H or D", Accepts::text(), Value::none()}},
         [](const std::vector<Value>& a) {
             const int t = trump_suit_of(a[0].text, Alphabet::French);
             return NamedContract{&euchre_contract(t), std::string("Euchre ") + suit_letter(t, Alphabet::French)};
         }},
    };
    return factories;
}

const std::vector<std::string>& EuchreDef::deal_locations() {
    static const std::vector<std::string> names{"upcard", "kitty"};
    return names;
}

InitialDeal EuchreDef::initial_deal(const State& s) {
    InitialDeal d;
    const auto played = played_by_seat(s, [](Action a) { return is_card_action(a) ? Card(a) : NO_CARD; });
    for (int seat = 0; seat < State::NUM_SEATS; ++seat) d.cards[size_t(seat)] = cards_in(s.hands[size_t(seat)] | played[size_t(seat)]);
    // The dealer's hand as dealt: its discard back, the upcard (if it took it) out (E-4).
    CardSet dealer = s.hands[s.dealer] | played[s.dealer];
    if (s.discard != NO_CARD) dealer |= bit(s.discard);
    if (s.upcard_taken) dealer &= ~bit(s.upcard);
    d.cards[s.dealer] = cards_in(dealer);
    d.cards[State::NUM_SEATS] = {s.upcard};
    d.cards[State::NUM_SEATS + 1] = cards_in(s.deck_info().cards & ~dealer & ~bit(s.upcard) & ~[&] {
        CardSet others = 0;
        for (int seat = 0; seat < State::NUM_SEATS; ++seat)
            if (seat != s.dealer) others |= s.hands[size_t(seat)] | played[size_t(seat)];
        return others;
    }());
    d.extras = {Value::none(), Value::none()};   // the upcard and the kitty are in the cards
    return d;
}

}   // namespace stich
