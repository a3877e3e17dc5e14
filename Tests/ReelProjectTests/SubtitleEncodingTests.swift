import Foundation
import ReelProject
import TestSupport
import Testing

/// The error thrown by parsing bytes, or nil.
private func dataError(_ bytes: [UInt8], path: String = "subs.srt") -> SubtitleError? {
  do {
    _ = try SubtitleFile.parse(data: Data(bytes), path: path)
    return nil
  } catch {
    return error
  }
}

/// UTF-16 code units of `text` as bytes, after a byte-order mark.
private func utf16Bytes(_ text: String, bigEndian: Bool) -> [UInt8] {
  var bytes: [UInt8] = bigEndian ? [0xFE, 0xFF] : [0xFF, 0xFE]
  for unit in text.utf16 {
    let (high, low) = (UInt8(unit >> 8), UInt8(unit & 0xFF))
    bytes += bigEndian ? [high, low] : [low, high]
  }
  return bytes
}

@Suite("SubtitleEncoding")
struct SubtitleEncodingTests {
  static let sample = """
    1\r
    00:00:01,000 --> 00:00:02,500\r
    <i>你好，世界</i> 🎬\r
    \r
    2\r
    00:00:03,000 --> 00:00:04,000\r
    Café — naïve\r

    """

  @Test func utf8WithAndWithoutByteOrderMark() throws {
    let plain = try SubtitleFile.parse(data: Data(Self.sample.utf8), path: "subs.srt")
    let marked = try SubtitleFile.parse(
      data: Data([0xEF, 0xBB, 0xBF] + Array(Self.sample.utf8)), path: "subs.srt")
    #expect(plain == marked)
    #expect(plain.cues.map(\.text.string) == ["你好，世界 🎬", "Café — naïve"])
    #expect(plain.cues[0].text.runs == [TextRun("你好，世界", italic: true), TextRun(" 🎬")])
    #expect(plain.cues[0].identifier == "1")
  }

  @Test(arguments: [false, true])
  func utf16WithByteOrderMarkReadsLikeUTF8(bigEndian: Bool) throws {
    let expected = try SubtitleFile.parse(data: Data(Self.sample.utf8), path: "subs.srt")
    let bytes = utf16Bytes(Self.sample, bigEndian: bigEndian)
    // The emoji is a surrogate pair: 2 BOM bytes + 2 bytes per UTF-16 unit.
    #expect(bytes.count == 2 + 2 * Self.sample.utf16.count)
    #expect(try SubtitleFile.parse(data: Data(bytes), path: "subs.srt") == expected)
  }

  @Test func latin1IsRejectedWithTheOffsetOfTheFirstBadByte() throws {
    let prefix = "1\n00:00:01,000 --> 00:00:02,000\ncaf"
    let bytes = Array(prefix.utf8) + [0xE9, 0x20, 0x6F, 0x6B, 0x0A]
    let error = try #require(dataError(bytes))
    #expect(error.reason == .invalidUTF8(byte: 0xE9, offset: prefix.utf8.count))
    #expect(
      error.description
        == "subs.srt: not valid UTF-8 text (byte 0xE9 at offset 35); save the file as UTF-8")
  }

  @Test func malformedUTF8Sequences() throws {
    let lead = Array("ok ".utf8)
    let cases: [([UInt8], UInt8)] = [
      ([0xC0, 0x80], 0xC0),  // overlong NUL
      ([0xE0, 0x80, 0x80], 0xE0),  // overlong
      ([0xED, 0xA0, 0x80], 0xED),  // UTF-16 surrogate
      ([0xF4, 0x90, 0x80, 0x80], 0xF4),  // past U+10FFFF
      ([0xE4, 0xBD], 0xE4),  // cut short at the end
      ([0x80], 0x80),  // lone continuation byte
      ([0xFF], 0xFF),
    ]
    for (bad, byte) in cases {
      let error = try #require(dataError(lead + bad), "\(bad)")
      #expect(error.reason == .invalidUTF8(byte: byte, offset: 3))
    }
    // After a UTF-8 byte-order mark offsets still count from the file's first byte.
    #expect(
      dataError([0xEF, 0xBB, 0xBF, 0x41, 0xE9])?.reason == .invalidUTF8(byte: 0xE9, offset: 4))
  }

  @Test func utf16WithoutByteOrderMarkIsRejected() throws {
    var bytes = utf16Bytes("1\n00:00:01,000 --> 00:00:02,000\nx\n", bigEndian: false)
    bytes.removeFirst(2)
    let error = try #require(dataError(bytes))
    #expect(
      error.description
        == "subs.srt: not UTF-8 text (NUL byte at offset 1, as in UTF-16 without a byte-order mark); "
        + "save the file as UTF-8")
  }

  @Test func brokenUTF16AndUTF32AreRejected() throws {
    #expect(
      dataError([0xFF, 0xFE, 0x31, 0x00, 0x0A])?.description
        == "subs.srt: UTF-16 text with an odd number of bytes (5); the file is cut short, save it again as UTF-8"
    )
    // "a", then a lone high surrogate followed by "b".
    #expect(
      dataError([0xFE, 0xFF, 0x00, 0x61, 0xD8, 0x3D, 0x00, 0x62])?.description
        == "subs.srt: not valid UTF-16 text (unpaired surrogate 0xD83D at offset 4); save the file as UTF-8"
    )
    #expect(
      dataError([0xFF, 0xFE, 0x00, 0xDC])?.reason == .unpairedSurrogate(codeUnit: 0xDC00, offset: 2)
    )
    #expect(
      dataError([0xFF, 0xFE, 0x00, 0x00, 0x31, 0x00, 0x00, 0x00])?.description
        == "subs.srt: UTF-32 text is not supported; save the file as UTF-8")
  }

  @Test func loadReadsFilesAndNamesMissingOnes() throws {
    let directory = try TestSupport.makeTemporaryDirectory("reel-subtitles")
    defer { try? FileManager.default.removeItem(at: directory) }
    let srt = directory.appendingPathComponent("captions.srt")
    try Data(utf16Bytes(Self.sample, bigEndian: false)).write(to: srt)
    let loaded = try SubtitleFile.load(path: srt.path)
    #expect(loaded.format == .srt)
    #expect(loaded.cues.map(\.timeRange) == [range(1000, 2500), range(3000, 4000)])

    let vtt = directory.appendingPathComponent("captions.vtt")
    try Data("00:01.000 --> 00:02.000\nx\n".utf8).write(to: vtt)
    let headless = try SubtitleFile.load(path: vtt.path)
    #expect(headless.format == .webVTT)
    #expect(headless.warnings.map(\.line) == [1])

    let missing = directory.appendingPathComponent("nope.srt").path
    do {
      _ = try SubtitleFile.load(path: missing)
      Issue.record("expected an error")
    } catch {
      #expect(error.description == "\(missing): no such file; check the path")
    }
    do {
      _ = try SubtitleFile.load(path: directory.path)
      Issue.record("expected an error")
    } catch {
      #expect(
        error.description
          == "\(directory.path): is a directory; give the path of an .srt or .vtt file")
    }
  }
}
