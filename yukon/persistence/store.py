"""Atomic JSON files in one directory, and what happens when they are bad.

Every file is a JSON object with ``"version": FORMAT_VERSION``. Nothing is
ever pickled or evaluated: a file is data, whoever wrote it.

Policy, in one place so that every file behaves the same:

* A missing file means "first run": the caller uses defaults, no notice.
* A file that cannot be understood (empty, truncated, not JSON, wrong types,
  out-of-range values, another format version) is *set aside*: renamed to
  ``NAME.bad`` beside it, or ``NAME.bad.1``, ``NAME.bad.2``… when that name
  is taken, so an earlier bad file is never overwritten. The caller falls
  back to defaults and the store adds a one-line notice for the player.
* Writing goes to a temporary file in the same directory, which is flushed,
  fsynced and then ``os.replace``d over the real name, so a crash leaves
  either the old or the new file, never half of one. A failed write removes
  its temporary file, never raises, and adds one notice
  ("Cannot save to DIR: reason — you can keep playing.") until a later
  write succeeds.

* Only regular files are read: a FIFO or a device in a file's place is
  set aside like a damaged file, without waiting on it (a folder there
  cannot be read, and is left alone like an unreadable file).
* A symlinked file is written through the link: its target is replaced
  atomically and the link stays. Nothing but a regular file (or a new
  name) is ever replaced, and nothing is created through a link to a
  missing file (``write_atomic``).
* A file rewritten keeps its mode (a player's ``chmod 600`` holds); a new
  one gets ``FILE_MODE`` less the umask, like ``yukon.lock`` and
  ``yukon.log`` (see ``own_files``).
* Keys a file holds that this version does not know (a newer version's)
  are kept when the file is rewritten (``unknown_keys``).
* Only one running copy of the game writes a directory (``Store.claim``);
  a second one plays on read-only and says so. The lock is checked before
  every write: a copy whose lock file (or folder) was deleted claims it
  again, or turns read-only if another copy took it meanwhile.
* A home folder that cannot be used (empty, relative, missing) means no
  data folder at all: nothing is read or written, and one notice says so.
* Every path in a notice is made printable first (``printable``): a folder
  name that is not valid UTF-8 must not break the text that shows it.

Notices are collected in ``Store.notices``; the UI shows and clears them
with ``take_notices()`` after loading and after saving.
"""

from __future__ import annotations

import contextlib
import errno
import json
import logging
import os
import stat
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any, BinaryIO, TypeVar

from yukon.persistence import notices
from yukon.persistence.lock import LOCK_NAME, DirectoryLock, HeldByAnother
from yukon.persistence.notices import ANOTHER_COPY
from yukon.persistence.own_files import FILE_MODE, free_bad_name
from yukon.persistence.paths import HOME_VARIABLE, adopt_older_files, data_dir, unusable_home
from yukon.safe_text import safe_json, safe_text

FORMAT_VERSION = 1
# Larger than any file Yukon writes by far; reading stops here so that a
# stray huge file cannot stall the start of the game.
MAX_FILE_BYTES = 4 * 1024 * 1024
_TEMP_SUFFIX = ".tmp"
Consequence = str | tuple[str, dict[str, object]]  # a catalogue sentence, with values

log = logging.getLogger(__name__)

T = TypeVar("T")


class CorruptFile(ValueError):
    """A file's content cannot be trusted; the message says why (for the log)."""

    def __init__(self, reason: str, *, newer: bool = False) -> None:
        super().__init__(reason)
        self.newer = newer


class NotARegularFile(OSError):
    """A path to be written holds a device, FIFO or folder, never replaced."""


