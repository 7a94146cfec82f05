# dcnet - build, test, benchmark and install.
#
#   make            build/libdcnet.a, build/libdcnet.so, build/dcnet, and the
#                   Python package's extension python/dcnet/_dcnet*.so where
#                   python3-dev is installed (docs/python.md)
#   make demo       install missing Debian packages (as root), build, run the main job
#   make check      the same, then every test: release build, ASan+UBSan build,
#                   ThreadSanitizer build (runtime tests, parallel sweeps),
#                   CLI tests under valgrind, a short fuzz run, and the
#                   Python package's tests (make test-python)
#   make bench      benchmarks (bench/), ratios against in-run baselines
#   make fuzz       libFuzzer targets for the spec parser, the graph and tree
#                   loaders and the sweep journal
#   make install PREFIX=/usr/local [LIBDIR=...] [DESTDIR=...]; make uninstall
#
# Variables a packager sets: CC, CFLAGS, CPPFLAGS, LDFLAGS, PREFIX, LIBDIR,
# INCLUDEDIR, BINDIR, MANDIR, DESTDIR; WITH_SCOTCH=0, WITH_PLANARITY=0,
# WITH_MPI=0, WITH_GLPK=0 build without an optional part even where it is
# installed (its tests are then reported as skipped). Objects depend on
# the headers they include (-MMD -MP), and the build records no path of
# the checkout (-ffile-prefix-map, ar D): two clones build the same bytes.
#
# Optional parts are found at build time: the planarity library
# (libplanarity-dev) enables `dcnet net --planar`; SCOTCH (libscotch-dev)
# enables `dcnet embed --map scotch`.

CC      ?= cc
PREFIX  ?= /usr/local
LIBDIR  ?= $(PREFIX)/lib
INCLUDEDIR ?= $(PREFIX)/include
BINDIR  ?= $(PREFIX)/bin
MANDIR  ?= $(PREFIX)/share/man
WITH_SCOTCH ?= 1
WITH_PLANARITY ?= 1
WITH_MPI ?= 1
WITH_GLPK ?= 1
# The library's version (include/dcnet/base.h is the one place it is
# written) and its ABI: libdcnet.so.$(SOMAJOR) is the SONAME.
VERSION := $(shell sed -n 's/^#define DN_VERSION "\(.*\)"/\1/p' include/dcnet/base.h)
SOMAJOR := $(shell sed -n 's/^#define DN_VERSION_MAJOR \([0-9]*\)/\1/p' include/dcnet/base.h)
SONAME  := libdcnet.so.$(SOMAJOR)
BUILD   ?= build
ASAN    := $(BUILD)/asan
TSAN    := $(BUILD)/tsan
FUZZ_SECONDS ?= 20

WARN    := -Wall -Wextra -Wpedantic -Wshadow -Wconversion -Wsign-conversion
BASEFLAGS := -std=c11 -D_POSIX_C_SOURCE=200809L -D_DEFAULT_SOURCE -Iinclude $(WARN) -fvisibility=hidden \
             -MMD -MP -ffile-prefix-map=$(CURDIR)=. $(CPPFLAGS)
CFLAGS  ?= -O2 -g
SANFLAGS := -DDN_DEBUG -O1 -g -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all
TSANFLAGS := -DDN_DEBUG -O1 -g -fsanitize=thread -fno-omit-frame-pointer

HAVE_PLANARITY := $(if $(filter 1,$(WITH_PLANARITY)),$(shell test -f /usr/include/planarity/graph.h && echo 1))
ifeq ($(HAVE_PLANARITY),1)
  OPTDEFS += -DDN_HAVE_PLANARITY
  OPTLIBS += -lplanarity
endif
HAVE_SCOTCH := $(if $(filter 1,$(WITH_SCOTCH)),$(shell test -f /usr/include/scotch/scotch.h && echo 1))
ifeq ($(HAVE_SCOTCH),1)
  OPTDEFS += -DDN_HAVE_SCOTCH
  OPTLIBS += -lscotch # dcnet defines SCOTCH's error handlers (src/embed/map_scotch.c)
