"""The referee kit (see rules.py)."""