class Store:
    """One data directory plus the notices its files produced.

    ``directory`` defaults to ``data_dir()``. The store never raises for
    file-system trouble; it returns ``None``/``False`` and adds a notice.
    """

    def __init__(self, directory: Path | str | None = None) -> None:
        self.directory = Path(directory) if directory is not None else data_dir()
        # The player's own folder may still hold an earlier version's files.
        self._adopt_older = directory is None and not os.environ.get(HOME_VARIABLE)
        # A home folder that cannot be used: no data folder at all.
        self.unusable_home = unusable_home() if directory is None else None
        self.notices: list[str] = []
        self._write_problem_reported = False
        # Bad files that could not be moved aside must not be overwritten.
        self._protected: set[str] = set()
        # Another running copy of the game owns the directory (see ``claim``).
        self.read_only = False
        self._lock: DirectoryLock | None = None
        if self.unusable_home is not None:
            log.warning("no usable home folder (%r): nothing is saved", self.unusable_home)
            self.notify(notices.no_home(printable(self.unusable_home)))

    @property
    def usable(self) -> bool:
        """Whether there is a data folder at all (see ``unusable_home``)."""
        return self.unusable_home is None

    def path(self, name: str) -> Path:
        return self.directory / name

    def claim(self) -> bool:
        """Become the one running copy of the game that writes here.

        Two copies would each save their own view, the last to quit
        overwriting the other's game and statistics. The claim is an
        exclusive lock on ``yukon.lock``, held until ``release`` or the end
        of the process (the system drops it even if the process is killed),
        and checked again before every write. If another copy holds it, the
        store turns read-only, says so, and returns False. Where no lock
        can be taken at all (the directory cannot be made, a file system
        without locks) it writes as before.
        """
        if self._lock is not None or not self.usable:
            return True  # claimed already, or nowhere to write
        if self._adopt_older:
            adopt_older_files(self.directory, keep=frozenset({LOCK_NAME}))
        return self._take_lock()

    def _take_lock(self) -> bool:
        lock = DirectoryLock(self.directory)
        try:
            lock.acquire()
        except HeldByAnother:
            self.read_only = True
            self.notify(ANOTHER_COPY)
            return False
        except OSError as error:
            log.warning("cannot lock %s: %s", lock.path, error)
            return True
        finally:
            for kept in lock.set_aside:
                log.warning("%s was not a regular file: kept as %s", lock.path, kept.name)
        self._lock = lock
        return True

    def _may_write(self) -> bool:
        """Whether this copy is still the one that writes here: its lock file
        may have been deleted (or the folder with it) and perhaps taken by
        another copy since."""
        if self.read_only or not self.usable:
            return False
        if self._lock is None or self._lock.held():
            return True
        log.warning("%s was removed or replaced: claiming the folder again", self._lock.path)
        self._lock.release()
        self._lock = None
        return self._take_lock()

    def release(self) -> None:
        """Let another copy of the game claim the directory (see ``claim``)."""
        if self._lock is not None:
            self._lock.release()
            self._lock = None

    def take_notices(self) -> list[str]:
        """The notices not yet shown, oldest first; the list is then emptied."""
        notices, self.notices = self.notices, []
        return notices

    def notify(self, text: str) -> None:
        if text not in self.notices:
            self.notices.append(text)

    # ----------------------------------------------------------- reading

    def load(
        self,
        name: str,
        what: str,
        consequence: Consequence,
        parse: Callable[[dict[str, Any]], T],
        limit: int = MAX_FILE_BYTES,
    ) -> T | None:
        """Read ``name`` and hand its JSON object (version checked) to ``parse``.

        Returns ``None`` when the file is missing, unreadable or bad; a bad
        file is set aside with a notice built from ``what`` ("statistics
        file") and ``consequence`` ("New statistics were started."). ``parse``
        signals bad content by raising ``CorruptFile``. A file larger than
        ``limit`` bytes is bad.
        """
        if not self.usable:
            return None
        self._remove_stale_temps(name)
        data = self.read_json(name, what, limit)
        if data is None:
            return None
        try:
            if isinstance(data, CorruptFile):
                raise data
            return parse(data)
        except CorruptFile as problem:
            self.set_aside(name, what, consequence, problem)
            return None

    def read_json(
        self, name: str, what: str, limit: int = MAX_FILE_BYTES
    ) -> dict[str, Any] | CorruptFile | None:
        """The file's object with a valid version, a ``CorruptFile`` describing
        why not, or ``None`` if there is no file (or it cannot be read)."""
        path = self.path(name)
        try:
            raw = read_regular_file(path, limit + 1)
        except (FileNotFoundError, NotADirectoryError):  # no such file: a first run
            return None
        except NotARegularFile as error:
            return CorruptFile(error.strerror or "not a regular file")
        except OSError as error:
            # Perhaps a good file: never written over (nor lost) this run.
            log.warning("cannot read %s: %s", path, error)
            self._protected.add(name)
            self.notify(notices.unreadable(what, _reason(error), name))
            return None
        if len(raw) > limit:
            return CorruptFile(f"larger than {limit} bytes")
        try:
            # utf-8-sig: a byte-order mark (some editors add one) is not damage.
            data = json.loads(raw.decode("utf-8-sig"), parse_constant=_reject_constant)
            # A lone surrogate ("\udcff") is valid JSON but cannot be written
            # back: every string, keys and unknown fields too, made safe here.
            data = safe_json(data)
        except (ValueError, RecursionError) as error:  # JSONDecodeError, UnicodeDecodeError
            return CorruptFile(f"not valid JSON: {error}")
        if not isinstance(data, dict):
            return CorruptFile(f"a JSON {type(data).__name__}, not an object")
        version = data.get("version")
        if type(version) is not int:
            return CorruptFile(f"version {version!r} is not a whole number")
        if version != FORMAT_VERSION:
            return CorruptFile(
                f"format version {version}, not {FORMAT_VERSION}", newer=version > FORMAT_VERSION
            )
        return data

    def set_aside(
        self, name: str, what: str, consequence: Consequence, problem: CorruptFile
    ) -> None:
        """Rename a bad file to a free ``.bad`` name and tell the player."""
        path = self.path(name)
        log.warning("%s is bad: %s", path, problem)
        then = (consequence, {}) if isinstance(consequence, str) else consequence
        if self.read_only:  # the copy that owns the directory deals with it
            self._protected.add(name)
            self.notify(notices.bad_file(what, problem.newer, then))
            return
        try:
            kept = free_bad_name(path)
            os.replace(path, kept)
        except OSError as error:
            self._protected.add(name)
            not_moved = notices.not_set_aside(_reason(error), name)
            self.notify(notices.bad_file(what, problem.newer, *not_moved, then))
            return
        self.notify(notices.bad_file(what, problem.newer, notices.kept_as(kept.name), then))

    # ----------------------------------------------------------- writing

    def save(self, name: str, payload: dict[str, Any], indent: int | None = 1) -> bool:
        """Write ``payload`` (the version is added) atomically; ``False`` on failure.

        ``indent=None`` writes one line, for files nobody reads by hand. A
        file that holds these very bytes already is left as it is: a game
        quit as it was started waits for no disk (reading a few kilobytes
        takes microseconds, a write and its syncs milliseconds).
        """
        if name in self._protected or not self._may_write():
            return False
        data = {"version": FORMAT_VERSION, **payload}
        try:
            text = json.dumps(data, ensure_ascii=False, indent=indent, allow_nan=False)
        except ValueError as error:  # NaN/inf slipped in: refuse rather than write garbage
            log.error("refusing to write %s: %s", name, error)
            return False
        try:
            self.directory.mkdir(parents=True, exist_ok=True)
            # What was read is safe already; text from elsewhere may not be.
            content = (safe_text(text) + "\n").encode("utf-8")
            if _holds(self.path(name), content):
                return True
            write_atomic(self.path(name), content, through_dangling_link=False)
        except OSError as error:
            log.warning("cannot save %s: %s", self.path(name), error)
            if not self._write_problem_reported:
                self._write_problem_reported = True
                self.notify(notices.cannot_save(printable(self.directory), _reason(error)))
            return False
        self._write_problem_reported = False
        return True

    def remove(self, name: str) -> bool:
        """Delete a file Yukon itself wrote (e.g. the saved game once won)."""
        if name in self._protected or not self._may_write():
            return False
        try:
            self.path(name).unlink(missing_ok=True)
        except OSError as error:
            log.warning("cannot remove %s: %s", self.path(name), error)
            return False
        return True

    def _remove_stale_temps(self, name: str) -> None:
        """Temporary files left by a crash mid-save are useless: the real file
        is intact by construction (but not another running copy's)."""
        if self.read_only:
            return
        with contextlib.suppress(OSError):
            for stale in self.directory.glob(f".{name}.*{_TEMP_SUFFIX}"):
                with contextlib.suppress(OSError):
                    stale.unlink()


