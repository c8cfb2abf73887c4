"""Write notebooks/start_here.ipynb (no outputs): a newcomer picks a game and plays it first; the
explorer's panels are described second. Run: ``python scripts/notebooks/make_start_here.py``.

Each game's summary follows its rules: Jolly & Roger's pirates board the merchant ships for gold
(R18, R19); Pirate Rush is won by the highest score, prestige being worth only +2 or -2 (E8, E6).
"""

from __future__ import annotations

from cells import C, M, reading_minutes, title, write
from make_sjoroveroya import cells as sjoroveroya_cells

GAMES = (
    ("sjoroveroya", "Sjørøverøya (Pirate Island)", "2-4 players, the simplest of the five",
     "Race your six pirates along a track of 20 cards to the treasure: play a card to jump ahead to the next "
     "card of its suit, step back to draw more cards."),
    ("dead_mans_dice", "Dead Man's Dice", "2-6 players",
     "Press your luck with three dice: stack them on your pile, plunder your rivals' tops, fire a broadside; "
     "the first to 100 doubloons wins."),
    ("jolly_and_roger", "Jolly & Roger", "2 players",
     "One captain splits five pirate cards into two sets, the other chooses one; the cards crew the four "
     "merchant ships, and a pirate whose captain holds a ship may board it for gold. The most gold and ships wins."),
    ("last_bottle_of_rum", "The Last Bottle of Rum", "2-4 players",
     "Sail a hex sea of face-down islands, carry treasure home to the Hideout, attack rival ships and "
     "survive the Kraken; the first to 10 loot wins."),
    ("pirate_rush", "Pirate Rush", "3-5 players",
     "Peek at face-down loot in secret, remember where the gold is, and take the best tile when your turn "
     "comes; the highest score after five rounds wins."),
    ("liars_dice", "Liar's Dice", "2-6 players, the sixth game, added with the game kit",
     "Everyone rolls under a cup; bid on how many dice across all cups show a face, or call the last bid a "
     "lie; whoever was wrong loses a die, and the last pirate with dice wins."),
)

cells = [
    title("Pirate Rules Explorer: start here",
          "Six pirate games, modelled exactly: every rule, every card and die, and the exact odds of "
          "every draw and roll. Pick a game and play it on a live board right here; each game has a notebook "
          "that teaches it."),
    C("import widgets\n\nwidgets.setup_notebook()  # loads the chart library into this page (no internet needed)"),
    M("## Pick a game\n\n" + "\n".join(
        f"- **{name}** ({who}). {what} Learn it: [{game}.ipynb]({game}.ipynb)." for game, name, who, what in GAMES)
      + f"\n\nNew to all of them? Start with Sjørøverøya: its notebook takes about "
        f"{reading_minutes(sjoroveroya_cells)} minutes."),
    M("## Play Sjørøverøya now\n"
      "Each player leads six pirates from Start to the treasure at the end of a track of 20 cards. In your turn "
      "make up to three moves: play a card from your hand and jump one pirate forward to the next free card of "
      "that suit, or step a pirate back onto a card where you have one or two pirates and draw that many cards. "
      "The first player with all six pirates home wins. Click a move in the list (or a card on the board) to "
      "play it."),
    C("widgets.explore(\"sjoroveroya\", players=3)"),
    *[c for game, name, _who, what in GAMES[1:] for c in (
        M(f"### {name}\n{what} [Learn it]({game}.ipynb)."), C(f"widgets.explore(\"{game}\")"))],
    M("## The explorer's panels\n"
      "Every board above is the same explorer:\n\n"
      "- **Board**: the game's own drawing. Hover a card or space to see which moves involve it; click it to be "
      "offered those moves.\n"
      "- **Legal actions**: every move allowed now, in plain words, grouped by kind. One click plays.\n"
      "- **Chance**: at a draw or roll, every outcome with its exact chance. *Roll* lets chance pick; choosing an "
      "outcome yourself is a what-if.\n"
      "- **What-if tree**: a move list like a chess analysis board. Step back and forward (arrow keys work), "
      "branch by playing another move, promote a variation, delete, comment.\n"
      "- **Event log**: the story of the game so far; click a rule number to read the rule.\n"
      "- **View**: everything (the teacher's view) or one player's view, where hidden cards stay hidden.\n"
      "- **Seats** and **Position editor** (below each explorer): let the computer play some seats, or edit a "
      "position and explore from there.\n\n"
      "The same explorer runs as a web page: `panel serve apps/explorer_app.py` (then open the address it "
      "prints). The tours [probabilities.ipynb](probabilities.ipynb) and [what_if.ipynb](what_if.ipynb) look at "
      "odds and what-if analysis across the games."),
    M("## Using the pieces on their own\n"
      "Every panel works alone and several can share one game, for example a board and a move list side by side:"),
    C("import explorer\n\ncontroller = widgets.Controller(explorer.load(\"sjoroveroya\", players=3), seed=1)\n"
      "board, tree = widgets.BoardView(controller), widgets.TreeNavigator(controller)\n"
      "controller.play(controller.state.legal_actions()[0])\nboard"),
    C("tree"),
]

if __name__ == "__main__":
    write("start_here", cells)
