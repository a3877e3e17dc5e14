import Foundation
import ReelCore
import ReelMedia
import TestSupport
import Testing

/// The trust boundary for media files (issue 10): opening a file reads only that file, paths
/// that are not regular files are refused at once, and undecodable tracks are found when the
/// asset is checked, not half-way through a render.
@Suite("Trust: media files")
struct TrustMediaTests {
  let folder: URL

  init() throws {
    folder = try TestSupport.makeTemporaryDirectory("reel-trust-media")
  }

  func path(_ name: String) -> String { folder.appendingPathComponent(name).path }

  /// A red MPEG-TS segment and a red MP4 beside the lists that name them: if Reel ever
  /// followed a list, it would read their pictures.
  func makeTargets() throws {
    let red = ["-f", "lavfi", "-i", "color=red:size=64x48:rate=10:duration=1"]
    let x264 = ["-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p"]
    try TestSupport.ffmpeg(red + x264 + ["-f", "mpegts", path("segment.ts")])
    try TestSupport.ffmpeg(red + x264 + [path("other.mp4")])
  }

  /// Playlists and concat lists naming the targets by relative, absolute, `file://` and
  /// `http://` entries, with the kind each must be reported as.
  func lists() -> [(name: String, text: String, kind: String)] {
    let entries = [
      "segment.ts", path("segment.ts"), "file://" + path("segment.ts"),
      "http://127.0.0.1:9/segment.ts",
    ]
    var result: [(String, String, String)] = []
    for (index, entry) in entries.enumerated() {
      let hls = "#EXTM3U\n#EXT-X-TARGETDURATION:1\n#EXTINF:1,\n\(entry)\n#EXT-X-ENDLIST\n"
      let bare = "#EXTM3U\n#EXTINF:1,\n\(entry)\n"
      let concat =
        "ffconcat version 1.0\nfile '\(entry.replacingOccurrences(of: "segment.ts", with: "other.mp4"))'\n"
      result.append(("holiday-\(index).mp4", hls, "an HLS playlist"))
      result.append(("list-\(index).m3u8", hls, "an HLS playlist"))
      result.append(("bare-\(index).mkv", bare, "an HLS playlist"))
      result.append(("concat-\(index).mp4", concat, "an ffconcat list"))
      result.append(("concat-\(index).ffconcat", concat, "an ffconcat list"))
    }
    return result
  }

