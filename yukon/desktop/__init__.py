"""The desktop program around the game: the loop and its window's events,
the command line, the crash log, the display's hints, the stop signals and
giving memory back."""
