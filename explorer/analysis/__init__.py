"""Analysis through the game contract alone: what-if trees, exact and sampled evaluation."""

from explorer.analysis.tree import Node, PositionTree

__all__ = ["Node", "PositionTree"]
