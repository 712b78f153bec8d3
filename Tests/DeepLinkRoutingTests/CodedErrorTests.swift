import Testing

@testable import DeepLinkRouting

@Suite("Coded errors: one mechanism for every error type")
struct CodedErrorTests {
    @Test("an error's code is the constant its maker names, and its description is its message")
    func codeAndMessage() throws {
        let error = RoutePatternError.unclosedBrace(pattern: "/story/{id", offset: 7)
        #expect(error.code == .unclosedBrace)
        #expect(error.code.description == "pattern-unclosed-brace")
        #expect(error.description == error.message)
        #expect(error.message == "\"/story/{id\" has an unclosed \"{\" at offset 7")
    }

    @Test("codes of one error type are told apart by name, and two errors of one kind compare by their fields")
    func equality() {
        #expect(RouterError.Code.unknownRoute != .unknownBarrier)
        #expect(DeferredLinkError.rateLimited(retryAfter: 3) == .rateLimited(retryAfter: 3))
        #expect(DeferredLinkError.rateLimited(retryAfter: 3) != .rateLimited(retryAfter: 4))
        #expect(DeferredLinkError.rateLimited(retryAfter: 3).retryAfter == 3)
        #expect(DeferredLinkError.expired.retryAfter == nil)
    }

    @Test("every code of the router's error types is kebab-case and unique within its type")
    func kebabCaseAndUnique() {
        let groups: [[String]] = [
            [
                RoutePatternError.Code.missingLeadingSlash, .missingScheme, .invalidScheme, .unclosedBrace,
                .unopenedBrace,
                .nestedBrace, .emptySegment, .partialSegment, .emptyName, .invalidName, .invalidTypeName,
                .typedCatchAll,
                .optionalNotLast, .catchAllNotLast, .duplicateParameter, .queryInPath, .fragmentInPath,
                .invalidPercentEncoding,
            ].map(\.description),
            [
                DeepLinkError.Code.notAbsolute, .emptyHost, .invalidPercentEncoding, .tooLong, .missingPayloadKey,
                .invalidPayloadValue,
            ].map(\.description),
            [
                DeferredLinkError.Code.expired, .alreadyClaimed, .notFound, .offline, .timedOut, .rateLimited,
                .rejected,
                .unexpectedResponse,
            ].map(\.description),
            [
                ReverseRoutingError.Code.unknownRoute, .noPattern, .parametersDoNotFit, .wrongType, .unknownDomain,
                .invalidURL,
            ].map(\.description),
            [RouterError.Code.unknownBarrier, .unknownRoute].map(\.description),
            [HandlingError.Code.notAvailable, .noHandler].map(\.description),
        ]
        for names in groups {
            #expect(Set(names).count == names.count, "duplicate code in \(names)")
            for name in names {
                #expect(name.allSatisfy { $0.isLowercase || $0.isNumber || $0 == "-" }, "\(name) is not kebab-case")
            }
        }
    }
}
