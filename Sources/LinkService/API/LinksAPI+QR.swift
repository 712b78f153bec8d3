import HTTPTypes
import Hummingbird
import LinkCore
import NIOCore
import QRCode

extension LinksAPI {
    /// The image formats of `GET /api/v1/links/{slug}/qr`.
    package enum QRImageFormat: String, CaseIterable {
        case svg
        case png

        package var contentType: String {
            switch self {
            case .svg: "image/svg+xml"
            case .png: "image/png"
            }
        }
    }

    /// Image sizes `size` may ask for, in pixels.
    package static let qrSizes = 64...4096
    package static let defaultQRSize = 512

    /// `GET /api/v1/links/{slug}/qr?format=svg|png&size=N`: a QR code of the link's short URL
    /// (`https://<domain>/<slug>`), error correction level M, with a four-module quiet zone. The
    /// image is square and close to `size` pixels (default 512), rounded so every module is whole
    /// pixels. `format` defaults to SVG. The image changes only if the link's domain does, so it
    /// may be cached privately for a while; it downloads as `<slug>-qr.<format>`.
    package func qrCode(_ request: Request, _ context: APIRequestContext) async throws -> Response {
        let options = try LinksAPI.qrImageOptions(request)
        let link = try await existingLink(context)
        return try LinksAPI.qrImage(of: link, format: options.format, size: options.size)
    }

    /// The `format` and `size` a QR request asks for, checked: a bad value is a `400` problem
    /// that names it. The console's QR downloads read their parameters with this too.
    package static func qrImageOptions(_ request: Request) throws(Problem) -> (format: QRImageFormat, size: Int) {
        let query = request.uri.queryParameters
        var format = QRImageFormat.svg
        if let text = query.get("format") {
            guard let value = QRImageFormat(rawValue: text) else {
                throw Problem.invalidField("format", "format must be \"svg\" or \"png\", not \"\(text)\"")
            }
            format = value
        }
        var size = LinksAPI.defaultQRSize
        if let text = query.get("size") {
            guard let value = Int(text), LinksAPI.qrSizes.contains(value) else {
                throw Problem.invalidField(
                    "size",
                    "size must be a whole number of pixels from \(LinksAPI.qrSizes.lowerBound) to \(LinksAPI.qrSizes.upperBound), not \"\(text)\""
                )
            }
            size = value
        }
        return (format, size)
    }

    /// The answer with the QR image of `link`'s short URL (the API's and the console's).
    package static func qrImage(of link: Link, format: QRImageFormat, size: Int) throws -> Response {
        let code: QRCode
        do {
            code = try QRCode(encoding: link.shortURL)
        } catch {
            // A domain name and a slug are far below the 2,331 bytes level M holds.
            throw Problem(
                .internalServerError, .qrCodeFailed, title: "The QR code could not be made",
                detail: error.description)
        }
        let body: ByteBuffer
        switch format {
        case .svg: body = ByteBuffer(string: code.svg(size: size))
        case .png: body = ByteBuffer(bytes: code.png(size: size))
        }
        return Response(
            status: .ok,
            headers: [
                .contentType: format.contentType,
                .cacheControl: "private, max-age=300",
                .contentDisposition: "attachment; filename=\"\(link.slug)-qr.\(format.rawValue)\"",
                // An SVG opened on its own is a document: it may run nothing and load nothing.
                .contentSecurityPolicy: "default-src 'none'",
                .xContentTypeOptions: "nosniff",
            ],
            body: .init(byteBuffer: body))
    }
}
