"""Guided lessons: data files (TOML) that teach a game step by step on live positions.

A lesson is a game set-up and steps; a step is a position, a prompt, and what the learner
must do there: play a move, pick a chance outcome, or answer a probability that the model
computes. `load_lesson` validates a file against the game itself; `explorer.lessons.session`
plays it as immutable `Progress` values. No UI here: `widgets.lesson` shows one.

>>> from explorer.lessons import load_lesson, begin, attempt
>>> lesson = load_lesson("dead_mans_dice_odds")
>>> progress = attempt(begin(lesson), "1/6")
>>> progress.feedback.verdict
'right'
"""

from explorer.lessons.answers import parse_probability, percent, within
from explorer.lessons.loader import LessonError, lesson_names, lesson_path, load_lesson, parse_lesson
from explorer.lessons.model import Lesson, Question, Step
from explorer.lessons.session import Feedback, Odds, Progress, attempt, back, begin, hint, next_step, show_me

__all__ = ["Feedback", "Lesson", "LessonError", "Odds", "Progress", "Question", "Step", "attempt", "back", "begin",
           "hint", "lesson_names", "lesson_path", "load_lesson", "next_step", "parse_lesson", "parse_probability",
           "percent", "show_me", "within"]
