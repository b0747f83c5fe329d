#include "stich/couillon.hpp"

#include <sstream>

namespace stich {

namespace {
// C-1: card points by rank code.
constexpr std::array<int, 15> COUILLON_POINTS = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 2, 3, 4};

Contract make_couillon(int trump, bool mit) {
    ContractBuilder b(DeckKind::French24, FollowRule::FollowOrTrump);   // C-5
    const std::vector<int> plain = {RANK_ACE, RANK_KING, RANK_OBER, RANK_UNTER, RANK_TEN, RANK_NINE};
    std::vector<Card> trumps;
    for (int r : plain) {
        Card c = make_card(trump, r);
        if (mit && c == MIT) continue;
        trumps.push_back(c);
        if (mit && r == RANK_ACE) trumps.push_back(MIT);   // C-3: the Mit right below the trump ace
    }
    b.build(trumps, plain);
    b.set_points(COUILLON_POINTS);
    return b.k;
}
}   // namespace

const Contract& couillon_contract(int trump_suit, bool mit) {
    static const auto contracts = contract_table<8>([](size_t i) { return make_couillon(int(i / 2), i % 2); });
    return contracts[size_t(trump_suit) * 2 + size_t(mit)];
}

namespace ca = couillon_action;

namespace {
constexpr const char* SUIT_NAMES[4] = {"Clubs", "Spades", "Hearts", "Diamonds"};
}

int CouillonState::team_speaker(int team, int k) const { return team_member(forehand, NUM_SEATS, team, k); }

CardSet CouillonState::legal_cards() const { return trick.legal(*contract, hands[to_act]); }

void CouillonState::legal_actions(ActionList& out) const {
    out.n = 0;
    switch (phase) {
        case CouillonPhase::Trump:
            for (Action a = ca::NAME_TRUMP; a <= ca::REVEAL; ++a) out.push(a);
            break;
        case CouillonPhase::Mit:
            out.push(ca::MIT_DECLARE);
            out.push(ca::MIT_PASS);
            break;
        case CouillonPhase::Kontra:
            out.push(ca::KONTRA);
            out.push(ca::KONTRA_PASS);
            break;
        case CouillonPhase::Re:
            out.push(ca::RE);
            out.push(ca::RE_PASS);
            break;
        case CouillonPhase::Play: {
            CardSet s = legal_cards();
            while (s) out.push(pop_lsb(s));
            break;
        }
        case CouillonPhase::Over: break;
    }
}

Action CouillonState::random_action(Rng& rng) const {
    return phase == CouillonPhase::Play ? rng.pick(legal_cards()) : random_listed_action(*this, rng);
}

Action CouillonState::heuristic_action(Rng& rng) const {
    const CardSet h = hands[to_act];
    auto trumps_of = [&](int suit) {
        return popcount(h & suit_lane(suit)) + (mit_declarer >= 0 && contains(h, MIT) && suit != SUIT1 ? 1 : 0);
    };
    switch (phase) {
        case CouillonPhase::Trump: {
            // Name a suit held twice among the first three cards (the higher card decides a tie), else reveal.
            int best = -1, best_n = 1;
            for (int s = 0; s < SUIT_NB; ++s) {
                const int n = popcount(first_three & suit_lane(s));
                if (n > best_n) {
                    best_n = n;
                    best = s;
                }
            }
            return best >= 0 ? Action(ca::NAME_TRUMP + best) : ca::REVEAL;
        }
        case CouillonPhase::Mit: return trumps_of(trump) >= 2 ? ca::MIT_DECLARE : ca::MIT_PASS;
        case CouillonPhase::Kontra:
            return popcount(h & contract->trumps) >= 3 && contains(h, make_card(trump, RANK_ACE)) ? ca::KONTRA : ca::KONTRA_PASS;
        case CouillonPhase::Re: return popcount(h & contract->trumps) >= 3 ? ca::RE : ca::RE_PASS;
        case CouillonPhase::Play: {
            const bool partner = trick.size > 0 && trick.winner % 2 == to_act % 2;
            return heuristic_card(*contract, legal_cards(), trick.led(), trick.winning, partner, trick.size == NUM_SEATS - 1);
        }
        case CouillonPhase::Over: break;
    }
    return random_action(rng);
}

void CouillonState::start_play() {
    phase = CouillonPhase::Play;
    to_act = forehand;
}