def unknown_keys(data: dict[str, Any], known: Iterable[str]) -> dict[str, Any]:
    """The keys of a file's object that this version does not use (a newer
    version's), to be written back unchanged: an older Yukon must not drop
    what a newer one saved. ``version`` is the store's own.

    >>> unknown_keys({"version": 1, "a": 1, "later": [2]}, ["a"])
    {'later': [2]}
    """
    skip = {"version", *known}
    return {key: value for key, value in data.items() if key not in skip}


def printable(path: os.PathLike[str] | str) -> str:
    """``path`` as text any font and terminal can show: bytes that are not
    UTF-8 (kept by Python as lone surrogates) become U+FFFD.

    >>> printable(os.fsdecode(b"/home/b\\xffd")) == "/home/b\\ufffdd"
    True
    """
    return os.fsencode(path).decode("utf-8", errors="replace")


def writable_file_problem(path: os.PathLike[str] | str) -> str | None:
    """Why ``write_atomic`` would refuse ``path`` (a device, FIFO or folder
    there, after following symlinks), or ``None`` for a regular file or a
    name not taken yet."""
    try:
        _check_regular_or_new(Path(os.path.realpath(path)), path)
    except NotARegularFile:
        return f"{printable(path)} is not a regular file; only a file is written over"
    except OSError as error:
        return f"{printable(path)}: {_reason(error)}"
    return None