endif
# Open MPI (libopenmpi-dev) enables `dcnet exec --backend mpi`: its include
# and link flags come from mpicc itself.
HAVE_MPI := $(if $(filter 1,$(WITH_MPI)),$(shell command -v mpicc >/dev/null 2>&1 && echo 1))
ifeq ($(HAVE_MPI),1)
  OPTDEFS += -DDN_HAVE_MPI $(shell mpicc --showme:compile)
  OPTLIBS += $(shell mpicc --showme:link)
endif
# GLPK (libglpk-dev) enables `dcnet balance --algo optimal`, the
# centralised min-cost plan (out-of-kilter) the protocol is compared with.
HAVE_GLPK := $(if $(filter 1,$(WITH_GLPK)),$(shell test -f /usr/include/glpk.h && echo 1))
ifeq ($(HAVE_GLPK),1)
  OPTDEFS += -DDN_HAVE_GLPK
  OPTLIBS += -lglpk
endif
LIBS := $(OPTLIBS) -lpthread -lm

# Provenance baked into the CLI (buildinfo.c: the demo report's head and
# `dcnet --version`): the commit as `git describe --always --dirty` gives it
# when this directory is a checkout's top (not a tarball inside another
# repository), else "unknown", and the CFLAGS. build/gen/buildinfo.h is
# rewritten only when that text changes, so a commit or an edit rebuilds
# one object.
GEN := $(BUILD)/gen
GIT_DESCRIBE := $(shell test "$$(git -C . rev-parse --show-toplevel 2>/dev/null)" = "$(CURDIR)" && \
                  git describe --always --dirty 2>/dev/null || echo unknown)

LIB_SRC := $(wildcard src/base/*.c src/net/*.c src/tree/*.c src/route/*.c src/embed/*.c \
                     src/metric/*.c src/search/*.c src/analysis/*.c src/sim/*.c src/balance/*.c \
                     src/runtime/*.c)
CLI_SRC := $(wildcard src/cli/*.c src/report/*.c)
TEST_SRC := $(wildcard tests/test_*.c)
HDRS := $(wildcard include/dcnet/*.h src/*/*.h)

LIB_OBJ := $(LIB_SRC:%.c=$(BUILD)/obj/%.o)
CLI_OBJ := $(CLI_SRC:%.c=$(BUILD)/obj/%.o)
ASAN_LIB_OBJ := $(LIB_SRC:%.c=$(ASAN)/obj/%.o)
ASAN_CLI_OBJ := $(CLI_SRC:%.c=$(ASAN)/obj/%.o)
TESTS := $(TEST_SRC:tests/%.c=$(BUILD)/tests/%)
ASAN_TESTS := $(TEST_SRC:tests/%.c=$(ASAN)/tests/%)
TSAN_LIB_OBJ := $(LIB_SRC:%.c=$(TSAN)/obj/%.o)
TSAN_CLI_OBJ := $(CLI_SRC:%.c=$(TSAN)/obj/%.o)

.PHONY: FORCE all deps demo check test test-asan test-tsan test-valgrind test-demo test-readme test-docs test-xcheck test-slurm test-simgrid test-python man test-man bench fuzz fuzz-build install uninstall clean

all: $(BUILD)/libdcnet.a $(BUILD)/libdcnet.so $(BUILD)/dcnet python

# The Python package (python/dcnet, issue 40): its extension module is the
# CLI's commands (every CLI object but main.o) and libdcnet, built in the
# tree, next to the package, for Debian's /usr/bin/python3 (PYTHON) when
# its headers are installed (python3-dev); skipped with a message if not.
PYTHON ?= /usr/bin/python3
PY_INC := $(shell $(PYTHON) -c 'import sysconfig; print(sysconfig.get_paths()["include"])' 2>/dev/null)
PY_EXT := $(shell $(PYTHON) -c 'import sysconfig; print(sysconfig.get_config_var("EXT_SUFFIX"))' 2>/dev/null)
HAVE_PYDEV := $(if $(PY_INC),$(shell test -f $(PY_INC)/Python.h && echo 1))
# where `make install` puts the package: PREFIX's dist-packages of this
# python3 (/usr/local/lib/python3.11/dist-packages is on Debian's sys.path)
PY_VER := $(shell $(PYTHON) -c 'import sys; print("python%d.%d" % sys.version_info[:2])' 2>/dev/null)
PYDIR ?= $(PREFIX)/lib/$(PY_VER)/dist-packages
PY_MOD := python/dcnet/_dcnet$(PY_EXT)
PY_CLI_OBJ := $(filter-out $(BUILD)/obj/src/cli/main.o,$(CLI_OBJ))
.PHONY: python
ifeq ($(HAVE_PYDEV),1)
python: $(PY_MOD)
else
python:
	@echo "python: no Python.h for $(PYTHON) (apt-get install python3-dev): the dcnet Python package is not built"
