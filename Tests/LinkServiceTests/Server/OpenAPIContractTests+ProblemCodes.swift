import DeepLinkRouting
import Foundation
import LinkCore
import LinkService
import Testing

extension OpenAPIContractTests {
    static let problemTypePrefix = "urn:wayfinder:problem:"

    /// The codes the document lists as the `type`s of its Problem schema.
    static func listedProblemCodes(_ contract: OpenAPIContract) -> [String] {
        let branches = contract.document["components"]?["schemas"]?["Problem"]?["properties"]?["type"]?["oneOf"]
        return (branches?.arrayValue ?? []).compactMap { $0["const"]?.stringValue }.map {
            $0.hasPrefix(problemTypePrefix) ? String($0.dropFirst(problemTypePrefix.count)) : $0
        }
    }

    @Test("every catalogued problem code is listed in the document's Problem type, and it lists no other")
    func problemCodesAreListed() throws {
        let listed = Self.listedProblemCodes(try OpenAPIContract())
        #expect(listed.count > 40, "the document lists \(listed.count) problem codes")
        #expect(Set(listed).count == listed.count, "a code is listed twice: \(listed.sorted())")
        let catalogued = ErrorCode<Problem>.all.map(\.description)
        #expect(Set(catalogued).count == catalogued.count, "a code is catalogued twice: \(catalogued.sorted())")
        let missing = Set(catalogued).subtracting(listed).sorted()
        #expect(missing.isEmpty, "catalogued but not in the document: \(missing)")
        let unknown = Set(listed).subtracting(catalogued).sorted()
        #expect(unknown.isEmpty, "in the document but not catalogued: \(unknown)")
    }

    @Test("each catalogue's list holds every code its file declares, and no code is declared outside the catalogues")
    func cataloguesListEveryDeclaredCode() throws {
        let root = TestService.packageRoot.appendingPathComponent("Sources")
        let catalogues: [(file: String, listed: [String])] = [
            ("LinkService/API/Problem+Codes.swift", ErrorCode<Problem>.catalogue.map(\.description)),
            ("LinkCore/Errors/ErrorCode+FieldError.swift", ErrorCode<FieldError>.catalogue.map(\.description)),
        ]
        for catalogue in catalogues {
            let text = try String(contentsOf: root.appendingPathComponent(catalogue.file), encoding: .utf8)
            let declared = Self.declaredCodes(in: text)
            #expect(
                declared.count == catalogue.listed.count, "\(catalogue.file): \(declared) against \(catalogue.listed)")
            #expect(
                Set(declared) == Set(catalogue.listed), "\(catalogue.file): \(declared) against \(catalogue.listed)")
        }
        // A code made anywhere else (`ErrorCode("…")` in another file of the link service's modules)
        // would escape both the lists and the document.
        let catalogueFiles = Set(catalogues.map(\.file))
        for module in ["LinkCore", "LinkStorage", "LinkDelivery", "LinkService"] {
            let directory = root.appendingPathComponent(module)
            let files = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil)?.allObjects ?? []
            #expect(!files.isEmpty, "no sources under \(module)")
            for case let url as URL in files where url.pathExtension == "swift" {
                let relative = module + url.path.dropFirst(directory.path.count)
                guard !catalogueFiles.contains(relative) else { continue }
                let text = try String(contentsOf: url, encoding: .utf8)
                #expect(Self.declaredCodes(in: text).isEmpty, "\(relative) makes a problem code of its own")
            }
        }
    }

    /// The names of the `ErrorCode("…")` literals in a Swift source text.
    static func declaredCodes(in text: String) -> [String] {
        text.matches(of: #/ErrorCode\("([a-z0-9-]+)"\)/#).map { String($0.output.1) }
    }
}
