extension RGB8 {
    /// This color in OKLab (lightness, a, b), by the CSS Color 4 conversion that gamut
    /// mapping uses too. Straight-line distance there follows perceived difference.
    public var okLab: (lightness: Double, a: Double, b: Double) {
        let lab = GamutMapping.okLab(fromSRGB: ColorVector(Double(red) / 255, Double(green) / 255, Double(blue) / 255))
        return (lab.x, lab.y, lab.z)
    }
}