endif
$(PY_MOD): python/dcnet/_dcnet.c $(PY_CLI_OBJ) $(BUILD)/libdcnet.a src/cli/cli.h
	$(CC) $(BASEFLAGS) $(OPTDEFS) $(CFLAGS) -fPIC -isystem $(PY_INC) -shared -MF $(BUILD)/pymod.d \
	  -o $@ python/dcnet/_dcnet.c $(PY_CLI_OBJ) $(BUILD)/libdcnet.a $(LIBS)

deps:
	@sh scripts/deps.sh

$(GEN)/buildinfo.h: FORCE
	@mkdir -p $(GEN)
	@printf '#define DN_BUILD_COMMIT "%s"\n#define DN_BUILD_CFLAGS "%s"\n' \
	  '$(GIT_DESCRIBE)' '$(CFLAGS)' >$@.tmp
	@if cmp -s $@.tmp $@; then rm -f $@.tmp; else mv $@.tmp $@; fi
BUILDINFO_OBJ := $(BUILD)/obj/src/cli/buildinfo.o $(ASAN)/obj/src/cli/buildinfo.o \
                 $(TSAN)/obj/src/cli/buildinfo.o
$(BUILDINFO_OBJ): $(GEN)/buildinfo.h
$(BUILDINFO_OBJ): OPTDEFS += -DDN_HAVE_BUILDINFO -I$(GEN)

$(BUILD)/obj/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(BASEFLAGS) $(OPTDEFS) $(CFLAGS) -fPIC -c $< -o $@

$(ASAN)/obj/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(BASEFLAGS) $(OPTDEFS) $(SANFLAGS) -c $< -o $@

$(TSAN)/obj/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(BASEFLAGS) $(OPTDEFS) $(TSANFLAGS) -c $< -o $@

$(BUILD)/libdcnet.a: $(LIB_OBJ)
	@rm -f $@
	ar rcsD $@ $^

# the shared library under its full version, with the SONAME's and the
# linker's names as symlinks beside it
$(BUILD)/libdcnet.so: $(BUILD)/libdcnet.so.$(VERSION)
	ln -sf libdcnet.so.$(VERSION) $(BUILD)/$(SONAME)
	ln -sf libdcnet.so.$(VERSION) $@

$(BUILD)/libdcnet.so.$(VERSION): $(LIB_OBJ)
	$(CC) -shared -Wl,-soname,$(SONAME) $(LDFLAGS) -o $@ $^ $(LIBS)

$(BUILD)/dcnet: $(CLI_OBJ) $(BUILD)/libdcnet.a
	$(CC) $(CFLAGS) $(LDFLAGS) -o $@ $(CLI_OBJ) $(BUILD)/libdcnet.a $(LIBS)

$(ASAN)/libdcnet.a: $(ASAN_LIB_OBJ)
	@rm -f $@
	ar rcsD $@ $^

$(ASAN)/dcnet: $(ASAN_CLI_OBJ) $(ASAN)/libdcnet.a
	$(CC) $(SANFLAGS) -o $@ $(ASAN_CLI_OBJ) $(ASAN)/libdcnet.a $(LIBS)

$(TSAN)/libdcnet.a: $(TSAN_LIB_OBJ)
	@rm -f $@
	ar rcsD $@ $^

$(TSAN)/dcnet: $(TSAN_CLI_OBJ) $(TSAN)/libdcnet.a
	$(CC) $(TSANFLAGS) -o $@ $(TSAN_CLI_OBJ) $(TSAN)/libdcnet.a $(LIBS)

CMOCKA_LIBS := $(shell pkg-config --libs cmocka 2>/dev/null || echo -lcmocka)

