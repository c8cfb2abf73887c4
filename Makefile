# Two commands for a fresh machine with Python 3.11+ (see README):
#   make explore   set up on first use, then open JupyterLab on notebooks/start_here.ipynb
#   make test      set up on first use, then run the whole test suite
#   make quick     the quick tier: lint and the unit tests (no browser, notebooks or long
#                  property, solver, kernel and fuzz files), about a minute
#   make lite      build the JupyterLite site (every notebook, no server) into build/lite/site
#   make new-game NAME=my_game   a new registered game in the standard skeleton (docs/new_game.md)
PYTHON ?= python3
VENV ?= .venv

.PHONY: explore test quick setup lint bench clean lite new-game

ROOT_FLAG := $(if $(filter 0,$(shell id -u)),--allow-root,)

explore: $(VENV)/.ready
	BOKEH_RESOURCES=inline PANEL_INLINE=true $(VENV)/bin/jupyter lab $(ROOT_FLAG) notebooks/start_here.ipynb

test: $(VENV)/.ready
	./scripts/test

quick: $(VENV)/.ready
	$(VENV)/bin/ruff check explorer widgets apps tests benchmarks lite scripts/notebooks
	$(VENV)/bin/pytest tests -q -p no:cacheprovider -m "not slow and not browser" --ignore=tests/browser

setup: $(VENV)/.ready

$(VENV)/.ready: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(VENV)/bin/pip install -q --upgrade pip
	$(VENV)/bin/pip install -q -e '.[all,test,lite]'
	# an editable install skips the package's data files: enable the Jupyter server extension here
	mkdir -p $(VENV)/etc/jupyter/jupyter_server_config.d
	cp jupyter-config/pirate_rules_explorer.json $(VENV)/etc/jupyter/jupyter_server_config.d/
	touch $@

lint: $(VENV)/.ready
	$(VENV)/bin/ruff check explorer widgets apps tests benchmarks lite scripts/notebooks

lite: $(VENV)/.ready
	$(VENV)/bin/python lite/build.py --out build/lite

new-game: $(VENV)/.ready
	$(VENV)/bin/python -m explorer new-game $(NAME)

bench: $(VENV)/.ready
	$(VENV)/bin/python benchmarks/playouts.py

clean:
	rm -rf $(VENV) test-artifacts .pytest_cache .hypothesis
