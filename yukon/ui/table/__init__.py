"""The table: the scene the game is played in, its view state, layout,
sprites, gestures and drawing."""