  @Test func playlistsAndConcatListsAreRefusedAsWhatTheyAre() throws {
    try makeTargets()
    for list in lists() {
      let file = path(list.name)
      try Data(list.text.utf8).write(to: URL(fileURLWithPath: file))
      let expected = MediaError.notSingleFile(path: file, kind: list.kind)
      #expect(throws: expected, "\(list.name) as media") { try Asset(path: file) }
      #expect(throws: expected, "\(list.name) as an image") { try ImageDecoder.decode(path: file) }
    }
    #expect(
      MediaError.notSingleFile(path: "holiday.mp4", kind: "an HLS playlist").description
        == "holiday.mp4: an HLS playlist; Reel reads single media files only")
  }

  @Test func aDASHManifestIsRefused() throws {
    let file = path("manifest.mp4")
    try Data(
      "<?xml version=\"1.0\"?>\n<MPD xmlns=\"urn:mpeg:dash:schema:mpd:2011\"><Period><AdaptationSet><Representation><BaseURL>other.mp4</BaseURL></Representation></AdaptationSet></Period></MPD>\n"
        .utf8
    ).write(to: URL(fileURLWithPath: file))
    #expect(throws: MediaError.notSingleFile(path: file, kind: "a DASH manifest")) {
      try Asset(path: file)
    }
  }

  /// A session description FFmpeg would follow to the network is refused by its demuxer,
  /// whatever its name (the bytes, not the name, choose the demuxer).
  @Test func aSessionDescriptionIsRefused() throws {
    let file = path("stream.mp4")
    try Data(
      "v=0\r\no=- 0 0 IN IP4 127.0.0.1\r\ns=x\r\nc=IN IP4 127.0.0.1\r\nt=0 0\r\nm=video 5004 RTP/AVP 96\r\na=rtpmap:96 H264/90000\r\n"
        .utf8
    ).write(to: URL(fileURLWithPath: file))
    #expect(throws: MediaError.notSingleFile(path: file, kind: "a network session description")) {
      try Asset(path: file)
    }
  }

  /// An image-sequence pattern as a path names one file, not a sequence: with only
  /// `img001.png` and `img002.png` present, `img%03d.png` does not exist; a file really
  /// named `img%03d.png` is read alone.
  @Test func imageSequencePatternsNameOneFile() throws {
    for index in 1...2 {
      try TestSupport.ffmpeg([
        "-f", "lavfi", "-i", "color=red:size=32x24", "-frames:v", "1",
        path(String(format: "img%03d.png", index)),
      ])
    }
    for pattern in ["img%03d.png", "img%d.png", "img*.png", "img???.png"] {
      let file = path(pattern)
      #expect(throws: MediaError.fileNotFound(path: file), "\(pattern)") {
        try ImageDecoder.decode(path: file)
      }
      #expect(throws: MediaError.fileNotFound(path: file), "\(pattern)") { try Asset(path: file) }
    }
    let literal = path("img%03d.png")
    try TestSupport.ffmpeg([
      "-f", "lavfi", "-i", "color=blue:size=32x24", "-frames:v", "1", "-f", "image2",
      "-update", "1", literal,
    ])
    let decoded = try ImageDecoder.decode(path: literal)
    #expect(decoded.frames.count == 1)
    // Blue, not the red of the numbered files.
    let pixel = decoded.frames[0].image[x: 4, y: 4]
    #expect(pixel.blue > 240 && pixel.red < 16)
  }

  // MARK: - Not regular files

  @Test func devicesAreRefusedAsNotRegularFiles() {
    for device in ["/dev/zero", "/dev/urandom", "/dev/null"] {
      let expected = MediaError.notRegularFile(path: device, kind: "a character device")
      #expect(throws: expected) { try Asset(path: device) }
      #expect(throws: expected) { try ImageDecoder.decode(path: device) }
    }
    #expect(
      MediaError.notRegularFile(path: "/dev/zero", kind: "a character device").description
        == "/dev/zero: not a regular file (a character device); Reel reads regular files only")
  }

  @Test func aFIFOIsRefusedAtOnce() throws {
    let fifo = path("pipe.mp4")
    #expect(mkfifo(fifo, 0o600) == 0)
    let clock = ContinuousClock()
    let elapsed = clock.measure {
      #expect(throws: MediaError.notRegularFile(path: fifo, kind: "a FIFO")) {
        try Asset(path: fifo)
      }
      #expect(throws: MediaError.notRegularFile(path: fifo, kind: "a FIFO")) {
        try ImageDecoder.decode(path: fifo)
      }
    }
    #expect(elapsed < .seconds(2))
  }

  @Test func aSocketIsRefused() throws {
    let socketPath = path("media.sock")
    let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
    #expect(descriptor >= 0)
    defer { close(descriptor) }
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    withUnsafeMutableBytes(of: &address.sun_path) { buffer in
      for (index, byte) in socketPath.utf8.prefix(buffer.count - 1).enumerated() {
        buffer[index] = byte
      }
    }
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
      }
    }
    #expect(bound == 0)
    #expect(throws: MediaError.notRegularFile(path: socketPath, kind: "a socket")) {
      try Asset(path: socketPath)
    }
  }

  @Test func aDirectoryIsNotARegularFile() {
    #expect(
      MediaError.isDirectory(path: folder.path).description.contains("not a regular file"))
  }

  // MARK: - Decoders opened by the check

  /// The WebM fixture with one byte run patched: a codec ID FFmpeg does not know, or an Opus
  /// header with zero channels (the decoder refuses to open).
  func patchedWebM(_ name: String, _ patch: (inout Data) -> Void) throws -> String {
    var bytes = try Data(contentsOf: MediaFixtures.url(for: .webm))
    patch(&bytes)
    let file = path(name)
    try bytes.write(to: URL(fileURLWithPath: file))
    return file
  }

  static func replace(_ old: String, with new: String, in bytes: inout Data) {
    if let range = bytes.range(of: Data(old.utf8)) {
      bytes.replaceSubrange(range, with: Data(new.utf8))
    }
  }

  @Test func unknownCodecsAndUnopenableDecodersFailTheCheck() throws {
    let unknownAudio = try patchedWebM("unknown-audio.webm") {
      Self.replace("A_OPUS", with: "A_OPUX", in: &$0)
    }
    let unknownVideo = try patchedWebM("unknown-video.webm") {
      Self.replace("V_VP9", with: "V_VPX", in: &$0)
    }
    let zeroChannels = try patchedWebM("zero-channels.webm") { bytes in
      if let range = bytes.range(of: Data("OpusHead".utf8)) {
        bytes[range.lowerBound + 9] = 0
      }
    }
    for file in [unknownAudio, unknownVideo] {
      let asset = try Asset(path: file)
      #expect(throws: MediaError.unsupportedCodec(path: file, codec: "none")) {
        try asset.checkDecoders()
      }
    }
    let asset = try Asset(path: zeroChannels)
    #expect {
      try asset.checkDecoders()
    } throws: { error in
      guard case .decodeFailed(let reported, let reason)? = error as? MediaError else {
        return false
      }
      return reported == zeroChannels && reason.contains("opus")
    }
    // The tracks that do decode pass.
    try asset.checkDecoders(for: asset.videoTracks)
    try Asset(path: MediaFixtures.url(for: .webm).path).checkDecoders()
  }

  @Test func stillImagesAreTold() throws {
    let png = path("still.png")
    try TestSupport.ffmpeg([
      "-f", "lavfi", "-i", "color=red:size=32x24", "-frames:v", "1", png,
    ])
    #expect(try Asset(path: png).isStillImage)
    #expect(try !Asset(path: MediaFixtures.url(for: .basic).path).isStillImage)
  }

  // MARK: - Pictures above the size limit

  /// A PNG whose header says `width`×`height` (the pixels are not there: the header alone
  /// must be enough to refuse it).
  static func pngHeader(width: UInt32, height: UInt32) -> Data {
    var bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13]
    bytes += Array("IHDR".utf8)
    for value in [width, height] {
      bytes += [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: value >> $0) }
    }
    bytes += [8, 6, 0, 0, 0, 0, 0, 0, 0]  // 8-bit RGBA, then a (wrong) CRC
    bytes += [0, 0, 0, 0] + Array("IEND".utf8) + [0xAE, 0x42, 0x60, 0x82]
    return Data(bytes)
  }

  /// A GIF whose logical screen and one image are `side`×`side`.
  static func gifHeader(side: UInt16) -> Data {
    let low = UInt8(side & 0xFF)
    let high = UInt8(side >> 8)
    var bytes = Array("GIF89a".utf8) + [low, high, low, high, 0, 0, 0]
    bytes += [0x2C, 0, 0, 0, 0, low, high, low, high, 0]
    bytes += [2, 2, 0x4C, 0x01, 0, 0x3B]
    return Data(bytes)
  }

  @Test func picturesAboveTheLimitSayWhatTheLimitIs() throws {
    let png = path("huge.png")
    try Self.pngHeader(width: 30_000, height: 30_000).write(to: URL(fileURLWithPath: png))
    let gif = path("huge.gif")
    try Self.gifHeader(side: 65_535).write(to: URL(fileURLWithPath: gif))
    for (file, size) in [(png, "30000×30000"), (gif, "65535×65535")] {
      do {
        _ = try ImageDecoder.decode(path: file)
        Issue.record("\(file) decoded")
      } catch {
        #expect(
          error.description
            == "\(file): image is \(size) pixels, above Reel's limit of 16384 pixels per side and 64 megapixels; scale it down first"
        )
      }
    }
  }
}
