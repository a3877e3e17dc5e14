import Foundation
import Reel

/// What the layers are placed in and checked against, computed from the timeline before
/// any layer is built.
struct TemplateFrame {
  /// The size layers are placed in, pixels.
  var renderSize: Size
  /// The movie's length (for "beyond the movie" checks); nil when it is not known (the
  /// timeline has problems and the template gives no `duration`).
  var movieDuration: Time?
}

extension TemplateBuilder {
  /// The layer tree: `layers` (or a full-size video layer) plus subtitle layers; nil when
  /// the template has neither `layers` nor `subtitles`.
  func buildLayerTree(
    _ description: TemplateDescription, files: ResolvedLayerFiles, frame: TemplateFrame
  ) -> LayerTree? {
    let full = Rect(origin: .zero, size: frame.renderSize)
    var sublayers: [Layer] = []
    if let layers = description.layers {
      sublayers = layers.map { buildLayer($0, files: files, frame: frame) }
    }
    let filtered = !description.filters.isEmpty
    let captioned = description.captions != nil
    if description.layers == nil, description.subtitles != nil || captioned || filtered {
      sublayers.append(Layer.video(frame: full))
    }
    for track in description.subtitles ?? [] {
      sublayers += buildSubtitleTrack(track, files: files, frame: frame)
    }
    for track in description.captions ?? [] {
      if let layer = buildCaptionTrack(track, files: files, frame: frame) {
        sublayers.append(layer)
      }
    }
    guard description.layers != nil || description.subtitles != nil || captioned || filtered
    else {
      return nil
    }
    var root = Layer.group(frame: full, sublayers: sublayers)
    var tree = LayerTree(
      root: root, renderSize: frame.renderSize, backgroundColor: description.output.background)
    if filtered {
      // The whole-frame filter reads the root's parameters (the root has no filter of its own).
      root.properties.filterParameters = description.filters.slotValues
      root.animations = description.animations.map(\.animation)
      warnNeverPlaying(description.animations, frame: frame)
      tree.root = root
      tree.frameFilter = TemplateFilterChain(description.filters, cubes: files.cubes)
    }
    return tree
  }

  private func buildLayer(
    _ description: LayerDescription, files: ResolvedLayerFiles, frame: TemplateFrame
  ) -> Layer {
    let properties = buildProperties(description.properties, frame: frame)
    var layer = Layer(name: description.name, properties: properties)
    description.content.build(
      &layer, by: self, files: files, start: description.visibility.start?.value.seconds)
    if !description.filters.isEmpty {
      layer.contentFilter = TemplateFilterChain(description.filters, cubes: files.cubes)
      layer.properties.filterParameters = description.filters.slotValues
    }
    if let mask = description.mask.first {
      layer.mask = buildLayer(mask, files: files, frame: frame)
    }
    layer.animations = description.animations.map(\.animation)
    warnNeverPlaying(description.animations, frame: frame)
    layer.animations += buildVisibility(
      description.visibility, opacity: layer.properties.opacity, frame: frame)
    layer.sublayers = description.sublayers.map { buildLayer($0, files: files, frame: frame) }
    return layer
  }

  /// Warns about each animation that begins after the movie ends.
  private func warnNeverPlaying(
    _ animations: [(animation: any Animation, path: String)], frame: TemplateFrame
  ) {
    guard let movieDuration = frame.movieDuration else { return }
    for (animation, path) in animations
    where animation.timing.beginTime >= movieDuration.seconds {
      warn(
        path,
        "begins at \(format(animation.timing.beginTime)) s, after the movie ends (\(seconds(movieDuration)) s); it never plays"
      )
    }
  }