void CouillonState::apply(Action a) {
    STICH_CHECK_AFTER_APPLY(*this, a);
    history.push(to_act, a);
    switch (phase) {
        case CouillonPhase::Trump: {
            revealed = a == ca::REVEAL;
            trump = int8_t(revealed ? suit_of(reveal_card) : a - ca::NAME_TRUMP);
            contract = &couillon_contract(trump, false);
            int holder = -1;
            for (int s = 0; s < NUM_SEATS; ++s)
                if (contains(hands[s], MIT)) holder = s;
            if (holder < 0) {   // the Mit lies in the talon: nobody can declare it
                start_play();
            } else {
                phase = CouillonPhase::Mit;
                to_act = uint8_t(holder);
            }
            break;
        }
        case CouillonPhase::Mit:
            if (a == ca::MIT_DECLARE) {
                mit_declarer = int8_t(to_act);
                contract = &couillon_contract(trump, true);
                phase = CouillonPhase::Kontra;
                speakers_done = 0;
                to_act = uint8_t(team_speaker(1 - mit_declarer % 2, 0));
            } else {
                start_play();
            }
            break;
        case CouillonPhase::Kontra:
            if (a == ca::KONTRA) {
                kontra_by = int8_t(to_act);
                phase = CouillonPhase::Re;
                speakers_done = 0;
                to_act = uint8_t(team_speaker(mit_declarer % 2, 0));
            } else if (++speakers_done == 2) {
                start_play();
            } else {
                to_act = uint8_t(team_speaker(1 - mit_declarer % 2, 1));
            }
            break;
        case CouillonPhase::Re:
            if (a == ca::RE) {
                re_by = int8_t(to_act);
                start_play();
            } else if (++speakers_done == 2) {
                start_play();
            } else {
                to_act = uint8_t(team_speaker(mit_declarer % 2, 1));
            }
            break;
        case CouillonPhase::Play: {
            const Card c = Card(a);
            hands[to_act] &= ~bit(c);
            if (trick.play(*contract, to_act, c) == NUM_SEATS) finish_trick();
            else to_act = uint8_t((to_act + 1) % NUM_SEATS);
            break;
        }
        case CouillonPhase::Over: break;
    }
}

void CouillonState::finish_trick() {
    const int team = trick.winner % 2;
    team_tricks[team]++;
    int pts = 0;
    for (Card c : trick.cards) pts += contract->points[c];   // the trick is full: a loop of fixed length
    team_points[team] = uint8_t(team_points[team] + pts);
    to_act = trick.winner;
    if (trick.gather() == HAND_SIZE) phase = CouillonPhase::Over;
}

template <class Choose>
void CouillonState::play_cards(Choose&& choose) {
    // Few locals, so that they stay in registers: the hands, the trick (its cards, the card led,
    // the card now winning and its seat) and the tricks done.
    const Contract& k = *contract;
    std::array<CardSet, NUM_SEATS> h = hands;
    std::array<Card, NUM_SEATS> cards = trick.cards;
    int seat = to_act, winner = trick.winner, in_trick = trick.size, done = trick.done, n = history.size;
    // Any card's entry where the trick is empty (its led card and winner are then not read), so
    // that the masks below are loaded without a branch.
    Card led = trick.size ? trick.led() : Card(0), winning = trick.size ? trick.winning : Card(0);
    std::array<int, 2> tricks = {team_tricks[0], team_tricks[1]}, points = {team_points[0], team_points[1]};
    for (;;) {
        // C-5: follow suit or trump, else any card.
        const CardSet hand = h[size_t(seat)];
        const CardSet follow = hand & k.same_suit[led] & (CardSet(0) - CardSet(in_trick != 0));
        const Card c = choose(seat, follow ? hand & (k.same_suit[led] | k.trumps) : hand, in_trick, led, winning, winner);
        history.actions[size_t(n)] = c;
        history.actors[size_t(n)] = uint8_t(seat);
        ++n;
        h[size_t(seat)] = hand & ~bit(c);
        const bool takes = in_trick == 0 || contains(k.beats[winning], c);
        cards[size_t(in_trick)] = c;
        led = in_trick == 0 ? c : led;
        winning = takes ? c : winning;
        winner = takes ? seat : winner;
        if (++in_trick < NUM_SEATS) {
            seat = (seat + 1) & (NUM_SEATS - 1);
            continue;
        }
        ++tricks[size_t(winner % 2)];
        points[size_t(winner % 2)] += k.points[cards[0]] + k.points[cards[1]] + k.points[cards[2]] + k.points[cards[3]];   // C-1
        seat = winner;
        in_trick = 0;
        if (++done == HAND_SIZE) break;
    }
    // The state as apply leaves it: the last trick's cards, gathered.
    hands = h;
    trick.cards = cards;
    trick.size = 0;
    trick.winning = winning;
    trick.winner = uint8_t(winner);
    trick.done = uint8_t(done);
    team_tricks = {uint8_t(tricks[0]), uint8_t(tricks[1])};
    team_points = {uint8_t(points[0]), uint8_t(points[1])};
    to_act = uint8_t(seat);
    history.size = uint8_t(n);
    phase = CouillonPhase::Over;
}

