"""The explorer as a web page: `panel serve apps/explorer_app.py`."""

from widgets.served import app

page = app()
page.servable(title="Pirate Rules Explorer", location=page.keeps_address)
