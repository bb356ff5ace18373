"""One package per game; each exposes ``GAME`` (see galaxis/core/registry.py)."""
