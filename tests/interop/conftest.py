"""Registers the toy game before the interop tests are collected (see interop_cases.py)."""

import tests.interop.interop_cases  # noqa: F401
