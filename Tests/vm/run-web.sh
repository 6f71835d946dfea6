#!/bin/bash
# The web scenario of the VM test (issue 40's "The VM: a page drawn on KMS"): boots the VM
# (vm-run.sh), runs guest-web.sh there (a page of known colours served on the guest's loopback,
# shown by the real WPE WebKit helper in a web gadget on KMS) and judges the results with
# check-web.py, which also writes OUT_DIR/web-checks.xml for scripts/test.sh's counts. It builds
# nothing new: the debug build's gadgetboard and gadgetboard-web, as the other VM stages use.
#
# usage: Tests/vm/run-web.sh [OUT_DIR]   (default .build/vm/web; as root)
# env:   GADGETBOARD_BIN to test a prebuilt binary (its gadgetboard-web beside it, or
#        GADGETBOARD_WEB_HELPER); VM_WEB_TIMEOUTS=default runs the page with the kiosk's own
#        ready and load timeouts instead of the VM's longer ones (guest-web.sh).
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/../.." && pwd)
out=${1:-$root/.build/vm/web}
start=$(date +%s%N)
for tool in qemu-system-x86_64 convert python3; do
    command -v "$tool" > /dev/null || { echo "vm test: $tool is missing (scripts/install-deps.sh --test)" >&2; exit 2; }
done
if [ -n "${GADGETBOARD_BIN:-}" ]; then
    bin=$GADGETBOARD_BIN
else
    (cd "$root" && swift build > /dev/null)
    bin=$(cd "$root" && swift build --show-bin-path)/gadgetboard
fi
web=${GADGETBOARD_WEB_HELPER:-$(dirname "$bin")/gadgetboard-web}
[ -x "$bin" ] || { echo "vm test: no gadgetboard at $bin" >&2; exit 2; }
[ -x "$web" ] || { echo "vm test: no gadgetboard-web at $web" >&2; exit 2; }
rm -rf "$out"
mkdir -p "$out/web/site"
cp "$here/web/board.json" "$out/web/board.json"
cp "$here/web/page.html" "$out/web/site/page.html"
guest=$(mktemp)
trap 'rm -f "$guest"' EXIT
cat > "$guest" <<GUEST
#!/bin/sh
export GB_BIN='$bin' GB_WEB='$web' GB_VM='$here' GB_WEB_TIMEOUTS='${VM_WEB_TIMEOUTS:-vm}'
exec sh '$here/guest-web.sh'
GUEST
vm_status=0
"$here/vm-run.sh" "$out" "$guest" || vm_status=$?
cat "$out/guest.log" 2>/dev/null || true
[ $vm_status -eq 0 ] || { echo "vm test: the VM run failed (status $vm_status)" >&2; exit 1; }
check_status=0
python3 "$here/check-web.py" "$out" || check_status=1
total_ms=$((($(date +%s%N) - start) / 1000000))
printf 'vm web: %s in %d.%d s (results in %s)\n' "$([ $check_status -eq 0 ] && echo passed || echo FAILED)" \
    $((total_ms / 1000)) $((total_ms % 1000 / 100)) "$out"
exit $check_status
