/// The JSON Schema of the template format. `schema/reel-template.schema.json` is this text,
/// byte for byte (a test checks).
enum TemplateSchema {
  static let text = #"""
    {}
    """#
}
