"""A full Mucken deal, Bobbl and tournament table, straight from the readings U-1 .. U-13 of
docs/rules/mucken.md and SPEC "Mucken deal".

Thresholds of a normal game (U-6, U-7, U-9) follow the rule text's sentences, in the player
party's eyes:
- normally the game "is considered won by the players' party with 61 points (eyes) and won with
  Schneider with 91 eyes", and "with 31 points, a player's party is" Schneider-free;
- a must-play game "is already considered to have been won by the players with 60 points and as
  a" Schneider-free "game with 30 points (accordingly, with 90 points as won with" Schneider);
  so 90 eyes win "with Schneider" there, and 29 or fewer lose "with Schneider";
- with "Kontra takes over" the defenders "now need 61 eyes to win": the whole table is read from
  the defenders' side, which gives the must-play table again (60 wins, 90 wins with Schneider,
  30 is Schneider-free). Schneider and Tout games keep their target: Kontra only doubles them.

Phases: (sie) -> auction -> [all_pass: must_play] -> (doubling) -> play -> over.
Seats 0..n-1 (n = 4 or 6), dealer d, forehand f = (d+1) % n, team = seat % 2.
Action texts: `pass`, the game names (`Wenz` .. `Muck-Tout`), `Kontra` `Re` `Sup` `Hirsch`,
and card texts (German).
"""

import copy

from . import cards as _cards
from .rules import RefContract

BASE_GAMES = ("Muck", "Geier", "Wenz")

# SPEC "Game ranking", high to low, written out per `ranking` option.
RANKINGS = {
    "geier_over_wenz": [
        "Muck-Tout", "Geier-Tout", "Wenz-Tout",
        "Schneider-Muck", "Schneider-Geier", "Schneider-Wenz",
        "Muck", "Geier", "Wenz",
    ],
    "wenz_over_geier": [
        "Muck-Tout", "Wenz-Tout", "Geier-Tout",
        "Schneider-Muck", "Schneider-Wenz", "Schneider-Geier",
        "Muck", "Wenz", "Geier",
    ],
    "wenz_over_muck": [
        "Wenz-Tout", "Muck-Tout", "Geier-Tout",
        "Schneider-Wenz", "Schneider-Muck", "Schneider-Geier",
        "Wenz", "Muck", "Geier",
    ],
}

SIE_CARDS = {"EO", "GO", "HO", "SO", "EU", "GU"}  # U-11
EO = "EO"
DOUBLINGS = ("Kontra", "Re", "Sup", "Hirsch")  # U-7, in this order

DEFAULT_OPTIONS = {
    "players": 4,
    "long_deck": False,
    "ranking": "geier_over_wenz",
    "games": ("Muck", "Geier", "Wenz"),
    "kontra_takes_over": True,
    "if_all_pass": "ramsch",
    "ramsch_double": True,
    "ramsch_stichzwang": True,
    "target": 21,
    "hanger": False,
    "bock_after": ("throw_in",),
    "bock_round": False,
    "glasses": False,
}
BOCK_AFTER_KINDS = ("throw_in", "ramsch")  # U-13
OPTION_VALUES = {
    "players": (4, 6),
    "ranking": tuple(RANKINGS),
    "if_all_pass": ("ramsch", "throw_in", "must_play", "one_point"),
    "target": (21, 31),
}
BOOL_OPTIONS = ("long_deck", "kontra_takes_over", "ramsch_double", "ramsch_stichzwang", "hanger",
                "bock_round", "glasses")
GAME_SETS = ({"Muck", "Geier", "Wenz"}, {"Muck", "Wenz"})


def team_of(seat):
    return seat % 2


