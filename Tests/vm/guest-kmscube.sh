#!/bin/sh
# Harness check: Debian's kmscube (apt-get install kmscube) on the VM's card for a fixed number of
# frames. Proves KMS modesetting and page flips work in the VM before gadgetboard is blamed.
# Legacy only: kmscube's atomic path needs EGL_ANDROID_native_fence_sync, which llvmpipe lacks
# ("no eglDupNativeFenceFDANDROID").
set -e
ls -l /dev/dri /dev/input
# kmscube's legacy loop stops when stdin becomes readable ("user interrupted!"): give it a FIFO
# that this shell holds open for writing and never writes to.
mkfifo /run/kmscube-stdin
exec 3<> /run/kmscube-stdin
timeout 60 kmscube -D /dev/dri/card0 -c 120 < /run/kmscube-stdin > kmscube.log 2>&1
grep -e Rendered -e renderer kmscube.log
echo "kmscube: ok"
