import Foundation
import Reel

extension TemplateDecoder {
  /// The layer tree: `layers` (or a full-size video layer) plus subtitle layers; nil when
  /// the template has neither `layers` nor `subtitles`.
  func decodeLayerTree(_ top: ObjectReader, background: Color) -> LayerTree? {
    let full = Rect(origin: .zero, size: renderSize)
    var sublayers: [Layer] = []
    if let node = top[.layers] {
      // Counted before decoding, so a template with a million layers is refused without
      // building them.
      do {
        try limits.checkLayerCount(Self.layerNodeCount(node))
        sublayers = decodeLayers(node, TemplateKey.layers.rawValue)
      } catch {
        problem(TemplateKey.layers.rawValue, error.description, at: node)
      }
    }
    if let node = top[.subtitles] {
      if !top.has(.layers) { sublayers.append(Layer.video(frame: full)) }
      sublayers += decodeSubtitles(node, TemplateKey.subtitles.rawValue)
    }
    guard top.has(.layers) || top.has(.subtitles) else { return nil }
    return LayerTree(
      root: Layer.group(frame: full, sublayers: sublayers), renderSize: renderSize,
      backgroundColor: background)
  }

  /// How many layer objects `node` (a `layers` array) holds at every depth, masks included;
  /// a cheap count of the JSON, before anything is decoded.
  static func layerNodeCount(_ node: TemplateJSON) -> Int {
    var count = 0
    var pending = [node]
    while let next = pending.popLast() {
      for element in next.elements ?? [] where element.members != nil {
        count += 1
        if let children = element[.layers] { pending.append(children) }
        if let mask = element[.mask], mask.members != nil {
          count += 1
          if let children = mask[.layers] { pending.append(children) }
        }
      }
    }
    return count
  }

  func decodeLayers(_ node: TemplateJSON, _ path: String) -> [Layer] {
    guard let elements = array(node, path) else { return [] }
    return elements.enumerated().compactMap {
      decodeLayer($0.element, TemplatePath.join(path, $0.offset))
    }
  }

