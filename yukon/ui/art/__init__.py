"""The art, all drawn in code: card faces and backs, suit signs, the felt and the icon."""
