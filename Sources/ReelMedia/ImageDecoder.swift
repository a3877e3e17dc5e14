import CFFmpeg
import Foundation

/// Decodes still and animated image files (PNG, APNG, JPEG, still WebP, GIF, and anything
/// else FFmpeg reads as pictures) into premultiplied BGRA ``Image``s.
///
///     let logo = try ImageDecoder.decode(path: "logo.gif")
///     let picture = logo.frame(at: Time(value: 3, timescale: 2))   // at 1.5 s, looping
///
/// Frame times come from the file's presentation timestamps, frame durations from the
/// packet durations (GIF delays, APNG `fcTL` delays) or else the gap to the next frame.
/// GIF disposal and transparency are applied by FFmpeg's decoder, so every frame is a full
/// picture. FFmpeg 5.1 cannot decode animated WebP; such files are refused with
/// `MediaError.unsupportedCodec(codec: "animated webp")`.
///
/// Limits: a picture may be at most ``maximumSide`` pixels wide or high and at most
/// ``maximumPixelCount`` pixels in all; an animation may hold at most
/// ``maximumTotalPixelCount`` decoded pixels over all its frames. Larger files are refused
/// with `MediaError.invalidArgument` before their pixels are decoded (or as soon as the
/// total is exceeded), so a hostile file cannot exhaust memory.
public enum ImageDecoder {
  /// Largest accepted width or height, in pixels (``PixelLimits/maximumPictureSide``).
  public static let maximumSide = PixelLimits.maximumPictureSide
  /// Largest accepted picture, in pixels (64 Mpx: 256 MB as BGRA).
  public static let maximumPixelCount = 64 * 1_048_576
  /// Largest accepted sum of pixels over all frames of an animation (256 Mpx: 1 GB as BGRA).
  public static let maximumTotalPixelCount = 256 * 1_048_576

  /// Decodes every frame of the image at `path`.
  ///
  /// - Parameter path: A local image file.
  /// - Returns: The frames with their times, the loop count and the size.
  /// - Throws: `MediaError.notMedia` when the content is not an image FFmpeg recognises (the
  ///   file name is not trusted), `.unsupportedCodec` for animated WebP and codecs without a
  ///   decoder, `.invalidArgument` for images above the size limits, `.decodeFailed` when
  ///   no picture can be decoded, and the errors of opening a file.
  ///
  /// - Parameters:
  ///   - path: A local image file.
  ///   - maximumTotalPixels: The most pixels the decoded frames may hold together
  ///     (frames × width × height); decoding stops with an error as soon as they would
  ///     hold more (see ``isTotalPixelLimit(_:)``). Default ``maximumTotalPixelCount``.
  public static func decode(path: String, maximumTotalPixels: Int = maximumTotalPixelCount)
    throws(MediaError) -> DecodedImage
  {
    try decode(path: path, firstFrameOnly: false, maximumTotalPixels: maximumTotalPixels)
  }

  /// Whether `error` is the one ``decode(path:maximumTotalPixels:)`` throws when the frames
  /// would hold more than `maximumTotalPixels`.
  public static func isTotalPixelLimit(_ error: MediaError) -> Bool {
    if case .invalidArgument(_, let reason) = error {
      return reason.hasPrefix(totalPixelReasonPrefix)
    }
    return false
  }

  private static let totalPixelReasonPrefix = "the decoded frames would hold more than"

  /// Decodes only the first frame of the image at `path` (the still of an animation).
  ///
  /// - Parameter path: A local image file.
  /// - Returns: The first picture, premultiplied BGRA.
  /// - Throws: As ``decode(path:)``.
  public static func decodeFirstFrame(path: String) throws(MediaError) -> Image {
    let decoded = try decode(
      path: path, firstFrameOnly: true, maximumTotalPixels: maximumTotalPixelCount)
    guard let first = decoded.frames.first else {
      throw MediaError.decodeFailed(path: path, reason: "no picture could be decoded")
    }
    return first.image
  }

