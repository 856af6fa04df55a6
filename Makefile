# The two commands of the README: `make run` and `make test` (the whole suite, as CI runs
# it); `make check` is the inner loop's gate (README, "Tests").
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
# The pure-Python mode's environment (README, "Two modes"): the app without its `fast`
# extra, and the tools of its test run.
PURE := .venv-pure
PURE_BIN := $(PURE)/bin
# What `make test` runs a second time there (tests/pure_mode.py holds that run to no
# compiled module): the conformance suite with its leak tests, the JSON API, the server's
# bounds and a restart, a game night in Chromium.
PURE_TESTS ?= tests/test_conformance.py tests/web/test_api.py tests/test_serving.py \
	tests/test_restart.py tests/e2e/test_evening_browser.py
HOST ?= 0.0.0.0
PORT ?= 5000

SOAK_MINUTES ?= 15
SOAK_FACTOR ?= 5
SOAK_SEED ?=
SOAK_SELECT ?= tests

.PHONY: run test check soak lint bench clean

run: $(VENV)/.installed
	$(BIN)/companion serve --host $(HOST) --port $(PORT)

# Workers take whole modules, and a class apiece where a module splits its matrix so that
# they share it (the browsers' accessibility and narrow-phone matrices).
PYTEST := $(BIN)/python -m pytest -n auto --dist loadscope

test: $(VENV)/.installed-test $(PURE)/.installed
	$(BIN)/ruff check .
	$(BIN)/mypy
	$(PYTEST)
	$(PURE_BIN)/python -m pytest -p tests.pure_mode -n auto --dist loadscope $(PURE_TESTS)

# Every test but the slow whole-system ones (marked `slow`: the browsers' game flows and the
# other languages, sizes and themes of their matrices, real servers, the wheel in a new venv,
# schemathesis, hundreds of whole games, the new game in a copy of the project), with a
# quarter of the property examples and random walks and no screenshots: under 3 minutes on
# 2 cores.
check: $(VENV)/.installed-test
	$(BIN)/ruff check .
	$(BIN)/mypy
	HYPOTHESIS_PROFILE=check E2E_SCREENSHOTS=0 $(PYTEST) -m "not slow"

# The property tests with fresh random examples, SOAK_FACTOR times as many, round after
# round for SOAK_MINUTES; each failure printed with the seed that replays it (SOAK_SEED).
soak: $(VENV)/.installed-test
	$(BIN)/python -m tests.soak --minutes $(SOAK_MINUTES) --factor $(SOAK_FACTOR) \
		$(if $(SOAK_SEED),--seed $(SOAK_SEED)) $(SOAK_SELECT)

lint: $(VENV)/.installed-test
	$(BIN)/ruff check .
	$(BIN)/mypy

bench: $(VENV)/.installed-test
	$(BIN)/python bench/run.py

$(VENV)/bin/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(VENV)/.installed: pyproject.toml | $(VENV)/bin/python
	$(BIN)/python -m pip install --quiet -e '.[fast]'
	touch $@

$(VENV)/.installed-test: pyproject.toml | $(VENV)/bin/python
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $@ $(VENV)/.installed

# MarkupSafe (under Jinja) from its source with no compiler to be found (CC=false): it
# builds without its C speed-up, as on a tablet; every other dependency is pure Python.
$(PURE)/.installed: pyproject.toml
	$(PYTHON) -m venv $(PURE)
	$(PURE_BIN)/python -m pip install --quiet --upgrade pip
	CC=false CXX=false PIP_NO_BINARY=markupsafe \
		$(PURE_BIN)/python -m pip install --quiet -e '.[test-pure]'
	touch $@

clean:
	rm -rf $(VENV) $(PURE) *.egg-info build
