#!/usr/bin/env bash
# Builds fuzz targets with libFuzzer + AddressSanitizer and runs them.
#
#   Fuzz/run.sh --all                       # the suite: a fixed number of inputs per target from the
#                                           # committed seeds, seed 1 (same on every machine); fails on a crash
#   Fuzz/run.sh --all --seconds 60          # every target for 60 s from the growing local corpus
#   Fuzz/run.sh board                       # one target, 180 s, libFuzzer's own output
#   Fuzz/run.sh png -runs=100000            # any libFuzzer options
#   Fuzz/run.sh board .build/fuzz/board/crash-1234…   # run one saved input (reproduce a crash)
#
# Targets: evemu  the evemu reader and the replay path (Fuzz/EvemuFuzz)
#          board  JSON parser → board decoder → threshold overrides → a short run (Fuzz/BoardFuzz)
#          png    libpng decode → downscale → premultiply → atlas page (Fuzz/PNGFuzz)
#          control  the control protocol: request decoder → replies → a set on a session (Fuzz/ControlFuzz)
#          template  live-data templates: parse → a binding evaluated on a payload and a clock →
#                 printf/strftime rendering; printf on any double (Fuzz/TemplateFuzz)
#          pointer  JSON Pointer parse → round trip → resolve in any payload (Fuzz/PointerFuzz)
#          video  FFmpeg probe → demux → decoder choice → decode → VideoFrame copy → loop seek →
#                 frame-accurate seek (Fuzz/VideoFuzz)
#          photo  format sniffing → EXIF orientation → TurboJPEG / libwebp scaled decode → box
#                 downscale → orientation turn (Fuzz/PhotoFuzz)
#
# GadgetCore is compiled once as its own instrumented module (assertions and the core's #if DEBUG
# invariant checks on), cached in .build/fuzz/core until its sources change. Each target starts
# from its seeds in Fuzz/corpus/TARGET; the working corpus grows in .build/fuzz/TARGET/corpus (out
# of git), and crashes are saved beside it as crash-*.
set -euo pipefail
cd "$(dirname "$0")/.."
out=.build/fuzz
targets=(evemu board png photo control template pointer video)
flags=("-sanitize=fuzzer,address" -O -assert-config Debug -D DEBUG -swift-version 6 -parse-as-library)

usage() { sed -n '2,22p' "$0" | sed 's/^# \{0,1\}//'; exit 2; }

# One swiftc run, its output kept in a log; on failure the first errors are shown.
compile() {
  local log=$1; shift
  if swiftc "$@" >"$log" 2>&1; then return 0; fi
  { grep -E 'error:' "$log" || tail -n 10 "$log"; } | head -n 10 | sed 's/^/    /'
  echo "    build log: $log"
  return 1
}

build_core() {
  local dir=$out/core key
  mkdir -p "$dir"
  local sources=()
  while IFS= read -r f; do sources+=("$f"); done < <(find Sources/GadgetCore -name '*.swift' | sort)
  key=$({ printf '%s\n' "${flags[@]}"; swiftc --version 2>&1; cat "${sources[@]}"; } | sha256sum | cut -c1-16)
  if [[ -f $dir/GadgetCore.o && $(cat "$dir/key" 2>/dev/null) == "$key" ]]; then return 0; fi
  echo "fuzz: building GadgetCore (instrumented, once until it changes)"
  rm -f "$dir/key"
  compile "$dir/build.log" "${flags[@]}" -module-name GadgetCore -wmo -c -emit-module \
    -emit-module-path "$dir/GadgetCore.swiftmodule" "${sources[@]}" -o "$dir/GadgetCore.o" || return 1
  echo "$key" >"$dir/key"
}

