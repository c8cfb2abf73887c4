"""Small what-if positions from a few facts, for lessons, tests and the position editor
(scenes.py)."""
