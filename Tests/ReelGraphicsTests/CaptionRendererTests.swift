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
}
