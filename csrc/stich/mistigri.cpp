#include "stich/mistigri.hpp"

#include <algorithm>
#include <sstream>

namespace stich {

namespace {
// M-1: the decks Mistigri is played with (the one list: the contracts, the deck option and its message).
constexpr std::array<DeckKind, 5> MISTIGRI_DECKS = {DeckKind::German32, DeckKind::French32, DeckKind::German36, DeckKind::French36,
                                                    DeckKind::French52};

// "Mistigri is not played with the <deck> deck; accepted: german32, ...".
[[noreturn]] void not_a_mistigri_deck(DeckKind d) {
    std::string accepted;
    for (DeckKind k : MISTIGRI_DECKS) accepted += (accepted.empty() ? "" : ", ") + std::string(deck(k).name);
    throw std::invalid_argument(std::string("Mistigri is not played with the ") + deck(d).name + " deck; accepted: " + accepted);
}

Contract make_mistigri(int trump, DeckKind d) {
    ContractBuilder b(d, FollowRule::Stichzwang);   // M-9
    std::vector<int> plain;
    for (int r = RANK_ACE; r >= RANK_TWO; --r)
        if (contains(b.k.deck, make_card(SUIT0, r))) plain.push_back(r);
    std::vector<Card> trumps = {MISTIGRI};   // M-8: always the highest trump
    for (int r : plain)
        if (make_card(trump, r) != MISTIGRI) trumps.push_back(make_card(trump, r));
    return b.build(trumps, plain);   // no card points in Mistigri
}
}   // namespace

const Contract& mistigri_contract(int trump_suit, DeckKind d) {
    static const auto contracts = contract_table<20>([](size_t i) { return make_mistigri(int(i % 4), MISTIGRI_DECKS[i / 4]); });
    for (size_t j = 0; j < MISTIGRI_DECKS.size(); ++j)
        if (MISTIGRI_DECKS[j] == d) return contracts[j * 4 + size_t(trump_suit)];
    not_a_mistigri_deck(d);
}

namespace mi = mistigri_action;

namespace {
// The Mistigri played, naming the trump (M-8), and an exchange (a mask of the hand's cards).
constexpr bool names_trump(Action a) { return a >= mi::PLAY_MISTIGRI && a < mi::PLAY_MISTIGRI + SUIT_NB; }
constexpr bool is_exchange(Action a) { return a >= mi::EXCHANGE && a < mi::EXCHANGE + 32; }

// The cards a hand may play to a trick led with `led` (NO_CARD: a lead, anything; M-9 cascade).
// M-11: the trump ace led to the first trick (by whichever joined seat leads it) keeps the
// Mistigri back (`kept_still`), unless it is all its holder has.
CardSet playable(const Contract& k, CardSet hand, bool kept_still, Card led, Card winning) {
    if (led == NO_CARD) return hand;
    if (kept_still && contains(hand, MISTIGRI) && hand != bit(MISTIGRI)) hand &= ~bit(MISTIGRI);
    return legal_cards(k, hand, led, winning);
}

// A uniformly random play among the legal cards, the Mistigri standing for its four actions (M-8).
Action random_play(CardSet legal, Rng& r) {
    const CardSet plain = legal & ~bit(MISTIGRI);
    const int choices = popcount(plain) + (legal != plain ? SUIT_NB : 0);
    const int k = int(r.below(uint32_t(choices)));
    return k < popcount(plain) ? Action(nth_card(plain, k)) : Action(mi::PLAY_MISTIGRI + k - popcount(plain));
}

// The heuristic's Mistigri play: it names the suit the rest of the hand is longest in (the first
// such suit).
Action heuristic_mistigri(CardSet hand) {
    int best = 0, most = -1;
    for (int s = 0; s < SUIT_NB; ++s) {
        const int count = popcount(hand & ~bit(MISTIGRI) & suit_lane(s));
        if (count > most) {
            most = count;
            best = s;
        }
    }
    return Action(mi::PLAY_MISTIGRI + best);
}
}   // namespace

namespace {
constexpr auto OPTION_ROWS = STICH_OPTION_ROWS(STICH_MISTIGRI_OPTIONS);
}   // namespace

void MistigriRules::validate() const {
    check_options(MistigriDef::NAME, OPTION_ROWS, *this);
    const Deck& d = stich::deck(deck);
    if (d.size < HAND * players + 1)
        throw std::invalid_argument(std::string("the ") + d.name + " deck has too few cards for " + std::to_string(players) +
                                    " players (5 each and a turned card); use french52");
}

Accepts MistigriDeckOption::accepts() const {
    std::vector<Value> names{Value::none()};
    for (DeckKind k : MISTIGRI_DECKS) names.push_back(Value::of_text(stich::deck(k).name));
    return Accepts::choice(std::move(names));
}
bool MistigriDeckOption::holds(DeckKind d) const {
    return std::find(MISTIGRI_DECKS.begin(), MISTIGRI_DECKS.end(), d) != MISTIGRI_DECKS.end();
}
Value MistigriDeckOption::get(DeckKind d, const MistigriRules& r) const {
    return d == MistigriRules::default_deck(r.players, r.monch) ? Value::none() : Value::of_text(stich::deck(d).name);
}
void MistigriDeckOption::set(DeckKind& d, const Value& v) const { d = v.is_none() ? DeckKind::DECK_NB : deck_kind_from_name(v.text); }
std::string MistigriDeckOption::shown(DeckKind d) const {
    return d < DeckKind::DECK_NB ? value_repr(Value::of_text(stich::deck(d).name)) : std::to_string(int(d));
}

Flush flush_of(CardSet hand) {
    const bool wild = contains(hand, MISTIGRI);
    const CardSet rest = hand & ~bit(MISTIGRI);
    for (int s = 0; s < SUIT_NB; ++s) {
        const int in_suit = popcount(rest & suit_lane(s));
        if (in_suit + (wild ? 1 : 0) == MistigriRules::HAND && in_suit == popcount(rest)) {
            int points = 0;
            for (CardSet h = hand; h;) points += flush_value(pop_lsb(h));
            return {s, points};
        }
    }
    return {};
}

MistigriState mistigri_deal(const MistigriRules& rules, uint64_t seed, int dealer, int pot, int side_pot, const FixedHands* fixed,
                            std::span<const Card> redraws) {
    rules.validate();
    if (!redraws.empty() && !rules.monch) throw std::invalid_argument("redraws pin draws from reshuffled discards, which only Mönch has");
    if (redraws.size() > std::tuple_size_v<decltype(MistigriState::redraws)>)
        throw std::invalid_argument("at most 24 cards can be drawn from reshuffled discards (4 a seat), got " +
                                    std::to_string(redraws.size()));
    CardSet redrawn = 0;
    for (const Card c : redraws) {
        if (c >= MAX_CARDS || !contains(deck(rules.deck).cards, c)) throw std::invalid_argument("redraws: a card that is not in the deck");
        if (contains(redrawn, c))
            throw std::invalid_argument("redraws: the card " + card_text(c, deck(rules.deck).alphabet) + " is given twice");
        redrawn |= bit(c);
    }
    const int n = rules.players, h = MistigriRules::HAND;
    if (dealer < 0 || dealer >= n)
        throw std::invalid_argument("dealer must be a seat 0.." + std::to_string(n - 1) + ", got " + std::to_string(dealer));
    if (pot < 0 || side_pot < 0 || pot > MistigriRules::MAX_POT || side_pot > MistigriRules::MAX_POT)
        throw std::invalid_argument("pot and side_pot must be 0.." + std::to_string(MistigriRules::MAX_POT) + ", got " +
                                    std::to_string(pot) + " and " + std::to_string(side_pot));
    const Deck& d = deck(rules.deck);
    DealLayout layout{"Mistigri", n, {}, n + 2, {"the turned card", "the talon"}};
    for (int s = 0; s < n; ++s) layout.sizes[size_t(s)] = h;
    layout.sizes[size_t(n)] = 1;
    layout.sizes[size_t(n + 1)] = d.size - h * n - 1;
    Rng rng(seed);
    const auto slots = deal_cards(d, layout, fixed, rng);
    MistigriState st;
    st.rules = rules;
    st.n = uint8_t(n);
    st.dealer = uint8_t(dealer);
    st.forehand = st.to_act = uint8_t((dealer + 1) % n);
    for (int s = 0; s < n; ++s) st.hands[size_t(s)] = slots_set(slots, s * h, h);
    st.turned = slots[size_t(n * h)];
    // M-4: the turned card's suit is trump; a turned Mistigri makes acorns/clubs trump.
    st.trump = int8_t(st.turned == MISTIGRI ? SUIT0 : suit_of(st.turned));
    st.contract = &mistigri_contract(st.trump, rules.deck);
    st.talon_end = uint8_t(layout.sizes[size_t(n + 1)]);
    for (int i = 0; i < st.talon_end; ++i) st.talon[size_t(i)] = slots[size_t(n * h + 1 + i)];
    st.rng = st.rng_dealt = Rng(~seed);
    std::copy(redraws.begin(), redraws.end(), st.redraws.begin());
    st.redraws_size = uint8_t(redraws.size());
    // M-3: every seat antes.
    st.pot = st.pot_in = pot;
    st.side_pot = st.side_pot_in = side_pot;
    for (int s = 0; s < n; ++s) {
        st.delta[size_t(s)] = -rules.stake;
        st.pot += rules.stake;
    }
    st.settle_pot();
    return st;
}

void MistigriState::settle_pot() {
    if (!rules.monch) return;
    constexpr int CAP = MistigriRules::POT_CAP;
    if (pot > CAP) {
        side_pot += pot - CAP;
        pot = CAP;
    } else if (pot < CAP && side_pot > 0) {
        const int move = std::min<int>(side_pot, CAP - pot);
        pot += move;
        side_pot -= move;
    }
}

int MistigriState::next_seat(int seat, uint8_t among) const {
    // The first seat of `among` after `seat`, clockwise: rotate the bit set instead of dividing.
    const unsigned later = unsigned(among) >> (seat + 1) << (seat + 1);
    if (later) return std::countr_zero(later);
    return among ? std::countr_zero(unsigned(among)) : -1;
}

CardSet MistigriState::talon_set() const {
    CardSet s = 0;
    for (int i = talon_top; i < talon_end; ++i) s |= bit(talon[size_t(i)]);
    return s;
}

CardSet MistigriState::discard_pile() const {
    CardSet s = 0;
    for (int i = 0; i < n; ++i) s |= discards[size_t(i)];
    return s;
}

int MistigriState::max_discard() const {
    int drawable = talon_end - talon_top;
    if (rules.monch) drawable = std::min(4, drawable + popcount(discard_pile()));
    return std::min(drawable, MistigriRules::HAND);
}

CardSet MistigriState::legal_cards() const { return playable(*contract, hands[to_act], mistigri_kept_still, trick.led(), trick.winning); }

void MistigriState::legal_actions(ActionList& out) const {
    // Every Mistigri action id is below 128: the list is the seat's own keys, ascending.
    out.n = 0;
    const ActionSet keys = legal_keys(true);
    for (int word = 0; word < 2; ++word)
        for (uint64_t w = keys.w[word]; w; w &= w - 1) out.push(Action(64 * word + std::countr_zero(w)));
}

Action MistigriState::random_action(Rng& r) const {
    if (phase == MistigriPhase::Exchange) {
        // Uniform among the listed masks (at most max_discard() of the hand's cards) without
        // listing them, by rejection: when a discard is possible at least 6 of 32 masks qualify.
        const int k = popcount(hands[to_act]), limit = max_discard();
        if (limit == 0) return mi::EXCHANGE;
        for (;;) {
            const uint32_t mask = r.below(uint32_t(1) << k);
            if (std::popcount(mask) <= limit) return Action(mi::EXCHANGE + mask);
        }
    }
    if (phase == MistigriPhase::Play) return random_play(legal_cards(), r);
    return random_listed_action(*this, r);
}

Action MistigriState::heuristic_action(Rng& r) const {
    const CardSet h = hands[to_act];
    const CardSet trumps = h & contract->trumps;
    switch (phase) {
        case MistigriPhase::Bid: {
            // Join with the Mistigri, two trumps, or the trump ace.
            const bool good = contains(h, MISTIGRI) || popcount(trumps) >= 2 || contains(h, make_card(trump, RANK_ACE));
            return good || (rules.club_law && trump == SUIT0) ? mi::JOIN : mi::PASS;
        }
        case MistigriPhase::Exchange: {
            // Four of a suit (the Mistigri counting): chase the flush. Else keep trumps and aces.
            CardSet keep = trumps;
            for (int s = 0; s < SUIT_NB; ++s)
                if (popcount((h & ~bit(MISTIGRI)) & suit_lane(s)) + contains(h, MISTIGRI) >= 4)
                    keep = (h & suit_lane(s)) | (h & bit(MISTIGRI));
            if (keep == trumps) keep |= h & rank_lane(RANK_ACE);
            CardSet out = h & ~keep;
            while (popcount(out) > max_discard()) out &= out - 1;   // drop the lowest ids first
            int mask = 0, i = 0;
            for (CardSet t = h; t; ++i)
                if (contains(out, pop_lsb(t))) mask |= 1 << i;
            return Action(mi::EXCHANGE + mask);
        }
        case MistigriPhase::Play: {
            const CardSet legal = legal_cards();
            const Card c = heuristic_card(*contract, legal, trick.led(), trick.winning, false, trick.size == num_joined() - 1);
            return c != MISTIGRI ? Action(c) : heuristic_mistigri(h);
        }
        case MistigriPhase::Over: break;
    }
    return random_action(r);
}

void MistigriState::end_bidding() {
    const int k = num_joined();
    if (k == 0) {   // M-5: the pot carries over; Mönch pays the dealer from rearhand
        end = MistigriEnd::NobodyJoined;
        if (rules.monch) {
            delta[dealer] += rules.stake;
            const int rearhand = (dealer + n - 1) % n;
            delta[size_t(rearhand)] -= rules.stake;
        }
        phase = MistigriPhase::Over;
    } else if (k == 1) {   // the only seat in takes the pot without play
        end = MistigriEnd::OneJoined;
        const int s = next_seat(dealer, joined);
        delta[size_t(s)] += pot;
        pot = 0;
        settle_pot();
        phase = MistigriPhase::Over;
    } else {
        phase = MistigriPhase::Exchange;
        to_act = uint8_t(next_seat(dealer, joined));
    }
}

void MistigriState::after_exchange() {
    // M-7: flushes; a trump flush first, then flush points, then the seat nearer forehand.
    int best = -1;
    Flush best_flush;
    uint8_t with_flush = 0;
    for (int i = 0; i < n; ++i) {
        const int s = (forehand + i) % n;
        if (!(joined >> s & 1)) continue;
        const Flush f = flush_of(hands[size_t(s)]);
        if (f.suit < 0) continue;
        with_flush = uint8_t(with_flush | 1u << s);
        const bool better = best < 0 || ((f.suit == trump) != (best_flush.suit == trump) ? f.suit == trump : f.points > best_flush.points);
        if (better) {
            best = s;
            best_flush = f;
        }
    }
    if (best < 0) return start_play();
    end = MistigriEnd::Flush;
    flush_winner = int8_t(best);
    delta[size_t(best)] += pot;
    pot = 0;
    for (int s = 0; s < n; ++s) {
        if (!(joined >> s & 1) || s == best) continue;
        if (rules.monch && ((with_flush >> s & 1) || contains(hands[size_t(s)], MISTIGRI))) continue;
        delta[size_t(s)] -= rules.stake;
        pot += rules.stake;
    }
    settle_pot();
    phase = MistigriPhase::Over;
}

void MistigriState::start_play() {
    phase = MistigriPhase::Play;
    pot_at_play = pot;
    to_act = uint8_t(next_seat(dealer, joined));
}

void MistigriState::apply(Action a) {
    STICH_CHECK_AFTER_APPLY(*this, a);
    history.push(to_act, a);
    switch (phase) {
        case MistigriPhase::Bid: bid(a); break;
        case MistigriPhase::Exchange: exchange(a); break;
        case MistigriPhase::Play: play(a); break;
        case MistigriPhase::Over: break;
    }
}

void MistigriState::bid(Action a) {
    if (a == mi::JOIN) joined = uint8_t(joined | 1u << to_act);
    spoken = uint8_t(spoken | 1u << to_act);
    if (popcount(spoken) == n) end_bidding();
    else to_act = uint8_t((to_act + 1) % n);
}

void MistigriState::exchange(Action a) {
    // Bit i of the mask: the hand's i-th card (in card order) goes.
    const int mask = a - mi::EXCHANGE;
    CardSet h = hands[to_act], out = 0;
    for (int i = 0; h; ++i) {
        const Card c = pop_lsb(h);
        if (mask >> i & 1) out |= bit(c);
    }
    const int k = popcount(out);
    hands[to_act] &= ~out;
    for (int i = 0; i < k; ++i) {
        if (talon_top == talon_end) reshuffle_discards();
        drawn[to_act] |= bit(talon[talon_top]);
        hands[to_act] |= bit(talon[talon_top++]);
    }
    discards[to_act] |= out;
    discarded[to_act] = out;
    exchanged = uint8_t(exchanged | 1u << to_act);
    const int next = next_seat(to_act, joined & ~exchanged);
    if (next < 0) after_exchange();
    else to_act = uint8_t(next);
}

void MistigriState::reshuffle_discards() {
    // Mönch: the other seats' earlier discards become a new talon.
    talon_top = talon_end = 0;
    for (int s = 0; s < n; ++s) {
        if (s == to_act) continue;
        for (CardSet pile = discards[size_t(s)]; pile;) talon[talon_end++] = pop_lsb(pile);
        discards[size_t(s)] = 0;
    }
    rng.shuffle(talon.data(), talon_end);
    std::fill(talon.begin() + talon_end, talon.end(), Card(0));   // as a deal leaves it: a replay makes the same array
    // Pinned draws of the new pile go on top, in their order.
    for (int top = 0; redraws_next < redraws_size; ++top, ++redraws_next) {
        Card* at = std::find(talon.data() + top, talon.data() + talon_end, redraws[redraws_next]);
        if (at == talon.data() + talon_end) break;
        std::swap(*at, talon[size_t(top)]);
    }
}

void MistigriState::play(Action a) {
    Card c = Card(a);
    if (names_trump(a)) {   // M-8: names the trump at once
        c = MISTIGRI;
        trump = int8_t(a - mi::PLAY_MISTIGRI);
        contract = &mistigri_contract(trump, rules.deck);
    }
    if (trick.done == 0 && trick.size == 0) mistigri_kept_still = rules.monch && c == make_card(trump, RANK_ACE);
    hands[to_act] &= ~bit(c);
    if (trick.play(*contract, to_act, c) == num_joined()) finish_trick();
    else to_act = uint8_t(next_seat(to_act, joined));
}

void MistigriState::finish_trick() {
    tricks_won[trick.winner]++;
    mistigri_kept_still = false;
    to_act = trick.winner;
    if (trick.gather() == MistigriRules::HAND) settle_play();
}

void MistigriState::settle_play() {
    // M-10: a fifth of the pot per trick; a joined seat without a trick pays a stake.
    end = MistigriEnd::Played;
    const int per_trick = pot_at_play / 5;
    for (int s = 0; s < n; ++s) {
        if (!(joined >> s & 1)) continue;
        const int win = per_trick * tricks_won[size_t(s)];
        const int loo = tricks_won[size_t(s)] == 0 ? rules.stake : 0;
        delta[size_t(s)] += win - loo;
        pot += loo - win;
    }
    settle_pot();
    phase = MistigriPhase::Over;
}

void MistigriState::play_out(Rng& r) { play_out_with<false>(r); }
void MistigriState::play_out_heuristic(Rng& r) { play_out_with<true>(r); }

template <bool Heuristic>
void MistigriState::play_out_with(Rng& r_in) {
    auto next_action = [](const MistigriState& s, Rng& r) { return Heuristic ? s.heuristic_action(r) : s.random_action(r); };
    STICH_CHECK_PLAY_OUT(*this, r_in, Heuristic);
    Rng r = r_in;   // a local copy: the history's stores would make the compiler reload a referenced one
    while (phase != MistigriPhase::Play && phase != MistigriPhase::Over) apply(next_action(*this, r));
    if (phase == MistigriPhase::Play) {
        // The card play in locals, written back at the end: apply's draws (heuristic_action's
        // choices) and moves, card by card; the contract changes when the Mistigri names the trump.
        const Contract* k = contract;
        const int in_play = num_joined();
        int trump_suit = trump;
        bool kept_still = mistigri_kept_still;
        std::array<CardSet, MAX_SEATS> h = hands;
        std::array<Card, MAX_SEATS> cards = trick.cards;
        int in_trick = trick.size, seat = to_act, winner = trick.winner, done = trick.done, size = history.size;
        Card winning = trick.winning;
        for (;;) {
            const Card led = in_trick ? cards[0] : NO_CARD;
            const CardSet legal = playable(*k, h[size_t(seat)], kept_still, led, winning);
            Action a;
            if constexpr (Heuristic) {
                const Card c = heuristic_card(*k, legal, led, winning, false, in_trick == in_play - 1);
                a = c != MISTIGRI ? Action(c) : heuristic_mistigri(h[size_t(seat)]);
            } else {
                a = random_play(legal, r);
            }
            history.actions[size_t(size)] = a;
            history.actors[size_t(size++)] = uint8_t(seat);
            Card c = Card(a);
            if (names_trump(a)) {   // play(): M-8
                c = MISTIGRI;
                trump_suit = a - mi::PLAY_MISTIGRI;
                k = &mistigri_contract(trump_suit, rules.deck);
            }
            if (done == 0 && in_trick == 0) kept_still = rules.monch && c == make_card(trump_suit, RANK_ACE);
            h[size_t(seat)] &= ~bit(c);
            const bool takes_it = in_trick == 0 || takes(*k, winning, c);   // Trick::play's selects
            winning = takes_it ? c : winning;
            winner = takes_it ? seat : winner;
            cards[size_t(in_trick++)] = c;
            if (in_trick < in_play) {
                seat = next_seat(seat, joined);
                continue;
            }
            tricks_won[size_t(winner)]++;   // finish_trick
            kept_still = false;
            seat = winner;
            in_trick = 0;
            if (++done == MistigriRules::HAND) break;
        }
        contract = k;
        trump = int8_t(trump_suit);
        mistigri_kept_still = kept_still;
        hands = h;
        trick.cards = cards;
        trick.size = 0;
        trick.winning = winning;
        trick.winner = uint8_t(winner);
        trick.done = uint8_t(done);
        to_act = uint8_t(seat);
        history.size = uint8_t(size);
        settle_play();
    }
    r_in = r;
}

void MistigriState::returns(Returns& out) const {
    out.fill(0);
    if (!is_terminal()) return;
    for (int s = 0; s < n; ++s) out[size_t(s)] = delta[size_t(s)];
}

std::string MistigriState::action_text(Action a) const {
    const Alphabet al = deck_info().alphabet;
    if (is_card_action(a)) return card_text(Card(a), al);
    if (names_trump(a)) {
        std::string s = card_text(MISTIGRI, al);
        s += ':';
        s += (al == Alphabet::German ? "EGHS" : "CSHD")[a - mi::PLAY_MISTIGRI];
        return s;
    }
    if (a == mi::PASS) return "pass";
    if (a == mi::JOIN) return "join";
    if (a >= mi::DISCARDED && a <= mi::DISCARDED + 5) {
        const int k = a - mi::DISCARDED;
        return k == 0 ? "keep" : "discards " + std::to_string(k);
    }
    if (is_exchange(a)) {
        const int mask = a - mi::EXCHANGE;
        if (mask == 0) return "keep";
        std::string s = "discard";
        CardSet h = hands[to_act];
        for (int i = 0; h && i < MistigriRules::HAND; ++i) {   // the mask names a hand's five cards at most
            const Card c = pop_lsb(h);
            if (mask >> i & 1) {
                s += ' ';
                s += card_text(c, al);
            }
        }
        return s;
    }
    return "action " + std::to_string(a);
}

std::string MistigriState::event_text(const PublicEvent& e) const {
    if (!e.cards) return is_exchange(e.action) ? "keep" : action_text(e.action);
    std::string s = "discard";
    for (CardSet c = e.cards; c;) {
        s += ' ';
        s += card_text(pop_lsb(c), deck_info().alphabet);
    }
    return s;
}

Action MistigriState::parse_action(std::string_view text) const {
    if (phase != MistigriPhase::Exchange) return HIDDEN_ACTION;
    std::string_view t = text;
    if (t.size() < 7 || !iequals(t.substr(0, 7), "discard")) return HIDDEN_ACTION;
    const CardSet h = hands[to_act];
    int mask = 0;
    for (Card c : parse_cards(t.substr(7), deck_info())) {
        if (!contains(h, c)) return HIDDEN_ACTION;
        mask |= 1 << popcount(h & (bit(c) - 1));
    }
    return Action(mi::EXCHANGE + mask);
}

ActionSet MistigriState::legal_keys(bool own) const {
    static_assert(mi::PLAY_MISTIGRI == 64 && mi::EXCHANGE + 31 < mi::DISCARDED && mi::DISCARDED + 5 < 127,
                  "the search keys all fit in an ActionSet");
    ActionSet keys;
    switch (phase) {
        case MistigriPhase::Bid:
            if (!(rules.club_law && trump == SUIT0)) keys.add(mi::PASS);
            keys.add(mi::JOIN);
            break;
        case MistigriPhase::Exchange: {
            const int k = popcount(hands[to_act]), limit = max_discard();
            if (!own) {
                for (int count = 0; count <= std::min(k, limit); ++count) keys.add(mi::DISCARDED + unsigned(count));
                break;
            }
            // (A state whose hand is broken, as the invariant checks build, may hold more cards
            // than an exchange can name: keys past the set's 128 are no actions.)
            for (int mask = 0; mask < (1 << k) && mi::EXCHANGE + unsigned(mask) < 128; ++mask)
                if (std::popcount(unsigned(mask)) <= limit) keys.add(mi::EXCHANGE + unsigned(mask));
            break;
        }
        case MistigriPhase::Play: {
            const CardSet legal = legal_cards();
            keys.w[0] = legal & ~bit(MISTIGRI);
            keys.w[1] = contains(legal, MISTIGRI) ? uint64_t(0xF) : 0;   // PLAY_MISTIGRI + suit
            break;
        }
        case MistigriPhase::Over: break;
    }
    return keys;
}

Action MistigriState::action_with_key(Action key, Rng& r) const {
    if (key < mi::DISCARDED || key > mi::DISCARDED + MistigriRules::HAND) return key;
    // An exchange of `count` cards: a uniform choice of that many of the hand's k cards.
    const int k = popcount(hands[to_act]), count = key - mi::DISCARDED;
    std::array<int, MistigriRules::HAND> slots{0, 1, 2, 3, 4};
    r.shuffle_tail(slots.data(), k, count);
    int mask = 0;
    for (int i = k - count; i < k; ++i) mask |= 1 << slots[size_t(i)];
    return Action(mi::EXCHANGE + mask);
}

Action MistigriState::public_projection(Action a) const {
    if (is_exchange(a)) return Action(mi::DISCARDED + std::popcount(unsigned(a - mi::EXCHANGE)));
    return a;
}

Locations MistigriState::locations() const {
    Locations l{};
    for (int s = 0; s < n; ++s) l[size_t(s)] = hands[size_t(s)];
    l[size_t(n)] = talon_set();
    l[size_t(n + 1)] = discard_pile();
    return l;
}

void MistigriState::set_hidden(const Locations& world, int observer, Rng& r) {
    for (int s = 0; s < n; ++s) hands[size_t(s)] = world[size_t(s)];
    talon_end = uint8_t(talon_top + popcount(world[size_t(n)]));
    int i = talon_top;
    for (CardSet t = world[size_t(n)]; t;) talon[size_t(i++)] = pop_lsb(t);
    r.shuffle(talon.data() + talon_top, talon_end - talon_top);
    // The other seats' discard piles: their sizes are public, their cards come from the world.
    std::array<Card, MAX_CARDS> pile;
    int k = 0;
    for (CardSet d = world[size_t(n + 1)] & ~discards[size_t(observer)]; d;) pile[size_t(k++)] = pop_lsb(d);
    r.shuffle(pile.data(), k);
    int next = 0;
    for (int s = 0; s < n; ++s) {
        if (s == observer) continue;
        const int size = popcount(discards[size_t(s)]);
        discards[size_t(s)] = 0;
        for (int j = 0; j < size; ++j) discards[size_t(s)] |= bit(pile[size_t(next++)]);
    }
    // What the other seats discarded and drew is hidden too; only its size is public, and nothing
    // reads it later.
    for (int s = 0; s < n; ++s)
        if (s != observer) drawn[size_t(s)] = discarded[size_t(s)] = 0;
    rng = rng_dealt = Rng(r.next());
    redraws = {};   // pinned draws are part of the true deal, not of the world
    redraws_size = redraws_next = 0;
}

ExchangeDraws MistigriState::exchange_draws() const {
    ExchangeDraws d;
    int left = deck_info().size - MistigriRules::HAND * n - 1;   // the talon as dealt
    int gathered = 0;                                            // cards among the discards
    for (int i = 0; i < history.size; ++i) {
        const Action a = history.actions[size_t(i)];
        if (!is_exchange(a)) continue;
        ExchangeDraws::Exchange& e = d.x[size_t(d.size)];
        e.entry = uint8_t(i);
        e.seat = history.actors[size_t(i)];
        e.count = uint8_t(std::popcount(unsigned(a - mi::EXCHANGE)));
        e.pile = uint8_t(d.piles);
        e.from_pile = uint8_t(std::min<int>(e.count, left));
        left -= e.from_pile;
        if (e.count > e.from_pile) {   // the talon ran out: every discard so far is gathered (M-6)
            ++d.piles;
            for (int j = 0; j < d.size; ++j)
                if (d.x[size_t(j)].discards_to == 0 && d.x[size_t(j)].count) d.x[size_t(j)].discards_to = uint8_t(d.piles);
            left = gathered - (e.count - e.from_pile);
            gathered = 0;
        }
        gathered += e.count;
        ++d.size;
    }
    return d;
}

namespace {

// The cards of the history's card plays, per seat (the Mistigri naming a suit is the Mistigri).
std::array<CardSet, MAX_SEATS> mistigri_plays(const MistigriState& s) {
    return played_by_seat(s, [](Action a) { return a < CARD_ACTIONS ? Card(a) : a < mi::PASS ? MISTIGRI : NO_CARD; });
}

// The observer's discards that went into a pile another seat drew from (Mönch), and that pile.
CardSet own_reshuffled(const MistigriState& s, int observer, const ExchangeDraws& d, int& pile) {
    const CardSet gone = s.discarded[size_t(observer)] & ~s.discards[size_t(observer)];
    const ExchangeDraws::Exchange* mine = gone ? d.of(observer) : nullptr;
    pile = mine ? mine->discards_to : 0;
    return pile ? gone : 0;
}

}   // namespace

MistigriWorldRules MistigriState::world_rules(int observer) const {
    MistigriWorldRules w;
    w.observer = uint8_t(observer);
    w.seats = n;
    w.monch = rules.monch;
    w.forehand = int8_t(forehand);
    w.trump = trump;
    w.most_own.fill(-1);
    const uint8_t others = uint8_t(joined & ~(1u << observer));
    const bool exchange_ended = phase == MistigriPhase::Play || (phase == MistigriPhase::Over && end == MistigriEnd::Played);
    if (exchange_ended) w.no_flush = others;
    if (phase == MistigriPhase::Over && end == MistigriEnd::Flush) {
        w.winner = flush_winner;
        w.best = flush_of(hands[size_t(flush_winner)]);
        w.flush_end = uint8_t(others & ~(1u << flush_winner));
        for (int seat = 0; seat < n; ++seat)   // every seat antes; a seat that paid gave a second stake
            if ((w.flush_end >> seat & 1) && delta[size_t(seat)] == -rules.stake) w.kept_stake = uint8_t(w.kept_stake | 1u << seat);
    }
    if (!w.no_flush && !w.flush_end && !(discarded[size_t(observer)] & ~discards[size_t(observer)])) return w;
    w.played = mistigri_plays(*this);
    const ExchangeDraws d = exchange_draws();
    int pile = 0;
    w.own_reshuffled = own_reshuffled(*this, observer, d, pile);
    if (w.own_reshuffled)
        for (int i = 0; i < d.size; ++i) {
            const ExchangeDraws::Exchange& e = d.x[size_t(i)];
            if (e.seat != observer)
                w.most_own[e.seat] = int8_t(ExchangeDraws::drawn_from(e, pile) - popcount(w.played[e.seat] & w.own_reshuffled));
        }
    return w;
}

bool MistigriWorldRules::allows_rest(const Locations& w) const {
    if (own_reshuffled)
        for (int seat = 0; seat < MAX_SEATS; ++seat)
            if (most_own[size_t(seat)] >= 0 && popcount(w[size_t(seat)] & own_reshuffled) > most_own[size_t(seat)]) return false;
    for (unsigned m = flush_end; m; m &= m - 1) {
        const int seat = std::countr_zero(m);
        const Flush f = flush_of(w[size_t(seat)]);
        if (f.suit >= 0) {
            // The winner was the first seat from forehand with the best flush (M-7).
            const bool trump_first = (f.suit == trump) != (best.suit == trump);
            const bool before = (seat - forehand + seats) % seats < (winner - forehand + seats) % seats;
            if (trump_first ? f.suit == trump : f.points > best.points || (f.points == best.points && before)) return false;
        }
        if (monch && (f.suit >= 0 || contains(w[size_t(seat)], MISTIGRI)) != bool(kept_stake >> seat & 1)) return false;
    }
    return true;
}

// The replay of this deal from the deal the world implies: the other seats' exchanges take the
// world's cards (each drew cards of its hand after the exchange: the observer's gathered discards
// it holds from their pile, the rest at random; each gathered pile is what was drawn from it and
// what is left of it, dealt at random among the exchanges whose discards it gathered), the talon as
// dealt is the draws in order then the rest, and the draws from gathered piles are pinned.
void MistigriState::settle_world(int observer, Rng& r) {
    if (!exchanged) return;   // nothing is hidden in the history: the talon is the talon as dealt
    const ExchangeDraws d = exchange_draws();
    const auto plays = mistigri_plays(*this);
    int own_pile = 0;
    const CardSet own_gone = own_reshuffled(*this, observer, d, own_pile);
    // k cards of `from`, at random.
    auto pick = [&](CardSet from, int k) {
        CardSet out = 0;
        for (int i = 0; i < k; ++i) {
            const Card c = r.pick(from);
            out |= bit(c);
            from &= ~bit(c);
        }
        return out;
    };
    auto broken = [] { throw std::logic_error("settle_world: the world breaks a rule of Mistigri that Worlds::allows checks"); };
    std::array<CardSet, MAX_SEATS> first{}, next{}, out{};   // per exchange: drawn from its pile and the next; discarded
    std::array<CardSet, 2 * MAX_SEATS + 1> pile{};           // the cards of each gathered pile (1..)
    for (int i = 0; i < d.size; ++i) {
        const ExchangeDraws::Exchange& e = d.x[size_t(i)];
        const int later = e.count - e.from_pile;
        CardSet drew, must_first = 0, must_next = 0;
        if (e.seat == observer) {
            drew = drawn[size_t(observer)];
            out[size_t(i)] = discarded[size_t(observer)];
        } else {
            const CardSet after = hands[e.seat] | plays[e.seat];   // its hand when the exchange ended
            const CardSet forced = after & own_gone;
            if (own_pile == e.pile) must_first = forced;
            else if (own_pile == e.pile + 1) must_next = forced;
            if ((forced & ~must_first & ~must_next) || popcount(must_first) > e.from_pile || popcount(must_next) > later) broken();
            drew = forced | pick(after & ~forced, e.count - popcount(forced));
        }
        first[size_t(i)] = must_first | pick(drew & ~must_first & ~must_next, e.from_pile - popcount(must_first));
        next[size_t(i)] = drew & ~first[size_t(i)];
        if (e.pile > 0) pile[e.pile] |= first[size_t(i)];
        if (later) pile[e.pile + 1u] |= next[size_t(i)];
    }
    if (d.piles > 0) pile[size_t(d.piles)] |= talon_set();
    for (int p = 1; p <= d.piles; ++p) {
        CardSet rest = pile[size_t(p)];
        if (own_pile == p) {
            if ((rest & own_gone) != own_gone) broken();
            rest &= ~own_gone;
        }
        for (int i = 0; i < d.size; ++i)
            if (d.x[size_t(i)].discards_to == p && d.x[size_t(i)].seat != observer) {
                if (popcount(rest) < d.x[size_t(i)].count) broken();
                out[size_t(i)] = pick(rest, d.x[size_t(i)].count);
                rest &= ~out[size_t(i)];
            }
        if (rest) broken();
    }
    FixedHands fixed{};
    std::array<CardSet, MAX_SEATS> dealt{};
    for (int seat = 0; seat < n; ++seat) dealt[size_t(seat)] = hands[size_t(seat)] | plays[size_t(seat)];
    std::vector<Card> redrawn;
    for (int i = 0; i < d.size; ++i) {
        const ExchangeDraws::Exchange& e = d.x[size_t(i)];
        if (e.seat != observer && !e.discards_to) out[size_t(i)] = discards[e.seat];   // still there: the world's
        dealt[e.seat] = (dealt[e.seat] & ~first[size_t(i)] & ~next[size_t(i)]) | out[size_t(i)];
        auto& into = e.pile == 0 ? fixed[size_t(n + 1)] : redrawn;
        for (Card c : cards_in(first[size_t(i)])) into.push_back(c);
        for (Card c : cards_in(next[size_t(i)])) redrawn.push_back(c);
    }
    if (d.piles == 0)
        for (int i = talon_top; i < talon_end; ++i) fixed[size_t(n + 1)].push_back(talon[size_t(i)]);
    for (int seat = 0; seat < n; ++seat) fixed[size_t(seat)] = cards_in(dealt[size_t(seat)]);
    fixed[size_t(n)] = {turned};
    MistigriState t = mistigri_deal(rules, ~rng_dealt.state, dealer, pot_in, side_pot_in, &fixed, redrawn);
    int x = 0;
    for (int i = 0; i < history.size; ++i) {
        Action a = history.actions[size_t(i)];
        const int actor = history.actors[size_t(i)];
        if (is_exchange(a)) {
            if (actor != observer) {   // the mask of its discards over its hand (ascending)
                int mask = 0, k = 0;
                for (CardSet h = t.hands[size_t(actor)]; h; ++k)
                    if (contains(out[size_t(x)], pop_lsb(h))) mask |= 1 << k;
                a = Action(mi::EXCHANGE + mask);
            }
            ++x;
        }
        if (t.current_player() != actor) broken();
        apply_checked(t, a);
    }
    if (t.hands != hands || t.talon_set() != talon_set() || t.discards != discards || t.phase != phase || t.to_act != to_act) broken();
    *this = t;
}

View MistigriState::view(int seat) const {
    View v = start_view(seat, n, n + 2, hands);
    v.where[size_t(n)].size = uint8_t(talon_end - talon_top);
    v.where[size_t(n + 1)].size = uint8_t(popcount(discard_pile()));
    v.where[size_t(n + 1)].known = discards[size_t(seat)];
    if (end == MistigriEnd::Flush) v.where[size_t(flush_winner)].known = hands[size_t(flush_winner)];   // shown
    v.played = bit(turned);                                                                             // face up and out of play
    // Replay: the public events, the cards played and what each play proves (the cascade, with the
    // trump as it stood; M-11 exempts the Mistigri from what the first trick proves).
    PlayReplay replay(num_joined());
    int trump_now = turned == MISTIGRI ? SUIT0 : suit_of(turned);
    const Contract* k = &mistigri_contract(trump_now, rules.deck);
    bool keep_still = false;
    for (int i = 0; i < history.size; ++i) {
        const Action a = history.actions[size_t(i)];
        const int actor = history.actors[size_t(i)];
        const bool own_exchange = actor == seat && is_exchange(a);
        record_seen(v, actor, a, public_projection(a), own_exchange ? discarded[size_t(seat)] : 0);
        Card c;
        if (is_card_action(a)) c = Card(a);
        else if (names_trump(a)) c = MISTIGRI;
        else continue;
        if (actor != seat) replay.proven_absent[size_t(actor)] |= replay.proves(*k, c) & ~(keep_still ? bit(MISTIGRI) : 0);
        if (c == MISTIGRI) {
            trump_now = a - mi::PLAY_MISTIGRI;
            k = &mistigri_contract(trump_now, rules.deck);
        }
        if (replay.in_trick == 0 && replay.tricks == 0) keep_still = rules.monch && c == make_card(trump_now, RANK_ACE);
        replay.play(*k, c);
        if (replay.in_trick == 0) keep_still = false;   // the trick is complete
    }
    // The observer's discards are out of its hand for good, but may have been reshuffled and drawn:
    // they stay out of `played`.
    finish_view(v, replay, deck_info().cards);
    // Mönch: discards gathered into a new talon (M-6) are now with the seats that drew from that
    // pile, or in the talon while it is the one being drawn; nowhere else.
    if (discarded[size_t(seat)] & ~discards[size_t(seat)]) [[unlikely]] {
        const ExchangeDraws d = exchange_draws();
        int pile = 0;
        const CardSet gone = own_reshuffled(*this, seat, d, pile) & ~v.played;
        unsigned drew = 0;
        for (int i = 0; i < d.size; ++i)
            if (ExchangeDraws::drawn_from(d.x[size_t(i)], pile) > 0) drew |= 1u << d.x[size_t(i)].seat;
        for (int l = 0; l < n + 2; ++l)
            if (l == n ? pile != d.piles : l == n + 1 || !(drew >> l & 1)) v.where[size_t(l)].forbidden |= gone;
    }
    return v;
}

namespace {

const char* const MISTIGRI_EXTRA_LOCATIONS[] = {"the talon", "the discards"};

bool starts_with(std::string_view text, std::string_view word) {
    return text.size() >= word.size() && iequals(text.substr(0, word.size()), word) &&
           (text.size() == word.size() || text[word.size()] == ' ');
}

// The observer's exchange "discard EA EK draw GA S7": the cards out and in.
struct OwnExchange {
    CardSet out = 0, in = 0;
};

OwnExchange own_exchange(const PositionEntries& es, int i, const Deck& d) {
    const std::string_view t = es[size_t(i)].text;
    const size_t at = t.find(" draw ");
    const std::string example = "'" + std::to_string(es[size_t(i)].seat) + " discard EA EK draw GA S7'";
    if (at == std::string_view::npos) entry_error(es, i, "the observer's own exchange names its draws: " + example);
    OwnExchange x{entry_cards(es, i, t.substr(7, at - 7), d), entry_cards(es, i, t.substr(at + 6), d)};
    if (!x.out || popcount(x.out) != popcount(x.in)) entry_error(es, i, "discard and draw as many cards (at least one): " + example);
    return x;
}

// The number of cards another seat's exchange names ("discards 2", "keep"), or -1.
int exchange_count(std::string_view t) {
    if (iequals(t, "keep")) return 0;
    if (!starts_with(t, "discards") || t.size() != 10 || t[9] < '0' || t[9] > '9') return -1;
    return t[9] - '0';
}

// The replay's hooks (stich/position.hpp): exchanges (M-6), the Mistigri keeping still (M-11),
// and no flush in a hidden hand when the exchange ends (a flush would end the deal, M-7).
struct MistigriPositionHooks {
    const PositionEntries& es;
    int observer;
    CardSet keep_pins = 0;   // cards the exchanging seat keeps: it does not end with a flush

