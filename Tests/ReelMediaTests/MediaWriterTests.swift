import Foundation
import TestSupport
import Testing

@testable import ReelMedia

/// Tests for ``MediaWriter``. The oracle is the `ffprobe`/`ffmpeg` CLI: files are written
/// here, then probed and decoded by FFmpeg's own tools and compared with values computed in
/// the test (colour maths, PSNR, tone frequency and level, box order).
@Suite("MediaWriter")
struct MediaWriterTests {
  static let thirtyFPS = Time(value: 1, timescale: 30)

  // MARK: - Streams, timing and layout

  @Test func mp4HasH264HighAndAACWithExactDurationAndFastStart() throws {
    let folder = try TestSupport.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let url = folder.appendingPathComponent("movie.mp4")
    _ = try WriterFixture.writeMovie(to: url, frameCount: 30)

    let probe = try TestSupport.ffprobeJSON(["-show_streams", "-show_format", url.path])
    let video = try #require(WriterFixture.stream(probe, type: "video"))
    #expect(video["codec_name"] as? String == "h264")
    #expect(video["profile"] as? String == "High")
    #expect(video["pix_fmt"] as? String == "yuv420p")
    #expect(video["color_range"] as? String == "tv")
    #expect(video["color_space"] as? String == "smpte170m")
    #expect(video["color_primaries"] as? String == "smpte170m")
    #expect(video["color_transfer"] as? String == "smpte170m")
    #expect(video["width"] as? Int == 320)
    #expect(video["height"] as? Int == 240)
    #expect(video["level"] as? Int == 30)
    #expect(video["nb_frames"] as? String == "30")
    #expect(video["duration"] as? String == "1.000000")
    #expect(video["r_frame_rate"] as? String == "30/1")

    let audio = try #require(WriterFixture.stream(probe, type: "audio"))
    #expect(audio["codec_name"] as? String == "aac")
    #expect(audio["profile"] as? String == "LC")
    #expect(audio["sample_rate"] as? String == "48000")
    #expect(audio["channels"] as? Int == 2)

    // Presentation times 0, 1/30, …, 29/30 s.
    let packets = try TestSupport.ffprobeJSON([
      "-select_streams", "v:0", "-show_entries", "packet=pts_time,duration_time", url.path,
    ])
    let times = try #require(packets["packets"] as? [[String: Any]]).compactMap {
      ($0["pts_time"] as? String).flatMap(Double.init)
    }
    #expect(times.count == 30)
    for (index, time) in times.sorted().enumerated() {
      #expect(abs(time - Double(index) / 30) < 0.0001, "frame \(index) at \(time) s")
    }