def check_options(options):
    """The full option dict (defaults filled in); ValueError on an unknown name or a bad value."""
    options = dict(options or {})
    for name in options:
        if name not in DEFAULT_OPTIONS:
            raise ValueError(f"unknown Mucken option {name!r}; known: {sorted(DEFAULT_OPTIONS)}")
    full = dict(DEFAULT_OPTIONS)
    full.update(options)
    for name, allowed in OPTION_VALUES.items():
        value = full[name]
        if isinstance(value, bool) or value not in allowed:
            raise ValueError(f"bad value {value!r} for option {name}; allowed: {allowed}")
    for name in BOOL_OPTIONS:
        if not isinstance(full[name], bool):
            raise ValueError(f"option {name} must be True or False, got {full[name]!r}")
    games = full["games"]
    if isinstance(games, str) or not isinstance(games, (tuple, list)) or len(set(games)) != len(games) \
            or set(games) not in GAME_SETS:
        raise ValueError(f"bad value {games!r} for option games; allowed: ('Muck','Geier','Wenz') "
                         "or ('Muck','Wenz')")
    full["games"] = tuple(g for g in BASE_GAMES if g in games)
    after = full["bock_after"]
    if isinstance(after, str) or not isinstance(after, (tuple, list)) \
            or len(set(after)) != len(after) or not set(after) <= set(BOCK_AFTER_KINDS):
        raise ValueError(f"bad value {after!r} for option bock_after; allowed: distinct names "
                         f"from {BOCK_AFTER_KINDS}")
    full["bock_after"] = frozenset(after)
    if full["players"] == 6 and full["long_deck"]:
        raise ValueError("6 players with the long deck: 32 cards do not split into 6 hands")
    return full


def game_ranking(options):
    """Announceable games, high to low (SPEC "Game ranking", option `games`)."""
    return [g for g in RANKINGS[options["ranking"]] if base_of(g) in options["games"]]


def base_of(game):
    """Muck / Geier / Wenz of a game name."""
    if game.startswith("Schneider-"):
        return game[len("Schneider-"):]
    if game.endswith("-Tout"):
        return game[:-len("-Tout")]
    return game


def tier_of(game):
    """'normal', 'schneider' or 'tout'."""
    if game.startswith("Schneider-"):
        return "schneider"
    if game.endswith("-Tout"):
        return "tout"
    return "normal"


# ----- scoring (U-6, U-8, U-9, U-10), pure functions used by the deal -------------------------

# The normal game's table (U-6), and the one that holds in a must-play game (U-9) and after a
# Kontra that takes over (U-7): (eyes that win, eyes that win "with Schneider", most eyes with
# which the player party loses "with Schneider").
USUAL_LINES = (61, 91, 30)
MOVED_LINES = (60, 90, 29)


def normal_outcome(p_eyes, p_tricks, d_tricks, lines=USUAL_LINES):
    """(players_win, base value) of a normal game (Muck/Geier/Wenz) under `lines`."""
    win_at, schneider_at, lost_schneider_upto = lines
    if p_eyes >= win_at:
        return True, 3 if (p_eyes >= schneider_at or d_tricks == 0) else 2
    return False, 3 if (p_eyes <= lost_schneider_upto or p_tricks == 0) else 2


def schneider_outcome(p_eyes):
    """Schneider game: the players win iff they reach 91; value 7."""
    return p_eyes >= 91, 7


def tout_outcome(d_tricks):
    """Tout game: the players win iff the defenders took no trick (even a 0-eye one); value 10."""
    return d_tricks == 0, 10


def one_point_outcome(p_eyes):
    """one_point (U-9): the EO team plays for 61 eyes, value 1 whatever Schneider or Schwarz."""
    return p_eyes >= 61, 1


def ramsch_loser(eyes, tricks, trumps, eo_team):
    """Losing team of a Ramsch without Durchmarsch (U-10): more eyes loses; ties: more tricks,
    then more trumps taken, then the team that took EO."""
    for per_team in (eyes, tricks, trumps):
        if per_team[0] != per_team[1]:
            return 0 if per_team[0] > per_team[1] else 1
    return eo_team


