"""The position notation: a decision point as one seat sees it, as text, and back.

``position_text(state, seat)`` writes what ``seat`` knows (its view) as lines ``key: value``;
``parse(text)`` builds a :class:`Position` with a full game state consistent with every line
(hidden cards are filled in at random, retrying until the history replays). See docs/notation.md.
"""

from __future__ import annotations

import random
from typing import Any

from . import _core
from .games import GAMES, Game, game_of

Couillon, Mucken, Mistigri = GAMES["Couillon"], GAMES["Mucken"], GAMES["Mistigri"]
HEADER = "stich position 1"
KEYS = ("game", "dealer", "seat", "hand", "history", "bock", "eo_team", "turned", "pot", "side_pot")
MAX_TRIES = 4000


# ----------------------------------------------------------------------------------------- writing

def _cards(cards: Any) -> str:
    text = str(_core.CardSet(cards)) if not isinstance(cards, _core.CardSet) else str(cards)
    return text or "-"


def _value_text(value: Any) -> str:
    if isinstance(value, tuple):  # a one-item tuple keeps a trailing comma; an empty one is "()"
        return ",".join(str(v) for v in value) + ("," if len(value) == 1 else "") if value else "()"
    return str(value)


def _game_line(game: Game) -> str:
    parts = [game.name]
    for key, option in game.OPTIONS.items():
        value = game.options[key]
        if value == option.default:
            continue
        parts.append(f"{key}={_value_text(value)}")
    return " ".join(parts)


def _carried_pot(state: Any) -> tuple[int, int]:
    """The pot and side pot the deal was dealt with (before the antes)."""
    return state.pot_in, state.side_pot_in


def position_text(state: Any, seat: int | None = None) -> str:
    """The notation of ``state`` as ``seat`` (default: the seat to act) sees it."""
    if state.is_terminal:
        raise ValueError("the deal is over: a position is a decision point")
    if seat is None:
        seat = state.current_player
    if isinstance(seat, bool) or not isinstance(seat, int):
        raise TypeError(f"seat must be an int 0..{state.num_players - 1}, got {seat!r}")
    if not 0 <= seat < state.num_players:
        raise IndexError(f"seat {seat} out of range 0..{state.num_players - 1}")
    game = game_of(state)
    view = state.view(seat)
    lines = [HEADER, f"game: {_game_line(game)}", f"dealer: {state.dealer}", f"seat: {seat}",
             f"hand: {_cards(view.hand)}"]
    entries = []
    for who, text in view.history:
        if isinstance(game, Couillon) and text == "reveal":
            text = f"reveal {state.reveal_card}"
        elif isinstance(game, Mistigri) and who == seat and text.startswith("discard "):
            _, drawn = state.exchange(seat)
            text = f"{text} draw {_cards(drawn)}"
        entries.append(f"{who} {text}")
    lines.append("history: " + ("; ".join(entries) if entries else "-"))
    if isinstance(game, Mucken):
        if state.bock:
            lines.append("bock: yes")
        if _eo_team_public(game, view.history):
            holder = next(s for s in range(state.num_players) if _core.Card("EO") in state.hand(s)
                          or any(t == "EO" for w, t in view.history if w == s))
            lines.append(f"eo_team: {holder % 2}")
    if isinstance(game, Mistigri):
        pot, side = _carried_pot(state)
        lines.append(f"turned: {state.turned}")
        lines.append(f"pot: {pot}")
        lines.append(f"side_pot: {side}")
    return "\n".join(lines) + "\n"


def _eo_team_public(game: Mucken, history: list[tuple[int, str]]) -> bool:
    """one_point: once every seat passed, everyone knows which team holds the Eichel-Ober."""
    n = game.num_players
    return (game.options["if_all_pass"] == "one_point" and len(history) >= n
            and all(t == "pass" for _, t in history[:n]))


# ----------------------------------------------------------------------------------------- reading

class Position:
    """A parsed position: ``game``, ``seat``, ``state`` (a full state consistent with the text),
    ``view`` (``state.view(seat)``); ``str(position)`` is the notation."""

    def __init__(self, game: Game, seat: int, state: Any) -> None:
        self.game = game
        self.seat = seat
        self.state = state

    @property
    def view(self) -> _core.InfoSet:
        return self.state.view(self.seat)

    @property
    def to_act(self) -> bool:
        return self.state.current_player == self.seat

    def __str__(self) -> str:
        return position_text(self.state, self.seat)

    def __repr__(self) -> str:
        return f"<Position {self.game!r} seat {self.seat}>"


