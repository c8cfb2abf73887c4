"""Write notebooks/live_table.ipynb (no outputs). Run: ``python scripts/notebooks/make_live_table.py``."""

from cells import C, M, title, write

cells = [
    title("Now play it: a live table",
          "A lesson can end at a real table. Each person plays at their own seat in their own browser (a "
          "laptop, or a phone on the same network) and sees **only their own hand**: the server builds "
          "every seat's page from that seat's view, and nothing else about the game ever reaches that "
          "browser. The teacher's page, shown below in this notebook, sees everything: it can pause the "
          "table, hand a seat that was left to a bot, put the odds of every draw on everyone's page "
          "(\"show everyone\", each page's odds from its own view), and branch a what-if from the live "
          "position without touching the table.\n\nTables are kept in SQLite, move by move, so a table "
          "survives a restart of the server. This demo keeps them in a temporary file; give `LocalTables` "
          "a path of your own to keep them. (A table needs a server: it runs here, in the notebook's "
          "kernel, on a thread of its own. It cannot run in JupyterLite, which has no server.)"),
    C('import tempfile\n'
      'from pathlib import Path\n'
      '\n'
      'import explorer\n'
      'from widgets.table.local import LocalTables\n'
      '\n'
      'server = LocalTables(Path(tempfile.mkdtemp()) / "tables.sqlite3", bot_delay=0.8)\n'
      'print("tables served at", server.url)'),
    M('Open a table of Sjørøverøya for three: two people and the rule-of-thumb bot. Each seat '
      'gets a link with\n'
      "a secret token: whoever has a seat's link plays that seat, so give each person their own. "
      '(To let\n'
      'phones in, make the server with `address="0.0.0.0"` and give out the computer\'s network address.)'),
    C('game = explorer.load("sjoroveroya", players=3)\n'
      'links = server.open(game, ["person", "person", "rule_of_thumb"], title="After the lesson",\n'
      '                    names=["Ann", "Bo"])\n'
      'for seat in links["seats"]:\n'
      '    print(f"{seat[\'label\']}: {seat[\'link\']}")'),
    M("The teacher's page: the whole table, each seat's own view below it, the seats' links and "
      'QR codes,\n'
      'Pause, *Show everyone the odds* and the record of every move.'),
    C('server.teacher(links, height=700)'),
    M('**What if?** The explorer opens on the game so far, at the live position: branch, roll, compare,\n'
      'and the table itself does not move.'),
    C('whatif = server.whatif(links)\n'
      'whatif'),
    C('table = server.table(links)\n'
      'print(f"The table is at version {table.version}: {table.state.stage_text() or \'waiting '
      'for a move\'}")\n'
      'print("Player to move:", game.player_name(table.state.player))'),
    M("When the game is over, the teacher's page offers the whole game as an analysis file\n"
      '(*Download the analysis file*): **Load analysis** in any explorer opens it. '
      '`server.stop()` ends the\n'
      'server; the tables stay in their file.'),
]
if __name__ == "__main__":
    write("live_table", cells)
