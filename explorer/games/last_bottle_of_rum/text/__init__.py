"""The short position notation (position_text.py): reading it (read.py), writing it (write.py)
and the names people read on the components (names.py)."""