  func decodeLayer(_ node: TemplateJSON, _ path: String) -> Layer? {
    guard node.members != nil else {
      problem(path, "expected an object (a layer), got \(node.typeDescription)", at: node)
      return nil
    }
    var type = TemplateLayerType.group
    if let typeNode = node[.type] {
      guard
        let chosen = choice(typeNode, TemplatePath.join(path, .type), TemplateFormat.layerTypes)
          .flatMap(TemplateLayerType.init(rawValue:))
      else { return nil }
      type = chosen
    }
    let common = TemplateObjectKind.layer.allowedKeys
    let own = type.keys.map(\.key)
    let others = Set(TemplateLayerType.typeKeys).subtracting(own).subtracting(common)
    for member in node.members ?? [] {
      guard let key = TemplateKey(rawValue: member.key), others.contains(key) else { continue }
      let owners = TemplateLayerType.owners(of: key).map(\.rawValue)
      problem(
        TemplatePath.join(path, member.key),
        "only \(owners.joined(separator: " and ")) layers have \"\(member.key)\" (this is a \(type.rawValue) layer; set \"type\")",
        at: TemplateJSON(kind: .null, line: member.keyLine, column: member.keyColumn))
    }
    guard
      let reader = object(
        node, path, allowed: common + own + others.sorted(), required: type.requiredKeys)
    else { return nil }
    let full = Rect(origin: .zero, size: renderSize)
    var properties = LayerProperties(frame: full)
    if let anchor = reader.get(.anchor, { self.pixelPoint($0, $1, PixelLimits.unitPoint) }) {
      properties.anchorPoint = anchor
      properties.frame = full
    }
    if let frame = reader.get(.frame, pixelRect) { properties.frame = frame }
    // A size without a position keeps the layer centred on the render frame.
    if let size = reader.get(.size, pixelSize) { properties.bounds.size = size }
    if let position = reader.get(.position, { self.pixelPoint($0, $1) }) {
      properties.position = position
    }
    if reader.has(.frame), reader.has(.position) || reader.has(.size) {
      problem(path, "give either \"frame\" or \"position\"/\"size\", not both", at: node)
    }
    if let opacity = reader.get(.opacity, { self.number($0, $1, in: 0...1) }) {
      properties.opacity = opacity
    }
    if let hidden = reader.get(.hidden, bool) { properties.isHidden = hidden }
    if let z = reader.get(.zPosition, { self.pixels($0, $1, PixelLimits.coordinate) }) {
      properties.zPosition = z
    }
    if let degrees = reader.get(.rotation, number) { properties.rotationZ = degrees * .pi / 180 }
    if let degrees = reader.get(.rotationX, number) { properties.rotationX = degrees * .pi / 180 }
    if let degrees = reader.get(.rotationY, number) { properties.rotationY = degrees * .pi / 180 }
    if let scale = reader.get(.scale, scalePair) {
      properties.scaleX = scale.x
      properties.scaleY = scale.y
      if scale.x == scale.y { properties.scaleZ = scale.x }
    }
    if let translation = reader.get(.translation, { self.pixelPoint($0, $1) }) {
      properties.translation = translation
    }
    if let matrix = reader.get(.transform, pixelTransform3D) { properties.transform = matrix }
    if let distance = reader.get(.perspective, { self.pixels($0, $1, PixelLimits.perspective) }) {
      properties.transform = properties.transform.concatenating(.perspective(distance: distance))
    }
    if let matrix = reader.get(.sublayerTransform, pixelTransform3D) {
      properties.sublayerTransform = matrix
    }
    if let fill = reader.get(.background, color) { properties.backgroundColor = fill }
    if let radius = reader.get(.cornerRadius, { self.pixels($0, $1, PixelLimits.radius) }) {
      properties.cornerRadius = radius
    }
    if let borderNode = reader[.border] {
      if reader.has(.borderWidth) || reader.has(.borderColor) {
        problem(
          path, "give either \"border\" or \"borderWidth\"/\"borderColor\", not both", at: node)
      }
      if let border = object(
        borderNode, reader.path(.border), .border)
      {
        if let width = border.get(.width, { self.pixels($0, $1, PixelLimits.lineWidth) }) {
          properties.borderWidth = width
        }
        properties.borderColor = border.get(.color, color) ?? .black
      }
    }
    if let width = reader.get(.borderWidth, { self.pixels($0, $1, PixelLimits.lineWidth) }) {
      properties.borderWidth = width
    }
    if let stroke = reader.get(.borderColor, color) { properties.borderColor = stroke }
    if let masks = reader.get(.masksToBounds, bool) { properties.masksToBounds = masks }
    if let shadowNode = reader[.shadow],
      let shadow = decodeShadow(shadowNode, reader.path(.shadow))
    {
      properties.shadow = shadow
    }
    let gravities = TemplateFormat.gravities
    if let gravity = reader.get(.gravity, { self.choice($0, $1, gravities.map(\.name)) }) {
      properties.contentsGravity = gravities.first { $0.name == gravity }?.gravity ?? .resize
    } else if type == .image {
      properties.contentsGravity = .resizeAspect
    }

    var layer = Layer(name: reader.get(.name, string), properties: properties)
    switch type {
    case .color:
      if let fill = reader.get(.color, color) { layer.properties.backgroundColor = fill }
    case .image:
      if let imageNode = reader[.image], let decoded = image(imageNode, reader.path(.image)) {
        layer.content = Self.content(of: decoded)
      }
    case .text:
      layer.content = decodeText(reader, size: properties.bounds.size)
    case .shape:
      decodeShape(reader, into: &layer)
    case .gradient:
      if let gradient = reader.get(.gradient, decodeGradient) {
        layer.content = .gradient(gradient)
      }
    case .video:
      let source = reader.get(.source, string) ?? TemplateFormat.mainVideoSource
      layer.content = .video(VideoContent(sourceID: source))
    case .group: break
    }
    if let maskNode = reader[.mask] { layer.mask = decodeLayer(maskNode, reader.path(.mask)) }
    if let animations = reader[.animations] {
      layer.animations = decodeAnimations(animations, reader.path(.animations))
      for (index, animation) in layer.animations.enumerated() {
        guard let movieDuration, animation.timing.beginTime >= movieDuration.seconds else {
          continue
        }
        warn(
          TemplatePath.join(reader.path(.animations), index),
          "begins at \(format(animation.timing.beginTime)) s, after the movie ends (\(seconds(movieDuration)) s); it never plays"
        )
      }
    }
    layer.animations += decodeVisibility(reader, opacity: layer.properties.opacity)
    if let sublayers = reader[.layers] {
      layer.sublayers = decodeLayers(sublayers, reader.path(.layers))
    }
    return layer
  }

  /// An image layer's content: one picture, or a sequence for an animated image.
  static func content(of decoded: DecodedImage) -> LayerContent {
    guard decoded.isAnimated, decoded.frames.count > 1 else {
      if let first = decoded.frames.first { return .image(first.image) }
      return .none
    }
    let frames = decoded.frames.map {
      ImageSequence.Frame(image: $0.image, duration: $0.duration.seconds)
    }
    return .imageSequence(ImageSequence(frames: frames, loopCount: decoded.loopCount ?? 0))
  }