# Per target: sources, extra compiler flags, dictionary, largest input.
configure() {
  extra=()
  case $1 in
    evemu) sources=(Fuzz/EvemuFuzz/EvemuFuzz.swift); dict=Fuzz/evemu.dict; max_len=65536 ;;
    board) sources=(Fuzz/BoardFuzz/BoardFuzz.swift); dict=Fuzz/board.dict; max_len=16384 ;;
    control) sources=(Fuzz/ControlFuzz/ControlFuzz.swift); dict=Fuzz/control.dict; max_len=4096 ;;
    template) sources=(Fuzz/TemplateFuzz/TemplateFuzz.swift); dict=Fuzz/template.dict; max_len=4096 ;;
    pointer) sources=(Fuzz/PointerFuzz/PointerFuzz.swift); dict=Fuzz/pointer.dict; max_len=4096 ;;
    # The codec and the atlas are GadgetRender files with no GL in them; CPNG is the same module
    # map the package uses.
    png) sources=(Fuzz/PNGFuzz/PNGFuzz.swift Sources/GadgetRender/Image/PNGCodec.swift Sources/GadgetRender/Batch/AtlasLayout.swift Sources/GadgetRender/Batch/AtlasLayout+Compose.swift)
         extra=(-I Sources/CPNG -lpng); dict=Fuzz/png.dict; max_len=65536 ;;
    # ImageDecoder and its codecs (no GL in them) with the package's module maps.
    photo) sources=(Fuzz/PhotoFuzz/PhotoFuzz.swift Sources/GadgetRender/Image/ImageDecoder.swift
                    Sources/GadgetRender/Image/ImageDecodeFailure.swift Sources/GadgetRender/Image/JPEGDecompressor.swift
                    Sources/GadgetRender/Image/WebPCodec.swift Sources/GadgetRender/Image/PNGCodec.swift)
           extra=(-I Sources/CJPEG -I Sources/CWebP -I Sources/CPNG -lturbojpeg -lwebp -lpng); dict=Fuzz/photo.dict; max_len=32768 ;;
    # GadgetVideo's FFmpeg files (not the decode thread, which needs GadgetSystem). CFFmpeg is a C
    # target since FFmpeg is opened on first use (CLazyLink): its header gets a module map here and
    # its forwarding functions and the loader are compiled beside the harness.
    video) c_sources=(Sources/CFFmpeg/ffmpeg_forwards.c Sources/CLazyLink/lazy_link.c)
           c_includes=(-I Sources/CLazyLink/include -I Sources/CFFmpeg/include)
           module_map="module CFFmpeg [system] {
  header \"$PWD/Sources/CFFmpeg/include/CFFmpeg.h\"
  export *
}"
           sources=(Fuzz/VideoFuzz/VideoFuzz.swift Sources/GadgetVideo/FFmpeg.swift Sources/GadgetVideo/VideoError.swift
                    Sources/GadgetVideo/AVPacketOwner.swift Sources/GadgetVideo/MediaInput.swift Sources/GadgetVideo/CodecContext.swift
                    Sources/GadgetVideo/VideoDecoderChoice.swift Sources/GadgetVideo/FramePlanes.swift Sources/GadgetVideo/DecodedFrameReference.swift Sources/GadgetVideo/VideoDecoder.swift
                    Sources/GadgetVideo/VideoLimits.swift Sources/GadgetVideo/VideoHardware.swift
                    Sources/GadgetVideo/DMABufFrame+AVDRM.swift Sources/GadgetVideo/DMABufFrameReference.swift)
           extra=(-I "$out/video/cffmpeg" -ldl); dict=Fuzz/video.dict; max_len=16384 ;;
    *) echo "fuzz: unknown target '$1' (targets: ${targets[*]})" >&2; return 2 ;;
  esac
}

