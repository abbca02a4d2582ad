"""The command line: options for players and for automation.

No pygame here: ``--version`` and a bad option answer at once.

>>> parse_args(["--size", "1024x768", "--code", "YU1-C-AAAAAAB"]).size
(1024, 768)
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence

from yukon import __version__
from yukon.engine import Game, InvalidGameCode, InvalidRecord
from yukon.i18n import Language, Translator, game_text_problem, language_option
from yukon.option_parser import OptionParser
from yukon.persistence.settings import MIN_TABLE_WINDOW


def parse_args(argv: Sequence[str] | None = None) -> argparse.Namespace:
    parser = OptionParser(prog="yukon", description="Yukon Solitaire.")
    parser.add_argument(
        "--code",
        help="play this deal, e.g. YU1-C-AAAAAAB, or play on a copied game (its code and moves)",
    )
    parser.add_argument("--fullscreen", action="store_true", help="start in full screen")
    parser.add_argument("--size", help="window size, e.g. 1280x800")
    parser.add_argument(
        "--lang",
        type=language_option,
        help="language for this run: fi, sv or en (anything else: en)",
    )
    parser.add_argument(
        "--speech",
        choices=("on", "off", "automatic"),
        help="speak every step through the screen reader or speech engine: on, off, or "
        "automatic (while a screen reader runs); for this run, over the setting",
    )
    parser.add_argument(
        "--speech-log",
        help="also append every utterance to this file, one line each (automatic speech "
        "is then on; with speech off nothing is written)",
    )
    parser.add_argument("--version", action="version", version=f"Yukon {__version__}")
    parser.add_argument("--frames", type=int, default=0, help="quit after N frames (automation)")
    parser.add_argument("--screenshot", help="save the last frame as a PNG (automation)")
    parser.add_argument(
        "--dump-layout", help="write card and pile positions as JSON whenever they change"
    )
    args = parser.parse_args(argv)
    if args.size is not None:
        args.size = _size(parser, args.size)
    if args.code is not None:
        try:
            Game.from_text(args.code)  # as New game's field reads it
        except (InvalidGameCode, InvalidRecord) as error:
            words = game_text_problem(Translator(Language.ENGLISH), error)
            parser.exit(2, f"yukon: {words}\n")
    if args.frames < 0:
        parser.exit(2, "yukon: --frames must be 0 or more\n")
    from yukon.persistence import writable_file_problem  # a device or FIFO is never written

    for option, path in (
        ("--dump-layout", args.dump_layout),
        ("--screenshot", args.screenshot),
        ("--speech-log", args.speech_log),
    ):
        if path and (problem := writable_file_problem(path)):
            parser.exit(2, f"yukon: {option} {problem}\n")
    return args


def _size(parser: argparse.ArgumentParser, text: str) -> tuple[int, int]:
    try:
        w, h = (int(part) for part in text.lower().split("x"))
        if w < MIN_TABLE_WINDOW[0] or h < MIN_TABLE_WINDOW[1] or w > 16384 or h > 16384:
            raise ValueError
    except ValueError:
        parser.exit(
            2,
            f"yukon: --size {text!r} is not WIDTHxHEIGHT from "
            f"{MIN_TABLE_WINDOW[0]}x{MIN_TABLE_WINDOW[1]} up, e.g. 1280x800\n",
        )
    return (w, h)
