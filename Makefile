# Reel — set-up, build, test and demo in one place. Every target installs what is missing.
SWIFT ?= swift
DEMO_DIR ?= Examples/media
# Extra flags for the debug builds of `make test` and `make fuzz` (CI sets
# `-Xswiftc -gline-tables-only`: line tables only, a faster build from a clean clone)
SWIFT_BUILD_FLAGS ?=
export SWIFT_BUILD_FLAGS

.PHONY: all deps build test demo format clean bench fuzz schema

all: build

## deps: install the Debian packages Reel needs (apt; sudo when not root)
deps:
	@./scripts/install-deps.sh

## build: release build of the `reel` tool at .build/release/reel
build: deps
	$(SWIFT) build -c release --product reel

## test: install, fetch the real-world test clips, build and run the whole test suite
test: deps
	./scripts/fetch-test-media.sh
	python3 scripts/check-schema.py
	$(SWIFT) build --build-tests $(SWIFT_BUILD_FLAGS)
	$(SWIFT) test --skip-build --disable-xctest $(SWIFT_BUILD_FLAGS)

## schema: regenerate schema/reel-template.schema.json and the generated tables of docs/ from
## the format description in Sources/ReelProject/Format, and the typed CIFilterBuiltins forms
## from the filter catalog (tests fail while any of them is stale)
schema:
	$(SWIFT) build --product reel
	.build/debug/reel schema --write-docs .

## demo: install, build, and render the demo video from media Reel makes itself
demo: build
	.build/release/reel demo -o $(DEMO_DIR)

## bench: release build, then Reel against ffmpeg on 1080p jobs (BENCH_RUNS=5 for more runs),
## then `reel preview` in headless Chromium (bench/preview_bench.py; BENCH_LONG=0: 2 minutes)
## (the benchmark programs are the package in Benchmarks/, built into Benchmarks/.build)
bench: deps
	$(SWIFT) build -c release --product reel
	cd Benchmarks && $(SWIFT) build -c release --product ReelBenchmarks
	python3 bench/bench.py
	python3 bench/preview_bench.py

## fuzz: build the libFuzzer targets in Fuzz/ and run each for FUZZ_TIME seconds (default 60)
fuzz: deps
	./scripts/fuzz.sh

## format: run swift-format over the sources and tests
format:
	$(SWIFT) format -i -r Sources Tests Package.swift Fuzz/Sources Fuzz/Package.swift \
	  Benchmarks/Sources Benchmarks/Package.swift

clean:
	rm -rf .build Benchmarks/.build
