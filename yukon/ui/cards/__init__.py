"""The cards of any table, the main one and the small ones of Examples and
Replay: where they lie (layout) and the sprites that draw them."""