def _err(line_no: int, key: str, msg: str) -> ValueError:
    return ValueError(f"line {line_no} ({key if key.isidentifier() else repr(key)}): {msg}")


def _is_number(text: str) -> bool:
    """ASCII digits only: str.isdigit() also takes '²' and '٣', which int() refuses or reads."""
    return text.isascii() and text.isdigit()


def _parse_value(text: str) -> Any:
    if text in ("True", "False"):
        return text == "True"
    if text == "None":
        return None
    if _is_number(text.removeprefix("-")):
        return int(text)
    if text == "()":
        return ()
    if "," in text:
        return tuple(t for t in text.split(",") if t)
    return text


class _Spec:
    """The lines of a position text, checked one by one."""

    def __init__(self, text: str) -> None:
        if not isinstance(text, str):
            raise TypeError(f"parse() takes the position text (str), got {type(text).__name__}")
        lines = [(i + 1, ln.split("#", 1)[0].strip()) for i, ln in enumerate(text.splitlines())]
        lines = [(i, ln) for i, ln in lines if ln]
        if not lines or lines[0][1] != HEADER:
            raise ValueError(f"a position text starts with the line {HEADER!r}")
        raw: dict[str, tuple[int, str]] = {}
        for no, ln in lines[1:]:
            key, sep, value = ln.partition(":")
            key = key.strip()
            try:
                ln.encode("utf-8")
            except UnicodeEncodeError:
                raise _err(no, key, f"the line {ln!r} cannot be encoded as UTF-8") from None
            if not sep:
                raise _err(no, key, f"expected 'key: value', got {ln!r}")
            if key not in KEYS:
                raise _err(no, key, f"unknown key {key!r}; keys: {', '.join(KEYS)}")
            if key in raw:
                raise _err(no, key, "given twice")
            raw[key] = (no, value.strip())
        for key in ("game", "dealer", "seat", "hand", "history"):
            if key not in raw:
                raise ValueError(f"the position has no {key!r} line")
        self.raw = raw
        self.game = self._game()
        n = self.game.num_players
        self.dealer = self._seat("dealer", n)
        self.seat = self._seat("seat", n)
        self.deck = self.game.deck
        self.hand = self._cardlist("hand")
        self.history = self._history()
        self.bock = self._flag("bock")
        self.eo_team = None
        self.turned = None
        self.pot = self.side_pot = 0
        g = self.game
        allowed = {"Mucken": {"bock", "eo_team"}, "Mistigri": {"turned", "pot", "side_pot"}}.get(g.name, set())
        for key in ("bock", "eo_team", "turned", "pot", "side_pot"):
            if key in raw and key not in allowed:
                raise _err(raw[key][0], key, f"not a line of a {g.name} position")
        if "eo_team" in raw:
            no, v = raw["eo_team"]
            if v not in ("0", "1"):
                raise _err(no, "eo_team", f"must be 0 or 1, got {v!r}")
            self.eo_team = int(v)
        if isinstance(g, Mistigri):
            for key in ("turned", "pot", "side_pot"):
                if key not in raw:
                    raise ValueError(f"a Mistigri position needs a {key!r} line")
            cards = self._cardlist("turned")
            if len(cards) != 1:
                raise _err(raw["turned"][0], "turned", "give exactly one card")
            self.turned = cards[0]
            self.pot = self._int("pot")
            self.side_pot = self._int("side_pot")

    def _game(self) -> Game:
        no, value = self.raw["game"]
        parts = value.split()
        if not parts or parts[0] not in GAMES:
            raise _err(no, "game", f"unknown game {parts[0] if parts else ''!r}; games: {', '.join(GAMES)}")
        options: dict[str, Any] = {}
        for part in parts[1:]:
            key, sep, v = part.partition("=")
            if not sep or not key:
                raise _err(no, "game", f"options are written key=value, got {part!r}")
            if key in options:
                raise _err(no, "game", f"option {key} given twice")
            options[key] = _parse_value(v)
        try:
            return GAMES[parts[0]](**options)
        except (ValueError, TypeError) as e:
            raise _err(no, "game", str(e)) from None

    def _seat(self, key: str, n: int) -> int:
        no, v = self.raw[key]
        if not _is_number(v) or not 0 <= int(v) < n:
            raise _err(no, key, f"must be a seat 0..{n - 1}, got {v!r}")
        return int(v)

    def _int(self, key: str) -> int:
        no, v = self.raw[key]
        high = self.game.DEAL_PARAMS[key].high   # pot and side pot: what the deal accepts
        if not _is_number(v) or int(v) > high:
            raise _err(no, key, f"must be an int in 0..{high}, got {v!r}")
        return int(v)

    def _flag(self, key: str) -> bool:
        if key not in self.raw:
            return False
        no, v = self.raw[key]
        if v not in ("yes", "no"):
            raise _err(no, key, f"must be yes or no, got {v!r}")
        return v == "yes"

    def _cards_of(self, no: int, key: str, text: str) -> list[_core.Card]:
        if text in ("-", ""):
            return []
        out = []
        for word in text.split():
            try:
                out.append(self.deck.card(word))
            except (ValueError, TypeError) as e:
                raise _err(no, key, str(e)) from None   # the message quotes the card and names the deck
        if len(set(out)) != len(out):
            dup = next(c for c in out if out.count(c) > 1)
            raise _err(no, key, f"the card {dup} is given twice")
        return out

    def _cardlist(self, key: str) -> list[_core.Card]:
        no, v = self.raw[key]
        return self._cards_of(no, key, v)

    def _history(self) -> list[tuple[int, str]]:
        no, v = self.raw["history"]
        if v in ("-", ""):
            return []
        out = []
        n = self.game.num_players
        for item in v.split(";"):
            item = item.strip()
            who, _, text = item.partition(" ")
            if not _is_number(who) or not 0 <= int(who) < n or not text.strip():
                raise _err(no, "history", f"each action is 'SEAT TEXT' with a seat 0..{n - 1}, got {item!r}")
            out.append((int(who), " ".join(text.split())))
        return out


