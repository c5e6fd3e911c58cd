/// A 3×3 matrix of `Double`, enough for the linear-light color conversions of
/// CSS Color 4 (RGB ↔ XYZ D65 ↔ OKLab's LMS).
struct ColorMatrix: Sendable {
    /// Rows of the matrix.
    let rows: [[Double]]

    init(_ rows: [[Double]]) {
        precondition(rows.count == 3 && rows.allSatisfy { $0.count == 3 }, "a color matrix is 3×3")
        self.rows = rows
    }

    /// The matrix times the column vector `vector`.
    func apply(_ vector: ColorVector) -> ColorVector {
        func row(_ index: Int) -> Double {
            rows[index][0] * vector.x + rows[index][1] * vector.y + rows[index][2] * vector.z
        }
        return ColorVector(row(0), row(1), row(2))
    }

    /// The product `self × other`.
    func multiplied(by other: ColorMatrix) -> ColorMatrix {
        ColorMatrix((0..<3).map { row in
            (0..<3).map { column in
                (0..<3).reduce(0.0) { sum, index in sum + rows[row][index] * other.rows[index][column] }
            }
        })
    }

    /// The inverse, by cofactors. The matrices used here are well conditioned
    /// (determinants far from zero), which the tests check through `multiplied(by:)`.
    var inverse: ColorMatrix {
        let m = rows
        let c00 = m[1][1] * m[2][2] - m[1][2] * m[2][1]
        let c01 = m[1][2] * m[2][0] - m[1][0] * m[2][2]
        let c02 = m[1][0] * m[2][1] - m[1][1] * m[2][0]
        let determinant = m[0][0] * c00 + m[0][1] * c01 + m[0][2] * c02
        let c10 = m[0][2] * m[2][1] - m[0][1] * m[2][2]
        let c11 = m[0][0] * m[2][2] - m[0][2] * m[2][0]
        let c12 = m[0][1] * m[2][0] - m[0][0] * m[2][1]
        let c20 = m[0][1] * m[1][2] - m[0][2] * m[1][1]
        let c21 = m[0][2] * m[1][0] - m[0][0] * m[1][2]
        let c22 = m[0][0] * m[1][1] - m[0][1] * m[1][0]
        return ColorMatrix([
            [c00 / determinant, c10 / determinant, c20 / determinant],
            [c01 / determinant, c11 / determinant, c21 / determinant],
            [c02 / determinant, c12 / determinant, c22 / determinant],
        ])
    }
}

/// Three color coordinates (RGB, XYZ, LMS or Lab, depending on the step).
struct ColorVector: Equatable, Sendable {
    var x: Double
    var y: Double
    var z: Double

    init(_ x: Double, _ y: Double, _ z: Double) {
        self.x = x
        self.y = y
        self.z = z
    }

    /// Applies `transform` to each coordinate.
    func map(_ transform: (Double) -> Double) -> ColorVector {
        ColorVector(transform(x), transform(y), transform(z))
    }
}
