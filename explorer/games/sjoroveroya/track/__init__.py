"""The track (S4, R7-R23): where a piece may go from each place, and E3's distances.

`moves.py` holds the forward and backward targets read off the board's occupancy; the rules
(`rules.py`, `flow.py`), the board (`board_moves.py`), the odds and the rule of thumb all ask it.
"""
