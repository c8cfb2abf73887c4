"""The notebooks as teaching material (issues #30 point 10, #31): generated outside `notebooks/`,
opening with how to play in one minute, no test code or internal names in front of the reader, and
every rule error once found in them checked against the model so it cannot come back.

Reader-facing prose is every markdown cell; code cells are checked for test code (asserts, state
built by hand). The word lists come from the code: option names from each game's options, component
codes from its data files, API names from the modules the notebooks use.
"""

from __future__ import annotations

import re
import sys
from fractions import Fraction
from pathlib import Path

import nbformat
import pytest

import explorer

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = ROOT / "notebooks"
GENERATORS = ROOT / "scripts" / "notebooks"
GAMES = ("sjoroveroya", "dead_mans_dice", "jolly_and_roger", "last_bottle_of_rum", "pirate_rush", "liars_dice")
PLAIN = (*GAMES, "start_here", "probabilities", "what_if")   # the notebooks a newcomer reads (interop and
# live_table speak to researchers and hosts in OpenSpiel's and the server's own terms)
ALL = sorted(p.stem for p in NOTEBOOKS.glob("*.ipynb"))
sys.path.insert(0, str(GENERATORS))


def cells(name: str) -> list:
    return nbformat.read(NOTEBOOKS / f"{name}.ipynb", as_version=4).cells


def prose(name: str) -> list[str]:
    return [c.source for c in cells(name) if c.cell_type == "markdown"]


def code(name: str) -> list[str]:
    return [c.source for c in cells(name) if c.cell_type == "code"]


def text(name: str) -> str:
    return "\n".join(prose(name))


def paragraph(name: str, word: str) -> str:
    """The markdown cell's paragraph that starts with **word**."""
    found = [p for cell in prose(name) for p in cell.split("\n") if p.startswith(f"**{word}")]
    assert found, f"{name}: no paragraph on {word}"
    return found[0]


# --- the word lists, from the code ---------------------------------------------------------------

def option_names() -> set[str]:
    """Every game's option names that are identifiers (`maroon_ends_round`), not plain words."""
    return {spec.name for g in explorer.games() for spec in type(explorer.load(g)).OPTIONS if "_" in spec.name}


def component_codes() -> set[str]:
    """Card, tile, treasure, bounty and map codes of the data files (AC53, TR19, B08, T06), the dice
    codes of Dead Man's Dice (P1-J) and the special cards of Jolly & Roger (SK, KR, TO)."""
    codes = set()
    for g in GAMES:
        ids = re.findall(r'\bid = "([^"]+)"', (ROOT / "explorer" / "games" / g / "data.toml").read_text("utf-8"))
        codes |= {i for i in ids if re.fullmatch(r"[A-Z]{1,3}\d{1,3}", i)}
    from explorer.games.last_bottle_of_rum.data import CARDS, MAPS

    codes |= set(CARDS) | set(MAPS) | {"SK", "KR", "TO"}
    return codes | {f"P{p}-{m}" for p in range(1, 7) for m in "12J"}


def api_names() -> set[str]:
    """Identifiers of the modules the notebooks call: `view_probability`, `hidden_worlds`,
    `state_from_dict`, `PositionTree`... (names with an underscore or two capitals, so the
    plain words "board" or "table" are not among them)."""
    import importlib

    modules = ["explorer", "explorer.analysis", "explorer.analysis.odds", "explorer.core.game", "widgets",
               "widgets.teach", "widgets.show", "widgets.figures"]
    modules += [f"explorer.games.{g}" for g in GAMES]
    modules += ["explorer.games.dead_mans_dice.odds", "explorer.games.sjoroveroya.odds",
                "explorer.games.jolly_and_roger.odds", "explorer.games.last_bottle_of_rum.odds",
                "explorer.games.pirate_rush.turn.scoring", "explorer.games.pirate_rush.teaching.whatif",
                "explorer.games.pirate_rush.odds"]
    names = set()
    for module in modules:
        found = importlib.import_module(module)
        names |= {n for n in dir(found) if not n.startswith("_")}
        names |= {n for c in vars(found).values() if isinstance(c, type) for n in vars(c) if not n.startswith("_")}
    return {n for n in names if "_" in n.strip("_") or (len(re.findall(r"[A-Z]", n)) >= 2 and not n.isupper())}


JARGON = ("chance node", "rules digest", "digest", "by hand", "notation (see")
WORD = re.compile(r"[A-Za-z_][A-Za-z0-9_]*(?:-[0-9J])?")


