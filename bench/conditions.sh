# Sourced by the bench scripts (issue 35: "every bench log records the commit, build type and load"):
#   . "$(dirname "$0")/conditions.sh"; bench_conditions NAME [BINARY…]
# prints, at the start, the tree's commit (and whether it had uncommitted changes), each binary's
# own version and build type, the machine, the load average and the packages the figures depend
# on; and at the exit, the load average again. Lines start with "# " so a log's figures stay
# machine-readable.
bench_conditions() {
    local name=$1; shift
    local repo; repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
    local commit; commit=$(git -C "$repo" rev-parse --short HEAD 2>/dev/null || echo unknown)
    git -C "$repo" diff --quiet HEAD 2>/dev/null || commit="$commit (with uncommitted changes)"
    echo "# $name: $(date -u +%Y-%m-%dT%H:%M:%SZ), commit $commit"
    local b
    for b in "$@"; do
        local type=unknown
        case $b in */release/*) type=release ;; */debug/*) type=debug ;; /usr/bin/*) type="release (installed package)" ;; esac
        echo "# binary $b: $("$b" --version 2>/dev/null | head -n 1 || echo 'no --version'), build $type"
    done
    echo "# machine: $(uname -m), $(nproc) cores, $(awk '/MemTotal/ {printf "%.0f GiB", $2 / 1048576}' /proc/meminfo); load average $(cut -d' ' -f1-3 /proc/loadavg) at the start"
    echo "# packages: $(dpkg-query -W -f='${Package} ${Version}, ' libgl1-mesa-dri libegl-mesa0 libavcodec59 libcurl4 libmosquitto1 libharfbuzz0b libasound2 2>/dev/null | sed 's/, $//'); $(swift --version 2>/dev/null | head -n 1)"
    # Added to the script's own EXIT trap (call this after the script sets its trap).
    local previous; previous=$(trap -p EXIT | sed -e "s/^trap -- '//" -e "s/' EXIT\$//")
    trap "${previous:+$previous; }echo \"# $name: load average \$(cut -d' ' -f1-3 /proc/loadavg) at the end\"" EXIT
}
