/// The version `wayfinder --version` prints.
enum WayfinderVersion {
    static let current = "0.1.0"
}
