# Chimera: build the static site, serve it, test everything.
#
#   make build   the whole static site in dist/ (wasm, engine worker, pages, icons, .gz copies)
#   make run     build, then serve dist/ on http://127.0.0.1:8080
#   make test    gofmt check, go vet, go test (native), the WASM tests of game/ and ai/
#                under Node, then the browser tests (Chromium, Firefox ESR, WebKitGTK)
#   make bench   Go benchmarks (native); make bench-wasm: the same under Node;
#                make bench-search: the search's nodes/s natively and under Node in one run
#
# Variables: DIST (dist), ADDR (127.0.0.1:8080), CHROMIUM (/usr/bin/chromium),
# CHIMERA_BROWSERS (the browser tests' engines: chromium,firefox,webkit, all by default).
# make build compresses main.wasm and engine.wasm with zopfli when it is installed
# (apt-get install zopfli; about 5% smaller than Go's gzip, ~30 s more) and writes
# brotli copies when brotli is installed (apt-get install brotli; about 25% smaller
# than gzip, ~30 s more); make run skips both.

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
# wasmjump (cmd/wasmjump) makes the jumps of Go's wasm output direct and its
# innermost loops without calls WebAssembly loops: the search runs about 20-50%
# faster. It runs on every wasm the site ships and on every wasm test binary,
# so the tests test what ships.
WASMJUMP  := $(abspath $(BIN))/wasmjump

# The packages whose tests also run as WebAssembly under Node.
WASM_TEST_PKGS := ./game/... ./ai/...

.PHONY: all build wasm engine site run serve test fmtcheck vet gotest wasmtest browsertest \
	browser-deps bench bench-wasm bench-search clean wasmjump

all: build

## build: the static site in $(DIST)/
build:
	@rm -rf $(DIST)
	@mkdir -p $(DIST)
	@$(MAKE) --no-print-directory wasm engine site

wasm: wasmjump
	@echo "build: $(DIST)/main.wasm (./cmd/wasm)"
	$(WASM_ENV) $(GO) build $(WASM_BUILD_FLAGS) -o $(DIST)/main.wasm ./cmd/wasm
	$(WASMJUMP) $(DIST)/main.wasm

engine: wasmjump
	@echo "build: $(DIST)/engine.wasm (./cmd/engine)"
	$(WASM_ENV) $(GO) build $(WASM_BUILD_FLAGS) -o $(DIST)/engine.wasm ./cmd/engine
	$(WASMJUMP) $(DIST)/engine.wasm

wasmjump:
	@mkdir -p $(BIN)
	$(GO) build -o $(WASMJUMP) ./cmd/wasmjump

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
	@out="$$( (git ls-files '*.go' 2>/dev/null || find . -name '*.go' -not -path './tests/browser/node_modules/*') | \
		while read -r f; do [ -f "$$f" ] && echo "$$f"; done | xargs -r gofmt -l)"; \
	if [ -n "$$out" ]; then echo "gofmt: these files need gofmt -w:"; echo "$$out"; exit 1; fi; \
	echo "gofmt: ok"

vet:
	$(GO) vet ./...
	$(WASM_ENV) $(GO) vet ./cmd/wasm ./cmd/engine ./render/...

gotest:
	$(GO) test ./...

wasmtest: wasmjump
	$(WASM_ENV) $(GO) test -exec="$(WASMJUMP) -exec $(WASM_EXEC)" $(WASM_TEST_PKGS)

browser-deps:
	@if [ ! -d tests/browser/node_modules/playwright-core ] || [ ! -d tests/browser/node_modules/puppeteer-core ]; then \
		echo "browser tests: installing playwright-core and puppeteer-core (npm ci)"; \
		cd tests/browser && npm ci --no-audit --no-fund; fi

browsertest: build browser-deps
	@mkdir -p $(BIN)
	$(GO) build -o $(BIN)/serve ./cmd/serve
	$(GO) build -o $(BIN)/refpos ./tests/browser/refpos
	cd tests/browser && CHIMERA_DIST="$(abspath $(DIST))" CHIMERA_SERVE="$(abspath $(BIN))/serve" \
		CHIMERA_REFPOS="$(abspath $(BIN))/refpos" \
		node --test --test-concurrency=1 *.test.mjs

bench:
	$(GO) test -run='^$$' -bench=. -benchmem ./...

bench-wasm: wasmjump
	$(WASM_ENV) $(GO) test -exec="$(WASMJUMP) -exec $(WASM_EXEC)" -run='^$$' -bench=. -benchmem $(WASM_TEST_PKGS)

bench-search:
	tools/searchspeed.sh 5

clean:
	rm -rf $(DIST) $(BIN) tests/browser/test-output
