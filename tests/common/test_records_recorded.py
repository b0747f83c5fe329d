"""Game records read and written as they were: the texts and messages recorded from the Python
implementation they replaced.

The records' text form and JSON Lines are read and written by the C++ core (csrc/stich/records.hpp).
Before that moved, the forms written for seeded games of every variant, the records read back
from them and the messages of damaged files were recorded from the Python implementation into
tests/data/records_recorded.json; the core must write the same bytes, read the same records and
name the same faults. The unknown game's message lists the games registered now.

Messages changed on purpose when the core took the records over (the others are as recorded): a
tag's fault names the tag's own line (the record's first line before); the Dealer and Seed tags
and an action's seat say the range they take ("the Dealer tag: the dealer must be a seat 0..3, got
'north'"); a dealer beyond the seats and a seed beyond 64 bits are the tag's fault (an IndexError
and a TypeError listing pybind11's overloads before).

Recorded by ``PYTHONPATH=python python tests/common/test_records_recorded.py --write`` (only when
a change is meant: say why in the commit).
"""

from __future__ import annotations

import dataclasses
import io
import json
import random
import re
import sys
from pathlib import Path
from typing import Any

import pytest

import stich

DATA = Path(__file__).resolve().parents[1] / "data" / "records_recorded.json"
# The variants recorded (the games there were then: a game added since has no Python past), each
# with its game and options, and the extra arguments of its last deal where it has them.
RECORDED = json.loads(DATA.read_text(encoding="utf-8"))["variants"]
VARIANTS = {variant: (v["records"][0]["game"], v["records"][0]["options"]) for variant, v in RECORDED.items()}


def _played(variant: str) -> list[stich.Record]:
    name, options = VARIANTS[variant]
    game = stich.GAMES[name](**options)
    bots = [stich.HeuristicBot() if k % 2 else stich.RandomBot() for k in range(game.num_players)]
    _, records = stich.play(game, bots, deals=4, seed=17, records=True)
    # A record with every optional field: names with spaces, free tags, no seed where none is needed.
    first = records[0]
    tagged = stich.Record(first.game, first.options, first.dealer, first.deal, first.actions, first.deal_args, first.seed,
                          tuple(f"player {k}" for k in range(game.num_players)), {"Event": "club night", "Round": "3"})
    # A record with the deal's extra arguments, where the game has them, played on at random.
    extras = RECORDED[variant]["records"][-1]["deal_args"]
    if not extras:
        return [*records, tagged]
    state = game.deal(seed=23, dealer=1, **extras)
    extra = stich.Record.dealt(state, seed=23)
    rng = random.Random(23)
    while not state.is_terminal:
        action = rng.choice(state.legal_actions())
        extra = extra.with_action(state.current_player, str(action))
        state.apply(action)
    return [*records, tagged, extra]


def _fields(record: stich.Record) -> dict[str, Any]:
    return json.loads(json.dumps(dataclasses.asdict(record)))


def _written(records: list[stich.Record], fmt: str) -> str:
    buf = io.StringIO()
    stich.write_records(records, buf, format=fmt)
    return buf.getvalue()


def _message(text: str) -> str:
    try:
        stich.read_records(io.StringIO(text))
    except Exception as e:   # noqa: BLE001 (the kind is part of what is recorded)
        # The builtin class the recording named (the core's classes, stich.StichError's, derive from it).
        kind = next(c for c in type(e).__mro__ if c.__module__ == "builtins")
        return f"{kind.__name__}: {e}"
    return "no error"