    void hidden(MistigriState&, int) const {}

    // Two cards of different suits (not the Mistigri) that seat g may hold, from its hand in the
    // working state where it can: then it holds no flush.
    static CardSet two_suits(const MistigriState& s, const View& v, int g, CardSet taken) {
        const CardSet hand = s.hands[size_t(g)] & ~bit(MISTIGRI) & ~taken;
        const CardSet may = (v.unknown | v.where[size_t(g)].known) & ~v.where[size_t(g)].forbidden & ~bit(MISTIGRI) & ~taken;
        const CardSet first_from = hand ? hand : may;
        if (!first_from) return 0;
        const Card y1 = lsb(first_from);
        const CardSet other = ~suit_lane(suit_of(y1));
        const CardSet second_from = hand & other ? hand & other : may & other;
        return second_from ? bit(y1) | bit(lsb(second_from)) : bit(y1);
    }

    Need need(const MistigriState& s, int i) {
        Need n;
        const PositionEntry& e = es[size_t(i)];
        const Deck& d = s.deck_info();
        keep_pins = 0;
        if (s.phase == MistigriPhase::Play && e.seat != observer && s.mistigri_kept_still && entry_card(e.text, d) == MISTIGRI &&
            s.hands[size_t(e.seat)] != bit(MISTIGRI))
            entry_error(
                es, i, "the Mistigri keeps still when the trump ace is led to the first trick, unless it is its holder's only card (M-11)");
        if (s.phase != MistigriPhase::Exchange) return n;
        const int loc_talon = s.n, talon_left = s.talon_end - s.talon_top;
        CardSet taken = 0;
        if (e.seat == observer && starts_with(e.text, "discard")) {
            const OwnExchange x = own_exchange(es, i, d);
            taken = x.in;
            if (talon_left >= popcount(x.in)) {
                n.known[size_t(loc_talon)] |= x.in;
            } else {   // Mönch: the talon runs out and the others' discards are reshuffled (M-6)
                n.forbidden[size_t(loc_talon)] |= d.cards & ~x.in;
                for (int g = 0; g < s.n; ++g)
                    if (g != observer) n.forbidden[size_t(g)] |= x.in;
            }
            n.why = "seat " + std::to_string(observer) + " draws " + cards_text(x.in, d.alphabet);
        }
        if ((s.joined & ~s.exchanged) != (1u << s.to_act)) return n;
        // The last exchange: no hidden hand may end with a flush.
        const View v = s.view(observer);
        for (int g = 0; g < s.n; ++g) {
            if (g == observer || !(s.joined >> g & 1)) continue;
            CardSet pins;
            if (g != s.to_act) {
                pins = two_suits(s, v, g, taken);
            } else {
                const int k = exchange_count(e.text);
                if (k < 0 || k >= MistigriRules::HAND) continue;
                pins = two_suits(s, v, g, taken);
                if (popcount(pins) > MistigriRules::HAND - k) pins = bit(lsb(pins));   // it keeps one card
                keep_pins = pins;
            }
            n.known[size_t(g)] |= pins;
            taken |= pins;
        }
        return n;
    }

