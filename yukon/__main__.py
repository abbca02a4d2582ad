"""``python -m yukon`` starts the game; so do ``yukon`` and ``python main.py``,
all through ``main`` here."""

import sys


def main() -> int:
    """Start the game, hearing the stop signals first.

    Ctrl+C, SIGTERM, SIGHUP and SIGQUIT are heard before anything heavy is
    imported (the game's modules, then pygame and SDL take a few tenths of
    a second), so one that comes in the first moments of start-up ends the
    game as cleanly as later: exit status 0, no traceback, not the system's
    default action.
    """
    if getattr(sys, "frozen", False):  # the solver's worker, in a frozen executable
        import multiprocessing

        multiprocessing.freeze_support()  # a worker runs its job here, and never returns
    from yukon.desktop.stop_signals import StopRequests

    stop = StopRequests()
    stop.install()
    from yukon.desktop.app import main as play

    return play(stop=stop)


# The guard matters: the solver's worker process is spawned and re-imports
# this module as ``__mp_main__``; it must not start a second game.
if __name__ == "__main__":
    sys.exit(main())
