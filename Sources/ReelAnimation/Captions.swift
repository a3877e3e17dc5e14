import ReelCore

/// One timed word of speech: its text and the interval it is spoken in.
public struct CaptionWord: Sendable, Hashable {
  /// The word as the speech-to-text tool gave it (a token: a word, a CJK character or
  /// several, punctuation attached).
  public var text: String
  /// When the word starts, seconds of composition time.
  public var start: Double
  /// When the word ends, seconds of composition time (≥ `start`).
  public var end: Double

  /// Makes a timed word.
  ///
  /// - Parameters:
  ///   - text: The token.
  ///   - start: Start, seconds.
  ///   - end: End, seconds (≥ `start`).
  public init(_ text: String, start: Double, end: Double) {
    self.text = text
    self.start = start
    self.end = end
  }

  /// Whether the word is being spoken at `time` (seconds): start ≤ time < end.
  public func isActive(atSeconds time: Double) -> Bool { start <= time && time < end }
}

/// The words shown together, and when: from the first word's start to the next page's start
/// (the last page: to its last word's end).
public struct CaptionPage: Sendable, Hashable {
  /// The page's words, in order (at least one).
  public var words: [CaptionWord]
  /// When the page appears, seconds.
  public var start: Double
  /// When the page goes (exclusive), seconds.
  public var end: Double

  /// Makes a page.
  public init(words: [CaptionWord], start: Double, end: Double) {
    self.words = words
    self.start = start
    self.end = end
  }

  /// Whether the page shows at `time` (seconds): start ≤ time < end.
  public func isShown(atSeconds time: Double) -> Bool { start <= time && time < end }
}

/// The rules that cut a list of words into pages: a page ends before the word that would
/// make it hold more than ``maximumWords`` words or ``maximumCharacters`` characters, that
/// follows a pause longer than ``maximumPause``, or that it would not fit (the caption's
/// line limit, asked of the text engine) — whichever comes first. A word alone always makes
/// a page.
public struct CaptionPaging: Sendable, Hashable {
  /// The most words of a page (nil: no limit).
  public var maximumWords: Int?
  /// The most characters of a page's text, spaces between words included (``CaptionText``),
  /// counted as grapheme clusters (nil: no limit).
  public var maximumCharacters: Int?
  /// The longest silence, seconds, between a word's end and the next word's start inside
  /// one page (nil: no limit).
  public var maximumPause: Double?

  /// Makes paging rules.
  public init(maximumWords: Int? = 4, maximumCharacters: Int? = nil, maximumPause: Double? = 0.6) {
    self.maximumWords = maximumWords
    self.maximumCharacters = maximumCharacters
    self.maximumPause = maximumPause
  }

  /// Cuts `words` (in time order, not overlapping) into pages.
  ///
  /// - Parameters:
  ///   - words: The timed words.
  ///   - display: How a word is shown (capitals), for counting characters.
  ///   - fits: Whether a page of these words fits the caption (its line limit); called with
  ///     two words or more.
  /// - Returns: The pages in order; each shows from its first word's start to the next
  ///   page's first word's start, the last one to its last word's end.
  public func pages(
    _ words: [CaptionWord], display: (String) -> String = { $0 },
    fits: ([CaptionWord]) -> Bool = { _ in true }
  ) -> [CaptionPage] {
    var groups: [[CaptionWord]] = []
    var current: [CaptionWord] = []
    for word in words {
      if let last = current.last, breaks(current, last: last, before: word, display, fits) {
        groups.append(current)
        current = []
      }
      current.append(word)
    }
    if !current.isEmpty { groups.append(current) }
    return groups.enumerated().map { index, group in
      let start = group[0].start
      let end =
        index + 1 < groups.count
        ? groups[index + 1][0].start : (group.map(\.end).max() ?? start)
      return CaptionPage(words: group, start: start, end: end)
    }
  }

  private func breaks(
    _ page: [CaptionWord], last: CaptionWord, before word: CaptionWord,
    _ display: (String) -> String, _ fits: ([CaptionWord]) -> Bool
  ) -> Bool {
    if let maximumWords, page.count + 1 > maximumWords { return true }
    if let maximumPause, word.start - last.end > maximumPause { return true }
    let longer = page + [word]
    if let maximumCharacters,
      CaptionText.joined(longer.map { display($0.text) }).text.count > maximumCharacters
    {
      return true
    }
    return !fits(longer)
  }
}

/// Word-level captions: pages of timed words drawn in the layer's bounds, the spoken word
/// highlighted. What is drawn is a pure function of the time (``drawing(atSeconds:size:)``),
/// so chunked renders agree. A layer carries it as ``LayerContent/kind(_:)``
/// (``Layer/captions(_:name:frame:)``); find it there with a cast:
///
///     if case .kind(let content) = layer.content, let captions = content as? CaptionsContent { … }
public struct CaptionsContent: Sendable, Hashable {
  /// The pages, in time order (``CaptionPaging/pages(_:display:fits:)``).
  public var pages: [CaptionPage]
  /// How the words look.
  public var style: CaptionStyle
  /// Where the lines sit in the layer's bounds.
  public var placement: CaptionPlacement

