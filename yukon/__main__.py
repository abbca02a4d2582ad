"""``python -m yukon`` starts the game."""

import sys

from yukon.app import main

sys.exit(main())
