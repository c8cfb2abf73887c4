"""The explorer as a web page: `panel serve apps/explorer_app.py`."""

from widgets.served import app

app().servable(title="Pirate Rules Explorer")