def write_atomic(
    path: Path, content: bytes, *, sync: bool = True, through_dangling_link: bool = True
) -> None:
    """Replace the file at ``path`` by ``content`` so that readers see old or
    new, never a mix.

    A symlink is followed: its target is replaced and the link stays. Only a
    regular file or a new name is written: anything else (a device, a FIFO,
    a folder) raises ``NotARegularFile``, and so does a link to a missing
    file with ``through_dangling_link=False`` (the data folder's files: a
    file made through such a link could land anywhere). A file rewritten
    keeps its mode. ``sync=False`` skips the fsyncs (files worth nothing
    after a power cut). Raises ``OSError``; on failure the temporary file
    is removed and ``path`` is unchanged.
    """
    if not through_dangling_link and os.path.islink(path) and not os.path.exists(path):
        name = printable(Path(path).name)
        raise NotARegularFile(errno.ENOENT, f"{name} is a link to a missing file", os.fspath(path))
    target = Path(os.path.realpath(path))
    _check_regular_or_new(target, path)
    mode = _mode_of(target)
    fd, temp = _open_temp(target)
    try:
        try:
            if mode is not None and hasattr(os, "fchmod"):
                os.fchmod(fd, mode)  # the player's chmod holds
            view = memoryview(content)
            while view:
                written = os.write(fd, view)
                view = view[written:]
            if sync:
                os.fsync(fd)
        finally:
            os.close(fd)
        os.replace(temp, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temp)
        raise
    if sync:
        _fsync_directory(target.parent)


def _check_regular_or_new(target: Path, path: os.PathLike[str] | str) -> None:
    """Raise ``NotARegularFile`` if something other than a file is at ``target``."""
    with contextlib.suppress(FileNotFoundError, NotADirectoryError):
        if not stat.S_ISREG(os.stat(target).st_mode):
            raise NotARegularFile(errno.EEXIST, "not a regular file", os.fspath(path))


def _holds(path: Path, content: bytes) -> bool:
    """Whether the regular file at ``path`` holds exactly ``content``."""
    try:
        return read_regular_file(path, len(content) + 1) == content
    except OSError:  # none there, not a regular file, unreadable: write it
        return False


def _mode_of(target: Path) -> int | None:
    """The permission bits of the file at ``target``, ``None`` if there is none."""
    try:
        return stat.S_IMODE(os.stat(target).st_mode) & 0o777
    except OSError:
        return None


def read_regular_file(path: Path, limit: int) -> bytes:
    """Up to ``limit`` bytes of the regular file at ``path`` (see
    ``open_regular_file``)."""
    with open_regular_file(path) as file:
        return file.read(limit)


def open_regular_file(path: Path) -> BinaryIO:
    """The regular file at ``path`` (symlinks followed), open for reading.
    Anything else raises (a folder ``IsADirectoryError``, the rest
    ``NotARegularFile``) at once, its descriptor closed:
    opening without blocking means a FIFO with no writer cannot stall the
    start."""
    flags = os.O_RDONLY | _O_BINARY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
    fd = os.open(path, flags)
    try:
        file = open(fd, "rb")  # noqa: SIM115 (the caller closes it); a folder raises here
    except BaseException:
        os.close(fd)
        raise
    if not stat.S_ISREG(os.fstat(fd).st_mode):
        file.close()
        raise NotARegularFile(errno.EINVAL, "not a regular file", str(path))
    return file


def _open_temp(path: Path) -> tuple[int, str]:
    """A new, exclusive temporary file next to ``path``."""
    for attempt in range(100):
        temp = str(path.parent / f".{path.name}.{os.getpid()}-{attempt}{_TEMP_SUFFIX}")
        try:
            flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | _O_BINARY
            return os.open(temp, flags, FILE_MODE), temp
        except FileExistsError:
            continue
    raise FileExistsError(f"no free temporary name beside {path}")


_O_BINARY = getattr(os, "O_BINARY", 0)


def _fsync_directory(directory: Path) -> None:
    """Make the rename itself durable where the platform allows it (POSIX)."""
    try:
        fd = os.open(directory, os.O_RDONLY)
    except OSError:
        return
    with contextlib.suppress(OSError):
        os.fsync(fd)
    with contextlib.suppress(OSError):
        os.close(fd)


def _reject_constant(name: str) -> None:
    raise ValueError(f"{name} is not a number")


def _reason(error: OSError) -> str:
    """The system's words for the problem, without the errno number."""
    return error.strerror or str(error)
