import DeepLinkRouting
import HTTPTypes
import Hummingbird
import LinkCore
import NIOCore

extension Response {
    /// A JSON answer: `node` as compact JSON text, with `contentType` and any further `headers`.
    package static func json(
        _ node: JSONNode, status: HTTPResponse.Status = .ok, contentType: String = "application/json",
        headers: HTTPFields = [:]
    ) -> Response {
        var fields = headers
        fields[.contentType] = contentType
        return Response(
            status: status, headers: fields, body: .init(byteBuffer: ByteBuffer(string: node.jsonText(style: .compact)))
        )
    }
}
