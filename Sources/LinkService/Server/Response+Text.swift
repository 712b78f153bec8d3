import HTTPTypes
import Hummingbird
import LinkCore
import NIOCore

extension Response {
    /// A short plain-text answer (`/healthz`, `/readyz`, `/tls/ask`, an unknown host's file).
    package static func text(_ text: String, status: HTTPResponse.Status = .ok) -> Response {
        Response(
            status: status, headers: [.contentType: "text/plain; charset=utf-8"],
            body: .init(byteBuffer: ByteBuffer(string: text)))
    }
}
