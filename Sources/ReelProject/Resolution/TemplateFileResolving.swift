import Foundation
import Reel

/// The resolution stage's reporting: each file a template names is opened through
/// ``files`` (``TemplateFiles``, once per load) and a file that cannot be used is one
/// problem at the path and position where it was named.
protocol TemplateFileResolving: TemplateChecking {
  /// Every file the template names is opened there, once.
  var files: TemplateFiles { get }
}

extension TemplateFileResolving {
  /// Absolute paths of every file the template names, in the order first named.
  var mediaFiles: [String] { files.mediaFiles }

  /// Opens the media file `reference` names (once per path).
  func asset(_ reference: FileReference) -> Asset? {
    reporting(reference.location) { () throws(TemplateFileProblem) in
      try files.asset(reference.text)
    }
  }

  /// Reports a media file cut short in the part of it that `used` reads (see
  /// `Asset.checkData(covers:)`), at `location`.
  ///
  /// - Returns: Whether the data is there.
  func checkData(_ asset: Asset, covers used: TimeRange, at location: TemplateLocation) -> Bool {
    reporting(location) { () throws(TemplateFileProblem) in
      try files.checkData(of: asset, covers: used)
    } != nil
  }

  /// The result of `work`, or nil with its problem reported at `location`.
  func reporting<T>(_ location: TemplateLocation, _ work: () throws(TemplateFileProblem) -> T)
    -> T?
  {
    do {
      return try work()
    } catch {
      report.problem(error.message, at: location)
      return nil
    }
  }

  /// Resolves a path against the template's folder and records it.
  func resolve(_ relative: String) -> String { files.resolve(relative) }

  /// A path string that must name an existing file; returns the resolved path.
  func existingFile(_ node: TemplateJSON, _ path: String) -> String? {
    guard let text = string(node, path) else { return nil }
    return reporting(path, at: node) { () throws(TemplateFileProblem) in
      try files.existingFile(text)
    }
  }

  /// Opens a media file (once per path).
  func asset(_ node: TemplateJSON, _ path: String) -> Asset? {
    guard let text = string(node, path) else { return nil }
    return reporting(path, at: node) { () throws(TemplateFileProblem) in try files.asset(text) }
  }

  /// Reports a media file cut short in the part of it that `used` reads (see
  /// `Asset.checkData(covers:)`): validate knows it from the container's declared duration
  /// against the data present, so a render never starts on it.
  ///
  /// - Returns: Whether the data is there.
  @discardableResult
  func checkData(
    _ asset: Asset, covers used: TimeRange, _ path: String, at node: TemplateJSON?
  ) -> Bool {
    reporting(path, at: node) { () throws(TemplateFileProblem) in
      try files.checkData(of: asset, covers: used)
    } != nil
  }

  /// Decodes an image file (once per path).
  func image(_ node: TemplateJSON, _ path: String) -> DecodedImage? {
    guard let text = string(node, path) else { return nil }
    return reporting(path, at: node) { () throws(TemplateFileProblem) in try files.image(text) }
  }

  /// The result of `work`, or nil with its problem reported at `path`.
  func reporting<T>(
    _ path: String, at node: TemplateJSON?, _ work: () throws(TemplateFileProblem) -> T
  ) -> T? {
    do {
      return try work()
    } catch {
      problem(path, error.message, at: node)
      return nil
    }
  }
}
