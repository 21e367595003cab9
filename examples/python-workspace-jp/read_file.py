"""`read_file` of spec 002 (the workspace toolkit's file reader), in Python with the standard library only.

`read_file(root, arguments)` returns exactly the JSON object a model receives: a window of at most 500
lines (200 by default) of one UTF-8 text file inside the workspace, or `{"error": {"code", "message"}}`.
It never raises for anything the arguments or the file system do.

It behaves as the reference toolkit (agent-tools-ts) does: every `\\` in the path is read as `/`, the
path is cleaned lexically (`f.txt/` and `missing/../f.txt` name `f.txt`), and a symlink as the last
component is refused (`NOT_FILE`) wherever it points. Then, to stay safe: the directories on the way are
resolved by the kernel (an `O_PATH` descriptor and `/proc/self/fd`), and anything that lands outside the
root is refused before a byte is read; the entry is checked with `lstat` (kind, then size), so FIFOs,
sockets and devices are never opened; the file is opened with `O_NOFOLLOW | O_NONBLOCK` and must be the
very entry that was checked (same device and inode), so a swap in between is refused; at most 1 MiB + 1
bytes are ever read. Linux only (`O_PATH`, `/proc`).
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
MAX_PATH_LENGTH = 4096  # in UTF-16 code units, as the reference counts a string's length
OUTSIDE = "it resolves outside the workspace root; only files inside the workspace can be read"

# Control, bidi-formatting and line-separator characters: escaped wherever a path is echoed.
UNSAFE = re.compile("[\x00-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]")


class ReadFileError(Exception):
    """A refusal: one of the spec's codes (or OUTSIDE_WORKSPACE) and a message naming the path and why."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


def read_file(root: str, arguments: object) -> dict:
    """Reads the window `arguments` asks for from the workspace at `root`; see the module's docstring."""
    try:
        root = os.path.realpath(root)
        path, start_line, max_lines, wrong_window = parse_arguments(arguments)
        if wrong_window is not None:
            sandbox(root, path)  # the sandbox answers first (§7): an outside path is refused as such
            raise wrong_window
        return read_window(root, path, start_line, max_lines)
    except ReadFileError as error:
        return {"error": {"code": error.code, "message": error.message}}
    except Exception as error:  # a bug must still be an answer, not a crash
        return {"error": {"code": "INTERNAL", "message": f"Cannot read: unexpected error: {error}."}}


def quote(text: str, mark: str = '"') -> str:
    """`text` between `mark`s, backslashes and the mark escaped, unsafe characters shown as escapes."""
    escaped = text.replace("\\", "\\\\").replace(mark, "\\" + mark)

    def visible(match: re.Match) -> str:
        char = match.group(0)
        named = {"\n": "\\n", "\r": "\\r", "\t": "\\t"}
        if char in named:
            return named[char]
        code = ord(char)
        return f"\\x{code:02x}" if code <= 0xFF else f"\\u{code:04x}"

    return f"{mark}{UNSAFE.sub(visible, escaped)}{mark}"