void CouillonState::play_out(Rng& rng_in) {
    STICH_CHECK_PLAY_OUT(*this, rng_in, false);
    Rng rng = rng_in;   // a local copy: the history's stores would make the compiler reload a referenced one
    // The trump, the Mit, Kontra and Re: few, by apply.
    while (phase != CouillonPhase::Play && phase != CouillonPhase::Over) apply(random_action(rng));
    if (phase == CouillonPhase::Play) play_cards([&](int, CardSet legal, int, Card, Card, int) { return rng.pick(legal); });
    rng_in = rng;
}

void CouillonState::play_out_heuristic(Rng& rng_in) {
    STICH_CHECK_PLAY_OUT(*this, rng_in, true);
    Rng rng = rng_in;
    while (phase != CouillonPhase::Play && phase != CouillonPhase::Over) apply(heuristic_action(rng));
    if (phase == CouillonPhase::Play) {
        const Contract& k = *contract;
        play_cards([&](int seat, CardSet legal, int in_trick, Card led, Card winning, int winner) {
            return heuristic_card(k, legal, in_trick ? led : NO_CARD, winning, in_trick > 0 && winner % 2 == seat % 2,
                                  in_trick == NUM_SEATS - 1);
        });
    }
    rng_in = rng;
}

std::array<int, 2> CouillonState::score_moves() const {
    std::array<int, 2> moves{0, 0};
    if (!is_terminal() || team_points[0] == team_points[1]) return moves;
    const int w = team_points[0] > team_points[1] ? 0 : 1;
    const int base = (team_tricks[w] == HAND_SIZE ? 2 : 1) + (mit_declarer >= 0 ? 1 : 0);
    const int doublings = (kontra_by >= 0 ? 1 : 0) + (re_by >= 0 ? 1 : 0);
    const int value = rules.kontra_doubles ? base << doublings : base + doublings;
    moves[w] = -value;
    if (w == dealer % 2 && !revealed) moves[1 - w] += 1;   // forehand named trump and lost to the dealer's team
    return moves;
}

void CouillonState::returns(Returns& out) const {
    out.fill(0);
    const auto m = score_moves();
    for (int s = 0; s < NUM_SEATS; ++s) out[s] = m[1 - s % 2] - m[s % 2];
}

std::string CouillonState::action_text(Action a) const {
    if (is_card_action(a)) return card_text(Card(a), Alphabet::French);
    switch (a) {
        case ca::REVEAL: return "reveal";
        case ca::MIT_DECLARE: return "Mit";
        case ca::KONTRA: return "Kontra";
        case ca::RE: return "Re";
        case ca::MIT_PASS:
        case ca::KONTRA_PASS:
        case ca::RE_PASS: return "pass";
        default:
            if (a >= ca::NAME_TRUMP && a < ca::REVEAL) return SUIT_NAMES[a - ca::NAME_TRUMP];
            return "action " + std::to_string(a);
    }
}

Locations CouillonState::locations() const {
    Locations l{};
    for (int s = 0; s < NUM_SEATS; ++s) l[s] = hands[s];
    l[LOC_TALON] = talon;
    return l;
}

