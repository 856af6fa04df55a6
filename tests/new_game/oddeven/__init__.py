"""Odd or Even: the throw-away game of tests/test_new_game.py, a folder as a new game adds it."""
