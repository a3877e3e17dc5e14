import CFFmpeg

/// A negative return code from an FFmpeg call, with the call's name.
///
/// Internal: public API reports ``MediaError``, which names the file and says what to do;
/// this type carries the low-level cause into those messages.
struct FFmpegError: Error, Hashable, CustomStringConvertible {
  /// The negative `AVERROR` code.
  let code: Int32
  /// The C function that returned it.
  let call: String

  /// End of stream. The corresponding C error is `AVERROR_EOF`.
  static let endOfFileCode = reel_AVERROR_EOF()
  /// Output not available yet, send more input. The corresponding C error is `AVERROR(EAGAIN)`.
  static let tryAgainCode = reel_AVERROR(EAGAIN)
  /// Invalid data found when processing input. The corresponding C error is `AVERROR_INVALIDDATA`.
  static let invalidDataCode = reel_AVERROR_INVALIDDATA()

  /// FFmpeg's own text for the code, from `av_strerror`.
  var message: String { FFmpegError.message(for: code) }

  var description: String { "\(call): \(message)" }

  static func message(for code: Int32) -> String {
    var buffer = [CChar](repeating: 0, count: 256)
    if av_strerror(code, &buffer, buffer.count) < 0 {
      return "unknown FFmpeg error \(code)"
    }
    return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }
}

/// Returns `code` when it is ≥ 0, throws ``FFmpegError`` otherwise.
@discardableResult
func check(_ code: Int32, _ call: String) throws(FFmpegError) -> Int32 {
  if code < 0 { throw FFmpegError(code: code, call: call) }
  return code
}