$(BUILD)/tests/%: tests/%.c tests/testutil.h examples/dc_sum.c $(BUILD)/libdcnet.a
	@mkdir -p $(dir $@)
	$(CC) $(BASEFLAGS) $(OPTDEFS) $(CFLAGS) -Wno-conversion -o $@ $< $(BUILD)/libdcnet.a $(CMOCKA_LIBS) $(LIBS)

$(ASAN)/tests/%: tests/%.c tests/testutil.h examples/dc_sum.c $(ASAN)/libdcnet.a
	@mkdir -p $(dir $@)
	$(CC) $(BASEFLAGS) $(OPTDEFS) $(SANFLAGS) -Wno-conversion -o $@ $< $(ASAN)/libdcnet.a $(CMOCKA_LIBS) $(LIBS)

$(TSAN)/tests/%: tests/%.c tests/testutil.h examples/dc_sum.c $(TSAN)/libdcnet.a
	@mkdir -p $(dir $@)
	$(CC) $(BASEFLAGS) $(OPTDEFS) $(TSANFLAGS) -Wno-conversion -o $@ $< $(TSAN)/libdcnet.a $(CMOCKA_LIBS) $(LIBS)

# test_json compiles the CLI's JSON reader in (it is not part of libdcnet)
$(BUILD)/tests/test_json $(ASAN)/tests/test_json: src/report/json.c src/cli/cli.h
# test_vocab compiles the CLI's JSON reader in (CSV against flattened JSON)
$(BUILD)/tests/test_vocab $(ASAN)/tests/test_vocab: src/report/json.c src/cli/cli.h
# test_out compiles the CLI's output records in, and the JSON reader to read them back
$(BUILD)/tests/test_out $(ASAN)/tests/test_out: src/cli/out.c src/cli/suggest.c src/report/json.c src/cli/cli.h
# test_pyhost compiles the CLI's output records in (the capture the Python package uses)
$(BUILD)/tests/test_pyhost $(ASAN)/tests/test_pyhost: src/cli/out.c src/cli/suggest.c src/cli/cli.h
# test_plot compiles the CLI's SVG plots in
$(BUILD)/tests/test_plot $(ASAN)/tests/test_plot: src/cli/plot.c src/cli/plot.h

# Unit tests (release build). The CLI test drives build/dcnet. Then the
# bad-input corpus (tests/corpus) with time and memory bounds, and the
# check that no library message names a CLI flag.
test: all $(TESTS)
	@sh scripts/run-tests.sh "release" $(BUILD)/dcnet "" $(TESTS)
	@sh scripts/test-corpus.sh $(BUILD)/dcnet
	@sh scripts/check-lib-messages.sh


# The same tests against the ASan+UBSan library and CLI.
test-asan: $(ASAN)/dcnet $(ASAN_TESTS)
	@ASAN_OPTIONS=detect_leaks=1:abort_on_error=0 UBSAN_OPTIONS=print_stacktrace=1 \
	  DCNET_SKIP_MPI_RUNS="the release stage runs Open MPI's broadcasts (they do not depend on dcnet's build)" \
	  sh scripts/run-tests.sh "asan+ubsan" $(ASAN)/dcnet "" $(ASAN_TESTS)
	@ASAN_OPTIONS=detect_leaks=1:abort_on_error=0 UBSAN_OPTIONS=print_stacktrace=1 \
	  sh scripts/test-corpus.sh $(ASAN)/dcnet

# ThreadSanitizer (issue 26, section 3): the runtime's and the pool's tests, the dynamic
# policies on emulated networks, and parallel sweeps (whose workers share
# the table of running children), every data race an error.
test-tsan: $(TSAN)/dcnet $(TSAN)/tests/test_runtime $(TSAN)/tests/test_base
	@sh scripts/test-tsan.sh $(TSAN)/dcnet $(TSAN)/tests/test_runtime $(TSAN)/tests/test_base

# CLI tests with dcnet runs under valgrind (errors and leaks fail): one run
# in VALGRIND_EVERY (every run is also checked under ASan+UBSan, and each run
# costs about a second under valgrind); VALGRIND_EVERY=1 runs them all.
VALGRIND_EVERY ?= 4
test-valgrind: all $(BUILD)/tests/test_cli
	@command -v valgrind >/dev/null || { echo "valgrind: not installed, CLI-under-valgrind tests skipped (apt-get install valgrind)"; exit 0; }; \
	DCNET_WRAPPER_EVERY=$(VALGRIND_EVERY) sh scripts/run-tests.sh "valgrind (1 run in $(VALGRIND_EVERY))" $(BUILD)/dcnet \
	  "valgrind -q --error-exitcode=99 --leak-check=full --errors-for-leak-kinds=definite" \
	  $(BUILD)/tests/test_cli

