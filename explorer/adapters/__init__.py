"""Faces of every game for outside frameworks (optional extras).

- `explorer.adapters.openspiel` (extra ``openspiel``): importing it registers each game
  with pyspiel as ``python_<name>``.
- `explorer.adapters.pettingzoo` (extra ``rl``): ``env(name, **options)`` gives the
  wrapped AEC environment of a game.

Both work through the game contract alone (`explorer.adapters.common`), so a new game
needs no change here.
"""
