import ArgumentParser
import AssociatedDomains
import DeepLinkRouting

/// The file, `--domain`, `--json` and URLs that `aasa match` and `assetlinks match` both take;
/// each command adds the option that names whose decisions to print (`--app`, `--package`).
struct MatchOptions: ParsableArguments {
    @Argument(help: "The association file.", completion: .file())
    var file: String

    @Option(help: "The domain the file is served for (URLs on other hosts never match).")
    var domain: String

    @Flag(help: "Print one JSON object per URL, one per line.")
    var json = false

    @Argument(help: "URLs to decide.")
    var urls: [String]

    /// Reads and compiles ``file`` once (printing its diagnostics and exiting 1 when it cannot be
    /// read), then prints each URL's decision as `explain` gives it.
    func run<Compiled>(
        compile: (_ bytes: [UInt8], _ domain: String) throws(AASAError) -> Compiled,
        explain: (Compiled, String) -> MatchOutput.Explained
    ) throws {
        let bytes = try CommandInput.bytes(file)
        let compiled: Compiled
        do throws(AASAError) {
            compiled = try compile(bytes, domain)
        } catch {
            for diagnostic in error.diagnostics { printError(diagnostic.line(in: file)) }
            throw ExitCode(1)
        }
        for url in urls {
            let explained = explain(compiled, url)
            MatchOutput.print(
                url: url, decision: explained.decision, place: explained.place, verdicts: explained.verdicts,
                summary: explained.summary, json: json)
        }
    }
}
