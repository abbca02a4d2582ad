"""Speech: every step of the game said through the player's screen reader
or speech engine, so the game can be played by ear (see ``Speaker``)."""