    let boxes = try WriterFixture.topLevelBoxes(of: url)
    let moov = try #require(boxes.firstIndex(of: "moov"))
    let mdat = try #require(boxes.firstIndex(of: "mdat"))
    #expect(moov < mdat, "top-level boxes: \(boxes)")
  }

  @Test func tenFramesLastOneThirdOfASecond() throws {
    let folder = try TestSupport.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let url = folder.appendingPathComponent("short.mp4")
    let writer = try MediaWriter(
      url: url, video: VideoOutputSettings(width: 64, height: 48, frameDuration: Self.thirtyFPS),
      audio: nil)
    try WriterFixture.appendFrames(10, width: 64, height: 48, to: writer)
    try writer.finish()
    let probe = try TestSupport.ffprobeJSON(["-show_streams", url.path])
    let video = try #require(WriterFixture.stream(probe, type: "video"))
    #expect(video["duration"] as? String == "0.333333")
    #expect(video["nb_frames"] as? String == "10")
  }

  @Test func ntscFrameDurationKeepsExactTimes() throws {
    let folder = try TestSupport.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let url = folder.appendingPathComponent("ntsc.mov")
    let duration = Time(value: 1001, timescale: 30000)
    let writer = try MediaWriter(
      url: url, video: VideoOutputSettings(width: 64, height: 48, frameDuration: duration),
      audio: nil)
    try WriterFixture.appendFrames(6, width: 64, height: 48, frameDuration: duration, to: writer)
    try writer.finish()
    let probe = try TestSupport.ffprobeJSON(["-show_streams", url.path])
    let video = try #require(WriterFixture.stream(probe, type: "video"))
    #expect(video["r_frame_rate"] as? String == "30000/1001")
    let packets = try TestSupport.ffprobeJSON([
      "-select_streams", "v:0", "-show_entries", "packet=pts_time", url.path,
    ])
    let times = try #require(packets["packets"] as? [[String: Any]]).compactMap {
      ($0["pts_time"] as? String).flatMap(Double.init)
    }.sorted()
    #expect(times.count == 6)
    for (index, time) in times.enumerated() {
      #expect(abs(time - Double(index) * 1001 / 30000) < 0.000_001, "frame \(index) at \(time) s")
    }
  }

  // MARK: - Picture and sound quality

  @Test func decodedPicturesMatchWithPSNRAbove35dB() throws {
    let folder = try TestSupport.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let url = folder.appendingPathComponent("quality.mp4")
    let frames = try WriterFixture.writeMovie(to: url, frameCount: 30, withAudio: false)
    let raw = folder.appendingPathComponent("decoded.bgra")
    try TestSupport.ffmpeg(["-i", url.path, "-f", "rawvideo", "-pix_fmt", "bgra", raw.path])
    let decoded = try Data(contentsOf: raw)
    let frameBytes = 320 * 240 * 4
    #expect(decoded.count == frameBytes * frames.count)
    var squaredError = 0.0
    var samples = 0
    decoded.withUnsafeBytes { bytes in
      for (index, frame) in frames.enumerated() where (index + 1) * frameBytes <= bytes.count {
        for y in 0..<240 {
          for x in 0..<320 {
            let original = frame[x: x, y: y]
            let offset = index * frameBytes + (y * 320 + x) * 4
            for (channel, value) in [original.blue, original.green, original.red].enumerated() {
              let difference = Double(bytes[offset + channel]) - Double(value)
              squaredError += difference * difference
              samples += 1
            }
          }
        }
      }
    }
    let meanSquaredError = squaredError / Double(max(samples, 1))
    let psnr = 10 * log10(255 * 255 / max(meanSquaredError, 1e-9))
    #expect(psnr >= 35, "PSNR \(psnr) dB")
  }

  @Test func toneKeepsFrequencyAndLevel() throws {
    let folder = try TestSupport.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    for name in ["tone.mp4", "tone.webm"] {
      let url = folder.appendingPathComponent(name)
      let writer = try MediaWriter(url: url, video: nil, audio: AudioOutputSettings())
      // Uneven buffer lengths exercise the FIFO.
      let tone = WriterFixture.sine(
        frequency: 1000, amplitude: WriterFixture.minus6dBFS, frameCount: 48_000)
      var start = 0
      for length in [1000, 7, 20_000, 4093, 22_900] {
        let slice = Array(tone.samples[(start * 2)..<((start + length) * 2)])
        try writer.appendAudio(
          AudioBuffer(format: .standard, samples: slice, startFrame: Int64(start)))
        start += length
      }
      try writer.finish()

      let raw = folder.appendingPathComponent("\(name).f32")
      try TestSupport.ffmpeg(["-i", url.path, "-f", "f32le", "-ac", "2", "-ar", "48000", raw.path])
      let decoded = try Data(contentsOf: raw).withUnsafeBytes {
        Array($0.bindMemory(to: Float.self))
      }
      let frameCount = decoded.count / 2
      #expect(abs(frameCount - 48_000) <= 1024, "\(name): \(frameCount) sample frames")
      // Measure the left channel in the steady middle 0.8 s.
      let left = stride(from: 0, to: decoded.count, by: 2).map { decoded[$0] }
      let middle = Array(left[4_800..<min(43_200, left.count)])
      var crossings = 0
      for index in 1..<middle.count where (middle[index - 1] < 0) != (middle[index] < 0) {
        crossings += 1
      }
      let seconds = Double(middle.count) / 48_000
      let frequency = Double(crossings) / 2 / seconds
      #expect(abs(frequency - 1000) < 5, "\(name): \(frequency) Hz")
      let rms = sqrt(middle.reduce(0.0) { $0 + Double($1) * Double($1) } / Double(middle.count))
      let expectedRMS = Double(WriterFixture.minus6dBFS) / 2.0.squareRoot()
      let levelError = 20 * log10(rms / expectedRMS)
      #expect(abs(levelError) < 0.5, "\(name): level off by \(levelError) dB")
    }
  }

  @Test func audioGapsBecomeSilenceAndOpusResamples() throws {
    let folder = try TestSupport.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    // 44.1 kHz mono into Opus (48 kHz), with a gap from 0.5 s to 0.75 s.
    let format = AudioFormat(sampleRate: 44_100, channelCount: 1)
    let url = folder.appendingPathComponent("gap.webm")
    let writer = try MediaWriter(url: url, video: nil, audio: AudioOutputSettings(format: format))
    let tone = WriterFixture.sine(
      frequency: 440, amplitude: 0.5, frameCount: 44_100, format: format)
    try writer.appendAudio(
      AudioBuffer(format: format, samples: Array(tone.samples[0..<22_050]), startFrame: 0))
    try writer.appendAudio(
      AudioBuffer(format: format, samples: Array(tone.samples[33_075..<44_100]), startFrame: 33_075)
    )
    try writer.finish()

    let probe = try TestSupport.ffprobeJSON(["-show_streams", url.path])
    let audio = try #require(WriterFixture.stream(probe, type: "audio"))
    #expect(audio["codec_name"] as? String == "opus")
    #expect(audio["sample_rate"] as? String == "48000")
    #expect(audio["channels"] as? Int == 1)

    let raw = folder.appendingPathComponent("gap.f32")
    try TestSupport.ffmpeg(["-i", url.path, "-f", "f32le", "-ac", "1", "-ar", "48000", raw.path])
    let decoded = try Data(contentsOf: raw).withUnsafeBytes { Array($0.bindMemory(to: Float.self)) }
    #expect(abs(decoded.count - 48_000) <= 960, "\(decoded.count) samples")
    func rms(_ range: Range<Int>) -> Double {
      let slice = decoded[range.clamped(to: 0..<decoded.count)]
      return sqrt(slice.reduce(0.0) { $0 + Double($1) * Double($1) } / Double(max(slice.count, 1)))
    }
    let expected = 0.5 / 2.0.squareRoot()
    #expect(abs(20 * log10(rms(4_800..<19_200) / expected)) < 0.5, "before the gap")
    #expect(rms(26_400..<34_800) < 0.01, "in the gap")
    #expect(abs(20 * log10(rms(38_400..<45_600) / expected)) < 0.5, "after the gap")
  }

  // MARK: - Colour

  @Test(arguments: [(320, 240, ColorMatrix.bt601), (1280, 720, ColorMatrix.bt709)])
  func solidRedUsesTheMatrixForTheSize(width: Int, height: Int, matrix: ColorMatrix) throws {
    let folder = try TestSupport.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let url = folder.appendingPathComponent("red.mp4")
    let writer = try MediaWriter(
      url: url,
      video: VideoOutputSettings(width: width, height: height, frameDuration: Self.thirtyFPS),
      audio: nil)
    #expect(writer.colorMatrix == matrix)
    var red = Image(width: width, height: height)
    red.fill(with: BGRA(blue: 0, green: 0, red: 255, alpha: 255))
    for index in 0..<3 {
      try writer.appendVideo(red, at: Time(value: Int64(index), timescale: 30))
    }
    try writer.finish()

    let probe = try TestSupport.ffprobeJSON(["-show_streams", url.path])
    let video = try #require(WriterFixture.stream(probe, type: "video"))
    let tag = matrix == .bt709 ? "bt709" : "smpte170m"
    #expect(video["color_space"] as? String == tag)
    #expect(video["color_primaries"] as? String == tag)
    #expect(video["color_transfer"] as? String == tag)
    #expect(video["color_range"] as? String == "tv")

    let raw = folder.appendingPathComponent("red.yuv")
    try TestSupport.ffmpeg([
      "-i", url.path, "-frames:v", "1", "-f", "rawvideo", "-pix_fmt", "yuv420p", raw.path,
    ])
    let planes = try Data(contentsOf: raw)
    let lumaCount = width * height
    #expect(planes.count == lumaCount * 3 / 2)
    // Limited range: Y = 16 + 219·Kr for pure red; Cb = 128 − 112·Kr/(1 − Kb); Cr = 240.
    let (kr, kb) = matrix == .bt709 ? (0.2126, 0.0722) : (0.299, 0.114)
    let expectedY = 16 + 219 * kr
    let expectedCb = 128 - 112 * kr / (1 - kb)
    let expectedCr = 128 + 112.0
    let center = (height / 2) * width + width / 2
    let chromaCenter = (height / 4) * (width / 2) + width / 4
    #expect(abs(Double(planes[center]) - expectedY) <= 2, "Y \(planes[center]) vs \(expectedY)")
    #expect(
      abs(Double(planes[lumaCount + chromaCenter]) - expectedCb) <= 2,
      "Cb \(planes[lumaCount + chromaCenter]) vs \(expectedCb)")
    #expect(
      abs(Double(planes[lumaCount + lumaCount / 4 + chromaCenter]) - expectedCr) <= 2,
      "Cr \(planes[lumaCount + lumaCount / 4 + chromaCenter]) vs \(expectedCr)")
  }

  /// Both conversion kernels against the BT.601 limited-range maths on a smooth picture:
  /// Y = 16 + 219·(0.299 R + 0.587 G + 0.114 B)/255 per pixel, Cb and Cr from each 2×2
  /// block's mean colour.
  @Test(arguments: [PixelConverter.Kernel.swscale, .libyuv])
  func pixelKernelMatchesBT601Maths(kernel: PixelConverter.Kernel) throws {
    let (width, height) = (320, 240)
    var image = Image(width: width, height: height)
    for y in 0..<height {
      for x in 0..<width {
        image[x: x, y: y] = BGRA(
          blue: UInt8(x * 255 / 319), green: UInt8(y * 255 / 239), red: UInt8((x + y) * 255 / 558),
          alpha: 255)
      }
    }
    let converter = try PixelConverter(
      sourceWidth: width, sourceHeight: height, width: width, height: height, matrix: .bt601,
      kernel: kernel)
    let frame = try #require(FFFrame())
    try converter.convert(image, into: frame)
    let luma = WriterFixture.plane(frame, 0)
    let cb = WriterFixture.plane(frame, 1)
    let cr = WriterFixture.plane(frame, 2)
    var largestLumaError = 0.0
    var largestChromaError = 0.0
    for y in 0..<height {
      for x in 0..<width {
        let pixel = image[x: x, y: y]
        let expected =
          16 + 219
          * (0.299 * Double(pixel.red) + 0.587 * Double(pixel.green) + 0.114 * Double(pixel.blue))
          / 255
        largestLumaError = max(
          largestLumaError, abs(Double(luma.data[y * luma.stride + x]) - expected))
      }
    }
    for row in 0..<(height / 2) {
      for column in 0..<(width / 2) {
        var (red, green, blue) = (0.0, 0.0, 0.0)
        for dy in 0..<2 {
          for dx in 0..<2 {
            let pixel = image[x: column * 2 + dx, y: row * 2 + dy]
            red += Double(pixel.red) / 4
            green += Double(pixel.green) / 4
            blue += Double(pixel.blue) / 4
          }
        }
        let expectedCb = 128 + (-0.168736 * red - 0.331264 * green + 0.5 * blue) * 224 / 255
        let expectedCr = 128 + (0.5 * red - 0.418688 * green - 0.081312 * blue) * 224 / 255
        largestChromaError = max(
          largestChromaError, abs(Double(cb.data[row * cb.stride + column]) - expectedCb),
          abs(Double(cr.data[row * cr.stride + column]) - expectedCr))
      }
    }
    // Rounding alone allows 0.5; swscale stays within one code value. libyuv's 7-bit chroma
    // coefficients reach 1.55 on a few samples, which is why swscale is the default kernel.
    #expect(largestLumaError <= 1, "\(kernel): largest Y error \(largestLumaError)")
    #expect(
      largestChromaError <= (kernel == .swscale ? 1 : 2),
      "\(kernel): largest Cb/Cr error \(largestChromaError)")
  }

  // MARK: - Containers and codecs

  @Test func hevcInMP4IsTaggedHVC1() throws {
    let folder = try TestSupport.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let url = folder.appendingPathComponent("hevc.mp4")
    let writer = try MediaWriter(
      url: url,
      video: VideoOutputSettings(
        codec: .hevc, width: 128, height: 96, frameDuration: Self.thirtyFPS, speed: .ultrafast),
      audio: nil)
    try WriterFixture.appendFrames(5, width: 128, height: 96, to: writer)
    try writer.finish()
    let probe = try TestSupport.ffprobeJSON(["-show_streams", url.path])
    let video = try #require(WriterFixture.stream(probe, type: "video"))
    #expect(video["codec_name"] as? String == "hevc")
    #expect(video["codec_tag_string"] as? String == "hvc1")
    #expect(video["nb_frames"] as? String == "5")
  }

  @Test(arguments: ["mkv", "mov", "m4v"])
  func h264AndAACInOtherContainers(fileExtension: String) throws {
    let folder = try TestSupport.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let url = folder.appendingPathComponent("movie.\(fileExtension)")
    _ = try WriterFixture.writeMovie(to: url, frameCount: 6, width: 96, height: 64)
    let probe = try TestSupport.ffprobeJSON(["-show_streams", "-show_format", url.path])
    #expect(WriterFixture.stream(probe, type: "video")?["codec_name"] as? String == "h264")
    #expect(WriterFixture.stream(probe, type: "audio")?["codec_name"] as? String == "aac")
    let format = try #require(probe["format"] as? [String: Any])
    let formatName = try #require(format["format_name"] as? String)
    #expect(formatName.contains(fileExtension == "mkv" ? "matroska" : "mov"))
    if fileExtension != "mkv" {
      let boxes = try WriterFixture.topLevelBoxes(of: url)
      #expect(
        (boxes.firstIndex(of: "moov") ?? .max) < (boxes.firstIndex(of: "mdat") ?? -1),
        "boxes: \(boxes)")
    }
  }

  @Test func webmHasVP9AndOpus() throws {
    let folder = try TestSupport.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let url = folder.appendingPathComponent("movie.webm")
    _ = try WriterFixture.writeMovie(to: url, frameCount: 6, width: 96, height: 64)
    let probe = try TestSupport.ffprobeJSON(["-show_streams", "-show_format", url.path])
    #expect(WriterFixture.stream(probe, type: "video")?["codec_name"] as? String == "vp9")
    let audio = WriterFixture.stream(probe, type: "audio")
    #expect(audio?["codec_name"] as? String == "opus")
    #expect(audio?["sample_rate"] as? String == "48000")
    let format = try #require(probe["format"] as? [String: Any])
    #expect((format["format_name"] as? String)?.contains("webm") == true)
  }

  @Test func m4aIsAudioOnlyAAC() throws {
    let folder = try TestSupport.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let url = folder.appendingPathComponent("sound.m4a")
    let writer = try MediaWriter(
      url: url, video: nil,
      audio: AudioOutputSettings(format: AudioFormat(sampleRate: 44_100, channelCount: 1)))
    let tone = WriterFixture.sine(
      frequency: 440, amplitude: 0.25, frameCount: 22_050,
      format: AudioFormat(sampleRate: 44_100, channelCount: 1))
    try writer.appendAudio(tone)
    try writer.finish()
    let probe = try TestSupport.ffprobeJSON(["-show_streams", url.path])
    let streams = try #require(probe["streams"] as? [[String: Any]])
    #expect(streams.count == 1)
    #expect(streams.first?["codec_name"] as? String == "aac")
    #expect(streams.first?["sample_rate"] as? String == "44100")
    #expect(streams.first?["channels"] as? Int == 1)
    let duration = Double(streams.first?["duration"] as? String ?? "") ?? 0
    #expect(abs(duration - 0.5) < 0.03, "duration \(duration) s")
    let boxes = try WriterFixture.topLevelBoxes(of: url)
    #expect(
      (boxes.firstIndex(of: "moov") ?? .max) < (boxes.firstIndex(of: "mdat") ?? -1),
      "boxes: \(boxes)")

    let video = VideoOutputSettings(width: 64, height: 48, frameDuration: Self.thirtyFPS)
    let refused = folder.appendingPathComponent("video.m4a")
    #expect(throws: MediaError.codecNotAllowed(path: refused.path, codec: "h264", container: "m4a"))
    {
      _ = try MediaWriter(url: refused, video: video, audio: nil)
    }
  }

  @Test func codecsOutsideTheirContainersAreRefused() throws {
    let folder = try TestSupport.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let webm = folder.appendingPathComponent("movie.webm")
    #expect(throws: MediaError.codecNotAllowed(path: webm.path, codec: "h264", container: "webm")) {
      _ = try MediaWriter(
        url: webm,
        video: VideoOutputSettings(
          codec: .h264, width: 64, height: 48, frameDuration: Self.thirtyFPS),
        audio: nil)
    }
    let mp4 = folder.appendingPathComponent("movie.mp4")
    #expect(throws: MediaError.codecNotAllowed(path: mp4.path, codec: "opus", container: "mp4")) {
      _ = try MediaWriter(url: mp4, video: nil, audio: AudioOutputSettings(codec: .opus))
    }
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
  }

  @Test func unknownExtensionIsRefusedWithExactMessage() throws {
    let folder = try TestSupport.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let url = folder.appendingPathComponent("movie.xyz")
    do {
      _ = try MediaWriter(url: url, video: nil, audio: AudioOutputSettings())
      Issue.record("expected an error")
    } catch {
      #expect(error == .unsupportedContainer(path: url.path, fileExtension: "xyz"))
      #expect(
        error.description
          == "\(url.path): unsupported output extension '.xyz'; use .mp4, .mov, .m4v, .mkv, .webm, .m4a, .gif, .webp or .apng"
      )
    }
  }

  // MARK: - Sizes

  @Test func oddDimensionsAreRefusedOrRounded() throws {
    let folder = try TestSupport.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let url = folder.appendingPathComponent("odd.mp4")
    do {
      _ = try MediaWriter(
        url: url,
        video: VideoOutputSettings(width: 321, height: 240, frameDuration: Self.thirtyFPS),
        audio: nil)
      Issue.record("expected an error")
    } catch {
      #expect(error == .oddDimensions(path: url.path, width: 321, height: 240))
      #expect(
        error.description
          == "\(url.path): 321×240 has an odd dimension, which 4:2:0 video cannot encode; use even dimensions or ask for rounding"
      )
    }
    #expect(!FileManager.default.fileExists(atPath: url.path))

    let writer = try MediaWriter(
      url: url,
      video: VideoOutputSettings(
        width: 321, height: 240, frameDuration: Self.thirtyFPS, roundOddDimensions: true),
      audio: nil)
    #expect(writer.outputVideoSize?.width == 320 && writer.outputVideoSize?.height == 240)
    try WriterFixture.appendFrames(3, width: 321, height: 240, to: writer)
    try writer.finish()
    let probe = try TestSupport.ffprobeJSON(["-show_streams", url.path])
    let video = try #require(WriterFixture.stream(probe, type: "video"))
    #expect(video["width"] as? Int == 320)
    #expect(video["height"] as? Int == 240)
  }

  @Test func h264LevelFitsSizeAndRate() {
    func level(_ width: Int, _ height: Int, _ value: Int64, _ timescale: Int64, bitRate: Int? = nil)
      -> Int32?
    {
      H264Level.minimum(
        width: width, height: height, frameDuration: (value, timescale), bitRate: bitRate)
    }
    #expect(level(320, 240, 1, 30) == 30)
    #expect(level(720, 576, 1, 25) == 30)
    #expect(level(1280, 720, 1, 30) == 31)
    #expect(level(1280, 720, 1, 60) == 32)
    #expect(level(1920, 1080, 1, 30) == 40)
    #expect(level(1920, 1080, 1001, 30000) == 40)
    #expect(level(1920, 1080, 1, 30, bitRate: 40_000_000) == 41)
    #expect(level(1920, 1080, 1, 60) == 42)
    #expect(level(3840, 2160, 1, 30) == 51)
    #expect(level(3840, 2160, 1, 60) == 52)
    #expect(level(8192, 4320, 1, 120) == 62)
    #expect(level(16_384, 16_384, 1, 60) == nil)
  }

  // MARK: - Misuse

  @Test func wrongImagesAndTimesAreRefused() throws {
    let folder = try TestSupport.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let url = folder.appendingPathComponent("misuse.mp4")
    let writer = try MediaWriter(
      url: url, video: VideoOutputSettings(width: 64, height: 48, frameDuration: Self.thirtyFPS),
      audio: AudioOutputSettings())
    #expect(
      throws: MediaError.invalidArgument(
        path: url.path, reason: "image is 32×32 but the video settings say 64×48")
    ) {
      try writer.appendVideo(Image(width: 32, height: 32), at: Time(value: 0, timescale: 30))
    }
    try writer.appendVideo(
      WriterFixture.frame(0, width: 64, height: 48), at: Time(value: 1, timescale: 30))
    #expect(throws: MediaError.self) {
      try writer.appendVideo(
        WriterFixture.frame(1, width: 64, height: 48), at: Time(value: 1, timescale: 30))
    }
    #expect(throws: MediaError.self) {
      try writer.appendAudio(
        AudioBuffer(format: AudioFormat(sampleRate: 44_100, channelCount: 2), samples: [0, 0]))
    }
    try writer.appendAudio(
      AudioBuffer(format: .standard, samples: [Float](repeating: 0, count: 2000), startFrame: 0))
    #expect(throws: MediaError.self) {
      try writer.appendAudio(AudioBuffer(format: .standard, samples: [0, 0], startFrame: 500))
    }
    // The writer is still usable after refused input.
    try writer.appendVideo(
      WriterFixture.frame(2, width: 64, height: 48), at: Time(value: 2, timescale: 30))
    try writer.finish()
    #expect(throws: MediaError.self) { try writer.finish() }
    let probe = try TestSupport.ffprobeJSON(["-show_streams", url.path])
    #expect(WriterFixture.stream(probe, type: "video")?["nb_frames"] as? String == "2")
  }

  // MARK: - Atomic output

  @Test func cancelLeavesNothingBehind() throws {
    let folder = try TestSupport.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let url = folder.appendingPathComponent("cancelled.mp4")
    let writer = try MediaWriter(
      url: url, video: VideoOutputSettings(width: 64, height: 48, frameDuration: Self.thirtyFPS),
      audio: AudioOutputSettings())
    let during = try FileManager.default.contentsOfDirectory(atPath: folder.path)
    #expect(
      during.count == 1 && during.first?.hasPrefix(".cancelled.mp4.reel-") == true, "\(during)")
    try WriterFixture.appendFrames(5, width: 64, height: 48, to: writer)
    writer.cancel()
    writer.cancel()
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    #expect(throws: MediaError.cancelled(path: url.path)) { try writer.finish() }

    // Dropping an unfinished writer also cleans up.
    do {
      let abandoned = try MediaWriter(url: url, video: nil, audio: AudioOutputSettings())
      try abandoned.appendAudio(
        AudioBuffer(format: .standard, samples: [Float](repeating: 0.1, count: 4096)))
    }
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
  }

  /// The output gets ordinary permissions (0666 less the umask, as `ffmpeg` or `touch`
  /// would create it), not the temporary file's private 0600; a replaced file keeps its mode.
  @Test func outputPermissionsAreThoseOfANormalFile() throws {
    let folder = try TestSupport.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    func mode(_ url: URL) throws -> Int {
      try #require(
        FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? Int)
    }
    let video = VideoOutputSettings(width: 64, height: 48, frameDuration: Self.thirtyFPS)
    func write(_ url: URL) throws {
      let writer = try MediaWriter(url: url, video: video, audio: nil, overwrite: true)
      try WriterFixture.appendFrames(2, width: 64, height: 48, to: writer)
      try writer.finish()
    }
    // The oracle: a file made by the shell with the same umask.
    let touched = folder.appendingPathComponent("touched")
    #expect(try TestSupport.run("touch", [touched.path]).status == 0)
    let fresh = folder.appendingPathComponent("fresh.mp4")
    try write(fresh)
    #expect(try mode(fresh) == mode(touched))

    chmod(fresh.path, 0o640)
    try write(fresh)
    #expect(try mode(fresh) == 0o640)
  }

  @Test func existingTargetIsProtected() throws {
    let folder = try TestSupport.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let url = folder.appendingPathComponent("existing.mp4")
    let original = Data("keep me".utf8)
    try original.write(to: url)
    let video = VideoOutputSettings(width: 64, height: 48, frameDuration: Self.thirtyFPS)

    #expect(throws: MediaError.fileExists(path: url.path)) {
      _ = try MediaWriter(url: url, video: video, audio: nil)
    }
    #expect(try Data(contentsOf: url) == original)
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["existing.mp4"])

    // A failure part-way, then cancel: the old file stays.
    let failing = try MediaWriter(url: url, video: video, audio: nil, overwrite: true)
    try failing.appendVideo(
      WriterFixture.frame(0, width: 64, height: 48), at: Time(value: 0, timescale: 30))
    #expect(throws: MediaError.self) {
      try failing.appendVideo(Image(width: 10, height: 10), at: Time(value: 1, timescale: 30))
    }
    failing.cancel()
    #expect(try Data(contentsOf: url) == original)
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["existing.mp4"])

    // With overwrite, finishing replaces it.
    let replacing = try MediaWriter(url: url, video: video, audio: nil, overwrite: true)
    try replacing.appendVideo(
      WriterFixture.frame(0, width: 64, height: 48), at: Time(value: 0, timescale: 30))
    try replacing.finish()
    let probe = try TestSupport.ffprobeJSON(["-show_streams", url.path])
    #expect(WriterFixture.stream(probe, type: "video")?["codec_name"] as? String == "h264")
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["existing.mp4"])
  }

  @Test func unwritableFolderNamesThePath() throws {
    let folder = try TestSupport.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let url = folder.appendingPathComponent("missing/out.mp4")
    do {
      _ = try MediaWriter(url: url, video: nil, audio: AudioOutputSettings())
      Issue.record("expected an error")
    } catch {
      #expect(error == .unwritable(path: url.path, reason: "No such file or directory"))
      #expect(error.description.hasPrefix(url.path))
    }
    let directory = folder.appendingPathComponent("taken.mp4")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: false)
    #expect(throws: MediaError.isDirectory(path: directory.path)) {
      _ = try MediaWriter(url: directory, video: nil, audio: AudioOutputSettings(), overwrite: true)
    }
  }
}

