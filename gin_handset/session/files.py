"""The names of the files the session keeps in the data folder (a module of its own, so the
main menu can look for a save without loading the game)."""

MATCH_FILE = "match.json"