TALLY := $(BUILD)/check-tally
check: deps
	@$(MAKE) --no-print-directory all
	@mkdir -p $(BUILD) && rm -f $(TALLY) && date +%s >$(TALLY).start
	@DCNET_TALLY=$(abspath $(TALLY)) sh scripts/timed.sh test $(MAKE) --no-print-directory test
	@DCNET_TALLY=$(abspath $(TALLY)) sh scripts/timed.sh test-asan $(MAKE) --no-print-directory test-asan
	@DCNET_TALLY=$(abspath $(TALLY)) sh scripts/timed.sh test-tsan $(MAKE) --no-print-directory test-tsan
	@DCNET_TALLY=$(abspath $(TALLY)) sh scripts/timed.sh test-valgrind $(MAKE) --no-print-directory test-valgrind
	@DCNET_TALLY=$(abspath $(TALLY)) sh scripts/timed.sh fuzz $(MAKE) --no-print-directory fuzz FUZZ_SECONDS=$(or $(CHECK_FUZZ_SECONDS),10)
	@DCNET_TALLY=$(abspath $(TALLY)) sh scripts/timed.sh test-install sh scripts/test-install.sh
	@DCNET_TALLY=$(abspath $(TALLY)) sh scripts/timed.sh test-build sh scripts/test-build.sh
	@DCNET_TALLY=$(abspath $(TALLY)) sh scripts/timed.sh test-optional sh scripts/test-optional.sh
	@DCNET_TALLY=$(abspath $(TALLY)) sh scripts/timed.sh test-demo $(MAKE) --no-print-directory test-demo
	@DCNET_TALLY=$(abspath $(TALLY)) sh scripts/timed.sh test-man $(MAKE) --no-print-directory test-man
	@DCNET_TALLY=$(abspath $(TALLY)) sh scripts/timed.sh test-readme $(MAKE) --no-print-directory test-readme
	@DCNET_TALLY=$(abspath $(TALLY)) sh scripts/timed.sh test-docs $(MAKE) --no-print-directory test-docs
	@DCNET_TALLY=$(abspath $(TALLY)) sh scripts/timed.sh test-xcheck $(MAKE) --no-print-directory test-xcheck
	@DCNET_TALLY=$(abspath $(TALLY)) sh scripts/timed.sh test-python $(MAKE) --no-print-directory test-python
	@DCNET_TALLY=$(abspath $(TALLY)) sh scripts/timed.sh test-simgrid $(MAKE) --no-print-directory test-simgrid
	@DCNET_TALLY=$(abspath $(TALLY)) sh scripts/timed.sh test-slurm $(MAKE) --no-print-directory test-slurm
	@awk '{p += $$1; f += $$2; s += $$3} END {printf "check: %d passed, %d failed, %d skipped\n", p, f, s; exit f != 0}' $(TALLY); \
	  rc=$$?; echo "time: check $$(($$(date +%s) - $$(cat $(TALLY).start))) s"; exit $$rc

demo: deps
	@$(MAKE) --no-print-directory all
	$(BUILD)/dcnet demo

# The main job end to end: `dcnet demo --quick`, then the report in headless
# Chromium (no console messages, every image decoded, a real screenshot).
test-demo: all
	@sh scripts/test-demo.sh $(BUILD)/dcnet

# Every `build/dcnet` example of README.md runs as printed, and its JSON
# passes its command's schema, docs/schema/CMD.json (python3-jsonschema).
test-readme: all
	@sh scripts/test-readme.sh $(BUILD)/dcnet

# Every table in docs/ that a script regenerates equals what the code gives
# now (scripts/doc-tables.sh; about 4 minutes on 2 cores), every figure
# docs quote from dcnet's output is rerun, and every benchmark figure is
# quoted from docs/bench-results.md or dated (scripts/check-doc-figures.py,
# which scripts/test-doc-figures.sh shows catching a planted figure).
test-docs: all
	@sh scripts/doc-tables.sh --check $(BUILD)/dcnet
	@python3 scripts/check-doc-figures.py $(BUILD)/dcnet
	@sh scripts/test-doc-figures.sh $(BUILD)/dcnet
	@sh scripts/check-formats.sh $(BUILD)/dcnet

