# Portal: The Uncooperative Cake Acquisition Game, web edition.
#   make play    install what is missing, build, serve on http://127.0.0.1:$(PORT)/
#   make test    install test tools (pip, Debian browsers, npm runtime), lint, run pytest
#   make lint    ruff
#   make bench   page start-up benchmark (bench/page.py), then bench/engine.py if present
#   make bench-browsers   cold start in Chromium, Firefox and WebKit (bench/browsers.py)
#   make site    stage the deployable site in _site/ (what the Pages workflow uploads)
#   make clean   remove everything built (make distclean: node_modules/ too)
# Runs as root (CI) or as a user with sudo for the one apt-get step.

SHELL := /bin/bash
.SHELLFLAGS := -eu -o pipefail -c
PYTHON ?= python3
PORT ?= 8000
STAMPS := .make
# The suite runs on one pytest-xdist worker per core, up to four (the longest tests go first,
# tests/conftest.py): on this project's 2-core machines 12-16 minutes on two workers on a
# quiet day (3-4 December; 19-24 when the machine is shared) against 16-17 in one process,
# since most of a page test is a browser starting Python. `make test PYTEST_ARGS=` runs it
# in one process.
JOBS ?= $(shell n=$$(nproc 2>/dev/null || echo 1); [ $$n -gt 4 ] && n=4; echo $$n)
PYTEST_ARGS ?= $(if $(filter 1,$(JOBS)),,-n $(JOBS) --dist worksteal)

.PHONY: play serve build runtime config wheel pybundle image precache site test test-deps pip-deps chromium \
        engines lint typecheck bench bench-browsers clean distclean

# ---- runtime from the npm registry --------------------------------------------------------
# npm ci writes node_modules/.package-lock.json: it is the stamp of a complete install.
node_modules/.package-lock.json: package.json package-lock.json
	npm ci --no-audit --no-fund
	@touch $@

runtime: node_modules/.package-lock.json
	$(PYTHON) tools/build_runtime.py

# pyscript.toml's [files] follow py/. In CI the committed file must already be up to date.
config:
ifdef CI
	$(PYTHON) tools/gen_config.py --check
else
	$(PYTHON) tools/gen_config.py
endif

# The page's Python in one archive with bytecode compiled by Pyodide (rebuilt when py/ changed).
pybundle: runtime
	$(PYTHON) tools/build_pybundle.py

# The engine as the cakegame wheel (pip + setuptools from PyPI), with Pyodide bytecode for
# the page, which installs it through micropip (rebuilt when py/cakegame changed).
wheel: runtime
	$(PYTHON) tools/build_wheel.py

# Pyodide's memory once Python has started, which js/interpreter.mjs can start from
# (rebuilt when the runtime changed).
image: runtime
	$(PYTHON) tools/build_image.py

precache: runtime config wheel pybundle image
	$(PYTHON) tools/gen_precache.py

build: runtime config wheel pybundle image precache

# ---- serve --------------------------------------------------------------------------------
play: build serve

serve:
	@echo ""
	@echo "  Serving the game at  http://127.0.0.1:$(PORT)/"
	@echo "  (Ctrl+C stops it; add ?sw=off to the address to bypass the offline cache)"
	@echo ""
	$(PYTHON) -m http.server --bind 127.0.0.1 --directory "$(CURDIR)" $(PORT)

site: build
	$(PYTHON) tools/stage_site.py _site

# ---- tests --------------------------------------------------------------------------------
$(STAMPS)/pip: requirements-dev.txt
	$(PYTHON) -m pip install --quiet --disable-pip-version-check -r requirements-dev.txt
	@mkdir -p $(STAMPS) && touch $@

pip-deps: $(STAMPS)/pip

chromium:
	@if [ ! -x /usr/bin/chromium ]; then \
	  if [ "$$(id -u)" = 0 ]; then SUDO=; \
	  elif command -v sudo >/dev/null; then SUDO=sudo; \
	  else echo "Chromium is missing: apt-get install chromium chromium-driver (as root)"; exit 1; fi; \
	  echo "Installing Debian's chromium (browser tests)"; \
	  $$SUDO apt-get update -q; \
	  DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -q chromium chromium-driver; \
	fi

# Firefox and WebKit for tests/test_engines.py (WebKitGTK draws into an Xvfb display).
OTHER_ENGINES := /usr/bin/firefox-esr /usr/bin/WebKitWebDriver /usr/bin/Xvfb
engines:
	@if ! ls $(OTHER_ENGINES) >/dev/null 2>&1; then \
	  if [ "$$(id -u)" = 0 ]; then SUDO=; \
	  elif command -v sudo >/dev/null; then SUDO=sudo; \
	  else echo "Firefox/WebKit missing: apt-get install firefox-esr webkit2gtk-driver xvfb"; \
	    exit 1; fi; \
	  echo "Installing Debian's firefox-esr, webkit2gtk-driver and xvfb (browser tests)"; \
	  $$SUDO apt-get update -q; \
	  DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -q --no-install-recommends \
	    firefox-esr webkit2gtk-driver xvfb; \
	fi

test-deps: pip-deps chromium engines build

lint: pip-deps
	$(PYTHON) -m ruff check .

# The type checker reads py/ as pyproject.toml's [tool.mypy] says.
typecheck: pip-deps
	$(PYTHON) -m mypy

# Lint, type check and tests all run; any failing fails the target.
test: test-deps
	@lint=0; $(PYTHON) -m ruff check . || lint=$$?; \
	$(PYTHON) -m mypy || lint=$$?; \
	$(PYTHON) -m pytest $(PYTEST_ARGS) || exit $$?; \
	if [ $$lint != 0 ]; then echo "make test: ruff or mypy found problems (above)"; exit $$lint; fi

bench: pip-deps chromium build
	$(PYTHON) bench/page.py
	@if [ -f bench/engine.py ]; then $(PYTHON) bench/engine.py; fi

bench-browsers: pip-deps chromium engines build
	$(PYTHON) bench/page.py --engines chromium,firefox,webkit

clean:
	rm -rf runtime/ build/ _site/ $(STAMPS)/ sw-precache.js tests/artifacts/ bench/results/ \
	  .pytest_cache/ .ruff_cache/ .mypy_cache/
	find . -name __pycache__ -type d -not -path "./node_modules/*" -prune -exec rm -rf {} +

distclean: clean
	rm -rf node_modules/
