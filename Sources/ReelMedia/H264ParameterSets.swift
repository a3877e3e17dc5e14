/// The sequence and picture parameter sets of an H.264 stream as MP4 carries them (the
/// `avcC` record, ISO/IEC 14496-15 §5.3.3.1), read and written without FFmpeg.
///
/// Smart rendering splices a source's packets with packets Reel encoded: both refer to their
/// own SPS and PPS by number, so the encoder is given numbers the source does not use
/// (``unusedParameterSetID``) and the output's `avcC` carries both sets
/// (``merged(with:)``). A decoder then switches parameter sets at each IDR frame, as the
/// standard allows.
///
///     let source = try H264ParameterSets(avcC: sourceExtradata)
///     let id = source.unusedParameterSetID      // x264's `sps-id`
///     let both = try source.merged(with: H264ParameterSets(avcC: encodedExtradata))
public struct H264ParameterSets: Sendable, Hashable {
  /// One parameter set: its NAL unit (header byte included) and the number it is known by.
  public struct ParameterSet: Sendable, Hashable {
    /// The NAL unit's bytes, as in the `avcC` record.
    public var bytes: [UInt8]
    /// `seq_parameter_set_id` for an SPS, `pic_parameter_set_id` for a PPS.
    public var id: Int
  }

  /// The sequence parameter sets, in record order.
  public var sequenceSets: [ParameterSet]
  /// The picture parameter sets, in record order.
  public var pictureSets: [ParameterSet]
  /// `AVCProfileIndication`, `profile_compatibility` and `AVCLevelIndication`.
  public var profile: UInt8
  /// See ``profile``.
  public var compatibility: UInt8
  /// See ``profile``.
  public var level: UInt8
  /// Bytes in each NAL unit's length prefix in the samples (1, 2 or 4).
  public var lengthSize: Int
  /// Bytes after the PPS list (High profiles' chroma and bit-depth fields), kept as read.
  public var trailer: [UInt8]

  /// Reads an `avcC` record.
  ///
  /// - Parameter avcC: The record (an MP4 H.264 stream's extradata).
  /// - Throws: ``MediaError/corrupt(path:reason:)`` (with the path `avcC`) naming what is
  ///   malformed: not version 1, cut short, or a parameter set whose number cannot be read.
  public init(avcC: [UInt8]) throws(MediaError) {
    var reader = ByteReader(bytes: avcC)
    guard try reader.byte() == 1 else {
      throw Self.malformed("it is not an avcC record of version 1 (Annex B extradata?)")
    }
    profile = try reader.byte()
    compatibility = try reader.byte()
    level = try reader.byte()
    lengthSize = Int(try reader.byte() & 0x03) + 1
    let sequenceCount = Int(try reader.byte() & 0x1F)
    var sequences: [ParameterSet] = []
    for _ in 0..<sequenceCount {
      let unit = try reader.unit()
      sequences.append(ParameterSet(bytes: unit, id: try Self.sequenceSetID(of: unit)))
    }
    let pictureCount = Int(try reader.byte())
    var pictures: [ParameterSet] = []
    for _ in 0..<pictureCount {
      let unit = try reader.unit()
      pictures.append(ParameterSet(bytes: unit, id: try Self.pictureSetID(of: unit)))
    }
    sequenceSets = sequences
    pictureSets = pictures
    trailer = reader.rest()
  }

  /// The smallest number (0…31) neither an SPS nor a PPS of this record uses, for an
  /// encoder whose sets must not replace these (x264 gives its SPS and PPS the same number);
  /// nil when all are taken.
  public var unusedParameterSetID: Int? {
    let used = Set(sequenceSets.map(\.id) + pictureSets.map(\.id))
    return (0...31).first { !used.contains($0) }
  }

  /// This record with `other`'s parameter sets added after its own: its profile, level and
  /// length size (the highest level of the two).
  ///
  /// - Throws: ``MediaError/invalidArgument(path:reason:)`` when the two records use the
  ///   same SPS or PPS number for different sets, or their NAL length sizes differ.
  public func merged(with other: H264ParameterSets) throws(MediaError) -> H264ParameterSets {
    guard lengthSize == other.lengthSize else {
      throw .invalidArgument(
        path: "avcC",
        reason:
          "the NAL length sizes differ (\(lengthSize) and \(other.lengthSize) bytes); encode with 4-byte lengths"
      )
    }
    var merged = self
    for (mine, theirs, kind) in [
      (sequenceSets, other.sequenceSets, "SPS"), (pictureSets, other.pictureSets, "PPS"),
    ] {
      var sets = mine
      for set in theirs {
        if let same = mine.first(where: { $0.id == set.id }) {
          guard same.bytes == set.bytes else {
            throw .invalidArgument(
              path: "avcC",
              reason:
                "both streams use \(kind) number \(set.id) for different sets; give the encoder an unused number"
            )
          }
          continue
        }
        sets.append(set)
      }
      if kind == "SPS" { merged.sequenceSets = sets } else { merged.pictureSets = sets }
    }
    merged.level = max(level, other.level)
    return merged
  }

