"""Every public reader, fed a few hundred seeded hostile and careless inputs (tests/boundary_inputs.py),
raises only the project's errors; benchmarks/boundary_fuzz.py runs 10,000 per boundary."""

import collections

import pytest
from boundary_inputs import boundaries, run

TABLE = boundaries(seed=0)
COUNT = 300


@pytest.mark.parametrize("boundary", list(TABLE))
def test_a_few_hundred_inputs_give_only_project_errors(boundary):
    outcomes = collections.Counter()
    bugs = []
    for result, value in run(boundary, COUNT, seed=0, table=TABLE):
        outcomes[result.partition(":")[0]] += 1
        if result.startswith("other:"):
            bugs.append((result, repr(value)[:300]))
    assert bugs == []
    assert sum(outcomes.values()) == COUNT
    assert 0 < outcomes["accepted"] < COUNT, outcomes   # the inputs reach past the first check, and are refused


def test_the_fuzzer_reports_a_reader_that_crashes():
    from boundary_inputs import outcome

    assert outcome(lambda: {}["x"]) == "other:KeyError: 'x'"
    assert outcome(lambda: None) == "accepted"
