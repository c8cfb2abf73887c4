"""The parts `flow.py` is built from: the working copy a step changes, frozen back into a state.

`working.py` copies a state's fields into the working copy and back as straight-line code written
out once from `model.FIELDS`, reads the game's options once (`Config`) and works out the chance
node a position waits at.
"""
