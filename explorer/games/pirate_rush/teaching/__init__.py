"""Position editors for what-if questions and lessons (whatif)."""
