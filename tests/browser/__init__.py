"""Real-browser tests (Playwright + Chromium) of the notebook widgets and the served app."""
