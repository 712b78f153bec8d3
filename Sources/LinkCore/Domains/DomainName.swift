import GeoIP

/// A host name a tenant adds as a runtime domain, in the one form it is stored and looked up in:
/// lower case, without the final dot, international labels as their `xn--` A-labels.
package enum DomainName {
    /// `text` normalised, or a ``FieldError`` on `field` that says what is wrong: not a host
    /// name, an IP address, a single label, a label or name too long.
    package static func normalized(_ text: String, field: String = "domain") throws(FieldError) -> String {
        var name = text.lowercased()
        if name.hasSuffix(".") { name.removeLast() }
        guard !name.isEmpty else {
            throw FieldError(field, "give a host name, such as go.acme.com", code: .invalidDomain)
        }
        if IPAddress(name) != nil || IPAddress(host: name) != nil {
            throw FieldError(
                field, "\"\(text)\" is an IP address: a domain is a host name, such as go.acme.com",
                code: .invalidDomain)
        }
        var labels: [String] = []
        for label in name.split(separator: ".", omittingEmptySubsequences: false) {
            labels.append(try aLabel(String(label), in: text, field: field))
        }
        guard labels.count >= 2 else {
            throw FieldError(
                field, "\"\(text)\" is a single label: give the whole name, such as go.acme.com", code: .invalidDomain)
        }
        let normalized = labels.joined(separator: ".")
        guard normalized.utf8.count <= 253 else {
            throw FieldError(field, "\"\(text)\" is longer than the 253 characters DNS allows", code: .invalidDomain)
        }
        return normalized
    }

    /// `text` in the form served names are looked up in (the TLS ask, a domain named in a URL):
    /// ``normalized(_:field:)``'s when it is a name a tenant could add, so an international name
    /// finds its `xn--` form; otherwise lower case without the final dot (a manifest's single
    /// label or an address is looked up as written).
    package static func lookupForm(_ text: String) -> String {
        if let normalized = try? normalized(text) { return normalized }
        let lower = text.lowercased()
        return lower.hasSuffix(".") ? String(lower.dropLast()) : lower
    }

    /// The label as DNS carries it: letters, digits and inner hyphens, 1 to 63 characters; an
    /// international label becomes `xn--` and its Punycode.
    private static func aLabel(_ label: String, in text: String, field: String) throws(FieldError) -> String {
        guard !label.isEmpty else {
            throw FieldError(field, "\"\(text)\" has an empty label: remove the extra dot", code: .invalidDomain)
        }
        var ascii = label
        if label.unicodeScalars.contains(where: { !$0.isASCII }) {
            guard let encoded = Punycode.encode(label) else {
                throw FieldError(field, "\"\(label)\" cannot be written as an xn-- label", code: .invalidDomain)
            }
            ascii = "xn--" + encoded
        }
        for scalar in ascii.unicodeScalars
        where !(("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) || scalar == "-") {
            throw FieldError(
                field, "\"\(text)\" holds \"\(scalar)\": host names use letters, digits and hyphens",
                code: .invalidDomain)
        }
        guard ascii.utf8.count <= 63 else {
            throw FieldError(field, "the label \"\(label)\" is longer than 63 characters", code: .invalidDomain)
        }
        guard !ascii.hasPrefix("-"), !ascii.hasSuffix("-") else {
            throw FieldError(field, "the label \"\(label)\" starts or ends with a hyphen", code: .invalidDomain)
        }
        return ascii
    }
}
