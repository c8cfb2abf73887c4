"""The live table's host page and the teacher's what-if board (issue #29).

Serve it beside the explorer, with the table pages: ``panel serve apps/explorer_app.py
apps/table_app.py --plugins widgets.table.routes``, then open http://localhost:5006/table_app.
"""

from widgets.table.host import table_app

table_app().servable(title="Pirate Rules Explorer: live table")
