/// What this binary was built from. `version` (in a file Plugins/BuildVersion writes before
/// every build) is the file VERSION plus `+git<commits>.<hash>[.dirty]`, the version
/// scripts/package-deb.sh gives the package built from the same tree. Pure.
public enum BuildInfo {}
