import Foundation
import Reel

extension TemplateFiles {
  /// The word-timing file at `resolved` (an existing file), parsed; it is held to the
  /// template's size limit, since it is text parsed whole as the template is.
  ///
  /// - Parameters:
  ///   - resolved: The file's absolute path.
  ///   - format: The format the template names, nil to detect it.
  /// - Throws: ``TemplateFileProblem`` with the parser's line-precise message.
  func wordTimings(_ resolved: String, format: WordTimingFormat?)
    throws(TemplateFileProblem) -> WordTimingParseResult
  {
    if let size = try? LocalFile.checkRegular(resolved) {
      do {
        try limits.checkTemplateSize(Int(size), of: "the word-timing file \(resolved)")
      } catch {
        throw TemplateFileProblem(message: error.description)
      }
    }
    do {
      return try WordTimingFile.load(path: resolved, format: format)
    } catch {
      throw TemplateFileProblem(message: error.description)
    }
  }
}

extension TemplateResolver {
  /// Opens and parses each caption track's word-timing file and checks its font.
  func resolveCaptionFiles(
    _ captions: [CaptionTrackDescription]?, into resolved: inout ResolvedLayerFiles
  ) {
    for track in captions ?? [] {
      resolve(track.textStyle, into: &resolved)
      guard let file = track.file,
        let path = reporting(
          file.location, { () throws(TemplateFileProblem) in try files.existingFile(file.text) }),
        let parsed = reporting(
          file.location,
          { () throws(TemplateFileProblem) in try files.wordTimings(path, format: track.format) })
      else { continue }
      resolved.wordTimings[file] = parsed
    }
  }
}
