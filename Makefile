# Quick start: `make run` and `make test` work on a fresh machine with Python 3.11+.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
# Two installs: `make run` installs pokerscore with every optional dependency a command can use
# (the all extra: the command line, pyarrow, Dask, matplotlib); the checks and the benchmarks
# also need the dev tools, the peer libraries and Sphinx (the dev, bench and docs extras).
RUN_STAMP := $(VENV)/.installed-run
STAMP := $(VENV)/.installed
# Python's bytecode cache on, whatever the host says: with PYTHONDONTWRITEBYTECODE set (some build
# machines and containers set it) every pytest process rewrote the asserts of all the test modules
# and compiled every source again, 6 to 7 s of CPU per process collecting `make quick`'s tests.
unexport PYTHONDONTWRITEBYTECODE

.PHONY: run test quick lint typecheck unit warm docs bench clean

# The packages install with uv (which pip installs into the venv first, from PyPI), or with pip
# where uv does not install: on the shared 2-core host at load 6-13, pip took 350 s of wall time
# for `make test`'s packages (44 s of CPU: it fetches one package at a time), uv 39 s (8 s).
$(VENV)/bin/python:
	$(PYTHON) -m venv $(VENV)
	-$(BIN)/python -m pip install --quiet uv || $(BIN)/python -m pip install --quiet --upgrade pip

INSTALL = $$(if [ -x $(BIN)/uv ]; then echo $(BIN)/uv pip install --python $(BIN)/python; \
	else echo $(BIN)/python -m pip install; fi) --quiet

$(RUN_STAMP): pyproject.toml | $(VENV)/bin/python
	$(INSTALL) -e '.[all]'
	touch $(RUN_STAMP)

$(STAMP): pyproject.toml | $(VENV)/bin/python
	$(INSTALL) -e '.[dev,bench,docs,all]'
	touch $(STAMP) $(RUN_STAMP)

# The kernels compile on their first call (the hand-history ones for minutes): `make run` compiles
# those the tour uses once, so that its commands answer at once (seconds when already cached).
run: $(RUN_STAMP)
	@echo "Compiling the kernels the tour uses (a few minutes on a fresh clone, once) ..."
	$(BIN)/python -m tests.warm_kernels
	$(BIN)/pokerscore duel --verbose src/pokerscore/data/sample_deals.txt
	@echo
	@echo "pokerscore is installed in $(VENV): run $(BIN)/pokerscore --help,"
	@echo "or 'source $(BIN)/activate' first to type plain 'pokerscore'."

lint: $(STAMP)
	$(BIN)/ruff check src tests benchmarks
	$(BIN)/ruff format --check src tests benchmarks

typecheck: $(STAMP)
	$(BIN)/mypy --strict src/pokerscore

# --dist loadgroup: the tests replaying the shared random hands (tests/histories_random.py's
# random_hands, the xdist groups "random hands" and "random stud hands") run in one worker each,
# so that pokerkit plays each hand and the library enumerates each all-in EV once; every other
# test is dealt out as with --dist load.
unit: $(STAMP)
	$(BIN)/pytest -n 2 --dist loadgroup --durations=25

# Compile the Numba kernels the tests use, each once, in two processes that share the work
# (tests/warm_kernels.py): on a fresh clone compiling is half the test run, and pytest's two
# workers would compile many kernels twice. Kernels already cached load in a few seconds.
warm: $(STAMP)
	$(BIN)/python -m tests.warm_kernels

# The inner loop: the tests but the slow and cluster ones (no doctests), property tests with 10
# examples each.
quick: $(STAMP)
	$(BIN)/pytest -n 2 -q -m "not slow and not cluster" --hypothesis-profile=quick tests

# The API reference, from scratch (-E: an incremental build would not repeat an old warning).
docs: $(STAMP)
	$(BIN)/sphinx-build -q -E -W --keep-going -b html docs docs/_build/html

# The lint, the type check and the docs (one process each) run beside the warm-up (two, the
# longest: it starts at once), each target's output printed whole when it ends (-O); any failure
# stops `make test` before the tests.
test: $(STAMP)
	@$(MAKE) --no-print-directory -j 4 -O warm lint typecheck docs
	@$(MAKE) --no-print-directory unit

bench: $(STAMP)
	$(BIN)/python -m benchmarks

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache docs/_build
