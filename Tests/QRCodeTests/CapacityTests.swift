import Testing

@testable import QRCode

@Suite("Capacity tables and symbol structure")
struct CapacityTests {
    @Test(
        "Byte capacities match the standard's table 7 (L, M, Q, H)",
        arguments: [
            (1, [17, 14, 11, 7]), (2, [32, 26, 20, 14]), (5, [106, 84, 60, 44]), (9, [230, 180, 130, 98]),
            (10, [271, 213, 151, 119]), (20, [858, 666, 482, 382]), (27, [1465, 1125, 805, 625]),
            (40, [2953, 2331, 1663, 1273]),
        ])
    func byteCapacities(version: Int, capacities: [Int]) {
        #expect(
            QRCode.ErrorCorrection.allCases.map { QRCapacity(version: version, correction: $0).byteCapacity }
                == capacities)
    }

    @Test("Codeword counts match table 1: 26 in version 1, 3,706 in version 40")
    func totalCodewords() {
        #expect(QRCapacity(version: 1, correction: .low).totalCodewords == 26)
        #expect(QRCapacity(version: 7, correction: .low).totalCodewords == 196)
        #expect(QRCapacity(version: 40, correction: .low).totalCodewords == 3706)
    }

    @Test("Every version and level splits into at most two block lengths, with the data growing with the version")
    func blocksAreConsistent() {
        for correction in QRCode.ErrorCorrection.allCases {
            var previous = 0
            for version in 1...40 {
                let capacity = QRCapacity(version: version, correction: correction)
                #expect(capacity.totalCodewords / capacity.blockCount > capacity.errorCorrectionPerBlock)
                #expect(capacity.byteCapacity > previous, "version \(version) \(correction)")
                previous = capacity.byteCapacity
            }
        }
    }

    @Test(
        "Alignment pattern centres match Annex E",
        arguments: [
            (1, []), (2, [6, 18]), (7, [6, 22, 38]), (14, [6, 26, 46, 66]), (22, [6, 26, 50, 74, 98]),
            (32, [6, 34, 60, 86, 112, 138]), (36, [6, 24, 50, 76, 102, 128, 154]),
            (40, [6, 30, 58, 86, 114, 142, 170]),
        ])
    func alignmentPositions(version: Int, positions: [Int]) {
        #expect(QRMatrix.alignmentPositions(version: version) == positions)
    }

    @Test("The data modules of every version hold exactly its codewords plus 0, 3, 4 or 7 remainder bits")
    func dataModulesMatchCodewords() {
        for version in 1...40 {
            let matrix = QRMatrix(version: version)
            let dataModules = matrix.isFunction.filter { !$0 }.count
            #expect(dataModules == QRCapacity.rawDataModules(version: version))
            #expect(
                [0, 3, 4, 7].contains(dataModules - QRCapacity(version: version, correction: .low).totalCodewords * 8))
        }
    }
}
