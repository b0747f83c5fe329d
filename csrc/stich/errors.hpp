// The kinds of error the core reports, one classification of its exception types for every edge
// that must say what went wrong without C++ exceptions or message text: the C ABI's status codes
// (csrc/capi) and the Python exception classes (bindings/games.cpp, register_errors), by which the
// CLI's exit status and the web server's HTTP status are chosen (python/stich/errors.py).
//
// The core throws (docs/embedding.md, "Errors"): std::invalid_argument for bad input,
// IllegalAction for an action not legal, NotationError and PositionError for a position text
// that cannot be read or cannot happen, std::out_of_range for a seat or dealer not at the table,
// SolveStopped for a solve stopped by its flag, std::bad_alloc when memory runs out. The two
// types here name the kinds no other type marks: a name not known (a game, an analysis method, a
// playout policy, a deck, a record format, a game's own names), text that is not the cards,
// options or record it should be.
#pragma once
#include <cstdint>
#include <exception>
#include <stdexcept>

namespace stich {

enum class ErrorKind : uint8_t {
    InvalidArgument,   // a value not accepted, a finished deal, a phase without a solver
    OutOfRange,        // a seat, dealer, index or id outside its range
    IllegalAction,     // an action not legal in the state
    UnknownName,       // a name not known: a game, an analysis method, a playout, a deck, a record format, ...
    BadText,           // option text, a position, cards or a record that cannot be read
    Cancelled,         // stopped by its stop flag
    OutOfMemory,
    Internal,   // anything else: a bug
};

// A name not known (the message lists the known ones).
struct UnknownName : std::invalid_argument {
    using std::invalid_argument::invalid_argument;
};

// Text that cannot be read as what it should be (the message names the fault).
struct BadText : std::invalid_argument {
    using std::invalid_argument::invalid_argument;
};

// The kind of a caught exception (e: from std::current_exception(); null: Internal).
ErrorKind error_kind(const std::exception_ptr& e) noexcept;
// The kind's name in words: "invalid argument", "illegal action", ...
const char* error_kind_name(ErrorKind k) noexcept;

}   // namespace stich
