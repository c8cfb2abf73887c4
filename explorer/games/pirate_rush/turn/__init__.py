"""The turn and its tasks: what the table shows (table), the decisions each pending task offers
(moves), a player's turn (actions), the character powers and the duel (powers), the island events
(events), the chance steps that move tiles (chance), the final count (scoring) and each task's
public words (tasks). Each changes a `flow.Work`; `rules.step` runs them."""
