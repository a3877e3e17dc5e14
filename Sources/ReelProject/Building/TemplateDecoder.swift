import Foundation
import Reel

/// The building stage's reader of the template parts not yet split into description and
/// resolution — the layer tree (layers, text, shapes, animations) and the subtitle layers:
/// it checks their JSON, opens their files through ``files`` and builds the layers in one
/// pass. What it needs of the rest of the template (the render size, the movie's length) is
/// given to it, computed first.
struct TemplateDecoder: TemplateFileResolving {
  let report: TemplateProblemCollector
  let files: TemplateFiles
  /// The budgets the template must fit in.
  let limits: ResourceLimits
  /// The size layers are placed in, pixels.
  let renderSize: Size
  /// The movie's length (for "beyond the movie" checks); nil when it is not known because
  /// the timeline has problems and the template gives no `duration`.
  let movieDuration: Time?
}
