"""Game records read and written by the core (csrc/stich/records.hpp, docs/records.md): its JSON
reads and writes what Python's json module does, hostile input is bounded, the text form refuses
what it cannot hold, and the full deal's text reads back."""

from __future__ import annotations

import io
import json
import re

import pytest

import stich
from stich.fulldeal import full_deal_text, parse_full
from stich.games import solvable


def _record(name: str = "Euchre", seed: int = 3) -> stich.Record:
    game = stich.GAMES[name]()
    _, [record] = stich.play(game, [stich.RandomBot()] * game.num_players, deals=1, seed=seed, records=True)
    return record


def _error(text: str) -> str:
    with pytest.raises(ValueError) as e:
        stich.read_records(io.StringIO(text))
    return str(e.value)


@pytest.mark.parametrize("line", ['{not json', '{"game" 1}', '{"game": 1 "x": 2}', '{"game": [1, 2}', '{"game": tru}', '{"game": "abc',
                                  '{"game": "a\x01b"}', '{"game": "a\\qb"}', '{"game": "\\u12x4"}', '{} x', '{"game": -}',
                                  '{"a": 1,}', '{"a": [1,]}', '{"ä": "ö" 1}'])
def test_json_errors_are_pythons_with_their_column(line):
    with pytest.raises(json.JSONDecodeError) as python:
        json.loads(line)
    assert _error(line + "\n") == f"<stream>, record 1 (line 1): not JSON: {python.value.msg} at column {python.value.colno}"


def test_json_lines_are_what_json_dumps_writes():
    """Names and tags with quotes, backslashes, control characters and text beyond ASCII: the line
    the core writes is json.dumps's (ensure_ascii=False) of the same fields, and reads back."""
    r = _record()
    tricky = stich.Record(r.game, r.options, r.dealer, r.deal, r.actions, r.deal_args, r.seed,
                          ('a "b"', "c\\d", "e\tf\x01", "Jürgen ♠"), {"Note": "x\u2028y", "Émile": "zoë"})
    buf = io.StringIO()
    stich.write_records([tricky], buf, format="jsonl")
    fields = {"game": r.game, "options": r.options, "dealer": r.dealer, "deal": r.deal, "actions": [list(a) for a in r.actions],
              "seed": r.seed, "names": list(tricky.names), "tags": tricky.tags}
    assert buf.getvalue() == json.dumps(fields, ensure_ascii=False) + "\n"
    assert stich.read_records(io.StringIO(buf.getvalue())) == [tricky]


def test_hostile_input_is_refused_with_the_record_and_line():
    r = _record()
    buf = io.StringIO()
    stich.write_records([r], buf, format="jsonl")
    line = json.loads(buf.getvalue())
    # The file reader (python/stich/_textfile.py) refuses such a line first; the core on its own too.
    with pytest.raises(ValueError, match="record 1 \\(line 1\\): a line of more than 1048576 bytes"):
        stich._core.read_records(b"#" + b" " * stich._core.RECORD_MAX_LINE + b"\n", "<bytes>")
    assert "not a record: its JSON nests too deep (more than 32 levels) at column 42" in _error('{"game": ' + "[" * 100 + "\n")
    too_many = {**line, "actions": [[0, "a"]] * (stich._core.RECORD_MAX_ACTIONS + 1)}
    assert _error(json.dumps(too_many, separators=(",", ":")) + "\n").endswith(f"more than {stich._core.RECORD_MAX_ACTIONS} actions")
    # A deal's replay refuses actions past its end long before that bound.
    assert "the deal is already over" in _error(json.dumps({**line, "actions": line["actions"] * 50}) + "\n")
    assert "not a record: a number longer than 100 digits (101 characters) at column" in _error(
        json.dumps({**line, "seed": 1}).replace('"seed": 1', '"seed": ' + "7" * 101) + "\n")
    assert "the key 'dealer' is given twice in an object" in _error(buf.getvalue().replace('"dealer": ', '"dealer": 0, "dealer": ', 1))
    assert "(line 1): 5 names for 4 seats: one name a seat" in _error(json.dumps({**line, "names": list("abcde")}) + "\n")
    # A message quoting a huge value is cut at 300 characters, saying how long it was.
    huge = _error(json.dumps({**line, "game": "x" * 5000}) + "\n")
    assert len(huge) < 340 and huge.endswith(" characters)") and "unknown game 'xxx" in huge
    for field, value, message in [("seed", 2**64, "seed must be an int in 0..2**64-1"), ("dealer", 10**40, "dealer must be an int"),
                                  ("dealer", 9, "the dealer must be a seat 0..3, got 9"), ("actions", [[2**40, "pass"]],
                                                                                           "actions must be")]:
        assert message in _error(json.dumps({**line, field: value}) + "\n"), field
    text = io.StringIO()
    stich.write_records([r], text)
    long_history = text.getvalue().rstrip("\n") + "; " + "; ".join(["0 pass"] * stich._core.RECORD_MAX_ACTIONS) + "\n"
    assert _error(long_history).endswith(f"more than {stich._core.RECORD_MAX_ACTIONS} actions")
    assert "the Seed tag: the seed must be an int in 0..2**64-1" in _error(text.getvalue().replace(f'[Seed "{r.seed}"]',
                                                                                                   f'[Seed "{2**64}"]'))
    assert "record 1 (line 1): the line cannot be encoded as UTF-8" in _error("[Game \ud800]\n")
    assert "(line 5): the Names tag: 1 names for 4 seats: one name a seat" in _error(
        re.sub(r'\[Names "[^"]*"\]', '[Names "solo"]', text.getvalue()))


