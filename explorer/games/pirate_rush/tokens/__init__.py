"""The 40 loot tiles as tokens: what each pirate knows of them (knowledge), blind picks among them
(picks), how views name them (stack_view) and positions equal up to token numbers (canon)."""
