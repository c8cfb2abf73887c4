"""A whole round's exact odds (`exact.exact_round`): the round as an absorbing Markov chain,
solved over Fractions; `odds.round_outcome` asks it first and samples when it is too big."""
