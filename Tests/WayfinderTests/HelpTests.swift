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
}
