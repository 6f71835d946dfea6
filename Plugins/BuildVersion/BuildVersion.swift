import Foundation
import PackagePlugin

/// Stamps the build with the version `scripts/package-deb.sh` gives the package: the file VERSION,
/// then `+git<commits>.<hash>` and `.dirty` for uncommitted changes (docs/raspberry-pi.md,
/// "Versions"). A prebuild command, because it runs before every build: a new commit changes the
/// stamp without any source file changing (SwiftPM has no build-time environment, and a file a
/// script writes before building goes stale the first time someone builds without the script).
/// Without git or .git (a tarball), VERSION alone, as the package script does.
@main
struct BuildVersion: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let out = context.pluginWorkDirectoryURL.appending(path: "Stamp")
        let repo = context.package.directoryURL.path(percentEncoded: false)
        let file = out.appending(path: "BuildVersionStamp.swift").path(percentEncoded: false)
        // Written beside, not inside, the output directory: every file in there is compiled.
        let scratch = context.pluginWorkDirectoryURL.appending(path: "stamp.tmp").path(percentEncoded: false)
        // POSIX sh: every value is checked, so a failing git leaves VERSION alone, never an error.
        let script = """
            set -u
            repo=$1 out=$2 tmp=$3
            v=$(tr -d '[:space:]' < "$repo/VERSION" 2>/dev/null)
            [ -n "$v" ] || v=unknown
            if command -v git >/dev/null 2>&1 && git -C "$repo" rev-parse --verify -q HEAD >/dev/null 2>&1; then
                n=$(git -C "$repo" rev-list --count HEAD 2>/dev/null)
                h=$(git -C "$repo" rev-parse --short=7 HEAD 2>/dev/null)
                if [ -n "$n" ] && [ -n "$h" ]; then
                    v="$v+git$n.$h"
                    [ -z "$(git -C "$repo" status --porcelain --untracked-files=no 2>/dev/null)" ] || v="$v.dirty"
                fi
            fi
            mkdir -p "$(dirname "$out")"
            printf '// Written by Plugins/BuildVersion before every build.\\nextension BuildInfo {\\n    public static let version = "%s"\\n}\\n' "$v" > "$tmp" &&
                { cmp -s "$tmp" "$out" 2>/dev/null || mv "$tmp" "$out"; }
            rm -f "$tmp"
            """
        return [.prebuildCommand(
            displayName: "Stamping the build's version",
            executable: URL(filePath: "/bin/sh"),
            arguments: ["-c", script, "sh", repo, file, scratch],
            outputFilesDirectory: out)]
    }
}
