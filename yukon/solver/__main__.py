"""``python -m yukon.solver``: the solver's command line (see ``cli``)."""

import sys

from yukon.solver.cli import main

if __name__ == "__main__":
    sys.exit(main())
