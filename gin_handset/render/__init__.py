"""Drawing on the LCD surface: pixel text, cards, menus and soft-key labels."""