@pytest.mark.parametrize("change, message", [
    (dict(tags={"Event": 'a "b"'}), "the tag Event's value cannot hold a double quote or a line break"),
    (dict(tags={"Event": "a\nb"}), "cannot hold a double quote or a line break"),
    (dict(tags={"Deal": "x"}), "a free tag is a name (letters, digits, _) other than Game"),
    (dict(tags={"two words": "x"}), "a free tag is a name"),
    (dict(names=("a;b", "c", "d", "e")), "a seat's name cannot hold ';'"),
    (dict(options={"stick_the_dealer": "yes"}), "option stick_the_dealer of Euchre must be True or False"),
    (dict(game="Skat"), "unknown game 'Skat'"),
])
def test_the_text_form_refuses_what_it_cannot_hold(change, message):
    r = _record()
    fields = {f: getattr(r, f) for f in ("game", "options", "dealer", "deal", "actions", "deal_args", "seed", "names", "tags")}
    with pytest.raises(ValueError, match=message.replace("(", r"\(").replace(")", r"\)")):
        stich.write_records([stich.Record(**{**fields, **change})], io.StringIO())


def test_record_state_and_dealt_say_what_is_wrong():
    r = _record("Mucken")
    with pytest.raises(ValueError, match=rf"at must be an int in 0..{len(r.actions)}"):
        r.state(at=-1)
    state = r.state(at=1)
    with pytest.raises(ValueError, match="only a state before its first action holds the deal as dealt"):
        stich.Record.dealt(state)
    bad = stich.Record(r.game, r.options, 7, r.deal, r.actions)
    with pytest.raises(ValueError, match="the dealer must be a seat 0..3, got 7"):
        bad.state()


@pytest.mark.parametrize("name", list(stich.GAMES))
def test_the_full_deal_text_reads_back(name):
    game = stich.GAMES[name]()
    for seed in range(20):
        state = game.deal(seed=seed)
        while not state.is_terminal and state.phase != "play":
            state.apply(state.heuristic_action(seed))
        for _ in range(seed % 5):
            if not state.is_terminal:
                state.apply(state.legal_actions()[seed % len(state.legal_actions())])
        if state.is_terminal:
            continue
        text = full_deal_text(state)
        position = parse_full(text)
        assert position.seat == state.current_player
        for seat in range(state.num_players):
            assert position.state.hand(seat) == state.hand(seat)
        # Both play on alike to where the game's solver takes them (a late solver: its last tricks).
        read = position.state
        while not state.is_terminal and not solvable(state):
            assert [str(a) for a in read.legal_actions()] == [str(a) for a in state.legal_actions()]
            read.apply(read.legal_actions()[0])
            state.apply(state.legal_actions()[0])
        if not state.is_terminal:
            assert stich.solve(read).values == stich.solve(state).values