/// Generated media and file inspection for the writer tests.
enum WriterFixture {
  /// −6 dBFS as a linear amplitude.
  static let minus6dBFS: Float = Float(pow(10.0, -6.0 / 20.0))

  /// A gradient with a white square that moves 8 pixels per frame.
  static func frame(_ index: Int, width: Int, height: Int) -> Image {
    var image = Image(width: width, height: height)
    let square = max(4, min(width, height) / 6)
    let left = (index * 8) % max(1, width - square)
    let top = height / 3
    let rowBytes = image.bytesPerRow
    image.withUnsafeMutableBytes { bytes in
      for y in 0..<height {
        for x in 0..<width {
          let offset = y * rowBytes + x * 4
          let inSquare = x >= left && x < left + square && y >= top && y < top + square
          bytes[offset] = inSquare ? 255 : UInt8(x * 255 / max(1, width - 1))
          bytes[offset + 1] = inSquare ? 255 : UInt8(y * 255 / max(1, height - 1))
          bytes[offset + 2] = inSquare ? 255 : UInt8((x + y + index * 4) % 256 / 2 + 64)
          bytes[offset + 3] = 255
        }
      }
    }
    return image
  }

  /// Appends `count` frames of ``frame(_:width:height:)`` at `index · frameDuration`.
  static func appendFrames(
    _ count: Int, width: Int, height: Int, frameDuration: Time = Time(value: 1, timescale: 30),
    to writer: MediaWriter
  ) throws {
    for index in 0..<count {
      try writer.appendVideo(
        frame(index, width: width, height: height),
        at: Time(frame: Int64(index), frameDuration: frameDuration))
    }
  }