class RefMucken:
    def __init__(self, hands, dealer, options=None, bock=False):
        self.options = check_options(options)
        if not isinstance(bock, bool):
            raise ValueError(f"bock must be True or False, got {bock!r}")
        self.bock = bock
        self.n = self.options["players"]
        self.deck_name = "german32" if self.options["long_deck"] else "german24"
        self.hand_size = len(_cards.DECKS[self.deck_name]) // self.n  # 6, 8 or 4 (U-1)
        if len(hands) != self.n:
            raise ValueError(f"Mucken with {self.n} players needs {self.n} hands")
        self.hands = [set(_cards.parse_many(h, self.deck_name)) for h in hands]
        if any(len(h) != self.hand_size for h in self.hands):
            raise ValueError(f"every hand must hold {self.hand_size} distinct cards")
        if sorted(c for h in self.hands for c in h) != sorted(_cards.DECKS[self.deck_name]):
            raise ValueError(f"the hands must hold the {self.deck_name} cards exactly once")
        if dealer not in range(self.n) or isinstance(dealer, bool):
            raise ValueError(f"bad dealer {dealer!r}")
        self.dealer = dealer
        self.forehand = (dealer + 1) % self.n
        self.tricks_total = self.hand_size
        self.initial_hands = [set(h) for h in self.hands]

        self.ranking = game_ranking(self.options)
        self.phase = "auction"
        self.history = []
        # auction
        self.passed = set()
        self.holder = None     # seat holding the highest announcement
        self.highest = None    # that announcement
        self.to_speak = self.forehand
        # result of the auction / the deal
        self.announcer = None
        self.game = None
        self.kind = None       # 'normal' 'schneider' 'tout' 'ramsch' 'must_play' 'one_point' 'sie'
        self.kontra = self.re = self.sup = self.hirsch = False
        self.doubling_step = 0  # index into DOUBLINGS of the step being asked
        self.pending = []
        self.next_bock = False
        # play
        self.contract = None
        self.leader = self.forehand
        self.trick = []  # list of (seat, card)
        self.trick_winners = []
        self.team_tricks = [0, 0]
        self.team_eyes = [0, 0]
        self.team_trumps = [0, 0]
        self.eo_team = None
        # outcome
        self.winning_team = None
        self.value = None
        self.durchmarsch = False
        self._returns = None

        self._check_sie()

    def clone(self):
        return copy.deepcopy(self)

    # ----- phase 0: Sie (U-11) -----

    def _check_sie(self):
        if self.options["ranking"] == "wenz_over_muck":
            return
        for seat in range(self.n):
            if SIE_CARDS <= self.hands[seat]:
                self.announcer = seat
                self.game = "Sie"
                self.kind = "sie"
                self.winning_team = team_of(seat)
                self.value = self.options["target"]
                self._finish_with(team_of(seat), self.options["target"])
                return

    # ----- helpers -----

    def seats_from_forehand(self):
        return [(self.forehand + i) % self.n for i in range(self.n)]

    def position(self, seat):
        """Place of `seat` in the order from forehand (0 = forehand)."""
        return (seat - self.forehand) % self.n

    def player_team(self):
        return None if self.announcer is None else team_of(self.announcer)

    def current_player(self):
        if self.phase == "auction":
            return self.to_speak
        if self.phase == "must_play":
            return self.eo_holder()
        if self.phase == "doubling":
            return self.pending[0]
        if self.phase == "play":
            return (self.leader + len(self.trick)) % self.n
        return None

    def eo_holder(self):
        for seat in range(self.n):
            if EO in self.initial_hands[seat]:
                return seat
        raise AssertionError("EO is always dealt")

    def is_terminal(self):
        return self.phase == "over"

    # ----- legal actions -----

    def allowed_games(self, seat):
        """Games `seat` may announce now (U-5)."""
        if self.highest is None:
            return list(reversed(self.ranking))  # every game, low to high
        top = self.ranking.index(self.highest)  # smaller index = higher game
        allowed = []
        for game in reversed(self.ranking):
            i = self.ranking.index(game)
            if i < top or (i == top and self.position(seat) < self.position(self.holder)):
                allowed.append(game)
        return allowed

    def legal_actions(self):
        if self.phase == "auction":
            return ["pass"] + self.allowed_games(self.to_speak)
        if self.phase == "must_play":
            return list(self.options["games"])
        if self.phase == "doubling":
            return [DOUBLINGS[self.doubling_step], "pass"]
        if self.phase == "play":
            seat = self.current_player()
            legal = self.contract.legal(self.hands[seat], [c for _, c in self.trick])
            return sorted(legal, key=lambda c: _cards.card_id(c, self.deck_name))
        return []

    # ----- moves -----

    def apply(self, action):
        if self.phase == "over":
            raise ValueError(f"the deal is over; cannot apply {action!r}")
        legal = self.legal_actions()
        if self.phase == "play":
            try:
                action = _cards.parse(action, self.deck_name)
            except ValueError:
                pass
        if action not in legal:
            raise ValueError(f"illegal action {action!r} in phase {self.phase}; legal: {legal}")
        self.history.append(action)
        seat = self.current_player()

        if self.phase == "auction":
            if action == "pass":
                self.passed.add(seat)
            else:
                self.holder = seat
                self.highest = action
            self._continue_auction(seat)

        elif self.phase == "must_play":
            self.announcer = seat
            self.game = action
            self.kind = "must_play"
            self._start_play()

        elif self.phase == "doubling":
            self.pending.pop(0)
            if action != "pass":
                setattr(self, action.lower(), True)
                self._next_doubling_step()
            elif not self.pending:
                self._start_play()  # a step where all passed ends the doubling

        elif self.phase == "play":
            self.hands[seat].remove(action)
            self.trick.append((seat, action))
            if len(self.trick) == self.n:
                self._close_trick()

    def _continue_auction(self, last):
        others_passed = self.holder is not None and all(
            s in self.passed for s in range(self.n) if s != self.holder)
        if others_passed:
            self.announcer = self.holder
            self.game = self.highest
            self.kind = tier_of(self.game)
            self._start_doubling()
            return
        if self.holder is None and len(self.passed) == self.n:
            self._all_passed()
            return
        for step in range(1, self.n + 1):
            seat = (last + step) % self.n
            if seat not in self.passed and seat != self.holder:
                self.to_speak = seat
                return
        raise AssertionError("no seat to speak")

    def _all_passed(self):
        rule = self.options["if_all_pass"]
        if rule == "ramsch":
            self.game = "Ramsch"
            self.kind = "ramsch"
            self._start_play()
        elif rule == "throw_in":
            self.next_bock = "throw_in" in self.options["bock_after"]  # U-13
            self.value = 0
            self._finish_with(None, 0)
        elif rule == "must_play":
            self.phase = "must_play"
        elif rule == "one_point":
            self.announcer = self.eo_holder()
            self.game = "Muck"
            self.kind = "one_point"
            self._start_play()
        else:
            raise AssertionError(rule)

    def _start_doubling(self):
        self.phase = "doubling"
        self.doubling_step = -1
        self._next_doubling_step()

    def _next_doubling_step(self):
        self.doubling_step += 1
        if self.doubling_step == len(DOUBLINGS):
            self._start_play()
            return
        defenders_speak = self.doubling_step % 2 == 0  # Kontra, Sup: defenders; Re, Hirsch: players
        players = team_of(self.announcer)
        self.pending = [s for s in self.seats_from_forehand()
                        if (team_of(s) != players) == defenders_speak]

    def _start_play(self):
        self.pending = []
        base = "Ramsch" if self.kind == "ramsch" else base_of(self.game)
        stichzwang = self.kind == "ramsch" and self.options["ramsch_stichzwang"]
        self.contract = RefContract.mucken(base, long_deck=self.options["long_deck"],
                                           stichzwang=stichzwang)
        self.phase = "play"
        self.leader = self.forehand
        self.trick = []

    def _close_trick(self):
        cards_ = [c for _, c in self.trick]
        winner_seat = self.trick[self.contract.winner(cards_)][0]
        team = team_of(winner_seat)
        self.trick_winners.append(winner_seat)
        self.team_tricks[team] += 1
        self.team_eyes[team] += self.contract.points(cards_)
        self.team_trumps[team] += sum(1 for c in cards_ if c in self.contract.trumps)
        if EO in cards_:
            self.eo_team = team
        self.leader = winner_seat
        self.trick = []
        if len(self.trick_winners) == self.tricks_total:
            self._score()

    # ----- scoring -----

    def doublings(self):
        return sum(1 for flag in (self.kontra, self.re, self.sup, self.hirsch) if flag)

    def _score(self):
        bock = 2 if self.bock else 1
        if self.kind == "ramsch":
            if len(set(self.trick_winners)) == 1:  # Durchmarsch: not doubled by ramsch_double
                self.durchmarsch = True
                winners, value = team_of(self.trick_winners[0]), 10
            else:
                self.durchmarsch = False
                loser = ramsch_loser(self.team_eyes, self.team_tricks, self.team_trumps,
                                     self.eo_team)
                winners = 1 - loser
                value = 4 if self.options["ramsch_double"] else 2
            self.next_bock = "ramsch" in self.options["bock_after"]  # U-13
            self.winning_team = winners
            self.value = value * bock
            self._finish_with(winners, self.value)
            return

        players = team_of(self.announcer)
        p_eyes, p_tricks = self.team_eyes[players], self.team_tricks[players]
        d_tricks = self.team_tricks[1 - players]
        if self.kind == "normal":
            taken_over = self.kontra and self.options["kontra_takes_over"]
            win, value = normal_outcome(p_eyes, p_tricks, d_tricks,
                                        MOVED_LINES if taken_over else USUAL_LINES)
        elif self.kind == "must_play":
            win, value = normal_outcome(p_eyes, p_tricks, d_tricks, MOVED_LINES)
        elif self.kind == "schneider":
            win, value = schneider_outcome(p_eyes)
        elif self.kind == "tout":
            win, value = tout_outcome(d_tricks)
        elif self.kind == "one_point":
            win, value = one_point_outcome(p_eyes)
        else:
            raise AssertionError(self.kind)
        winners = players if win else 1 - players
        self.winning_team = winners
        self.value = value * (2 ** self.doublings()) * bock
        self._finish_with(winners, self.value)

    def _finish_with(self, winners, value):
        self.phase = "over"
        self.pending = []
        if winners is None:
            self._returns = [0] * self.n
        else:
            self._returns = [value if team_of(s) == winners else -value for s in range(self.n)]

    def returns(self):
        if not self.is_terminal():
            raise ValueError("the deal is not over")
        return list(self._returns)


