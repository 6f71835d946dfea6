"""Capture from an ALSA PCM with the monotonic time of every frame (for the VM's audio figures).

Python's standard library has no ALSA binding and the VM runs the host's root, so this calls
libasound.so.2 through ctypes (no package to install). Each read of a period is stamped with
snd_pcm_htimestamp: the CLOCK_MONOTONIC time of the driver's last position update and the frames
captured but not yet read at that moment, so the last frame just read was captured at
`tstamp - avail / rate`. With snd-aloop the capture side is the playback side's copy, advanced by
the loopback's timer; its granularity (a period, or a jiffy) bounds the accuracy, and the
figures built on this say so.
"""
import array
import ctypes
import ctypes.util
import threading
import time

SND_PCM_STREAM_CAPTURE = 1
SND_PCM_FORMAT_FLOAT_LE = 14
SND_PCM_ACCESS_RW_INTERLEAVED = 3
SND_PCM_TSTAMP_ENABLE = 1
SND_PCM_TSTAMP_TYPE_MONOTONIC = 1


class Timespec(ctypes.Structure):
    _fields_ = [("tv_sec", ctypes.c_long), ("tv_nsec", ctypes.c_long)]


class AlsaError(Exception):
    pass


class Capture:
    """Reads `device` as interleaved 32-bit float at `rate`/`channels` on a thread; keeps every
    chunk with the monotonic time (ns) of its first frame. Float because snd-aloop starts a
    capture only when its format is the playing side's (-EIO otherwise), and the kiosk plays
    float (ALSA's plug passes it through to the loopback, which takes float)."""

    def __init__(self, device, rate=48000, channels=2, period_frames=480, buffer_frames=1440):
        self.lib = ctypes.CDLL(ctypes.util.find_library("asound") or "libasound.so.2")
        self.lib.snd_strerror.restype = ctypes.c_char_p
        self.rate, self.channels, self.period = rate, channels, period_frames
        self.pcm = ctypes.c_void_p()
        self.check(self.lib.snd_pcm_open(ctypes.byref(self.pcm), device.encode(), SND_PCM_STREAM_CAPTURE, 0), f"snd_pcm_open {device}")
        # The kiosk's own period and buffer (10 ms, 3 of them): snd-aloop starts a capture only
        # when it agrees with the playing side (format, rate, channels; -EIO otherwise, seen with
        # 20 ms reads), so the sizes are set exactly with the hw-params calls, not set_params'.
        hw = ctypes.c_void_p()
        self.check(self.lib.snd_pcm_hw_params_malloc(ctypes.byref(hw)), "snd_pcm_hw_params_malloc")
        self.check(self.lib.snd_pcm_hw_params_any(self.pcm, hw), "snd_pcm_hw_params_any")
        self.check(self.lib.snd_pcm_hw_params_set_access(self.pcm, hw, SND_PCM_ACCESS_RW_INTERLEAVED), "set_access")
        self.check(self.lib.snd_pcm_hw_params_set_format(self.pcm, hw, SND_PCM_FORMAT_FLOAT_LE), "set_format FLOAT_LE")
        self.check(self.lib.snd_pcm_hw_params_set_channels(self.pcm, hw, ctypes.c_uint(channels)), "set_channels")
        self.check(self.lib.snd_pcm_hw_params_set_rate(self.pcm, hw, ctypes.c_uint(rate), 0), "set_rate")
        period = ctypes.c_ulong(period_frames)
        self.check(self.lib.snd_pcm_hw_params_set_period_size_near(self.pcm, hw, ctypes.byref(period), None), "set_period_size_near")
        buffer = ctypes.c_ulong(buffer_frames)
        self.check(self.lib.snd_pcm_hw_params_set_buffer_size_near(self.pcm, hw, ctypes.byref(buffer)), "set_buffer_size_near")
        self.check(self.lib.snd_pcm_hw_params(self.pcm, hw), "snd_pcm_hw_params")
        self.lib.snd_pcm_hw_params_free(hw)
        self.period, self.buffer = period.value, buffer.value
        sw = ctypes.c_void_p()
        self.check(self.lib.snd_pcm_sw_params_malloc(ctypes.byref(sw)), "snd_pcm_sw_params_malloc")
        self.check(self.lib.snd_pcm_sw_params_current(self.pcm, sw), "snd_pcm_sw_params_current")
        self.check(self.lib.snd_pcm_sw_params_set_tstamp_mode(self.pcm, sw, SND_PCM_TSTAMP_ENABLE), "set_tstamp_mode")
        self.check(self.lib.snd_pcm_sw_params_set_tstamp_type(self.pcm, sw, SND_PCM_TSTAMP_TYPE_MONOTONIC), "set_tstamp_type")
        self.check(self.lib.snd_pcm_sw_params(self.pcm, sw), "snd_pcm_sw_params")
        self.lib.snd_pcm_sw_params_free(sw)
        self.chunks = []  # (monotonic ns of the chunk's first frame, its raw float bytes): analysed after the run,
        # so that the capture itself costs the (emulated) machine little while the kiosk plays
        self.overruns = 0
        self.errors = {}  # snd_strerror text → how many reads returned it
        self.lock = threading.Lock()
        self.stopping = False
        self.thread = threading.Thread(target=self.run, daemon=True)

    def check(self, rc, what):
        if rc < 0:
            raise AlsaError(f"{what}: {self.lib.snd_strerror(rc).decode()}")

    def start(self):
        self.thread.start()

    def stop(self):
        self.stopping = True
        self.thread.join(5)
        self.lib.snd_pcm_close(self.pcm)

    def run(self):
        frame_bytes = 4 * self.channels
        self.lib.snd_pcm_readi.argtypes = [ctypes.c_void_p, ctypes.c_void_p, ctypes.c_ulong]
        self.lib.snd_pcm_readi.restype = ctypes.c_long
        buf = ctypes.create_string_buffer(self.period * frame_bytes)
        avail = ctypes.c_ulong()
        ts = Timespec()
        while not self.stopping:
            n = self.lib.snd_pcm_readi(self.pcm, buf, self.period)
            if n < 0:
                self.overruns += 1
                text = self.lib.snd_strerror(n).decode()
                self.errors[text] = self.errors.get(text, 0) + 1
                if self.lib.snd_pcm_recover(self.pcm, n, 1) < 0:
                    time.sleep(0.01)
                continue
            if self.lib.snd_pcm_htimestamp(self.pcm, ctypes.byref(avail), ctypes.byref(ts)) < 0:
                continue
            end_ns = ts.tv_sec * 1_000_000_000 + ts.tv_nsec - avail.value * 1_000_000_000 // self.rate
            first_ns = end_ns - n * 1_000_000_000 // self.rate
            with self.lock:
                self.chunks.append((first_ns, buf.raw[:n * frame_bytes]))

    def onsets(self, threshold=0.03, quiet_ns=100_000_000):
        """Monotonic ns of every frame whose |sample| crosses `threshold` after at least
        `quiet_ns` below it: the start of each sound."""
        with self.lock:
            chunks = list(self.chunks)
        out, last_loud = [], None
        step = 1_000_000_000 / self.rate
        for first_ns, raw in chunks:
            values = array.array("f", raw)
            for i in range(len(values) // self.channels):
                p = max(abs(values[i * self.channels + c]) for c in range(self.channels))
                if p >= threshold:
                    t = first_ns + int(i * step)
                    if last_loud is None or t - last_loud > quiet_ns:
                        out.append(t)
                    last_loud = t
        return out

    def wav(self, path):
        """The capture as a WAV (for listening and for sox)."""
        import wave
        with self.lock:
            raw = b"".join(r for _, r in self.chunks)
        with wave.open(path, "wb") as w:
            w.setnchannels(self.channels)
            w.setsampwidth(2)
            w.setframerate(self.rate)
            values = array.array("f", raw)
            w.writeframes(array.array("h", (max(-32768, min(32767, int(v * 32767))) for v in values)).tobytes())
