import ReelCore
import ReelGraphics
import Testing

/// Caption pages laid out and drawn by the text engine: word boxes, whole tokens, the
/// active word's colour in its box and nowhere else, the pop, the pill.
@Suite struct CaptionRendererTests {
  private static let red = Color(red: 1, green: 0, blue: 0)

  private func style(active: CaptionWordStyle? = nil) -> CaptionStyle {
    CaptionStyle(
      text: TextStyle(fontSize: 40, weight: 700, alignment: .center),
      spoken: CaptionWordStyle(color: .white),
      active: active ?? CaptionWordStyle(color: Self.red),
      upcoming: CaptionWordStyle(color: .white))
  }

  @Test func wordBoxesFollowTheTextLeftToRight() throws {
    let layout = try CaptionRenderer.layOut(
      ["one", "two", "three"], style: style(), placement: .top,
      size: Size(width: 600, height: 200))
    #expect(layout.lineCount == 1)
    #expect(layout.wordLines == [0, 0, 0])
    for (left, right) in zip(layout.wordBoxes, layout.wordBoxes.dropFirst()) {
      #expect(left.maxX < right.minX)
      #expect(left.minY == right.minY)
    }
    // Centred: as much room on the left of the line as on its right.
    let line = layout.wordBoxes[0].union(layout.wordBoxes[2])
    #expect(abs(line.minX - (600 - line.maxX)) < 1)
  }

  @Test func placementMovesTheLinesInTheBox() throws {
    let size = Size(width: 600, height: 300)
    let top = try CaptionRenderer.layOut(["word"], style: style(), placement: .top, size: size)
    let bottom = try CaptionRenderer.layOut(
      ["word"], style: style(), placement: .bottom, size: size)
    let middle = try CaptionRenderer.layOut(
      ["word"], style: style(), placement: .middle, size: size)
    #expect(top.bounds.minY == 0)
    #expect(abs(bottom.bounds.maxY - 300) < 0.01)
    #expect(abs(middle.bounds.midY - 150) < 0.01)
  }

  @Test func cjkTokensStayWholeWhenLinesBreak() throws {
    // Six two-character tokens in a box about five characters wide: pango may break between
    // any two Han characters, but not inside a token.
    let words = ["你好", "世界", "我们", "一起", "说话", "了吗"]
    let layout = try CaptionRenderer.layOut(
      words, style: style(), placement: .top, size: Size(width: 210, height: 400))
    #expect(layout.lineCount >= 2)
    for box in layout.wordBoxes {
      // One line tall, two characters wide.
      #expect(box.height < 60)
      #expect(box.width > 60)
    }
  }

  @Test func theActiveWordIsDrawnInItsColourInsideItsBoxOnly() throws {
    let words = ["one", "two", "three"]
    let size = Size(width: 600, height: 100)
    let rendered = try CaptionRenderer.render(
      words, states: [.spoken, .active, .upcoming], activeScale: 1, style: style(),
      placement: .top, size: size)
    #expect(rendered.image.width > 0)
    var redInside = 0
    var redOutside = 0
    var whiteInside = [0, 0, 0]
    let boxes = rendered.layout.wordBoxes
    for y in 0..<rendered.image.height {
      for x in 0..<rendered.image.width {
        let pixel = rendered.image[x: x, y: y]
        let point = Point(
          x: Double(x) + rendered.origin.x + 0.5, y: Double(y) + rendered.origin.y + 0.5)
        let isRed = pixel.red > 200 && pixel.green < 40 && pixel.blue < 40 && pixel.alpha > 200
        let isWhite = pixel.red > 200 && pixel.green > 200 && pixel.blue > 200
        if isRed {
          if boxes[1].contains(point) { redInside += 1 } else { redOutside += 1 }
        }
        for index in boxes.indices where isWhite && boxes[index].contains(point) {
          whiteInside[index] += 1
        }
      }
    }
    #expect(redInside > 100)
    #expect(redOutside == 0)
    #expect(whiteInside[0] > 100 && whiteInside[2] > 100 && whiteInside[1] == 0)
  }

  @Test func thePopDrawsTheActiveWordLargerAboutItsCentre() throws {
    let words = ["pop"]
    let size = Size(width: 400, height: 100)
    let plain = try CaptionRenderer.render(
      words, states: [.active], activeScale: 1, style: style(), placement: .top, size: size)
    let popped = try CaptionRenderer.render(
      words, states: [.active], activeScale: 1.5, style: style(), placement: .top, size: size)
    let ratio = Double(popped.image.width) / Double(plain.image.width)
    #expect(ratio > 1.4 && ratio < 1.6)
    let plainCentre = plain.origin.x + Double(plain.image.width) / 2
    let poppedCentre = popped.origin.x + Double(popped.image.width) / 2
    #expect(abs(plainCentre - poppedCentre) < 2)
  }

