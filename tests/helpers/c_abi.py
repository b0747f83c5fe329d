"""The C ABI (stich_c.h, docs/c-api.md) through ctypes, for the tests that compare it with the Python
API: the shared library of the installed package (``stich config --c-library``) or the one
``STICH_C_LIBRARY`` names (a build tree's, e.g. ``build/dev/libstich_c.so``), every function
declared with its C types, the status codes read from the header, and text and array calls
wrapped (a size query, then the buffer)."""

from __future__ import annotations

import ctypes as C
import os
import re
from pathlib import Path

import pytest

import stich

from . import ROOT

HEADER = ROOT / "csrc" / "capi" / "stich_c.h"

P = C.c_void_p   # every handle
PROGRESS = C.CFUNCTYPE(C.c_int, C.c_void_p, C.c_uint64, C.c_uint64, C.c_double)


class Control(C.Structure):
    """stich_control."""

    _fields_ = [("cancel", C.POINTER(C.c_int32)), ("progress", PROGRESS), ("user", C.c_void_p), ("every", C.c_double)]


_int, _u64, _dbl, _str = C.c_int, C.c_uint64, C.c_double, C.c_char_p
_buf = [C.c_char_p, _int]   # char *buf, int cap
_pp = C.POINTER(P)          # T **out
_ctl = C.POINTER(Control)

# name: (result type, argument types), as stich_c.h declares them.
SIGNATURES: dict[str, tuple[object, list[object]]] = {
    "stich_abi_version": (_int, []),
    "stich_version": (_str, []),
    "stich_last_error": (_str, []),
    "stich_status_name": (_str, [_int]),
    "stich_game_count": (_int, []),
    "stich_game_name": (_int, [_int, *_buf]),
    "stich_game_new": (_int, [_str, _str, _pp]),
    "stich_game_free": (None, [P]),
    "stich_game_text": (_int, [P, *_buf]),
    "stich_game_num_players": (_int, [P]),
    "stich_deal": (_int, [P, _u64, _int, _pp]),
    "stich_deal_into": (_int, [P, _u64, _int, P]),
    "stich_deal_hands": (_int, [P, _u64, _int, C.POINTER(C.c_char_p), _int, _pp]),
    "stich_state_free": (None, [P]),
    "stich_state_clone": (_int, [P, _pp]),
    "stich_state_game": (_int, [P, _pp]),
    "stich_state_text": (_int, [P, *_buf]),
    "stich_is_terminal": (_int, [P]),
    "stich_current_player": (_int, [P]),
    "stich_num_players": (_int, [P]),
    "stich_phase": (_int, [P, *_buf]),
    "stich_legal_actions": (_int, [P, C.POINTER(C.c_int32), _int]),
    "stich_action_text": (_int, [P, C.c_int32, *_buf]),
    "stich_apply": (_int, [P, C.c_int32]),
    "stich_step": (_int, [P, _int, C.POINTER(C.c_int32), _int]),
    "stich_apply_text": (_int, [P, _str]),
    "stich_returns": (_int, [P, C.POINTER(C.c_double), _int]),
    "stich_hand": (_int, [P, _int, *_buf]),
    "stich_heuristic_action": (_int, [P, _u64]),
    "stich_position_read": (_int, [_str, _u64, _pp, C.POINTER(_int)]),
    "stich_position_text": (_int, [P, _int, *_buf]),
    "stich_full_deal_read": (_int, [_str, _pp, C.POINTER(_int)]),
    "stich_view_new": (_int, [P, _int, _pp]),
    "stich_view_free": (None, [P]),
    "stich_view_seat": (_int, [P]),
    "stich_view_text": (_int, [P, *_buf]),
    "stich_view_world_count": (_int, [P, *_buf]),
    "stich_view_sample": (_int, [P, _u64, _pp]),
    "stich_solve": (_int, [P, _ctl, _pp]),
    "stich_ismcts": (_int, [P, _u64, _dbl, _int, _u64, _ctl, _pp]),
    "stich_analyse": (_int, [P, _str, _dbl, _u64, _u64, _int, _ctl, _pp]),
    "stich_solve_batch": (_int, [C.POINTER(P), _int, _int, _ctl, _pp, C.POINTER(_int)]),
    "stich_analyse_batch": (_int, [C.POINTER(P), _int, _str, _dbl, _u64, _u64, _int, _ctl, _pp, C.POINTER(_int)]),
    "stich_result_free": (None, [P]),
    "stich_result_count": (_int, [P]),
    "stich_result_best": (_int, [P]),
    "stich_result_actions": (_int, [P, C.POINTER(C.c_int32), _int]),
    "stich_result_column": (_int, [P, _int, C.POINTER(C.c_double), _int]),
    "stich_result_method": (_int, [P, *_buf]),
    "stich_result_partial": (_int, [P]),
    "stich_result_tied": (_int, [P]),
    "stich_records_read": (_int, [_str, _pp]),
    "stich_records_free": (None, [P]),
    "stich_records_count": (_int, [P]),
    "stich_record_length": (_int, [P, _int]),
    "stich_record_state": (_int, [P, _int, _int, _pp]),
    "stich_record_text": (_int, [P, *_buf]),
    "stich_state_table": (_int, [P, *_buf]),
    "stich_game_schema": (_int, [P, *_buf]),
    "stich_review_open": (_int, [P, C.POINTER(C.c_int32), _int, _ctl, *_buf]),
    "stich_review_view": (_int, [P, C.POINTER(C.c_int32), _int, _int, _int, C.c_uint64, C.c_uint64, C.c_uint64, C.c_uint64, _ctl, *_buf]),
}


