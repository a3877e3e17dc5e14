import CFFmpeg

/// Owns an `AVFrame` (freed with `av_frame_free` in `deinit`).
///
/// Not Sendable: a frame belongs to the decoder or encoder that uses it.
final class FFFrame {
  let pointer: UnsafeMutablePointer<AVFrame>

  /// Allocates an empty frame. Returns nil only when memory is exhausted.
  init?() {
    guard let frame = av_frame_alloc() else { return nil }
    pointer = frame
  }

  /// Drops the frame's buffers so it can be reused. The corresponding C function is
  /// `av_frame_unref`.
  func unref() { av_frame_unref(pointer) }

  deinit {
    var frame: UnsafeMutablePointer<AVFrame>? = pointer
    av_frame_free(&frame)
  }
}

/// Owns an `AVPacket` (freed with `av_packet_free` in `deinit`).
final class FFPacket {
  let pointer: UnsafeMutablePointer<AVPacket>

  /// Allocates an empty packet. Returns nil only when memory is exhausted.
  init?() {
    guard let packet = av_packet_alloc() else { return nil }
    pointer = packet
  }

  /// Drops the packet's data so it can be reused. The corresponding C function is
  /// `av_packet_unref`.
  func unref() { av_packet_unref(pointer) }

  deinit {
    var packet: UnsafeMutablePointer<AVPacket>? = pointer
    av_packet_free(&packet)
  }
}

/// A decoded frame shared with pictures that wrap its planes (``YUVImage/init(wrapping:matrix:owner:)``).
///
/// Thread rule: the frame is never written after decoding; readers on any thread only read
/// its planes, and `av_frame_free` runs once, when the last reference goes (buffer reference
/// counts in FFmpeg are atomic). That is what makes the `@unchecked Sendable` sound.
final class SharedFrame: @unchecked Sendable {
  let frame: FFFrame

  init(_ frame: FFFrame) { self.frame = frame }
}
