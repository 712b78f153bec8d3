import Testing

@Suite("wayfinder --help and --version")
struct HelpTests {
    @Test("--version prints the version")
    func version() throws {
        let result = try WayfinderProcess.run(["--version"])
        #expect(result.status == 0)
        #expect(result.stdout == "0.1.0\n")
    }

    @Test("--help lists each subcommand with its abstract and shows an example")
    func help() throws {
        let result = try WayfinderProcess.run(["--help"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("manifest"))
        #expect(result.stdout.contains("Check app manifests (wayfinder.json)."))
        #expect(result.stdout.contains("wayfinder manifest validate Examples/storyteller.json"))
    }

    @Test("each subcommand's help teaches with an example")
    func subcommandHelp() throws {
        let result = try WayfinderProcess.run(["manifest", "validate", "--help"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("Examples:"))
        #expect(result.stdout.contains("--json"))
    }

    @Test("an unknown subcommand is a usage error with exit code 64")
    func unknownSubcommand() throws {
        let result = try WayfinderProcess.run(["frobnicate"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("Error:"))
    }
}