def inside_prose(source: str) -> str:
    """A markdown cell without its link targets (`(what_if.ipynb)`: file names are not prose) and its
    small print (the rule IDs, kept there on purpose)."""
    return re.sub(r"<small>.*?</small>", "", re.sub(r"\]\([^)]*\)", "]", source), flags=re.S)


def internal_words(source: str, options: set[str], codes: set[str], api: set[str]) -> list[str]:
    words = WORD.findall(inside_prose(source))
    found = [w for w in words if w in options or w in codes or w in api]
    return found + [j for j in JARGON if j in source.lower()]


# --- where the notebooks and their generators live ----------------------------------------------

def test_the_notebooks_folder_lists_notebooks_only():
    """#30 point 10: a teacher opening `notebooks/` sees notebooks, not generator scripts."""
    listed = [p.name for p in NOTEBOOKS.iterdir() if not p.name.startswith(".")]
    assert listed and all(name.endswith(".ipynb") for name in listed), listed


def test_every_notebook_is_its_generators_output():
    """Each notebook is written by scripts/notebooks/make_<name>.py: a notebook edited alone, or a
    generator edited and not run, fails here."""
    from make_all import notebooks

    def cells_but_the_minutes(notebook: str) -> str:   # a lesson edited elsewhere moves the estimate a little
        return re.sub(r"About \d+ minutes", "About N minutes", notebook)

    made = notebooks()
    assert sorted(made) == ALL
    for name, made_text in made.items():
        stored = (NOTEBOOKS / f"{name}.ipynb").read_text("utf-8")
        assert cells_but_the_minutes(stored) == cells_but_the_minutes(made_text), \
            f"{name}.ipynb is stale: run python scripts/notebooks/make_{name}.py"


# --- the opening: title, one short import, one minute of rules on a live board --------------------

@pytest.mark.parametrize("name", ALL)
def test_a_notebook_opens_with_what_it_teaches_and_how_long(name):
    first = cells(name)[0]
    assert first.cell_type == "markdown" and first.source.startswith("# ")
    assert re.search(r"\*About \d+ minutes to read and play\.\*", first.source), first.source


@pytest.mark.parametrize("game", GAMES)
def test_a_game_notebook_opens_with_how_to_play_in_one_minute(game):
    """#31 point 2: the title, a short import, then the goal, the setup and one turn on a live board,
    then the guided lesson; the notation comes last, in an appendix."""
    first = cells(game)
    assert first[1].cell_type == "code" and len(first[1].source.splitlines()) <= 3
    assert first[1].source.startswith("from widgets.teach import ")
    minute = first[2]
    assert minute.cell_type == "markdown" and minute.source.startswith("## How to play in one minute")
    for part in ("**The goal.**", "**The setup.**"):
        assert part in minute.source, f"{game}: the one-minute section lacks {part}"
    assert "**One turn.**" in minute.source or "**One round.**" in minute.source
    assert first[3].cell_type == "code" and first[3].source.startswith("Explorer(game")
    assert first[5].source == f'Lesson("{game}")'
    headings = [c.source.splitlines()[0] for c in first if c.cell_type == "markdown"]
    assert headings[-1].startswith("## Appendix: writing a position")
    assert not any("position(" in c.source for c in first[:4])


@pytest.mark.parametrize("game", GAMES)
def test_a_game_notebook_reads_in_20_to_25_minutes(game):
    """#31 point 6: the stated time is the estimate (cells.reading_minutes, made when the notebook is
    written, so a lesson edited since fails here until the notebook is made again), and at most 25 minutes."""
    from cells import reading_minutes

    nb = cells(game)
    stated = int(re.search(r"About (\d+) minutes", nb[0].source).group(1))
    assert stated == reading_minutes(nb) and 15 <= stated <= 25, (stated, reading_minutes(nb))


# --- no test code, no internal names --------------------------------------------------------------

HAND_BUILT = re.compile(r"\bassert\b|state_from_dict|\bstack=|\bpending=|\._step\(|to_dict\(\)|your_answer\s*=|"
                        r"\banswer\s*=\s*\S|my_answer")


@pytest.mark.parametrize("name", ALL)
def test_no_code_cell_carries_test_code_or_state_built_by_hand(name):
    for source in code(name):
        assert HAND_BUILT.search(source) is None, f"{name}: {source[:200]!r}"


@pytest.mark.parametrize("name", PLAIN)
def test_the_prose_has_no_option_names_codes_or_api_names(name):
    options, codes, api = option_names(), component_codes(), api_names()
    for source in prose(name):
        found = internal_words(source, options, codes, api)
        assert not found, f"{name}: {found} in {source[:160]!r}"