def header_constants(prefix: str) -> dict[str, int]:
    """The header's enum constants whose names start with ``prefix`` (STICH_E_, STICH_COLUMN_)."""
    text = HEADER.read_text(encoding="utf-8")
    return {name: int(value) for name, value in re.findall(rf"\b({prefix}\w+) = (-?\d+)", text)}


def header_functions() -> set[str]:
    """The functions stich_c.h declares (STICH_API ...)."""
    return set(re.findall(r"^STICH_API [^(]*?\b(stich_\w+)\(", HEADER.read_text(encoding="utf-8"), re.M))


STATUS = header_constants("STICH_E_")
COLUMN = header_constants("STICH_COLUMN_")
STATUS_OF = {code: name for name, code in STATUS.items()}


def library_path() -> Path:
    """The library to test: STICH_C_LIBRARY, else the installed package's; skips when neither is there."""
    given = os.environ.get("STICH_C_LIBRARY")
    if given:
        return Path(given)
    try:
        return Path(stich.get_c_library())
    except FileNotFoundError as e:
        pytest.skip(f"no C ABI library to test: stich is imported from the source tree and STICH_C_LIBRARY is not set ({e})")


class CError(Exception):
    """A C ABI call that failed: its status code, the code's name and the thread's message."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(f"{STATUS_OF.get(status, status)}: {message}")
        self.status = status
        self.message = message


class Lib:
    """The library with every function declared; ``lib.stich_deal(...)`` calls it as declared."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.dll = C.CDLL(str(path))
        for name, (result, args) in SIGNATURES.items():
            f = getattr(self.dll, name)
            f.restype, f.argtypes = result, args
            setattr(self, name, f)

    def error(self) -> str:
        return self.stich_last_error().decode()

    def ok(self, status: int) -> int:
        """The status if it is no error (>= -1), else CError with the message."""
        if status < -1:
            raise CError(status, self.error())
        return status

    def text(self, function: str, *args: object) -> str:
        """A text out: the length asked first, then the text in a buffer of that size."""
        f = getattr(self, function)
        n = self.ok(f(*args, None, 0))
        buf = C.create_string_buffer(n + 1)
        assert self.ok(f(*args, buf, n + 1)) == n
        return buf.value.decode()

    def array(self, function: str, ctype: object, *args: object) -> list:
        """An array out: the count asked first, then the array."""
        f = getattr(self, function)
        n = self.ok(f(*args, None, 0))
        out = (ctype * max(n, 1))()
        assert self.ok(f(*args, out, n)) == n
        return list(out[:n])

    def new(self, function: str, *args: object) -> P:
        """A new handle from a call that makes one (its last argument)."""
        out = P()
        self.ok(getattr(self, function)(*args, C.byref(out)))
        assert out.value
        return out

    def not_built(self, part: str) -> str | None:
        """Why the library has no `part` ("analyse": the analysis, "records": the game records), or
        None when it has it. Both wait for their C++ (stich/analyse.hpp, stich/records.hpp): a
        library built without them answers those calls with an error saying so."""
        g = self.game("Euchre")
        s = self.new("stich_deal", g, 1, 0)
        out = P()
        if part == "analyse":
            status = self.stich_analyse(s, b"ismcts", 0.0, 10, 1, 1, None, C.byref(out))
        else:
            status = self.stich_record_text(s, None, 0)
        message = self.error()
        self.stich_result_free(out)
        self.stich_state_free(s)
        self.stich_game_free(g)
        return message if status < -1 and "is not in this build" in message else None

    # conveniences over the calls above
    def game(self, name: str, options: str = "") -> P:
        return self.new("stich_game_new", name.encode(), options.encode())

    def legal(self, state: P) -> list[int]:
        return self.array("stich_legal_actions", C.c_int32, state)

    def returns(self, state: P) -> list[float]:
        return self.array("stich_returns", C.c_double, state)

    def result(self, r: P) -> dict:
        """A result as plain data: method, best, partial and each column by action, in the table's order."""
        out = {"method": self.text("stich_result_method", r), "best": self.ok(self.stich_result_best(r)),
               "partial": self.ok(self.stich_result_partial(r)), "tied": self.ok(self.stich_result_tied(r)),
               "actions": self.array("stich_result_actions", C.c_int32, r)}
        for name, column in COLUMN.items():   # NaN (no value) as None, so that results compare with ==
            values = self.array("stich_result_column", C.c_double, r, column)
            out[name[len("STICH_COLUMN_"):].lower()] = [None if v != v else v for v in values]
        return out


def options_text(game: stich.games.Game) -> str:
    """A game's options as the C ABI takes them: its notation game line without the name."""
    line = game.rules._game_line
    return line[len(game.name):].strip()
