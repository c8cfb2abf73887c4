"""The parts the rulebook (rules.py) and its automatic flow (flow.py) are built from: the working
copy of a step (work.py), derived ship figures (ships.py), the chance nodes (chance.py), the
outcomes and main-phase actions (resolve.py), the forced choices (choices.py), the card effects
(effects.py) and the turn order (turns.py)."""
