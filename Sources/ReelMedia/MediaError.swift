/// What went wrong reading or writing a media file.
///
/// Every case names the file it is about; `description` is one line saying what was wrong,
/// where, and what to do. The `reel` tool prints it and exits with code 4 (media error).
public enum MediaError: Error, Hashable, CustomStringConvertible, Sendable {
  /// Nothing exists at the path.
  case fileNotFound(path: String)
  /// The path names a directory, not a file.
  case isDirectory(path: String)
  /// The path names something that is not a regular file: `kind` says what (`a FIFO`,
  /// `a character device`, `a block device`, `a socket`).
  case notRegularFile(path: String, kind: String)
  /// The file lists or refers to other files or resources (`an HLS playlist`, `a concat
  /// list`, `an image-sequence pattern`, …); Reel reads single media files only.
  case notSingleFile(path: String, kind: String)
  /// The file exists but is empty (0 bytes).
  case emptyFile(path: String)
  /// The file could not be opened for reading (permissions, I/O error).
  case unreadable(path: String, reason: String)
  /// FFmpeg recognises no media container in the file.
  case notMedia(path: String)
  /// The file is a media file but is damaged or cut short.
  case corrupt(path: String, reason: String)
  /// The file has no video track, and video was asked for.
  case noVideoTrack(path: String)
  /// The file has no audio track, and audio was asked for.
  case noAudioTrack(path: String)
  /// The track's codec has no decoder or encoder in this FFmpeg build.
  case unsupportedCodec(path: String, codec: String)
  /// The output cannot be written at the path (missing folder, permissions, full disk).
  case unwritable(path: String, reason: String)
  /// A file exists at the output path and replacing it was not allowed (it was there
  /// before the write began, or appeared while writing; it is kept as it is).
  case fileExists(path: String)
  /// The output's file extension names no container Reel writes.
  case unsupportedContainer(path: String, fileExtension: String)
  /// The codec cannot go in the container chosen by the output's extension.
  case codecNotAllowed(path: String, codec: String, container: String)
  /// A 4:2:0 output needs even dimensions and rounding was not asked for.
  case oddDimensions(path: String, width: Int, height: Int)
  /// Invalid settings or arguments for an operation on the file.
  case invalidArgument(path: String, reason: String)
  /// The file is damaged or cut short where it is used: for more than one second, or more
  /// than 10 % of the requested range, nothing could be decoded (see ``MediaDamage``).
  case damaged(path: String, reason: String)
  /// Decoding failed inside the codec.
  case decodeFailed(path: String, reason: String)
  /// Encoding or muxing failed.
  case encodeFailed(path: String, reason: String)
  /// The operation was cancelled; nothing was left at the output path.
  case cancelled(path: String)
  /// A picture made from the file (a decoded or converted frame) could not be allocated:
  /// the machine, or the process's memory limit, has no room for it.
  case outOfMemory(path: String, PixelAllocationError)

  /// One line: the path, what was wrong, and what to do.
  public var description: String {
    switch self {
    case .fileNotFound(let path):
      return "\(path): no such file; check the path"
    case .isDirectory(let path):
      return "\(path): is a directory, not a regular file; give the path of a media file"
    case .notRegularFile(let path, let kind):
      return "\(path): not a regular file (\(kind)); Reel reads regular files only"
    case .notSingleFile(let path, let kind):
      return "\(path): \(kind); Reel reads single media files only"
    case .emptyFile(let path):
      return "\(path): file is empty (0 bytes)"
    case .unreadable(let path, let reason):
      return "\(path): cannot be read (\(reason)); check its permissions"
    case .notMedia(let path):
      return "\(path): not a media file FFmpeg recognises (no known container format)"
    case .corrupt(let path, let reason):
      return "\(path): corrupt or truncated media (\(reason))"
    case .noVideoTrack(let path):
      return "\(path): has no video track"
    case .noAudioTrack(let path):
      return "\(path): has no audio track"
    case .unsupportedCodec(let path, let codec) where codec == "none":
      return
        "\(path): a track's codec is unknown to FFmpeg (codec 'none'); convert the file, e.g. to H.264 and AAC in MP4"
    case .unsupportedCodec(let path, let codec):
      return "\(path): codec '\(codec)' is not supported by this FFmpeg build"
    case .unwritable(let path, let reason):
      return
        "\(path): cannot write output (\(reason)); check that the folder exists and is writable"
    case .fileExists(let path):
      return "\(path): a file already exists there and was kept; pass overwrite: true to replace it"
    case .unsupportedContainer(let path, let fileExtension):
      let known = MediaWriter.supportedFileExtensions.map { ".\($0)" }
      let list = known.dropLast().joined(separator: ", ") + " or " + (known.last ?? "")
      return "\(path): unsupported output extension '.\(fileExtension)'; use \(list)"
    case .codecNotAllowed(let path, let codec, let container):
      return "\(path): codec '\(codec)' cannot be written in a .\(container) file"
    case .oddDimensions(let path, let width, let height):
      return
        "\(path): \(width)×\(height) has an odd dimension, which 4:2:0 video cannot encode; use even dimensions or ask for rounding"
    case .invalidArgument(let path, let reason):
      return "\(path): \(reason)"
    case .damaged(let path, let reason):
      return "\(path): damaged or cut short: \(reason); repair or replace the file"
    case .decodeFailed(let path, let reason):
      return "\(path): decoding failed (\(reason))"
    case .encodeFailed(let path, let reason):
      return "\(path): encoding failed (\(reason))"
    case .cancelled(let path):
      return "\(path): cancelled; no file was written"
    case .outOfMemory(let path, let error):
      return "\(path): \(error.description)"
    }
  }
}

extension MediaError {
  /// The error for a path ``LocalFile`` refused.
  package init(path: String, fileProblem: LocalFile.Problem) {
    switch fileProblem {
    case .notFound: self = .fileNotFound(path: path)
    case .directory: self = .isDirectory(path: path)
    case .notRegular(let kind): self = .notRegularFile(path: path, kind: kind)
    case .unreadable(let reason): self = .unreadable(path: path, reason: reason)
    }
  }
}
