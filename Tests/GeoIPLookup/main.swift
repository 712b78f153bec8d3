// geoip-lookup: the GeoIP reader's country lookup as a process, for Scripts/geoip-compare (which
// checks it against PyPI's `maxminddb` on the GeoLite2 file). Not part of the `wayfinder` command:
// a test tool, so the public command line stays what operators need.
//
//   GeoIPLookup DATABASE < addresses     one address per line in, one answer per line out:
//                                        the country code, `-` when there is none, `?` when the
//                                        line is not an address, `! CODE` when the record is corrupt
import Foundation
import GeoIP

let arguments = CommandLine.arguments
guard arguments.count == 2 else {
    FileHandle.standardError.write(Data("usage: GeoIPLookup DATABASE < addresses\n".utf8))
    exit(2)
}
let database: MaxMindDatabase
do {
    database = try MaxMindDatabase(contentsOf: URL(fileURLWithPath: arguments[1]))
} catch {
    FileHandle.standardError.write(Data("GeoIPLookup: \(error)\n".utf8))
    exit(1)
}
var output = ""
while let line = readLine() {
    guard let address = IPAddress(line) else {
        output += "?\n"
        continue
    }
    do {
        output += (try database.lookupCountryCode(address) ?? "-") + "\n"
    } catch let error as MaxMindError {
        output += "! \(error.code)\n"
    }
}
FileHandle.standardOutput.write(Data(output.utf8))
