import ArgumentParser
import DeepLinkRouting
import Foundation

/// Reading the files commands are given, with errors that name the file.
enum CommandInput {
    /// The file's bytes, or exit 1 with a message on standard error.
    static func bytes(_ path: String) throws -> [UInt8] {
        guard let data = FileManager.default.contents(atPath: path) else {
            printError("\(path): cannot read the file: no such file, or it is not readable")
            throw ExitCode(1)
        }
        return Array(data)
    }

    static func text(_ path: String) throws -> String {
        String(decoding: try bytes(path), as: UTF8.self)
    }

    /// The one way a command reads a `--manifest` file: through ``ManifestLoader``, exactly as
    /// `wayfinder manifest validate` checks it. On any error, every diagnostic is printed to
    /// standard error in `manifest validate`'s format, with what to do next, and the command exits
    /// with `failureStatus` (1, except where a command's contract says otherwise). The lines go to
    /// `report` instead when given (the server's reload logs them).
    static func manifest(_ path: String, failureStatus: Int32 = 1, report: (String) -> Void = printError) throws
        -> LoadedManifestFile
    {
        guard let data = FileManager.default.contents(atPath: path) else {
            // The file leads the line, as in every diagnostic line, and is named again in the
            // sentence that a log reader may see on its own.
            report("\(path): cannot read the manifest \(path): no such file, or it is not readable")
            throw ExitCode(failureStatus)
        }
        return try manifest(data, path: path, failureStatus: failureStatus, report: report)
    }

    /// Loads manifest bytes read from `path`, reporting as ``manifest(_:failureStatus:)`` does.
    static func manifest(
        _ data: Data, path: String, failureStatus: Int32 = 1, report: (String) -> Void = printError
    ) throws -> LoadedManifestFile {
        let loaded = ManifestLoader().load(data)
        guard let manifest = loaded.manifest, let routes = loaded.routes else {
            for diagnostic in loaded.diagnostics {
                report(diagnostic.line(in: path))
            }
            let errors = loaded.diagnostics.filter { $0.severity == .error }.count
            report(
                "\(path): not valid (\(DiagnosticReport.plural(errors, "error"))): fix the manifest and run again; "
                    + "`wayfinder manifest validate \(path)` checks it, and the manifest reference explains each code")
            throw ExitCode(failureStatus)
        }
        return LoadedManifestFile(path: path, manifest: manifest, routes: routes)
    }

    /// Every manifest of `paths`, each loaded with ``manifest(_:failureStatus:)``; all are read and
    /// reported before the command exits 1 because one failed.
    static func manifests(_ paths: [String], report: (String) -> Void = printError) throws -> [LoadedManifestFile] {
        var loaded: [LoadedManifestFile] = []
        var failed = false
        for path in paths {
            do {
                loaded.append(try manifest(path, report: report))
            } catch {
                failed = true
            }
        }
        if failed { throw ExitCode(1) }
        return loaded
    }
}

/// A manifest file that loaded clean: the manifest and its route table.
struct LoadedManifestFile {
    let path: String
    let manifest: Manifest
    let routes: RouteTable
}

/// Prints diagnostics the way every `validate` command does: one line each (or one JSON object
/// each with `--json`) and a summary per file.
enum DiagnosticReport {
    /// Prints `diagnostics` for `file`; returns whether there was an error.
    static func print(_ diagnostics: [Diagnostic], file: String, json: Bool) -> Bool {
        let errors = diagnostics.filter { $0.severity == .error }.count
        let warnings = diagnostics.count - errors
        if json {
            for diagnostic in diagnostics {
                var node = diagnostic.jsonNode
                if case .object(var members) = node.value {
                    members.insert(.init(key: "file", value: JSONNode(.string(file))), at: 0)
                    node = JSONNode(.object(members))
                }
                Swift.print(node.jsonText(style: .compact))
            }
            let summary = JSONNode.object([
                "file": JSONNode(.string(file)), "valid": JSONNode(.bool(errors == 0)),
                "errors": JSONNode(.number(String(errors))), "warnings": JSONNode(.number(String(warnings))),
            ])
            Swift.print(summary.jsonText(style: .compact))
        } else {
            for diagnostic in diagnostics {
                Swift.print(diagnostic.line(in: file))
            }
            let verdict = errors == 0 ? "valid" : "not valid"
            Swift.print("\(file): \(verdict) (\(plural(errors, "error")), \(plural(warnings, "warning")))")
        }
        return errors > 0
    }

    static func plural(_ count: Int, _ word: String) -> String {
        "\(count) \(word)\(count == 1 ? "" : "s")"
    }
}

/// The arguments every `validate` command takes: files and `--json`.
struct ValidateOptions: ParsableArguments {
    @Argument(help: "Files to check.", completion: .file())
    var files: [String]

    @Flag(help: "Print one JSON object per diagnostic and one summary object per file, one per line.")
    var json = false

    /// Prints the diagnostics of every file; exits 1 when any file has an error.
    func report(_ diagnose: (String) throws -> [Diagnostic]) throws {
        var failed = false
        for file in files {
            failed = DiagnosticReport.print(try diagnose(file), file: file, json: json) || failed
        }
        if failed { throw ExitCode(1) }
    }
}
