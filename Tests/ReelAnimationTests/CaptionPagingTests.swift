import ReelAnimation
import ReelCore
import Testing

/// Caption pages: where the rules cut, when pages show, which word is active.
@Suite struct CaptionPagingTests {
  /// Words of 0.3 s each, back to back from `start`, with the given texts.
  private func words(_ texts: [String], start: Double = 0, length: Double = 0.3) -> [CaptionWord] {
    texts.enumerated().map {
      CaptionWord(
        $0.element, start: start + Double($0.offset) * length,
        end: start + Double($0.offset + 1) * length)
    }
  }

  @Test func pagesHoldAtMostTheWordCount() {
    let paging = CaptionPaging(maximumWords: 3, maximumCharacters: nil, maximumPause: nil)
    let pages = paging.pages(words(["a", "b", "c", "d", "e", "f", "g"]))
    #expect(pages.map { $0.words.map(\.text) } == [["a", "b", "c"], ["d", "e", "f"], ["g"]])
    // Each page shows from its first word to the next page's first word; the last to its
    // last word's end.
    #expect(pages.map(\.start) == [0, 0.8999999999999999, 1.7999999999999998])
    #expect(pages.map(\.end) == [pages[1].start, pages[2].start, 2.1])
  }

  @Test func aLongPauseStartsAPage() {
    let first = words(["one", "two"])
    let second = words(["three", "four"], start: 1.6)
    let paging = CaptionPaging(maximumWords: 10, maximumCharacters: nil, maximumPause: 0.5)
    let pages = paging.pages(first + second)
    #expect(pages.map { $0.words.map(\.text) } == [["one", "two"], ["three", "four"]])
    // The first page lasts until the next starts, through the silence.
    #expect(pages[0].end == 1.6)
    // A pause of exactly the limit does not cut.
    let exact = CaptionPaging(maximumWords: 10, maximumCharacters: nil, maximumPause: 1.0)
    #expect(exact.pages(first + second).count == 1)
  }

  @Test func characterCountIncludesSpacesAndCapitals() {
    let paging = CaptionPaging(maximumWords: nil, maximumCharacters: 9, maximumPause: nil)
    // "ab cd ef" is 8 characters; "ab cd ef gh" 11.
    let pages = paging.pages(words(["ab", "cd", "ef", "gh"]))
    #expect(pages.map { $0.words.count } == [3, 1])
    // CJK tokens join without spaces: 4 tokens of 2 characters make 8 characters.
    let cjk = paging.pages(words(["你好", "世界", "我们", "来了", "是吗"]))
    #expect(cjk.map { $0.words.count } == [4, 1])
  }

  @Test func aPageThatWouldNotFitEndsEarlier() {
    let paging = CaptionPaging(maximumWords: 10, maximumCharacters: nil, maximumPause: nil)
    let pages = paging.pages(words(["a", "b", "c", "d", "e"]), fits: { $0.count <= 2 })
    #expect(pages.map { $0.words.count } == [2, 2, 1])
  }

  @Test func theActiveWordIsTheOneWhoseIntervalHoldsTheTime() throws {
    let list = words(["one", "two", "three"]) + words(["four"], start: 2)
    let content = CaptionsContent(
      pages: CaptionPaging(maximumWords: 3, maximumCharacters: nil, maximumPause: nil).pages(list),
      style: CaptionStyle())
    let size = Size(width: 400, height: 200)
    let atStart = try #require(content.drawing(atSeconds: 0, size: size))
    #expect(atStart.states == [.active, .upcoming, .upcoming])
    let middle = try #require(content.drawing(atSeconds: 0.3, size: size))
    #expect(middle.states == [.spoken, .active, .upcoming])
    // After the last word of a page, before the next page: all spoken, none active.
    let gap = try #require(content.drawing(atSeconds: 1.5, size: size))
    #expect(gap.states == [.spoken, .spoken, .spoken])
    #expect(gap.activeScale == 1)
    #expect(content.drawing(atSeconds: 2.1, size: size)?.words == ["four"])
    #expect(content.drawing(atSeconds: 2.3, size: size) == nil)
    #expect(content.drawing(atSeconds: -0.1, size: size) == nil)
    #expect(content.pageIndex(atSeconds: 1.99) == 0)
    #expect(content.pageIndex(atSeconds: 2) == 1)
  }

  @Test func thePopSpringsFromOneToTheScaleAndSettles() {
    var style = CaptionStyle()
    style.active.scale = 1.2
    let content = CaptionsContent(pages: [], style: style)
    #expect(content.popScale(elapsed: 0) == 1)
    // Under-damped by default: it overshoots, then settles on the scale exactly.
    let samples = stride(from: 0.0, through: 1.0, by: 1.0 / 60).map {
      content.popScale(elapsed: $0)
    }
    #expect(samples.max()! > 1.2)
    #expect(content.popScale(elapsed: 1) == 1.2)
    #expect(content.popScale(elapsed: 5) == 1.2)
    // Quantised to 1/100: nearby frames share a raster.
    #expect(samples.allSatisfy { abs($0 * 100 - ($0 * 100).rounded()) < 1e-9 })
    // No pop: always the scale.
    #expect(CaptionsContent(pages: [], style: CaptionStyle()).popScale(elapsed: 0.01) == 1)
  }

  @Test func spacesGoBetweenWordsButNotBetweenCJKTokens() {
    #expect(CaptionText.joined([" Hello", " world."]).text == "Hello world.")
    #expect(CaptionText.joined(["你好", "世界", "，", "Reel", "来了"]).text == "你好世界，Reel 来了")
    let joined = CaptionText.joined(["ab", "你"])
    #expect(joined.ranges == [0..<2, 3..<6])
  }
}
