"""The modules of The Last Bottle of Rum (V1-V3): Bounty Hunt (bounty.py), Weather & Maelstrom
(weather.py), the Ghost automa (ghost.py), their hooks into the base flow (hooks.py) and their
position data (position.py)."""
