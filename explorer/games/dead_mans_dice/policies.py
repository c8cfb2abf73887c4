"""Policies: a greedy pirate and a cautious one."""
