"""Game records (docs/records.md): written and read back in both forms for every game, replayed
through the rules, and every kind of damage named with its record and line."""

from __future__ import annotations

import io
import json
import subprocess
import sys

import pytest

import stich
from helpers.hooks import HOOKS

GAMES = list(stich.GAMES)
# Every game with its defaults, and the option sets its hooks name (RECORD_VARIANTS).
VARIANTS = [pytest.param(name, {}, id=name) for name in GAMES] + [
    pytest.param(name, options, id=f"{name}-{'-'.join(f'{k}={v}' for k, v in options.items())}")
    for name, hooks in HOOKS.items() for options in getattr(hooks, "RECORD_VARIANTS", [])
]


def played(name, options, deals=12, seed=7, bots=None):
    game = stich.GAMES[name](**options)
    bots = bots or [stich.HeuristicBot() if k % 2 else stich.RandomBot() for k in range(game.num_players)]
    return game, *stich.play(game, bots, deals=deals, seed=seed, records=True)


def round_trip(records, fmt):
    buf = io.StringIO()
    stich.write_records(records, buf, format=fmt)
    buf.seek(0)
    return stich.read_records(buf), buf.getvalue()


@pytest.mark.parametrize("name, options", VARIANTS)
@pytest.mark.parametrize("fmt", ["text", "jsonl"])
def test_records_round_trip_and_replay(name, options, fmt):
    game, returns, records = played(name, options)
    again, _ = round_trip(records, fmt)
    assert again == records and [hash(r) for r in again] == [hash(r) for r in records]
    for record, ret in zip(again, returns):
        assert record.game == game.name and record.options == game.options
        assert list(record.state().returns()) == list(ret)   # the record replays the deal as played


@pytest.mark.parametrize("name", GAMES)
def test_state_at_k_is_the_state_before_action_k(name):
    game, _, records = played(name, {}, deals=3, seed=11)
    for record in records:
        state = record.state(at=0)
        for k, (seat, text) in enumerate(record.actions):
            assert record.state(at=k) == state
            assert state.current_player == seat
            state.apply(text)
        assert record.state() == state and state.is_terminal
    with pytest.raises(ValueError, match="at must be an int in 0.."):
        record.state(at=len(record.actions) + 1)


def test_records_keep_the_seed_names_and_tags():
    _, _, records = played("Euchre", {}, deals=1)
    r = records[0]
    assert r.seed is not None and r.names == ("random", "heuristic", "random", "heuristic")
    tagged = stich.Record(r.game, r.options, r.dealer, r.deal, r.actions, r.deal_args, r.seed, ("A", "B", "C", "D"),
                          {"Event": "club night", "Round": "3"})
    again, text = round_trip([tagged], "text")
    assert again == [tagged] and '[Event "club night"]' in text and '[Names "A; B; C; D"]' in text
    assert tagged != r


def test_a_record_made_by_hand_without_a_seed():
    """A record needs no seed where the deal needs no chance after it (every card given)."""
    text = """
# a hand-written Couillon deal: only the first two actions
[Game "Couillon"]
[Dealer "0"]
[Deal "seat0: CA CK CQ CJ CT; seat1: C9 SA SK SQ SJ; seat2: ST S9 HA HK HQ; seat3: HJ HT H9 DA DK; talon: DQ DJ DT D9"]
1 reveal; 1 Clubs
"""
    # The reveal makes seat 1's fifth card trump: the second entry names a trump after it, which is not legal.
    with pytest.raises(ValueError, match=r"<stream>, record 1 \(line 6\): action 1 \(1 Clubs\)"):
        stich.read_records(io.StringIO(text))
    good = text.replace("1 reveal; 1 Clubs", "1 Clubs")
    [record] = stich.read_records(io.StringIO(good))
    assert record.seed is None and record.state().phase != "trump"


