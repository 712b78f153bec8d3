import Hummingbird
import LinkCore
import NIOCore

extension Request {
    /// The whole body, at most `limit` bytes: a larger one (announced or sent) is `413`
    /// (`body-too-large`); a body that breaks off before its end (the client went away, or sent
    /// less than it announced) is `400` (`incomplete-body`), not `413`.
    package func collectBody(upTo limit: Int) async throws -> ByteBuffer {
        let tooLarge = Problem(
            .contentTooLarge, .bodyTooLarge, title: "The body is too large",
            detail: "request bodies are limited to \(limit) bytes")
        if let length = headers[.contentLength].flatMap(Int.init), length > limit { throw tooLarge }
        do {
            return try await body.collect(upTo: limit)
        } catch is NIOTooManyBytesError {
            throw tooLarge
        } catch {
            throw Problem(
                .badRequest, .incompleteBody, title: "The body could not be read",
                detail: "the request body broke off before its end (\(error)); send the whole body again")
        }
    }
}
