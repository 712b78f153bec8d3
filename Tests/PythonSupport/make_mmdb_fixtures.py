#!/usr/bin/env python3
"""Writes the small MaxMind DB files the GeoIP reader's tests read, with PyPI's `mmdb-writer`.

Usage: make_mmdb_fixtures.py OUTPUT_DIRECTORY [--fuzz-seeds]

Files (the networks and values are listed in the functions below; GeoIPTests expects exactly these):
  types-24.mmdb, types-28.mmdb, types-32.mmdb   IPv6 with IPv4 at ::/96, every data type, the same
                                                content with 24-, 28- and 32-bit records
  ipv4-only.mmdb                                an IPv4 database (ip_version 4)
  corruptible.mmdb                              one record with room to overwrite (corrupt variants)
With --fuzz-seeds: only files small enough for the fuzzer's 8 KiB inputs (no 600 KB filler).

mmdb-writer stores every value once and points to it from everywhere else (maps' keys and values
included), so these files exercise pointers as much as the big MaxMind files do. A value put past
526,336 bytes into the data section makes three-byte pointers too.
"""

import sys

from netaddr import IPSet
import mmdb_writer
from mmdb_writer import MMDBWriter, MmdbF32, MmdbF64, MmdbI32, MmdbU16, MmdbU32, MmdbU64, MmdbU128


class FixedRecordSizeWriter(mmdb_writer.TreeWriter):
    """mmdb-writer picks the smallest record size that fits; the tests want each of the three."""

    forced_record_size = 24

    def _adjust_record_size(self):
        super()._adjust_record_size()
        if self.forced_record_size < self.record_size:
            raise ValueError(f"{self.record_size}-bit records are needed, {self.forced_record_size} asked for")
        self.record_size = self.forced_record_size
        self.data_offset = self.record_size * 2 / 8 * self._node_counter


def write(writer, path, record_size):
    FixedRecordSizeWriter.forced_record_size = record_size
    FixedRecordSizeWriter(writer.tree, writer._build_meta(), writer.int_type, writer.float_type).write(path)


EVERY_TYPE = {
    "string": "héllo wörld",
    "empty_string": "",
    "long_string": "x" * 300,
    "double": MmdbF64(3.14159),
    "float": MmdbF32(1.5),
    "bytes": b"\x00\x01\xff",
    "uint16": MmdbU16(65535),
    "uint32": MmdbU32(4294967295),
    "int32": MmdbI32(-7),
    "uint64": MmdbU64(2**64 - 1),
    "uint128": MmdbU128(2**128 - 1),
    "small_uint128": MmdbU128(258),
    "zero_uint32": MmdbU32(0),
    "array": [MmdbU32(1), "two", [MmdbU16(3)]],
    # No empty array: mmdb-writer caches values by content and takes [] and {} for the same value.
    "boolean_true": True,
    "boolean_false": False,
    "map": {"nested": {"deeper": "yes"}},
    "empty_map": {},
    "country": {"iso_code": "DE", "names": {"en": "Germany"}},
}


def types_database(filler):
    writer = MMDBWriter(
        ip_version=6, ipv4_compatible=True, database_type="Wayfinder-Test-Types",
        languages=["en", "de"], description={"en": "GeoIP reader test", "de": "GeoIP-Lesertest"})
    writer.insert_network(IPSet(["1.1.1.0/24"]), EVERY_TYPE)
    if filler:
        # 600 KB first, so that the values after it sit past 526,336 bytes: three-byte pointers.
        writer.insert_network(IPSet(["3.0.0.0/24"]), {"filler": "f" * 600_000})
        far = {"country": {"iso_code": "SE"}, "far": "past the filler"}
        writer.insert_network(IPSet(["4.0.0.0/24"]), far)
        writer.insert_network(IPSet(["4.0.1.0/24"]), far)
    writer.insert_network(IPSet(["2001:db8::/32"]), {"country": {"iso_code": "JP"}, "registered_country": {"iso_code": "JP"}})
    writer.insert_network(IPSet(["2001:db8:1::/48"]), {"registered_country": {"iso_code": "FR"}})
    writer.insert_network(IPSet(["81.2.69.0/24"]), {"registered_country": {"iso_code": "IE"}, "country": {"iso_code": "GB"}})
    writer.insert_network(IPSet(["5.5.5.0/24"]), {"city": {"names": {"en": "Nowhere"}}})
    writer.insert_network(IPSet(["9.9.9.9/32"]), "a plain string")
    return writer


def ipv4_database():
    writer = MMDBWriter(ip_version=4, database_type="Wayfinder-Test-IPv4", languages=["en"], description="IPv4 only")
    writer.insert_network(IPSet(["1.2.3.0/24"]), {"country": {"iso_code": "AU"}})
    writer.insert_network(IPSet(["128.0.0.0/1"]), {"country": {"iso_code": "NZ"}})
    return writer


def corruptible_database():
    """1.1.1.0/24's record starts with a 400-byte string: room for the tests to write a corrupt
    value over the record's first bytes (the rest of the file stays intact)."""
    writer = MMDBWriter(ip_version=6, ipv4_compatible=True, database_type="Wayfinder-Test-Corruptible")
    writer.insert_network(IPSet(["1.1.1.0/24"]), {"pad": "p" * 400, "country": {"iso_code": "DE"}})
    writer.insert_network(IPSet(["2.2.2.0/24"]), {"country": {"iso_code": "IT"}})
    return writer


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    directory = sys.argv[1]
    fuzz_seeds = "--fuzz-seeds" in sys.argv[2:]
    for size in (24, 28, 32):
        write(types_database(filler=not fuzz_seeds), f"{directory}/types-{size}.mmdb", size)
    write(ipv4_database(), f"{directory}/ipv4-only.mmdb", 24)
    write(corruptible_database(), f"{directory}/corruptible.mmdb", 24)


if __name__ == "__main__":
    main()