  /// A sine on every channel.
  static func sine(
    frequency: Double, amplitude: Float, frameCount: Int, format: AudioFormat = .standard
  )
    -> AudioBuffer
  {
    var samples = [Float](repeating: 0, count: frameCount * format.channelCount)
    for frame in 0..<frameCount {
      let value =
        amplitude
        * Float(sin(2 * Double.pi * frequency * Double(frame) / Double(format.sampleRate)))
      for channel in 0..<format.channelCount {
        samples[frame * format.channelCount + channel] = value
      }
    }
    return AudioBuffer(format: format, samples: samples)
  }

  /// Writes `frameCount` frames at 30 fps and, unless disabled, one second of a 1 kHz tone
  /// at −6 dBFS; returns the frames written.
  @discardableResult
  static func writeMovie(
    to url: URL, frameCount: Int, width: Int = 320, height: Int = 240, withAudio: Bool = true
  )
    throws -> [Image]
  {
    let writer = try MediaWriter(
      url: url,
      video: VideoOutputSettings(
        width: width, height: height, frameDuration: Time(value: 1, timescale: 30)),
      audio: withAudio ? AudioOutputSettings() : nil)
    var frames: [Image] = []
    let tone = sine(frequency: 1000, amplitude: minus6dBFS, frameCount: 48_000)
    for index in 0..<frameCount {
      let image = frame(index, width: width, height: height)
      frames.append(image)
      try writer.appendVideo(image, at: Time(value: Int64(index), timescale: 30))
      if withAudio {
        // Interleave audio in 1/30 s pieces, as a real pipeline would.
        let from = index * 1600
        let to = index + 1 == frameCount ? 48_000 : min(48_000, from + 1600)
        if from < to {
          let slice = Array(tone.samples[(from * 2)..<(to * 2)])
          try writer.appendAudio(
            AudioBuffer(format: .standard, samples: slice, startFrame: Int64(from)))
        }
      }
    }
    try writer.finish()
    return frames
  }