    // The exchanging seat draws, first, a card that spoils a flush of what it keeps.
    static void draw_spoiler_first(MistigriState& s, CardSet kept, int k) {
        if (k == 0) return;
        const CardSet plain_kept = kept & ~bit(MISTIGRI);
        auto spoils = [&](Card c, CardSet with) { return c != MISTIGRI && (!with || !(suit_lane(suit_of(lsb(with))) & bit(c))); };
        int top = s.talon_top;
        for (int spoilers = plain_kept ? 1 : 2, done = 0; done < spoilers && top < s.talon_end; ++done) {
            const CardSet with = done == 0 ? plain_kept : bit(s.talon[size_t(s.talon_top)]);
            for (int j = top; j < s.talon_end; ++j)
                if (spoils(s.talon[size_t(j)], with)) {
                    std::swap(s.talon[size_t(j)], s.talon[size_t(top)]);
                    break;
                }
            ++top;
        }
        if (s.talon_end > s.talon_top || !plain_kept) return;
        // Mönch, the talon used up: the first card drawn from the reshuffled discards.
        for (CardSet pile = s.discard_pile(); pile;) {
            const Card c = pop_lsb(pile);
            if (spoils(c, plain_kept)) {
                s.redraws[0] = c;
                s.redraws_size = 1;
                s.redraws_next = 0;
                return;
            }
        }
    }

