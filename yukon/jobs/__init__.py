"""The solver's jobs as the game asks them: hints, winnable deals, the deal
of the day, where a game was lost, the hint's fallback advice, and the
worker process they run in (no pygame)."""