def test_the_word_lists_catch_what_the_issue_names():
    """The check itself: each internal name the issues quote is caught, and plain game words pass."""
    options, codes, api = option_names(), component_codes(), api_names()
    for quoted in ("maroon_ends_round", "backward_counts_any_colour", "AC53", "TR19", "B08", "T06", "P1-J",
                   "hidden_worlds", "view_probability", "a chance node", "the rules digest"):
        assert internal_words(f"The {quoted} here.", options, codes, api), quoted
    assert not internal_words("Roll the Jolly Roger die onto the board; the table of odds. See [it](what_if.ipynb).",
                              options, codes, api)


@pytest.mark.parametrize("name", ALL)
def test_your_turn_exercises_go_through_an_answer_box(name):
    """An exercise starts empty: a "Your turn" is an answer box (widgets.teach.Ask) or a lesson."""
    for source in prose(name):
        assert "**Your turn" not in source, f"{name}: a 'your turn' in prose, not an answer box"
    for source in code(name):
        if "Ask(" in source:
            assert re.search(r"Ask\(\s*\"[^\"]+", source)


# --- the rule errors of #31, each checked against the model --------------------------------------

def test_dead_mans_dice_try_it_names_the_jolly_roger_faces_right():
    """#31 error 1 (R3, R14, R17): the Jolly Roger die has no 1; on a 3 a skull, 3 or 4 stack and a
    2, 5 or 6 maroons. The sentence is read back and compared with the model's roll."""
    from explorer.games.dead_mans_dice import odds as an
    from explorer.games.dead_mans_dice.data import die_code, die_faces

    said = paragraph("dead_mans_dice", "Try it.")
    assert "has no 1" in said and "1" not in die_faces(die_code("P1-J"))
    match = re.search(r"([^.:]+) stacks on Player 1's 3; ([^.]+) maroons", said)

    def faces(words: str) -> set[str]:
        return {"S" if w == "a skull" else w for w in re.split(r", | or ", words.strip().lower())}

    game = explorer.load("dead_mans_dice", players=3)
    report = an.roll_report(game.position("step: roll\nturn: P1\nP1 pile: 1=3\nP2 pile: J=S\nP3 pile: 2=2 J=5"),
                            die_code("P1-J"))
    assert faces(match.group(1)) == {f.face for f in report.faces if f.stacks} == {"S", "3", "4"}
    assert faces(match.group(2)) == {f.face for f in report.faces if not f.stacks} == {"2", "5", "6"}


def test_pirate_rush_gambler_is_a_swap_and_the_rogue_is_described():
    """#31 error 5 (R42, R43): the Gambler's victim takes a blind tile back at the same moment; the
    Rogue's paragraph says what she does. The stated chances are the model's (C8, C9)."""
    from make_pirate_rush import gambler_gold, rogue_copper

    gambler = paragraph("pirate_rush", "The Gambler swaps.")
    assert "At the same moment the other pirate takes one of the Gambler's tiles" in gambler
    assert f"with chance {gambler_gold()}" in gambler and gambler_gold() == Fraction(1, 2)
    rogue = paragraph("pirate_rush", "The Rogue steals a copper.")
    assert "looks at one or two" in rogue and "keep it" in rogue
    assert f"with chance {rogue_copper()}" in rogue and rogue_copper() == Fraction(2, 5)


def test_pirate_rush_only_unmarked_characters_gain_a_marker():
    """#31 error 7 (R6): of the three left over only those without a marker gain one. The notebook
    says so, and its draft, played on the model, marks the Monkey alone."""
    said = text("pirate_rush")
    assert "each gain a marker" not in said and "**that has no marker** gains one" in said
    game = explorer.load("pirate_rush", players=3, advanced=False)
    drafted = (game.position("round: 1\nremoved: red ammunition, red structure, red structure, red supplies\n"
                             "row: captain, navigator, gunner, gambler, rogue, monkey\nmarkers: gambler, rogue\n"
                             "step: choose a character (P1)")
               .apply("draft captain").apply("draft navigator").apply("draft gunner"))
    assert drafted.events[-1].text == "Unchosen characters gain a marker: monkey"
    assert "Here the Gambler and the Rogue already hold a marker, so after the draft only the Monkey" in said


