import Foundation
import ReelProject

/// The movie's audio mix as one compressed file the browser plays (WebM with Opus, made by
/// Reel's own export: the same mix `reel render` writes), encoded once per revision.
actor AudioTrack {
  /// The MIME type of ``data(for:)``.
  static let contentType = "audio/webm"

  private var encoded: (revision: Int, data: Data)?
  private var encoding: (revision: Int, task: Task<Data, any Error>)?

  /// The encoded mix of `revision` (encoding it on first use).
  ///
  /// - Throws: ``ExportError`` when the export fails.
  func data(for revision: PreviewRevision) async throws -> Data {
    if let encoded, encoded.revision == revision.number { return encoded.data }
    guard let template = revision.template else {
      throw ExportError.invalidMovie("the template has problems")
    }
    let task: Task<Data, any Error>
    if let encoding, encoding.revision == revision.number {
      task = encoding.task
    } else {
      let movie = template.movie
      task = Task.detached { try await Self.encode(movie) }
      encoding = (revision.number, task)
    }
    let data = try await task.value
    if encoding?.revision == revision.number { encoding = nil }
    encoded = (revision.number, data)
    return data
  }

  /// Exports only the sound of `movie` to a temporary WebM/Opus file and reads it back.
  private static func encode(_ movie: Movie) async throws -> Data {
    let folder = FileManager.default.temporaryDirectory
    let url = folder.appendingPathComponent("reel-preview-audio-\(UUID().uuidString).webm")
    defer { try? FileManager.default.removeItem(at: url) }
    // The audio-only preset: no video is drawn or encoded; WebM's audio codec is Opus.
    let session = ExportSession(
      movie: movie, outputURL: url, settings: ExportSettings(preset: .appleM4A))
    _ = try await session.export()
    return try Data(contentsOf: url)
  }
}
