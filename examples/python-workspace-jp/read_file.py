"""`read_file` of spec 002 (the workspace toolkit's file reader), in Python with the standard library only.

`read_file(root, arguments)` returns exactly the JSON object a model receives: a window of at most 500
lines (200 by default) of one UTF-8 text file inside the workspace, or `{"error": {"code", "message"}}`.
It never raises for anything the arguments or the file system do.

The path is resolved by the kernel (an `O_PATH` descriptor and `/proc/self/fd`), so symlinks and `..`
after them land where the kernel says; anything outside the root is refused before a byte is read; the
file is opened with `O_NOFOLLOW | O_NONBLOCK` and must be the very file that was checked (same device and
inode), so a swap between the check and the open is refused; FIFOs, sockets and devices are refused on
`fstat`, never opened for reading; at most 1 MiB + 1 bytes are ever read. Linux only (`O_PATH`, `/proc`).
"""

from __future__ import annotations

import errno
import os
import re
import stat

SIZE_LIMIT_BYTES = 1_048_576
SNIFF_BYTES = 8192
DEFAULT_MAX_LINES = 200
MAX_MAX_LINES = 500
MAX_START_LINE = 2**53 - 1
MAX_PATH_LENGTH = 4096

# Control, bidi-formatting and line-separator characters: refused in a path, escaped when echoed.
UNSAFE = re.compile("[\x00-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]")

ARGUMENTS = ("path", "start_line", "max_lines")


class ReadFileError(Exception):
    """A refusal: one of the spec's codes (or OUTSIDE_WORKSPACE) and a message naming the path and why."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


def read_file(root: str, arguments: object) -> dict:
    """Reads the window `arguments` asks for from the workspace at `root`; see the module's docstring."""
    try:
        path, start_line, max_lines = parse_arguments(arguments)
        return read_window(os.path.realpath(root), path, start_line, max_lines)
    except ReadFileError as error:
        return {"error": {"code": error.code, "message": error.message}}
    except Exception as error:  # a bug must still be an answer, not a crash
        return {"error": {"code": "INTERNAL", "message": f"Cannot read: unexpected error: {error}."}}


def quote(text: str) -> str:
    """`text` in double quotes, backslashes and quotes escaped, unsafe characters shown as escapes."""
    escaped = text.replace("\\", "\\\\").replace('"', '\\"')

    def visible(match: re.Match) -> str:
        char = match.group(0)
        named = {"\n": "\\n", "\r": "\\r", "\t": "\\t"}
        if char in named:
            return named[char]
        code = ord(char)
        return f"\\x{code:02x}" if code <= 0xFF else f"\\u{code:04x}"

    return f'"{UNSAFE.sub(visible, escaped)}"'


