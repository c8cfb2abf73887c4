"""The words of the events a step reports most often (`events`), each sentence made once per
set of values, so the model's step formats no text it has formatted before."""
