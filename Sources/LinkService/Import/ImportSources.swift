/// Every source `wayfinder import` reads, by name.
package enum ImportSources {
    package static let all: [any ImportFormat] = [
        FirebaseFormat(), BranchFormat(), ShlinkFormat(), BitlyFormat(), YOURLSFormat(), KuttFormat(),
        WayfinderCSVFormat(),
    ]

    /// The source named `name` (`firebase`, `branch`, …), `nil` when there is none.
    package static func format(named name: String) -> (any ImportFormat)? {
        all.first { $0.name == name }
    }
}
