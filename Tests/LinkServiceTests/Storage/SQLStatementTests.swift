import LinkCore
import LinkDelivery
import LinkService
import LinkStorage
import Testing

@Suite("SQL statements")
struct SQLStatementTests {
    @Test("a value list is an IN list of bound values in either dialect, however many values it holds")
    func valueList() {
        let statement: SQLStatement =
            "DELETE FROM outbox WHERE topic = \("clicks") AND id IN \(valueList: [.integer(3), .integer(5), .integer(8)])"
        #expect(
            statement.sql(in: .sqlite) == "DELETE FROM outbox WHERE topic = ? AND id IN (VALUES (?), (?), (?))")
        #expect(
            statement.sql(in: .postgres)
                == "DELETE FROM outbox WHERE topic = $1 AND id IN (VALUES ($2), ($3), ($4))")
        #expect(statement.binds == [.text("clicks"), .integer(3), .integer(5), .integer(8)])
    }
}