def describe(value: object) -> str:
    """How a wrong argument is named in a message."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return str(int(value)) if isinstance(value, float) and value.is_integer() else str(value)
    if isinstance(value, str):
        return "the string " + quote(value if len(value) <= 40 else value[:40] + "...")
    if value is None:
        return "null"
    return "an array" if isinstance(value, list) else "an object"


def whole_number(value: object, low: int, high: int) -> bool:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return False
    return float(value).is_integer() and low <= value <= high


def parse_arguments(arguments: object) -> tuple[str, int, int]:
    """Validates the arguments, `path` first; nothing is clamped or coerced."""
    if not isinstance(arguments, dict):
        raise ReadFileError("INVALID_ARGUMENT", f'Cannot read: the arguments must be an object with a "path" string, got {describe(arguments)}.')
    if "path" not in arguments:
        raise ReadFileError("INVALID_ARGUMENT", 'Cannot read: the "path" argument is required.')
    path = arguments["path"]
    if not isinstance(path, str):
        kind = "null" if path is None else "an array" if isinstance(path, list) else "an object" if isinstance(path, dict) else "a boolean" if isinstance(path, bool) else "a number"
        raise ReadFileError("INVALID_ARGUMENT", f"Cannot read: the path must be a string, got {kind}.")
    if path.strip() == "":
        raise ReadFileError("INVALID_ARGUMENT", f"Cannot read {quote(path)}: the path must not be empty.")
    if len(path) > MAX_PATH_LENGTH:
        raise ReadFileError("INVALID_ARGUMENT", f"Cannot read: the path is {len(path)} characters long; at most {MAX_PATH_LENGTH} are accepted.")
    unsafe = UNSAFE.search(path)
    if unsafe:
        raise ReadFileError("INVALID_ARGUMENT", f"Cannot read: the path contains a control character (U+{ord(unsafe.group(0)):04X}).")
    reasons = []
    start_line = arguments.get("start_line", 1)
    if not whole_number(start_line, 1, MAX_START_LINE):
        reasons.append(f"start_line must be an integer from 1 to {MAX_START_LINE}, got {describe(start_line)}")
    max_lines = arguments.get("max_lines", DEFAULT_MAX_LINES)
    if not whole_number(max_lines, 1, MAX_MAX_LINES):
        reasons.append(f"max_lines must be an integer from 1 to {MAX_MAX_LINES}, got {describe(max_lines)}")
    unknown = [key for key in arguments if key not in ARGUMENTS]
    if unknown:
        names = ", ".join(quote(key) for key in unknown)
        reasons.append(f"unknown argument{'' if len(unknown) == 1 else 's'} {names} (read_file takes path, start_line and max_lines)")
    if reasons:
        raise ReadFileError("INVALID_ARGUMENT", f"Cannot read {quote(path)}: {'; '.join(reasons)}.")
    return path, int(start_line), int(max_lines)


def inside(root: str, target: str) -> bool:
    """Whether `target` is `root` or lies under it, decided on path components."""
    return target == root or target.startswith(root.rstrip("/") + "/")


def read_window(root: str, path: str, start_line: int, max_lines: int) -> dict:
    """The read flow of spec 002 §5: resolve, check the kind, the size and the leading bytes, then read."""
    subject = f"Cannot read {quote(path)}"
    raw = path if os.path.isabs(path) else os.path.join(root, path)
    try:
        located = os.open(raw, os.O_PATH | os.O_CLOEXEC)
    except (OSError, UnicodeEncodeError) as error:
        raise unresolvable(root, raw, subject, error) from None
    try:
        resolved = os.readlink(f"/proc/self/fd/{located}")
        if not inside(root, resolved):
            raise ReadFileError("OUTSIDE_WORKSPACE", f"{subject}: it resolves outside the workspace root; only files inside the workspace can be read.")
        checked = os.fstat(located)
    finally:
        os.close(located)
    if stat.S_ISDIR(checked.st_mode):
        raise ReadFileError("NOT_FILE", f"{subject}: it is a directory, not a file.")
    if not stat.S_ISREG(checked.st_mode):
        raise ReadFileError("NOT_FILE", f"{subject}: it is a special file ({special_kind(checked.st_mode)}), not a regular file.")
    try:
        fd = os.open(resolved, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC)
    except OSError as error:
        raise os_failure(subject, error) from None
    try:
        opened = os.fstat(fd)
        if (opened.st_dev, opened.st_ino) != (checked.st_dev, checked.st_ino) or os.readlink(f"/proc/self/fd/{fd}") != resolved:
            raise ReadFileError("INTERNAL", f"{subject}: unexpected error: the file changed between the check and the open.")
        if opened.st_size > SIZE_LIMIT_BYTES:
            raise ReadFileError("SIZE_LIMIT_EXCEEDED", f"{subject}: the file is {opened.st_size} bytes, over the limit of {SIZE_LIMIT_BYTES} bytes (1 MiB).")
        data = read_at_most(fd, SIZE_LIMIT_BYTES + 1)
    except OSError as error:
        raise os_failure(subject, error) from None
    finally:
        os.close(fd)
    if len(data) > SIZE_LIMIT_BYTES:
        raise ReadFileError("SIZE_LIMIT_EXCEEDED", f"{subject}: the file grew past the limit of {SIZE_LIMIT_BYTES} bytes (1 MiB) while it was read.")
    if b"\x00" in data[:SNIFF_BYTES]:
        raise ReadFileError("BINARY_NOT_SUPPORTED", f"{subject}: the file looks binary (a NUL byte within its first {SNIFF_BYTES} bytes); binary files are not supported.")
    lines = split_lines(data.decode("utf-8", "replace"))
    window = lines[start_line - 1 : start_line - 1 + max_lines]
    truncated = start_line - 1 + len(window) < len(lines)
    return {
        "path": os.path.relpath(resolved, root),
        "content": "".join(window),
        "truncated": truncated,
        "next_start_line": start_line + len(window) if truncated else None,
        "meta": {
            "byte_length": opened.st_size,
            "line_count": len(lines),
            "returned_line_count": len(window),
            "mtime_ms": opened.st_mtime_ns // 1_000_000,
        },
    }


def read_at_most(fd: int, limit: int) -> bytes:
    """Reads until end of file or `limit` bytes, whatever the file's size says (`/proc` files say 0)."""
    chunks = []
    total = 0
    while total < limit:
        chunk = os.read(fd, min(65536, limit - total))
        if not chunk:
            break
        chunks.append(chunk)
        total += len(chunk)
    return b"".join(chunks)


