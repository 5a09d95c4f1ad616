"""A match being played on the handset: the player against the computer, and its save file."""
