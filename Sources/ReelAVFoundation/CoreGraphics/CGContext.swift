internal import ReelCore
internal import ReelGraphics

/// A drawing destination, as CoreGraphics' `CGContext`: a bitmap of premultiplied pixels
/// drawn with cairo through Reel's `Canvas`.
///
/// A bitmap context's user space is y-up, origin at the bottom left, one unit a pixel (as on
/// Apple); a UIKit image context (`UIGraphicsBeginImageContextWithOptions`,
/// `UIGraphicsImageRenderer`) starts with a flipped, scaled `ctm` so that its space is y-down
/// in points. Path points are mapped by the `ctm` when they are added, line widths and dashes
/// when the path is stroked, as on Apple.
public final class CGContext: @unchecked Sendable {
  /// What `saveGState()` saves.
  struct GState {
    var ctm: ReelAffineTransform
    var fillColor = Color(red: 0, green: 0, blue: 0)
    var strokeColor = Color(red: 0, green: 0, blue: 0)
    var stroke = StrokeStyle(width: 1)
    var alpha = 1.0
    var antialiased = true
    var clipPaths: [ClipPath] = []
  }

  /// The pixels (y-down, as every Reel image); for a context over a caller's memory, each
  /// change is written through to that memory at once.
  var canvas: Canvas {
    didSet { callerBitmap?.store(canvas.image) }
  }
  /// The caller's memory the context draws into (`CGContext(data:…)` with a buffer), or nil.
  private(set) var callerBitmap: CallerBitmap?
  /// The current graphics state.
  var state: GState
  /// The states `saveGState()` pushed.
  private var savedStates: [GState] = []
  /// The current path, in device space (y-up pixels: already mapped by the `ctm`).
  var devicePath = CGMutablePath()

  /// A context over `canvas` whose user space starts as `ctm`.
  init(canvas: Canvas, ctm: ReelAffineTransform) {
    self.canvas = canvas
    self.state = GState(ctm: ctm)
  }

  /// A bitmap context `width` × `height` pixels, y-up: over the caller's memory when `data`
  /// is given (a locked pixel buffer's base address, say), else transparent pixels of its own.
  ///
  /// With `data`, drawing lands in that memory as on Apple: the context starts from the
  /// bytes there and writes every change back before the drawing call returns (through a
  /// picture of its own; a change the caller makes to the memory while the context lives is
  /// overwritten by the next drawing call). The layouts accepted are 8 bits a component,
  /// alpha premultiplied first or last, or skipped (`noneSkipFirst` / `noneSkipLast`: drawn
  /// as opaque), in the default (big-endian), `byteOrder32Big` or `byteOrder32Little` order:
  /// `premultipliedFirst | byteOrder32Little` is a BGRA pixel buffer,
  /// `premultipliedFirst` / `noneSkipFirst` an ARGB one. Without `data` the pixels are read
  /// back through `makeImage()`. Other layouts, an RGB-less space, a row shorter than
  /// `4 × width` or a size outside 1…32767 give nil with a warning.
  ///
  /// - Parameters:
  ///   - data: The caller's memory, `bytesPerRow × height` bytes that stay valid while the
  ///     context is used; or nil.
  ///   - width: Pixels across.
  ///   - height: Pixels down.
  ///   - bitsPerComponent: 8.
  ///   - bytesPerRow: With `data`: at least `4 × width`. Without: 0 or at least `4 × width`
  ///     (Reel chooses its own).
  ///   - space: An RGB colour space.
  ///   - bitmapInfo: A `CGImageAlphaInfo` raw value or'ed with `CGBitmapInfo` bits.
  public init?(
    data: UnsafeMutableRawPointer?, width: Int, height: Int, bitsPerComponent: Int,
    bytesPerRow: Int, space: CGColorSpace, bitmapInfo: UInt32
  ) {
    let info = CGBitmapInfo(rawValue: bitmapInfo)
    let alpha = CGImageAlphaInfo(rawValue: bitmapInfo & CGBitmapInfo.alphaInfoMask.rawValue)
    var problem: String?
    var layout: CallerBitmap.Layout?
    if bitsPerComponent != 8 || info.contains(.floatComponents) {
      problem = "only 8 bits a component are supported (got \(bitsPerComponent))"
    } else if space.numberOfComponents != 3 {
      problem = "only RGB colour spaces are supported"
    } else if data != nil {
      layout = CallerBitmap.Layout(bitmapInfo: bitmapInfo)
      if layout == nil {
        problem =
          "a caller's buffer must be 8-bit RGB with alpha premultiplied or skipped, first or last, in 32-bit big or little byte order (bitmapInfo \(bitmapInfo))"
      } else if width < 1 || height < 1 || bytesPerRow < width * 4 {
        problem =
          "bytesPerRow \(bytesPerRow) is less than 4 × width \(width) for the caller's buffer"
      }
    } else if alpha != .premultipliedFirst && alpha != .premultipliedLast {
      problem =
        "only premultiplied alpha first or last is supported (CGImageAlphaInfo raw value "
        + "\(bitmapInfo & CGBitmapInfo.alphaInfoMask.rawValue))"
    } else if bytesPerRow != 0 && bytesPerRow < width * 4 {
      problem = "bytesPerRow \(bytesPerRow) is less than 4 × width \(width)"
    }
    if let problem {
      CompatWarnings.warnOnce(
        key: "CGContext.init|\(problem)", "CGContext(data:…) returns nil: \(problem)")
      return nil
    }
    do {
      canvas = try Canvas(width: width, height: height)
    } catch {
      CompatWarnings.warnOnce(
        key: "CGContext.init|size", "CGContext(data:…) returns nil: \(error.description)")
      return nil
    }
    state = GState(ctm: .identity)
    if let data, let layout {
      let bitmap = CallerBitmap(
        base: data, width: width, height: height, bytesPerRow: bytesPerRow, layout: layout)
      canvas = (try? Canvas(image: bitmap.load())) ?? canvas
      callerBitmap = bitmap
    }
  }

