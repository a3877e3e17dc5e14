import ReelCore

/// Every filter Reel has, in one list: the Apple layer's `CIFilter(name:)`,
/// `filterNames(inCategory:)`, the template format and the docs read it.
public enum FilterCatalog {
  /// All filters, grouped by family.
  public static let all: [FilterDescriptor] =
    ColorAdjustmentFilters.all + ColorEffectFilters.all + ColorCubeFilters.all + BlurFilters.all
    + CompositingFilters.all + GeometryFilters.all + GeneratorFilters.all + TransitionFilters.all
    + MoreBlurFilters.all + SharpenFilters.all + StylizeFilters.all + CellStylizeFilters.all
    + ToneStylizeFilters.all + PerspectiveFilters.all + LookFilters.all + VignetteFilters.all
    + BlendModeFilters.all + SwipeTransitionFilters.all + QRCodeFilters.all

  private static let byCoreImageName = Dictionary(
    all.map { ($0.coreImageName, $0) }, uniquingKeysWith: { first, _ in first })
  private static let byName = Dictionary(
    all.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })

  /// The filter Core Image calls `name` (`CISepiaTone`), or `nil`.
  public static func filter(coreImageName name: String) -> FilterDescriptor? {
    byCoreImageName[name]
  }

  /// The filter templates call `name` (`sepiaTone`).
  ///
  /// - Throws: ``FilterError/unknownFilter(name:suggestion:)`` with the nearest name.
  public static func filter(named name: String) throws(FilterError) -> FilterDescriptor {
    if let descriptor = byName[name] { return descriptor }
    throw .unknownFilter(
      name: name, suggestion: Suggestion.nearest(to: name, among: all.map(\.name)))
  }

  /// Core Image names of the filters in every one of `categories`, sorted.
  public static func coreImageNames(inCategories categories: [FilterCategory]) -> [String] {
    all.filter { descriptor in categories.allSatisfy(descriptor.categories.contains) }
      .map(\.coreImageName).sorted()
  }
}
