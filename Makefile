# The workbench's set-up and checks. `make lab` opens the workbench, `make test` runs every test.
PY     ?= python3
VENV   ?= .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed-stamp
ROOT   := $(shell [ "$$(id -u)" = 0 ] && echo --allow-root)
PORT   ?= 8888
GAME   ?= life

.PHONY: install compile system-deps vendor lab test test-slow lint bench bench-full app cli export clean

# examples/pig is a game package of its own (made by `workbench new`), installed beside the workbench.
# Each step says what it does and what it took: a first install is minutes of pip.
SAY    = @echo "[$$(date +%H:%M:%S)] set-up:"
$(STAMP): pyproject.toml examples/pig/pyproject.toml
	$(SAY) "1/4 creating the virtual environment $(VENV)"
	@$(PY) -m venv $(VENV)
	$(SAY) "2/4 upgrading pip"
	@$(BIN)/python -m pip install -q --upgrade pip
	$(SAY) "3/4 installing the workbench and its dependencies (a first install takes 1-5 minutes)"
	@$(BIN)/python -m pip install -q -e '.[dev]'
	$(SAY) "4/4 installing examples/pig"
	@$(BIN)/python -m pip install -q --no-deps -e examples/pig
	@touch $(STAMP)
	$(SAY) "done"

install: $(STAMP)

# The engine kernel and every game's rules compiled as they are written (Cython, pure-Python
# mode) into build/compiled/, never beside the sources; used only with WORKBENCH_COMPILED=1 and
# only for a module whose .py is unchanged since (workbench/compiled.py). Rebuilds what changed;
# without Cython or a C compiler one line and nothing else. A first build takes minutes, so
# `make install` does not run it (its gain is mixed: docs/compiled.md): `make compile` opts in.
compile: $(STAMP)
	$(SAY) "compiling the kernel and the rules into build/compiled/ (off unless WORKBENCH_COMPILED=1)"
	@$(BIN)/python scripts/compile.py

# Debian packages the tests need (Chromium, fonts incl. CJK); needs root or sudo.
system-deps:
	$(SAY) "Debian packages (Chromium, fonts, npm) if missing"
	@bash scripts/system-deps.sh

# Pinned JavaScript for offline HTML export, taken from the npm registry.
vendor:
	$(SAY) "pinned JavaScript for offline reports (npm) if missing"
	@if [ -x scripts/vendor-js.sh ]; then bash scripts/vendor-js.sh; fi

lab: install
	$(BIN)/jupyter lab --notebook-dir=notebooks --ServerApp.ip=127.0.0.1 --ServerApp.port=$(PORT) $(ROOT)

lint: install
	$(SAY) "lint (ruff, then mypy: about a minute)"
	@$(BIN)/ruff check workbench tests bench
	@$(BIN)/ruff format --check workbench tests bench scripts examples
	@$(BIN)/mypy

test: install system-deps vendor lint
	$(BIN)/python -m pytest -n 2 -m "not slow" --nbmake tests workbench notebooks

test-slow: install system-deps vendor
	$(BIN)/python -m pytest -n 2 -m slow tests

# A few minutes: every bench script with small arguments (scripts/bench.py's QUICK), each to
# the end, every figure printed beside its goal; exit 0 when every bench ran (a missed goal
# is printed, not a failure). `make bench-full` runs each with its own defaults: the long runs.
# The benches' anchors (OpenSpiel's Pig and MCTS: the optional extra `bench`), installed once.
BENCH_STAMP := $(VENV)/.bench-stamp
$(BENCH_STAMP): $(STAMP)
	$(SAY) "the benches' anchors (the extra 'bench': OpenSpiel)"
	@$(BIN)/python -m pip install -q -e '.[bench]'
	@touch $(BENCH_STAMP)

bench: install $(BENCH_STAMP)
	$(BIN)/python scripts/bench.py

bench-full: install $(BENCH_STAMP)
	$(BIN)/python scripts/bench.py --full

# make app GAME=ghost [PORT=8866]: without PORT= on the command line a free port is taken.
app: install
	$(BIN)/workbench app $(GAME) $(if $(filter command line,$(origin PORT)),--port $(PORT))

# make cli ARGS='dice 3D+2 --json': any workbench command without activating the venv.
cli: install
	$(BIN)/workbench $(ARGS)

# Re-makes every report in build/reports/ (one progress line per notebook; a notebook
# that runs past its time limit stops with a line naming its cell).
export: install vendor
	$(BIN)/workbench export --all

clean:
	rm -rf build .pytest_cache .mypy_cache .ruff_cache
