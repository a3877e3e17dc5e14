import CGraphics
import ReelCore

extension PangoLayoutRef {
  /// The logical rectangle of the character starting at byte `index`, in pixels, layout
  /// coordinates (its width is made positive for right-to-left characters).
  func characterBox(atByte index: Int) -> Rect {
    var position = PangoRectangle()
    pango_layout_index_to_pos(pointer, Int32(clamping: index), &position)
    var box = Self.pixels(position)
    if box.width < 0 { box = Rect(x: box.maxX, y: box.minY, width: -box.width, height: box.height) }
    return box
  }

  /// The number of the line (from 0) holding the character at byte `index`.
  func lineNumber(atByte index: Int) -> Int {
    var line: Int32 = 0
    var x: Int32 = 0
    pango_layout_index_to_line_x(pointer, Int32(clamping: index), 0, &line, &x)
    return Int(line)
  }

  /// Each line's baseline, pixels from the layout's top, top to bottom.
  var lineBaselines: [Double] {
    var baselines: [Double] = []
    forEachLine { _, baseline in baselines.append(baseline) }
    return baselines
  }

  /// The number of lines.
  var lineCount: Int { Int(pango_layout_get_line_count(pointer)) }

  /// The first line's baseline, pixels from the layout's top.
  var firstBaseline: Double { Double(pango_layout_get_baseline(pointer)) / PangoUnits.perPixel }
}
