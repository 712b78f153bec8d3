/// How Wayfinder lays out the JSON documents it writes, such as a generated
/// `apple-app-site-association` or `assetlinks.json` file.
///
/// Members always keep their order and `/` is never escaped, whichever style is chosen: only
/// whitespace differs. Use ``pretty`` for files people read and review, ``compact`` for HTTP
/// bodies and one-document-per-line output.
public enum JSONWritingStyle: Sendable, Hashable {
    /// Everything on one line with no spaces: for JSON-lines output and HTTP bodies.
    case compact
    /// Two-space indentation, one member per line: for files people read.
    case pretty
}
