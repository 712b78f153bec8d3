import DeepLinkRouting
import LinkCore

/// The body of `POST /api/v1/domains`: `{"domain": "go.acme.com"}`, the name normalised.
package struct DomainRequest: Sendable {
    package var domain: String

    package init(body bytes: some Collection<UInt8>) throws(FieldError) {
        let node: JSONNode
        do {
            node = try JSONParser(maximumDepth: 4).parse(bytes)
        } catch {
            throw FieldError.malformedJSON(error)
        }
        let members = try LinkRequest.members(of: node, at: "", known: ["domain"])
        guard let text = try LinkRequest.optionalString(members["domain"], at: "domain") else {
            throw FieldError(
                "domain", "\"domain\" is required: the host name to add, such as go.acme.com", code: .missingField)
        }
        domain = try DomainName.normalized(text)
    }
}
