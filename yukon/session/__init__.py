"""The game session, without pygame: the game in progress, what happens in
it (events), and moves played at a pace (playback, the demo and Finish)."""