  /// The `avcC` record's bytes.
  public var avcC: [UInt8] {
    var bytes: [UInt8] = [
      1, profile, compatibility, level, 0xFC | UInt8(lengthSize - 1),
      0xE0 | UInt8(sequenceSets.count & 0x1F),
    ]
    for set in sequenceSets { Self.append(set.bytes, to: &bytes) }
    bytes.append(UInt8(pictureSets.count & 0xFF))
    for set in pictureSets { Self.append(set.bytes, to: &bytes) }
    bytes += trailer
    return bytes
  }

  /// The picture parameter set numbers the slices of one length-prefixed access unit (a
  /// sample) refer to, and whether it holds an IDR slice.
  ///
  /// - Parameters:
  ///   - sample: The packet's bytes.
  ///   - lengthSize: Bytes in each NAL unit's length prefix.
  /// - Returns: nil when the sample is malformed.
  public static func slices(in sample: UnsafeBufferPointer<UInt8>, lengthSize: Int)
    -> (pictureSetIDs: Set<Int>, isIDR: Bool)?
  {
    var offset = 0
    var ids = Set<Int>()
    var isIDR = false
    while offset + lengthSize <= sample.count {
      var length = 0
      for index in 0..<lengthSize { length = length << 8 | Int(sample[offset + index]) }
      offset += lengthSize
      guard length > 0, offset + length <= sample.count else { return nil }
      let type = sample[offset] & 0x1F
      if type == 1 || type == 5 {
        // first_mb_in_slice, slice_type, pic_parameter_set_id: three ue(v) after the header.
        var bits = BitReader(bytes: Array(sample[(offset + 1)..<min(offset + length, offset + 16)]))
        guard bits.unsignedExpGolomb() != nil, bits.unsignedExpGolomb() != nil,
          let id = bits.unsignedExpGolomb()
        else { return nil }
        ids.insert(id)
        if type == 5 { isIDR = true }
      }
      offset += length
    }
    return offset == sample.count ? (ids, isIDR) : nil
  }

  // MARK: - Parsing

  private static func sequenceSetID(of unit: [UInt8]) throws(MediaError) -> Int {
    // NAL header, profile_idc, constraint flags, level_idc, then seq_parameter_set_id.
    guard unit.count > 4, unit[0] & 0x1F == 7 else { throw malformed("an SPS is malformed") }
    var bits = BitReader(bytes: Array(unit[4...]))
    guard let id = bits.unsignedExpGolomb(), id <= 31 else {
      throw malformed("an SPS's number cannot be read")
    }
    return id
  }

  private static func pictureSetID(of unit: [UInt8]) throws(MediaError) -> Int {
    guard unit.count > 1, unit[0] & 0x1F == 8 else { throw malformed("a PPS is malformed") }
    var bits = BitReader(bytes: Array(unit[1...]))
    guard let id = bits.unsignedExpGolomb(), id <= 255 else {
      throw malformed("a PPS's number cannot be read")
    }
    return id
  }

  private static func append(_ unit: [UInt8], to bytes: inout [UInt8]) {
    bytes.append(UInt8(unit.count >> 8 & 0xFF))
    bytes.append(UInt8(unit.count & 0xFF))
    bytes += unit
  }

  private static func malformed(_ reason: String) -> MediaError {
    .corrupt(path: "avcC", reason: "\(reason); the H.264 codec headers cannot be spliced")
  }

  /// Big-endian bytes with a cursor.
  private struct ByteReader {
    let bytes: [UInt8]
    var offset = 0

    mutating func byte() throws(MediaError) -> UInt8 {
      guard offset < bytes.count else { throw malformed("the avcC record is cut short") }
      defer { offset += 1 }
      return bytes[offset]
    }

    mutating func unit() throws(MediaError) -> [UInt8] {
      let length = Int(try byte()) << 8 | Int(try byte())
      guard length > 0, offset + length <= bytes.count else {
        throw malformed("a parameter set runs past the avcC record's end")
      }
      defer { offset += length }
      return Array(bytes[offset..<(offset + length)])
    }

    func rest() -> [UInt8] { Array(bytes[offset...]) }
  }
}

/// Bits of an H.264 RBSP, most significant first, with emulation prevention bytes
/// (`00 00 03`) skipped.
struct BitReader {
  private var bytes: [UInt8]
  private var bit = 0

  init(bytes raw: [UInt8]) {
    var clean: [UInt8] = []
    clean.reserveCapacity(raw.count)
    var zeros = 0
    for byte in raw {
      if zeros >= 2 && byte == 3 {
        zeros = 0
        continue
      }
      zeros = byte == 0 ? zeros + 1 : 0
      clean.append(byte)
    }
    bytes = clean
  }

  mutating func nextBit() -> Int? {
    guard bit < bytes.count * 8 else { return nil }
    defer { bit += 1 }
    return Int(bytes[bit / 8] >> (7 - UInt8(bit % 8)) & 1)
  }

  /// An unsigned Exp-Golomb number (`ue(v)`), or nil past the end or beyond 31 leading zeros.
  mutating func unsignedExpGolomb() -> Int? {
    var zeros = 0
    while true {
      guard let next = nextBit() else { return nil }
      if next == 1 { break }
      zeros += 1
      if zeros > 31 { return nil }
    }
    var value = 1
    for _ in 0..<zeros {
      guard let next = nextBit() else { return nil }
      value = value << 1 | next
    }
    return value - 1
  }
}
