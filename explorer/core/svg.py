"""Shared SVG pieces for every game's board: a scalable root, text, tooltips, wrapped lines.

Boards are drawn in their own coordinates (the ``viewBox``) and scale to the width of
whatever holds them (``width="100%"``), up to ``max_width`` pixels, so one drawing reads in
a narrow notebook column and in the 1,100 px app alike. Keep text at ``MIN_FONT`` or more
in viewBox units and a board no wider than ``MAX_WIDTH``: then no text is drawn below
11 px at full width.
"""

from __future__ import annotations

from explorer.core.markup import escape

MAX_WIDTH = 1100          # px: the widest a board is drawn (the app's output width)
MIN_FONT = 12             # viewBox units; with boards <= MAX_WIDTH wide this stays >= 11 px
MIN_SCALE = 0.8           # a board never shrinks below 80% of its viewBox: in a narrower output it scrolls
                          # sideways rather than letting its smallest text fall under ~9 px
INK, MUTED, PAPER = "#1d1d1d", "#454545", "#fbf6ea"   # dark on light: contrast well above 7:1


def svg_root(width: float, height: float, *, font: str = "DejaVu Sans, Arial, sans-serif",
             max_width: int = MAX_WIDTH, extra: str = "") -> str:
    """The opening tag: a viewBox and 100% width, no fixed pixel size, so the board fits its container."""
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width:.0f} {height:.0f}" width="100%" '
            f'preserveAspectRatio="xMidYMin meet" style="max-width:{max_width}px;min-width:{width * MIN_SCALE:.0f}px;'
            f'height:auto;display:block" font-family="{font}"{extra}>')


def text(x: float, y: float, body: str, size: float = 13, anchor: str = "start", weight: str = "normal",
         fill: str = INK, tip: str = "", place: str = "") -> str:
    """One line of text; `tip` becomes its tooltip, `place` its ``data-place``."""
    attr = f' data-place="{escape(place)}"' if place else ""
    title = f"<title>{escape(tip)}</title>" if tip else ""
    return (f'<text x="{x:.1f}" y="{y:.1f}" font-size="{size:g}" text-anchor="{anchor}" font-weight="{weight}" '
            f'fill="{fill}"{attr}>{title}{escape(str(body))}</text>')


def title(tip: str) -> str:
    """A tooltip element: put it first inside the element it explains."""
    return f"<title>{escape(tip)}</title>" if tip else ""


def button(x: float, y: float, words: str, place: str, tip: str = "", width: float = 0, size: float = 14,
           fill: str = "#fff3c4", stroke: str = "#8a6d00") -> str:
    """A button drawn on the board (``data-place`` `place`) for a move made on no piece or space
    ("End turn", "Stop plundering"): the board view plays it with one click like any element.
    `x`, `y` are its top left corner; its width fits the words unless given."""
    w = width or text_width(words, size) + 26
    return (f'<g data-place="{escape(place)}" class="pre-button">{title(tip)}<rect x="{x:.1f}" y="{y:.1f}" '
            f'width="{w:.1f}" height="{size + 14:.0f}" rx="6" fill="{fill}" stroke="{stroke}" stroke-width="1.5"/>'
            f'{text(x + w / 2, y + size + 4, words, size, "middle", "bold")}</g>')


def button_row(right: float, y: float, items: list[tuple[str, str, str]], size: float = 14) -> list[str]:
    """Buttons (words, place, tooltip) in a row that ends at `right`, the last one rightmost."""
    out, x = [], right
    for words, place, tip in reversed(items):
        x -= text_width(words, size) + 26
        out.append(button(x, y, words, place, tip, size=size))
        x -= 8
    return out


def wrap(body: str, chars: int) -> list[str]:
    """Break text at spaces into lines of at most `chars` characters (a long word keeps its own line)."""
    lines: list[str] = []
    for word in body.split():
        if lines and len(lines[-1]) + 1 + len(word) <= chars:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return lines or [""]


def text_width(body: str, size: float) -> float:
    """A generous estimate of a sans-serif line's width, to lay out legends and labels without overlap."""
    return len(body) * size * 0.6


def legend_band(x: float, y: float, width: float, items: list[tuple[str, str]], size: float = 13,
                row: float = 22, ink: str = MUTED) -> tuple[list[str], float]:
    """Legend entries (swatch colour or "" for none, words) flowed in rows inside their own band.

    Returns the SVG pieces and the band's height, so the caller reserves exactly that space
    below the board and the legend can never cover it.
    """
    out: list[str] = []
    cx, cy = x, y
    for fill, words in items:
        w = (18 if fill else 0) + text_width(words, size) + 22
        if cx > x and cx + w > x + width:
            cx, cy = x, cy + row
        if fill:
            out.append(f'<rect x="{cx:.1f}" y="{cy - size + 2:.1f}" width="13" height="13" rx="2" fill="{fill}" '
                       f'stroke="#333"/>')
        out.append(text(cx + (18 if fill else 0), cy, words, size, fill=ink))
        cx += w
    return out, cy - y + row


def _luminance(fill: str) -> float:
    """WCAG relative luminance of a #rrggbb (or #rgb) colour."""
    digits = fill.lstrip("#")
    digits = "".join(d * 2 for d in digits) if len(digits) == 3 else digits
    channels = [int(digits[i:i + 2], 16) / 255 for i in (0, 2, 4)]
    r, g, b = (c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def ink_on(fill: str) -> str:
    """Near-black or white, whichever contrasts more with `fill` (WCAG ratio), for words on a coloured piece."""
    lum = _luminance(fill)
    return "#111" if (lum + 0.05) / 0.0556 >= 1.05 / (lum + 0.05) else "#fff"