  /// The first stream of a type (`video`, `audio`) in ffprobe's JSON.
  static func stream(_ probe: [String: Any], type: String) -> [String: Any]? {
    (probe["streams"] as? [[String: Any]])?.first { $0["codec_type"] as? String == type }
  }

  /// The four-character types of an ISO BMFF file's top-level boxes, in file order.
  static func topLevelBoxes(of url: URL) throws -> [String] {
    let data = try Data(contentsOf: url)
    var boxes: [String] = []
    var offset = 0
    while offset + 8 <= data.count {
      var size = data[offset..<(offset + 4)].reduce(0) { $0 << 8 | Int($1) }
      let type = String(decoding: data[(offset + 4)..<(offset + 8)], as: UTF8.self)
      if size == 1, offset + 16 <= data.count {
        size = data[(offset + 8)..<(offset + 16)].reduce(0) { $0 << 8 | Int($1) }
      } else if size == 0 {
        size = data.count - offset
      }
      boxes.append(type)
      guard size >= 8 else { break }
      offset += size
    }
    return boxes
  }

  /// One plane of a converted frame.
  static func plane(_ frame: FFFrame, _ index: Int) -> (
    data: UnsafeMutablePointer<UInt8>, stride: Int
  ) {
    let pointer = frame.pointer.pointee
    switch index {
    case 0: return (pointer.data.0!, Int(pointer.linesize.0))
    case 1: return (pointer.data.1!, Int(pointer.linesize.1))
    default: return (pointer.data.2!, Int(pointer.linesize.2))
    }
  }
}