  // MARK: Visibility short form

  /// `start`, `end`, `fadeIn`, `fadeOut`: opacity animations (see the docs' long form).
  func decodeVisibility(_ reader: ObjectReader, opacity: Double) -> [any Animation] {
    let start = reader.get(.start) { self.duration($0, $1, allowZero: true) }
    let end = reader.get(.end) { self.duration($0, $1) }
    let fadeIn = reader.get(.fadeIn) { self.duration($0, $1, allowZero: true) }
    let fadeOut = reader.get(.fadeOut) { self.duration($0, $1, allowZero: true) }
    if let start, let movieDuration, start >= movieDuration, let node = reader[.start] {
      problem(
        reader.path(.start),
        "the layer would appear at \(seconds(start)) s, after the movie ends (\(seconds(movieDuration)) s)",
        at: node)
      return []
    }
    if let start, let end, end <= start, let node = reader[.end] {
      problem(
        reader.path(.end),
        "must be after \"start\" (\(seconds(start)) s) (got \(node.shortDescription))", at: node)
      return []
    }
    let shownFrom = start ?? .zero
    let shownUntil = end ?? movieDuration
    if let shownUntil, let node = reader[.fadeIn] ?? reader[.fadeOut] {
      let fades = (fadeIn ?? .zero) + (fadeOut ?? .zero)
      if fades > shownUntil - shownFrom {
        problem(
          reader.path(reader.has(.fadeOut) ? .fadeOut : .fadeIn),
          "the fades (\(seconds(fades)) s) are longer than the time the layer is shown (\(seconds(shownUntil - shownFrom)) s)",
          at: node)
        return []
      }
    }
    return Self.visibilityAnimations(
      start: start, end: end, fadeIn: fadeIn, fadeOut: fadeOut, opacity: opacity,
      movieDuration: movieDuration)
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

  // MARK: Parts

  func decodeShadow(_ node: TemplateJSON, _ path: String) -> Shadow? {
    guard let reader = object(node, path, .shadow) else {
      return nil
    }
    var shadow = Shadow(opacity: 1)
    if let color = reader.get(.color, color) { shadow.color = color }
    if let opacity = reader.get(.opacity, { self.number($0, $1, in: 0...1) }) {
      shadow.opacity = opacity
    }
    if let offset = reader.get(.offset, { self.pixelPoint($0, $1) }) { shadow.offset = offset }
    if let radius = reader.get(.radius, { self.pixels($0, $1, PixelLimits.blurRadius) }) {
      shadow.radius = radius
    }
    return shadow
  }

  func decodeGradient(_ node: TemplateJSON, _ path: String) -> Gradient? {
    guard
      let reader = object(node, path, .gradient)
    else { return nil }
    let kind =
      reader.get(.kind) { self.choice($0, $1, TemplateFormat.gradientKinds) }
      .flatMap(Gradient.Kind.init(rawValue:)) ?? .axial
    var colors: [Color] = []
    if let elements = reader.get(.colors, array) {
      if elements.isEmpty {
        problem(reader.path(.colors), "needs at least one colour", at: reader[.colors])
      }
      colors = elements.enumerated().compactMap {
        color($0.element, TemplatePath.join(reader.path(.colors), $0.offset))
      }
    }
    var locations: [Double]?
    if let elements = reader.get(.locations, array) {
      locations = elements.enumerated().compactMap {
        number($0.element, TemplatePath.join(reader.path(.locations), $0.offset), in: 0...1)
      }
      if let count = locations?.count, count != elements.count || count != colors.count,
        count == elements.count
      {
        problem(
          reader.path(.locations),
          "needs one location per colour (\(colors.count)), got \(count)", at: reader[.locations])
      }
    }
    var gradient = Gradient(kind: kind, colors: colors, locations: locations)
    if let start = reader.get(.start, { self.pixelPoint($0, $1, PixelLimits.unitPoint) }) {
      gradient.startPoint = start
    }
    if let end = reader.get(.end, { self.pixelPoint($0, $1, PixelLimits.unitPoint) }) {
      gradient.endPoint = end
    }
    return gradient
  }

  private func decodeShape(_ reader: ObjectReader, into layer: inout Layer) {
    let path = reader.path
    if reader.has(.path), reader.has(.shape) {
      problem(path, "give either \"path\" or \"shape\", not both", at: reader.node)
    } else if !reader.has(.path), !reader.has(.shape) {
      problem(path, "missing required key 'path' (or 'shape')", at: reader.node)
    }
    var outline = reader.get(.path, pixelPath)
    if let shapeNode = reader[.shape] {
      outline = decodeShapeGeometry(shapeNode, reader.path(.shape))
    }
    var strokeStyle = StrokeStyle()
    var strokeColor: Color?
    if let strokeNode = reader[.stroke],
      let stroke = object(strokeNode, reader.path(.stroke), .stroke)
    {
      strokeColor = stroke.get(.color, color) ?? .black
      if let width = stroke.get(.width, { self.pixels($0, $1, PixelLimits.lineWidth) }) {
        strokeStyle.width = width
      }
      if let cap = stroke.get(.cap, { self.choice($0, $1, TemplateFormat.lineCaps) }) {
        strokeStyle.cap = LineCap(rawValue: cap) ?? .butt
      }
      if let join = stroke.get(.join, { self.choice($0, $1, TemplateFormat.lineJoins) }) {
        strokeStyle.join = LineJoin(rawValue: join) ?? .miter
      }
      if let limit = stroke.get(.miterLimit, { self.positiveNumber($0, $1) }) {
        strokeStyle.miterLimit = limit
      }
      if let dash = stroke.get(.dash, array) {
        strokeStyle.dashPattern = dash.enumerated().compactMap {
          pixels(
            $0.element, TemplatePath.join(stroke.path(.dash), $0.offset), PixelLimits.dashLength)
        }
        let total = strokeStyle.dashPattern.reduce(0, +)
        if !dash.isEmpty, strokeStyle.dashPattern.count == dash.count,
          total < PixelLimits.smallestDashPattern
        {
          problem(
            stroke.path(.dash),
            "the dashes add up to \(format(total)) px; a pattern must add up to \(format(PixelLimits.smallestDashPattern)) px or more (or leave out \"dash\" for a solid line)",
            at: stroke[.dash])
        }
      }
      if let phase = stroke.get(.dashPhase, { self.pixels($0, $1, PixelLimits.coordinate) }) {
        strokeStyle.dashPhase = phase
      }
    }
    let fill = reader.get(.fill, color) ?? (strokeColor == nil ? .black : .clear)
    let rule =
      reader.get(.fillRule) { self.choice($0, $1, TemplateFormat.fillRules) }
      .flatMap(FillRule.init(rawValue:)) ?? .nonZero
    let shaped = Layer.shape(
      outline ?? Path(), frame: layer.properties.frame, fillColor: fill,
      strokeColor: strokeColor, lineWidth: strokeStyle.width, fillRule: rule,
      strokeStyle: strokeStyle)
    layer.content = shaped.content
    layer.properties.fillColor = shaped.properties.fillColor
    layer.properties.strokeColor = shaped.properties.strokeColor
    layer.properties.lineWidth = shaped.properties.lineWidth
    if let start = reader.get(.strokeStart, { self.number($0, $1, in: 0...1) }) {
      layer.properties.strokeStart = start
    }
    if let end = reader.get(.strokeEnd, { self.number($0, $1, in: 0...1) }) {
      layer.properties.strokeEnd = end
    }
  }

  private func decodeShapeGeometry(_ node: TemplateJSON, _ path: String) -> Path? {
    guard let reader = object(node, path, .shapeGeometry) else { return nil }
    let kinds = TemplateFormat.shapeGeometries.filter { reader.has($0) }
    guard kinds.count == 1 else {
      problem(
        path,
        kinds.isEmpty
          ? "missing required key 'rect' (or 'ellipse' or 'polygon')"
          : "give only one of \"rect\", \"ellipse\" and \"polygon\"", at: node)
      return nil
    }
    if reader.has(.cornerRadius), kinds[0] != .rect {
      problem(
        reader.path(.cornerRadius), "\"cornerRadius\" only goes with \"rect\"",
        at: reader[.cornerRadius])
    }
    switch kinds[0] {
    case .rect:
      guard let box = reader.get(.rect, pixelRect) else { return nil }
      let radius = reader.get(.cornerRadius) { self.pixels($0, $1, PixelLimits.radius) } ?? 0
      return radius > 0 ? Path(roundedRect: box, cornerRadius: radius) : Path(rect: box)
    case .ellipse:
      return reader.get(.ellipse, pixelRect).map { Path(ellipseIn: $0) }
    default:
      guard let elements = reader.get(.polygon, array) else { return nil }
      guard elements.count >= 3 else {
        problem(
          reader.path(.polygon), "needs at least 3 points, got \(elements.count)",
          at: reader[.polygon])
        return nil
      }
      let points = elements.enumerated().compactMap {
        pixelPoint($0.element, TemplatePath.join(reader.path(.polygon), $0.offset))
      }
      return points.count == elements.count ? Path(polygon: points) : nil
    }
  }
}
