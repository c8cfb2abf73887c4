"""One guard for every callback of the served app and the notebook: a message on the page, always.

A user mistake (`ExplorerError`) is shown in its own words. Anything else is a bug: the page
shows a short reference and the full traceback goes to the server log under that reference,
so a person sees that something failed (never a blank page, never a message only in the log)
and whoever runs the server can find out what.
"""

from __future__ import annotations

import functools
import logging
import uuid
from collections.abc import Callable
from typing import Any, TypeVar

from explorer.core.errors import ExplorerError
from explorer.core.markup import escape

LOG = logging.getLogger("pirate_rules_explorer")
ERROR_STYLE = "color:#b00020"
T = TypeVar("T")


def reference() -> str:
    """A short code that names one failure in the page and in the log."""
    return uuid.uuid4().hex[:8]


def report_unexpected(where: str) -> str:
    """Log the exception being handled, with its traceback, under a new reference; the
    sentence the page shows for it (plain text)."""
    ref = reference()
    LOG.error("unexpected error in %s (reference %s)", where, ref, exc_info=True)
    return f"Something went wrong in {where} (reference {ref}); the details are in the server log."


def message_html(text: str, css: str = "pre-error") -> str:
    """A message line as HTML, its text escaped (`explorer.core.markup.escape`)."""
    return f'<span class="{css}" style="{ERROR_STYLE}">{escape(text)}</span>'


Callback = Callable[..., Any]


def guarded(where: str, show: Callable[[str], Any], prefix: str = "") -> Callable[[Callback], Callback]:
    """Decorate a callback so a mistake is shown through `show(html)` and nothing escapes it.

    `where` names the entry point in the log and on the page ("the editor", "the link");
    `prefix` starts a mistake's message ("link: ")."""
    def wrap(callback: Callback) -> Callback:
        @functools.wraps(callback)
        def run(*args: Any, **kwargs: Any) -> Any:
            try:
                return callback(*args, **kwargs)
            except ExplorerError as err:
                show(message_html(f"{prefix}{err}"))
            except Exception:   # a bug: a reference on the page, the traceback in the log
                show(message_html(report_unexpected(where), "pre-error pre-unexpected"))
            return None
        return run
    return wrap


def attempt(where: str, action: Callable[[], T]) -> tuple[T | None, ExplorerError | None, str]:
    """Run `action`: (its result, None, ""), (None, the mistake, "") or, for a bug, (None, None,
    the sentence with its reference); the traceback is logged."""
    try:
        return action(), None, ""
    except ExplorerError as err:
        return None, err, ""
    except Exception:
        return None, None, report_unexpected(where)
