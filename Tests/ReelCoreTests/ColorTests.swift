import Foundation
import Testing

@testable import ReelCore

private func parse(_ literal: String) throws -> Color {
  try Color(parsing: literal)
}

/// The message of the error `literal` throws, or nil when it parses.
private func message(_ literal: String) -> String? {
  do {
    _ = try Color(parsing: literal)
    return nil
  } catch {
    return error.description
  }
}

private func reason(_ literal: String) -> ColorParseError.Reason? {
  do {
    _ = try Color(parsing: literal)
    return nil
  } catch {
    return error.reason
  }
}

private func bytes(_ r: Int, _ g: Int, _ b: Int, _ a: Int = 255) -> Color {
  Color(red: Double(r) / 255, green: Double(g) / 255, blue: Double(b) / 255, alpha: Double(a) / 255)
}

@Suite struct ColorTests {
  @Test func hexSyntaxes() throws {
    #expect(try parse("#FF8000") == bytes(255, 128, 0))
    #expect(try parse("#ff8000") == bytes(255, 128, 0))
    #expect(try parse("#Ff8000") == bytes(255, 128, 0))
    #expect(try parse("#FF800080") == bytes(255, 128, 0, 128))
    #expect(try parse("#F80") == bytes(255, 136, 0))
    #expect(try parse("#f808") == bytes(255, 136, 0, 136))
    #expect(try parse("#000") == .black)
    #expect(try parse("#0000") == .clear)
    #expect(try parse("  #123456\n\t") == bytes(0x12, 0x34, 0x56))
    let c = try parse("#FF800080")
    #expect(c.red == 1 && c.green == 128.0 / 255 && c.blue == 0 && c.alpha == 128.0 / 255)
  }

