"""The dialogs and screens over the table: New game, Settings, Statistics,
the win, Help and its examples."""
