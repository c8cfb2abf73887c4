"""Intervals for sampled figures (Wilson, t): kept in explorer.core.stats, which games may use too."""

from explorer.core.stats import Z95, mean_interval, t_quantile, wilson

__all__ = ["Z95", "mean_interval", "t_quantile", "wilson"]