def describe(value: object) -> str:
    """How a wrong argument is named in a message (numbers as JavaScript writes them)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float) and value.is_integer() and abs(value) < 1e21:
        return str(int(value))
    if isinstance(value, (int, float)):
        return str(value)
    if isinstance(value, str):
        return "the string " + quote(value if len(value) <= 40 else value[:40] + "...")
    if value is None:
        return "null"
    return "an array" if isinstance(value, list) else "an object"


def whole_number(value: object, low: int, high: float) -> bool:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return False
    return float(value).is_integer() and low <= value <= high


def parse_arguments(arguments: object) -> tuple[str, int, int, ReadFileError | None]:
    """The path (`\\` read as `/`), the window, and the error its arguments earn, if any. A path that is
    no usable string is refused at once; a wrong window is returned, so that the sandbox can answer first.
    `null` means the default; other keys are ignored; nothing is clamped or coerced."""
    if not isinstance(arguments, dict):
        raise ReadFileError("INVALID_ARGUMENT", f'args must be an object with a "path" string, got {describe(arguments)}.')
    if "path" not in arguments:
        raise ReadFileError("INVALID_ARGUMENT", 'path must be a non-empty string; the "path" argument is missing.')
    path = arguments["path"]
    if path == "":
        raise ReadFileError("INVALID_ARGUMENT", "path must be a non-empty string, got an empty string.")
    if not isinstance(path, str):
        raise ReadFileError("INVALID_ARGUMENT", f"path must be a non-empty string, got {describe(path)}.")
    length = len(path.encode("utf-16-le", "surrogatepass")) // 2
    if length > MAX_PATH_LENGTH:
        raise ReadFileError("INVALID_ARGUMENT", f"Cannot read: the path is {length} characters long; at most {MAX_PATH_LENGTH} are accepted.")
    if "\x00" in path:
        raise ReadFileError("INVALID_ARGUMENT", f"Cannot read: the path {quote(path, chr(39))} contains a NUL byte, which no file name holds.")
    path = path.replace("\\", "/")
    start_line = arguments.get("start_line")
    max_lines = arguments.get("max_lines")
    start_line = 1 if start_line is None else start_line
    max_lines = DEFAULT_MAX_LINES if max_lines is None else max_lines
    reasons = []
    if not whole_number(start_line, 1, float("inf")):
        reasons.append(f"start_line must be an integer >= 1, got {describe(start_line)}")
    if not whole_number(max_lines, 1, MAX_MAX_LINES):
        reasons.append(f"max_lines must be an integer between 1 and {MAX_MAX_LINES}, got {describe(max_lines)}")
    if reasons:
        return path, 0, 0, ReadFileError("INVALID_ARGUMENT", f"{'; '.join(reasons)} (path {quote(path)}).")
    return path, int(start_line), int(max_lines), None


def inside(root: str, target: str) -> bool:
    """Whether `target` is `root` or lies under it, decided on path components."""
    return target == root or target.startswith(root.rstrip("/") + "/")


def for_os(path: str) -> str:
    """`path` as the file system is asked for it: a lone surrogate (no UTF-8 has one) becomes U+FFFD."""
    return path.encode("utf-16-le", "surrogatepass").decode("utf-16-le", "replace")


def cleaned(root: str, path: str) -> str:
    """The absolute path the spelling names, cleaned by the string alone (as Node's `path.resolve`)."""
    target = os.path.normpath(os.path.join(root, for_os(path)))
    return "/" + target.lstrip("/")  # POSIX keeps a leading `//`; `path.resolve` does not


def locate(root: str, path: str) -> tuple[int, str, str, os.stat_result]:
    """The entry `path` names: a descriptor of its directory (the caller closes it), its name there, its
    absolute path and its `lstat`. The directories on the way are resolved by the kernel (symlinked ones
    followed) and pinned by that descriptor, so swapping one for a symlink afterwards changes nothing; the
    last component is not followed: a symlink there is `NOT_FILE`. Whatever lands outside the root is
    `OUTSIDE_WORKSPACE`, and nothing of what lies there is revealed."""
    subject = f"Cannot read {quote(path)}"
    target = cleaned(root, path)
    parent, name = os.path.split(target) if target != "/" else ("/", ".")
    try:
        directory = os.open(parent, os.O_PATH | os.O_DIRECTORY | os.O_CLOEXEC)
    except OSError as error:
        raise unresolvable(root, target, path, error) from None
    try:
        entry = os.path.normpath(os.path.join(os.readlink(f"/proc/self/fd/{directory}"), name))
        if not inside(root, entry):
            raise ReadFileError("OUTSIDE_WORKSPACE", f"{subject}: {OUTSIDE}.")
        try:
            checked = os.stat(name, dir_fd=directory, follow_symlinks=False)
        except OSError as error:
            raise os_failure(subject, path, error) from None
        if stat.S_ISLNK(checked.st_mode):
            raise ReadFileError("NOT_FILE", f"{subject}: it is a symlink, not a regular file (links are not followed).")
    except BaseException:
        os.close(directory)
        raise
    return directory, name, entry, checked


def sandbox(root: str, path: str) -> None:
    """Raises `OUTSIDE_WORKSPACE` when `path` lands outside the root; any other refusal is left to the read."""
    try:
        os.close(locate(root, path)[0])
    except ReadFileError as error:
        if error.code == "OUTSIDE_WORKSPACE":
            raise


def read_window(root: str, path: str, start_line: int, max_lines: int) -> dict:
    """The read flow of spec 002 §5: locate and `lstat` the entry, check its kind, its size and its
    leading bytes, then read the text and build the window."""
    subject = f"Cannot read {quote(path)}"
    directory, name, entry, checked = locate(root, path)
    try:
        if stat.S_ISDIR(checked.st_mode):
            raise ReadFileError("NOT_FILE", f"{subject}: it is a directory, not a file.")
        if not stat.S_ISREG(checked.st_mode):
            raise ReadFileError("NOT_FILE", f"{subject}: it is a special file ({special_kind(checked.st_mode)}), not a regular file.")
        if checked.st_size > SIZE_LIMIT_BYTES:
            raise ReadFileError("SIZE_LIMIT_EXCEEDED", f"{subject}: the file is {checked.st_size} bytes, over the limit of {SIZE_LIMIT_BYTES} bytes (1 MiB).")
        opened, data = read_entry(directory, name, entry, checked, subject, path)
    finally:
        os.close(directory)
    if b"\x00" in data[:SNIFF_BYTES]:
        raise ReadFileError("BINARY_NOT_SUPPORTED", f"{subject}: the file looks binary (a NUL byte within its first {SNIFF_BYTES} bytes); binary files are not supported.")
    lines = split_lines(data.decode("utf-8", "replace"))
    window = lines[start_line - 1 : start_line - 1 + max_lines] if start_line <= len(lines) else []
    truncated = start_line - 1 + len(window) < len(lines) if window else False
    lexical = cleaned(root, path)
    return {
        "path": os.path.relpath(lexical if inside(root, lexical) else entry, root),
        "content": "\n".join(window),
        "truncated": truncated,
        "next_start_line": start_line + len(window) if truncated else None,
        "meta": {
            "byte_length": len(data),
            "line_count": len(lines),
            "returned_line_count": len(window),
            "mtime_ms": milliseconds(opened.st_mtime_ns),
        },
    }


def read_entry(directory: int, name: str, entry: str, checked: os.stat_result, subject: str, path: str) -> tuple[os.stat_result, bytes]:
    """Opens `name` in the pinned `directory` without following a link or blocking, checks it is still the
    regular file at `entry` that was `checked`, and reads at most 1 MiB + 1 bytes of it."""
    try:
        fd = os.open(name, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_NOCTTY | os.O_CLOEXEC, dir_fd=directory)
    except OSError as error:
        raise os_failure(subject, path, error) from None
    try:
        opened = os.fstat(fd)
        same = stat.S_ISREG(opened.st_mode) and (opened.st_dev, opened.st_ino) == (checked.st_dev, checked.st_ino)
        if not same or os.readlink(f"/proc/self/fd/{fd}") != entry:
            raise ReadFileError("INTERNAL", f"{subject}: unexpected error (CHANGED_DURING_READ): the path {quote(path, chr(39))} changed while it was being opened (the opened file is not the entry that was stat'ed). Retry the read.")
        if opened.st_size > SIZE_LIMIT_BYTES:
            raise ReadFileError("SIZE_LIMIT_EXCEEDED", f"{subject}: the file is {opened.st_size} bytes, over the limit of {SIZE_LIMIT_BYTES} bytes (1 MiB).")
        data = read_at_most(fd, SIZE_LIMIT_BYTES + 1)
    except OSError as error:
        raise os_failure(subject, path, error) from None
    finally:
        os.close(fd)
    if len(data) > SIZE_LIMIT_BYTES:
        raise ReadFileError("SIZE_LIMIT_EXCEEDED", f"{subject}: the file grew past the limit of {SIZE_LIMIT_BYTES} bytes (1 MiB) while it was read.")
    return opened, data


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
    """The reference's line model: one leading BOM dropped, CRLF folded to LF, split on LF. A final newline
    therefore starts a last, empty line (`"a\\nb\\n"` is 3 lines, `"\\n"` 2, `""` none), and a lone CR is
    an ordinary character (`"a\\r\\r\\n"` is `"a\\r"` and `""`)."""
    text = text[1:] if text.startswith("\ufeff") else text
    return text.replace("\r\n", "\n").split("\n") if text else []


def milliseconds(mtime_ns: int) -> int | float:
    """`stat.mtimeMs` as Node computes it (seconds * 1000 + nanoseconds / 1e6), fraction kept."""
    seconds, nanoseconds = divmod(mtime_ns, 1_000_000_000)
    value = seconds * 1000 + nanoseconds / 1e6
    return int(value) if value.is_integer() else value


def special_kind(mode: int) -> str:
    if stat.S_ISFIFO(mode):
        return "fifo"
    if stat.S_ISSOCK(mode):
        return "socket"
    if stat.S_ISCHR(mode):
        return "character device"
    if stat.S_ISBLK(mode):
        return "block device"
    return "unknown"


def unresolvable(root: str, target: str, path: str, error: OSError) -> ReadFileError:
    """Why the directories of a path cannot be resolved: where it would land decides first (outside
    reveals nothing), then the OS error."""
    subject = f"Cannot read {quote(path)}"
    try:
        landing = os.path.realpath(target)
    except (OSError, ValueError):
        landing = None
    if landing is not None and not inside(root, landing):
        return ReadFileError("OUTSIDE_WORKSPACE", f"{subject}: {OUTSIDE}.")
    return os_failure(subject, path, error)


def os_failure(subject: str, path: str, error: OSError) -> ReadFileError:
    """An operating-system error: a missing file or parent is NOT_FOUND; anything else (a loop among the
    directories, a name too long, access refused, an I/O error) is INTERNAL with its reason."""
    code = error.errno
    if code == errno.ENOENT:
        return ReadFileError("NOT_FOUND", f"{subject}: no such file in the workspace.")
    if code == errno.ENOTDIR:
        return ReadFileError("NOT_FOUND", f"{subject}: a parent of it is a file, not a directory.")
    if code == errno.ELOOP:
        return ReadFileError("INTERNAL", f"{subject}: it runs into a symlink loop, so it names no file.")
    if code == errno.ENAMETOOLONG:
        return ReadFileError("INTERNAL", f"{subject}: the path is too long for the file system.")
    spelt = quote(path, "'")
    if code in (errno.EACCES, errno.EPERM):
        return ReadFileError("INTERNAL", f"{subject}: unexpected error (PERMISSION_DENIED): the path {spelt} cannot be accessed: permission denied by the operating system.")
    if code in (errno.EMFILE, errno.ENFILE):
        return ReadFileError("INTERNAL", f"{subject}: unexpected error (TOO_MANY_OPEN_FILES): the path {spelt} cannot be opened now: too many open files. Retry later.")
    name = errno.errorcode.get(code or 0, "EIO")
    return ReadFileError("INTERNAL", f"{subject}: unexpected error (IO_ERROR): the path {spelt} could not be read ({name}).")
