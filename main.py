"""Start Yukon: ``python main.py [--code CODE] [--fullscreen] [--size WxH]``."""

import sys

from yukon.desktop.app import main

if __name__ == "__main__":
    sys.exit(main())