    Action action(MistigriState& s, int i, Rng& rng) {
        const PositionEntry& e = es[size_t(i)];
        const Deck& d = s.deck_info();
        if (s.phase != MistigriPhase::Exchange) return find_action(s, e.text);
        const CardSet hand = s.hands[size_t(s.to_act)];
        if (e.seat == observer && starts_with(e.text, "discard")) {
            const OwnExchange x = own_exchange(es, i, d);
            if (x.out & ~hand)
                entry_error(es, i, "seat " + std::to_string(observer) + " does not hold " + cards_text(x.out & ~hand, d.alphabet));
            if (popcount(x.out) > s.max_discard())
                entry_error(es, i, "at most " + std::to_string(s.max_discard()) + " cards can be exchanged here (M-6)");
            // The drawn cards on top of the talon; those beyond it are drawn from the reshuffled discards.
            int top = s.talon_top;
            for (int j = s.talon_top; j < s.talon_end; ++j)
                if (contains(x.in, s.talon[size_t(j)])) std::swap(s.talon[size_t(j)], s.talon[size_t(top++)]);
            s.redraws_size = s.redraws_next = 0;
            for (CardSet rest = x.in & ~s.talon_set(); rest;) s.redraws[s.redraws_size++] = pop_lsb(rest);
            return s.parse_action("discard " + cards_text(x.out, d.alphabet));
        }
        if (e.seat == observer) return find_action(s, e.text);
        if (starts_with(e.text, "discard") && !starts_with(e.text, "discards"))
            entry_error(es, i,
                        "seat " + std::to_string(observer) + " cannot see which cards seat " + std::to_string(e.seat) +
                            " discarded: write '" + std::to_string(e.seat) + " discards N'");
        const int k = exchange_count(e.text);
        const ActionSet keys = s.legal_keys(false);
        if (k < 0 || !keys.has(mistigri_action::DISCARDED + unsigned(k))) {
            const int most = keys.count() - 1;
            entry_error(
                es, i,
                (k < 0 ? "an exchange of another seat is 'discards N' or 'keep'; " : "") + std::string("seat ") + std::to_string(e.seat) +
                    " may exchange " + (most > 0 ? "0.." + std::to_string(most) + " cards here" : "no card here") + ": the talon has " +
                    std::to_string(s.talon_end - s.talon_top) + " cards left" +
                    (s.rules.monch ? " and " + std::to_string(popcount(s.discard_pile())) + " discards to reshuffle, at most 4 a seat"
                                   : "") +
                    " (M-6)");
        }
        Action a;
        if (keep_pins) {   // the discards, uniform among the cards not pinned
            CardSet out = 0, pool = hand & ~keep_pins;
            for (int j = 0; j < k; ++j) {
                const Card c = rng.pick(pool);
                out |= bit(c);
                pool &= ~bit(c);
            }
            a = s.parse_action("discard " + cards_text(out, d.alphabet));
            if (k == 0) a = mistigri_action::EXCHANGE;
        } else {
            a = s.action_with_key(Action(mistigri_action::DISCARDED + k), rng);
        }
        if ((s.joined & ~s.exchanged) == (1u << s.to_act)) {
            // What the seat keeps: the hand less the discards (mask over the hand in ascending order).
            CardSet kept = 0;
            int idx = 0;
            for (CardSet h = hand; h; ++idx) {
                const Card c = pop_lsb(h);
                if (!((a - mistigri_action::EXCHANGE) >> idx & 1)) kept |= bit(c);
            }
            const CardSet plain = kept & ~bit(MISTIGRI);
            const bool two_suits_kept = plain && (plain & ~suit_lane(suit_of(lsb(plain))));
            if (!two_suits_kept) draw_spoiler_first(s, kept, k);
        }
        return a;
    }
};

// A non-negative int of a line (ASCII digits), at most `high`.
int position_int(const PositionLines& lines, const char* key, int high) {
    const std::string* v = position_line(lines, key);
    if (!v) throw PositionError("", -1, std::string("a Mistigri position needs a '") + key + "' line");
    bool digits = !v->empty() && v->size() <= 10;
    for (char c : *v) digits = digits && c >= '0' && c <= '9';
    if (!digits || std::stoll(*v) > high)
        throw PositionError(key, -1, "must be an int in 0.." + std::to_string(high) + ", got " + quoted(*v));
    return int(std::stoll(*v));
}

}   // namespace

MistigriState read_position(const MistigriRules& rules, int dealer, int observer, CardSet hand, const PositionEntries& es,
                            const PositionLines& lines, uint64_t seed) {
    rules.validate();
    const int n = rules.players;
    check_position_lines(lines, "Mistigri", position_keys(rules));
    if (dealer < 0 || dealer >= n || observer < 0 || observer >= n)
        throw PositionError("seat", -1, "seats are 0.." + std::to_string(n - 1));
    const Deck& d = deck(rules.deck);
    const std::string* turned_text = position_line(lines, "turned");
    if (!turned_text) throw PositionError("", -1, "a Mistigri position needs a 'turned' line");
    CardSet turned_set = 0;
    try {
        for (Card c : parse_cards(*turned_text, d)) turned_set |= bit(c);
    } catch (const std::invalid_argument& x) {
        throw PositionError("turned", -1, x.what());
    }
    if (popcount(turned_set) != 1) throw PositionError("turned", -1, "give exactly one card");
    const Card turned = lsb(turned_set);
    const int pot = position_int(lines, "pot", MistigriRules::MAX_POT);
    const int side_pot = position_int(lines, "side_pot", MistigriRules::MAX_POT);
    // The observer's cards as dealt: its hand and plays, less what it drew, plus what it discarded.
    CardSet now = hand, out = 0, in = 0;
    for (int i = 0; i < int(es.size()); ++i) {
        const PositionEntry& e = es[size_t(i)];
        if (e.seat < 0 || e.seat >= n) entry_error(es, i, "seats are 0.." + std::to_string(n - 1));
        if (e.seat != observer) continue;
        if (starts_with(e.text, "discards")) entry_error(es, i, "the observer's own exchange is written 'discard EA EK draw GA S7'");
        if (starts_with(e.text, "discard")) {
            const OwnExchange x = own_exchange(es, i, d);
            out |= x.out;
            in |= x.in;
            continue;
        }
        const Card c = entry_card(e.text, d);
        if (c == NO_CARD) continue;
        if (contains(now, c)) entry_error(es, i, "the card " + card_text(c, d.alphabet) + " is given twice");
        now |= bit(c);
    }
    if (in & ~now) throw PositionError("history", -1, "the observer's drawn cards must be among its hand and plays");
    if (out & now) throw PositionError("history", -1, "the card " + card_text(lsb(out & now), d.alphabet) + " is given twice");
    if (contains(now | out, turned)) throw PositionError("turned", -1, "the card " + card_text(turned, d.alphabet) + " is given twice");
    const CardSet initial = (now & ~in) | out;
    check_own_hand(initial, MistigriRules::HAND, observer);
    FixedHands fixed{};
    for (CardSet o = initial; o;) fixed[size_t(observer)].push_back(pop_lsb(o));
    fixed[size_t(n)].push_back(turned);
    MistigriState s = mistigri_deal(rules, mix_seed(seed, 1), dealer, pot, side_pot, &fixed);
    MistigriPositionHooks hooks{es, observer};
    return rebuild_position(s, observer, hand, now | out, es, seed, hooks, MISTIGRI_EXTRA_LOCATIONS);
}

std::vector<std::string> position_keys(const MistigriRules&) { return {"turned", "pot", "side_pot"}; }

PositionEntries position_history(const MistigriState& s, int seat) {
    const View v = s.view(seat);
    PositionEntries out;
    for (int i = 0; i < v.history_size; ++i) {
        const PublicEvent& e = v.history[size_t(i)];
        std::string text = s.event_text(e);
        if (e.seat == seat && e.cards) text += " draw " + cards_text(s.drawn[size_t(seat)], s.deck_info().alphabet);
        out.push_back({e.seat, std::move(text)});
    }
    return out;
}

PositionLines position_lines(const MistigriState& s, int) {
    return {{"turned", card_text(s.turned, s.deck_info().alphabet)},
            {"pot", std::to_string(s.pot_in)},
            {"side_pot", std::to_string(s.side_pot_in)}};
}

const char* MistigriState::phase_name() const {
    static constexpr const char* NAMES[] = {"bid", "exchange", PLAY_PHASE, "over"};
    return NAMES[size_t(phase)];
}

std::string MistigriState::to_string() const {
    const Alphabet al = deck_info().alphabet;
    std::ostringstream o;
    o << (rules.monch ? "Moench" : "Mistigri") << " (" << int(n) << " players, " << deck_info().name << ")  dealer " << int(dealer)
      << "  turned " << card_text(turned, al) << "  trump " << (al == Alphabet::German ? "EGHS" : "CSHD")[trump] << "  pot " << pot;
    if (rules.monch) o << " (side " << side_pot << ")";
    o << "\n";
    for (int s = 0; s < n; ++s) {
        o << "seat " << s << ": " << cards_text(hands[size_t(s)], al);
        if (joined >> s & 1) o << "  (in, " << int(tricks_won[size_t(s)]) << " tricks)";
        else if (spoken >> s & 1) o << "  (out)";
        o << "\n";
    }
    o << "talon: " << talon_end - talon_top << " cards";
    if (phase == MistigriPhase::Play && trick.size) {
        o << "\ntrick:" << trick_text(trick, history, al);
    }
    if (is_terminal()) {
        o << "\nchips:";
        for (int s = 0; s < n; ++s) o << " " << delta[size_t(s)];
    } else {
        o << "\nto act: seat " << int(to_act);
    }
    return o.str();
}

MistigriMatch MistigriMatch::start(const MistigriRules& rules, uint64_t seed, int dealer) {
    MistigriMatch mt;
    mt.rules = rules;
    mt.seed = seed;
    mt.dealer = dealer;
    for (int s = 0; s < rules.players; ++s) mt.chips[size_t(s)] = rules.chips;
    mt.over = rules.deals == 0 && rules.chips <= 0;
    return mt;
}

MistigriState MistigriMatch::next_deal() const {
    return mistigri_deal(rules, mix_seed(seed, uint64_t(deals_played)), dealer, pot, side_pot);
}

void MistigriMatch::record(const MistigriState& finished) {
    check_deal_to_record(finished, over, dealer, rules);
    bool broke = false;
    for (int s = 0; s < rules.players; ++s) {
        chips[size_t(s)] += finished.delta[size_t(s)];
        broke = broke || chips[size_t(s)] <= 0;
    }
    pot = finished.pot;
    side_pot = finished.side_pot;
    ++deals_played;
    dealer = (dealer + 1) % rules.players;
    over = rules.deals > 0 ? deals_played >= rules.deals : broke;
}

// Flattened: the whole playout loop inlines, whatever the link-time optimiser decides; copied
// for x86-64-v3 in portable builds (run_hot, stich/dispatch.hpp).
namespace {
[[gnu::flatten]] void mistigri_random_playouts_loop(const MistigriRules& rules, uint64_t seed, int64_t n, int32_t* out,
                                                    const std::atomic<bool>* stop) {
    rules.validate();
    random_playouts<MistigriState>(
        [&](int64_t i, uint64_t deal_seed) { return mistigri_deal(rules, deal_seed, int(i % rules.players), 0, 0); }, seed, n,
        rules.players, out, stop);
}
}   // namespace
void mistigri_random_playouts(const MistigriRules& rules, uint64_t seed, int64_t n, int32_t* out, const std::atomic<bool>* stop) {
    run_hot<mistigri_random_playouts_loop>(rules, seed, n, out, stop);
}

// ------------------------------------------------------------------------------------ registry

const std::vector<std::string>& MistigriDef::extra_locations() {
    static const std::vector<std::string> names{"talon", "discards"};
    return names;
}

const std::vector<OptionSpec<MistigriRules>>& MistigriDef::options() {
    static const auto specs = option_specs<MistigriRules>(OPTION_ROWS);
    return specs;
}

void MistigriRules::resolve() {
    if (deck == DeckKind::DECK_NB) deck = default_deck(players, monch);
}

const std::vector<ParamSpec>& MistigriDef::deal_params() {
    using R = MistigriRules;
    static const std::vector<ParamSpec> params{
        {"turned", "M-4: the card turned up for trump", Accepts::card(), Value::none()},
        {"pot", "M-3: the pot carried into the deal, before the antes", Accepts::integer(0, R::MAX_POT), Value::of_int(0)},
        {"side_pot", "M-10: the Mönch side pot carried in", Accepts::integer(0, R::MAX_POT), Value::of_int(0)},
        {"talon", "M-6: the top cards of the talon, in draw order", Accepts::card_list(), Value::none()},
        {"redraws", "M-6: Mönch, the cards drawn from reshuffled discards, in draw order", Accepts::card_list(), Value::none()},
    };
    return params;
}

const std::vector<ParamSpec>& MistigriDef::playout_params() {
    static const std::vector<ParamSpec> none;
    return none;
}

MistigriState MistigriDef::deal(const Rules& r, uint64_t seed, int dealer, const FixedHands& hands, const std::vector<Value>& extras) {
    FixedHands fixed = hands;
    const int n = r.players;
    if (!extras[0].is_none()) fixed[size_t(n)] = {Card(extras[0].i)};
    for (int64_t c : extras[3].ints) fixed[size_t(n + 1)].push_back(Card(c));
    std::vector<Card> redraws;
    for (int64_t c : extras[4].ints) redraws.push_back(Card(c));
    return mistigri_deal(r, seed, dealer, int(extras[1].i), int(extras[2].i), &fixed, redraws);
}

const std::vector<FieldSpec<MistigriState>>& MistigriDef::state_fields() {
    using S = MistigriState;
    using F = FieldSpec<S>;
    static const std::vector<F> fields{
        property<S>("dealer", "int", "The dealer's seat.", [](const S& s, int) { return Value::of_int(s.dealer); }),
        property<S>("forehand", "int", "The seat left of the dealer, first to speak and to lead.",
                    [](const S& s, int) { return Value::of_int(s.forehand); }),
        property<S>("turned", "Card", "The card turned up for trump (M-4).", [](const S& s, int) { return Value::of_card(s.turned); }),
        property<S>("trump", "str", "The trump suit's letter (M-4, M-8).",
                    [](const S& s, int) { return Value::of_text(std::string(1, suit_letter(s.trump, s.deck_info().alphabet))); }),
        property<S>("pot", "int", "Chips in the pot (M-3).", [](const S& s, int) { return Value::of_int(s.pot); }),
        property<S>("side_pot", "int", "Chips in the side pot (M-3).", [](const S& s, int) { return Value::of_int(s.side_pot); }),
        property<S>("pot_in", "int", "The pot carried into the deal, before the antes.",
                    [](const S& s, int) { return Value::of_int(s.pot_in); }),
        property<S>("side_pot_in", "int", "The side pot carried into the deal.",
                    [](const S& s, int) { return Value::of_int(s.side_pot_in); }),
        property<S>("joined", "list[int]", "The seats that joined (M-5).",
                    [](const S& s, int) {
                        std::vector<int> seats;
                        for (int i = 0; i < s.n; ++i)
                            if (s.joined >> i & 1) seats.push_back(i);
                        return Value::of_ints(seats.data(), seats.data() + seats.size());
                    }),
        property<S>("talon", "list[Card]", "The cards still to be drawn, top first.",
                    [](const S& s, int) { return Value::of_card_list(s.talon.data() + s.talon_top, s.talon.data() + s.talon_end); }),
        {"discards", "CardSet", "The seat's discards not yet reshuffled into the talon.", F::Kind::SeatMethod,
         [](const S& s, int seat) { return Value::of_cards(s.discards[size_t(seat)]); }},
        {"exchange", "tuple[CardSet, CardSet] | None", "(discarded, drawn) of the seat's exchange, or None before it exchanged.",
         F::Kind::SeatMethod,
         [](const S& s, int seat) {
             if (!(s.exchanged >> seat & 1)) return Value::none();
             return Value::list({Value::of_cards(s.discarded[size_t(seat)]), Value::of_cards(s.drawn[size_t(seat)])}, true);
         }},
        property<S>("flush_winner", "int | None", "The seat that won the pot with a flush (M-7), or None.",
                    [](const S& s, int) { return Value::seat_or_none(s.flush_winner); }),
        property<S>("tricks_won", "list[int]", "Tricks taken by each seat.",
                    [](const S& s, int) {
                        int t[MAX_SEATS];
                        for (int i = 0; i < s.n; ++i) t[i] = s.tricks_won[size_t(i)];
                        return Value::of_ints(t, t + s.n);
                    }),
        property<S>("trick", "list[Card]", "The cards of the trick on the table, in the order played.",
                    [](const S& s, int) { return Value::of_card_list(s.trick.begin(), s.trick.end()); }),
        property<S>("outcome", "str", "How the deal ended: 'nobody joined', 'one joined', 'flush', 'played' ('' before the end).",
                    [](const S& s, int) {
                        static constexpr const char* NAMES[] = {"", "nobody joined", "one joined", "flush", "played"};
                        return Value::of_text(NAMES[size_t(s.end)]);
                    }),
    };
    return fields;
}

const std::vector<FieldSpec<MistigriMatch>>& MistigriDef::match_fields() {
    using M = MistigriMatch;
    static const std::vector<FieldSpec<M>> fields{
        property<M>("chips", "list[int]", "Each seat's chips.",
                    [](const M& m, int) { return Value::of_ints(m.chips.data(), m.chips.data() + m.rules.players); }),
        property<M>("pot", "int", "Chips in the pot carried into the next deal.", [](const M& m, int) { return Value::of_int(m.pot); }),
        property<M>("side_pot", "int", "Chips in the side pot carried into the next deal.",
                    [](const M& m, int) { return Value::of_int(m.side_pot); }),
        property<M>("dealer", "int", "The dealer of the next deal.", [](const M& m, int) { return Value::of_int(m.dealer); }),
        property<M>("deals_played", "int", "How many deals were recorded.", [](const M& m, int) { return Value::of_int(m.deals_played); }),
    };
    return fields;
}

const std::vector<BenchSpec>& MistigriDef::bench_positions() {
    static const std::vector<BenchSpec> positions{
        {"mistigri bidding", {}, 1, {}},
        {"mistigri exchange", {}, 2, {"join", "join", "join", "join"}},
        {"mistigri mid-play", {}, 3, {"join", "join", "join", "join", "keep", "keep", "keep", "keep", "*", "*", "*", "*", "*", "*"}},
        {"monch exchange", {{"monch", Value::of_bool(true)}}, 4, {"join", "join", "join", "join", "*"}},
    };
    return positions;
}

const std::vector<SolveBenchSpec>& MistigriDef::solve_bench() {
    static const std::vector<SolveBenchSpec> rows{
        {"mistigri", {}, 200},
        {"mistigri 3 players", {{"players", Value::of_int(3)}}, 200},
    };
    return rows;
}

const std::vector<ContractFactory>& MistigriDef::contract_factories() {
    static const std::vector<ContractFactory> factories{
        {"mistigri",
         "The order of Mistigri with `trump` (a suit letter of the deck) on `deck` (M-8).",
         {{"trump", "the trump suit, a letter of the deck's alphabet", Accepts::text(), Value::none()},
          {"deck", "the deck (M-1)", Accepts::deck_name(), Value::of_text("german32")}},
         [](const std::vector<Value>& a) {
             const Deck& d = deck(deck_kind_from_name(a[1].text));
             const int t = trump_suit_of(a[0].text, d.alphabet);
             return NamedContract{&mistigri_contract(t, d.kind), "Mistigri " + a[0].text + " " + d.name};
         }},
    };
    return factories;
}

// ------------------------------------------------------------------------------ the fixed steps

namespace {
// The cards an exchange action discards (bit i of its mask: the hand's i-th card).
CardSet discard_set(CardSet hand, Action a) {
    const int mask = a - mistigri_action::EXCHANGE;
    CardSet out = 0;
    for (int i = 0; hand; ++i) {
        const Card c = pop_lsb(hand);
        if (i < 31 && (mask >> i & 1)) out |= bit(c);
    }
    return out;
}
}   // namespace

void MistigriDef::fixed_mask(const State& s, CardSet pending, bool* out) {
    ActionList list;
    s.legal_actions(list);
    if (s.phase != MistigriPhase::Exchange) {
        if (pending) throw std::invalid_argument("pending discards outside the exchange");
        for (Action a : list) out[a] = true;
        return;
    }
    const CardSet hand = s.hands[s.to_act];
    if (pending & ~hand) throw std::invalid_argument("pending discards that are not in the hand");
    for (Action a : list) {
        const CardSet d = discard_set(hand, a);
        if (d == pending) out[EXCHANGE_DONE] = true;
        const CardSet rest = d & ~pending;
        if ((pending & ~d) || !rest) continue;
        const Card next = lsb(rest);   // the next card in ascending order: pending must be all of d below it
        if ((d & (bit(next) - 1)) == pending) out[next] = true;
    }
}

CardSet MistigriDef::fixed_step(State& s, CardSet pending, int id) {
    if (id != EXCHANGE_DONE || s.phase != MistigriPhase::Exchange) {
        if (s.phase == MistigriPhase::Exchange) return pending | bit(Card(id));
        s.apply(Action(id));
        return 0;
    }
    ActionList list;
    s.legal_actions(list);
    for (Action a : list)
        if (discard_set(s.hands[s.to_act], a) == pending) {
            s.apply(a);
            return 0;
        }
    throw std::logic_error("no exchange discards the pending cards");   // fixed_mask said there was one
}

const std::vector<std::string>& MistigriDef::deal_locations() {
    static const std::vector<std::string> names{"turned", "talon"};
    return names;
}

InitialDeal MistigriDef::initial_deal(const State& s) {
    namespace mi = mistigri_action;
    InitialDeal d;
    const auto played = played_by_seat(s, [](Action a) { return a < CARD_ACTIONS ? Card(a) : a < mi::PASS ? MISTIGRI : NO_CARD; });
    CardSet dealt = bit(s.turned);
    for (int seat = 0; seat < s.n; ++seat) {
        const CardSet h = (s.hands[size_t(seat)] | played[size_t(seat)] | s.discarded[size_t(seat)]) & ~s.drawn[size_t(seat)];
        d.cards[size_t(seat)] = cards_in(h);
        dealt |= h;
    }
    d.cards[s.n] = {s.turned};
    // The talon in draw order: as dealt, unless a Mönch reshuffle replaced it by discards (which
    // were dealt to the seats); then all of it was drawn, in the order of the exchanges.
    const CardSet first = s.deck_info().cards & ~dealt;
    bool intact = s.talon_end == popcount(first);
    for (int i = 0; i < s.talon_end; ++i) intact = intact && contains(first, s.talon[size_t(i)]);
    auto& talon = d.cards[size_t(s.n + 1)];
    if (intact) talon.assign(s.talon.begin(), s.talon.begin() + s.talon_end);
    else
        for (int i = 0; i < int(s.history.size); ++i)
            if (const Action a = s.history.actions[size_t(i)]; a >= mi::EXCHANGE && a < mi::DISCARDED)
                for (Card c : cards_in(s.drawn[s.history.actors[size_t(i)]] & first)) talon.push_back(c);
    d.extras = {Value::none(), Value::of_int(s.pot_in), Value::of_int(s.side_pot_in), Value::none(),
                Value::of_card_list(s.redraws.data(), s.redraws.data() + s.redraws_size)};
    return d;
}

}   // namespace stich
