# The two commands: `make run` serves the judge web lookup on the embedded
# corpus at http://127.0.0.1:8000; `make test` runs the whole test suite.
# Both set up the virtual environment in .venv first (Python 3.11+ and make
# are all they need).

PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test lint docs bench clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $(STAMP)

run: $(STAMP)
	$(BIN)/rulebase serve

test: $(STAMP)
	$(BIN)/python -m pytest -n auto

docs: $(STAMP)
	$(BIN)/sphinx-build -W -b html docs docs/_build/html

lint: $(STAMP)
	$(BIN)/rulebase lint

bench: $(STAMP)
	$(BIN)/python benchmarks/parse.py
	$(BIN)/python benchmarks/search_latency.py

clean:
	rm -rf $(VENV) build dist *.egg-info
