"""Fury of Dracula (second edition): the hunt for Dracula across Europe."""