  private static func decode(path: String, firstFrameOnly: Bool, maximumTotalPixels: Int)
    throws(MediaError) -> DecodedImage
  {
    MediaAccessCounter.record(.imageDecode, path: path)
    try InputContainer.checkReadableFile(path)
    let head = try readHead(path)
    if let kind = InputContainer.multiFileKind(ofHead: head) {
      throw MediaError.notSingleFile(path: path, kind: kind)
    }
    // Trust the bytes, not the name: a text file called .png is not media.
    guard InputContainer.probeFormatName(path: path) != nil else {
      throw MediaError.notMedia(path: path)
    }
    let facts = containerFacts(of: head)
    if facts.isAnimatedWebP {
      throw MediaError.unsupportedCodec(path: path, codec: "animated webp")
    }
    // FFmpeg leaves the size of a picture it refuses at zero; the header says what it is.
    if let declared = facts.size {
      try checkSize(width: declared.width, height: declared.height, path: path)
    }

    let container = try InputContainer(path: path)
    var streamIndex: Int?
    for index in 0..<container.streamCount
    where container.stream(at: index).pointee.codecpar?.pointee.codec_type == AVMEDIA_TYPE_VIDEO {
      streamIndex = index
      break
    }
    guard let streamIndex else { throw MediaError.noVideoTrack(path: path) }
    let stream = container.stream(at: streamIndex)
    // Read now: `stream` is borrowed from `container`, which Swift may release after its
    // last use in the decode loop, before the frames are assembled.
    let timeBase = stream.pointee.time_base
    for index in 0..<container.streamCount where index != streamIndex {
      container.stream(at: index).pointee.discard = AVDISCARD_ALL
    }
    if let parameters = stream.pointee.codecpar {
      try checkSize(
        width: Int(parameters.pointee.width), height: Int(parameters.pointee.height), path: path)
    }
    let decoder = try DecoderContext(stream: stream, path: path, threadCount: 1)
    guard let parameters = stream.pointee.codecpar, parameters.pointee.width > 0,
      parameters.pointee.height > 0
    else {
      throw MediaError.decodeFailed(
        path: path,
        reason:
          "the picture's size cannot be read; Reel decodes images of 1 to \(maximumSide) pixels per side and at most \(maximumPixelCount / 1_048_576) megapixels"
      )
    }
    let converter = FrameConverter(
      codedWidth: Int(parameters.pointee.width), codedHeight: Int(parameters.pointee.height),
      rotation: 0)
    guard let packet = FFPacket(), let frame = FFFrame() else {
      throw MediaError.decodeFailed(path: path, reason: "out of memory")
    }

    var pictures: [(image: Image, timestamp: Int64?, duration: Int64)] = []
    var totalPixels = 0
    var demuxerEnded = false
    var packetWaiting = false
    var lastError: String?
    decoding: while true {
      let output: DecoderContext.Output
      do {
        output = try decoder.receive(into: frame)
      } catch {
        lastError = error.description
        output = .needsInput
      }
      switch output {
      case .frame:
        let picture = frame.pointer
        try checkSize(
          width: Int(picture.pointee.width), height: Int(picture.pointee.height), path: path)
        totalPixels += Int(picture.pointee.width) * Int(picture.pointee.height)
        if totalPixels > maximumTotalPixels {
          throw MediaError.invalidArgument(
            path: path,
            reason:
              "\(totalPixelReasonPrefix) \(maximumTotalPixels) pixels (frames × width × height), above Reel's limit"
          )
        }
        let timestamp = picture.pointee.best_effort_timestamp
        pictures.append(
          (
            try convert(picture, with: converter, path: path),
            timestamp == reel_AV_NOPTS_VALUE() ? nil : timestamp,
            max(picture.pointee.pkt_duration, 0)
          ))
        if firstFrameOnly { break decoding }
      case .needsInput:
        if demuxerEnded { break decoding }
        if !packetWaiting {
          packetWaiting = try readPacket(of: streamIndex, from: container, into: packet)
          if !packetWaiting {
            demuxerEnded = true
            try decoder.sendEndOfStream()
            continue decoding
          }
        }
        do {
          // false: the decoder is full; receive first and send this packet again.
          packetWaiting = try !decoder.send(packet)
        } catch {
          lastError = error.description
          packetWaiting = false
        }
      case .endOfStream:
        break decoding
      }
    }
    guard !pictures.isEmpty, let first = pictures.first else {
      throw MediaError.decodeFailed(
        path: path,
        reason: lastError.map { "no picture could be decoded: \($0)" }
          ?? "the file holds no picture")
    }
    return assemble(
      pictures, timeBase: timeBase, loopCount: facts.loopCount,
      size: (first.image.width, first.image.height))
  }

