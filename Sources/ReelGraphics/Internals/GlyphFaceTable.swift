import CGraphics
import ReelCore

/// The HarfBuzz faces of the fonts pango has shaped with, each referenced (owned) once and
/// known by an index, so a glyph's outline can be read after the pango font is gone.
///
/// Used only while holding ``FontLibrary``'s lock: that lock is what makes the
/// `@unchecked Sendable` sound.
final class GlyphFaceTable: @unchecked Sendable {
  private struct Face {
    /// The HarfBuzz face (`hb_face_t *`), referenced.
    var face: OpaquePointer
    /// A font over it at its own units per em, owned.
    var font: OpaquePointer
    var unitsPerEm: Double
    /// Whether the face draws glyphs as PNG bitmaps (colour emoji).
    var hasBitmaps: Bool
    var family: String
    var postScriptName: String
    var fullName: String
  }

  private var faces: [Face] = []
  /// Face pointer → index in `faces`.
  private var indexByFace: [OpaquePointer: Int] = [:]
  /// Draw callbacks into a ``GlyphPathBuilder`` (owned).
  private let drawFuncs: OpaquePointer? = GlyphFaceTable.makeDrawFuncs()

  deinit {
    for face in faces {
      hb_font_destroy(face.font)
      hb_face_destroy(face.face)
    }
    if let drawFuncs { hb_draw_funcs_destroy(drawFuncs) }
  }

  /// The shaped font for a pango font at `size` points; the caller holds the lock.
  func shapedFont(for pangoFont: UnsafeMutablePointer<PangoFont>, size: Double) -> ShapedFont? {
    guard let hbFont = pango_font_get_hb_font(pangoFont), let hbFace = hb_font_get_face(hbFont)
    else { return nil }
    let index: Int
    if let known = indexByFace[hbFace] {
      index = known
    } else {
      guard let referenced = hb_face_reference(hbFace), let font = hb_font_create(referenced)
      else { return nil }
      let upem = hb_face_get_upem(referenced)
      hb_font_set_scale(font, Int32(upem), Int32(upem))
      var family = ""
      if let description = pango_font_describe(pangoFont) {
        if let name = pango_font_description_get_family(description) {
          family = String(cString: name)
        }
        pango_font_description_free(description)
      }
      let postScript = Self.name(referenced, hb_ot_name_id_t(HB_OT_NAME_ID_POSTSCRIPT_NAME))
      faces.append(
        Face(
          face: referenced, font: font, unitsPerEm: Double(max(upem, 1)),
          hasBitmaps: hb_ot_color_has_png(referenced) != 0,
          family: Self.name(referenced, hb_ot_name_id_t(HB_OT_NAME_ID_FONT_FAMILY)).isEmpty
            ? family : Self.name(referenced, hb_ot_name_id_t(HB_OT_NAME_ID_FONT_FAMILY)),
          postScriptName: postScript,
          fullName: Self.name(referenced, hb_ot_name_id_t(HB_OT_NAME_ID_FULL_NAME))))
      index = faces.count - 1
      indexByFace[hbFace] = index
    }
    let face = faces[index]
    return ShapedFont(
      family: face.family, postScriptName: face.postScriptName, fullName: face.fullName,
      size: size, faceID: index)
  }

  /// The outline of `glyph` at `size` points, y up; the caller holds the lock.
  func outline(of glyph: UInt16, faceID: Int, size: Double) -> Path? {
    guard faces.indices.contains(faceID), let drawFuncs else { return nil }
    let face = faces[faceID]
    guard UInt32(glyph) < hb_face_get_glyph_count(face.face) else { return nil }
    let builder = GlyphPathBuilder(scale: size / face.unitsPerEm)
    withExtendedLifetime(builder) {
      hb_font_get_glyph_shape(
        face.font, hb_codepoint_t(glyph), drawFuncs, Unmanaged.passUnretained(builder).toOpaque())
    }
    if builder.path.isEmpty, face.hasBitmaps { return nil }
    return builder.path
  }

  /// An OpenType name of `face` in any language, or "".
  private static func name(_ face: OpaquePointer, _ id: hb_ot_name_id_t) -> String {
    var length: UInt32 = 256
    var buffer = [CChar](repeating: 0, count: 257)
    let written = hb_ot_name_get_utf8(face, id, hb_language_get_default(), &length, &buffer)
    if written == 0 {
      length = 256
      guard hb_ot_name_get_utf8(face, id, nil, &length, &buffer) > 0 else { return "" }
    }
    return String(decoding: buffer.prefix(Int(length)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  private static func makeDrawFuncs() -> OpaquePointer? {
    guard let funcs = hb_draw_funcs_create() else { return nil }
    hb_draw_funcs_set_move_to_func(
      funcs,
      { _, data, _, x, y, _ in
        guard let data else { return }
        let b = Unmanaged<GlyphPathBuilder>.fromOpaque(data).takeUnretainedValue()
        b.path.move(to: b.point(x, y))
      }, nil, nil)
    hb_draw_funcs_set_line_to_func(
      funcs,
      { _, data, _, x, y, _ in
        guard let data else { return }
        let b = Unmanaged<GlyphPathBuilder>.fromOpaque(data).takeUnretainedValue()
        b.path.addLine(to: b.point(x, y))
      }, nil, nil)
    hb_draw_funcs_set_quadratic_to_func(
      funcs,
      { _, data, _, cx, cy, x, y, _ in
        guard let data else { return }
        let b = Unmanaged<GlyphPathBuilder>.fromOpaque(data).takeUnretainedValue()
        b.path.addQuadCurve(to: b.point(x, y), control: b.point(cx, cy))
      }, nil, nil)
    hb_draw_funcs_set_cubic_to_func(
      funcs,
      { _, data, _, c1x, c1y, c2x, c2y, x, y, _ in
        guard let data else { return }
        let b = Unmanaged<GlyphPathBuilder>.fromOpaque(data).takeUnretainedValue()
        b.path.addCurve(to: b.point(x, y), control1: b.point(c1x, c1y), control2: b.point(c2x, c2y))
      }, nil, nil)
    hb_draw_funcs_set_close_path_func(
      funcs,
      { _, data, _, _ in
        guard let data else { return }
        Unmanaged<GlyphPathBuilder>.fromOpaque(data).takeUnretainedValue().path.closeSubpath()
      }, nil, nil)
    hb_draw_funcs_make_immutable(funcs)
    return funcs
  }
}

/// Collects HarfBuzz's drawing calls (font units, y up) into a path in points.
final class GlyphPathBuilder {
  var path = Path()
  let scale: Double

  init(scale: Double) { self.scale = scale }

  func point(_ x: Float, _ y: Float) -> Point { Point(x: Double(x) * scale, y: Double(y) * scale) }
}
