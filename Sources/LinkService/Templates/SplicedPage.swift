import NIOCore

/// A page rendered once, cut where its per-visit values go: a visit's answer is the text with
/// that visit's values (``PageVisitValues``) spliced in, byte for byte the page a fresh render
/// with those values draws.
package struct SplicedPage: Sendable {
    /// Where a value goes: at `offset` of ``text``.
    package struct Slot: Sendable, Hashable {
        package var offset: Int
        package var slot: PageSlot
    }

    /// The rendered page without its placeholders.
    package let text: [UInt8]
    /// The placeholders' places, in order.
    package let slots: [Slot]

    /// The page's bytes with `values` in their places.
    package func body(_ values: PageVisitValues) -> ByteBuffer {
        var length = text.count
        for slot in slots { length += values[slot.slot]?.utf8.count ?? 0 }
        var buffer = ByteBufferAllocator().buffer(capacity: length)
        text.withUnsafeBytes { text in
            var start = 0
            for slot in slots {
                buffer.writeBytes(UnsafeRawBufferPointer(rebasing: text[start..<slot.offset]))
                let value = values[slot.slot]
                assert(value != nil, "the page has a place for \(slot.slot) and the visit no value")
                assert(value.map(PageVisitValues.isInert) ?? true, "\(slot.slot) would need escaping")
                if let value { buffer.writeString(value) }
                start = slot.offset
            }
            buffer.writeBytes(UnsafeRawBufferPointer(rebasing: text[start...]))
        }
        return buffer
    }
}
