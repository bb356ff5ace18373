"""Performance suites behind ``galaxis bench`` (see speed.py)."""