# Damaged texts: (name, text form or JSON line) built from the recorded Euchre records' texts.
def _damaged(text: str, jsonl: str) -> dict[str, str]:
    first = text.split("\n\n")[0]
    line = json.loads(jsonl.splitlines()[0])
    dump = json.dumps
    return {
        "unknown game": first.replace('[Game "Euchre"]', '[Game "Skat"]'),
        "bad option": first.replace('[Game "Euchre"]', '[Game "Euchre stick_the_dealer=maybe"]'),
        "no deal tag": "\n".join(x for x in first.splitlines() if not x.startswith("[Deal ")),
        "dealer word": first.replace('[Dealer "0"]', '[Dealer "north"]'),
        "dealer out of range": first.replace('[Dealer "0"]', '[Dealer "7"]'),
        "seed word": first.replace("[Seed ", '[Seed "x"]\n[Old ', 1),
        "seed too large": first.replace("[Seed ", '[Seed "18446744073709551616"]\n[Old ', 1),
        "tag syntax": first.replace('[Dealer "0"]', "[Dealer 0]"),
        "tag name": first.replace('[Dealer "0"]', '[Dealer "0"]\n[9lives "x"]'),
        "tag twice": first.replace('[Dealer "0"]', '[Dealer "0"]\n[Dealer "1"]'),
        "late tag": first + '\n[Event "late"]',
        "deal entry": first.replace("; upcard:", "; upcard"),
        "deal card": first.replace("seat0: ", "seat0: XX ", 1),
        "deal place": first.replace("; upcard:", "; talon: -; upcard:"),
        "deal args": first.replace("[Names ", '[DealArgs "upcard HA"]\n[Names ', 1),
        "deal args name": first.replace("[Names ", '[DealArgs "pot: 3"]\n[Names ', 1),
        "entry syntax": first.replace("\n1 ", "\none ", 1),
        "illegal action": first.replace("\n1 pass", "\n1 bogus", 1),
        "wrong seat": first.replace("\n1 pass", "\n2 pass", 1),
        "after the end": first + "; 0 pass",
        "not json": "{not json\n",
        "json not an object": "[1, 2]\n",
        "json missing": dump({k: v for k, v in line.items() if k != "deal"}) + "\n",
        "json unknown field": dump({**line, "colour": 1}) + "\n",
        "json game": dump({**line, "game": "Skat"}) + "\n",
        "json options": dump({**line, "options": {"stick_the_dealer": "yes"}}) + "\n",
        "json deal": dump({**line, "deal": {"seat0": "ST HQ"}}) + "\n",
        "json actions": dump({**line, "actions": [[0, "pass", 1]]}) + "\n",
        "json dealer": dump({**line, "dealer": "0"}) + "\n",
        "json seed": dump({**line, "seed": -1}) + "\n",
        "json names": dump({**line, "names": [1, 2]}) + "\n",
        "json tags": dump({**line, "tags": {"a": 1}}) + "\n",
        "json deal_args": dump({**line, "deal_args": [1]}) + "\n",
        "json wrong seat": dump({**line, "actions": [[2, "pass"]]}) + "\n",
    }


def _recording() -> dict[str, Any]:
    out: dict[str, Any] = {"variants": {}}
    for variant in VARIANTS:
        records = _played(variant)
        out["variants"][variant] = {"records": [_fields(r) for r in records], "text": _written(records, "text"),
                                    "jsonl": _written(records, "jsonl")}
    euchre = out["variants"]["Euchre"]
    out["damaged"] = {name: {"text": text, "message": _message(text)}
                      for name, text in _damaged(euchre["text"], euchre["jsonl"]).items()}
    # Comments, CRLF line ends, a byte-order mark and blank lines between records read as the plain text.
    text = euchre["text"].replace("\n", "  # a comment\r\n").replace("[Game", "# a line of its own\n[Game")
    out["decorated"] = {"text": "\ufeff" + text, "records": [_fields(r) for r in stich.read_records(io.StringIO("\ufeff" + text))]}
    return out


@pytest.fixture(scope="module")
def recorded() -> dict[str, Any]:
    return json.loads(DATA.read_text(encoding="utf-8"))


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_records_are_written_and_read_as_recorded(recorded, variant):
    want = recorded["variants"][variant]
    records = _played(variant)
    assert [_fields(r) for r in records] == want["records"]
    assert _written(records, "text") == want["text"]
    assert _written(records, "jsonl") == want["jsonl"]
    for fmt in ("text", "jsonl"):
        again = stich.read_records(io.StringIO(want[fmt]))
        assert [_fields(r) for r in again] == want["records"] and again == records


def _registry_games(message: str) -> str:
    """A recorded message with the games it lists as the registry has them now (the recording
    listed the games there were then)."""
    return re.sub(r"(unknown game .*; (?:games|accepted): ).*$", lambda m: m.group(1) + ", ".join(stich.GAMES), message)


def test_damaged_records_are_named_as_recorded(recorded):
    for name, case in recorded["damaged"].items():
        assert _message(case["text"]) == _registry_games(case["message"]), name


def test_comments_and_line_ends_read_as_recorded(recorded):
    case = recorded["decorated"]
    assert [_fields(r) for r in stich.read_records(io.StringIO(case["text"]))] == case["records"]


if __name__ == "__main__" and sys.argv[1:] == ["--write"]:
    DATA.write_text(json.dumps(_recording(), indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"wrote {DATA}")
