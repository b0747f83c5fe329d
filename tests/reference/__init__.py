"""Slow, obviously-correct pure-Python reference for stich (see SPEC.md beside this file).

Written from ../../../shared/RULINGS.md only, never from the C++ tables: every rank order is
spelled out by hand so that a differential test compares two independent readings of the rules.
"""
