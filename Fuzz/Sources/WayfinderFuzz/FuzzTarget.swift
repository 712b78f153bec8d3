/// One parser under fuzzing: a name (the corpus folder under `Fuzz/Corpus`, and the value of
/// `WAYFINDER_FUZZ_TARGET`) and what to do with one input.
///
/// A target must not crash, trap or leak on any input; it throws nothing away on purpose except
/// the parser's own errors, which are the expected answer to bad input.
struct FuzzTarget: Sendable {
    let name: String
    let run: @Sendable ([UInt8]) -> Void

    /// Every target, in the order `Scripts/fuzz` runs them.
    static let all: [FuzzTarget] = [
        .manifest, .aasa, .signedAASA, .assetLinks, .route, .intake, .userAgent, .firebaseLongLink, .csv, .claimToken,
        .linkRules, .maxMind, .ipAddress, .dnsMessage,
        .webhookEndpoint, .statsRange, .webhookClickBatch, .events,
    ]
}

extension [UInt8] {
    /// The input cut at its first NUL byte: two texts for targets that read a document and a URL.
    /// Without a NUL the second part is `nil`.
    var splitAtNUL: (first: ArraySlice<UInt8>, second: ArraySlice<UInt8>?) {
        guard let index = firstIndex(of: 0) else { return (self[...], nil) }
        return (self[..<index], self[(index + 1)...])
    }

    var text: String { String(decoding: self, as: UTF8.self) }
}

extension ArraySlice<UInt8> {
    var text: String { String(decoding: self, as: UTF8.self) }
}