def split_lines(text: str) -> list[str]:
    """Lines with their terminator folded to `\\n` (a CRLF is one terminator; a lone CR is a character).
    The last line keeps no terminator when the file has none; a final newline adds no empty line."""
    lines = []
    start = 0
    while start < len(text):
        newline = text.find("\n", start)
        if newline == -1:
            lines.append(text[start:])
            break
        end = newline - 1 if newline > start and text[newline - 1] == "\r" else newline
        lines.append(text[start:end] + "\n")
        start = newline + 1
    return lines


def special_kind(mode: int) -> str:
    if stat.S_ISFIFO(mode):
        return "fifo"
    if stat.S_ISSOCK(mode):
        return "socket"
    if stat.S_ISCHR(mode):
        return "character device"
    if stat.S_ISBLK(mode):
        return "block device"
    return "unknown kind"


def unresolvable(root: str, raw: str, subject: str, error: Exception) -> ReadFileError:
    """Why a path cannot be resolved: where it would land decides first (outside reveals nothing)."""
    try:
        landing = os.path.realpath(raw)
    except (OSError, ValueError, UnicodeEncodeError):
        landing = None
    if landing is not None and not inside(root, landing):
        return ReadFileError("OUTSIDE_WORKSPACE", f"{subject}: it resolves outside the workspace root; only files inside the workspace can be read.")
    if isinstance(error, UnicodeEncodeError):
        return ReadFileError("NOT_FOUND", f"{subject}: no such file in the workspace.")
    if error.errno == errno.ENOENT:
        if os.path.islink(raw):
            return ReadFileError("NOT_FOUND", f"{subject}: it is a symlink whose target does not exist.")
        return ReadFileError("NOT_FOUND", f"{subject}: no such file in the workspace.")
    if error.errno == errno.ENOTDIR:
        return ReadFileError("NOT_FOUND", f"{subject}: a parent of it is a file, not a directory.")
    if error.errno == errno.ELOOP:
        return ReadFileError("NOT_FOUND", f"{subject}: it runs into a symlink loop, so it names no file.")
    return os_failure(subject, error)


def os_failure(subject: str, error: OSError) -> ReadFileError:
    """Any other operating-system error: INTERNAL with its reason (this example names no more of them)."""
    name = errno.errorcode.get(error.errno or 0, "an I/O error")
    return ReadFileError("INTERNAL", f"{subject}: unexpected error ({name}): {error.strerror or 'the file could not be read'}.")
