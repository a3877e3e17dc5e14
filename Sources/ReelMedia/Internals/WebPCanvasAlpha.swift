import Foundation

/// Marks an animated WebP as having alpha (the `VP8X` chunk's alpha flag, 0x10).
///
/// libwebp's animation encoder (Debian's 1.2) crops each frame to what changed, the first one
/// against a transparent canvas: a frame whose transparent pixels are all outside its crop
/// is written without an `ALPH` chunk, and the file's alpha flag is then left unset although
/// the canvas outside the frames is transparent. Decoders that honour the flag (Pillow, and
/// libwebp's own API when asked for the file's features) then show that canvas opaque
/// black. An export that keeps alpha sets the flag after the muxer is done.
enum WebPCanvasAlpha {
  /// The byte offset of the `VP8X` flags in a WebP file (`RIFF` size `WEBP` `VP8X` size).
  static let flagsOffset: UInt64 = 20
  /// The alpha flag.
  static let alphaFlag: UInt8 = 0x10

  /// Sets the alpha flag of the WebP file at `path`; a file without a `VP8X` chunk first
  /// (a simple, still WebP) is left as it is.
  ///
  /// - Throws: ``MediaError/encodeFailed(path:reason:)`` when the file cannot be read or
  ///   written.
  static func set(inFileAt path: String, reportedPath: String) throws(MediaError) {
    do {
      let file = try FileHandle(forUpdating: URL(fileURLWithPath: path))
      defer { try? file.close() }
      let header = try file.read(upToCount: Int(flagsOffset) + 1) ?? Data()
      let bytes = [UInt8](header)
      guard bytes.count == Int(flagsOffset) + 1,
        bytes[0..<4].elementsEqual("RIFF".utf8), bytes[8..<12].elementsEqual("WEBP".utf8),
        bytes[12..<16].elementsEqual("VP8X".utf8)
      else { return }
      let flags = bytes[Int(flagsOffset)]
      guard flags & alphaFlag == 0 else { return }
      try file.seek(toOffset: flagsOffset)
      try file.write(contentsOf: Data([flags | alphaFlag]))
    } catch {
      throw MediaError.encodeFailed(
        path: reportedPath, reason: "cannot mark the WebP's alpha: \(error.localizedDescription)")
    }
  }
}