# The Python package (python/, issue 40): pytest under Debian's
# /usr/bin/python3 (PYTHON), skipped with the reason where python3-dev or
# the numpy stack is missing (scripts/test-python.sh).
test-python: all
	@PYTHON=$(PYTHON) sh scripts/test-python.sh $(BUILD)/dcnet

# Independent cross-checks: SCOTCH's scotch_gmap maps dcnet's trees, and
# networkx measures the placements dcnet measures (scripts/xcheck-networkx.py;
# the python3 that imports networkx, Debian's python3-networkx by default);
# a second event simulator written from docs/simulator.md plays random
# traces (scripts/xcheck-sim.py).
test-xcheck: all
	@py=python3; $$py -c 'import networkx' 2>/dev/null || py=/usr/bin/python3; \
	  $$py scripts/xcheck-networkx.py $(BUILD)/dcnet && $$py scripts/xcheck-sim.py $(BUILD)/dcnet

# Issue 40, section 3, on a real Slurm: a one-node cluster on 127.0.0.1
# (Debian's munge, slurmctld, slurmd; config in a temporary directory) runs
# a sweep as `sbatch --array=1-3` tasks with --shard auto, merges them and
# compares with the unsharded file, runs exec --backend mpi under salloc,
# and stops every daemon it started. Skipped, with the reason, where Slurm
# cannot start (not root, packages missing). Bounded: timeout 90 s.
test-slurm: all
	@timeout -k 30 90 bash scripts/test-slurm.sh $(BUILD)/dcnet

# SimGrid replays what `simulate --export-simgrid` writes (issue 40): single
# messages, a contention-free DC-cube and a trace with contention against
# dcnet's times (scripts/test-simgrid.py). Debian's python3-simgrid is for
# /usr/bin/python3 only; without it the stage is skipped, with the reason.
test-simgrid: all
	@if [ -x /usr/bin/python3 ]; then /usr/bin/python3 scripts/test-simgrid.py $(BUILD)/dcnet; \
	  else echo "simgrid: skipped (no /usr/bin/python3 for python3-simgrid)"; \
	  [ -z "$${DCNET_TALLY:-}" ] || echo "0 0 1" >>"$$DCNET_TALLY"; fi

# ------------------------------------------------------------ man page
# dcnet.1 is generated from the help text (help2man): the top-level help,
# then every command's --help as its own section (scripts/man-include.sh).
man: $(BUILD)/dcnet.1
$(BUILD)/dcnet.1: $(BUILD)/dcnet scripts/man-include.sh
	@command -v help2man >/dev/null || { echo "man: help2man is not installed (apt-get install help2man)"; exit 1; }
	sh scripts/man-include.sh $(BUILD)/dcnet > $(BUILD)/dcnet.h2m
	help2man --no-info --name="divide-and-conquer computations on networks of processors" \
	  --include=$(BUILD)/dcnet.h2m --output=$@ $(BUILD)/dcnet

# The man page renders without warnings and documents every command.
test-man: $(BUILD)/dcnet.1
	@sh scripts/test-man.sh $(BUILD)/dcnet $(BUILD)/dcnet.1

# ----------------------------------------------------------- benchmarks
$(BUILD)/bench/%: bench/%.c $(BUILD)/libdcnet.a
	@mkdir -p $(dir $@)
	$(CC) $(BASEFLAGS) $(OPTDEFS) -O2 -g -Wno-conversion $(BENCH_EXTRA) -o $@ $< $(BUILD)/libdcnet.a $(LIBS)

# the leaf kernel against qsort and std::sort (an introsort): C++ for the latter
$(BUILD)/bench/bench_kernels: bench/bench_kernels.cc $(BUILD)/libdcnet.a
	@mkdir -p $(dir $@)
	$(CXX) -O2 -g -Iinclude -o $@ $< $(BUILD)/libdcnet.a $(LIBS)