build_target() {
  local name=$1 dir=$out/$1
  local c_sources=() c_includes=() module_map="" objects=()
  configure "$name" || return
  build_core || return 1
  mkdir -p "$dir/corpus"
  if [[ -n $module_map ]]; then
    mkdir -p "$dir/cffmpeg"
    printf '%s\n' "$module_map" > "$dir/cffmpeg/module.modulemap"
  fi
  local c
  for c in "${c_sources[@]}"; do
    local o=$dir/$(basename "$c" .c).o
    clang -c -O1 -fPIC "${c_includes[@]}" "$c" -o "$o" >>"$dir/build.log" 2>&1 || { echo "    cannot compile $c: $dir/build.log"; return 1; }
    objects+=("$o")
  done
  compile "$dir/build.log" "${flags[@]}" -module-name "${name^}Fuzz" -I "$out/core" "${extra[@]}" \
    "${sources[@]}" "${objects[@]}" "$out/core/GadgetCore.o" -o "$dir/fuzz" || return 1
  # The seeds (again each run: overwriting a seed with itself is harmless, and portable).
  cp Fuzz/corpus/"$name"/* "$dir/corpus/"
}

# libFuzzer reports a crash and saves its input; Swift's own crash backtracer would take the signal
# first and (under ASan) hang instead.
export SWIFT_BACKTRACE=enable=no

run_target() {
  local name=$1 dir=$out/$1; shift
  "$dir/fuzz" "${corpus:-$dir/corpus}" -dict="$dict" -max_len="$max_len" -artifact_prefix="$dir/" \
    -rss_limit_mb=2048 -timeout=60 -print_final_stats=1 "$@"
}

# One line per target from libFuzzer's log: executions, coverage, corpus, result.
summary() {
  local name=$1 log=$2 rc=$3 execs rate cov ft corpus result
  # A crash on a seed comes before any status line: missing figures print as "?".
  execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n 1)
  rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -n 1)
  cov=$( (grep -o 'cov: [0-9]*' "$log" || true) | tail -n 1 | cut -d' ' -f2)
  ft=$( (grep -o 'ft: [0-9]*' "$log" || true) | tail -n 1 | cut -d' ' -f2)
  corpus=$( (grep -o 'corp: [0-9]*' "$log" || true) | tail -n 1 | cut -d' ' -f2)
  if [[ $rc -eq 0 ]]; then result=ok; else result="FAILED (exit $rc)"; fi
  printf 'fuzz: %-5s %-6s %9s execs %6s/s  cov %5s  ft %6s  corpus %5s\n' \
    "$name" "$result" "${execs:-?}" "${rate:-?}" "${cov:-?}" "${ft:-?}" "${corpus:-?}"
}

# Inputs per target in the suite: about a minute each on the 2-core build machine (evemu
# ~11 000/s, board ~7 500/s, png ~20 000/s, photo ~20 000/s, video ~50/s: FFmpeg probes each input as a file). A count, not a time: with a fixed seed and
# a fresh corpus of the committed seeds, every machine runs exactly the same inputs, so the
# suite's outcome does not depend on how fast it is (a slower one only takes longer).
suite_runs() {
  case $1 in
    evemu) echo 600000 ;;
    board) echo 450000 ;;
    png) echo 1200000 ;;
    photo) echo 1000000 ;;
    control) echo 300000 ;;
    template) echo 200000 ;;
    pointer) echo 400000 ;;
    video) echo 3000 ;;
  esac
}

run_all() {
  local seconds=$1 failed=0 name rc crash limit
  for name in "${targets[@]}"; do
    if ! build_target "$name"; then echo "fuzz: $name FAILED to build"; failed=1; continue; fi
    rc=0
    if [[ -n $seconds ]]; then
      limit=(-max_total_time="$seconds")
      corpus=""
    else
      # The suite: only the committed seeds (not what earlier local runs found), a fixed seed.
      limit=(-runs="$(suite_runs "$name")")
      corpus=$out/$name/suite-corpus
      rm -rf "$corpus" && mkdir -p "$corpus" && cp Fuzz/corpus/"$name"/* "$corpus/"
    fi
    run_target "$name" -seed=1 "${limit[@]}" >"$out/$name/run.log" 2>&1 || rc=$?
    summary "$name" "$out/$name/run.log" "$rc"
    if [[ $rc -ne 0 ]]; then
      failed=1
      # The sanitizer's or the trap's report, and where the input was saved.
      { grep -E '^==[0-9]+== ?ERROR|^SUMMARY|Fatal error|failed:' "$out/$name/run.log" || true; } | head -n 6 | sed 's/^/    /'
      crash=$(sed -n 's/.*Test unit written to //p' "$out/$name/run.log" | tail -n 1)
      echo "    log: $out/$name/run.log; reproduce: Fuzz/run.sh $name ${crash:-<the saved input>}"
    fi
  done
  return "$failed"
}

case ${1:-} in
  ""|-h|--help) usage ;;
  --all)
    seconds=""
    if [[ ${2:-} == --seconds && -n ${3:-} ]]; then seconds=$3; elif [[ $# -gt 1 ]]; then usage; fi
    run_all "$seconds" ;;
  *)
    name=$1; shift
    build_target "$name"
    # A saved input (a crash file) runs on its own, not as a corpus.
    if [[ $# -gt 0 && -f $1 ]]; then exec "$out/$name/fuzz" -rss_limit_mb=2048 -timeout=60 "$@"; fi
    if [[ $# -eq 0 ]]; then set -- -max_total_time=180; fi
    run_target "$name" "$@" ;;
esac