// The others know of forehand's packet only that it is three of forehand's cards as dealt (its
// hand and the cards it has played), not the revealed one; its unrevealed fifth card is another.
void CouillonState::redraw_packet(Rng& r) {
    CardSet dealt = hands[forehand];
    for (int i = 0; i < history.size; ++i)
        if (history.actors[i] == forehand && is_card_action(history.actions[i])) dealt |= bit(Card(history.actions[i]));
    CardSet rest = dealt & ~(revealed ? bit(reveal_card) : CardSet(0));
    first_three = 0;
    for (int i = 0; i < 3; ++i) {
        const Card c = r.pick(rest);
        first_three |= bit(c);
        rest &= ~bit(c);
    }
    if (!revealed) reveal_card = r.pick(dealt & ~first_three);
}

void CouillonState::set_hidden(const Locations& world, int observer, Rng& rng) {
    for (int s = 0; s < NUM_SEATS; ++s) hands[s] = world[s];
    talon = world[LOC_TALON];
    if (phase == CouillonPhase::Trump) {
        // Forehand sees its packet and not yet its fifth card (C-2).
        if (observer != forehand) redraw_packet(rng);
        else reveal_card = rng.pick(hands[forehand] & ~first_three);
        return;
    }
    // Once the trump is chosen forehand's packet no longer matters to the play, but the other
    // seats must not see it: redrawn from a side stream, so that the draws a search makes after
    // set_hidden stay what they were before this redraw existed (one pick while not revealed).
    const CardSet outside = hands[forehand] & ~first_three;
    if (observer != forehand) {
        Rng side(mix_seed(rng.state, 0x666972737433ULL));
        redraw_packet(side);
    }
    if (!revealed && outside) rng.pick(outside);
    fit_mit(observer);
}

// C-3: nobody but the Mit's holder sees its pass. A world may put the Mit elsewhere: the pass
// (history entry 1, right after the trump) becomes the world's holder's, or goes when the world
// puts the Mit in the talon (nobody was asked), or comes when the real Mit lay in the talon; in
// the Mit phase the world's holder is the one asked (nobody: the play starts). A declared or
// played Mit is where everyone saw it, and so is the observer's own.
void CouillonState::fit_mit(int observer) {
    if (mit_declarer >= 0) return;
    int holder = contains(talon, MIT) ? LOC_TALON : -1;
    for (int s = 0; s < NUM_SEATS; ++s)
        if (contains(hands[size_t(s)], MIT)) holder = s;
    if (holder < 0 || holder == observer) return;   // played (by the seat that held it), or known
    if (phase == CouillonPhase::Mit) {
        if (holder == LOC_TALON) start_play();
        else to_act = uint8_t(holder);
        return;
    }
    const bool passed = history.size > 1 && history.actions[1] == couillon_action::MIT_PASS;
    if (holder != LOC_TALON && passed) {
        history.actors[1] = uint8_t(holder);
    } else if (holder != LOC_TALON) {   // the real Mit lay in the talon: the world's holder passed
        for (int i = history.size; i > 1; --i) {
            history.actions[size_t(i)] = history.actions[size_t(i - 1)];
            history.actors[size_t(i)] = history.actors[size_t(i - 1)];
        }
        history.actions[1] = couillon_action::MIT_PASS;
        history.actors[1] = uint8_t(holder);
        ++history.size;
    } else if (passed) {   // the world puts the Mit in the talon: nobody was asked
        for (int i = 1; i + 1 < history.size; ++i) {
            history.actions[size_t(i)] = history.actions[size_t(i + 1)];
            history.actors[size_t(i)] = history.actors[size_t(i + 1)];
        }
        --history.size;
        history.actions[history.size] = 0;
        history.actors[history.size] = 0;
    }
}

void CouillonState::settle_world(int observer, Rng& rng) {
    // Forehand's first three cards and its unrevealed fifth are its own view only while it names
    // trump: afterwards they are drawn anew, as set_hidden draws them for the other seats.
    if (observer == forehand && phase != CouillonPhase::Trump) redraw_packet(rng);
}

PlayReplay CouillonState::play_replay() const { return PlayReplay(NUM_SEATS); }