  @Test func functionalSyntaxes() throws {
    #expect(try parse("rgb(255, 128, 0)") == bytes(255, 128, 0))
    #expect(try parse("rgb(255,128,0)") == bytes(255, 128, 0))
    #expect(try parse("RGB( 1 , 2 , 3 )") == bytes(1, 2, 3))
    #expect(
      try parse("rgba(255, 128, 0, 0.5)") == Color(red: 1, green: 128.0 / 255, blue: 0, alpha: 0.5))
    #expect(try parse("rgba(0,0,0,.25)").alpha == 0.25)
    #expect(try parse("rgba(0, 0, 0, 1)").alpha == 1)
    #expect(try parse("rgba(0, 0, 0, 1.0)").alpha == 1)
    #expect(try parse("rgba(0, 0, 0, 0)").alpha == 0)
    #expect(try parse(" rgba(10, 20, 30, 0.) ") == bytes(10, 20, 30, 0))
  }

  @Test func cssNames() throws {
    let names = Color.namedColors
    #expect(names.count == 148)
    // 148 names, 139 colours: 7 gray/grey pairs, aqua = cyan, fuchsia = magenta.
    #expect(Set(names.values).count == 139)
    let greys = names.keys.filter { $0.contains("grey") }
    #expect(greys.count == 7)
    for grey in greys {
      let gray = grey.replacingOccurrences(of: "grey", with: "gray")
      #expect(names[gray] != nil && names[gray] == names[grey])
    }
    #expect(names["aqua"] == names["cyan"] && names["fuchsia"] == names["magenta"])
    #expect(names.keys.allSatisfy { $0 == $0.lowercased() && !$0.contains(" ") })
    // Values from the CSS Color 4 table.
    #expect(names["rebeccapurple"] == bytes(0x66, 0x33, 0x99))
    #expect(names["cornflowerblue"] == bytes(100, 149, 237))
    #expect(names["green"] == bytes(0, 128, 0))
    #expect(names["lime"] == bytes(0, 255, 0))
    #expect(names["lightgoldenrodyellow"] == bytes(250, 250, 210))
    #expect(names["darkgrey"] == bytes(169, 169, 169))
    #expect(names["gray"] == bytes(128, 128, 128))
    #expect(names["yellowgreen"] == bytes(154, 205, 50))
    // Every name parses, in any case, to its table colour.
    for (name, color) in names {
      #expect(try parse(name) == color)
      #expect(try parse(name.uppercased()) == color)
    }
    #expect(try parse("transparent") == .clear)
    #expect(try parse("Transparent") == .clear)
    #expect(try parse(" RebeccaPurple ") == bytes(0x66, 0x33, 0x99))
    #expect(names["transparent"] == nil)
  }

  @Test func constantsMatchCSSNames() throws {
    let pairs: [(Color, String)] = [
      (.black, "black"), (.white, "white"), (.gray, "gray"), (.red, "red"), (.green, "green"),
      (.lime, "lime"), (.blue, "blue"), (.yellow, "yellow"), (.cyan, "cyan"),
      (.magenta, "magenta"), (.orange, "orange"), (.purple, "purple"), (.clear, "transparent"),
    ]
    for (constant, name) in pairs {
      #expect(try parse(name) == constant, "\(name)")
    }
    #expect(Color.clear.alpha == 0 && Color.black.alpha == 1)
  }

  @Test func exactErrorMessages() {
    #expect(
      message("#12345")
        == ##"invalid colour "#12345": use #RRGGBB, #RRGGBBAA or a CSS colour name"##)
    #expect(
      message("#GGHHII")
        == ##"invalid colour "#GGHHII": use #RRGGBB, #RRGGBBAA or a CSS colour name"##)
    #expect(message("#") == ##"invalid colour "#": use #RRGGBB, #RRGGBBAA or a CSS colour name"##)
    #expect(
      message("  #1234567 ")
        == ##"invalid colour "#1234567": use #RRGGBB, #RRGGBBAA or a CSS colour name"##)
    #expect(message("") == ##"invalid colour "": use #RRGGBB, #RRGGBBAA or a CSS colour name"##)
    #expect(message(" \n ") == ##"invalid colour "": use #RRGGBB, #RRGGBBAA or a CSS colour name"##)
    #expect(
      message("notacolour")
        == ##"invalid colour "notacolour": not a CSS colour name; use #RRGGBB, #RRGGBBAA or a CSS colour name"##
    )
    #expect(
      message("grren") == ##"invalid colour "grren": not a CSS colour name; did you mean "green"?"##
    )
    #expect(
      message("rgb(300, 0, 0)")
        == ##"invalid colour "rgb(300, 0, 0)": use rgb(r, g, b) or rgba(r, g, b, a) with r, g, b whole numbers 0–255 and a from 0 to 1"##
    )
    #expect(reason("#12345") == .malformedHex)
    #expect(reason("") == .empty)
    #expect(reason("rgba(1,2,3)") == .malformedFunction)
  }

  @Test func didYouMean() {
    #expect(reason("grren") == .unknownName(suggestion: "green"))
    #expect(reason("GRREN") == .unknownName(suggestion: "green"))
    #expect(reason("rebecapurple") == .unknownName(suggestion: "rebeccapurple"))
    #expect(reason("light blue") == .unknownName(suggestion: "lightblue"))
    #expect(reason("trasparent") == .unknownName(suggestion: "transparent"))
    #expect(reason("whte") == .unknownName(suggestion: "white"))
    // Two edits is the limit.
    #expect(reason("grxxn") == .unknownName(suggestion: "green"))
    #expect(reason("gxxxn") == .unknownName(suggestion: nil))
    // A tie (green and grey are both one edit from "gren") goes to the first alphabetically.
    #expect(reason("gren") == .unknownName(suggestion: "green"))
    #expect(reason("notacolour") == .unknownName(suggestion: nil))
    #expect(reason(String(repeating: "x", count: 10_000)) == .unknownName(suggestion: nil))
    #expect(Suggestion.editDistance("kitten", "sitting") == 3)
    #expect(Suggestion.editDistance("", "abc") == 3)
    #expect(Suggestion.nearest(to: "Mediun", among: ["low", "medium"]) == "medium")
  }

  @Test func malformedFunctions() {
    let bad = [
      "rgb(1, 2)", "rgb(1, 2, 3, 0.5)", "rgba(1, 2, 3)", "rgb(256, 0, 0)", "rgb(-1, 0, 0)",
      "rgb(1.5, 2, 3)", "rgb(1, 2, 3", "rgb(1,,3)", "rgb()", "rgba(1, 2, 3, 1.5)",
      "rgba(1, 2, 3, -0.5)", "rgba(1, 2, 3, .)", "rgba(1, 2, 3, 1e0)", "rgba(1, 2, 3, nan)",
      "rgb(1, 2, 3)x", "rgb(+1, 2, 3)", "rgb(99999999999999999999999, 0, 0)",
    ]
    for literal in bad {
      #expect(reason(literal) == .malformedFunction, "\(literal)")
    }
    // Not starting with rgb( at all: read as a name.
    #expect(reason("rgb (1, 2, 3)") == .unknownName(suggestion: nil))
  }

  @Test func premultiplyRoundsToNearest() {
    // round(c·a·255): 1·0.5·255 = 127.5 → 128, 0.5·0.5·255 = 63.75 → 64.
    let pixel = Color(red: 1, green: 0.5, blue: 0, alpha: 0.5).premultipliedBGRA
    #expect(pixel == BGRA(blue: 0, green: 64, red: 128, alpha: 128))
    #expect(Color.white.premultipliedBGRA == BGRA(blue: 255, green: 255, red: 255, alpha: 255))
    #expect(Color.clear.premultipliedBGRA == BGRA(blue: 0, green: 0, red: 0, alpha: 0))
    #expect(Color.white.withAlpha(0).premultipliedBGRA == BGRA(blue: 0, green: 0, red: 0, alpha: 0))
    // 0.2·0.3·255 = 15.3 → 15; 0.3·255 = 76.5 → 77.
    #expect(
      Color(red: 0.2, green: 0, blue: 0, alpha: 0.3).premultipliedBGRA
        == BGRA(blue: 0, green: 0, red: 15, alpha: 77))
  }

  @Test func unpremultiply() {
    let color = Color(BGRA(blue: 64, green: 0, red: 128, alpha: 128))
    #expect(color.red == 1 && color.green == 0 && color.blue == 0.5 && color.alpha == 128.0 / 255)
    #expect(Color(BGRA(blue: 9, green: 9, red: 9, alpha: 0)) == .clear)
    // An invalid pixel (channel above alpha) saturates instead of going out of range.
    #expect(Color(BGRA(blue: 200, green: 0, red: 0, alpha: 100)).blue == 1)
  }

  @Test func premultipliedPixelsRoundTrip() {
    // Every valid (value ≤ alpha) pair: Color(p).premultipliedBGRA == p.
    var failures: [BGRA] = []
    for alpha in 0...255 {
      for value in 0...alpha {
        let pixel = BGRA(
          blue: UInt8(value), green: UInt8(alpha - value), red: UInt8(value / 2),
          alpha: UInt8(alpha))
        if Color(pixel).premultipliedBGRA != pixel { failures.append(pixel) }
      }
    }
    #expect(failures.isEmpty, "\(failures.prefix(5))")
    // And opaque 8-bit colours survive premultiplying and back exactly.
    for v in 0...255 {
      let color = bytes(v, 255 - v, v / 3)
      #expect(Color(color.premultipliedBGRA) == color)
    }
  }

  @Test func hexOutput() throws {
    #expect(bytes(255, 128, 0).hexString == "#FF8000")
    #expect(bytes(255, 128, 0).withAlpha(0.5).hexString == "#FF800080")
    #expect(Color.clear.hexString == "#00000000")
    #expect(Color(red: 1, green: 1, blue: 1, alpha: 0.999).hexString == "#FFFFFF")
    #expect(Color(white: 0.5).hexString == "#808080")
    #expect(bytes(1, 2, 3).description == "#010203")
    #expect(bytes(1, 2, 3).debugDescription.hasPrefix("Color(red: 0.0039"))
    // Every byte value survives hex → Color → hex.
    for v in 0...255 {
      let opaque = String(format: "#%02X%02X%02X", v, 255 - v, v / 3)
      #expect(try parse(opaque).hexString == opaque)
      if v < 255 {
        let translucent = String(format: "#%02X%02X%02X%02X", 255 - v, v, v / 7, v)
        #expect(try parse(translucent).hexString == translucent)
      }
    }
    for (name, color) in Color.namedColors {
      #expect(try parse(color.hexString) == color, "\(name)")
    }
  }

  @Test func componentsAreClamped() {
    let c = Color(red: 2, green: -1, blue: .nan, alpha: 3)
    #expect(c.red == 1 && c.green == 0 && c.blue == 0 && c.alpha == 1)
    let grey = Color(white: 0.25, alpha: 0.5)
    #expect(grey.red == 0.25 && grey.green == 0.25 && grey.blue == 0.25 && grey.alpha == 0.5)
    #expect(Color.red.withAlpha(0.25) == Color(red: 1, green: 0, blue: 0, alpha: 0.25))
    #expect(Color.red.withAlpha(7).alpha == 1)
  }

  @Test func interpolation() {
    let quarter = Color.interpolate(from: .black, to: .white, fraction: 0.25)
    #expect(quarter == Color(white: 0.25))
    // Unpremultiplied: red fading to transparent stays red in colour while alpha falls.
    let fading = Color.interpolate(
      from: .red, to: Color(red: 1, green: 0, blue: 0, alpha: 0), fraction: 0.5)
    #expect(fading == Color(red: 1, green: 0, blue: 0, alpha: 0.5))
    let from = Color(red: 0.2, green: 0.4, blue: 0.6, alpha: 0.8)
    let to = Color(red: 0.6, green: 0.2, blue: 1, alpha: 0.4)
    #expect(Color.interpolate(from: from, to: to, fraction: 0) == from)
    let middle = Color.interpolate(from: from, to: to, fraction: 0.5)
    #expect(abs(middle.red - 0.4) < 1e-12 && abs(middle.green - 0.3) < 1e-12)
    #expect(abs(middle.blue - 0.8) < 1e-12 && abs(middle.alpha - 0.6) < 1e-12)
    let end = Color.interpolate(from: from, to: to, fraction: 1)
    #expect(abs(end.red - to.red) < 1e-12 && abs(end.alpha - to.alpha) < 1e-12)
    // Overshoot extrapolates, then clamps: blue 0.6 + 0.4·1.5 = 1.2 → 1; red 0.2 + 0.4·1.5 = 0.8.
    let overshoot = Color.interpolate(from: from, to: to, fraction: 1.5)
    #expect(overshoot.blue == 1 && abs(overshoot.red - 0.8) < 1e-12)
  }
}
