"""Text files that come from outside (records, review outputs): read with bounds (no binary data,
UTF-8 only, no line longer than a record's, no file bigger than this machine can take as records)
and written atomically (a file holds its old text or its new one, never a part). Each refusal is
one ValueError naming the file and what is wrong."""

from __future__ import annotations

import contextlib
import io
import os
import secrets
import stat
from typing import IO, Any

# What a records file may be: at most this many bytes (the records read take up to ~22 bytes of
# memory for a byte of the text form, ~11 for JSON Lines: a bigger file would not fit in half of
# this machine's memory), lines of at most _MOST_LINE characters (a record's longest line is a few
# kB: a longer one is not a record, and would fill the error message).
_MEMORY_A_BYTE = 24
_MOST_LINE = 1 << 20
_CHUNK = 1 << 20


def _most_bytes() -> int:
    """The most bytes a records file may have here: what half of the memory this process may use
    (the machine's, or less under an address-space limit) holds at _MEMORY_A_BYTE; 1 MiB at least."""
    memory = 16 << 30   # where the system does not say
    with contextlib.suppress(AttributeError, ValueError, OSError):
        memory = os.sysconf("SC_PHYS_PAGES") * os.sysconf("SC_PAGE_SIZE")
    with contextlib.suppress(ImportError, ValueError, OSError):
        import resource

        limit = resource.getrlimit(resource.RLIMIT_AS)[0]
        if limit != resource.RLIM_INFINITY:
            memory = min(memory, limit)
    return max(memory // 2 // _MEMORY_A_BYTE, 1 << 20)


def _bounded_read(read: Any, name: str) -> bytes | str:
    """Everything ``read(n)`` gives, a chunk at a time: a ValueError as soon as it holds a NUL (binary
    data; /dev/zero ends at once), a line longer than a record's, or more than a records file can
    be, before the rest is read."""
    most = _most_bytes()
    chunks: list[Any] = []
    total = lines = run = 0   # run: the length of the line being read
    while True:
        chunk = read(_CHUNK)
        if not chunk:
            chunks.append(chunk)   # b"" or "": what the source reads, even when it is empty
            break
        nul, newline = (b"\0", b"\n") if isinstance(chunk, bytes) else ("\0", "\n")
        if nul in chunk:
            raise ValueError(f"{name} is not a records file: it holds binary data (a NUL at {total + chunk.index(nul):,})")
        first, last = chunk.find(newline), chunk.rfind(newline)
        if run + (len(chunk) if first < 0 else first) > _MOST_LINE:
            raise ValueError(f"{name}, line {lines + 1}: longer than any record's line (over {_MOST_LINE:,} characters): "
                             "not a records file")
        run = run + len(chunk) if first < 0 else len(chunk) - last - 1
        lines += chunk.count(newline)
        total += len(chunk)
        if total > most:
            raise ValueError(f"{name} is over {most:,} bytes, more than this machine reads as records at once "
                             f"(half of its memory, at up to {_MEMORY_A_BYTE} bytes of memory a byte): split it")
        chunks.append(chunk)
    return chunks[0][:0].join(chunks)


def open_text(source: str | os.PathLike[str] | IO[str]) -> tuple[str, str]:
    """The text of a records file (a path or an open text file) and its name for messages; a
    ValueError for what cannot be records (binary data, text that is not UTF-8, a file too big for
    this machine, a line longer than a record's), an OSError (FileNotFoundError, IsADirectoryError,
    PermissionError) for a path that cannot be read."""
    if isinstance(source, (str, os.PathLike)):
        name = str(source)
        with open(source, "rb") as f:
            data = _bounded_read(f.read, name)
        assert isinstance(data, bytes)
        try:
            text = data.decode("utf-8-sig")
        except UnicodeDecodeError as e:
            line = data.count(b"\n", 0, e.start) + 1
            raise ValueError(f"{name}, line {line}: not UTF-8 text (byte {e.start}: {data[e.start:e.start + 1]!r}); records files "
                             "are UTF-8") from None
    elif isinstance(source, io.TextIOBase) or hasattr(source, "read"):
        name = getattr(source, "name", "<stream>")
        read = _bounded_read(source.read, name)
        if isinstance(read, bytes):
            raise TypeError("read_records reads text: open the file in text mode")
        text = read.removeprefix("\ufeff")
    else:
        raise TypeError(f"read_records takes a path or a text file, got {type(source).__name__}")
    return text, name


def unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """A JSON object whose keys are all different (json.loads would keep the last of a key given twice)."""
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise ValueError(short(f"the key {key!r} is given twice in an object", 120))
        out[key] = value
    return out


def short(message: str, most: int = 300) -> str:
    """A message of at most about ``most`` characters (a value quoted in it may be huge)."""
    return message if len(message) <= most else message[:most] + f"... ({len(message):,} characters)"


def write_atomically(path: str | os.PathLike[str], text: str) -> None:
    """Writes ``text`` to a file through a new file beside it renamed over it once complete and on
    disk: the path holds its old records or the new ones, never a part of them, whatever stops the
    write (Ctrl-C, a kill, a full disk). Not a regular file (a pipe, /dev/stdout): written in place."""
    target = os.path.realpath(path)
    if os.path.exists(target) and not os.path.isfile(target):
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)
        return
    folder = os.path.dirname(target)
    temporary = os.path.join(folder, f".{os.path.basename(target)}.{os.getpid()}.{secrets.token_hex(4)}.tmp")
    descriptor = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)   # the umask applies, as to open()
    try:
        with os.fdopen(descriptor, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        if os.path.exists(target):
            os.chmod(temporary, stat.S_IMODE(os.stat(target).st_mode))   # the file keeps its permissions
        os.replace(temporary, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise
    with contextlib.suppress(OSError):   # the rename on disk too (where the system lets a folder be synced)
        folder_descriptor = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(folder_descriptor)
        finally:
            os.close(folder_descriptor)
