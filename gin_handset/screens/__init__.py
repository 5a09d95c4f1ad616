"""The screen state machine: screens receive phone keys and return transitions."""