# bench_runtime: OpenMP-task baselines of every app (gcc's libgomp), and
# the parallel sort libraries in C++ (par_sorts.cc): __gnu_parallel::sort,
# and oneTBB's parallel_sort when libtbb-dev is installed
TBB_FOUND := $(wildcard /usr/include/oneapi/tbb/parallel_sort.h)
$(BUILD)/bench/bench_runtime: bench/bench_runtime.c bench/par_sorts.cc $(BUILD)/libdcnet.a
	@mkdir -p $(dir $@)
	$(CC) $(BASEFLAGS) $(OPTDEFS) -O2 -g -Wno-conversion -fopenmp -c bench/bench_runtime.c -o $@.o
	$(CXX) -O2 -g -Wall -fopenmp $(if $(TBB_FOUND),-DHAVE_TBB) -c bench/par_sorts.cc -o $@-sorts.o
	$(CXX) -fopenmp -o $@ $@.o $@-sorts.o $(BUILD)/libdcnet.a $(LIBS) $(if $(TBB_FOUND),-ltbb)

# Every benchmark's output is kept (build/bench-out) and written, with the
# date, commit, machine and compiler, to docs/bench-results.md: the one
# place docs quote benchmark figures from (scripts/check-doc-figures.py).
BENCH_OUT := $(BUILD)/bench-out
BENCH_RUN := sh scripts/bench-results.sh run $(BENCH_OUT)
bench: all $(BUILD)/bench/bench_net $(BUILD)/bench/bench_embed $(BUILD)/bench/bench_load \
       $(BUILD)/bench/bench_sim $(BUILD)/bench/bench_runtime $(BUILD)/bench/bench_balance \
       $(BUILD)/bench/bench_costs $(BUILD)/bench/bench_kernels
	@rm -rf $(BENCH_OUT)
	$(BENCH_RUN) bench_costs $(BUILD)/bench/bench_costs $(BUILD)/dcnet
	$(BENCH_RUN) bench_kernels $(BUILD)/bench/bench_kernels
	$(BENCH_RUN) bench_net $(BUILD)/bench/bench_net
	$(BENCH_RUN) bench_embed $(BUILD)/bench/bench_embed
	$(BENCH_RUN) bench_load $(BUILD)/bench/bench_load
	$(BENCH_RUN) bench_sim $(BUILD)/bench/bench_sim
	$(BENCH_RUN) bench_runtime $(BUILD)/bench/bench_runtime 5 12345 $(BUILD)/dcnet
	$(BENCH_RUN) bench_predict sh bench/bench_predict.sh $(BUILD)/dcnet
	$(BENCH_RUN) bench_balance $(BUILD)/bench/bench_balance
	$(BENCH_RUN) bench_place sh bench/bench_place.sh $(BUILD)/dcnet
	$(BENCH_RUN) bench_search sh bench/bench_search.sh $(BUILD)/dcnet
	@sh scripts/bench-results.sh write $(BENCH_OUT) $(BUILD)/dcnet

# --------------------------------------------------------------- fuzzing
FUZZ_CC := clang
FUZZ_SRC := $(wildcard fuzz/fuzz_*.c)
FUZZ_BIN := $(FUZZ_SRC:fuzz/%.c=$(BUILD)/fuzz/%)
FUZZFLAGS := -DDN_DEBUG -g -O1 -fsanitize=fuzzer,address,undefined -Iinclude $(OPTDEFS) -std=c11 -D_POSIX_C_SOURCE=200809L -D_DEFAULT_SOURCE

$(BUILD)/fuzz/%: fuzz/%.c $(LIB_SRC) $(HDRS)
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(FUZZFLAGS) -o $@ $< $(LIB_SRC) $(LIBS)

# the sweep journal's reader and writer are report code (src/report): compiled in
# (suggest.c: cli_usage and cli_fail, which out.c calls)
FUZZ_JOURNAL_CLI := src/report/journal.c src/report/json.c src/cli/out.c src/cli/suggest.c
$(BUILD)/fuzz/fuzz_journal: fuzz/fuzz_journal.c $(FUZZ_JOURNAL_CLI) src/report/journal.h src/cli/cli.h $(LIB_SRC) $(HDRS)
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(FUZZFLAGS) -o $@ $< $(FUZZ_JOURNAL_CLI) $(LIB_SRC) $(LIBS)

fuzz-build: $(FUZZ_BIN)

