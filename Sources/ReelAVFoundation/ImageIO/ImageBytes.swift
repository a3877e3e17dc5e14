internal import ReelMedia

/// Image bytes decoded by Reel's `ImageDecoder`, which reads files (its single-file rules
/// apply): the bytes are written to a private temporary file, decoded, and the file removed.
enum ImageBytes {
  /// Every frame of the image in `data`.
  static func decode(_ data: Data) -> Result<DecodedImage, MediaError> {
    let file = FileManager.default.temporaryDirectory
      .appendingPathComponent("ReelAVFoundation-image-\(UUID().uuidString)")
    do {
      try data.write(to: file, options: [.withoutOverwriting])
    } catch {
      return .failure(.unwritable(path: file.path, reason: error.localizedDescription))
    }
    defer { try? FileManager.default.removeItem(at: file) }
    do throws(MediaError) {
      return .success(try ImageDecoder.decode(path: file.path))
    } catch {
      return .failure(error)
    }
  }
}
