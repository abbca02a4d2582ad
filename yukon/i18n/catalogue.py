"""Read gettext ``.po`` catalogues and write the ``.mo`` files ``gettext`` loads.

The ``.po`` files are the source of truth (translators' tools edit them);
the ``.mo`` files beside them are compiled from them by this module, in pure
Python so that no gettext tools are needed to build or test the game:

    python -m yukon.i18n      # rewrite every yukon.mo from its yukon.po

A test checks that each committed ``.mo`` is exactly what its ``.po`` compiles to.

>>> entries = parse_po('msgid ""\\nmsgstr "Language: fi\\\\n"\\n\\nmsgid "Undo"\\nmsgstr "Peru"\\n')
>>> [(entry.msgid, entry.msgstr) for entry in entries]
[('', ('Language: fi\\n',)), ('Undo', ('Peru',))]
"""

from __future__ import annotations

import ast
import struct
from dataclasses import dataclass, field
from pathlib import Path

from yukon.i18n.translator import DOMAIN, LOCALE_DIR


class InvalidCatalogue(ValueError):
    """A ``.po`` text this reader cannot follow (the line is named)."""


@dataclass
class Entry:
    """One message: its context, singular and plural ids, translations, flags."""

    msgid: str = ""
    msgctxt: str | None = None
    msgid_plural: str | None = None
    msgstr: tuple[str, ...] = ()
    flags: frozenset[str] = frozenset()
    obsolete: bool = False
    _parts: dict[str, list[str]] = field(default_factory=dict, repr=False)

    @property
    def key(self) -> str:
        """The lookup key inside a ``.mo`` file (context, EOT, id)."""
        return self.msgid if self.msgctxt is None else f"{self.msgctxt}\x04{self.msgid}"

    @property
    def translated(self) -> bool:
        return all(self.msgstr) and bool(self.msgstr) and "fuzzy" not in self.flags


def parse_po(text: str) -> list[Entry]:
    """Every entry of a ``.po`` text, the header (``msgid ""``) included."""
    entries: list[Entry] = []
    entry = Entry()
    current: str | None = None

    def finish() -> None:
        nonlocal entry
        if "msgid" in entry._parts:
            parts = entry._parts
            entry.msgid = "".join(parts["msgid"])
            entry.msgctxt = "".join(parts["msgctxt"]) if "msgctxt" in parts else None
            entry.msgid_plural = "".join(parts["msgid_plural"]) if "msgid_plural" in parts else None
            keys = sorted(k for k in parts if k.startswith("msgstr"))
            entry.msgstr = tuple("".join(parts[k]) for k in keys)
            entries.append(entry)
        entry = Entry()

    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if line.startswith("#~"):
            entry.obsolete = True
            continue
        if not line or line.startswith("#"):
            if line.startswith("#,"):
                entry.flags |= {flag.strip() for flag in line[2:].split(",")}
            elif not line and entry._parts:
                finish()
            continue
        if line.startswith('"'):
            if current is None:
                raise InvalidCatalogue(f"line {number}: a string outside any msgid/msgstr")
            entry._parts[current].append(_unquote(line, number))
            continue
        keyword, _, rest = line.partition(" ")
        if keyword == "msgctxt" or (keyword == "msgid" and "msgid" in entry._parts):
            finish()
        if keyword not in ("msgctxt", "msgid", "msgid_plural") and not keyword.startswith("msgstr"):
            raise InvalidCatalogue(f"line {number}: unknown keyword {keyword!r}")
        current = keyword
        if keyword.startswith("msgstr["):  # msgstr[10] sorts after msgstr[9]
            current = f"msgstr[{int(keyword[7:-1]):02d}]"
        entry._parts[current] = [_unquote(rest.strip(), number)]
    finish()
    return [entry for entry in entries if not entry.obsolete]


def _unquote(text: str, number: int) -> str:
    if len(text) < 2 or text[0] != '"' or text[-1] != '"':
        raise InvalidCatalogue(f"line {number}: {text!r} is not a quoted string")
    try:
        value = ast.literal_eval(text)
    except (ValueError, SyntaxError) as error:
        raise InvalidCatalogue(f"line {number}: {text!r} is not a valid string") from error
    if not isinstance(value, str):
        raise InvalidCatalogue(f"line {number}: {text!r} is not a string")
    return value


def compile_mo(entries: list[Entry]) -> bytes:
    """The ``.mo`` bytes for ``entries`` (GNU format, keys sorted, no hash
    table): fuzzy and untranslated entries are left out, as msgfmt does."""
    messages: dict[bytes, bytes] = {}
    for entry in entries:
        if entry.msgid and not entry.translated:
            continue
        if entry.msgid == "" and "fuzzy" in entry.flags:
            continue
        key = entry.key if entry.msgid_plural is None else f"{entry.key}\x00{entry.msgid_plural}"
        text = "\x00".join(entry.msgstr)
        if not entry.msgid:  # the header: msgfmt leaves out the template's date
            text = "".join(
                line for line in text.splitlines(True) if not line.startswith("POT-Creation-Date:")
            )
        messages[key.encode("utf-8")] = text.encode("utf-8")
    keys: list[bytes] = sorted(messages)
    count = len(keys)
    ids_start = 7 * 4
    strs_start = ids_start + count * 8
    data_start = strs_start + count * 8
    ids: list[tuple[int, int]] = []
    strs: list[tuple[int, int]] = []
    data = bytearray()
    for raw in keys:
        ids.append((len(raw), data_start + len(data)))
        data += raw + b"\x00"
    for raw in keys:
        value = messages[raw]
        strs.append((len(value), data_start + len(data)))
        data += value + b"\x00"
    header = struct.pack("<7I", 0x950412DE, 0, count, ids_start, strs_start, 0, data_start)
    table = b"".join(struct.pack("<2I", *pair) for pair in ids + strs)
    return header + table + bytes(data)


def po_path(language: str, locale_dir: Path = LOCALE_DIR) -> Path:
    return locale_dir / language / "LC_MESSAGES" / f"{DOMAIN}.po"


def catalogue_languages(locale_dir: Path = LOCALE_DIR) -> list[str]:
    """The languages that have a ``.po`` catalogue, sorted."""
    return sorted(path.parent.parent.name for path in locale_dir.glob(f"*/LC_MESSAGES/{DOMAIN}.po"))


def compile_all(locale_dir: Path = LOCALE_DIR) -> list[Path]:
    """Rewrite every ``.mo`` from its ``.po``; returns the files written."""
    written = []
    for language in catalogue_languages(locale_dir):
        po = po_path(language, locale_dir)
        mo = po.with_suffix(".mo")
        mo.write_bytes(compile_mo(parse_po(po.read_text(encoding="utf-8"))))
        written.append(mo)
    return written