def _damages(record):
    """(name, damage(text) -> text, message) of every kind of damage to a record's text."""
    (s0, t0), (s1, t1) = record.actions[:2]
    head = f"{s0} {t0}; {s1} {t1}"
    other = (s1 + 1) % 4
    card = record.deal["seat1"][0]
    return [
        ("unknown game", lambda t: t.replace('[Game "Euchre"]', '[Game "Skat"]'), "the Game tag: .*unknown game 'Skat'"),
        ("no dealer", lambda t: "\n".join(x for x in t.splitlines() if not x.startswith("[Dealer")), "has no Dealer tag"),
        ("dealer text", lambda t: t.replace(f'[Dealer "{record.dealer}"]', '[Dealer "north"]'), "the Dealer tag is a seat number"),
        ("tag syntax", lambda t: t.replace(f'[Dealer "{record.dealer}"]', f"[Dealer {record.dealer}]"), r'a tag is \[Name "value"\]'),
        ("tag twice", lambda t: t.replace(f'[Dealer "{record.dealer}"]', f'[Dealer "{record.dealer}"]\n[Dealer "1"]'), "the tag Dealer is given twice"),
        ("entry syntax", lambda t: t.replace(head, f"{s0} {t0}; two {t1}"), "an action is 'seat text'"),
        ("illegal action", lambda t: t.replace(head, f"{s0} {t0}; {s1} bogus"), rf"action 1 \({s1} bogus\)"),
        ("wrong seat", lambda t: t.replace(head, f"{s0} {t0}; {other} {t1}"), f"seat {s1} is to act, not seat {other}"),
        ("card twice", lambda t: t.replace("seat0: ", f"seat0: {card} ", 1), "the deal: "),
        ("unknown place", lambda t: t.replace("; upcard:", "; talon: -; upcard:"), "the deal names places this game does not have: talon"),
        ("late tag", lambda t: t + '[Event "late"]\n', "a tag after the actions"),
    ]


@pytest.mark.parametrize("kind", range(11))
def test_a_damaged_text_record_names_the_record_and_line(kind):
    _, _, records = played("Euchre", {}, deals=2, seed=4)
    _, text = round_trip(records, "text")
    first, second = text.split("\n\n")
    name, damage, message = _damages(records[1])[kind]
    damaged = damage(second)
    assert damaged != second, name
    with pytest.raises(ValueError, match=rf"<stream>, record 2 \(line \d+\): .*{message}"):
        stich.read_records(io.StringIO(first + "\n\n" + damaged))


def test_a_damaged_json_record_names_the_record_and_line():
    _, _, records = played("Mucken", {}, deals=3, seed=2)
    _, text = round_trip(records, "jsonl")
    lines = text.splitlines()
    cases = [
        ("{not json", "not JSON"),
        (json.dumps({**json.loads(lines[1]), "game": "Skat"}), "unknown game 'Skat'"),
        (json.dumps({**json.loads(lines[1]), "options": {"players": 5}}), "players"),
        (json.dumps({**json.loads(lines[1]), "colour": 1}), "unknown fields colour"),
        (json.dumps({**json.loads(lines[1]), "actions": [[0, "pass"]] + json.loads(lines[1])["actions"]}), r"action 0 \(0 pass\)"),
    ]
    for bad, message in cases:
        damaged = "\n".join([lines[0], bad, lines[2]]) + "\n"
        with pytest.raises(ValueError, match=rf"<stream>, record 2 \(line 2\): .*{message}"):
            stich.read_records(io.StringIO(damaged))


def test_files_paths_and_byte_order_marks(tmp_path):
    _, _, records = played("Mistigri", {"monch": True}, deals=5)
    for suffix, fmt in ((".txt", "text"), (".jsonl", "jsonl")):
        path = tmp_path / f"games{suffix}"
        stich.write_records(records, path)
        assert stich.read_records(path) == records
        assert path.read_text(encoding="utf-8").lstrip().startswith("{") == (fmt == "jsonl")
        bom = tmp_path / f"bom{suffix}"
        bom.write_text("\ufeff" + path.read_text(encoding="utf-8"), encoding="utf-8")
        assert stich.read_records(bom) == records
    with pytest.raises(ValueError, match="format must be one of text, jsonl"):
        stich.write_records(records, tmp_path / "x.txt", format="pbn")
    with pytest.raises(TypeError, match="write_records writes Records"):
        stich.write_records(["not a record"], tmp_path / "x.txt")
    with pytest.raises(TypeError, match="read_records takes a path or a text file"):
        stich.read_records(42)


def test_cli_play_writes_records(tmp_path):
    path = tmp_path / "games.jsonl"
    out = subprocess.run([sys.executable, "-m", "stich", "play", "mucken", "--bots", "heuristic", "--deals", "3", "--seed", "5",
                          "--quiet", "--record", str(path)], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    records = stich.read_records(path)
    assert len(records) == 3
    game = stich.Mucken()
    returns, again = stich.play(game, [stich.HeuristicBot() for _ in range(4)], deals=3, seed=5, records=True)
    assert [r.actions for r in records] == [r.actions for r in again]
