import LinkCore
import LinkDelivery
import LinkService
import LinkStorage
import Testing

@Suite("SipHash-2-4")
struct SipHash24Tests {
    /// The reference implementation's vectors (the paper's appendix and `vectors.h`): key
    /// 00 01 … 0f, message 00 01 … n-1 for n = 0…17, so every tail length and more than one word.
    static let vectors: [UInt64] = [
        0x726f_db47_dd0e_0e31, 0x74f8_39c5_93dc_67fd, 0x0d6c_8009_d9a9_4f5a, 0x8567_6696_d7fb_7e2d,
        0xcf27_94e0_2771_87b7, 0x1876_5564_cd99_a68d, 0xcbc9_466e_58fe_e3ce, 0xab02_00f5_8b01_d137,
        0x93f5_f579_9a93_2462, 0x9e00_82df_0ba9_e4b0, 0x7a5d_bbc5_94dd_b9f3, 0xf4b3_2f46_226b_ada7,
        0x751e_8fbc_860e_e5fb, 0x14ea_5627_c084_3d90, 0xf723_ca90_8e7a_f2ee, 0xa129_ca61_49be_45e5,
        0x3f2a_cc7f_57c2_9bdb, 0x699a_e9f5_2cbe_4794,
    ]

    @Test("hashes the reference vectors of every length from 0 to 17 bytes")
    func referenceVectors() throws {
        let hash = try #require(SipHash24(key: Array(0..<UInt8(16))))
        for (length, expected) in Self.vectors.enumerated() {
            #expect(hash.hash(Array(0..<UInt8(length))) == expected, "length \(length)")
        }
    }

    @Test("reads the first 16 bytes of a longer key, and refuses a shorter one")
    func keyLength() throws {
        let long = try #require(SipHash24(key: Array(0..<UInt8(32))))
        #expect(long.hash([]) == Self.vectors[0])
        #expect(SipHash24(key: Array(0..<UInt8(15))) == nil)
    }
}
