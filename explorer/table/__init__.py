"""The live table's pure part: tables as immutable values, their transitions and their SQLite record.

No UI here: the server, the pages and the host's form are in `widgets.table`.

>>> import explorer
>>> from explorer.table import new_table, play
>>> table, setup = new_table(explorer.load("sjoroveroya", players=2), ["person", "rule_of_thumb"], seed=1)
>>> table.state.is_chance, table.version
(False, 0)
"""

from explorer.table.store import Store, default_path
from explorer.table.table import (
    PERSON,
    SEARCH,
    Seat,
    Step,
    Table,
    bot_names,
    choose_bot_move,
    make_bot,
    new_table,
    play,
    rebuild,
    roll,
    set_paused,
    set_player,
    set_show_odds,
    settle,
)

__all__ = ["PERSON", "SEARCH", "Seat", "Step", "Store", "Table", "bot_names", "choose_bot_move", "default_path",
           "make_bot", "new_table", "play", "rebuild", "roll", "set_paused", "set_player", "set_show_odds", "settle"]
