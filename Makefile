# Chimera: build the static site, serve it, test everything.
#
#   make build   the whole static site in dist/ (wasm, engine worker, pages, icons, .gz copies)
#   make run     build, then serve dist/ on http://127.0.0.1:8080
#   make test    gofmt check, go vet, go test (native), the WASM tests of game/ and ai/
#                under Node, then the browser tests (headless Chromium)
#   make bench   Go benchmarks (native); make bench-wasm: the same under Node
#
# Variables: DIST (dist), ADDR (127.0.0.1:8080), CHROMIUM (/usr/bin/chromium).
# make build compresses main.wasm and engine.wasm with zopfli when it is installed
# (apt-get install zopfli; about 5% smaller than Go's gzip, ~30 s more); make run
# skips that.

GO        ?= go
DIST      ?= dist
ADDR      ?= 127.0.0.1:8080
GOROOT    := $(shell $(GO) env GOROOT)
# Go 1.24 moved the wasm support files from misc/wasm to lib/wasm.
WASM_DIR  := $(firstword $(wildcard $(GOROOT)/lib/wasm $(GOROOT)/misc/wasm))
WASM_EXEC := $(WASM_DIR)/go_js_wasm_exec
WASM_ENV  := GOOS=js GOARCH=wasm
WASM_BUILD_FLAGS := -trimpath -ldflags="-s -w"
BIN       := tests/browser/.bin

# Packages that exist now (the build and tests skip what is not written yet).
HAVE_WASM   := $(wildcard cmd/wasm/*.go)
HAVE_ENGINE := $(wildcard cmd/engine/*.go)
WASM_TEST_PKGS := $(foreach d,game ai,$(if $(wildcard $(d)/*.go),./$(d)/...))

.PHONY: all build wasm engine site run serve test fmtcheck vet gotest wasmtest browsertest \
	browser-deps bench bench-wasm clean

all: build

## build: the static site in $(DIST)/
build:
	@rm -rf $(DIST)
	@mkdir -p $(DIST)
	@$(MAKE) --no-print-directory wasm engine site

wasm:
ifneq ($(HAVE_WASM),)
	@echo "build: $(DIST)/main.wasm (./cmd/wasm)"
	$(WASM_ENV) $(GO) build $(WASM_BUILD_FLAGS) -o $(DIST)/main.wasm ./cmd/wasm
else
	@echo "build: SKIPPED main.wasm: ./cmd/wasm does not exist yet (the page will say main.wasm is missing)"
endif

engine:
ifneq ($(HAVE_ENGINE),)
	@echo "build: $(DIST)/engine.wasm (./cmd/engine)"
	$(WASM_ENV) $(GO) build $(WASM_BUILD_FLAGS) -o $(DIST)/engine.wasm ./cmd/engine
else
	@echo "build: SKIPPED engine.wasm: ./cmd/engine does not exist yet (no computer opponent)"
endif

site:
	@mkdir -p $(DIST)
	cp $(WASM_DIR)/wasm_exec.js $(DIST)/wasm_exec.js
	$(GO) run ./web/sitebuild -web web -dist $(DIST) $(SITEBUILD_FLAGS)

## run: build (with the quick compressor), then serve the site and print its URL
run:
	@$(MAKE) --no-print-directory build SITEBUILD_FLAGS=-fast
	@$(MAKE) --no-print-directory serve

serve:
	$(GO) run ./cmd/serve -dir $(DIST) -addr $(ADDR)

## test: everything that CI runs
test: fmtcheck vet gotest wasmtest browsertest

fmtcheck:
	@out="$$(gofmt -l $$(git ls-files '*.go' 2>/dev/null || find . -name '*.go' -not -path './tests/browser/node_modules/*'))"; \
	if [ -n "$$out" ]; then echo "gofmt: these files need gofmt -w:"; echo "$$out"; exit 1; fi; \
	echo "gofmt: ok"

vet:
	$(GO) vet ./...
ifneq ($(HAVE_WASM)$(HAVE_ENGINE),)
	$(WASM_ENV) $(GO) vet $(if $(HAVE_WASM),./cmd/wasm) $(if $(HAVE_ENGINE),./cmd/engine)
endif

gotest:
	$(GO) test ./...

wasmtest:
ifneq ($(WASM_TEST_PKGS),)
	$(WASM_ENV) $(GO) test -exec="$(WASM_EXEC)" $(WASM_TEST_PKGS)
else
	@echo "wasmtest: SKIPPED: game/ and ai/ do not exist yet"
endif

browser-deps:
	@if [ ! -d tests/browser/node_modules/playwright-core ]; then \
		echo "browser tests: installing playwright-core (npm ci)"; \
		cd tests/browser && npm ci --no-audit --no-fund; fi

browsertest: build browser-deps
	@mkdir -p $(BIN)
	$(GO) build -o $(BIN)/serve ./cmd/serve
	cd tests/browser && CHIMERA_DIST="$(abspath $(DIST))" CHIMERA_SERVE="$(abspath $(BIN))/serve" \
		node --test --test-concurrency=1 *.test.mjs

bench:
	$(GO) test -run='^$$' -bench=. -benchmem ./...

bench-wasm:
ifneq ($(WASM_TEST_PKGS),)
	$(WASM_ENV) $(GO) test -exec="$(WASM_EXEC)" -run='^$$' -bench=. -benchmem $(WASM_TEST_PKGS)
endif

clean:
	rm -rf $(DIST) $(BIN) tests/browser/test-output
