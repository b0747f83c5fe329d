#include "stich/errors.hpp"

#include <new>

#include "stich/game.hpp"
#include "stich/notation.hpp"
#include "stich/position.hpp"
#include "stich/solve.hpp"

namespace stich {

ErrorKind error_kind(const std::exception_ptr& e) noexcept {
    if (!e) return ErrorKind::Internal;
    try {
        std::rethrow_exception(e);
    } catch (const IllegalAction&) {
        return ErrorKind::IllegalAction;
    } catch (const UnknownName&) {
        return ErrorKind::UnknownName;
    } catch (const BadText&) {
        return ErrorKind::BadText;
    } catch (const NotationError&) {
        return ErrorKind::BadText;
    } catch (const PositionError&) {
        return ErrorKind::BadText;
    } catch (const std::invalid_argument&) {
        return ErrorKind::InvalidArgument;
    } catch (const std::out_of_range&) {
        return ErrorKind::OutOfRange;
    } catch (const SolveStopped&) {
        return ErrorKind::Cancelled;
    } catch (const std::bad_alloc&) {
        return ErrorKind::OutOfMemory;
    } catch (...) {
        return ErrorKind::Internal;
    }
}

const char* error_kind_name(ErrorKind k) noexcept {
    switch (k) {
        case ErrorKind::InvalidArgument: return "invalid argument";
        case ErrorKind::OutOfRange: return "out of range";
        case ErrorKind::IllegalAction: return "illegal action";
        case ErrorKind::UnknownName: return "unknown name";
        case ErrorKind::BadText: return "bad text";
        case ErrorKind::Cancelled: return "cancelled";
        case ErrorKind::OutOfMemory: return "out of memory";
        case ErrorKind::Internal: return "internal error";
    }
    return "internal error";
}

}   // namespace stich