View CouillonState::view(int seat, const PlayReplay* replayed) const {
    View v = start_view(seat, NUM_SEATS, NUM_SEATS + 1, hands);
    v.where[LOC_TALON].size = TALON;
    // Before the trump is chosen only forehand holds cards, and only its first three.
    if (phase == CouillonPhase::Trump) v.where[seat].known = seat == forehand ? first_three : 0;
    if (revealed && contains(hands[forehand], reveal_card)) v.where[forehand].known |= bit(reveal_card);
    if (mit_declarer >= 0 && contains(hands[mit_declarer], MIT)) v.where[mit_declarer].known |= bit(MIT);

    // Replay the history: public events, played cards and what each play proves (the cascade).
    finish_view(v, view_replay(v, *this, history, contract, replayed), deck_info().cards, phase != CouillonPhase::Trump);
    return v;
}

const char* CouillonState::phase_name() const {
    static constexpr const char* NAMES[] = {"trump", "mit", "kontra", "re", PLAY_PHASE, "over"};
    return NAMES[size_t(phase)];
}

std::string CouillonState::to_string() const {
    std::ostringstream o;
    o << "Couillon  dealer " << int(dealer) << "  forehand " << int(forehand);
    if (trump >= 0)
        o << "  trump " << SUIT_NAMES[trump] << (revealed ? " (revealed " + card_text(reveal_card, Alphabet::French) + ")" : " (named)");
    if (mit_declarer >= 0) o << "  Mit by " << int(mit_declarer);
    if (kontra_by >= 0) o << "  Kontra by " << int(kontra_by);
    if (re_by >= 0) o << "  Re by " << int(re_by);
    o << "\n";
    for (int s = 0; s < NUM_SEATS; ++s) o << "seat " << s << ": " << cards_text(hands[s], Alphabet::French) << "\n";
    o << "talon: " << cards_text(talon, Alphabet::French) << "\n";
    if (phase == CouillonPhase::Play && trick.size) {
        o << "trick:" << trick_text(trick, history, Alphabet::French) << "\n";
    }
    o << team_tallies_text(NUM_SEATS, team_tricks, &team_points, "points");
    if (is_terminal()) {
        Returns r;
        returns(r);
        o << "\nreturns " << r[0] << " " << r[1] << " " << r[2] << " " << r[3];
    } else {
        o << "\nto act: seat " << int(to_act);
    }
    return o.str();
}

CouillonState couillon_deal(const CouillonRules& rules, uint64_t seed, int dealer, const FixedHands* fixed) {
    constexpr int N = CouillonState::NUM_SEATS, H = CouillonState::HAND_SIZE;
    if (dealer < 0 || dealer >= N) throw std::invalid_argument("dealer must be a seat 0..3, got " + std::to_string(dealer));
    static constexpr DealLayout LAYOUT{"Couillon", N, {H, H, H, H, CouillonState::TALON}, N + 1, {"the talon", ""}};
    Rng rng(seed);
    // Seat s holds slots s*5 .. s*5+4 in deal order, the talon the last four.
    const auto slots = deal_cards(deck(DeckKind::French24), LAYOUT, fixed, rng);
    CouillonState st;
    st.rules = rules;
    st.dealer = uint8_t(dealer);
    st.forehand = uint8_t((dealer + 1) % N);
    for (int s = 0; s < N; ++s) st.hands[s] = slots_set(slots, s * H, H);
    st.talon = slots_set(slots, N * H, CouillonState::TALON);
    const int f = st.forehand;
    st.first_three = slots_set(slots, f * H, 3);
    st.reveal_card = slots[size_t(f * H + H - 1)];
    st.to_act = st.forehand;
    return st;
}

namespace {

const char* const COUILLON_EXTRA_LOCATIONS[] = {"the talon"};

// The replay's hooks (stich/position.hpp): the reveal, the Mit holder's hidden pass (C-3).
struct CouillonPositionHooks {
    const PositionEntries& es;
    int observer;

