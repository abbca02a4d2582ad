"""The game's own texts as data: the games and their rules' names, the
Examples page and the FAQ."""
