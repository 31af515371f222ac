# One command to set up and start the app, one to set up and run the tests (see README.md).
# Both create ./.venv on first use and reinstall only when pyproject.toml changes.

PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

BUNDLE_STAMP := $(VENV)/.bundle-tools
VERSION = $(shell $(BIN)/python -c "import lexsub_studio; print(lexsub_studio.__version__)")
BUNDLE_DIR := dist/lexsub-studio

.PHONY: run test test-quick lint typecheck bench clean bundle bundle-test release-bundle release-bundle-test wheel-test screenshots translations

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $(STAMP)

## Start the GUI: `make run` opens the demo lesson, `make run FILE=corpus.xml` opens a file.
run: $(STAMP)
	$(BIN)/lexsub-studio $(if $(FILE),$(FILE),--demo)

## Run the whole test suite (Qt's offscreen platform, no screen needed).
test: $(STAMP)
	QT_QPA_PLATFORM=offscreen $(BIN)/python -m pytest -q

## The core's tests without the slow ones, the GUI's or the PostgreSQL server's: under a minute
## (tests/conftest.py gives the gui and postgres markers; `make test` still runs everything).
test-quick: $(STAMP)
	QT_QPA_PLATFORM=offscreen $(BIN)/python -m pytest -q -m "not slow and not gui and not postgres" \
		--ignore-glob='tests/test_gui_*'

lint: $(STAMP)
	$(BIN)/ruff check lexsub_studio tests benchmarks

## Type-check the package as `make test` does (tests/test_types.py; [tool.mypy] in pyproject.toml).
typecheck: $(STAMP)
	$(BIN)/python -m mypy

## Print every performance figure beside its target (measurements, not pass/fail tests).
bench: $(STAMP)
	for script in benchmarks/bench_*.py; do echo "== $$script"; $(BIN)/python $$script; done

# The bundle holds every optional part too (WordNet's reader, PostgreSQL campaigns).
$(BUNDLE_STAMP): pyproject.toml $(STAMP)
	$(BIN)/python -m pip install --quiet -e '.[test,bundle,wordnet,campaign]'
	touch $(BUNDLE_STAMP)

## The standalone app for Linux: dist/lexsub-studio/ (the launchers lexsub-studio and lexsub,
## app/ and LICENSES/ inside, no Python needed) and dist/lexsub-studio-VERSION-linux-x86_64.tar.xz
## (xz: a third smaller than gzip for these libraries). See packaging/README.md.
bundle: $(BUNDLE_STAMP)
	rm -rf $(BUNDLE_DIR) dist/lexsub-studio-*.tar.*
	$(BIN)/pyinstaller --noconfirm --log-level WARN --distpath dist --workpath build/pyinstaller \
		packaging/lexsub-studio.spec
	XZ_OPT="-6 -T2" tar -C dist -cJf dist/lexsub-studio-$(VERSION)-linux-$(shell uname -m).tar.xz \
		lexsub-studio

## Build the bundle, then run its self-test and command line offscreen (tests/test_bundle.py),
## and the packaging checks that need PyInstaller (tests/test_packaging.py).
bundle-test: bundle
	LEXSUB_BUNDLE_TEST=1 QT_QPA_PLATFORM=offscreen $(BIN)/python -m pytest -q tests/test_bundle.py \
		tests/test_packaging.py

# The interpreter a release's bundle runs on: CPython built for glibc 2.34 (some 3 minutes).
RELEASE_PYTHON := build/python/bin/python3.11
RELEASE_VENV := build/release-venv
# The newest C library a release's bundle may ask for (packaging/bundle_linux.py, RELEASE_GLIBC).
RELEASE_GLIBC := 2.34
RELEASE_MAKE = LEXSUB_BUNDLE_GLIBC=$(RELEASE_GLIBC) $(MAKE) VENV=$(RELEASE_VENV) \
	PYTHON=$(CURDIR)/$(RELEASE_PYTHON)
$(RELEASE_PYTHON): packaging/build_python.sh packaging/glibc_floor.h
	packaging/build_python.sh build/python

## A release's Linux bundle (.github/workflows/release.yml): `make bundle` in a venv of its own
## over that interpreter, failing if any file of the bundle asks for a C library newer than
## RELEASE_GLIBC (RHEL 9); `make bundle` takes the build machine's Python and the C library it
## needs.
release-bundle: $(RELEASE_PYTHON)
	$(RELEASE_MAKE) bundle

## The same, then tests/test_bundle.py and tests/test_packaging.py on it.
release-bundle-test: $(RELEASE_PYTHON)
	$(RELEASE_MAKE) bundle-test

## Build the wheel and sdist (python -m build), install the wheel into a fresh venv, and run
## lexsub and the self-test from there (tests/test_wheel.py; over a minute).
wheel-test: $(STAMP)
	LEXSUB_WHEEL_TEST=1 QT_QPA_PLATFORM=offscreen $(BIN)/python -m pytest -q tests/test_wheel.py

## Render the README's and the docs' screenshots from the real app into docs/img/.
screenshots: $(STAMP)
	QT_QPA_PLATFORM=offscreen $(BIN)/python docs/screenshots.py

TRANSLATIONS := resources/translations

## Write every text of the GUI into the translators' template $(TRANSLATIONS)/lexsub_studio.ts,
## bring each language's lexsub_studio_<locale>.ts up to date and compile it to its .qm
## (docs/translating.md).
translations: $(STAMP)
	mkdir -p $(TRANSLATIONS)
	$(BIN)/pyside6-lupdate -extensions py -no-obsolete lexsub_studio/gui -ts $(TRANSLATIONS)/lexsub_studio.ts
	for ts in $(TRANSLATIONS)/lexsub_studio_*.ts; do \
		[ -e "$$ts" ] || continue; \
		$(BIN)/pyside6-lupdate -extensions py lexsub_studio/gui -ts "$$ts" && \
		$(BIN)/pyside6-lrelease "$$ts" -qm "$${ts%.ts}.qm" || exit 1; \
	done

clean:
	rm -rf $(VENV) build dist *.egg-info
