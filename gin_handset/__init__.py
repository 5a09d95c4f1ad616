"""gin-handset: Gin Rummy as the old keypad phones played it."""

__version__ = "0.1.0"
