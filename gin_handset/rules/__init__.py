"""The game of Gin Rummy as pure Python: no pygame, no files, no clock, no global random."""
