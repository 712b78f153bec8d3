/// Loads a manifest the one way every tool does: bytes, then every diagnostic, then a frozen
/// ``Manifest`` with its ``RouteTable``.
///
/// `wayfinder manifest validate`, `wayfinder serve` and every other command that takes
/// `--manifest` load through this type, so a manifest one of them accepts, all of them accept.
/// It is stricter than ``Manifest/decode(_:)``, which an app may use to read a
/// manifest whose custom parameter types it registers later: here the parameter types are known up
/// front (the built-in ones plus ``types``), and findings that would make the manifest behave
/// other than written are errors:
///
/// - an unknown key (`unknown-key`): a typo such as `"rotues"` would otherwise drop every route;
/// - a parameter type that is neither built in nor in ``types`` (`unknown-parameter-type`): no
///   segment could be checked against it.
///
/// ```swift
/// let loaded = ManifestLoader().load(bytes)
/// guard let manifest = loaded.manifest, let routes = loaded.routes else {
///     for diagnostic in loaded.diagnostics { print(diagnostic) }
///     return
/// }
/// ```
public struct ManifestLoader: Sendable {
    /// Parameter types beyond the built-in ones (``ParameterType/builtIn``).
    public var types: [ParameterType]

    /// Diagnostic codes that are warnings in ``Manifest/decode(_:)`` and errors
    /// here.
    public static let strictCodes: Set<String> = ["unknown-key", "unknown-parameter-type"]

    /// A loader that knows the built-in parameter types and `types`, such as the custom types an app
    /// registers on its ``RouteTableBuilder``.
    public init(types: [ParameterType] = []) {
        self.types = types
    }

    /// Reads and checks a manifest; the result holds a manifest and its table only when no
    /// diagnostic is an error.
    public func load(_ bytes: some Collection<UInt8>) -> LoadedManifest {
        let node: JSONNode
        do {
            node = try JSONParser().parse(bytes)
        } catch {
            return LoadedManifest(manifest: nil, routes: nil, diagnostics: [Manifest.invalidJSON(error)])
        }
        let allTypes = ParameterType.builtIn + types
        var reader = ManifestReader(knownTypes: allTypes.map(\.name))
        let manifest = reader.read(node)
        var diagnostics = reader.collector.diagnostics.map { diagnostic in
            var diagnostic = diagnostic
            if ManifestLoader.strictCodes.contains(diagnostic.code) { diagnostic.severity = .error }
            return diagnostic
        }
        guard !diagnostics.containsErrors, let manifest else {
            return LoadedManifest(manifest: nil, routes: nil, diagnostics: diagnostics)
        }
        do {
            let routes = try RouteTable(manifest: manifest, types: types)
            return LoadedManifest(manifest: manifest, routes: routes, diagnostics: diagnostics)
        } catch {
            diagnostics += error.diagnostics
            return LoadedManifest(manifest: nil, routes: nil, diagnostics: diagnostics)
        }
    }
}

/// What ``ManifestLoader/load(_:)`` found: every diagnostic, and the manifest with its route table
/// when none is an error.
public struct LoadedManifest: Sendable {
    /// The manifest, when no diagnostic is an error.
    public let manifest: Manifest?
    /// The manifest's route table, built with the loader's parameter types.
    public let routes: RouteTable?
    /// Errors and warnings, in document order (route-table problems last).
    public let diagnostics: [Diagnostic]
}