    Card reveal_of(const CouillonState& s, int i) const {
        const std::string& t = es[size_t(i)].text;
        if (t.size() < 6 || !iequals(std::string_view(t).substr(0, 6), "reveal")) return NO_CARD;
        const CardSet c = entry_cards(es, i, std::string_view(t).substr(6), s.deck_info());
        if (popcount(c) != 1) entry_error(es, i, "a reveal names the card: '" + std::to_string(es[size_t(i)].seat) + " reveal HT'");
        return lsb(c);
    }
    // The Mit holder passes unseen before any entry that is not its declaration, and before the position.
    void hidden(CouillonState& s, int i) const {
        while (s.phase == CouillonPhase::Mit && s.to_act != observer &&
               !(i < int(es.size()) && es[size_t(i)].seat == s.to_act && iequals(es[size_t(i)].text, "Mit")))
            s.apply(ca::MIT_PASS);
    }
    Need need(const CouillonState& s, int i) const {
        Need n;
        if (s.phase != CouillonPhase::Trump) return n;
        const Card r = reveal_of(s, i);
        if (r != NO_CARD) {
            n.known[s.forehand] |= bit(r);
            n.why = "the reveal shows forehand's fifth card (C-2)";
        }
        // A declaration right after the trump: its seat holds the Mit from the deal (C-3).
        if (i + 1 < int(es.size()) && iequals(es[size_t(i + 1)].text, "Mit")) {
            n.known[size_t(es[size_t(i + 1)].seat)] |= bit(MIT);
            if (r == NO_CARD) {
                n.blame = i + 1;
                n.why = "to declare the Mit, seat " + std::to_string(es[size_t(i + 1)].seat) + " holds SQ (C-3)";
            }
        }
        return n;
    }
    Action action(CouillonState& s, int i, Rng& rng) const {
        if (s.phase == CouillonPhase::Trump) {
            const Card r = reveal_of(s, i);
            if (r != NO_CARD) {
                // The fifth card dealt, so not of the first packet (only the working state's, which nobody saw).
                if (contains(s.first_three, r))
                    s.first_three = (s.first_three & ~bit(r)) | bit(rng.pick(s.hands[s.forehand] & ~s.first_three & ~bit(r)));
                s.reveal_card = r;
                return ca::REVEAL;
            }
        }
        return find_action(s, es[size_t(i)].text);
    }
};

}   // namespace

CouillonState read_position(const CouillonRules& rules, int dealer, int observer, CardSet hand, const PositionEntries& es,
                            const PositionLines& lines, uint64_t seed) {
    constexpr int N = CouillonState::NUM_SEATS;
    check_position_lines(lines, "Couillon", position_keys(rules));
    if (dealer < 0 || dealer >= N || observer < 0 || observer >= N) throw PositionError("seat", -1, "seats are 0..3");
    const Deck& d = deck(DeckKind::French24);
    // The observer's cards as dealt: its hand and its own card plays; a revealed card of its own is its fifth.
    CardSet own = hand;
    Card reveal = NO_CARD;
    for (int i = 0; i < int(es.size()); ++i) {
        if (es[size_t(i)].seat < 0 || es[size_t(i)].seat >= N) entry_error(es, i, "seats are 0..3");
        if (es[size_t(i)].seat != observer) continue;
        const Card c = entry_card(es[size_t(i)].text, d);
        if (c == NO_CARD) continue;
        if (contains(own, c)) entry_error(es, i, "the card " + card_text(c, d.alphabet) + " is given twice");
        own |= bit(c);
    }
    const int forehand = (dealer + 1) % N;
    if (observer == forehand) {
        const CouillonPositionHooks probe{es, observer};
        CouillonState blank;
        for (int i = 0; i < int(es.size()); ++i)
            if (es[size_t(i)].seat == forehand && (reveal = probe.reveal_of(blank, i)) != NO_CARD) break;
    }
    check_own_hand(own, CouillonState::HAND_SIZE, observer);
    // Forehand's revealed card is its fifth: dealt last.
    FixedHands fixed{};
    const bool reveal_last = reveal != NO_CARD && contains(own, reveal) && popcount(own) == CouillonState::HAND_SIZE;
    for (CardSet o = own & ~(reveal_last ? bit(reveal) : CardSet(0)); o;) fixed[size_t(observer)].push_back(pop_lsb(o));
    if (reveal_last) fixed[size_t(observer)].push_back(reveal);
    CouillonState s = couillon_deal(rules, mix_seed(seed, 1), dealer, &fixed);
    CouillonPositionHooks hooks{es, observer};
    return rebuild_position(s, observer, hand, own, es, seed, hooks, COUILLON_EXTRA_LOCATIONS);
}

std::vector<std::string> position_keys(const CouillonRules&) { return {}; }

PositionEntries position_history(const CouillonState& s, int seat) {
    const View v = s.view(seat);
    PositionEntries out;
    for (int i = 0; i < v.history_size; ++i) {
        const PublicEvent& e = v.history[size_t(i)];
        std::string text = s.action_text(e.action);
        if (e.action == ca::REVEAL) text += " " + card_text(s.reveal_card, Alphabet::French);
        out.push_back({e.seat, std::move(text)});
    }
    return out;
}