  // MARK: Facts

  /// Pixels across.
  public var width: Int { canvas.image.width }
  /// Pixels down.
  public var height: Int { canvas.image.height }
  /// 8.
  public var bitsPerComponent: Int { 8 }
  /// 32.
  public var bitsPerPixel: Int { 32 }
  /// Bytes from one row of the pixels to the next (the caller's, for a context over a
  /// caller's memory).
  public var bytesPerRow: Int { callerBitmap?.bytesPerRow ?? canvas.image.bytesPerRow }
  /// The caller's memory the context draws into; nil for a context with pixels of its own.
  public var data: UnsafeMutableRawPointer? { callerBitmap?.base }
  /// Device RGB.
  public var colorSpace: CGColorSpace? { CGColorSpaceCreateDeviceRGB() }

  /// A snapshot of the pixels drawn so far (later drawing does not change it).
  public func makeImage() -> CGImage? { snapshot() }

  /// The pixels drawn so far.
  func snapshot() -> CGImage { CGImage(canvas.image) }

  // MARK: Graphics state

  /// Pushes a copy of the graphics state (transform, colours, line style, alpha, clip).
  public func saveGState() { savedStates.append(state) }

  /// Pops the state `saveGState()` pushed last; ignored when there is none.
  public func restoreGState() {
    guard let saved = savedStates.popLast() else { return }
    state = saved
  }

  /// The current transform from user space to device space (y-up pixels).
  public var ctm: CGAffineTransform { CGAffineTransform(state.ctm) }

  /// Moves user space's origin by (`tx`, `ty`) user units.
  public func translateBy(x tx: CGFloat, y ty: CGFloat) {
    state.ctm = state.ctm.translatedBy(x: Double(tx), y: Double(ty))
  }

  /// Scales user space.
  public func scaleBy(x sx: CGFloat, y sy: CGFloat) {
    state.ctm = state.ctm.scaledBy(x: Double(sx), y: Double(sy))
  }

  /// Turns user space by `angle` radians (counter-clockwise in a y-up space).
  public func rotate(by angle: CGFloat) { state.ctm = state.ctm.rotated(by: Double(angle)) }

  /// Applies `transform` before the current transform.
  public func concatenate(_ transform: CGAffineTransform) {
    state.ctm = transform.affine.concatenating(state.ctm)
  }

