// swift-tools-version:6.1
// Gadgetboard: a kiosk renderer for embedded touch panels (GLES2 on EGL/GBM/KMS, evdev input).
// Declarative only. Dependencies point one way:
//   GadgetCore, GadgetSystem ← GadgetGL ← GadgetRender, GadgetDisplay, gadgetboard-web; GadgetCore ← GadgetInput;
//   GadgetRender, GadgetDisplay, GadgetInput ← GadgetApp ← GadgetBench ← gadgetboard.
// Only wrapper/backend modules import a C module.
import PackageDescription

/// A system library found through pkg-config, installed from Debian.
func systemLibrary(_ name: String, pkgConfig: String, apt: [String]) -> Target {
    .systemLibrary(name: name, path: "Sources/\(name)", pkgConfig: pkgConfig, providers: [.apt(apt)])
}

let package = Package(
    name: "Gadgetboard",
    products: [
        .executable(name: "gadgetboard", targets: ["gadgetboard"]),
        // The speech program: links libespeak-ng (GPL-3.0-or-later), so the kiosk never does
        // (docs/accessibility.md); shipped as its own Debian package.
        .executable(name: "gadgetboard-speech", targets: ["gadgetboard-speech"]),
        // The web helper's headless double (issue 40): the protocol without WebKit, for tests and
        // the stage (docs/web.md). The real helper, gadgetboard-web, links WPE WebKit.
        .executable(name: "gadgetboard-web-double", targets: ["gadgetboard-web-double"]),
        // The web helper (issue 40): one process per web gadget running WPE WebKit, so the kiosk
        // never links WebKit (issue 35's start-up target) and a page's crash never takes it down.
        .executable(name: "gadgetboard-web", targets: ["gadgetboard-web"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/HdrHistogram/hdrhistogram-swift", from: "0.2.0"),
        .package(url: "https://github.com/apple/swift-system", from: "1.4.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.6.0"),
    ],
    targets: [
        systemLibrary("CEGL", pkgConfig: "egl", apt: ["libegl1-mesa-dev"]),
        systemLibrary("CGLES2", pkgConfig: "glesv2", apt: ["libgles2-mesa-dev"]),
        systemLibrary("CGBM", pkgConfig: "gbm", apt: ["libgbm-dev"]),
        systemLibrary("CDRM", pkgConfig: "libdrm", apt: ["libdrm-dev"]),
        systemLibrary("CEvdev", pkgConfig: "libevdev", apt: ["libevdev-dev"]),
        systemLibrary("CPNG", pkgConfig: "libpng", apt: ["libpng-dev"]),
        // Photos: JPEG through libjpeg-turbo's TurboJPEG API (scaled decoding, errors returned
        // rather than longjmp'd), WebP through libwebp.
        systemLibrary("CJPEG", pkgConfig: "libturbojpeg", apt: ["libturbojpeg0-dev"]),
        systemLibrary("CWebP", pkgConfig: "libwebp", apt: ["libwebp-dev"]),
        // Display hotplug: the kernel's uevents through libudev's monitor.
        systemLibrary("CUdev", pkgConfig: "libudev", apt: ["libudev-dev"]),
        // The desktop preview window (X11 or Wayland, GLES2 through EGL) and its mouse and fingers.
        // SDL2 (libsdl2-dev), opened on first use (CLazyLink).
        .target(name: "CSDL2", dependencies: ["CLazyLink"]),
        // Text: FreeType rasterises, HarfBuzz shapes, fontconfig finds fonts (and per-character
        // fallbacks), FriBidi orders mixed right-to-left and left-to-right runs, libunibreak finds
        // where lines may end.
        systemLibrary("CFreeType", pkgConfig: "freetype2", apt: ["libfreetype-dev"]),
        systemLibrary("CHarfBuzz", pkgConfig: "harfbuzz", apt: ["libharfbuzz-dev"]),
        systemLibrary("CFontconfig", pkgConfig: "fontconfig", apt: ["libfontconfig-dev"]),
        systemLibrary("CFriBidi", pkgConfig: "fribidi", apt: ["libfribidi-dev"]),
        // Fleets: MQTT through libmosquitto (commands, events, presence, health; docs/mqtt.md).
        // libmosquitto (libmosquitto-dev), opened on first use (CLazyLink).
        .target(name: "CMosquitto", dependencies: ["CLazyLink"]),
        // Line break opportunities by Unicode's algorithm (UAX #14).
        systemLibrary("CUnibreak", pkgConfig: "libunibreak", apt: ["libunibreak-dev"]),
        // Live data (issue 27): libcurl polls HTTP(S) sources, libqrencode encodes QR codes.
        // libcurl (libcurl4-openssl-dev), opened on first use (CLazyLink).
        .target(name: "CCurl", dependencies: ["CLazyLink"]),
        systemLibrary("CQREncode", pkgConfig: "libqrencode", apt: ["libqrencode-dev"]),
        // Typing (issue 38): keymaps from xkb-data's layouts, labels per shift level, and dead keys
        // through compose (libX11's locale files, libx11-data, at run time). libxkbcommon
        // (libxkbcommon-dev), opened on first use (CLazyLink): a board without typing never maps it.
        .target(name: "CXKBCommon", dependencies: ["CLazyLink"]),
        // Video: FFmpeg's demuxers and decoders (libavformat, libavcodec, libavutil) and a
        // soundtrack's resampler (libswresample; each from its -dev package), opened on first use
        // (CLazyLink).
        .target(name: "CFFmpeg", dependencies: ["CLazyLink"]),
        // Libraries a board may not use (these five and ALSA's below) are opened with dlopen when
        // a feature first needs them, not loaded at every start (issue 35's start-up target): their C targets above forward
        // the functions Swift calls. The Debian package still depends on them (scripts/package-deb.sh).
        .target(name: "CLazyLink"),
        // Sound (issue 37): ALSA's PCM API (libasound2-dev's headers in /usr/include), opened on
        // first use (CLazyLink): a board without sound never maps libasound.
        .target(name: "CALSA", dependencies: ["CLazyLink"]),
        // glibc's <malloc.h> (mallinfo2, mallopt) and the bench's malloc counter; part of libc, nothing to link.
        .target(name: "CMalloc", path: "Sources/CMalloc"),
        // glibc's <sys/epoll.h> and <sys/timerfd.h>, which Swift's Glibc module leaves out; part of libc.
        .systemLibrary(name: "CLinux", path: "Sources/CLinux"),

        // The one OS layer: swift-system's FileDescriptor and Errno, one error type for a failed
        // call, one EINTR policy, and what swift-system lacks (poll set, inotify, wake pipe,
        // atomic file replace), plus the journal-friendly swift-log handler.
        .target(name: "GadgetSystem", dependencies: [
            "CLinux",
            .product(name: "SystemPackage", package: "swift-system"),
            .product(name: "Logging", package: "swift-log"),
        ]),

        // Pure Swift: geometry, board model, JSON, touch assembly, gestures, simulation.
        .target(name: "GadgetCore"),
        // The one place GL is called for objects and state: textures, shader programs, colour
        // framebuffers and their readback, clear, scissor, GL errors. Used by the renderer and the
        // display backends (headless FBOs, screenshots), which both need them.
        .target(name: "GadgetGL", dependencies: ["GadgetCore", "CGLES2",
                                                 // Video's zero-copy path: dma-bufs imported as EGLImages (DMABufImporter);
                                                 // the web helper's export of WebKit's EGLImages as dma-buf (EGLExportDisplay).
                                                 "CEGL",
                                                 // The exported buffers' descriptors are owned (OwnedFileDescriptor) from the call.
                                                 "GadgetSystem"]),
        // GLSL ES 1.00 sources embedded at build time.
        .target(name: "GadgetShaders", path: "Shaders", resources: [.embedInCode("sprite.vert"), .embedInCode("sprite.frag"),
                                                                             // Video: Y'CbCr to RGB in the shader.
                                                                             .embedInCode("video.vert"), .embedInCode("video.frag")]),
        // PNG/JPEG/WebP decode, PNG encode, text layout and rasterisation, GLES2 programs, textures and the sprite batcher.
        .target(name: "GadgetRender", dependencies: [
            "GadgetCore", "GadgetGL", "GadgetShaders", "CGLES2", "CPNG", "CJPEG", "CWebP",
            "CFreeType", "CHarfBuzz", "CFontconfig", "CFriBidi", "CUnibreak",
        ]),
        // Display backends (headless EGL, KMS/GBM, a desktop window through SDL2) behind one protocol.
        .target(name: "GadgetDisplay", dependencies: [
            "GadgetCore", "GadgetGL", "GadgetSystem", "CEGL", "CGBM", "CDRM", "CUdev", "CSDL2",
            .product(name: "Logging", package: "swift-log"),
            .product(name: "SystemPackage", package: "swift-system"),
        ]),
        // evdev discovery, the input thread and its queue.
        .target(name: "GadgetInput", dependencies: [
            "GadgetCore", "GadgetSystem", "CEvdev",
            .product(name: "Logging", package: "swift-log"),
            .product(name: "SystemPackage", package: "swift-system"),
        ]),
        // The MQTT session: libmosquitto behind one owner type, its own thread, reconnects.
        .target(name: "GadgetMQTT", dependencies: [
            "GadgetCore", "GadgetSystem", "CMosquitto",
            .product(name: "Logging", package: "swift-log"),
            .product(name: "SystemPackage", package: "swift-system"),
        ]),
        // Live data (issue 27): the HTTP(S) poller (libcurl multi on a thread of its own), QR
        // encoding (libqrencode) and the locale's day and month names; pure rules in GadgetCore/Data.
        .target(name: "GadgetSources", dependencies: [
            "GadgetCore", "GadgetSystem", "CCurl", "CQREncode",
            .product(name: "Logging", package: "swift-log"),
            .product(name: "SystemPackage", package: "swift-system"),
        ]),
        // Forms (issue 38): the spool of visitors' submissions in the state directory (fsync'd,
        // renamed, kept until accepted) and its sender thread: HTTP POST through libcurl (CCurl),
        // MQTT publish at QoS 1 (GadgetMQTT); pure rules in GadgetCore/Forms.
        .target(name: "GadgetForms", dependencies: [
            "GadgetCore", "GadgetSystem", "CCurl", "GadgetMQTT",
            .product(name: "Logging", package: "swift-log"),
            .product(name: "SystemPackage", package: "swift-system"),
        ]),
        // Display power for opening hours (issue 26): the backlight through sysfs and a TV over
        // HDMI-CEC through the kernel CEC API (<linux/cec.h>, CCEC: ioctl wrappers, nothing to
        // link), behind one small protocol with a recording double.
        .systemLibrary(name: "CCEC", path: "Sources/CCEC"),
        .target(name: "GadgetPower", dependencies: [
            "GadgetSystem", "CCEC",
            .product(name: "Logging", package: "swift-log"),
        ]),

        // Video gadgets: FFmpeg behind owner types, the decoder choice, a decode thread per video
        // with a bounded queue of frames handed to the loop as values.
        .target(name: "GadgetVideo", dependencies: [
            "CFFmpeg", "GadgetCore", "GadgetSystem",
            .product(name: "Logging", package: "swift-log"),
            .product(name: "SystemPackage", package: "swift-system"),
        ]),
        // Sound (issue 37): the ALSA output (CALSA) behind one owner type with a typed AudioError,
        // the one playback thread with the mixer, `--audio none`, `--audio-out`'s WAV recording.
        .target(name: "GadgetAudio", dependencies: [
            "CALSA", "GadgetCore", "GadgetSystem",
            .product(name: "Logging", package: "swift-log"),
            .product(name: "SystemPackage", package: "swift-system"),
        ]),
        // Typing (issue 38): libxkbcommon (CXKBCommon) behind owner types with a typed
        // KeyboardError: a layout's keymap and its labels per level, compose, evdev code → KeyInput.
        .target(name: "GadgetKeyboard", dependencies: [
            "CXKBCommon", "GadgetCore",
            .product(name: "Logging", package: "swift-log"),
        ]),
        // Speech (issue 39): the speech program as a child process (gadgetboard-speech, below: the
        // kiosk never links libespeak-ng), its PCM resampled by GadgetVideo's libswresample owner
        // and mixed as a voice of the AudioEngine.
        // Web gadgets (issue 40): one helper process per page, spawned with a seqpacket socket as
        // fd 3, its frames read from memfds on a thread of its own; pure rules in GadgetCore/Web.
        .target(name: "GadgetWeb", dependencies: [
            "GadgetCore", "GadgetSystem",
            .product(name: "Logging", package: "swift-log"),
            .product(name: "SystemPackage", package: "swift-system"),
        ]),
        .executableTarget(name: "gadgetboard-web-double", dependencies: [
            "GadgetCore", "GadgetSystem", .product(name: "SystemPackage", package: "swift-system"),
        ]),
        .target(name: "GadgetSpeech", dependencies: [
            "GadgetCore", "GadgetSystem", "GadgetAudio", "GadgetVideo",
            .product(name: "Logging", package: "swift-log"),
            .product(name: "SystemPackage", package: "swift-system"),
        ]),
        // Wires board + renderer + display + input: scenes, the main loop, commands' work.
        .target(name: "GadgetApp", dependencies: [
            "GadgetCore", "GadgetRender", "GadgetDisplay", "GadgetInput", "GadgetSystem", "GadgetMQTT",
            "GadgetPower",
            // Live data: HTTP sources, QR encoding, locale names (issue 27).
            "GadgetSources",
            // Video gadgets' decoding (check, snapshot, the player).
            "GadgetVideo",
            // Sound: the audio engine the kiosk starts and stops (issue 37).
            "GadgetAudio",
            // Typing: physical and on-screen keys into KeyInput (issue 38).
            "GadgetKeyboard",
            // Forms: the submissions' spool and sender (issue 38).
            "GadgetForms",
            // Speech through the speech program (issue 39).
            "GadgetSpeech",
            // Web gadgets through their helper processes (issue 40).
            "GadgetWeb",
            // The player's zero-copy choice (DMABufImporter).
            "GadgetGL",
            .product(name: "Logging", package: "swift-log"),
            .product(name: "SystemPackage", package: "swift-system"),
            // The kiosk's own frame statistics and metrics histograms.
            .product(name: "Histogram", package: "hdrhistogram-swift"),
        ]),
        // `gadgetboard bench` and `gadgetboard soak`: measurement harnesses that drive the kiosk's
        // display selection, frame pacing and loop, with their own malloc counter (CMalloc).
        .target(name: "GadgetBench", dependencies: [
            "GadgetApp", "GadgetCore", "GadgetRender", "GadgetDisplay", "GadgetInput", "GadgetSystem",
            // The floor's static vertex buffers (StaticSpriteBatch).
            "GadgetGL",
            // The bench's heap figures and settings (mallinfo2, mallopt, malloc counting).
            "CMalloc",
            .product(name: "Histogram", package: "hdrhistogram-swift"),
            .product(name: "Logging", package: "swift-log"),
        ]),
        // `gadgetboard --version`: VERSION plus the git revision, stamped before every build by a
        // prebuild command (Plugins/BuildVersion says why a plugin).
        .plugin(name: "BuildVersion", capability: .buildTool(), path: "Plugins/BuildVersion"),
        .target(name: "GadgetBuildInfo", plugins: ["BuildVersion"]),
        .executableTarget(name: "gadgetboard", dependencies: [
            "GadgetApp", "GadgetBench", "GadgetCore", "GadgetInput", "GadgetRender", "GadgetSystem", "GadgetBuildInfo",
            // `run --audio`, `--audio-out` (AudioOptions).
            "GadgetAudio",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),

        // The speech program (issue 39): a small C program, the only one linking libespeak-ng
        // (libespeak-ng-dev; GPL-3.0-or-later), which the kiosk starts as a child and reads 16-bit
        // PCM from over a pipe. Nothing else depends on it: the kiosk binary stays Apache-2.0.
        .executableTarget(name: "gadgetboard-speech", path: "Sources/gadgetboard-speech",
                          linkerSettings: [.linkedLibrary("espeak-ng")]),

        // The web helper (issue 40): WPE WebKit (libwpewebkit-1.1-dev) and WPEBackend-fdo
        // (libwpebackend-fdo-1.0-dev), one module per library; only gadgetboard-web imports them.
        systemLibrary("CWPE", pkgConfig: "wpe-webkit-1.1", apt: ["libwpewebkit-1.1-dev"]),
        systemLibrary("CWPEBackendFDO", pkgConfig: "wpebackend-fdo-1.0", apt: ["libwpebackend-fdo-1.0-dev"]),
        .executableTarget(name: "gadgetboard-web", dependencies: [
            "CWPE", "CWPEBackendFDO", "GadgetCore", "GadgetGL", "GadgetSystem",
            .product(name: "Logging", package: "swift-log"),
            .product(name: "SystemPackage", package: "swift-system"),
        ]),

        .testTarget(name: "GadgetCoreTests", dependencies: ["GadgetCore"]),
        .testTarget(name: "GadgetSystemTests", dependencies: [
            "GadgetSystem",
            .product(name: "SystemPackage", package: "swift-system"),
            .product(name: "Logging", package: "swift-log"),
        ]),
        // Fixtures are read through #filePath (no Foundation Bundle): excluded from the build.
        .testTarget(name: "GadgetRenderTests", dependencies: ["GadgetRender", "GadgetGL", "GadgetDisplay", "GadgetCore", "CGLES2"], exclude: ["Fixtures"]),
        .testTarget(name: "GadgetInputTests", dependencies: [
            "GadgetInput", "GadgetCore", "GadgetSystem",
            .product(name: "SystemPackage", package: "swift-system"),
            .product(name: "Logging", package: "swift-log"),
        ], exclude: ["Fixtures"]),
        // KMS logic (modes, probing, event decoding) and, on a machine with a card, the real thing.
        .testTarget(name: "GadgetKMSTests", dependencies: [
            "GadgetDisplay", "GadgetCore", "GadgetSystem", "CGLES2",
            // The zero-copy import on the VM's card (DMABufHardwareTests, issue 25).
            "GadgetRender", "GadgetGL", "CGBM",
            .product(name: "SystemPackage", package: "swift-system"),
            .product(name: "Logging", package: "swift-log"),
        ]),
        .testTarget(name: "GadgetAppTests", dependencies: [
            "GadgetApp", "GadgetCore", "GadgetRender", "GadgetGL", "GadgetDisplay", "GadgetInput", "GadgetSystem", "GadgetMQTT", "CGLES2",
            "GadgetVideo",
            .product(name: "SystemPackage", package: "swift-system"),
            .product(name: "Logging", package: "swift-log"),
        ], exclude: ["Fixtures"]),
        // Fixtures/http_server.py: the loopback server playing every bad server.
        .testTarget(name: "GadgetSourcesTests", dependencies: [
            "GadgetSources", "GadgetCore", "GadgetSystem",
            .product(name: "Logging", package: "swift-log"),
        ], exclude: ["Fixtures"]),
        // The spool against a real temporary directory and a disk double that fails on cue (full
        // disk, a crash before the rename); the HTTP transport against Fixtures/form_server.py.
        .testTarget(name: "GadgetFormsTests", dependencies: [
            "GadgetForms", "GadgetCore", "GadgetSystem",
            .product(name: "Logging", package: "swift-log"),
            .product(name: "SystemPackage", package: "swift-system"),
        ]),
        // Display power: backlight against a directory laid out like /sys/class/backlight, CEC frames.
        .testTarget(name: "GadgetPowerTests", dependencies: [
            "GadgetPower", "GadgetSystem",
            .product(name: "Logging", package: "swift-log"),
        ]),
        // Clips are made at test time with the ffmpeg CLI.
        .testTarget(name: "GadgetVideoTests", dependencies: ["GadgetVideo", "GadgetCore", "GadgetSystem"]),
        // The video soak's child process (VideoSoakTests starts it beside the test binary): a
        // program, not a registered test, so the suite counts only tests that test something.
        .executableTarget(name: "VideoSoakChild", dependencies: ["GadgetVideo", "GadgetCore", "GadgetSystem"], path: "Tests/VideoSoakChild"),
        // The mixer's thread against doubles and ALSA's file plugin (no sound card needed).
        .testTarget(name: "GadgetAudioTests", dependencies: [
            "GadgetAudio", "GadgetCore", "GadgetSystem",
            // DeviceFormatChangeTests: the kiosk's own converter (libswresample) on the device leg.
            "GadgetVideo",
            // LazyLibraryTests: libasound's forwards and the loader's missing-library answer.
            "CALSA", "CLazyLink",
            .product(name: "Logging", package: "swift-log"),
            .product(name: "SystemPackage", package: "swift-system"),
        ]),
        // Keymaps, labels and compose against the machine's xkb-data and libx11-data.
        .testTarget(name: "GadgetKeyboardTests", dependencies: [
            "GadgetKeyboard", "GadgetCore",
            .product(name: "Logging", package: "swift-log"),
        ]),
        // Speech: the program's protocol, the voice's marks, a real utterance when espeak-ng is installed.
        .testTarget(name: "GadgetSpeechTests", dependencies: [
            "GadgetSpeech", "GadgetAudio", "GadgetCore", "GadgetSystem",
            .product(name: "Logging", package: "swift-log"),
        ]),
        // Web gadgets' helper owner against the headless double (built beside the test binary).
        .testTarget(name: "GadgetWebTests", dependencies: [
            "GadgetWeb", "GadgetCore", "GadgetSystem",
            .product(name: "Logging", package: "swift-log"),
        ]),
        .testTarget(name: "GadgetBenchTests", dependencies: ["GadgetBench", "GadgetApp", "GadgetCore", "GadgetRender", "GadgetDisplay", "GadgetSystem", "CMalloc"]),
    ],
    swiftLanguageModes: [.v6]
)