  @Test func thePillCoversTheWordBoxAndItsPadding() throws {
    let pill = CaptionWordStyle(
      color: .white, background: TextBackground(color: Self.red, padding: 10, cornerRadius: 0))
    let rendered = try CaptionRenderer.render(
      ["a", "pill"], states: [.upcoming, .active], activeScale: 1, style: style(active: pill),
      placement: .top, size: Size(width: 400, height: 100))
    let box = rendered.layout.wordBoxes[1]
    // Just inside the padded box's left edge, level with the word's middle: the pill's red.
    let x = Int((box.minX - 8 - rendered.origin.x).rounded(.down))
    let y = Int((box.midY - rendered.origin.y).rounded(.down))
    let pixel = rendered.image[x: x, y: y]
    #expect(pixel.red > 250 && pixel.green < 5 && pixel.blue < 5)
  }

  /// Pixels a caption style of white and red never makes: coloured, and neither grey nor
  /// pure red (antialiased white is grey, antialiased red has no green or blue).
  private static func isForeign(_ pixel: BGRA) -> Bool {
    let high = max(pixel.red, pixel.green, pixel.blue)
    let low = min(pixel.red, pixel.green, pixel.blue)
    return pixel.alpha > 200 && Int(high) - Int(low) > 48 && max(pixel.green, pixel.blue) > 48
  }

  @Test func anEmojiWordIsDrawnInItsOwnColoursAndItsNeighboursKeepTheirStyle() throws {
    // DejaVu Sans has no 🎉 (U+1F389) and a monochrome 😀 (U+1F600): both come from the
    // caption's colour emoji fallback (Noto Color Emoji, installed by
    // scripts/install-deps.sh), in their own colours.
    var captionStyle = style()
    captionStyle.text.fontFamily = "DejaVu Sans"
    let rendered = try CaptionRenderer.render(
      ["yes", "🎉", "😀", "now"], states: [.spoken, .spoken, .upcoming, .active],
      activeScale: 1, style: captionStyle, placement: .top, size: Size(width: 320, height: 100))
    #expect(rendered.unknownGlyphCount == 0)
    let boxes = rendered.layout.wordBoxes
    var foreign = [0, 0, 0, 0]
    var foreignOutside = 0
    var white = [0, 0, 0, 0]
    var red = [0, 0, 0, 0]
    for y in 0..<rendered.image.height {
      for x in 0..<rendered.image.width {
        let pixel = rendered.image[x: x, y: y]
        let point = Point(
          x: Double(x) + rendered.origin.x + 0.5, y: Double(y) + rendered.origin.y + 0.5)
        let owner = boxes.indices.first { boxes[$0].insetBy(dx: -2, dy: -2).contains(point) }
        let isWhite = pixel.alpha > 200 && min(pixel.red, pixel.green, pixel.blue) > 200
        let isRed = pixel.alpha > 200 && pixel.red > 200 && max(pixel.green, pixel.blue) < 40
        guard let owner else {
          if Self.isForeign(pixel) { foreignOutside += 1 }
          continue
        }
        if Self.isForeign(pixel) { foreign[owner] += 1 }
        if isWhite { white[owner] += 1 }
        if isRed { red[owner] += 1 }
      }
    }
    // The emoji's colours, in their boxes only.
    #expect(foreign[1] > 200 && foreign[2] > 200)
    #expect(foreign[0] == 0 && foreign[3] == 0 && foreignOutside == 0)
    // The spoken word before them still white, the active word after them still red.
    #expect(white[0] > 100 && red[0] == 0)
    #expect(red[3] > 100 && white[3] == 0)
  }

  @Test func aWordWiderThanTheBoxIsAloneOnItsLineShrunkToItsWidth() throws {
    let words = ["so", "Pneumonoultramicroscopic", "big"]
    let size = Size(width: 240, height: 200)
    let layout = try CaptionRenderer.layOut(
      words, style: style(), placement: .top, size: size)
    // At 40 px bold the long word is about twice the box's width: never broken inside, it
    // takes a line of its own at the size that fits the width.
    #expect(layout.wordLines == [0, 1, 2])
    #expect(layout.lineCount == 3)
    #expect(layout.wordScales[0] == 1 && layout.wordScales[2] == 1)
    #expect(layout.wordScales[1] > 0.3 && layout.wordScales[1] < 0.7)
    let box = layout.wordBoxes[1]
    #expect(box.minX >= 0 && box.maxX <= 240 && box.width > 236)
    #expect(box.height < layout.wordBoxes[0].height)

    // Drawn (active, so in red): its ink spans the box's width and stays inside it.
    let rendered = try CaptionRenderer.render(
      words, states: [.spoken, .active, .upcoming], activeScale: 1, style: style(),
      placement: .top, size: size)
    var minX = Double.infinity
    var maxX = -Double.infinity
    for y in 0..<rendered.image.height {
      for x in 0..<rendered.image.width {
        let pixel = rendered.image[x: x, y: y]
        guard pixel.alpha > 100, pixel.red > 100, max(pixel.green, pixel.blue) < 60 else {
          continue
        }
        minX = min(minX, Double(x) + rendered.origin.x)
        maxX = max(maxX, Double(x) + 1 + rendered.origin.x)
      }
    }
    #expect(minX >= -1 && maxX <= 241)
    #expect(maxX - minX > 220)
  }
}
