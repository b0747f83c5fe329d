"""The errors stich raises, and how its edges report them (docs/api.md, "Errors").

The core checks every argument it takes and raises one class per kind of fault (stich/errors.hpp),
translated once, in the bindings: the classes below under ``StichError``, each also the built-in
class Python code expects (``ValueError``; an index out of range ``IndexError`` too). Python's own
checks of what only Python sees (a file, a request's JSON, the CLI's words) raise the built-in
classes. ``STATUS`` is the one table from a class to the CLI's exit status and the web server's
HTTP status: the edges look an error up here by its class, never by its text.
"""

from __future__ import annotations

from ._core import (
    BadTextError,
    IllegalActionError,
    InvalidArgumentError,
    OutOfRangeError,
    PositionError,
    StichError,
    UnknownNameError,
)

__all__ = ["STATUS", "BadTextError", "IllegalActionError", "InvalidArgumentError", "OutOfRangeError", "PositionError",
           "StichError", "UnknownNameError", "exit_status", "http_status"]

# (the CLI's exit status, the web server's HTTP status; None: not reported there as the caller's
# fault) by class; an error's class is looked up along its MRO, the nearest entry wins. Every kind
# of bad input is the caller's to mend: exit 2, HTTP 400.
STATUS: dict[type[BaseException], tuple[int, int | None]] = {
    InvalidArgumentError: (2, 400),
    OutOfRangeError: (2, 400),
    IllegalActionError: (2, 400),
    UnknownNameError: (2, 400),
    BadTextError: (2, 400),
    # Python's own checks (and the types the bindings check)
    ValueError: (2, 400),
    TypeError: (2, 400),
    IndexError: (2, 400),
    OverflowError: (2, 400),
    OSError: (2, None),   # a file the CLI cannot read or write; the server reads none a request names
}

#: The classes the web server answers with STATUS's HTTP status (its exception handlers).
HTTP_ERRORS = tuple(cls for cls, (_, http) in STATUS.items() if http is not None)


def _status(e: BaseException) -> tuple[int, int | None] | None:
    for cls in type(e).__mro__:
        if cls in STATUS:
            return STATUS[cls]
    return None


def exit_status(e: BaseException) -> int | None:
    """The CLI's exit status for an error, or None for one it does not report as bad input."""
    status = _status(e)
    return status[0] if status else None


def http_status(e: BaseException) -> int | None:
    """The web server's HTTP status for an error, or None for one it does not report as bad input."""
    status = _status(e)
    return status[1] if status else None
