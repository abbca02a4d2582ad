"""The shell around the scenes: the scene stack and its host, the window,
the solver's worker process and the sound."""
