import Foundation
import ReelMedia

extension ExportSettings {
  /// The output file extension these settings imply when none is chosen: `m4a` for the
  /// audio-only preset, else the codec's preferred container
  /// (``ReelMedia/VideoCodecDescriptor/preferredContainer``: `webm` for VP9, else `mp4`).
  public var impliedFileExtension: String {
    if preset == .appleM4A { return OutputContainer.m4a.rawValue }
    return (encodedVideoCodec(in: nil) ?? .standard).descriptor.preferredContainer.rawValue
  }

  /// Checks everything an export of `movie` with these settings would refuse before it
  /// writes a frame — the same checks, run by the same code (both make the same
  /// ``ExportPlan``): the movie's length and instructions, the export range, the output size,
  /// the CRF, the codec and container, the H.264 level and the audio tempo of every
  /// stretched segment. Nothing is written or decoded.
  ///
  /// - Parameters:
  ///   - movie: The movie to export.
  ///   - fileExtension: The output file's extension, which chooses the container; nil for
  ///     the one the settings imply (`webm` for VP9, `m4a` for the audio-only preset, else
  ///     `mp4`).
  /// - Throws: ``ExportError/invalidMovie(_:)`` with the reason, or ``ExportError/media(_:)``
  ///   for an extension Reel cannot write.
  public func validate(_ movie: Movie, fileExtension: String? = nil) throws(ExportError) {
    let url = URL(fileURLWithPath: "/reel-validation/movie").appendingPathExtension(
      fileExtension ?? impliedFileExtension)
    _ = try ExportPlan(movie: movie, settings: self, outputURL: url)
  }
}