# ----- Bobbl (U-12) -------------------------------------------------------------------------------

class RefBobbl:
    """Books finished deals: the winning team's points grow by the deal's value (a Sie's value is
    the target, so it wins the Bobbl outright); the first team to reach `target` wins the Bobbl.
    With `hanger`, best of three Bobbl (the first team to win two); points restart at 0 for each
    Bobbl. With `glasses` (U-13) a Bobbl won while the losers still have 0 points counts as two
    won. `records` lists the finished Bobbl as (points_0, points_1, winner).
    Bock (U-13): a deal whose `next_bock` is set lines up one Bock deal, or `players` of them
    (a round) with `bock_round`, behind the Bock deals already lined up."""

    def __init__(self, target=21, hanger=False, glasses=False, bock_round=False, players=4):
        if isinstance(target, bool) or not isinstance(target, int) or target <= 0:
            raise ValueError(f"bad target {target!r}")
        for name, flag in (("hanger", hanger), ("glasses", glasses), ("bock_round", bock_round)):
            if not isinstance(flag, bool):
                raise ValueError(f"{name} must be True or False, got {flag!r}")
        if players not in (4, 6) or isinstance(players, bool):
            raise ValueError(f"bad players {players!r}")
        self.target = target
        self.hanger = hanger
        self.glasses = glasses
        self.round_length = players if bock_round else 1
        self.points = [0, 0]
        self.bobbl_won = [0, 0]
        self.records = []
        self.bock_line = []  # one entry per Bock deal to come, in order
        self._winner = None

    @property
    def next_bock(self):
        """Whether the next deal is a Bock deal."""
        return bool(self.bock_line)

    @property
    def is_over(self):
        return self._winner is not None

    @property
    def winner(self):
        return self._winner

    def book_result(self, team, value, sie=False):
        """Book one finished deal won by `team` (0/1, or None: thrown in) for `value` points."""
        if self.is_over:
            raise ValueError("the Bobbl is over")
        if team is None:
            return
        if team not in (0, 1):
            raise ValueError(f"bad team {team!r}")
        self.points[team] += self.target if sie else value
        if self.points[team] >= self.target:
            self.records.append((self.points[0], self.points[1], team))
            to_nil = self.points[1 - team] == 0
            self.bobbl_won[team] += 2 if (self.glasses and to_nil) else 1
            if not self.hanger or self.bobbl_won[team] >= 2:
                self._winner = team
            else:
                self.points = [0, 0]

    def book(self, deal):
        if not deal.is_terminal():
            raise ValueError("the deal is not over")
        if deal.bock != self.next_bock:
            raise ValueError(f"expected a deal with bock={self.next_bock}")
        if deal.bock:
            self.bock_line.pop(0)
        if deal.next_bock:
            self.bock_line += ["Bock"] * self.round_length
        self.book_result(deal.winning_team, deal.value, sie=deal.kind == "sie")


