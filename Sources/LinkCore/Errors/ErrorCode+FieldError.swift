import DeepLinkRouting

/// The catalogue of ``FieldError`` codes: each is a problem document's stable code (its `type` is
/// `urn:wayfinder:problem:<code>`), listed in the OpenAPI document.
extension ErrorCode where Owner == FieldError {
    /// A value that is not valid for its field (the general case).
    package static let invalidField = ErrorCode("invalid-field")
    /// The body is not JSON at all.
    package static let malformedJSON = ErrorCode("malformed-json")
    /// A value of the wrong JSON type (a number where text belongs).
    package static let wrongType = ErrorCode("wrong-type")
    /// A member the document does not have (a typo, or a newer client's field).
    package static let unknownField = ErrorCode("unknown-field")
    /// A member given twice in one object.
    package static let duplicateField = ErrorCode("duplicate-field")
    /// A member that is required and absent.
    package static let missingField = ErrorCode("missing-field")
    /// Text longer than the field takes.
    package static let tooLong = ErrorCode("too-long")
    /// A destination that is not an absolute URL on an allowed host.
    package static let invalidDestination = ErrorCode("invalid-destination")
    /// A web URL that is plain `http:` or names a port the manifest's `linkOrigins` does not allow.
    package static let insecureURL = ErrorCode("insecure-url")
    /// A fallback URL that is not valid.
    package static let invalidFallback = ErrorCode("invalid-fallback")
    /// A password the link cannot take.
    package static let invalidPassword = ErrorCode("invalid-password")
    /// A tag that is not valid or listed twice.
    package static let invalidTag = ErrorCode("invalid-tag")
    /// A redirect rule that is not valid.
    package static let invalidRule = ErrorCode("invalid-rule")
    /// A condition of a rule that is not valid.
    package static let invalidCondition = ErrorCode("invalid-condition")
    /// A condition name the rules do not know.
    package static let unknownCondition = ErrorCode("unknown-condition")
    /// A country that is not an ISO 3166-1 alpha-2 code.
    package static let countryUnknown = ErrorCode("country-unknown")
    /// An A/B variant that is not valid.
    package static let invalidVariant = ErrorCode("invalid-variant")
    /// A domain that is not a host name a tenant can add (an IP address, a single label…).
    package static let invalidDomain = ErrorCode("invalid-domain")
    /// A webhook event type that does not exist.
    package static let unknownEvent = ErrorCode("unknown-event")
    /// A webhook event type listed twice.
    package static let duplicateEvent = ErrorCode("duplicate-event")
    /// A webhook endpoint subscribed to no event.
    package static let noEvents = ErrorCode("no-events")
    /// A slug that is not 1 to 64 of `A-Z`, `a-z`, `0-9`, `_` and `-`, or is reserved.
    package static let invalidSlug = ErrorCode("invalid-slug")
    /// A webhook endpoint URL the server will not deliver to.
    package static let invalidWebhookURL = ErrorCode("invalid-webhook-url")
    /// A tenant that has as many webhook endpoints as it may.
    package static let tooManyEndpoints = ErrorCode("too-many-endpoints")
    /// An event name outside `[a-z0-9_.-]{1,64}`, or one of the reserved names.
    package static let invalidEventName = ErrorCode("invalid-event-name")
    /// A click id that is not 22 base64url characters.
    package static let invalidClickID = ErrorCode("invalid-click-id")
    /// A currency that is not an ISO 4217 code.
    package static let unknownCurrency = ErrorCode("unknown-currency")
    /// An amount that is negative or not finite.
    package static let invalidValue = ErrorCode("invalid-value")

    /// Every code of this catalogue.
    package static let catalogue: [ErrorCode] = [
        .invalidField, .malformedJSON, .wrongType, .unknownField, .duplicateField, .missingField, .tooLong,
        .invalidDestination, .invalidFallback, .invalidPassword, .invalidTag, .invalidRule, .invalidCondition,
        .unknownCondition, .countryUnknown, .invalidVariant, .unknownEvent, .duplicateEvent, .noEvents, .invalidSlug,
        .invalidWebhookURL, .tooManyEndpoints, .insecureURL, .invalidDomain, .invalidEventName, .invalidClickID,
        .unknownCurrency, .invalidValue,
    ]
}
