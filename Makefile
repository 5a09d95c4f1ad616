# Two commands set everything up on a fresh machine: `make run` and `make test`.
PYTHON ?= python3
VENV ?= .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed-stamp
HEADLESS := SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy PYGAME_HIDE_SUPPORT_PROMPT=1

.PHONY: run test test-fast lint bench tournament install clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

install: $(STAMP)

run: $(STAMP)
	$(PY) -m gin_handset $(ARGS)

test: $(STAMP)
	$(HEADLESS) $(PY) -m ruff check .
	$(HEADLESS) $(PY) -m pytest

# test-fast runs the tests on every core (pytest-xdist): some 50 s of CPU in all.
test-fast: $(STAMP)
	$(HEADLESS) $(PY) -m ruff check .
	$(HEADLESS) $(PY) -m pytest -m "not slow" -n auto

lint: $(STAMP)
	$(PY) -m ruff check .

bench: $(STAMP)
	$(HEADLESS) $(PY) -m benchmarks

tournament: $(STAMP)
	$(PY) -m gin_handset.ai.tournament $(ARGS)

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache .hypothesis
