"""Blitz und Donner — Hera and Zeus (see rules.py and README.md)."""