fuzz:
	@command -v $(FUZZ_CC) >/dev/null || { echo "fuzz: $(FUZZ_CC) not installed, fuzzing skipped (apt-get install clang)"; exit 0; }; \
	$(MAKE) --no-print-directory fuzz-build && sh scripts/run-fuzz.sh $(FUZZ_SECONDS) $(FUZZ_BIN)

# ---------------------------------------------------------------- install
# The shared library goes in under its full version with the SONAME's and
# the linker's names as symlinks (ldconfig's layout); uninstall removes
# exactly what install wrote.
INSTALLED_HDRS := $(notdir $(wildcard include/dcnet/*.h))
install: all
	install -d $(DESTDIR)$(LIBDIR)/pkgconfig $(DESTDIR)$(INCLUDEDIR)/dcnet $(DESTDIR)$(BINDIR)
	install -m 644 $(BUILD)/libdcnet.a $(DESTDIR)$(LIBDIR)/
	install -m 755 $(BUILD)/libdcnet.so.$(VERSION) $(DESTDIR)$(LIBDIR)/
	ln -sf libdcnet.so.$(VERSION) $(DESTDIR)$(LIBDIR)/$(SONAME)
	ln -sf libdcnet.so.$(VERSION) $(DESTDIR)$(LIBDIR)/libdcnet.so
	install -m 644 include/dcnet/*.h $(DESTDIR)$(INCLUDEDIR)/dcnet/
	install -m 755 $(BUILD)/dcnet $(DESTDIR)$(BINDIR)/
	sed -e 's|@PREFIX@|$(PREFIX)|' -e 's|@LIBDIR@|$(LIBDIR)|' -e 's|@INCLUDEDIR@|$(INCLUDEDIR)|' \
	  -e 's|@VERSION@|$(VERSION)|' -e 's|@LIBS_PRIVATE@|$(LIBS)|' dcnet.pc.in \
	  > $(DESTDIR)$(LIBDIR)/pkgconfig/dcnet.pc
	@if [ -f $(PY_MOD) ]; then install -d $(DESTDIR)$(PYDIR)/dcnet && \
	  install -m 644 python/dcnet/*.py $(DESTDIR)$(PYDIR)/dcnet/ && \
	  install -m 755 $(PY_MOD) $(DESTDIR)$(PYDIR)/dcnet/ && \
	  echo "install: the Python package dcnet in $(DESTDIR)$(PYDIR)"; \
	  else echo "install: the Python package is not built (python3-dev), skipped"; fi
	@if command -v help2man >/dev/null; then $(MAKE) --no-print-directory man && \
	  install -d $(DESTDIR)$(MANDIR)/man1 && \
	  install -m 644 $(BUILD)/dcnet.1 $(DESTDIR)$(MANDIR)/man1/; \
	  else echo "install: help2man not installed, man page skipped"; fi

uninstall:
	rm -f $(DESTDIR)$(LIBDIR)/libdcnet.a $(DESTDIR)$(LIBDIR)/libdcnet.so.$(VERSION) \
	  $(DESTDIR)$(LIBDIR)/$(SONAME) $(DESTDIR)$(LIBDIR)/libdcnet.so \
	  $(DESTDIR)$(LIBDIR)/pkgconfig/dcnet.pc $(DESTDIR)$(BINDIR)/dcnet \
	  $(DESTDIR)$(MANDIR)/man1/dcnet.1 $(addprefix $(DESTDIR)$(INCLUDEDIR)/dcnet/,$(INSTALLED_HDRS))
	-rmdir $(DESTDIR)$(INCLUDEDIR)/dcnet 2>/dev/null
	rm -f $(addprefix $(DESTDIR)$(PYDIR)/dcnet/,$(notdir $(wildcard python/dcnet/*.py)) $(notdir $(PY_MOD)))
	rm -rf $(DESTDIR)$(PYDIR)/dcnet/__pycache__
	-rmdir $(DESTDIR)$(PYDIR)/dcnet 2>/dev/null

clean:
	rm -rf $(BUILD) python/dcnet/_dcnet*.so python/build python/dcnet.egg-info

# the headers each object includes (-MMD -MP): a header's change rebuilds
# only what includes it
-include $(shell find $(BUILD) -name '*.d' 2>/dev/null)
