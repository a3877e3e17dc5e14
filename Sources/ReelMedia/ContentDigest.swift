import CFFmpeg
import Foundation

/// SHA-256 digests of file contents, for checking that a file is the one a plan was made
/// from (a render plan records the digest of every file a template reads).
///
///     let digest = try ContentDigest.sha256(ofFileAt: "clip.mp4")   // 64 hex digits
public enum ContentDigest {
  /// The SHA-256 of a file's bytes, as 64 lowercase hex digits. The file is read in 1 MiB
  /// pieces, so memory stays small whatever its size.
  ///
  /// - Parameter path: A readable file.
  /// - Returns: The digest in hex.
  /// - Throws: ``MediaError/fileNotFound(path:)`` when nothing is there,
  ///   ``MediaError/unreadable(path:reason:)`` when it cannot be read (or the hash state
  ///   cannot be allocated).
  public static func sha256(ofFileAt path: String) throws(MediaError) -> String {
    guard FileManager.default.fileExists(atPath: path) else { throw .fileNotFound(path: path) }
    guard let handle = FileHandle(forReadingAtPath: path) else {
      throw .unreadable(path: path, reason: "it cannot be opened for reading")
    }
    defer { try? handle.close() }
    guard let state = av_sha_alloc() else {
      throw .unreadable(path: path, reason: "out of memory for the digest")
    }
    defer { av_free(UnsafeMutableRawPointer(state)) }
    av_sha_init(state, 256)
    while true {
      let data: Data
      do {
        data = try handle.read(upToCount: 1 << 20) ?? Data()
      } catch {
        throw .unreadable(path: path, reason: "\(error.localizedDescription)")
      }
      if data.isEmpty { break }
      data.withUnsafeBytes { bytes in
        if let base = bytes.bindMemory(to: UInt8.self).baseAddress {
          av_sha_update(state, base, bytes.count)
        }
      }
    }
    var digest = [UInt8](repeating: 0, count: 32)
    av_sha_final(state, &digest)
    return digest.map { String(format: "%02x", $0) }.joined()
  }

  /// The SHA-256 of `bytes`, as 64 lowercase hex digits.
  public static func sha256(of bytes: [UInt8]) -> String {
    guard let state = av_sha_alloc() else { return "" }
    defer { av_free(UnsafeMutableRawPointer(state)) }
    av_sha_init(state, 256)
    bytes.withUnsafeBufferPointer { buffer in
      if let base = buffer.baseAddress { av_sha_update(state, base, buffer.count) }
    }
    var digest = [UInt8](repeating: 0, count: 32)
    av_sha_final(state, &digest)
    return digest.map { String(format: "%02x", $0) }.joined()
  }
}