def test_pirate_rush_prestige_split_is_not_rounded_down():
    """#31 error 8 (E6, V5): by default a three-way tie splits the 2 into nothing, not -1 each."""
    from explorer.games.pirate_rush.teaching.whatif import give_loot
    from explorer.games.pirate_rush.turn.scoring import prestige_bonus

    said = text("pirate_rush")
    assert "rounded down" not in said and "when three or more tie, the 2 points do not split" in said
    four = explorer.load("pirate_rush", players=4, advanced=False, setup_investigations=0)
    start = four.position("round: 1\nremoved: red ammunition, red structure, red structure, red supplies\n"
                          "row: captain, navigator, gunner, quartermaster, gambler, rogue, monkey\n"
                          "step: choose a character (P1)")
    assert list(prestige_bonus(give_loot(start, {0: ["flag2"]}))) == [2, 0, 0, 0]


def test_pirate_rush_exercise_gives_what_it_says():
    """#31 error 8: the exercise says one more copper and a silver, and the code adds just those."""
    ask = next(s for s in code("pirate_rush") if "Ask(" in s)
    assert "one more copper and a silver" in ask and '[\"copper\", \"silver\"]' in ask
    assert "two more coppers" not in text("pirate_rush")


def test_start_here_summaries_follow_the_rules():
    """#31 error 9: Jolly & Roger's pirates board the merchant ships for gold (R18, R19); Pirate Rush is
    won by the highest score (E8, E9); and a newcomer meets a game before the explorer's panels."""
    said = text("start_here")
    assert "each other's ships" not in said and "most prestige" not in said
    jolly = next(line for line in said.splitlines() if line.startswith("- **Jolly & Roger**"))
    assert "merchant ships" in jolly and "board it for gold" in jolly
    rush = next(line for line in said.splitlines() if line.startswith("- **Pirate Rush**"))
    assert "the highest score" in rush
    headings = [s.splitlines()[0] for s in prose("start_here")]
    assert headings.index("## Pick a game") < headings.index("## The explorer's panels")


def test_probabilities_reads_rums_skull_die_from_the_game():
    """#31 error 10: The Last Bottle of Rum is in the explorer; its die comes from the game's data."""
    from explorer.games.last_bottle_of_rum.data import DIE

    assert "not in the explorer" not in text("probabilities")
    assert any("from explorer.games.last_bottle_of_rum.data import DIE" in s for s in code("probabilities"))
    assert sorted(DIE) == [0, 1, 1, 1, 2, 2]


def test_rum_sail_actions_are_one_cards_worth():
    """#31 error 11: two Sail actions are one Full Sail card's worth (its top half, SS)."""
    from explorer.games.last_bottle_of_rum.data import CARDS

    said = text("last_bottle_of_rum")
    assert "two Full Sail cards' worth" not in said and "a Full Sail, one card's worth of actions: two Sail" in said
    assert any(c.icons == "SS" and c.effect == "E01" for c in CARDS.values())


def test_rum_reef_and_doubloon_odds_in_the_prose_are_the_models():
    """C8: the sentence on the first tile turned up states the model's own odds."""
    from make_last_bottle_of_rum import SAIL

    from explorer.games.last_bottle_of_rum import odds as rum_odds

    odds = rum_odds.reveal_chances(explorer.load("last_bottle_of_rum", players=2).position(SAIL))
    said = text("last_bottle_of_rum")
    assert f"a reef with chance {odds['reef'].numerator}/{odds['reef'].denominator}" in said
    assert odds["reef"] == Fraction(1, 6)


def test_the_answer_box_judges_what_is_typed():
    """widgets.teach.Ask: empty at first; a fraction, percentage or decimal within half a point, a
    whole number, or words; the answer is shown only when right or asked for."""
    from widgets.teach import Ask

    ask = Ask("The chance?", Fraction(1, 6), why="One face in six.")
    assert ask.box.value == "" and ask.said.value == ""
    assert [ask.check(t) for t in ("1/6", "16.7%", "0.167", "1/5", "", "a sixth")] == \
        ["right", "right", "right", "wrong", "unreadable", "unreadable"]
    ask._say("wrong")
    assert "1/6" not in ask.said.value
    ask._say("right")
    assert "1/6 (16.7%)" in ask.said.value and "One face in six." in ask.said.value
    assert Ask("Yes or no?", "yes").check(" Yes ") == "right"
    assert Ask("How many?", 11).check("11") == "right" and Ask("How many?", 11).check("12") == "wrong"
    shown = Ask("<b>bold</b>?", "x")
    assert "<b>bold</b>" not in shown.children[0].value


@pytest.mark.parametrize("name", ALL)
def test_no_escape_shows_in_the_prose(name):
    """A generator's string escape (a backslash before a quote) never reaches the page."""
    for source in prose(name):
        assert "\\'" not in source and '\\"' not in source, f"{name}: {source[:120]!r}"
