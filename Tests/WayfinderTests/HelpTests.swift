import Foundation
import LinkService
import Testing

@Suite("wayfinder --help and --version")
struct HelpTests {
    @Test("--version prints the version")
    func version() async throws {
        let result = try await WayfinderProcess.runDetached(["--version"])
        #expect(result.status == 0)
        #expect(result.stdout == "0.1.0\n")
    }

    @Test("--help lists each subcommand with its abstract and shows an example")
    func help() async throws {
        let result = try await WayfinderProcess.runDetached(["--help"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("manifest"))
        #expect(result.stdout.contains("Check app manifests (wayfinder.json)."))
        #expect(result.stdout.contains("wayfinder manifest validate Examples/storyteller.json"))
    }

    @Test("each subcommand's help teaches with an example")
    func subcommandHelp() async throws {
        let result = try await WayfinderProcess.runDetached(["manifest", "validate", "--help"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("Examples:"))
        #expect(result.stdout.contains("--json"))
    }

    @Test("an unknown subcommand is a usage error with exit code 64")
    func unknownSubcommand() async throws {
        let result = try await WayfinderProcess.runDetached(["frobnicate"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("Error:"))
    }

    @Test(
        "serve --help at 80 columns lists every environment variable whole, on its own line, none of its lines past column 80"
    )
    func serveHelpEnvironment() async throws {
        let result = try await WayfinderProcess.runDetached(["serve", "--help"], environment: ["COLUMNS": "80"])
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        // The environment table (ArgumentParser leaves its USAGE line unwrapped at any width).
        let start = try #require(lines.firstIndex { $0.hasPrefix("Every flag can also be set in the environment") })
        let end = try #require(lines[start...].firstIndex { $0.hasPrefix("Examples:") })
        for line in lines[start..<end] {
            #expect(line.count <= 80, "longer than 80 columns: \(line)")
        }
        let names = Set(lines.map { $0.trimmingCharacters(in: .whitespaces) }.filter { $0.hasPrefix("WAYFINDER_") })
        for entry in LinkServiceConfiguration.documentedKeys {
            #expect(names.contains(entry.environment), "\(entry.environment) is not listed whole on a line of its own")
            // The meaning's first words follow the name, indented (not torn to column 0).
            let index = try #require(lines.firstIndex { $0.trimmingCharacters(in: .whitespaces) == entry.environment })
            let firstWord = try #require(entry.meaning.split(separator: " ").first)
            #expect(lines[index + 1].hasPrefix("      \(firstWord)"), "\(entry.environment): \(lines[index + 1])")
        }
    }
}
