# One command to set up and start the app, one to set up and run the tests (see README.md).
# Both create ./.venv on first use and reinstall only when pyproject.toml changes.

PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test lint bench clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $(STAMP)

## Start the GUI: `make run` opens the bundled demo, `make run FILE=corpus.xml` opens a file.
run: $(STAMP)
	$(BIN)/lexsub-studio $(FILE)

## Run the whole test suite (Qt's offscreen platform, no screen needed).
test: $(STAMP)
	QT_QPA_PLATFORM=offscreen $(BIN)/python -m pytest -q

lint: $(STAMP)
	$(BIN)/ruff check lexsub_studio tests benchmarks

## Print every performance figure beside its target (measurements, not pass/fail tests).
bench: $(STAMP)
	for script in benchmarks/bench_*.py; do echo "== $$script"; $(BIN)/python $$script; done

clean:
	rm -rf $(VENV) build *.egg-info