  /// Reads the next packet of `streamIndex`; false at the end of the file.
  private static func readPacket(
    of streamIndex: Int, from container: InputContainer, into packet: FFPacket
  ) throws(MediaError) -> Bool {
    while try container.readPacket(into: packet) {
      if Int(packet.pointer.pointee.stream_index) == streamIndex { return true }
    }
    return false
  }

  /// Turns decoded pictures into frames with times relative to the first one.
  private static func assemble(
    _ pictures: [(image: Image, timestamp: Int64?, duration: Int64)], timeBase: AVRational,
    loopCount: Int?, size: (width: Int, height: Int)
  ) -> DecodedImage {
    let scale = timeBase.den > 0 && timeBase.num > 0 ? timeBase : AVRational(num: 1, den: 100)
    let origin = pictures.first?.timestamp ?? 0
    // Start ticks: the timestamps when present, otherwise the previous end. The sums
    // saturate: a damaged file's timestamps and durations may be anywhere in Int64.
    var starts: [Int64] = []
    var previousEnd: Int64 = 0
    for picture in pictures {
      let start = picture.timestamp.map { clampedSum($0, -Int128(origin)) } ?? previousEnd
      starts.append(start)
      previousEnd = clampedSum(start, Int128(picture.duration))
    }
    var frames: [ImageFrame] = []
    var lastDuration: Int64 = 0
    for (index, picture) in pictures.enumerated() {
      var duration = picture.duration
      if duration <= 0 {
        duration =
          index + 1 < starts.count
          ? max(clampedSum(starts[index + 1], -Int128(starts[index])), 0) : lastDuration
      }
      lastDuration = duration
      frames.append(
        ImageFrame(
          image: picture.image, time: ticks(starts[index], scale),
          duration: ticks(pictures.count > 1 ? duration : 0, scale)))
    }
    let isAnimated = frames.count > 1
    let total: Int64 = isAnimated ? clampedSum(starts.last ?? 0, Int128(lastDuration)) : 0
    return DecodedImage(
      frames: frames, loopCount: isAnimated ? loopCount : nil, isAnimated: isAnimated,
      totalDuration: ticks(total, scale), width: size.width, height: size.height)
  }

  /// `value` ticks of `timeBase` as seconds, all in the time base's denominator (saturating
  /// at the ends of Int64).
  private static func ticks(_ value: Int64, _ timeBase: AVRational) -> Time {
    Time(value: clampedSum(0, Int128(value) * Int128(timeBase.num)), timescale: timeBase.den)
  }

  /// `value + addend`, clamped to Int64.
  private static func clampedSum(_ value: Int64, _ addend: Int128) -> Int64 {
    Int64(clamping: Int128(value) + addend)
  }

  /// Converts one decoded picture to a premultiplied BGRA image.
  private static func convert(
    _ picture: UnsafeMutablePointer<AVFrame>, with converter: FrameConverter, path: String
  ) throws(MediaError) -> Image {
    do {
      return try converter.convert(picture)
    } catch {
      throw error.mediaError(path: path)
    }
  }

  /// Refuses a picture above ``maximumSide`` or ``maximumPixelCount``: a still image, or a
  /// video track's frames (the same limit holds for both, so a small file cannot make the
  /// decoder hold gigabytes per frame).
  ///
  /// - Parameters:
  ///   - width: The picture's width in pixels.
  ///   - height: Its height in pixels.
  ///   - path: The file, for the message.
  ///   - kind: What the picture is, for the message (`image`, `video`).
  /// - Throws: `MediaError.invalidArgument` naming the size and the limit.
  package static func checkSize(width: Int, height: Int, path: String, kind: String = "image")
    throws(MediaError)
  {
    // Both sides are bounded before they are multiplied, so the product cannot overflow.
    if width > maximumSide || height > maximumSide || width * height > maximumPixelCount {
      throw MediaError.invalidArgument(
        path: path,
        reason:
          "\(kind) is \(width)×\(height) pixels, above Reel's limit of \(maximumSide) pixels per side and \(maximumPixelCount / 1_048_576) megapixels; scale it down first"
      )
    }
  }

  /// The first megabyte of the file (enough for the container facts of real files).
  private static func readHead(_ path: String) throws(MediaError) -> Data {
    do {
      return try LocalFile.read(path, upTo: 1 << 20)
    } catch {
      throw MediaError(path: path, fileProblem: error)
    }
  }
}
