"""Reading a learner's probability ("5/36", "13.9%", "0.139") and judging it within a tolerance.

Exact arithmetic throughout: a typed decimal or percentage is read as the `Fraction` it
spells, so "13.9%" is 139/1000, never a float.
"""

from __future__ import annotations

import re
from fractions import Fraction

from explorer.core.bounds import check_numbers, check_text
from explorer.core.errors import PositionError

_NUMBER = r"\d+(?:\.\d*)?|\.\d+"
_FRACTION = re.compile(rf"^\s*({_NUMBER})\s*/\s*({_NUMBER})\s*$", re.ASCII)
_PERCENT = re.compile(rf"^\s*({_NUMBER})\s*%\s*$", re.ASCII)
_DECIMAL = re.compile(rf"^\s*({_NUMBER})\s*$", re.ASCII)
MAX_ANSWER = 200   # characters of a typed probability


def parse_probability(text: str, field: str = "answer") -> Fraction:
    """The probability `text` spells: a fraction "5/36", a percentage "13.9%" or a decimal
    "0.139". Anything else, or a value outside 0..1, is a `PositionError` naming `field`."""
    if not isinstance(text, str):
        raise PositionError(field, f"{text!r} is not text: write a fraction like 5/36 or a percentage like 13.9%")
    check_text(text, field, MAX_ANSWER, "an answer")
    check_numbers(text, field)   # Fraction() of 5,000 digits is Python's ValueError
    if match := _FRACTION.match(text):
        top, bottom = Fraction(match[1]), Fraction(match[2])
        if bottom == 0:
            raise PositionError(field, f"{text.strip()!r} divides by zero")
        value = top / bottom
    elif match := _PERCENT.match(text):
        value = Fraction(match[1]) / 100
    elif match := _DECIMAL.match(text):
        value = Fraction(match[1])
    else:
        raise PositionError(field, f"{text.strip()!r} is not a probability: write a fraction like 5/36, "
                                   "a percentage like 13.9% or a decimal like 0.139")
    if not 0 <= value <= 1:
        raise PositionError(field, f"{text.strip()!r} is {percent(value)}, outside 0% to 100%")
    return value


def percent(value: Fraction, places: int = 1) -> str:
    """`value` as a percentage rounded to `places` decimals ("13.9%")."""
    return f"{float(value) * 100:.{places}f}%"


def within(guess: Fraction, exact: Fraction, tolerance: Fraction) -> bool:
    """True when `guess` is no further than `tolerance` (a probability, 0.005 = half a
    percentage point) from `exact`."""
    return abs(guess - exact) <= tolerance