class _Inconsistent(Exception):
    """This fill of the hidden cards cannot replay the history (retry with another)."""


class _Impossible(Exception):
    """No fill can replay the history."""


def _card_of_play(deck: _core.Deck, text: str) -> _core.Card | None:
    """The card of a card-play action text ('EA', 'EU:H'), or None for other actions."""
    word = text.split(":", 1)[0]
    if " " in text:
        return None
    try:
        return deck.card(word)
    except (ValueError, TypeError):
        return None


class _Builder:
    """Deals hands consistent with the spec and replays the history."""

    def __init__(self, spec: _Spec) -> None:
        self.spec = spec
        g = self.g = spec.game
        self.n = g.num_players
        self.deck = spec.deck
        self.seat = spec.seat
        self.forbid: list[set[_core.Card]] = [set() for _ in range(self.n)]
        no = spec.raw["history"][0]
        self.hist_no = no
        # cards each seat plays in the history, in order
        self.played: list[list[_core.Card]] = [[] for _ in range(self.n)]
        self.exchanges: list[tuple[int, str]] = []   # Mistigri: (seat, action text as seen)
        self.reveal: _core.Card | None = None
        self.mit: int | None = None
        self.eo_holder: int | None = None
        seen: dict[_core.Card, str] = {c: "the hand" for c in spec.hand}
        self.own_discard: list[_core.Card] = []
        self.own_draw: list[_core.Card] = []
        passes = 0
        for i, (who, text) in enumerate(spec.history):
            words = text.split()
            if isinstance(g, Couillon) and words[0] == "reveal":
                if len(words) != 2:
                    raise _err(no, "history", f"a reveal names the card: '{who} reveal HT', got {text!r}")
                self.reveal = spec._cards_of(no, "history", words[1])[0]
                continue
            if isinstance(g, Couillon) and text == "Mit":
                self.mit = who
            if isinstance(g, Mucken) and g.options["if_all_pass"] == "must_play" and passes == self.n \
                    and i == self.n and text in ("Muck", "Geier", "Wenz"):
                self.eo_holder = who
            if text == "pass":
                passes += 1
            if isinstance(g, Mistigri) and (words[0] in ("discard", "discards") or text == "keep"):
                if words[0] == "discard":
                    if who != self.seat:
                        raise _err(no, "history", f"seat {self.seat} cannot see which cards seat {who} "
                                   f"discarded: write '{who} discards {len(words) - 1}'")
                    if "draw" not in words:
                        raise _err(no, "history", f"the observer's exchange names its draws: "
                                   f"'discard EA EK draw GA S7', got {text!r}")
                    k = words.index("draw")
                    self.own_discard = spec._cards_of(no, "history", " ".join(words[1:k]))
                    self.own_draw = spec._cards_of(no, "history", " ".join(words[k + 1:]))
                    if not self.own_discard or len(self.own_discard) != len(self.own_draw):
                        raise _err(no, "history", f"discard and draw as many cards, got {text!r}")
                    for c in self.own_discard:
                        if c in seen:
                            raise _err(no, "history", f"the card {c} is given twice")
                        seen[c] = "exchange"
                elif words[0] == "discards":
                    if len(words) != 2 or not _is_number(words[1]) or int(words[1]) < 1:
                        raise _err(no, "history", f"expected 'discards N', got {text!r}")
                    if who == self.seat:
                        raise _err(no, "history", "the observer's own exchange is written "
                                   "'discard EA EK draw GA S7'")
                self.exchanges.append((who, text))
                continue
            card = _card_of_play(self.deck, text)
            if card is not None:
                # After a Mönch reshuffle another seat may draw, and play, what the observer discarded.
                redrawn = (isinstance(g, Mistigri) and g.options["monch"] and seen.get(card) == "exchange"
                           and who != self.seat)
                if card in seen and not redrawn:
                    raise _err(no, "history", f"the card {card} is given twice")
                seen[card] = "play"
                self.played[who].append(card)
        if spec.turned is not None and spec.turned in seen:
            raise _err(spec.raw["turned"][0], "turned", f"the card {spec.turned} is given twice")
        # the cards each seat is known to hold from the start (besides its plays)
        self.pinned: list[list[_core.Card]] = [list(p) for p in self.played]
        self.pinned[self.seat] = list(spec.hand) + self.played[self.seat]
        if isinstance(g, Couillon):
            f = (spec.dealer + 1) % 4
            if self.mit is not None and self.mit != self.seat:
                sq = self.deck.card("SQ")
                if sq not in self.pinned[self.mit]:
                    if sq in seen:
                        raise _err(no, "history", f"seat {self.mit} declared the Mit but SQ is elsewhere")
                    self.pinned[self.mit].append(sq)
                    seen[sq] = "mit"
            if self.reveal is not None:
                if self.reveal in seen and self.reveal not in self.pinned[f]:
                    raise _err(no, "history", f"the revealed card {self.reveal} is given twice")
                if self.seat == f:
                    if self.reveal not in self.pinned[f]:
                        raise _err(no, "history", f"the revealed card {self.reveal} is not in forehand's cards")
                elif self.reveal not in self.pinned[f]:
                    self.pinned[f].append(self.reveal)
        if isinstance(g, Mucken):
            eo = self.deck.card("EO")
            if self.eo_holder is not None and self.eo_holder != self.seat and eo not in self.pinned[self.eo_holder]:
                if eo in seen:
                    raise _err(no, "history", f"seat {self.eo_holder} chose the game but EO is elsewhere")
                self.pinned[self.eo_holder].append(eo)
                seen[eo] = "must_play"
        if isinstance(g, Mistigri):
            # the observer's cards before its exchange
            own = [c for c in self.pinned[self.seat] if c not in self.own_draw]
            if len(own) + len(self.own_draw) != len(self.pinned[self.seat]):
                raise _err(no, "history", "the observer's drawn cards must be among its hand and plays")
            self.pinned[self.seat] = own + self.own_discard
        self.hand_size = {Couillon: 5, Mistigri: 5}.get(type(g)) or (
            len(self.deck) // self.n)
        for s in range(self.n):
            if len(self.pinned[s]) > self.hand_size:
                where = f"line {spec.raw['hand'][0]} (hand)" if s == self.seat else f"line {no} (history)"
                raise ValueError(f"{where}: no deal is consistent with the position: seat {s} would hold "
                                 f"{len(self.pinned[s])} cards, more than {self.hand_size}")
        self.used = set(seen) | ({spec.turned} if spec.turned is not None else set())
        for cards in self.pinned:
            self.used |= set(cards)

    # -- dealing
    def _fill(self, rng: random.Random, hands: list[list[_core.Card]], pool: list[_core.Card],
              need: list[int], allow_rest: bool) -> list[_core.Card]:
        """Adds ``need[s]`` pool cards to each hand avoiding ``forbid``; returns the cards left."""
        rng.shuffle(pool)
        rest = []
        need = list(need)
        for c in pool:
            seats = [s for s in range(self.n) if need[s] > 0 and c not in self.forbid[s]]
            if not seats:
                rest.append(c)
                continue
            # weight by remaining need so that the fill is spread
            s = rng.choices(seats, weights=[need[x] for x in seats])[0] if len(seats) > 1 else seats[0]
            hands[s].append(c)
            need[s] -= 1
        if any(need):
            raise _Inconsistent
        return rest

    def deal(self, rng: random.Random) -> Any:
        g, spec = self.g, self.spec
        pool = [c for c in self.deck if c not in self.used]
        if isinstance(g, Couillon):
            f = (spec.dealer + 1) % 4
            hands = [list(p) for p in self.pinned]
            if self.reveal is not None and self.reveal in hands[f]:
                hands[f].remove(self.reveal)
            need = [5 - len(h) - (1 if s == f and self.reveal is not None else 0) for s, h in enumerate(hands)]
            self._fill(rng, hands, pool, need, True)
            for s in range(4):
                if s != f:
                    rng.shuffle(hands[s])
            if self.seat == f and not spec.history:
                first = list(spec.hand)  # the three cards forehand decides on
                others = [c for c in hands[f] if c not in first]
                rng.shuffle(others)
                hands[f] = first + others
            else:
                rng.shuffle(hands[f])
            if self.reveal is not None:
                hands[f].append(self.reveal)
            return g.deal(seed=rng.getrandbits(63), dealer=spec.dealer, hands=hands)
        if isinstance(g, Mucken):
            hands = [list(p) for p in self.pinned]
            eo = self.deck.card("EO")
            if spec.eo_team is not None and not any(eo in h for h in hands):
                for s in range(self.n):
                    if s % 2 != spec.eo_team:
                        self.forbid[s].add(eo)
            self._fill(rng, hands, pool, [self.hand_size - len(h) for h in hands], False)
            return g.deal(seed=rng.getrandbits(63), dealer=spec.dealer, hands=hands, bock=spec.bock)
        return self._deal_mistigri(rng, pool)

    def _deal_mistigri(self, rng: random.Random, pool: list[_core.Card]) -> Any:
        g, spec, me = self.g, self.spec, self.seat
        # final hands (after the exchange): plays + fill; the observer's initial hand is pinned
        final = [list(p) for p in self.played]
        final[me] = []
        need = [5 - len(h) for h in final]
        need[me] = 0
        rest = self._fill(rng, final, pool, need, True)
        rng.shuffle(rest)
        counts = {who: int(text.split()[1]) if who != me else len(self.own_discard)
                  for who, text in self.exchanges if text != "keep"}
        for who, k in counts.items():
            if k > 5:
                raise _Impossible(f"seat {who} cannot discard {k} cards")
        sources, piles = self._draw_sources(counts)
        # What each seat draws (in draw order) and the hidden seats' discards. A card drawn from a
        # reshuffled pile is a discard of a seat that made the pile: one of the observer's (known),
        # or one of a hidden seat's (chosen here).
        discards = {who: list(self.own_discard) if who == me else [] for who in counts}
        own_in_pile = [list(self.own_discard) if me in makers else [] for makers in piles]
        played_later = {c for who in counts if who != me for c in self.played[who]}   # drawn by their player

        def hidden_slots(pile: int) -> list[int]:
            return [m for m in piles[pile] if m != me for _ in range(counts[m] - len(discards[m]))]

        def as_hidden_discard(card: _core.Card, pile: int) -> None:
            makers = [m for m in hidden_slots(pile) if card not in final[m]]
            if not makers:
                raise _Inconsistent
            discards[rng.choice(makers)].append(card)

        draws: dict[int, list[_core.Card]] = {}
        for who in counts:
            src = sources[who]
            if who == me:
                drawn = list(self.own_draw)
                rng.shuffle(drawn)
                for card, pile in zip(drawn, src):
                    if pile is not None:
                        as_hidden_discard(card, pile)
                draws[who] = drawn
                continue
            # the observer's discards this seat played came from a reshuffled pile
            must = [c for c in self.played[who] if c in self.own_discard]
            free = [c for c in final[who] if c not in must]
            rng.shuffle(free)
            drawn = []
            for pile in src:
                if pile is None:
                    drawn.append(free.pop())
                    continue
                if must and me in piles[pile]:
                    card = must.pop()
                    if card not in own_in_pile[pile]:
                        raise _Inconsistent
                    own_in_pile[pile].remove(card)
                    drawn.append(card)
                    continue
                own = [c for c in own_in_pile[pile] if c not in played_later]
                slots = len(hidden_slots(pile))
                if own and rng.randrange(len(own) + slots) < len(own):
                    # one of the observer's discards: it takes the place of a card of the fill
                    card = rng.choice(own)
                    own_in_pile[pile].remove(card)
                    swappable = [c for c in free if c not in self.played[who]]
                    if not swappable:
                        raise _Inconsistent
                    out = rng.choice(swappable)
                    free.remove(out)
                    final[who][final[who].index(out)] = card
                    rest.append(out)
                    drawn.append(card)
                else:
                    if not free:
                        raise _Inconsistent
                    card = free.pop()
                    as_hidden_discard(card, pile)
                    drawn.append(card)
            if must:
                raise _Inconsistent
            draws[who] = drawn
        for who in counts:
            while len(discards[who]) < counts[who]:
                if not rest:
                    raise _Impossible("not enough cards left for the discards")
                discards[who].append(rest.pop())
        hands = [list(h) for h in final]
        hands[me] = list(self.pinned[me])
        for who in counts:
            if who != me:
                hands[who] = [c for c in final[who] if c not in draws[who]] + discards[who]
        talon = [c for who in counts for c, p in zip(draws[who], sources[who]) if p is None]
        redraws = [c for who in counts for c, p in zip(draws[who], sources[who]) if p is not None]
        state = g.deal(seed=rng.getrandbits(63), dealer=spec.dealer, hands=hands, turned=spec.turned,
                       pot=spec.pot, side_pot=spec.side_pot, talon=talon, redraws=redraws or None)
        self.discards = discards
        return state

    def _draw_sources(self, counts: dict[int, int]) -> tuple[dict[int, list[int | None]], list[list[int]]]:
        """Where each draw of the exchange comes from, as the engine deals them: the talon (None),
        then in Mönch the piles of discards reshuffled when it runs out (their index). Returns the
        source of each seat's draws and the seats whose discards make each pile."""
        left = len(self.deck) - 5 * self.n - 1
        piles: list[list[int]] = []
        unshuffled: list[int] = []   # seats whose discards are not reshuffled yet
        pile: int | None = None
        sources: dict[int, list[int | None]] = {}
        for who, k in counts.items():
            src: list[int | None] = []
            for _ in range(k):
                if left == 0:
                    if not self.g.options["monch"] or not unshuffled:
                        raise _Impossible(f"seat {who} cannot draw {k} cards: the talon is used up")
                    left = sum(counts[m] for m in unshuffled)
                    piles.append(unshuffled)
                    unshuffled, pile = [], len(piles) - 1
                src.append(pile)
                left -= 1
            sources[who] = src
            unshuffled.append(who)
        return sources, piles

    # -- replay
    def replay(self, state: Any) -> Any:
        g = self.g
        no = self.hist_no
        for who, text in self.spec.history:
            while True:
                if state.is_terminal:
                    raise _Inconsistent
                cp = state.current_player
                hidden_pass = (isinstance(g, Couillon) and state.phase == "mit" and cp != self.seat
                               and (cp != who or text != "Mit"))
                if cp == who and not hidden_pass:
                    break
                if hidden_pass and any(
                        a.text == "pass" for a in state.legal_actions()):
                    state.apply("pass")   # the Mit holder's pass, which the observer cannot see
                    continue
                raise _Inconsistent
            action = text
            words = text.split()
            if isinstance(g, Couillon) and words[0] == "reveal":
                action = "reveal"
            elif isinstance(g, Mistigri) and words[0] == "discard":
                action = "discard " + " ".join(words[1:words.index("draw")])
            elif isinstance(g, Mistigri) and words[0] == "discards":
                action = "discard " + " ".join(str(c) for c in self.discards[who])
            try:
                state.apply(action)
            except _core.IllegalActionError:
                card = _card_of_play(self.deck, text)
                legal = state.legal_actions()
                if card is None or state.phase != "play":
                    if isinstance(g, Mistigri) and words[0] in ("discard", "discards"):
                        raise _Inconsistent from None
                    raise _Impossible(f"line {no} (history): {f'{who} {text}'!r} is not a legal action there; "
                                      f"legal: {', '.join(a.text for a in legal)}") from None
                hand = state.hand(who)
                if card not in hand:
                    raise _Inconsistent from None
                blockers = {c for a in legal if (c := _card_of_play(self.deck, a.text)) is not None and c in hand}
                if isinstance(g, Couillon):
                    # follow or trump: only the led suit's cards make another card illegal
                    contract = _core.Contract.couillon(state.trump, mit=state.mit_declarer is not None)
                    blockers = {x for x in blockers
                                if card not in contract.legal(_core.CardSet([x, card]), state.trick)}
                pinned = set(self.pinned[who]) if not isinstance(g, Mistigri) else set(self.played[who]) | (
                    set(self.spec.hand) if who == self.seat else set())
                if who == self.seat or blockers & pinned:
                    raise _Impossible(f"no deal is consistent with the position: seat {who} cannot play "
                                      f"{card} there (it holds {' '.join(str(c) for c in blockers & pinned) or 'other cards'}"
                                      f" it must play first)") from None
                self.forbid[who] |= blockers
                raise _Inconsistent from None
        # the Mit holder's hidden pass right before the observer acts
        while (isinstance(g, Couillon) and not state.is_terminal and state.phase == "mit"
               and state.current_player != self.seat):
            state.apply("pass")
        return state


def _key(spec: _Spec) -> dict[str, Any]:
    """What a position text says, normalised (card order, option order)."""
    g = spec.game
    hist: list[tuple[Any, ...]] = []
    for who, text in spec.history:
        words = text.split()
        card = _card_of_play(spec.deck, text)
        if words[0] == "discard" and "draw" in words:
            k = words.index("draw")
            hist.append((who, "discard", frozenset(words[1:k]), frozenset(words[k + 1:])))
        elif card is not None:
            hist.append((who, card, text.partition(":")[2]))
        else:
            hist.append((who, text))
    pot = (spec.pot, spec.side_pot)
    return {
        "game": (g.name, tuple(sorted(g.options.items(), key=lambda kv: kv[0]))),
        "dealer": spec.dealer, "seat": spec.seat, "hand": frozenset(spec.hand), "history": hist,
        "bock": spec.bock, "eo_team": spec.eo_team, "turned": spec.turned, "pot": pot,
    }


def parse(text: str, seed: int = 0, tries: int = MAX_TRIES) -> Position:
    """Reads a position text into a :class:`Position` (``ValueError`` naming the line when the
    text is malformed or no deal is consistent with it). ``tries``: fills of the hidden cards to try."""
    if isinstance(tries, bool) or not isinstance(tries, int) or tries < 1:
        raise ValueError(f"tries must be an int >= 1, got {tries!r}")
    spec = _Spec(text)
    builder = _Builder(spec)
    rng = random.Random(seed)
    want = _key(spec)
    for _ in range(tries):
        try:
            state = builder.replay(builder.deal(rng))
        except _Inconsistent:
            continue
        except _Impossible as e:
            msg = str(e)
            raise ValueError(msg if msg.startswith("line") else f"line {builder.hist_no} (history): {msg}") from None
        if state.is_terminal:
            continue
        got = _key(_Spec(position_text(state, spec.seat)))
        if got == want:
            return Position(spec.game, spec.seat, state)
        # lines that do not depend on the hidden cards can never agree: stop at once
        for key in ("hand", "pot", "turned", "bock"):
            if got[key] != want[key]:
                line = spec.raw.get("side_pot" if key == "pot" and "pot" not in spec.raw else key, (None,))[0]
                where = f"line {line} ({key})" if line else f"the {key}"
                shown = {"hand": lambda v: " ".join(str(c) for c in sorted(v)) or "-"}.get(key, str)(got[key])
                raise ValueError(f"{where}: no deal is consistent with the position (the history leads to "
                                 f"{key}: {shown})")
    raise ValueError(f"line {builder.hist_no} (history): no deal is consistent with the position "
                     f"(tried {tries} deals)")
