"""The short position notation behind position_text.py: its words (words), the writer (writer),
the reader (reader) and the reader's final cross-checks (finish)."""
