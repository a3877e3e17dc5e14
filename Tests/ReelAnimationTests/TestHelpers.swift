import Foundation
import ReelAnimation
import Testing

/// Applies one animation to default (or given) model properties at a time.
func presented(
  _ animation: any Animation, model: LayerProperties = LayerProperties(), at time: Double
) -> LayerProperties {
  var result = model
  animation.apply(to: &result, model: model, at: time)
  return result
}

func approx(_ a: Double, _ b: Double, _ tolerance: Double = 1e-9) -> Bool {
  abs(a - b) <= tolerance
}

func approx(_ a: Point?, _ b: Point, _ tolerance: Double = 1e-6) -> Bool {
  guard let a else { return false }
  return abs(a.x - b.x) <= tolerance && abs(a.y - b.y) <= tolerance
}

/// A solid opaque image.
func solidImage(width: Int, height: Int) -> Image {
  var image = Image(width: width, height: height)
  image.fill(with: BGRA(blue: 0, green: 0, red: 255, alpha: 255))
  return image
}
