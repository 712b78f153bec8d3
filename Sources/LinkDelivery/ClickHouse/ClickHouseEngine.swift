import AsyncHTTPClient
import Foundation
import LinkCore
import Logging
import NIOCore
import Synchronization

/// The server's ClickHouse: its tables, made at start or when it first answers
/// (``prepare()``), the click events sent to it, and the stats read from it.
package final class ClickHouseEngine: Sendable {
    package let client: ClickHouseClient
    private let prepared = Mutex(false)

    package init(client: ClickHouseClient) {
        self.client = client
    }

    package var database: String { client.url.database }

    /// Checks the version, then creates the database and its tables when missing, and adds the
    /// columns later releases added to tables an older one made.
    ///
    /// Throws ``ClickHouseError/tooOld(_:)`` for a release older than 18.16, and what the client
    /// throws (unreachable, credentials, a refused statement).
    package func prepare() async throws {
        let version = String(buffer: try await client.run("SELECT version()", inDatabase: false))
            .trimmingCharacters(in: .whitespacesAndNewlines)
        guard ClickHouseSchema.supports(version: version) else { throw ClickHouseError.tooOld(version) }
        try await client.run("CREATE DATABASE IF NOT EXISTS \(database)", inDatabase: false)
        for statement in ClickHouseSchema.statements(database: database) {
            try await client.run(statement)
        }
        try await addMissingColumns()
        prepared.withLock { $0 = true }
    }

    private struct ColumnName: Decodable {
        var table: String
        var name: String
    }

    /// Adds each of ``ClickHouseSchema/addedColumns`` that a table made by an older release
    /// lacks. Another server adding it at the same moment is no failure: the column is there.
    private func addMissingColumns() async throws {
        func existing() async throws -> Set<[String]> {
            let rows = try await client.rows(
                "SELECT table, name FROM system.columns WHERE database = \(ClickHouseClient.literal(database))",
                as: ColumnName.self)
            return Set(rows.map { [$0.table, $0.name] })
        }
        let columns = try await existing()
        for column in ClickHouseSchema.addedColumns where !columns.contains([column.table, column.name]) {
            do {
                try await client.run(
                    "ALTER TABLE \(database).\(column.table) ADD COLUMN \(column.name) \(column.type)")
            } catch {
                guard try await existing().contains([column.table, column.name]) else { throw error }
            }
        }
    }

    /// ``prepare()``, unless it has succeeded once.
    package func prepareIfNeeded() async throws {
        if !prepared.withLock({ $0 }) { try await prepare() }
    }

    /// The same ClickHouse through another HTTP client (the shipper's, on its own thread), prepared
    /// if this one is.
    package func using(_ http: HTTPClient) -> ClickHouseEngine {
        let engine = ClickHouseEngine(client: ClickHouseClient(url: client.url, timeout: client.timeout, http: http))
        let isPrepared = prepared.withLock { $0 }
        engine.prepared.withLock { $0 = isPrepared }
        return engine
    }

    /// One member of a row the shipper reads back: the row's id (text) or time (seconds).
    private enum Member: Decodable {
        case text(String)
        case number(Int)
        case other

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let text = try? container.decode(String.self) {
                self = .text(text)
            } else if let number = try? container.decode(Int.self) {
                self = .number(number)
            } else {
                self = .other
            }
        }
    }

    /// The part of a row the shipper reads back: its id and time.
    private struct Identity {
        var id: String
        var time: Int
    }

    /// Inserts the rows of `stream` (JSON lines, one or more to a payload, as the outbox keeps
    /// them: ``ClickEvent`` or ``AppEventRow``) in one `INSERT`; with `checkingFirst`, only those
    /// whose ids ClickHouse does not have yet. Returns how many were inserted.
    ///
    /// Unchecked, the payloads go as they are, and only the first line is read (for the query
    /// ID): this runs for every batch, on the shipper's background thread, which shares the
    /// machine's cores with the redirects.
    package func insert(
        _ payloads: [OutboxPayload], into stream: ClickHouseStream = .clicks, checkingFirst: Bool
    ) async throws -> Int {
        guard let first = payloads.first else { return 0 }
        let decoder = JSONDecoder()
        func identity(_ line: Substring) throws -> Identity {
            let members: [String: Member]
            do {
                members = try decoder.decode([String: Member].self, from: Data(line.utf8))
            } catch {
                throw ClickHouseError.malformedAnswer("an outbox entry is not a row of \(stream.table): \(error)")
            }
            guard case .text(let id) = members[stream.idColumn], case .number(let time) = members[stream.timeColumn]
            else {
                throw ClickHouseError.malformedAnswer(
                    "an outbox entry of \(stream.table) has no \(stream.idColumn) or \(stream.timeColumn)")
            }
            return Identity(id: id, time: time)
        }
        let newline = UInt8(ascii: "\n")
        let firstLine = first.text[..<(first.text.utf8.firstIndex(of: newline) ?? first.text.endIndex)]
        // The same for every try of this batch: ClickHouse refuses it while a try still runs.
        let queryID = "wayfinder-\(stream.name)-\(try identity(firstLine).id)"
        let statement = "INSERT INTO \(database).\(stream.table) FORMAT JSONEachRow"
        guard checkingFirst else {
            try await client.run(statement, rows: payloads.map(\.text).joined(separator: "\n"), queryID: queryID)
            return payloads.reduce(0) { $0 + $1.lines }
        }
        let lines = payloads.flatMap { $0.text.utf8.split(separator: newline).map(Substring.init) }
        let identities = try lines.map(identity)
        let present = try await presentIDs(identities, of: stream, queryID: queryID)
        let rows = zip(lines, identities).filter { !present.contains($0.1.id) }.map(\.0)
        guard !rows.isEmpty else { return 0 }
        try await client.run(statement, rows: rows.joined(separator: "\n"), queryID: queryID)
        return rows.count
    }

    /// Which of the ids `stream`'s table holds, looked up within the rows' time span.
    private func presentIDs(_ identities: [Identity], of stream: ClickHouseStream, queryID: String) async throws
        -> Set<String>
    {
        struct Row: Decodable { var id: String }
        let times = identities.map(\.time)
        let ids = identities.map { ClickHouseClient.literal($0.id) }.joined(separator: ",")
        let (id, time) = (stream.idColumn, stream.timeColumn)
        let rows = try await client.rows(
            """
            SELECT toString(\(id)) AS id FROM \(database).\(stream.table)
            WHERE \(time) >= toDateTime(\(times.min() ?? 0)) AND \(time) <= toDateTime(\(times.max() ?? 0))
                AND toString(\(id)) IN (\(ids))
            """, as: Row.self, queryID: queryID)
        return Set(rows.map(\.id))
    }
}
