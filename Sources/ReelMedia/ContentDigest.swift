import CCrypto
import Foundation
import ReelCore

/// SHA-256 digests of file contents (OpenSSL's libcrypto), for checking that a file is the
/// one a plan was made from (a render plan records the digest of every file a template
/// reads).
///
///     let digest = try ContentDigest.sha256(ofFileAt: "clip.mp4")   // 64 hex digits
public enum ContentDigest {
  /// The SHA-256 of a file's bytes, as 64 lowercase hex digits. The file is read in 256 KiB
  /// pieces into one buffer, so memory stays small whatever its size; like every input, it
  /// must be a regular file (a FIFO or a device is refused, never waited on).
  ///
  /// - Parameter path: A readable file.
  /// - Returns: The digest in hex.
  /// - Throws: ``MediaError/fileNotFound(path:)`` when nothing is there,
  ///   ``MediaError/isDirectory(path:)`` or ``MediaError/notRegularFile(path:kind:)`` for
  ///   what is not a regular file, ``MediaError/unreadable(path:reason:)`` when it cannot be
  ///   read (or libcrypto cannot digest it).
  public static func sha256(ofFileAt path: String) throws(MediaError) -> String {
    let state = try DigestState(path: path)
    var digested = true
    do {
      try LocalFile.readPieces(path, pieceSize: 1 << 18) { piece in
        digested = state.update(piece)
        return digested
      }
    } catch {
      throw MediaError(path: path, fileProblem: error)
    }
    guard digested else { throw .unreadable(path: path, reason: "libcrypto failed to digest it") }
    return try state.finish(path: path)
  }

  /// The SHA-256 of `bytes`, as 64 lowercase hex digits; empty when libcrypto cannot
  /// allocate its state.
  public static func sha256(of bytes: [UInt8]) -> String {
    do {
      let state = try DigestState(path: "")
      guard bytes.withUnsafeBytes({ state.update($0) }) else { return "" }
      return try state.finish(path: "")
    } catch {
      return ""
    }
  }

  /// Owns a libcrypto digest context (`EVP_MD_CTX`) set up for SHA-256.
  private final class DigestState {
    let context: OpaquePointer

    init(path: String) throws(MediaError) {
      guard let context = EVP_MD_CTX_new() else {
        throw .unreadable(path: path, reason: "out of memory for the digest")
      }
      self.context = context
      guard EVP_DigestInit_ex(context, EVP_sha256(), nil) == 1 else {
        throw .unreadable(path: path, reason: "libcrypto cannot start a SHA-256 digest")
      }
    }

    deinit { EVP_MD_CTX_free(context) }

    /// Adds `bytes`; false when libcrypto fails.
    func update(_ bytes: UnsafeRawBufferPointer) -> Bool {
      guard let base = bytes.baseAddress, !bytes.isEmpty else { return true }
      return EVP_DigestUpdate(context, base, bytes.count) == 1
    }

    func finish(path: String) throws(MediaError) -> String {
      var digest = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
      var length: UInt32 = 0
      guard EVP_DigestFinal_ex(context, &digest, &length) == 1, length == 32 else {
        throw .unreadable(path: path, reason: "libcrypto failed to finish its digest")
      }
      return digest.prefix(32).map { String(format: "%02x", $0) }.joined()
    }
  }
}