  /// Sets the fill colour.
  public func setFillColor(_ color: CGColor) { state.fillColor = color.color }

  /// Sets the fill colour from sRGB components, 0…1.
  public func setFillColor(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
    state.fillColor = Color(
      red: Double(red), green: Double(green), blue: Double(blue), alpha: Double(alpha))
  }

  /// Sets the fill colour to a grey.
  public func setFillColor(gray: CGFloat, alpha: CGFloat) {
    state.fillColor = Color(white: Double(gray), alpha: Double(alpha))
  }

  /// Sets the stroke colour.
  public func setStrokeColor(_ color: CGColor) { state.strokeColor = color.color }

  /// Sets the stroke colour from sRGB components, 0…1.
  public func setStrokeColor(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
    state.strokeColor = Color(
      red: Double(red), green: Double(green), blue: Double(blue), alpha: Double(alpha))
  }

  /// Sets the stroke colour to a grey.
  public func setStrokeColor(gray: CGFloat, alpha: CGFloat) {
    state.strokeColor = Color(white: Double(gray), alpha: Double(alpha))
  }

  /// Sets the line width, in user units (default 1).
  public func setLineWidth(_ width: CGFloat) { state.stroke.width = Double(width) }
  /// Sets the end caps (default `.butt`).
  public func setLineCap(_ cap: CGLineCap) { state.stroke.cap = cap.lineCap }
  /// Sets the corner joins (default `.miter`).
  public func setLineJoin(_ join: CGLineJoin) { state.stroke.join = join.lineJoin }
  /// Sets the miter limit (default 10).
  public func setMiterLimit(_ limit: CGFloat) { state.stroke.miterLimit = Double(limit) }

  /// Sets the dash pattern (dash and gap lengths in user units; empty for solid lines) and
  /// how far into it strokes start.
  public func setLineDash(phase: CGFloat, lengths: [CGFloat]) {
    state.stroke.dashPattern = lengths.map { Double($0) }
    state.stroke.dashPhase = Double(phase)
  }

  /// Sets the opacity every later drawing is multiplied by, 0…1 (default 1).
  public func setAlpha(_ alpha: CGFloat) { state.alpha = Swift.min(Swift.max(Double(alpha), 0), 1) }

  /// Turns antialiasing on or off (on by default).
  public func setShouldAntialias(_ shouldAntialias: Bool) { state.antialiased = shouldAntialias }

  /// Accepted; antialiasing follows `setShouldAntialias(_:)` alone.
  public func setAllowsAntialiasing(_ allowsAntialiasing: Bool) {}

  // MARK: Helpers

  /// Device space (y-up pixels) → the canvas's y-down pixels.
  var deviceToCanvas: ReelAffineTransform {
    ReelAffineTransform(a: 1, b: 0, c: 0, d: -1, tx: 0, ty: Double(height))
  }

  /// `color` with the state's alpha applied.
  func withAlpha(_ color: Color) -> Color {
    state.alpha >= 1
      ? color
      : Color(
        red: color.red, green: color.green, blue: color.blue, alpha: color.alpha * state.alpha)
  }

  /// Runs `body` on the canvas with the state's clip and antialiasing and `transform`.
  func draw(transform: ReelAffineTransform, _ body: (inout Canvas) -> Void) {
    canvas.transform = transform
    canvas.antialiased = state.antialiased
    canvas.clipPaths = state.clipPaths
    body(&canvas)
  }

  /// Fills `path` (device space) with the fill colour.
  func fillDevicePath(_ path: Path, rule: FillRule) {
    let color = withAlpha(state.fillColor)
    draw(transform: deviceToCanvas) { $0.fill(path, color: color, rule: rule) }
  }

  /// Strokes `path` (device space) with the stroke colour and style, the width and dashes
  /// measured in the current user space.
  func strokeDevicePath(_ path: Path) {
    guard let toUser = state.ctm.inverted() else { return }
    let color = withAlpha(state.strokeColor)
    let style = state.stroke
    let userPath = path.applying(toUser)
    draw(transform: state.ctm.concatenating(deviceToCanvas)) {
      $0.stroke(userPath, color: color, style: style)
    }
  }
}
