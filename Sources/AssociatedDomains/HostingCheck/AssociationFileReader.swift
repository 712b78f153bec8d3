import DeepLinkRouting
import Foundation

/// What ``HostingCheck`` needs from the AASA and assetlinks engine: read a served body, list its
/// diagnostics, decide URLs, compare two files.
///
/// The checks that need it (parses, validates, manifest coverage, CDN diff) go through this seam
/// so that the hosting rules stay independent of how files are read; without a reader they are
/// reported as `unchecked`, never guessed.
public protocol AssociationFileReader: Sendable {
    /// Reads an AASA body as served for `domain`, CMS-signed (DER) or plain JSON; throws a
    /// ``AssociationFileReadError`` that says why it cannot be read.
    func readAppleAppSiteAssociation(_ body: [UInt8], domain: String) throws(AssociationFileReadError) -> any ServedAppleAppSiteAssociation
    /// Reads an assetlinks.json body; throws when it is not a statement list at all.
    func readAssetLinks(_ body: [UInt8]) throws(AssociationFileReadError) -> any ServedAssetLinks
    /// The differences in meaning from `origin` to `cdn`, one sentence each; empty when they mean
    /// the same.
    func differences(from origin: any ServedAppleAppSiteAssociation, to cdn: any ServedAppleAppSiteAssociation) -> [String]
}

/// An AASA as read from a server.
public protocol ServedAppleAppSiteAssociation: Sendable {
    /// Whether the body was a CMS-signed file.
    var isSigned: Bool { get }
    /// Every validator finding.
    var diagnostics: [Diagnostic] { get }
    /// The app IDs the `applinks` details name, in order.
    var applinksAppIDs: [String] { get }
    /// What iOS decides for `url` and the app `appID`.
    func decide(appID: String, url: URL) -> HostingDecision
}

/// An assetlinks.json as read from a server.
public protocol ServedAssetLinks: Sendable {
    /// Every validator finding.
    var diagnostics: [Diagnostic] { get }
    /// The fingerprints the file lists for `package` in statements granting
    /// `delegate_permission/common.handle_all_urls`; `nil` when no such statement names it.
    func handleAllURLsFingerprints(forPackage package: String) -> [String]?
}

/// A matcher decision, as `wayfinder aasa match` prints it.
public enum HostingDecision: String, Sendable, Hashable {
    case match
    case exclude
    case noMatch = "no_match"
}

/// Why a served body cannot be read as an association file.
public struct AssociationFileReadError: Error, Sendable, Hashable, CustomStringConvertible {
    public var reason: String

    public init(_ reason: String) { self.reason = reason }

    public var description: String { reason }
}
