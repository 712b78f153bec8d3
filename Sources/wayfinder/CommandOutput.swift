import ArgumentParser
import Foundation

/// Writing the files commands are asked to make (`--output`), with errors that name the file.
enum CommandOutput {
    /// Writes `bytes` to `path` whole (a reader never sees half a file), or exits 1 with a message
    /// on standard error that names the file and what to check.
    static func write(_ bytes: some Sequence<UInt8>, to path: String) throws {
        do {
            try Data(bytes).write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            printError(
                "\(path): cannot write the file (\(error.localizedDescription)): check that its folder exists "
                    + "and is writable")
            throw ExitCode(1)
        }
    }
}
