"""Check that a screenshot from the executable shows the table, not a blank window.

Usage: python .ci/check_screenshot.py PNG WIDTH HEIGHT

A frozen build that starts but draws nothing (missing fonts, broken image
support) would still exit 0, so the picture itself is checked: right size,
the felt green covering most of it, white card faces and plenty of colours.
"""

from __future__ import annotations

import os
import sys

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame


def check(path: str, size: tuple[int, int]) -> tuple[list[str], str]:
    """The problems found with the screenshot at ``path`` (none when it looks right), and
    the measured figures."""
    image = pygame.image.load(path)
    if image.get_size() != size:
        return [f"size {image.get_size()}, expected {size}"], ""
    # Sample every 4th pixel each way: plenty for proportions, fast in pure Python.
    w, h = size
    pixels = [image.get_at((x, y))[:3] for y in range(0, h, 4) for x in range(0, w, 4)]
    green = sum(1 for r, g, b in pixels if g > r + 30 and g > b + 20) / len(pixels)
    white = sum(1 for r, g, b in pixels if min(r, g, b) > 230) / len(pixels)
    colours = len(set(pixels))
    problems = []
    if green < 0.4:
        problems.append(f"felt green covers {green:.0%} of the picture, expected 40% or more")
    if white < 0.03:
        problems.append(f"card white covers {white:.1%} of the picture, expected 3% or more")
    if colours < 200:
        problems.append(f"only {colours} distinct colours, expected 200 or more")
    return problems, f"{green:.0%} felt green, {white:.1%} card white, {colours} colours"


def main(argv: list[str]) -> int:
    path, width, height = argv[0], int(argv[1]), int(argv[2])
    problems, figures = check(path, (width, height))
    for problem in problems:
        print(f"{path}: {problem}", file=sys.stderr)
    if not problems:
        print(f"{path}: looks like the table ({figures})")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
