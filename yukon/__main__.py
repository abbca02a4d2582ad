"""``python -m yukon`` starts the game."""

import sys

from yukon.desktop.app import main

# The guard matters: the solver's worker process is spawned and re-imports
# this module as ``__mp_main__``; it must not start a second game.
if __name__ == "__main__":
    sys.exit(main())
