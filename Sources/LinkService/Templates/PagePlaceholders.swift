import LinkCore

/// The text a page model holds where a per-visit value goes (``PageSlot``), and the reading of a
/// rendered page that finds them again (``SplicedPage``).
///
/// A placeholder is a random run of letters and digits made when the server starts, so that HTML
/// escaping and percent-encoding leave it whole wherever a template puts it, and no link's text
/// can contain one by chance or by design (it is never shown to anyone).
package struct PagePlaceholders: Sendable {
    /// What every placeholder starts with; the slot's letter follows.
    private let stem: [UInt8]
    /// Each slot's placeholder, by ``PageSlot/rawValue``: made once, since a visit asks for them.
    private let texts: [String]
    private static let letters: [PageSlot: UInt8] = [
        .nonce: UInt8(ascii: "n"), .claimToken: UInt8(ascii: "c"), .csrf: UInt8(ascii: "s"),
        .clickID: UInt8(ascii: "k"),
    ]

    package init() {
        let stem = Array(("wfslot" + RandomText.make(length: 24, from: RandomText.lettersAndDigits)).utf8)
        self.stem = stem
        texts = PageSlot.allCases.map { String(decoding: stem + [Self.letters[$0]!], as: UTF8.self) }
    }

    /// The placeholder of `slot`.
    package func text(for slot: PageSlot) -> String {
        texts[slot.rawValue]
    }

    /// `html` cut at its placeholders: the text between them, and which slot each one is.
    package func splice(_ html: String) -> SplicedPage {
        let bytes = Array(html.utf8)
        var text: [UInt8] = []
        text.reserveCapacity(bytes.count)
        var slots: [SplicedPage.Slot] = []
        var index = 0
        while index < bytes.count {
            if bytes[index] == stem[0], index + stem.count < bytes.count,
                bytes[index..<(index + stem.count)].elementsEqual(stem),
                let slot = Self.letters.first(where: { $0.value == bytes[index + stem.count] })?.key
            {
                slots.append(SplicedPage.Slot(offset: text.count, slot: slot))
                index += stem.count + 1
            } else {
                text.append(bytes[index])
                index += 1
            }
        }
        return SplicedPage(text: text, slots: slots)
    }
}
