# Two commands set everything up on a fresh clone: `make demo` and `make test`.
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin

.PHONY: demo test test-colbert install lint bench clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip

# The service extra is small (FastAPI, uvicorn, httpx): `memrevise serve` works after `make demo`.
install: $(BIN)/python
	$(BIN)/python -m pip install -q -e '.[service]'

demo: install
	$(BIN)/memrevise demo

# torch first, pinned to its CPU build: an unpinned torch would pull a multi-GB CUDA build.
test: $(BIN)/python
	$(BIN)/python -m pip install -q torch==2.13.0
	$(BIN)/python -m pip install -q -e '.[test]'
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/python -m pytest

# ColBERT through PyLate, in an environment of its own: PyLate pins older sentence-transformers
# and transformers releases than the test extra takes, and its PLAID engine (fast-plaid) is
# built for one torch release, so it is left out and exact MaxSim search is what runs here.
COLBERT_VENV ?= .venv-colbert
test-colbert:
	$(PYTHON) -m venv $(COLBERT_VENV)
	$(COLBERT_VENV)/bin/python -m pip install -q --upgrade pip
	$(COLBERT_VENV)/bin/python -m pip install -q torch==2.13.0
	$(COLBERT_VENV)/bin/python -m pip install -q -e . pytest hypothesis
	$(COLBERT_VENV)/bin/python -m pip install -q --no-deps pylate==1.6.0
	$(COLBERT_VENV)/bin/python -m pip install -q sentence-transformers==5.3.0 \
		'transformers>=4.41,<=5.3.0' ujson==5.12.0 'datasets>=2.20' 'accelerate>=0.31' 'pandas>=2.2'
	MEMREVISE_REQUIRE_COLBERT=1 $(COLBERT_VENV)/bin/python -m pytest tests/test_colbert.py

bench: install
	$(BIN)/python benchmarks/bench_turns.py

clean:
	rm -rf $(VENV) $(COLBERT_VENV) .pytest_cache .ruff_cache .hypothesis *.egg-info
