"""Hidden worlds behind worlds.py: one full position drawn or enumerated for a view (draws)."""
