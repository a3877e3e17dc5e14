internal import ReelCore

/// Sets an attributed string into frames of wrapped lines, as CoreText's `CTFramesetter`.
public final class CTFramesetter: @unchecked Sendable {
  let string: NSAttributedString

  init(string: NSAttributedString) { self.string = string }
}

/// Lines of text set in a rectangle, as CoreText's `CTFrame`: wrapped between words to the
/// rectangle's width, top to bottom, as many as fit its height.
public final class CTFrame: @unchecked Sendable {
  let lines: [CTLine]
  /// Each line's origin relative to the rectangle's origin, y up (CoreText's space).
  let origins: [CGPoint]
  /// The rectangle the lines are set in.
  let rect: CGRect
  let visibleRange: CFRange

  init(lines: [CTLine], origins: [CGPoint], rect: CGRect, visibleRange: CFRange) {
    self.lines = lines
    self.origins = origins
    self.rect = rect
    self.visibleRange = visibleRange
  }
}

/// A framesetter for `attrString`, as `CTFramesetterCreateWithAttributedString`.
public func CTFramesetterCreateWithAttributedString(_ attrString: CFAttributedString)
  -> CTFramesetter
{
  CTFramesetter(string: attrString.copy() as? NSAttributedString ?? attrString)
}

/// The frame of `stringRange` (length 0: to the end of the string) set in `path`, as
/// `CTFramesetterCreateFrame`: lines wrapped to the width of the path's bounding box, the
/// first line's ascent below its top, lines that do not fit its height left out (as on
/// Apple). A path that is not a rectangle is set in its bounding box (warning).
///
/// - Parameters:
///   - framesetter: The text.
///   - stringRange: The UTF-16 range of the string to set.
///   - path: The shape to set it in (a rectangle).
///   - frameAttributes: Frame attributes; none are supported (warning when given).
public func CTFramesetterCreateFrame(
  _ framesetter: CTFramesetter, _ stringRange: CFRange, _ path: CGPath,
  _ frameAttributes: CFDictionary?
) -> CTFrame {
  let rect = path.boundingBoxOfPath.isNull ? .zero : path.boundingBoxOfPath
  if path.path.elements.count > 5 {
    CompatWarnings.warnOnce(
      key: "CTFramesetterCreateFrame.path",
      "CTFramesetterCreateFrame: the path is not a rectangle; the text is set in its bounding box")
  }
  if let frameAttributes, frameAttributes.count > 0 {
    CompatWarnings.warnOnce(
      key: "CTFramesetterCreateFrame.attributes",
      "CTFramesetterCreateFrame: frame attributes are not supported and are ignored")
  }
  let whole = framesetter.string.length
  let start = min(max(stringRange.location, 0), whole)
  let length = stringRange.length <= 0 ? whole - start : min(stringRange.length, whole - start)
  let text = framesetter.string.attributedSubstring(from: NSRange(location: start, length: length))
  var lines: [CTLine] = []
  var origins: [CGPoint] = []
  for line in ctLines(text, width: Double(rect.width)) {
    guard line.shaped.baseline + line.shaped.descent <= Double(rect.height) + 0.5 else { break }
    lines.append(line)
    origins.append(CGPoint(x: 0, y: Double(rect.height) - line.shaped.baseline))
  }
  let shown = lines.last.map { $0.stringRange.location + $0.stringRange.length } ?? 0
  for line in lines { line.offsetStringRange(by: start) }
  return CTFrame(
    lines: lines, origins: origins, rect: rect,
    visibleRange: CFRange(location: start, length: shown))
}

/// The frame's lines, top to bottom, as `CTFrameGetLines`: an array of `CTLine`.
public func CTFrameGetLines(_ frame: CTFrame) -> CFArray { frame.lines as NSArray }

/// Copies the origins of the lines in `range` (length 0: to the end) to `origins`, as
/// `CTFrameGetLineOrigins`: each line's baseline origin relative to the frame rectangle's
/// origin, y up.
public func CTFrameGetLineOrigins(
  _ frame: CTFrame, _ range: CFRange, _ origins: UnsafeMutablePointer<CGPoint>
) {
  let start = min(max(range.location, 0), frame.origins.count)
  let end = range.length <= 0 ? frame.origins.count : min(start + range.length, frame.origins.count)
  for (offset, index) in (start..<max(start, end)).enumerated() {
    origins[offset] = frame.origins[index]
  }
}

/// The UTF-16 range of the string the frame shows, as `CTFrameGetVisibleStringRange`.
public func CTFrameGetVisibleStringRange(_ frame: CTFrame) -> CFRange { frame.visibleRange }

/// The frame's path: its rectangle, as `CTFrameGetPath`.
public func CTFrameGetPath(_ frame: CTFrame) -> CGPath {
  CGPath(rect: frame.rect, transform: nil)
}
