"""Duel! (see rules.py and README.md)."""
