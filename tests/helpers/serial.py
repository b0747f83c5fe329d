"""An independent reader of the serial form of states (csrc/stich/serial.hpp), for the tests: it
decodes a state's form into (game, options, dealer, seed, cards, deal arguments, actions) and
replays it through the Python API (``rules._deal_cards`` and ``apply`` of every action id), so that
a test can check that whatever a load gives is the state legal play reaches from that deal."""

from __future__ import annotations

import struct
from dataclasses import dataclass
from typing import Any

import stich

VERSION = 2


class Decoded(Exception):
    """The form cannot be decoded (the loader must have refused it too)."""


@dataclass
class StateForm:
    game: str
    options: dict[str, Any]
    dealer: int
    seed: int
    cards: list[list[int]]
    deal_args: dict[str, Any]
    actions: list[int]
    raw_options: bytes = b""   # the options and deal arguments as written, for encode()
    raw_args: bytes = b""

    def _replace_actions(self, actions: list[int]) -> StateForm:
        self.actions = actions
        return self


class _Reader:
    def __init__(self, data: bytes) -> None:
        self.data, self.pos = data, 0

    def get(self, n: int) -> int:
        if self.pos + n > len(self.data):
            raise Decoded("ends early")
        v = int.from_bytes(self.data[self.pos:self.pos + n], "little")
        self.pos += n
        return v

    def text(self) -> str:
        n = self.get(1)
        raw = self.data[self.pos:self.pos + n]
        if len(raw) < n:
            raise Decoded("ends early")
        self.pos += n
        return raw.decode("utf-8", errors="replace")

    def value(self, depth: int = 0) -> Any:
        kind = self.get(1)
        if kind == 0:
            return None
        if kind == 1:
            return bool(self.get(1))
        if kind == 2:
            return struct.unpack("<q", self.get(8).to_bytes(8, "little"))[0]
        if kind == 3:
            return self.text()
        if kind == 4:
            return tuple(self.text() for _ in range(self.get(1)))
        if kind == 5:
            return ("card", self.get(1))
        if kind == 6:
            return ("cards", self.get(8))
        if kind in (7, 8):
            return [struct.unpack("<q", self.get(8).to_bytes(8, "little"))[0] for _ in range(self.get(2))]
        if kind in (9, 10) and depth < 4:
            return [self.value(depth + 1) for _ in range(self.get(2))]
        raise Decoded(f"value kind {kind}")

    def named(self) -> dict[str, Any]:
        out = {}
        for _ in range(self.get(1)):
            name = self.text()
            out[name] = self.value()
        return out


def decode_state(data: bytes) -> StateForm:
    r = _Reader(data)
    if r.get(1) != ord("S") or r.get(1) != VERSION or r.get(1) != ord("S"):
        raise Decoded("header")
    game = r.text()
    at = r.pos
    options = r.named()
    raw_options = data[at:r.pos]
    dealer, seed = r.get(1), r.get(8)
    cards = [[r.get(1) for _ in range(r.get(1))] for _ in range(r.get(1))]
    at = r.pos
    deal_args = r.named()
    raw_args = data[at:r.pos]
    actions = [r.get(2) for _ in range(r.get(2))]
    if r.pos != len(data):
        raise Decoded("trailing data")
    return StateForm(game, options, dealer, seed, cards, deal_args, actions, raw_options, raw_args)


def encode_state(f: StateForm, version: int = VERSION) -> bytes:
    """The form of `f` (its options and deal arguments as decoded), e.g. after changing its cards
    or actions."""
    name = f.game.encode()
    out = bytes([ord("S"), version, ord("S"), len(name)]) + name + f.raw_options
    out += bytes([f.dealer]) + f.seed.to_bytes(8, "little") + bytes([len(f.cards)])
    for place in f.cards:
        out += bytes([len(place)]) + bytes(place)
    out += f.raw_args + len(f.actions).to_bytes(2, "little")
    for a in f.actions:
        out += a.to_bytes(2, "little")
    return out


def replay(form: StateForm) -> Any:
    """The state legal play reaches from the form's deal, through the Python API (raises
    ValueError, or IllegalActionError, where it cannot be)."""
    game = stich.GAMES[form.game](**form.options)
    deck = game.deck
    args = {}
    for name, v in form.deal_args.items():
        if v is None:
            continue
        if isinstance(v, list):
            args[name] = [_card(c, deck) for c in v]
        elif isinstance(v, tuple) and v[:1] == ("card",):
            args[name] = _card(v[1], deck)
        else:
            args[name] = v
    s = game._rules._deal_cards(form.seed, form.dealer, form.cards, **args)
    for a in form.actions:
        s.apply(a)
    return s


def _card(card_id: int, deck: Any) -> str:
    for c in deck.cards():
        if c.id == card_id:
            return str(c)
    raise ValueError(f"card id {card_id} is not of the deck")


def decode_match(data: bytes) -> tuple[str, dict[str, Any], int, int, list[bytes]]:
    """(game, options, seed, first dealer, the deals' state forms) of a match's form."""
    r = _Reader(data)
    if r.get(1) != ord("S") or r.get(1) != VERSION or r.get(1) != ord("M"):
        raise Decoded("header")
    game = r.text()
    options = r.named()
    seed, dealer = r.get(8), r.get(1)
    forms = []
    for _ in range(r.get(4)):
        n = r.get(4)
        forms.append(data[r.pos:r.pos + n])
        r.pos += n
    if r.pos != len(data):
        raise Decoded("trailing data")
    return game, options, seed, dealer, forms
