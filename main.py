"""Start Yukon: ``python main.py [--code CODE] [--fullscreen] [--size WxH]``."""

import sys

# Only under the guard: the solver's worker process is spawned and runs this
# file again as ``__mp_main__``; it must neither start a game nor load one.
if __name__ == "__main__":
    from yukon.__main__ import main

    sys.exit(main())
