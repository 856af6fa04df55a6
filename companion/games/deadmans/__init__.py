"""Dead Man's Draw (Karty mrtvého muže): the rules engine lives in ``rules.py``."""