# ----- tournament table (U-12) --------------------------------------------------------------------

def ref_tournament_table(results, method="bobbl", glasses=False):
    """Rank pairs from Bobbl records (pair_a, pair_b, points_a, points_b, winner), winner being
    pair_a or pair_b. Returns [(pair, key)] best first; equal keys keep first-appearance order.
    With `glasses` (U-13) a Bobbl won against 0 points counts as two Bobbl won.
    "bobbl": key (Bobbl won, goals scored in lost Bobbl, opponent goals in won Bobbl), ranked by
    more won, then more goals, then fewer opponent goals. "plus": key (points scored,).
    "plus_minus": key (points scored - opponents' points,)."""
    if method not in ("bobbl", "plus", "plus_minus"):
        raise ValueError(f"unknown method {method!r}; known: bobbl, plus, plus_minus")
    order = []
    won, goals_lost, opp_goals_won, plus, plus_minus = {}, {}, {}, {}, {}
    for record in results:
        pair_a, pair_b, points_a, points_b, winner = record
        if pair_a == pair_b or winner not in (pair_a, pair_b):
            raise ValueError(f"bad Bobbl record {record!r}")
        for pair in (pair_a, pair_b):
            if pair not in won:
                order.append(pair)
                won[pair] = goals_lost[pair] = opp_goals_won[pair] = 0
                plus[pair] = plus_minus[pair] = 0
        for pair, own, other in ((pair_a, points_a, points_b), (pair_b, points_b, points_a)):
            plus[pair] += own
            plus_minus[pair] += own - other
            if pair == winner:
                won[pair] += 2 if (glasses and other == 0) else 1
                opp_goals_won[pair] += other
            else:
                goals_lost[pair] += own
    if method == "bobbl":
        keys = {p: (won[p], goals_lost[p], opp_goals_won[p]) for p in order}
        rank = {p: (-k[0], -k[1], k[2]) for p, k in keys.items()}
    elif method == "plus":
        keys = {p: (plus[p],) for p in order}
        rank = {p: (-k[0],) for p, k in keys.items()}
    else:
        keys = {p: (plus_minus[p],) for p in order}
        rank = {p: (-k[0],) for p, k in keys.items()}
    ranked = sorted(order, key=lambda p: rank[p])  # stable: ties keep first appearance
    return [(p, keys[p]) for p in ranked]


def perft_root(row):
    """The reference deal of a perft row (tests/data/perft.json): every card given per seat."""
    options = dict(row["options"])
    if "games" in options:
        options["games"] = tuple(options["games"])
    return RefMucken([h.split() for h in row["hands"]], row["dealer"], options)