PositionLines position_lines(const CouillonState&, int) { return {}; }

CouillonState CouillonMatch::next_deal() const { return couillon_deal(rules, mix_seed(seed, uint64_t(deals_played)), dealer); }

void CouillonMatch::record(const CouillonState& finished) {
    check_deal_to_record(finished, is_over(), dealer, rules);
    const auto m = finished.score_moves();
    for (int t = 0; t < 2; ++t) scores[t] += m[t];
    ++deals_played;
    dealer = (dealer + 1) % CouillonState::NUM_SEATS;
    for (int t = 0; t < 2; ++t)
        if (scores[t] <= 0) winner = t;
}

// Flattened: the whole playout loop inlines, whatever the link-time optimiser decides; copied
// for x86-64-v3 in portable builds (run_hot, stich/dispatch.hpp).
namespace {
[[gnu::flatten]] void couillon_random_playouts_loop(const CouillonRules& rules, uint64_t seed, int64_t n, int32_t* out,
                                                    const std::atomic<bool>* stop) {
    random_playouts<CouillonState>([&](int64_t i, uint64_t deal_seed) { return couillon_deal(rules, deal_seed, int(i % 4)); }, seed, n,
                                   CouillonState::NUM_SEATS, out, stop);
}
}   // namespace
void couillon_random_playouts(const CouillonRules& rules, uint64_t seed, int64_t n, int32_t* out, const std::atomic<bool>* stop) {
    run_hot<couillon_random_playouts_loop>(rules, seed, n, out, stop);
}

// ------------------------------------------------------------------------------------ registry

const std::vector<std::string>& CouillonDef::extra_locations() {
    static const std::vector<std::string> names{"talon"};
    return names;
}

const std::vector<OptionSpec<CouillonRules>>& CouillonDef::options() {
    static const auto specs = option_specs<CouillonRules>(STICH_OPTION_ROWS(STICH_COUILLON_OPTIONS));
    return specs;
}

const std::vector<ParamSpec>& CouillonDef::deal_params() {
    static const std::vector<ParamSpec> none;
    return none;
}

const std::vector<ParamSpec>& CouillonDef::playout_params() { return deal_params(); }

const std::vector<FieldSpec<CouillonState>>& CouillonDef::state_fields() {
    using S = CouillonState;
    using F = FieldSpec<S>;
    static const std::vector<F> fields{
        property<S>("dealer", "int", "The dealer's seat.", [](const S& s, int) { return Value::of_int(s.dealer); }),
        property<S>("forehand", "int", "The seat left of the dealer, first to speak and to lead.",
                    [](const S& s, int) { return Value::of_int(s.forehand); }),
        property<S>("trump", "str | None", "The trump suit's letter (C, S, H, D), None before it is named.",
                    [](const S& s, int) {
                        return s.trump < 0 ? Value::none() : Value::of_text(std::string(1, suit_letter(s.trump, Alphabet::French)));
                    }),
        property<S>("revealed", "bool", "Whether trump came from the reveal (C-2).",
                    [](const S& s, int) { return Value::of_bool(s.revealed); }),
        property<S>("reveal_card", "Card", "Forehand's fifth card, shown on a reveal (C-2).",
                    [](const S& s, int) { return Value::of_card(s.reveal_card); }),
        property<S>("first_three", "CardSet", "The three cards forehand named trump on (C-2).",
                    [](const S& s, int) { return Value::of_cards(s.first_three); }),
        property<S>("talon", "CardSet", "The four cards nobody sees (C-2).", [](const S& s, int) { return Value::of_cards(s.talon); }),
        property<S>("mit_declarer", "int | None", "The seat that declared the Mit (C-3), or None.",
                    [](const S& s, int) { return Value::seat_or_none(s.mit_declarer); }),
        property<S>("kontra_by", "int | None", "The seat that said Kontra (C-4), or None.",
                    [](const S& s, int) { return Value::seat_or_none(s.kontra_by); }),
        property<S>("re_by", "int | None", "The seat that said Re (C-4), or None.",
                    [](const S& s, int) { return Value::seat_or_none(s.re_by); }),
        property<S>("trick", "list[Card]", "The cards of the trick on the table, in the order played.",
                    [](const S& s, int) { return Value::of_card_list(s.trick.begin(), s.trick.end()); }),
        property<S>("team_points", "list[int]", "Card points taken by each team (C-1).",
                    [](const S& s, int) {
                        const int p[2] = {s.team_points[0], s.team_points[1]};
                        return Value::of_ints(p, p + 2);
                    }),
        property<S>("team_tricks", "list[int]", "Tricks taken by each team.",
                    [](const S& s, int) {
                        const int t[2] = {s.team_tricks[0], s.team_tricks[1]};
                        return Value::of_ints(t, t + 2);
                    }),
        {"score_moves", "list[int]", "Change of each team's running score in the match (negative: towards 0), C-6.", F::Kind::Method,
         [](const S& s, int) {
             const auto m = s.score_moves();
             return Value::of_ints(m.data(), m.data() + 2);
         }},
    };
    return fields;
}

