import Reel
import ReelFilters

/// The format of a `filters` step, derived from the filter catalog: a step's `type` is a
/// filter's template name (``FilterDescriptor/name``, `sepiaTone`) and its other keys are that
/// filter's parameters by their template names (``FilterParameter/name``, `intensity`), with
/// the catalog's defaults and ranges; or the `lut` step, which reads a `.cube` file. Nothing
/// here lists a filter: a filter added to the catalog is a template filter.
enum TemplateFilterFormat {
  /// The name of a step's definition in the JSON Schema.
  static let schemaName = "filterStep"
  /// The `type` of the step that maps colours through a `.cube` file.
  static let lutType = "lut"
  /// The `lut` step's keys besides `type`.
  static let lutKeys: [TemplateKey] = [.file, .intensity]
  /// The range of the `lut` step's `intensity` (0: the picture, 1: the table's colours).
  static let lutIntensityRange: ClosedRange<Double> = 0...1

  /// The filters a step can name: those that take one image (`inputImage`) and parameters a
  /// template can write (numbers, colours, vectors, points, rectangles). Compositing filters
  /// and transitions (a second image), generators (no image) and filters fed a table or a
  /// colour space (`colorCube`: the `lut` step reads tables) are not steps.
  static let filters: [FilterDescriptor] = FilterCatalog.all.filter(isStep)

  /// Whether `descriptor` can be a step.
  static func isStep(_ descriptor: FilterDescriptor) -> Bool {
    guard descriptor.parameters.first?.kind == .image else { return false }
    return descriptor.parameters.dropFirst().allSatisfy { isWritable($0.kind) }
  }

  /// Whether a template can write a value of `kind`.
  static func isWritable(_ kind: FilterValueKind) -> Bool {
    switch kind {
    case .number, .vector, .point, .rectangle, .color, .choice: true
    case .image, .transform, .data, .floatData, .colorSpace: false
    }
  }

  /// The catalog's transitions a clip's `transition` may name (`dissolveTransition`, …): the
  /// filters of the `.transition` category that take `inputImage`, `inputTargetImage` and
  /// `inputTime`; their other parameters take their defaults.
  static let transitions: [FilterDescriptor] = FilterCatalog.all.filter { descriptor in
    descriptor.categories.contains(.transition)
      && ["inputImage", "inputTargetImage", "inputTime"].allSatisfy {
        descriptor.parameter(forKey: $0) != nil
      }
  }

  /// The keys a transition's `parameters` may not set: the two pictures and the progress,
  /// which the clip sequence gives.
  static let transitionInputKeys = ["inputImage", "inputTargetImage", "inputTime"]

  /// The parameters a clip's transition may set in `parameters`: all but the two pictures
  /// and the progress, of the kinds a template can write.
  static func transitionParameters(of descriptor: FilterDescriptor) -> [FilterParameter] {
    descriptor.parameters.filter {
      !transitionInputKeys.contains($0.key) && isWritable($0.kind)
    }
  }

  /// How a transition's `parameters` are written: an object of parameter values by name.
  static let transitionParametersValue = TemplateValue.map(
    .oneOf([.anyNumber, .named(.color), .array(.anyNumber)]), namePattern: "^[A-Za-z]+$")

  /// The transitions' template names.
  static let transitionNames: [String] = transitions.map(\.name)

  /// Every `type` a step may have, in the catalog's order, `lut` last.
  static let typeNames: [String] = filters.map(\.name) + [lutType]

  /// The filter a step's `type` names (nil for `lut` and for names that are no step).
  static func filter(named name: String) -> FilterDescriptor? {
    filters.first { $0.name == name }
  }

  /// The parameters a step writes (all but the input image).
  static func parameters(of descriptor: FilterDescriptor) -> [FilterParameter] {
    Array(descriptor.parameters.dropFirst())
  }

  /// How a template writes a value of `kind`.
  static func value(of kind: FilterValueKind) -> TemplateValue {
    switch kind {
    case .number(_, let range): .number(.within(range))
    case .vector(let defaults):
      .tuple(Array(repeating: .anyNumber, count: max(defaults.count, 1)))
    case .point: .named(.point)
    case .rectangle: .named(.rect)
    case .color: .named(.color)
    case .choice(_, let choices): .choice(choices)
    case .image, .transform, .data, .floatData, .colorSpace: .string
    }
  }

  /// How animations name a step's number: `filters.<type>.<parameter>` when one step has
  /// that type, `filters[<index>].<parameter>` always.
  static func animationNames(type: String, index: Int, parameter: String, typeIsUnique: Bool)
    -> [String]
  {
    let byIndex = "\(TemplateKey.filters.rawValue)[\(index)].\(parameter)"
    return typeIsUnique
      ? ["\(TemplateKey.filters.rawValue).\(type).\(parameter)", byIndex] : [byIndex]
  }

  /// The form of an animation's `property` that names a filter parameter (the schema's
  /// pattern; ``animationNames(type:index:parameter:typeIsUnique:)`` makes such names and the
  /// describer checks them against the steps).
  static let animationPropertyPattern =
    "^\(TemplateKey.filters.rawValue)(\\.[A-Za-z][A-Za-z0-9]*|\\[[0-9]+\\])\\.[A-Za-z][A-Za-z0-9]*$"

  /// Whether an animation's `property` names a filter parameter.
  static func isFilterProperty(_ name: String) -> Bool {
    name.hasPrefix(TemplateKey.filters.rawValue + ".")
      || name.hasPrefix(TemplateKey.filters.rawValue + "[")
  }

  /// The JSON Schema of a step: one form per type.
  static var schema: [(String, JSONValue)] {
    var forms: [JSONValue] = filters.map { descriptor in
      var properties: [(String, JSONValue)] = [
        (TemplateKey.type.rawValue, .object([("const", .string(descriptor.name))]))
      ]
      for parameter in parameters(of: descriptor) {
        var members = TemplateSchemaGenerator.schema(of: value(of: parameter.kind))
        members.append(("description", .string(parameter.summary)))
        properties.append((parameter.name, .object(members)))
      }
      return .object([
        ("type", .string("object")), ("description", .string(descriptor.summary)),
        ("properties", .object(properties)),
        ("required", .array([.string(TemplateKey.type.rawValue)])),
        ("additionalProperties", .bool(false)),
      ])
    }
    forms.append(
      .object([
        ("type", .string("object")),
        (
          "description",
          .string(
            "Maps colours through a lookup table (3D, or 1D per channel) read from a .cube file.")
        ),
        (
          "properties",
          .object([
            (TemplateKey.type.rawValue, .object([("const", .string(lutType))])),
            (
              TemplateKey.file.rawValue,
              .object([
                ("type", .string("string")), ("minLength", .number(1)),
                ("description", .string("the .cube file, relative to the template")),
              ])
            ),
            (
              TemplateKey.intensity.rawValue,
              .object(
                TemplateSchemaGenerator.schema(of: .number(.within(lutIntensityRange))) + [
                  (
                    "description",
                    .string("0 keeps the picture, 1 (the default) is the table's colours")
                  )
                ])
            ),
          ])
        ),
        (
          "required",
          .array([.string(TemplateKey.type.rawValue), .string(TemplateKey.file.rawValue)])
        ),
        ("additionalProperties", .bool(false)),
      ]))
    return [("oneOf", .array(forms))]
  }
}