  /// The properties, applied in order over the render frame.
  private func buildProperties(_ written: LayerPropertiesDescription, frame: TemplateFrame)
    -> LayerProperties
  {
    let full = Rect(origin: .zero, size: frame.renderSize)
    var properties = LayerProperties(frame: full)
    if let anchor = written.anchor {
      properties.anchorPoint = anchor
      properties.frame = full
    }
    if let frame = written.frame { properties.frame = frame }
    // A size without a position keeps the layer centred on the render frame.
    if let size = written.size { properties.bounds.size = size }
    if let position = written.position { properties.position = position }
    if let opacity = written.opacity { properties.opacity = opacity }
    if let hidden = written.hidden { properties.isHidden = hidden }
    if let z = written.zPosition { properties.zPosition = z }
    if let angle = written.rotation { properties.rotationZ = angle }
    if let angle = written.rotationX { properties.rotationX = angle }
    if let angle = written.rotationY { properties.rotationY = angle }
    if let scale = written.scale {
      properties.scaleX = scale.x
      properties.scaleY = scale.y
      if scale.x == scale.y { properties.scaleZ = scale.x }
    }
    if let translation = written.translation { properties.translation = translation }
    if let matrix = written.transform { properties.transform = matrix }
    if let distance = written.perspective {
      properties.transform = properties.transform.concatenating(.perspective(distance: distance))
    }
    if let matrix = written.sublayerTransform { properties.sublayerTransform = matrix }
    if let fill = written.background { properties.backgroundColor = fill }
    if let radius = written.cornerRadius { properties.cornerRadius = radius }
    if let border = written.border {
      if let width = border.width { properties.borderWidth = width }
      properties.borderColor = border.color
    }
    if let width = written.borderWidth { properties.borderWidth = width }
    if let stroke = written.borderColor { properties.borderColor = stroke }
    if let masks = written.masksToBounds { properties.masksToBounds = masks }
    if let shadow = written.shadow { properties.shadow = shadow }
    if let gravity = written.gravity { properties.contentsGravity = gravity }
    return properties
  }

  /// `start`, `end`, `fadeIn`, `fadeOut` as opacity animations, checked against the movie.
  private func buildVisibility(
    _ visibility: VisibilityDescription, opacity: Double, frame: TemplateFrame
  ) -> [any Animation] {
    let start = visibility.start?.value
    let end = visibility.end?.value
    let movieDuration = frame.movieDuration
    if let start = visibility.start, let movieDuration, start.value >= movieDuration {
      report.problem(
        "the layer would appear at \(seconds(start.value)) s, after the movie ends (\(seconds(movieDuration)) s)",
        at: start.location)
      return []
    }
    if let start, let end = visibility.end, end.value <= start {
      report.problem(
        "must be after \"start\" (\(seconds(start)) s) (got \(visibility.endWritten ?? ""))",
        at: end.location)
      return []
    }
    let shownFrom = start ?? .zero
    let shownUntil = end ?? movieDuration
    if let shownUntil, let location = visibility.fadesLocation {
      let fades = (visibility.fadeIn ?? .zero) + (visibility.fadeOut ?? .zero)
      if fades > shownUntil - shownFrom {
        report.problem(
          "the fades (\(seconds(fades)) s) are longer than the time the layer is shown (\(seconds(shownUntil - shownFrom)) s)",
          at: location)
        return []
      }
    }
    return Self.visibilityAnimations(
      start: start, end: end, fadeIn: visibility.fadeIn, fadeOut: visibility.fadeOut,
      opacity: opacity, movieDuration: movieDuration)
  }

  /// The opacity animations that show a layer only in `[start, end)`, fading in and out.
  static func visibilityAnimations(
    start: Time?, end: Time?, fadeIn: Time?, fadeOut: Time?, opacity: Double,
    movieDuration: Time?
  ) -> [any Animation] {
    var animations: [any Animation] = []
    let from = (start ?? .zero).seconds
    if from > 0 {
      animations.append(
        BasicAnimation(.opacity, from: 0, to: 0, beginTime: 0, duration: from, fillMode: .removed))
    }
    if let fadeIn, fadeIn > .zero {
      animations.append(
        BasicAnimation(
          .opacity, from: 0, to: opacity, beginTime: from, duration: fadeIn.seconds,
          fillMode: .removed))
    }
    if let fadeOut, fadeOut > .zero, let until = end ?? movieDuration {
      animations.append(
        BasicAnimation(
          .opacity, from: opacity, to: 0, beginTime: (until - fadeOut).seconds,
          duration: fadeOut.seconds, fillMode: .removed))
    }
    if let end {
      animations.append(
        BasicAnimation(.opacity, from: 0, to: 0, beginTime: end.seconds, duration: 1))
    }
    return animations
  }

}
