"""Game records (docs/records.md): written and read back in both forms for every game, replayed
through the rules, and every kind of damage named with its record and line."""

from __future__ import annotations

import io
import json
import os
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
        ("dealer text", lambda t: t.replace(f'[Dealer "{record.dealer}"]', '[Dealer "north"]'),
         "the Dealer tag: the dealer must be a seat"),
        ("tag syntax", lambda t: t.replace(f'[Dealer "{record.dealer}"]', f"[Dealer {record.dealer}]"), r'a tag is \[Name "value"\]'),
        ("tag twice", lambda t: t.replace(f'[Dealer "{record.dealer}"]', f'[Dealer "{record.dealer}"]\n[Dealer "1"]'),
         "the tag Dealer is given twice"),
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


# --- hostile files: one clear error each, never a crash, a hang or a MemoryError -------------------

def _euchre_text(fmt):
    _, _, records = played("Euchre", {}, deals=2, seed=4)
    return records, round_trip(records, fmt)[1]


def _hostile_files():
    records, text = _euchre_text("text")
    _, jsonl = _euchre_text("jsonl")
    first = json.loads(jsonl.splitlines()[0])
    seed_tag = next(line for line in text.splitlines() if line.startswith("[Seed"))
    dealer_tag = next(line for line in text.splitlines() if line.startswith("[Dealer"))
    return [
        # (name, the file's bytes, the exception, words of its message)
        ("png", b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" + bytes(range(256)), ValueError, "binary data"),
        ("gzip", b"\x1f\x8b\x08\x00" + text.encode()[:200], ValueError, "binary data"),
        ("utf-16", text.encode("utf-16"), ValueError, "binary data"),
        ("latin-1", text.replace("Euchre", "Euchre").encode() + '[Event "Müller"]\n'.encode("latin-1"), ValueError, "not UTF-8 text"),
        ("bad utf-8 mid-line", text.encode()[:50] + b"\xc3\x28" + text.encode()[50:], ValueError, "line 3: not UTF-8 text (byte 50"),
        ("a huge line", b"[Game \"Euchre\"]\n" + b"x" * (3 << 20) + b"\n", ValueError, "line 2: longer than any record's line"),
        ("a huge line, no newline", b"{" + b" " * (3 << 20), ValueError, "line 1: longer than any record's line"),
        ("deep JSON", b'{"game": ' + b"[" * 200_000 + b"]" * 200_000 + b"}\n", ValueError, "nests too deep"),
        ("a number of 10,000 digits", text.replace(dealer_tag, '[Dealer "' + "9" * 10_000 + '"]').encode(), ValueError, "Dealer"),
        ("a JSON number of 5,000 digits", json.dumps({**first, "seed": 1}).replace('"seed": 1', '"seed": ' + "7" * 5000).encode() + b"\n",
         ValueError, "digits"),
        ("a dealer beyond 64 bits", text.replace(dealer_tag, '[Dealer "' + "9" * 25 + '"]').encode(), ValueError,
         "the dealer must be a seat"),
        ("a dealer beyond the seats", json.dumps({**first, "dealer": 10**18}).encode() + b"\n", ValueError, "the dealer must be a seat"),
        ("a negative seed", text.replace(seed_tag, '[Seed "-1"]').encode(), ValueError, "seed"),
        ("a float dealer", json.dumps({**first, "dealer": 1e308}).encode() + b"\n", ValueError, "dealer must be an int"),
        ("a tag twice", text.replace(dealer_tag, dealer_tag + "\n" + dealer_tag, 1).encode(), ValueError, "given twice"),
        ("a JSON key twice", jsonl.splitlines()[0].replace('"dealer": ', '"dealer": 0, "dealer": ', 1).encode() + b"\n", ValueError,
         "the key 'dealer' is given twice"),
        ("100,000 names", json.dumps({**first, "names": ["a"] * 100_000}).encode() + b"\n", ValueError, "100,000 names for 4 seats"),
        ("one name", text.replace("[Names", "[Names \"solo\"]\n[X", 1).encode() if "[Names" in text else
         json.dumps({**first, "names": ["solo"]}).encode() + b"\n", ValueError, "1 names for 4 seats"),
        ("a hand of 5,000 cards", json.dumps({**first, "deal": {**first["deal"], "seat0": first["deal"]["seat0"] * 1000}}).encode() + b"\n",
         ValueError, "the deal"),
        ("20,000 actions", json.dumps({**first, "actions": first["actions"] * 400}).encode() + b"\n", ValueError, "already over"),
        ("players 10**9", json.dumps({**first, "options": {**first["options"], "players": 10**9}}).encode() + b"\n", ValueError,
         "players"),
        ("truncated JSON Lines", jsonl.encode()[:-40], ValueError, "record 2 (line 2): not JSON"),
    ]


HOSTILE = _hostile_files()


@pytest.mark.parametrize("name, data, error, words", HOSTILE, ids=[h[0] for h in HOSTILE])
def test_a_hostile_records_file_gives_one_clear_error(tmp_path, capsys, name, data, error, words):
    """Through read_records and through the command line (stich review FILE: exit 2 and one line)."""
    from stich.__main__ import main

    path = tmp_path / "games.txt"
    path.write_bytes(data)
    with pytest.raises(error) as refused:
        stich.read_records(path)
    message = str(refused.value)
    assert words in message and str(path) in message, message
    assert len(message) < 600 and "\n" not in message, message[:1000]
    assert main(["review", str(path), "--workers", "1"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("stich: error: ") and err.count("\n") == 1 and words in err, err[:1000]


def test_files_that_are_no_records_files(tmp_path, capsys):
    from stich.__main__ import main

    cases = [(tmp_path, IsADirectoryError, "Is a directory"), (tmp_path / "missing.txt", FileNotFoundError, "No such file")]
    if os.path.exists("/dev/zero"):
        cases.append(("/dev/zero", ValueError, "binary data"))   # endless: refused at its first byte
    for path, error, words in cases:
        with pytest.raises(error, match=words):
            stich.read_records(path)
        assert main(["review", str(path), "--workers", "1"]) == 2
        err = capsys.readouterr().err
        assert err.startswith("stich: error: ") and err.count("\n") == 1 and words in err, err
    empty = tmp_path / "empty.txt"
    empty.write_text("")
    assert stich.read_records(empty) == [] and stich.read_records(io.StringIO("")) == []


class Endless(io.TextIOBase):
    """A text stream that never ends: one long line, or (lines=True) short comment lines."""

    def __init__(self, lines=False):
        self.piece = "# a comment\n" if lines else "x"

    def read(self, n=-1):
        return self.piece * max(1, (n if n > 0 else 1 << 20) // len(self.piece))


def test_an_endless_stream_or_a_giant_file_is_refused_not_read_forever(tmp_path):
    with pytest.raises(ValueError, match="line 1: longer than any record's line"):
        stich.read_records(Endless())
    # More than the memory this process may use holds as records: in a child process whose address
    # space is limited (the bound follows the limit), a stream of comments without end and a file
    # of 50 MB of them.
    if os.environ.get("STICH_SANITIZED"):
        pytest.skip("the sanitizers' shadow memory needs an unlimited address space")
    giant = tmp_path / "giant.txt"
    giant.write_text("# a comment\n" * ((50 << 20) // 12))
    code = f"""
import resource, sys
sys.path[:0] = {sys.path!r}
resource.setrlimit(resource.RLIMIT_AS, (2 << 30, 2 << 30))
import stich
sys.path.insert(0, {os.path.dirname(__file__)!r})
from test_records import Endless
for source in (Endless(lines=True), {str(giant)!r}):
    try:
        stich.read_records(source)
    except ValueError as e:
        print(e)
"""
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    messages = done.stdout.splitlines()
    assert len(messages) == 2 and all("bytes, more than this machine reads as records at once" in m for m in messages), messages
    assert "split it" in messages[1] and str(giant) in messages[1]


@pytest.mark.parametrize("fmt", ["text", "jsonl"])
def test_a_truncated_file_reads_as_its_whole_records_or_says_where_it_is_cut(fmt):
    """Cut anywhere: read_records gives the records before the cut (the last one perhaps shorter by
    its last actions: a record's text form holds no count) or a ValueError naming the place, never
    another exception and never a record the file did not hold."""
    records, text = _euchre_text(fmt)
    refused = 0
    for cut in range(1, len(text), 5):
        try:
            got = stich.read_records(io.StringIO(text[:cut]))
        except ValueError as e:
            assert "<stream>, record" in str(e) or "<stream>, line" in str(e), str(e)
            refused += 1
            continue
        assert len(got) <= len(records)
        for g, r in zip(got, records):
            assert g.game == r.game and g.deal == r.deal and g.actions == r.actions[:len(g.actions)]
    assert refused > 0


def test_records_are_written_atomically(tmp_path, monkeypatch):
    """The file holds its old records or the new ones: a write stopped midway (Ctrl-C, a full disk)
    leaves the old file and no temporary file; the file keeps its permissions; a symbolic link is
    written through."""
    old, new = played("Couillon", {}, deals=3, seed=1)[2], played("Couillon", {}, deals=5, seed=2)[2]
    path = tmp_path / "games.jsonl"
    stich.write_records(old, path)
    os.chmod(path, 0o640)
    for failure in (KeyboardInterrupt(), OSError(28, "No space left on device")):
        def stop(fd, failure=failure):
            raise failure

        monkeypatch.setattr(os, "fsync", stop)
        with pytest.raises(type(failure)):
            stich.write_records(new, path)
        monkeypatch.undo()
        assert stich.read_records(path) == old
        assert sorted(p.name for p in tmp_path.iterdir()) == ["games.jsonl"]
    stich.write_records(new, path)
    assert stich.read_records(path) == new and (os.stat(path).st_mode & 0o777) == 0o640
    link = tmp_path / "link.jsonl"
    link.symlink_to(path)
    stich.write_records(old, link)
    assert link.is_symlink() and stich.read_records(path) == old
