"""Text from outside made safe to keep and to write back.

JSON may spell a lone surrogate (``"\\udcff"``), the command line carries one
for every byte that is not UTF-8 (Python's ``surrogateescape``), and a
clipboard may hand one over. Such a string is a valid ``str`` until it is
encoded: then writing it (a save, a log line, a rendered text) fails. Every
text that comes in is therefore passed through here once, where it enters:
a lone surrogate becomes U+FFFD, the replacement character, and everything
else stays as it was.

>>> safe_text("caf\\udcff")
'caf\\ufffd'
>>> safe_json({"\\ud800": ["ok", {"k": "\\udfff"}], "n": 1})
{'\\ufffd': ['ok', {'k': '\\ufffd'}], 'n': 1}
"""

from __future__ import annotations

import re
from typing import Any

REPLACEMENT = "\ufffd"
_SURROGATE = re.compile("[\ud800-\udfff]")


def safe_text(text: str) -> str:
    """``text`` with each lone surrogate replaced by U+FFFD."""
    # A str cannot hold a valid surrogate pair: any surrogate in it is lone.
    return _SURROGATE.sub(REPLACEMENT, text) if _SURROGATE.search(text) else text


def safe_json(value: Any) -> Any:
    """A parsed JSON value with every string in it (keys too) made safe."""
    if isinstance(value, str):
        return safe_text(value)
    if isinstance(value, dict):
        return {safe_text(key): safe_json(item) for key, item in value.items()}
    if isinstance(value, list):
        return [safe_json(item) for item in value]
    return value