  /// Makes caption content.
  ///
  /// - Parameters:
  ///   - pages: The pages, in time order, not overlapping.
  ///   - style: The look of the words in each state.
  ///   - placement: Where the lines sit vertically in the bounds.
  public init(pages: [CaptionPage], style: CaptionStyle, placement: CaptionPlacement = .bottom) {
    self.pages = pages
    self.style = style
    self.placement = placement
  }

  /// The index of the page shown at `time` (seconds), nil between pages.
  public func pageIndex(atSeconds time: Double) -> Int? {
    // The last page starting at or before the time (pages are in order).
    var low = 0
    var high = pages.count
    while low < high {
      let middle = (low + high) / 2
      if pages[middle].start <= time { low = middle + 1 } else { high = middle }
    }
    guard low > 0, pages[low - 1].isShown(atSeconds: time) else { return nil }
    return low - 1
  }

  /// The pop scale of a word that became active `elapsed` seconds ago: 1 at its start,
  /// springing to the active style's scale, rounded to 1/100 so that nearby frames share a
  /// raster and a settled spring draws the same picture.
  public func popScale(elapsed: Double) -> Double {
    let target = style.active.scale
    guard target != 1, elapsed.isFinite else { return target }
    let spring = SpringAnimation<Double>(
      .opacity, from: 0, to: 1, stiffness: max(style.popStiffness, 1e-3),
      damping: max(style.popDamping, 0))
    let progress = spring.progress(atElapsed: max(elapsed, 0))
    let scale = 1 + (target - 1) * progress
    return (scale * Self.popScaleSteps).rounded() / Self.popScaleSteps
  }

  /// The steps per unit the pop scale is rounded to.
  public static let popScaleSteps = 100.0

  /// What the captions draw at `time` in bounds of `size`: the page shown, each word's
  /// state and the active word's pop; nil between pages.
  ///
  /// - Parameters:
  ///   - time: Composition time, seconds.
  ///   - size: The layer's bounds size, pixels.
  public func drawing(atSeconds time: Double, size: Size) -> CaptionsDrawing? {
    guard let index = pageIndex(atSeconds: time) else { return nil }
    let page = pages[index]
    var states: [CaptionWordState] = []
    var scale = 1.0
    for word in page.words {
      if word.isActive(atSeconds: time) {
        states.append(.active)
        scale = popScale(elapsed: time - word.start)
      } else if word.end <= time {
        states.append(.spoken)
      } else {
        states.append(.upcoming)
      }
    }
    return CaptionsDrawing(
      words: page.words.map { style.displayText($0.text) }, states: states, activeScale: scale,
      style: style, placement: placement, size: size)
  }
}

/// One caption page as drawn at one time: the only values that change its pixels, so equal
/// states (the same page, active word and pop) share a cached raster.
public struct CaptionsDrawing: Sendable, Hashable {
  /// The page's words as shown.
  public var words: [String]
  /// Each word's state.
  public var states: [CaptionWordState]
  /// The active word's size, as a multiple of the font size (1 when none is active).
  public var activeScale: Double
  /// How the words look.
  public var style: CaptionStyle
  /// Where the lines sit in the bounds.
  public var placement: CaptionPlacement
  /// The layer's bounds size: lines wrap at its width.
  public var size: Size

  /// Makes a caption drawing.
  public init(
    words: [String], states: [CaptionWordState], activeScale: Double, style: CaptionStyle,
    placement: CaptionPlacement, size: Size
  ) {
    self.words = words
    self.states = states
    self.activeScale = activeScale
    self.style = style
    self.placement = placement
    self.size = size
  }
}

extension Layer {
  /// A layer of word-level captions: its pages drawn in `frame`, the spoken word
  /// highlighted.
  ///
  /// - Parameters:
  ///   - captions: The pages and their look.
  ///   - name: A name for messages and dumps.
  ///   - frame: The caption box: lines wrap at its width and sit at its top, middle or
  ///     bottom (``CaptionsContent/placement``).
  public static func captions(_ captions: CaptionsContent, name: String? = nil, frame: Rect)
    -> Layer
  {
    Layer(name: name, properties: LayerProperties(frame: frame), content: .kind(captions))
  }
}

/// Captions take the open layer-kind route: ``LayerContent/kind(_:)`` carries the content and
/// ``Drawing/kind(_:)`` its drawing; Reel draws it (`Rendering/Kinds/CaptionsKind.swift`).
extension CaptionsContent: LayerContentKind {
  public static let kindName = "captions"

  /// Drawn upright in a mirrored space, as text is.
  public var staysUpright: Bool { true }

  /// The page shown at `time` in the layer's bounds (``drawing(atSeconds:size:)``).
  public func drawing(with properties: LayerProperties, atSeconds time: Double)
    -> CaptionsDrawing?
  {
    drawing(atSeconds: time, size: properties.bounds.size)
  }
}

extension CaptionsDrawing: LayerDrawing {
  public static let kindName = CaptionsContent.kindName

  public var dumpDescription: String {
    "\"\(words.joined(separator: " "))\" active=\(states.firstIndex(of: .active).map { String($0) } ?? "none") scale=\(readable(activeScale)) \(readable(size))"
  }

  public var coveredSize: Size? { size }
}
