"""Fair play: what makes the referee trustworthy, pure, one layer above the games it
referees — refusals with their statuses (``errors``), bounded input (``inputs``), the
fairness derivation (``fairness``), the log chain (``chain``) and replaying an export
(``verify``).

No database, no Flask, no clock: it may import ``companion.games`` and
``companion.caches`` only, so ``companion verify`` runs without a server or a database.
"""
