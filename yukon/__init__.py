"""Yukon Solitaire."""

__version__ = "0.1.0"
# The game's name for desktops: the .desktop and AppStream files, the icon's
# name and the window's class (so a dock shows the game's own icon).
APP_ID = "io.github.yukon_solitaire.Yukon"
