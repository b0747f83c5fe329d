"""Slow, obviously-correct pure-Python reference for stich (see SPEC.md beside this file).

Written from the rule pages docs/rules/*.md only (the ruling ids they define are cited), never
from the C++ tables: every rank order is
spelled out by hand so that a differential test compares two independent readings of the rules.
"""
