"""User text made safe for HTML and Markdown: one helper for every sink (OWASP: encode at output).

Text from a link, a file, the editor, a comment or a lesson reaches the page in HTML panes and in
Markdown panes (which pass raw HTML through and turn ``[a](javascript:...)`` into a link). `escape`
writes every character either sink reads as markup as a numeric character reference, which both
show as the character itself and neither reads as syntax, so one escaped string is safe in both.
Direction marks (which can make ``exe.txt`` read as ``txt.exe``) and other invisible controls are
shown as their code point, never applied.
"""

from __future__ import annotations

import unicodedata

# Markdown's syntax characters: links and images ([ ] !), emphasis (* _), code (`), headings (#),
# tables (|), strikethrough (~) and its own escapes (backslash). With < and > (raw HTML, autolinks) gone,
# no Markdown renderer can make a link, an image or a tag out of the text.
_MARKDOWN = "\\`*_[]!#|~"
_TABLE = {ord(c): f"&#{ord(c)};" for c in _MARKDOWN}
_TABLE.update({ord("&"): "&amp;", ord("<"): "&lt;", ord(">"): "&gt;", ord('"'): "&quot;", ord("'"): "&#x27;"})
KEEP = {"\n", "\t"}   # line breaks and tabs stay: the editor lists a text's lines


def _visible(ch: str) -> str:
    """A control or direction character as text people can read (``<U+202E>``), escaped."""
    return f"&lt;U+{ord(ch):04X}&gt;"


def escape(text: object) -> str:
    """`text` (any value, as `str`) as HTML/Markdown that shows exactly those characters."""
    out = []
    for ch in str(text):
        if ch in KEEP:
            out.append(ch)
        elif unicodedata.category(ch) in ("Cc", "Cf", "Cs", "Co", "Zl", "Zp"):
            out.append(_visible(ch))
        else:
            out.append(_TABLE.get(ord(ch), ch))
    return "".join(out)

