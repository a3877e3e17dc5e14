import CGraphics
import ReelCore

extension GlyphFaceTable {
  /// Reads one of pango's lines into runs; the caller holds the lock.
  func shapedLine(
    _ line: UnsafeMutablePointer<PangoLayoutLine>, spanStarts: [Int], sizes: [Double]
  ) -> ShapedLine {
    let scale = PangoUnits.perPixel
    var ink = PangoRectangle()
    var logical = PangoRectangle()
    pango_layout_line_get_extents(line, &ink, &logical)
    var runs: [ShapedGlyphRun] = []
    var penX = 0
    var node = line.pointee.runs
    while let current = node {
      defer { node = current.pointee.next }
      guard let data = current.pointee.data else { continue }
      let glyphItem = data.assumingMemoryBound(to: PangoGlyphItem.self).pointee
      guard let item = glyphItem.item, let glyphString = glyphItem.glyphs else { continue }
      let offset = Int(item.pointee.offset)
      let span = max(0, (spanStarts.lastIndex { $0 <= offset }) ?? 0)
      let size = sizes.indices.contains(span) ? sizes[span] : 12
      guard let pangoFont = item.pointee.analysis.font,
        let font = shapedFont(for: pangoFont, size: size)
      else { continue }
      var glyphs: [UInt16] = []
      var positions: [Point] = []
      var advances: [Double] = []
      let count = Int(glyphString.pointee.num_glyphs)
      for index in 0..<count {
        let info = glyphString.pointee.glyphs[index]
        let geometry = info.geometry
        defer { penX += Int(geometry.width) }
        if info.glyph == PANGO_GLYPH_EMPTY { continue }
        let id = info.glyph & PANGO_GLYPH_UNKNOWN_FLAG != 0 ? 0 : UInt16(clamping: info.glyph)
        glyphs.append(id)
        positions.append(
          Point(
            x: Double(penX + Int(geometry.x_offset)) / scale,
            y: -Double(Int(geometry.y_offset) + Int(glyphItem.y_offset)) / scale))
        advances.append(Double(geometry.width) / scale)
      }
      runs.append(
        ShapedGlyphRun(
          font: font, glyphs: glyphs, positions: positions, advances: advances,
          utf8Range: offset..<(offset + Int(item.pointee.length)), spanIndex: span))
    }
    let inkRect =
      ink.width > 0 && ink.height > 0
      ? Rect(
        x: Double(ink.x) / scale, y: -Double(ink.y + ink.height) / scale,
        width: Double(ink.width) / scale, height: Double(ink.height) / scale) : .zero
    return ShapedLine(
      runs: runs, width: Double(logical.width) / scale, ascent: -Double(logical.y) / scale,
      descent: Double(logical.y + logical.height) / scale, inkBounds: inkRect,
      utf8Range: Int(
        line.pointee.start_index)..<Int(line.pointee.start_index + line.pointee.length),
      baseline: 0)
  }
}
