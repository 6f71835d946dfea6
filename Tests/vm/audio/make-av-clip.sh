#!/bin/bash
# The lip-sync clip (issue 37's A/V figure): black pictures at 30 fps that turn white for 100 ms at
# the start of every second, and a 1 kHz beep for the same 100 ms; H.264 + AAC in MP4, as a clip
# from a museum would come. Also its board (the clip over the VM's 800x480 panel).
#
# usage: make-av-clip.sh OUT_DIR SECONDS
set -euo pipefail
out=${1:?usage: make-av-clip.sh OUT_DIR SECONDS}
seconds=${2:?usage: make-av-clip.sh OUT_DIR SECONDS}
mkdir -p "$out"
ffmpeg -v error -y -f lavfi -i "color=c=black:s=320x240:r=30:d=$seconds" \
    -f lavfi -i "aevalsrc='if(lt(mod(t\,1)\,0.1)\,0.5*sin(2*PI*1000*t)\,0)':s=48000:d=$seconds" \
    -vf "drawbox=x=0:y=0:w=iw:h=ih:color=white:t=fill:enable='lt(mod(t,1),0.1)'" \
    -c:v libx264 -pix_fmt yuv420p -g 30 -c:a aac -b:a 128k -shortest "$out/av.mp4"
cat > "$out/av.json" <<'JSON'
{
  "size": [800, 480],
  "background": "#000000",
  "gadgets": [
    { "id": "clip", "center": [400, 240], "size": [640, 480], "movable": false, "scalable": false, "rotatable": false,
      "doubleTapReset": false, "gestures": [], "video": { "src": "av.mp4", "loop": false } }
  ]
}
JSON
