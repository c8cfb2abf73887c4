"""The short position notation's parts (`position_text.py` reads and writes with them).

`lines.py` splits the text into its ``key: value`` lines and reads each line's words;
`write.py` writes a state back as those lines.
"""
