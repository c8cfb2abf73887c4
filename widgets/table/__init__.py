"""The live table's server side and pages (issue #29): everyone at their own seat in their own browser.

- `widgets.table.messages`: what each page is sent, each seat's from its own view
- `widgets.table.hub`: the tables of one server, their pages, bots and odds
- `widgets.table.routes`: the Tornado pages and websocket (`ROUTES`, a `panel serve --plugins` module)
- `widgets.table.local`: a server on a thread, for a notebook; `python -m widgets.table` alone
- `widgets.table.host`: the served app's form that opens a table

Nothing here is imported by `import widgets`, so the notebook widgets still need no server.
"""