const std::vector<FieldSpec<CouillonMatch>>& CouillonDef::match_fields() {
    using M = CouillonMatch;
    static const std::vector<FieldSpec<M>> fields{
        property<M>("scores", "list[int]", "Each team's running score, from 13 down to 0 (C-6).",
                    [](const M& m, int) { return Value::of_ints(m.scores.data(), m.scores.data() + 2); }),
        property<M>("dealer", "int", "The dealer of the next deal.", [](const M& m, int) { return Value::of_int(m.dealer); }),
        property<M>("deals_played", "int", "How many deals were recorded.", [](const M& m, int) { return Value::of_int(m.deals_played); }),
        property<M>("winner", "int | None", "The team that won the match, or None.",
                    [](const M& m, int) { return Value::seat_or_none(m.winner); }),
    };
    return fields;
}

const std::vector<BenchSpec>& CouillonDef::bench_positions() {
    static const std::vector<BenchSpec> positions{
        {"couillon trump choice", {}, 1, {}},
        {"couillon Mit declaration", {}, 3, {"Hearts"}},
        {"couillon first lead", {}, 5, {"reveal", "*", "*", "*"}},
        {"couillon mid-play", {}, 7, {"reveal", "*", "*", "*", "*", "*", "*", "*", "*", "*", "*", "*", "*"}},
    };
    return positions;
}

const std::vector<SolveBenchSpec>& CouillonDef::solve_bench() {
    static const std::vector<SolveBenchSpec> rows{
        {"couillon", {}, 20},
    };
    return rows;
}

const std::vector<ContractFactory>& CouillonDef::contract_factories() {
    static const std::vector<ContractFactory> factories{
        {"couillon",
         "The order of Couillon with `trump` (C, S, H or D); mit: the Mit declared (C-3).",
         {{"trump", "the trump suit: C, S, H or D", Accepts::text(), Value::none()},
          {"mit", "the Mit declared (C-3)", Accepts::boolean(), Value::of_bool(false)}},
         [](const std::vector<Value>& a) {
             const int t = trump_suit_of(a[0].text, Alphabet::French);
             const bool mit = a[1].i != 0;
             return NamedContract{&couillon_contract(t, mit),
                                  std::string("Couillon ") + suit_letter(t, Alphabet::French) + (mit ? " with Mit" : "")};
         }},
    };
    return factories;
}

const std::vector<std::string>& CouillonDef::deal_locations() {
    static const std::vector<std::string> names{"talon"};
    return names;
}

InitialDeal CouillonDef::initial_deal(const State& s) {
    InitialDeal d;
    const auto played = played_by_seat(s, [](Action a) { return a < CARD_ACTIONS ? Card(a) : NO_CARD; });
    for (int seat = 0; seat < State::NUM_SEATS; ++seat) d.cards[size_t(seat)] = cards_in(s.hands[size_t(seat)] | played[size_t(seat)]);
    // Forehand's cards in deal order: its first packet of three, then the rest, the revealable card last (C-2).
    auto& f = d.cards[s.forehand];
    f = cards_in(s.first_three);
    for (Card c : cards_in((s.hands[s.forehand] | played[s.forehand]) & ~s.first_three & ~bit(s.reveal_card))) f.push_back(c);
    f.push_back(s.reveal_card);
    d.cards[State::NUM_SEATS] = cards_in(s.talon);
    return d;
}

}   // namespace stich
