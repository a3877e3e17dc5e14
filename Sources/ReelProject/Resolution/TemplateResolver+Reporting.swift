import Foundation
import Reel

// The resolution stage's reporting: each file a template names is opened through
// ``TemplateFiles`` (once per load) and a file that cannot be used is one problem at the
// path and position where it was named.
extension TemplateResolver {
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
}
